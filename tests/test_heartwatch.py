"""When a waiting client pings the heart and when it gives up on it; what /proc says about a process. No sockets."""

from __future__ import annotations

import signal

import pytest

from actors.heartwatch import HeartWatch, silent_message
from broker.procs import ProcStat, descendants_of, parse_stat, signal_named, started_at, state_words


def test_a_quiet_heart_is_pinged_after_half_a_second_and_only_once_at_a_time():
    watch = HeartWatch(heard_at=100.0)
    assert not watch.probe_due(100.4)
    assert watch.probe_due(100.5)
    watch.probed("p1", 100.5)
    assert not watch.probe_due(101.0)
    assert not watch.silent(103.4)


def test_a_heart_that_answers_no_ping_for_three_seconds_is_silent():
    watch = HeartWatch(heard_at=100.0)
    watch.probed("p1", 100.5)
    assert watch.silent(103.5)


def test_anything_heard_from_the_heart_clears_the_ping_and_the_next_comes_after_a_second_of_quiet():
    watch = HeartWatch(heard_at=100.0)
    watch.probed("p1", 100.5)
    watch.heard(102.0)
    assert not watch.silent(110.0)
    assert not watch.probe_due(102.9)
    assert watch.probe_due(103.0)


def test_the_message_names_the_pid_and_a_state_worth_naming():
    assert silent_message(42, "stopped", 3.0) == \
        "the heart (pid 42) does not answer (its process is stopped): no answer to a ping within 3s"
    assert silent_message(42, "", 3.0) == "the heart (pid 42) does not answer: no answer to a ping within 3s"


def test_a_stat_line_is_read_even_when_the_command_name_holds_spaces_and_parentheses():
    line = "77 (a (b) c) T 1 77 77 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 12345 0 0"
    st = parse_stat(77, line)
    assert st == ProcStat(pid=77, state="T", ppid=1, session=77, start_ticks=12345)
    assert state_words(st) == "stopped"
    assert state_words(ProcStat(78, "S", 1, 78, 0)) == ""
    assert parse_stat(77, "77 (x) T") is None


def test_a_start_time_is_boot_time_plus_ticks():
    assert started_at(ProcStat(1, "S", 0, 1, 250), boot_time=1000.0, ticks_per_s=100) == 1002.5


def test_descendants_are_children_and_their_children_never_the_process_itself():
    listing = [ProcStat(10, "S", 1, 10, 0), ProcStat(11, "S", 10, 10, 0), ProcStat(12, "S", 11, 10, 0),
               ProcStat(13, "S", 1, 13, 0), ProcStat(14, "S", 10, 10, 0)]
    assert sorted(p.pid for p in descendants_of(10, listing)) == [11, 12, 14]
    assert descendants_of(13, listing) == []


def test_signal_names_are_read_with_or_without_sig_in_any_case():
    assert signal_named("kill") is signal.SIGKILL
    assert signal_named("SIGSTOP") is signal.SIGSTOP
    with pytest.raises(ValueError, match="unknown signal 'FOO'"):
        signal_named("FOO")
