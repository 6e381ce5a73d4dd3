"""Round 13: a playbook that releases is asked for by the workflow's name ("ship a release"). (Round 13's recall rules
— a query's label, its words of another script, another subcommand of a card's program, a habit of writing
documents — changed nothing on the hands they were not made on and went in round 17.)"""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.distill import workflow_words
from actors.memory.recall import share
from actors.memory.service import Memory, Settings
from tests.conftest import recalled_titles

T0 = 1_764_460_800.0


def _lines(events: list[dict]) -> bytes:
    return b"".join(json.dumps({**e, "ts": T0 + i}).encode() + b"\n" for i, e in enumerate(events))


def release_journal() -> bytes:
    """A release habit of three sessions (read the log, edit CHANGELOG.md, commit, tag), a NAS nobody reaches, and
    a terraform plan that fails on a lock file until `terraform init -upgrade`."""
    events = []
    for i in range(3):
        s = f"s{i}"
        events.append({"session": s, "kind": "progress", "text": f"cut 0.{i}.0"})
        events.append({"session": s, "kind": "call", "organ": "git", "ability": "log", "args": {}, "ok": True})
        events.append({"session": s, "kind": "call", "organ": "fs", "ability": "edit_file",
                       "args": {"path": "CHANGELOG.md"}, "ok": True})
        events.append({"session": s, "kind": "call", "organ": "git", "ability": "commit",
                       "args": {"message": f"0.{i}.0"}, "ok": True})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": f"git tag v0.{i}.0"}, "ok": True})
        events.append({"session": s, "kind": "progress", "text": "check the storage"})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "ssh root@nas.lan df -h"}, "ok": False,
                       "error": "ssh: connect to host nas.lan port 22: No route to host"})
        events.append({"session": s, "kind": "progress", "text": "bump the provider"})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "terraform plan"}, "ok": False,
                       "error": "Error: Inconsistent dependency lock file"})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "terraform init -upgrade"}, "ok": True})
    return _lines(events)


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    with Memory(tmp_path_factory.mktemp("round13") / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(release_journal()))
        m.consolidate()
        yield m


def released(found: list[str]) -> bool:
    return any(t.startswith("Workflow: git.log") for t in found)


# -- a playbook's workflow ----------------------------------------------------------------------

def test_a_playbook_that_edits_a_changelog_or_tags_is_a_release():
    assert "releas" in workflow_words({"file": ["changelog.md"], "name": ["changelog"]})
    assert {"releas", "ship", "cut"} <= set(workflow_words({"program": ["git"], "action": ["tag"]}))
    assert "releas" in workflow_words({"file": ["version.h"], "name": ["version"]})


def test_a_playbook_without_a_mark_of_a_workflow_is_none():
    assert workflow_words({"program": ["pytest"], "file": ["test_app.py"], "name": ["app"]}) == []
    assert workflow_words({"topic": ["tag", "changelog"]}) == []  # task words are no mark: what the steps did is


def test_a_short_request_naming_the_release_workflow_recalls_the_release_playbook(memory):
    for query in ("ship a release", "cut a release", "release: 0.4.0", "Release 1.4.2", "publish the new version"):
        assert released(recalled_titles(memory, query)), query


def test_the_workflows_verb_on_other_work_recalls_nothing(memory):
    assert recalled_titles(memory, "ship the chairs to the new office") == []
    assert recalled_titles(memory, "cut the abstract to 300 words") == []


# -- what a query says ------------------------------------------------------------------------

def test_a_part_reached_by_a_stem_covers_that_stem_of_what_the_query_says():
    # the part's word is the query's term, a stem already: stemming it again (releas -> relea) must not lose it
    assert share([("workflow", "releas", "releas", 0.8)], {"releas": 1.0}) == 1.0


def test_a_release_playbook_carries_its_workflow_through_a_snapshot(memory, tmp_path):
    data = memory.export_snapshot()
    assert data["version"] == 4
    [card] = [c for c in data["cards"] if c["title"].startswith("Workflow: git.log")]
    assert "releas" in card["identity"]["workflow"]
    with Memory(tmp_path / "other", Settings(), clock=lambda: T0 + 3600) as other:
        other.import_snapshot(json.dumps(data).encode())
        assert released([h.card.title for h in other.recaller.search(other.reader(), "ship a release", 3)])
