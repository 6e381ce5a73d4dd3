"""Terse ticket titles (round 12): one telling word that is most of what a query says is enough, and a query that
says less than two words' worth is held to a floor of what it says; a `docs:` title is prose."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import FLOOR_WORDS, MIN_RELEVANCE, held_to, parse_query, share
from actors.memory.service import Memory, Settings
from tests.conftest import recalled_titles

pytestmark = pytest.mark.usefixtures("words_alone")  # the words' rules (conftest)

T0 = 1_764_460_800.0


def changelog_journal() -> bytes:
    """A habit of three sessions (read, edit and commit CHANGELOG.md) beside a pitfall of another tool."""
    events = []
    for i in range(3):
        events.append({"session": f"s{i}", "kind": "progress", "text": "ticket closed, note it"})
        for organ, ability in (("fs", "read_file"), ("fs", "edit_file"), ("git", "commit")):
            args = {"message": "changelog"} if organ == "git" else {"path": "CHANGELOG.md"}
            events.append({"session": f"s{i}", "kind": "call", "organ": organ, "ability": ability, "args": args,
                           "ok": True})
        events.append({"session": f"s{i}", "kind": "progress", "text": "done"})
        events.append({"session": f"s{i}", "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "sccache --show-stats"}, "ok": False,
                       "error": "sccache: error: Timed out waiting for server startup"})
    return b"".join(json.dumps({**e, "ts": T0 + i}).encode() + b"\n" for i, e in enumerate(events))


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    with Memory(tmp_path_factory.mktemp("terse") / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(changelog_journal()))
        m.consolidate()
        yield m


def test_a_query_says_the_stems_of_its_words_without_its_ticket_key_or_stop_words():
    assert parse_query("BKP-18 Changelog for the release").said == ("changelog", "releas")


def test_a_word_is_enough_when_it_carries_half_of_what_the_query_says():
    parts = [("name", "changelog", "changelog", 0.5)]
    assert share(parts, {"changelog": 1.0}) == 1.0
    assert share(parts, {"changelog": 1.0, "releas": 1.0}) == 0.5
    assert share(parts, {"changelog": 1.0, "design": 1.0, "mockup": 1.0, "market": 1.0}) == 0.25
    assert share(parts, {}) == 0.0  # a query of words of work only says nothing a share could be of


def test_the_floor_holds_a_query_saying_less_than_floor_words_worth_to_what_it_says():
    assert held_to(MIN_RELEVANCE, FLOOR_WORDS) == MIN_RELEVANCE
    assert held_to(MIN_RELEVANCE, FLOOR_WORDS + 2) == MIN_RELEVANCE  # a long query keeps the floor
    assert held_to(MIN_RELEVANCE, 1.0) == pytest.approx(MIN_RELEVANCE / FLOOR_WORDS)
    assert held_to(MIN_RELEVANCE, 0.0) == MIN_RELEVANCE  # no telling word: the floor as it is


def test_a_terse_ticket_title_of_one_telling_word_recalls_its_card(memory):
    assert any(t.startswith("Workflow: fs.read_file") for t in recalled_titles(memory, "Changelog for BKP-18"))


def test_the_same_word_among_many_others_is_still_not_enough(memory):
    assert recalled_titles(memory, "mention the changelog in the onboarding slides for the marketing team") == []


def test_a_docs_typed_ticket_title_recalls_only_a_card_it_names_outright(memory):
    assert recalled_titles(memory, "Docs: explain the sccache decision in ARCHITECTURE.md") == []
    assert recalled_titles(memory, "Docs: sccache decision record") == []  # the type alone says prose
    assert any(t.startswith("Workflow: fs.read_file") for t in recalled_titles(memory, "docs: note the fix in CHANGELOG.md"))
