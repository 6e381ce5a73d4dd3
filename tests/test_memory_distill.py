"""Distillation rules on generated journals with planted patterns: each fires at its threshold, not one below."""

from __future__ import annotations

import json
import random

import pytest

from actors.memory.distill import Distiller, Draft, Row, Thresholds, cluster


class Journal:
    """A generated journal: rows in order, with ids and times."""

    def __init__(self) -> None:
        self.rows: list[Row] = []

    def call(self, session: str, organ: str, ability: str, args: dict | None = None, ok: bool = True,
             error: str = "", cause: str = "", origin: str = "agent") -> Journal:
        self.rows.append(Row(id=len(self.rows) + 1, ts=1_764_460_800.0 + len(self.rows), session=session,
                             kind="call", organ=organ, ability=ability, args=args or {}, ok=ok,
                             cause=cause or ("" if ok else "not_found"), error=error, origin=origin))
        return self

    def progress(self, session: str, text: str = "next") -> Journal:
        self.rows.append(Row(id=len(self.rows) + 1, ts=1_764_460_800.0 + len(self.rows), session=session,
                             kind="progress", text=text))
        return self

    def cmd(self, session: str, command: str, ok: bool, error: str = "") -> Journal:
        return self.call(session, "shell", "run", {"command": command}, ok, error, "" if ok else "tool_missing")


def drafts(journal: Journal, kind: str | None = None, **thresholds) -> list[Draft]:
    distiller = Distiller()
    distiller.feed(journal.rows)
    found = distiller.drafts(Thresholds(**thresholds))
    return [d for d in found if kind is None or d.kind == kind]


def missing_file(j: Journal, n: int, session: str = "s") -> Journal:
    for i in range(n):
        j.call(session, "fs", "read_file", {"path": f"src/m{i}.py"}, ok=False,
               error=f"ENOENT: no such file or directory, open '/home/u/p/src/m{i}.py'")
    return j


# -- pitfalls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("failures, cards", [(2, 0), (3, 1), (7, 1)])
def test_a_pitfall_needs_the_same_failure_three_times(failures, cards):
    found = drafts(missing_file(Journal(), failures), "pitfall")
    assert len(found) == cards
    if cards:
        assert found[0].confirmations == failures
        assert "fs.read_file" in found[0].title and "{path}" in found[0].body
        assert set(found[0].files) == {f"src/m{i}.py" for i in range(min(failures, 10))}


def test_failures_on_different_files_and_sessions_are_one_trap():
    j = Journal()
    for i, session in enumerate(("a", "b", "c")):
        j.call(session, "fs", "read_file", {"path": f"d{i}/x{i}.py"}, ok=False,
               error=f"ENOENT: no such file or directory, open 'd{i}/x{i}.py' at 2025-01-0{i + 1}T00:00:00Z")
    assert len(drafts(j, "pitfall")) == 1


def test_the_same_text_with_another_cause_or_ability_is_another_signature():
    j = Journal()
    for cause, ability in (("not_found", "read_file"), ("permission", "read_file"), ("not_found", "stat_file")):
        j.call("s", "fs", ability, ok=False, error="it failed", cause=cause)
    assert drafts(j, "pitfall") == []


def test_the_pitfall_threshold_is_configurable():
    assert len(drafts(missing_file(Journal(), 2), "pitfall", pitfall_min=2)) == 1


# -- weak links -------------------------------------------------------------------------------

@pytest.mark.parametrize("calls, ok, cards", [(7, 2, 0), (8, 2, 1), (8, 5, 1), (8, 6, 0), (10, 7, 0), (10, 6, 1)])
def test_a_weak_link_is_called_eight_times_with_under_70_percent_success(calls, ok, cards):
    j = Journal()
    for i in range(calls):
        j.call("s", "web", "fetch", {"url": f"u{i}"}, ok=i < ok, error="" if i < ok else f"HTTP {500 + i}")
    found = drafts(j, "weak_link")
    assert len(found) == cards
    if cards:
        assert found[0].stats["calls"] == calls and found[0].stats["ok"] == ok


# -- playbooks --------------------------------------------------------------------------------

