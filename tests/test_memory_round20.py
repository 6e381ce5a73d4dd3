"""Round 20's two distillation rules, from a new user's week of journals: a command ability's weak link names the
program that is unreliable (its program family, as rules pair them), and a pitfall fixed in every session of its
failures by a rule that stands is that rule's one card, its evidence counting the failures."""

from __future__ import annotations

import io
import json

from actors.memory.distill import Distiller, Draft, Row, Thresholds
from actors.memory.service import Memory, Settings

T0 = 1_764_460_800.0
PUSH_ERROR = "remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/acme/x.git/'"


class Journal:
    """A generated journal of shell commands and progress events, in order."""

    def __init__(self) -> None:
        self.rows: list[Row] = []

    def progress(self, session: str, text: str = "next") -> Journal:
        self.rows.append(Row(id=len(self.rows) + 1, ts=T0 + len(self.rows), session=session, kind="progress",
                             text=text))
        return self

    def cmd(self, session: str, command: str, ok: bool = True, error: str = "failed") -> Journal:
        self.rows.append(Row(id=len(self.rows) + 1, ts=T0 + len(self.rows), session=session, kind="call",
                             organ="shell", ability="run", args={"command": command}, ok=ok,
                             cause="" if ok else "unknown", error="" if ok else error))
        return self


def drafts(journal: Journal, kind: str) -> list[Draft]:
    distiller = Distiller()
    distiller.feed(journal.rows)
    return [d for d in distiller.drafts(Thresholds()) if d.kind == kind]


# -- a weak link of a command ability is a program's -------------------------------------------

def test_a_command_ability_whose_failing_calls_span_programs_none_failing_often_enough_is_no_weak_link():
    j = Journal()
    for i in range(6):  # 18 of 26 calls fail, but no program is called eight times
        j.cmd(f"s{i % 3}", "git status", ok=False, error="fatal: not a git repository (or any of the parent directories): .git")
        j.cmd(f"s{i % 3}", "make lint", ok=False, error="make: *** No rule to make target 'lint'.  Stop.")
        j.cmd(f"s{i % 3}", "curl -fsS https://prices.example.com/v1/feed", ok=False, error="curl: (28) Operation timed out")
    for i in range(8):
        j.cmd(f"s{i % 3}", "echo done")
    assert drafts(j, "weak_link") == []


def test_a_command_ability_that_fails_often_is_a_weak_link_by_the_program_that_fails_often_on_its_own_calls():
    j = Journal()
    for i in range(10):
        j.cmd(f"s{i % 3}", "make check", ok=i < 4, error="make: *** [check] Error 2")
    for i in range(6):  # fails every time, but six calls are too few for a card of its own
        j.cmd(f"s{i % 3}", "git status", ok=False, error="fatal: not a git repository")
    for i in range(4):
        j.cmd(f"s{i % 3}", "pytest -q")
    [card] = drafts(j, "weak_link")  # shell.run: 12 of 20 calls failed
    assert card.title == "Weak link: shell.run(make) fails often (6 of 10 calls)"
    assert card.stats["family"] == "make" and card.stats["calls"] == 10
    assert "make" in card.identity["program"]


def test_a_program_that_fails_often_in_a_command_ability_that_does_not_is_no_weak_link():
    j = Journal()
    for i in range(10):  # its failures are a trap its pitfalls and rules name
        j.cmd(f"s{i % 3}", "make check", ok=i < 6, error="make: *** [check] Error 2")
    for i in range(20):
        j.cmd(f"s{i % 3}", "pytest -q")
    assert drafts(j, "weak_link") == []  # shell.run: 4 of 30 calls failed


def test_a_command_abilitys_weak_link_counts_the_programs_of_one_family_together():
    j = Journal()
    for i in range(5):  # `python -m pytest` is pytest, as rules pair them
        j.cmd(f"s{i % 2}", "pytest -q", ok=i == 0, error="ERROR: tests/test_db.py - OperationalError")
        j.cmd(f"s{i % 2}", "python -m pytest -q", ok=i == 0, error="ERROR: tests/test_db.py - OperationalError")
    [card] = drafts(j, "weak_link")
    assert card.title.startswith("Weak link: shell.run(pytest) fails often (8 of 10 calls)")


