"""Round 14: a rule needs its fix seen in two sessions (a fix seen once may be that task's accident), unless the fix
only found the failed path's file elsewhere, a fact of the project that one episode establishes."""

from __future__ import annotations

import pytest

from actors.memory.distill import Distiller, Thresholds, moved_only
from actors.memory.normalise import work_of
from tests.test_memory_distill import Journal


def rules(journal: Journal, **thresholds) -> list:
    distiller = Distiller()
    distiller.feed(journal.rows)
    return [d for d in distiller.drafts(Thresholds(**thresholds)) if d.kind == "rule"]


def fixed_with_an_option(sessions: list[str]) -> Journal:
    j = Journal()
    for s in sessions:
        j.progress(s, "push the data")
        j.cmd(s, "dvc push", ok=False, error="ERROR: failed to push data to the cloud - too many open files")
        j.cmd(s, "dvc push -j 2", ok=True)
    return j


def test_a_fix_seen_in_one_session_is_no_rule_by_default():
    assert rules(fixed_with_an_option(["a"])) == []


def test_the_same_fix_seen_in_two_sessions_is_a_rule():
    [rule] = rules(fixed_with_an_option(["a", "b"]))
    assert rule.title == "Running dvc commands: dvc push -j 2 instead of dvc push"
    assert rule.evidence["session_count"] == 2


def test_a_fix_seen_twice_in_one_session_is_still_one_session_of_evidence():
    j = fixed_with_an_option(["a"])
    j.cmd("a", "dvc push", ok=False, error="ERROR: failed to push data to the cloud - too many open files")
    j.cmd("a", "dvc push -j 2", ok=True)
    assert rules(j) == []


def test_a_file_found_at_another_path_after_one_failure_is_a_rule_from_one_session():
    j = Journal().progress("s", "bump the log level")
    j.call("s", "fs", "read_file", {"path": "src/shipping/conf.yaml"}, ok=False,
           error="ENOENT: no such file or directory, open 'src/shipping/conf.yaml'", cause="not_found")
    j.call("s", "fs", "read_file", {"path": "deploy/config/conf.yaml"}, ok=True)
    [rule] = rules(j)
    assert "deploy/config/conf.yaml" in rule.instead and rule.files[0] == "conf.yaml"


def test_an_edit_retried_after_reading_the_file_again_needs_two_sessions():
    j = Journal()
    for s in ("a", "b"):
        j.progress(s, "update the parser")
        j.call(s, "fs", "edit_file", {"path": "src/parser.py", "old": "a", "new": "b"}, ok=False,
               error="old_string not found in src/parser.py", cause="invalid")
        j.call(s, "fs", "read_file", {"path": "src/parser.py"}, ok=True)
        j.call(s, "fs", "edit_file", {"path": "src/parser.py", "old": "c", "new": "b"}, ok=True)
        if s == "a":
            assert rules(j) == []
    assert len(rules(j)) == 1


def test_a_fix_moves_only_the_failed_path_when_the_one_argument_that_differs_is_that_file_elsewhere():
    failed = work_of("fs", "read_file", {"path": "src/conf.yaml"})
    assert moved_only(failed, work_of("fs", "read_file", {"path": "deploy/conf.yaml"}),
                      '{"path": "src/conf.yaml"}', {"path": "deploy/conf.yaml"})


def test_another_file_name_or_another_argument_changed_as_well_is_no_moved_path():
    failed = work_of("fs", "edit_file", {"path": "src/conf.yaml", "old": "a"})
    before = '{"old": "a", "path": "src/conf.yaml"}'
    assert not moved_only(failed, work_of("fs", "edit_file", {"path": "src/conf.yml", "old": "a"}), before,
                          {"path": "src/conf.yml", "old": "a"})
    assert not moved_only(failed, work_of("fs", "edit_file", {"path": "deploy/conf.yaml", "old": "b"}), before,
                          {"path": "deploy/conf.yaml", "old": "b"})


def test_a_command_whose_only_changed_word_is_its_script_found_elsewhere_moved_the_path():
    failed = work_of("shell", "run", {"command": "python src/train.py --epochs 3"})
    fixed = {"command": "python scripts/train.py --epochs 3"}
    assert moved_only(failed, work_of("shell", "run", fixed), '{"command": "python src/train.py --epochs 3"}', fixed)
    added = {"command": "python src/train.py --epochs 3 --cpu"}
    assert not moved_only(failed, work_of("shell", "run", added), '{"command": "python src/train.py --epochs 3"}',
                          added)


def test_a_command_fixed_by_another_option_is_no_moved_path():
    failed = work_of("shell", "run", {"command": "dvc push"})
    fixed = {"command": "dvc push -j 2"}
    assert not moved_only(failed, work_of("shell", "run", fixed), '{"command": "dvc push"}', fixed)


def worked(journal: Journal, session: str, steps: list[tuple[str, str, dict]]) -> Journal:
    journal.progress(session, "next task")
    for organ, ability, args in steps:
        journal.call(session, organ, ability, args)
    return journal.progress(session, "done")


PAIR = [("git", "add", {"paths": ["a.py"]}), ("git", "commit", {"message": "x"})]
THREE = [("fs", "read_file", {"path": "a.py"}), ("fs", "edit_file", {"path": "a.py"}),
         ("shell", "run", {"command": "pytest -q"})]


def playbooks(journal: Journal, **thresholds) -> list[str]:
    distiller = Distiller()
    distiller.feed(journal.rows)
    return [d.title for d in distiller.drafts(Thresholds(**thresholds)) if d.kind == "playbook"]


def test_a_workflow_of_two_steps_in_two_sessions_is_no_playbook_by_default():
    j = Journal()
    for s in ("a", "b"):
        worked(j, s, PAIR)
    assert playbooks(j) == []
    assert playbooks(j, playbook_pair_sessions=2) == ["Workflow: git.add → git.commit"]


def test_a_workflow_of_two_steps_in_three_sessions_is_a_playbook():
    j = Journal()
    for s in ("a", "b", "c"):
        worked(j, s, PAIR)
    assert playbooks(j) == ["Workflow: git.add → git.commit"]


def test_a_workflow_of_three_steps_still_needs_two_sessions_only():
    j = Journal()
    for s in ("a", "b"):
        worked(j, s, THREE)
    assert playbooks(j) == ["Workflow: fs.read_file → fs.edit_file → shell.run(pytest)"]


def test_the_sessions_a_pair_needs_cannot_be_zero():
    with pytest.raises(ValueError):
        Thresholds(playbook_pair_sessions=0)
