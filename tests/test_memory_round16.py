"""Round 16: a word of a ring meets a card's condition in every field of what the card is about but its ability
(its subcommand, resource, task words, as its program, file, host and names already did); a subcommand the card
ran, said, that is no word of work and no everyday word, identifies the card as its program does."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import conditioned, corroborated, everyday_stems
from actors.memory.service import Memory, Settings
from tests.conftest import recalled_titles

T0 = 1_764_460_800.0


def rails_journal() -> bytes:
    """`bin/rails db:migrate` failing three times with one error: a pitfall whose subcommand is `db:migrate`."""
    events = []
    for i in range(3):
        s = f"s{i}"
        events.append({"session": s, "kind": "progress", "text": "add the due date to loans"})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "bin/rails db:migrate"}, "ok": False,
                       "error": "ActiveRecord::ConnectionNotEstablished: connection to server on socket failed: "
                                "No such file or directory"})
    return b"".join(json.dumps({**e, "ts": T0 + i}).encode() + b"\n" for i, e in enumerate(events))


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    with Memory(tmp_path_factory.mktemp("round16") / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(rails_journal()))
        m.consolidate()
        yield m


def test_a_subcommand_implied_by_a_word_of_its_ring_is_the_cards_condition():
    # "adding a database column: what's the usual routine?" against `rails db:migrate`: database -> db
    assert conditioned([("action", "db", "databas", 0.25)], ring_words=frozenset({"db"}))


def test_a_task_word_or_a_resource_implied_by_a_word_of_its_ring_is_the_cards_condition():
    assert conditioned([("topic", "db", "databas", 0.23)], ring_words=frozenset({"db"}))
    assert conditioned([("resource", "doc", "handbook", 0.2)], ring_words=frozenset({"doc"}))


def test_an_ability_reached_through_a_word_of_its_ring_is_still_no_condition():
    assert not conditioned([("ability", "git", "repositori", 0.3)], ring_words=frozenset({"git"}))


def test_a_word_reached_through_a_ring_meets_no_condition_in_the_words_around_a_card():
    # a gloss word is general knowledge of the card's tool, whoever reaches it
    assert not conditioned([("gloss", "doc", "handbook", 0.2)], ring_words=frozenset({"doc"}))


def test_a_question_implying_the_cards_subcommand_through_its_ring_recalls_it(memory):
    # web and framework are the everyday words of rails' gloss; the database is the db of db:migrate
    found = recalled_titles(memory, "is the web framework's database ready?")
    assert any("ActiveRecord" in t for t in found)


def test_a_question_saying_only_words_around_the_card_still_recalls_nothing(memory):
    assert recalled_titles(memory, "is the web framework ready?") == []


def test_a_subcommand_said_alone_identifies_its_card_when_it_is_no_everyday_word():
    # "How do I compile Trellis on a fresh workstation?" against `mix compile`
    assert "compil" not in everyday_stems()
    assert corroborated([("action", "compil", "compil", 0.5)])


def test_an_everyday_subcommand_said_alone_is_anyones_errand():
    # install, push, build: a word everyone uses for many programs' work
    assert "instal" in everyday_stems() and "push" in everyday_stems()
    assert not corroborated([("action", "instal", "instal", 0.5)])
    assert not corroborated([("action", "push", "push", 0.5)])


def test_a_subcommand_that_is_a_word_of_work_is_never_enough_alone():
    assert not corroborated([("action", "lint", "lint", 0.5)], frozenset({"lint"}))


def test_a_subcommand_reached_through_another_word_identifies_nothing():
    assert not corroborated([("action", "db", "databas", 0.25)])