def test_a_program_is_judged_without_the_hosts_that_are_weak_links_of_their_own():
    j = Journal()
    for i in range(10):
        j.cmd(f"s{i % 3}", "curl -fsS https://staging.acme.dev/healthz", ok=i < 2, error="curl: (28) Operation timed out")
    for i in range(10):
        j.cmd(f"s{i % 3}", f"curl -fsS https://h{i % 5}.acme.dev/healthz", ok=i % 5 != 0,
              error="curl: (7) Failed to connect")
    # curl failed 10 of 20 times, but 2 of its 10 calls elsewhere: only the host is a weak link
    [card] = drafts(j, "weak_link")
    assert card.stats["host"] == "staging.acme.dev"
    for _ in range(3):  # three more failures elsewhere make curl itself fail often without that host
        j.cmd("s0", "curl -fsS https://h9.acme.dev/healthz", ok=False, error="curl: (7) Failed to connect")
    titles = sorted(d.title for d in drafts(j, "weak_link"))
    assert titles[1].startswith("Weak link: shell.run(curl) fails often (5 of 13 calls)")
    assert titles[0].startswith("Weak link: shell.run on staging.acme.dev fails often (8 of 10 calls)")


# -- a pitfall and the rule that fixed it are one card ---------------------------------------------

def pushes(j: Journal, sessions: list[str], fixed: bool) -> Journal:
    for s in sessions:
        j.progress(s, "push the branch")
        j.cmd(s, "git push https://x-access-token:tok@github.com/acme/x.git HEAD", ok=False, error=PUSH_ERROR)
        if fixed:
            j.cmd(s, "git push origin HEAD")
    return j


def test_a_pitfall_fixed_in_every_session_of_its_failures_by_a_rule_is_only_that_rule_counting_the_failures():
    j = pushes(Journal(), ["s1", "s2", "s3"], fixed=True)
    assert drafts(j, "pitfall") == []
    [rule] = drafts(j, "rule")
    assert rule.stats["failures"] == 3 and rule.evidence["failures"] == 3
    assert rule.body.endswith("Seen in 3 episode(s); it failed 3 times in 3 sessions.")


def test_a_pitfall_fixed_in_a_session_without_an_id_too_is_only_its_rule():
    j = pushes(Journal(), ["", "s2", "s3"], fixed=True)
    assert drafts(j, "pitfall") == []
    [rule] = drafts(j, "rule")
    assert rule.stats["failures"] == 3


def test_a_pitfall_left_unfixed_in_one_session_stays_beside_its_rule():
    j = pushes(pushes(Journal(), ["s1", "s2", "s3"], fixed=True), ["s4"], fixed=False)
    [pitfall] = drafts(j, "pitfall")
    assert pitfall.stats["failures"] == 4
    [rule] = drafts(j, "rule")
    assert "failures" not in rule.stats and rule.body.endswith("Seen in 3 episode(s).")


def test_a_pitfall_never_fixed_stays_a_pitfall():
    j = pushes(Journal(), ["s1", "s2", "s3"], fixed=False)
    assert len(drafts(j, "pitfall")) == 1 and drafts(j, "rule") == []


def test_a_pitfall_whose_fix_makes_no_rule_that_stands_stays_a_pitfall():
    j = Journal().progress("s1", "push the branch")
    for _ in range(3):  # three failures, one session, one fix: a rule needs two sessions
        j.cmd("s1", "git push https://x-access-token:tok@github.com/acme/x.git HEAD", ok=False, error=PUSH_ERROR)
    j.cmd("s1", "git push origin HEAD")
    assert len(drafts(j, "pitfall")) == 1 and drafts(j, "rule") == []


def events(sessions: list[str], fixed: bool, start: float) -> bytes:
    j = pushes(Journal(), sessions, fixed)
    return b"".join(json.dumps({"ts": start + i, "session": r.session, "kind": r.kind, "organ": r.organ,
                                "ability": r.ability, "args": r.args, "ok": r.ok, "error": r.error,
                                "text": r.text}).encode() + b"\n" for i, r in enumerate(j.rows))


def test_a_pitfall_card_made_before_the_rule_that_covers_it_goes_at_the_next_sleep(tmp_path):
    with Memory(tmp_path / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(events(["s1", "s2", "s3"], fixed=False, start=T0)))
        m.consolidate()
        assert [c.kind for c in m.cards()] == ["pitfall"]
        fixes = b"".join(json.dumps({"ts": T0 + 100 + i, "session": s, "kind": "call", "organ": "shell",
                                     "ability": "run", "args": {"command": "git push origin HEAD"},
                                     "ok": True}).encode() + b"\n" for i, s in enumerate(["s1", "s2", "s3"]))
        m.ingest(io.BytesIO(fixes))
        report = m.consolidate()
        assert report["removed"] == 1
        [rule] = m.cards()
        assert rule.kind == "rule" and "it failed 3 times in 3 sessions" in rule.body
    with Memory(tmp_path / "whole", Settings(), clock=lambda: T0 + 3600) as whole:  # the same as folding all at once
        whole.ingest(io.BytesIO(events(["s1", "s2", "s3"], fixed=False, start=T0) + fixes))
        whole.consolidate()
        assert [(c.kind, c.title, c.body) for c in whole.cards()] == [(rule.kind, rule.title, rule.body)]
