"""Recall's condition (round 10): a card is recalled only when the query names or implies what it is about, not
only the words around it (its names' everyday words, its calls' operands, its tools' documentation)."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import (CONDITION, Condition, Recaller, Refusal, Verdict, conditioned, everyday_stems,
                                  open_to_meaning, parse_query, prose_work)
from actors.memory.sense import Fusion
from actors.memory.service import Memory, Settings

T0 = 1_764_460_800.0


def test_a_program_the_query_says_is_the_cards_condition():
    assert conditioned([("program", "pytest", "pytest", 0.8)])
    assert conditioned([("file", "conf.yaml", "conf.yaml", 1.0)])
    assert conditioned([("action", "migrat", "migrat", 0.5)])


def test_the_task_words_a_card_was_learned_under_are_its_condition():
    assert conditioned([("topic", "scratch", "scratch", 0.45)])


def test_everyday_words_of_a_cards_names_and_calls_are_not_its_condition():
    # "restore my laptop from the Time Machine backup" against a pg_restore card: restore and backup are the
    # words of its names, and anyone's errand
    assert not conditioned([("name", "restor", "restor", 0.5), ("command", "backup", "backup", 0.35)])
    assert not conditioned([("name", "local", "local", 0.5), ("command", "note", "note", 0.35)])
    assert not conditioned([("gloss", "build", "build", 0.35)])


def test_a_name_that_is_no_everyday_word_is_the_cards_condition():
    assert conditioned([("name", "github", "github", 0.5)])
    assert conditioned([("command", "sdk", "sdk", 0.35)])
    assert "github" not in everyday_stems() and "restor" in everyday_stems()


def test_a_word_of_work_is_never_the_cards_condition():
    generic = frozenset({"commit"})
    assert not conditioned([("ability", "commit", "commit", 0.6)], generic)
    assert conditioned([("ability", "commit", "commit", 0.6), ("topic", "releas", "releas", 0.45)], generic)


def test_a_program_implied_by_a_word_of_work_is_the_cards_condition():
    part = ("program", "pytest", "test", 0.4)  # "tests" reached pytest
    assert conditioned([part], frozenset({"test"}), reached_programs=frozenset({"pytest"}))
    assert not conditioned([part])


def test_a_name_implied_by_a_word_of_its_ring_is_the_cards_condition_and_an_ability_is_not():
    # "ping the pre-production server": a staging host's label, through a ring of staging words (the shipped
    # staging ring went in round 19; the rule holds for any ring)
    assert conditioned([("name", "stage", "preproduct", 0.17)], ring_words=frozenset({"stage"}))
    # "lint the Markdown files in the handbook repository": git, through a word of its ring, is the work around
    assert not conditioned([("ability", "git", "repositori", 0.3)], ring_words=frozenset({"git"}))


def test_a_misspelt_word_of_the_card_counts_as_said():
    assert conditioned([("program", "kubectl", "kubctl", 0.4)], typos=frozenset({"kubectl"}))
    assert not conditioned([("program", "kubectl", "kubctl", 0.4)])


def test_strict_reads_the_words_of_an_ability_and_an_everyday_folder_as_words_around_the_card():
    assert conditioned([("ability", "commit", "commit", 0.6)])
    assert not conditioned([("ability", "commit", "commit", 0.6)], mode="strict")  # "commit the icons to the drive"
    assert conditioned([("ability", "git", "git", 0.6)], mode="strict")
    assert not conditioned([("file", "orders", "orders", 0.7)], mode="strict")  # "draft the OKRs for the orders team"
    assert conditioned([("file", "conf.yaml", "conf.yaml", 1.0)], mode="strict")
    assert conditioned([("topic", "scratch", "scratch", 0.45)], mode="strict")


def test_off_asks_nothing():
    assert conditioned([("name", "restor", "restor", 0.5)], mode="off")
    assert CONDITION == "implied"


def test_an_unknown_condition_is_refused_with_the_known_ones_named():
    with pytest.raises(ValueError, match="off, implied, strict"):
        Recaller(condition="loose")
    with pytest.raises(ValueError, match="recall_condition"):
        Settings.from_options({"recall_condition": "loose"})
    assert Settings.from_options({"recall_condition": "strict"}).recall_condition == "strict"


def restore_journal() -> bytes:
    """A pg_restore pitfall learned while refreshing a scratch database (its error names no program)."""
    events = []
    for i in range(3):
        events.append({"session": f"s{i}", "kind": "progress", "text": "refresh the scratch database from the nightly dump"})
        events.append({"session": f"s{i}", "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "pg_restore -d scratch nightly-backup.dump"}, "ok": False,
                       "error": "input file appears to be a text format dump. Please use psql."})
    for i in range(3):
        events.append({"session": f"t{i}", "kind": "call", "organ": "fs", "ability": "read_file",
                       "args": {"path": f"src/x{i}/conf.yaml"}, "ok": False, "error": "ENOENT: no such file or directory"})
    return "".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()


@pytest.mark.parametrize("mode, query, recalled", [
    ("off", "restore my laptop from the Time Machine backup", True),  # round 9: two words of its names
    ("implied", "restore my laptop from the Time Machine backup", False),
    ("implied", "load the backup into the scratch database", True),  # the task it was learned under
    ("implied", "restore the nightly dump into scratch with pg_restore", True),
    ("strict", "load the backup into the scratch database", True),
    ("strict", "restore the nightly dump into scratch with pg_restore", True),
])
def test_a_query_touching_only_the_words_around_a_card_does_not_recall_it(tmp_path, mode, query, recalled):
    with Memory(tmp_path / "home", Settings(recall_condition=mode), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(restore_journal()))
        m.consolidate()
        titles = [h.card.title for h in m.recaller.search(m.reader(), query, 3)]
    assert any("input file appears" in t for t in titles) is recalled


@pytest.mark.parametrize("query", [
    "Docs: add the env var to the deploy guide",  # a Conventional Commits `docs` change: documentation only
    "docs(readme): cost estimation policy",
    "write a short explainer of the module runner, docs only",  # the query keeps its work to prose (round 29)
    "Write the logcat tips section of the README (text only).",
    "a contributor style guide page, just the content",
    "clean up the comments, no config change",
])
def test_a_query_whose_work_is_prose_is_prose_work(query):
    assert prose_work(query)


@pytest.mark.parametrize("query", [
    "write a docker-compose file for the docs site preview",  # a file of the build, not prose
    "write a unit test for the lap time formatter",
    "run the tests before I push",
    "rebuild the docs site so broken links show up",  # prose is the subject, the work is a build
    "the docs say to explain nothing",  # `explain` is not the query's first verb
    "fix(parser): crash on an empty config",  # a change typed fix is work with tools
    "docs.rs badge for the crate",  # a host, not a type
    "Migration: add an index on loans",  # no Conventional Commits type
    "chore: draft the release announcement",  # another type (round 11's prose verbs went in round 19)
    "explain how the reconcile loop handles finalizers",  # a verb of prose alone is no prose work (round 19)
    "run the docs build only on main",  # `only` about where, not about prose
    "fix the build, no idea why it fails",
    "rewrite the changelog format, no release involved",  # says what it is not, not that it is prose
    "",
])
def test_a_query_whose_work_is_calling_tools_is_not_prose_work(query):
    assert not prose_work(query)


@pytest.mark.parametrize("mode, query, recalled", [
    ("implied", "docs: why pg_restore refuses the nightly dump", False),  # writing about it runs nothing
    ("implied", "docs(restore): the scratch database with pg_restore", False),
    ("off", "docs: why pg_restore refuses the nightly dump", True),  # round 9 asks nothing of the query's work
    ("implied", "restore the nightly dump into scratch with pg_restore", True),
])
def test_a_query_whose_work_is_prose_recalls_no_card_it_does_not_name(tmp_path, mode, query, recalled):
    with Memory(tmp_path / "home", Settings(recall_condition=mode), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(restore_journal()))
        m.consolidate()
        titles = [h.card.title for h in m.recaller.search(m.reader(), query, 3)]
    assert any("input file appears" in t for t in titles) is recalled


@pytest.mark.parametrize("query", [
    "just copy dist/ to the server and restart nginx",  # copy, a verb of tool work (O43)
    "copy only the changed files to the bucket",
    "cd site/docs-only && make html",  # the words inside a path, a URL, an option, a file's name
    "fetch https://example.com/docs-only/install.sh and run it",
    "pandoc --text-only notes.md",
    "kubectl apply -f content-only.yaml",
])
def test_a_query_saying_prose_only_inside_a_path_a_url_an_option_or_a_name_or_copy_as_a_verb_is_not_prose_work(query):
    assert not prose_work(query)


@pytest.mark.parametrize("query", [
    "just copy the nightly dump over, then restore it into scratch with pg_restore",
    "restore the nightly dump into scratch with pg_restore as wiki/docs-only/restore.md says",
])
def test_a_query_of_tool_work_saying_copy_or_a_docs_only_path_recalls_its_card(tmp_path, query):
    with Memory(tmp_path / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(restore_journal()))
        m.consolidate()
        titles = [h.card.title for h in m.recaller.search(m.reader(), query, 3)]
    assert any("input file appears" in t for t in titles)


def test_meaning_admits_no_card_a_query_whose_work_is_prose_does_not_name(tmp_path):
    # the card's task is said in the query's words (an echo), and its words touch the card: prose work still
    # calls no tool (O44)
    query = "write a page on how we refresh the scratch database from the nightly dump, docs only"
    with Memory(tmp_path / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(restore_journal()))
        m.consolidate()
        assert m.recaller.fusion is not Fusion.OFF
        assert [h.card.title for h in m.recaller.search(m.reader(), query, 3)] == []
        assert m.recaller.search(m.reader(), query.removesuffix(", docs only"), 3)


def test_meaning_decides_no_card_the_words_refuse_for_a_query_whose_work_is_prose():
    named, refused = (1.0, 0, Verdict(0.5, (), (), None, True)), (0.9, 1, Verdict(0.4, (), (), Refusal.PROSE))
    prose, work = parse_query("a page on the nightly dump, docs only"), parse_query("restore the nightly dump")
    assert open_to_meaning(prose, [named, refused], CONDITION) == [named]
    assert open_to_meaning(work, [named, refused], CONDITION) == [named, refused]
    assert open_to_meaning(prose, [named, refused], Condition.OFF) == [named, refused]  # round 9 asks nothing


def test_a_query_whose_work_is_prose_still_recalls_a_card_it_names_outright(tmp_path):
    with Memory(tmp_path / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(restore_journal()))
        m.consolidate()
        titles = [h.card.title for h in m.recaller.search(m.reader(), "docs: where conf.yaml lives", 3)]
    assert any("ENOENT" in t for t in titles)


def migration_journal() -> bytes:
    """A habit of three sessions: migrate the database, then commit (a pair of steps recurs in three; and a pitfall
    beside it)."""
    events = []
    for i in range(3):
        events.append({"session": f"s{i}", "kind": "progress", "text": "add the column"})
        events.append({"session": f"s{i}", "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "bin/rails db:migrate"}, "ok": True})
        events.append({"session": f"s{i}", "kind": "call", "organ": "git", "ability": "commit",
                       "args": {"message": "migrate"}, "ok": True})
        events.append({"session": f"s{i}", "kind": "progress", "text": "next"})
    return b"".join([restore_journal(), *(json.dumps({**e, "ts": T0 + 100 + i}).encode() + b"\n"
                                          for i, e in enumerate(events))])


@pytest.mark.parametrize("query, recalled", [
    ("what's the usual routine after a migration here?", True),  # the habit, and the work it is about
    ("what's our usual routine for the weekly standup?", False),  # the words of a habit alone reach no card
])
def test_a_query_asking_for_the_habit_around_a_playbooks_work_recalls_it(tmp_path, query, recalled):
    with Memory(tmp_path / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(migration_journal()))
        m.consolidate()
        titles = [h.card.title for h in m.recaller.search(m.reader(), query, 3)]
    assert any(t.startswith("Workflow: shell.run(rails db:migrate)") for t in titles) is recalled