def workflow(j: Journal, session: str) -> Journal:
    j.progress(session, "fix the login test")
    j.call(session, "fs", "read_file", {"path": "tests/test_login.py"})
    j.call(session, "fs", "edit_file", {"path": "src/login.py"})
    j.call(session, "fs", "edit_file", {"path": "src/login.py"})  # the same step twice is one step
    return j.cmd(session, "pytest -q", True)


@pytest.mark.parametrize("sessions, cards", [(1, 0), (2, 1), (3, 1)])
def test_a_playbook_is_a_workflow_repeated_in_two_sessions(sessions, cards):
    j = Journal()
    for s in range(sessions):
        workflow(j, f"s{s}")
    found = drafts(j, "playbook")
    assert len(found) == cards  # the longest workflow only: its parts are not cards of their own
    if cards:
        assert found[0].title == "Workflow: fs.read_file → fs.edit_file → shell.run(pytest)"
        assert found[0].confirmations == sessions


def test_a_workflow_repeated_within_one_session_is_still_one_session():
    j = Journal()
    for _ in range(3):
        workflow(j, "only")
    assert drafts(j, "playbook") == []


def test_workflows_longer_than_four_steps_are_cut_to_their_four_step_parts():
    j = Journal()
    for s in ("a", "b"):
        for ability in ("one", "two", "three", "four", "five"):
            j.call(s, "x", ability)
    titles = sorted(d.title for d in drafts(j, "playbook"))
    assert titles == ["Workflow: x.one → x.two → x.three → x.four", "Workflow: x.two → x.three → x.four → x.five"]


def test_failed_calls_are_not_steps_of_a_workflow():
    j = Journal()
    for s in ("a", "b"):
        j.call(s, "x", "one").call(s, "x", "boom", ok=False, error="no").call(s, "x", "two")
    assert [d.title for d in drafts(j, "playbook")] == ["Workflow: x.one → x.two"]


# -- rules (failure -> success) ---------------------------------------------------------------

def test_a_failure_then_a_success_of_the_same_family_with_other_arguments_is_a_rule():
    j = Journal().cmd("s", "npm test", False, "sh: 1: jest: not found").cmd("s", "pnpm test", True)
    [rule] = drafts(j, "rule")
    assert rule.wrong == "npm test" and rule.instead == "pnpm test"
    assert rule.when.startswith("running ") and "npm" in rule.when
    assert "npm" in rule.triggers and "pnpm" in rule.triggers
    assert rule.provenance == (1, 2)


@pytest.mark.parametrize("between", [["ls -la"], ["cat package.json"], ["git status"], ["ls", "git diff"]])
def test_read_only_probes_never_close_an_episode(between):
    j = Journal().cmd("s", "npm test", False, "jest: not found")
    for command in between:
        j.cmd("s", command, True)
    assert drafts(j, "rule") == []
    j.cmd("s", "pnpm test", True)
    [rule] = drafts(j, "rule")
    assert rule.wrong == "npm test" and rule.instead == "pnpm test"


def test_a_read_does_not_close_a_file_episode_but_a_write_to_the_same_file_does():
    j = Journal().call("s", "fs", "edit_file", {"path": "src/a.py", "old": "x"}, ok=False, error="old text not found")
    j.call("s", "fs", "read_file", {"path": "src/a.py"})
    assert drafts(j, "rule") == []
    j.call("s", "fs", "write_file", {"path": "./src/a.py", "content": "y"})
    [rule] = drafts(j, "rule")
    assert rule.when == "working on src/a.py"


@pytest.mark.parametrize("success", [
    ("s", "npm test"),  # the same call working on a second try is patience, not a lesson
    ("other", "pnpm test"),  # another session
    ("s", "cargo test"),  # another program family
])
def test_no_rule_without_a_different_success_of_the_same_work_in_the_same_session(success):
    session, command = success
    j = Journal().cmd("s", "npm test", False, "jest: not found").cmd(session, command, True)
    assert drafts(j, "rule") == []


def test_background_and_reflex_calls_teach_nothing():
    j = Journal()
    for origin in ("reflex", "healer", "background"):
        for i in range(8):
            j.call("s", "fs", "read_file", {"path": f"{i}.py"}, ok=False, error="ENOENT", origin=origin)
    assert drafts(j) == []


def test_calls_to_memory_itself_teach_nothing():
    j = Journal()
    for i in range(8):
        j.call("s", "memory", "recall", {"query": f"q{i}"}, ok=False, error="boom")
    assert drafts(j) == []


