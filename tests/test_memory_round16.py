"""Round 16's two recall rules (a ring word meeting a card's condition in its subcommand, resource and task words; a
subcommand said alone identifying its card) were made on every dev hand, so no hand could say whether they
generalize; round 17 took them out. What remains: a ring word meets the condition in a card's program, file, host
or names only, and a subcommand said alone never identifies a card."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import conditioned, corroborated
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


def test_a_subcommand_task_word_or_resource_reached_through_a_ring_is_no_condition():
    # "adding a database column" against `rails db:migrate`: database -> db reaches the subcommand only
    assert not conditioned([("action", "db", "databas", 0.25)], ring_words=frozenset({"db"}))
    assert not conditioned([("topic", "db", "databas", 0.23)], ring_words=frozenset({"db"}))
    assert not conditioned([("resource", "doc", "handbook", 0.2)], ring_words=frozenset({"doc"}))
    assert conditioned([("name", "stage", "preproduct", 0.17)], ring_words=frozenset({"stage"}))  # a name is


def test_an_ability_reached_through_a_word_of_its_ring_is_still_no_condition():
    assert not conditioned([("ability", "git", "repositori", 0.3)], ring_words=frozenset({"git"}))


def test_a_word_reached_through_a_ring_meets_no_condition_in_the_words_around_a_card():
    # a gloss word is general knowledge of the card's tool, whoever reaches it
    assert not conditioned([("gloss", "doc", "handbook", 0.2)], ring_words=frozenset({"doc"}))


def test_a_question_saying_only_words_around_the_card_recalls_nothing(memory):
    assert recalled_titles(memory, "is the web framework ready?") == []
    assert recalled_titles(memory, "is the web framework's database ready?") == []


def test_a_question_naming_the_cards_command_recalls_it(memory):
    assert any("ActiveRecord" in t for t in recalled_titles(memory, "why does rails db:migrate fail here?"))


def test_a_subcommand_said_alone_never_identifies_its_card():
    assert not corroborated([("action", "compil", "compil", 0.5)])  # `mix compile`
    assert not corroborated([("action", "instal", "instal", 0.5)])