# -- idempotence ------------------------------------------------------------------------------

def planted_journal(seed: int = 1) -> Journal:
    rng = random.Random(seed)
    j = Journal()
    for s in range(12):
        session = f"s{s}"
        workflow(j, session) if s % 3 == 0 else j.progress(session)
        for _ in range(rng.randint(1, 6)):
            roll = rng.random()
            if roll < 0.3:
                missing_file(j, 1, session)
            elif roll < 0.5:
                j.cmd(session, "npm test", False, "jest: not found").cmd(session, "ls", True)
                j.cmd(session, rng.choice(["pnpm test", "npx jest"]), True)
            elif roll < 0.8:
                j.call(session, "web", "fetch", {"url": f"u{rng.randint(1, 9)}"}, ok=rng.random() < 0.4,
                       error="HTTP 503")
            else:
                j.call(session, "fs", "edit_file", {"path": "src/x.py"}, ok=False, error="no match")
                j.call(session, "fs", "write_file", {"path": "src/x.py"})
    return j


@pytest.mark.parametrize("chunk", [1, 7, 50])
def test_consolidating_in_chunks_gives_what_consolidating_at_once_gives(chunk):
    rows = planted_journal().rows
    whole = Distiller()
    whole.feed(rows)
    state = None
    for start in range(0, len(rows), chunk):
        part = Distiller(json.loads(json.dumps(state)) if state else None)  # saved and read back as JSON
        part.feed(rows[start:start + chunk])
        state = part.to_state()
    resumed = Distiller(state)
    assert resumed.drafts() == whole.drafts()
    assert cluster(resumed.drafts()) == cluster(whole.drafts())
    assert {d.kind for d in whole.drafts()} == {"pitfall", "playbook", "weak_link", "rule"}


def test_feeding_the_same_rows_twice_changes_nothing():
    rows = planted_journal().rows
    once = Distiller()
    once.feed(rows)
    twice = Distiller()
    twice.feed(rows)
    assert twice.feed(rows) == 0
    assert twice.to_state() == once.to_state()


# -- merging ----------------------------------------------------------------------------------

def draft(key: str, title: str, kind: str = "pitfall", triggers: tuple[str, ...] = (), n: int = 3) -> Draft:
    return Draft(key=key, kind=kind, title=title, body=title, triggers=triggers, confirmations=n,
                 provenance=(int(key[1:]),), first_ts=float(key[1:]), last_ts=float(key[1:]), gist=title)


def test_similar_cards_merge_and_union_their_triggers():
    a = draft("k1", "shell.run fails with tool_missing: jest: not found", triggers=("jest",), n=5)
    b = draft("k2", "shell.run fails with tool_missing: jest: not found!", triggers=("npm",))
    c = draft("k3", "git.push fails with conflict: rejected non-fast-forward")
    merged = cluster([a, b, c])
    assert len(merged) == 2
    [jest] = [d for d in merged if "jest" in d.title]
    assert jest.keys == ("k1", "k2") and set(jest.triggers) == {"jest", "npm"} and jest.confirmations == 8
    assert jest.title == a.title  # the best-supported words lead


def test_cards_of_different_kinds_never_merge():
    assert len(cluster([draft("k1", "same words here"), draft("k2", "same words here", kind="rule")])) == 2


def test_merging_does_not_depend_on_the_order_of_the_drafts():
    titles = ["x.run fails: alpha beta gamma", "x.run fails: alpha beta gamma!", "x.run fails: alpha beta gamma!!",
              "y.go fails: something else entirely", "z.q fails: other words"]
    drafts_ = [draft(f"k{i}", t) for i, t in enumerate(titles)]
    expected = cluster(drafts_)
    for seed in range(5):
        shuffled = drafts_[:]
        random.Random(seed).shuffle(shuffled)
        assert cluster(shuffled) == expected


def test_a_forgotten_key_and_drafts_that_would_merge_into_it_stay_out():
    forgotten = draft("k1", "shell.run fails with tool_missing: jest: not found")
    lookalike = draft("k2", "shell.run fails with tool_missing: jest: not found!")
    other = draft("k3", "git.push fails with conflict: rejected non-fast-forward")
    assert [d.key for d in cluster([forgotten, lookalike, other], blocked={"k1"})] == ["k3"]
