"""Faults the mesh survives, with real processes: a heart killed mid-call, a subscriber that stops reading."""

from __future__ import annotations

import itertools
import os
import signal
import threading
import time
from pathlib import Path

import pytest
import zmq

from broker import protocol
from broker.errors import MeshError, MeshUnreachable
from broker.protocol import Reply
from tests.conftest import mesh_processes, wait_for

SLEEPER_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600

[organs.sleeper]
module = "tests.organs.sleeper"
restart = "permanent"
"""
CALLERS = 6
CALL_SLEEP_S = 5.0
CALLER_END_S = 10.0  # a caller polls the heart's pid every 0.2 s, so it ends within a second or two

# The PUB keeps 1000 beats (its default SNDHWM) for a subscriber that does not read before it drops any, so
# the stall must outlast that many beats: fast beats keep the test short.
FAST_BEAT_S = 0.01
FAST_BEAT_MESH = f"""
[heart]
beat_s = {FAST_BEAT_S}
beat_max_s = 1.0
heartbeat_s = 0.2
liveness = 5
quiet_after_s = 600

[organs.sleeper]
module = "tests.organs.sleeper"
"""
STALL_BEATS = 1400  # beats the stale subscriber ignores: more than the PUB's 1000 plus what the sockets buffer
RATE_FACTOR = 4.0  # beats must come at least this fraction of the configured rate: generous, not a timing test
RSS_FLAT_KIB = 16 * 1024


def rss_kib(pid: int) -> int:
    """Resident set size of a process, from /proc/PID/status."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for pid {pid}")


def _marks(mesh) -> set[str]:
    marks = mesh.workdir / "marks"
    return {p.name for p in marks.iterdir()} if marks.is_dir() else set()


@pytest.mark.timeout(90)
def test_heart_killed_with_sigkill_while_calls_are_in_flight_every_caller_gets_an_error_none_hangs(make_mesh):
    mesh = make_mesh(SLEEPER_MESH)
    outcomes: dict[int, object] = {}

    def caller(n: int) -> None:
        try:
            with mesh.client() as client:
                outcomes[n] = client.call("sleeper", "sleep", {"seconds": CALL_SLEEP_S, "mark": f"call-{n}"})
        except MeshError as exc:  # the outcome under test: recorded, then judged below
            outcomes[n] = exc

    heart_pid = mesh.status()["heart"]["pid"]
    threads = [threading.Thread(target=caller, args=(n,), daemon=True) for n in range(CALLERS)]
    for thread in threads:
        thread.start()
    wait_for(lambda: len(_marks(mesh)) == CALLERS, timeout=10, what="every call running in the organ")
    os.kill(heart_pid, signal.SIGKILL)
    for thread in threads:
        thread.join(timeout=CALLER_END_S)
    assert not [t for t in threads if t.is_alive()], "a caller still waits for a heart that is gone"
    assert sorted(outcomes) == list(range(CALLERS))
    for n, outcome in outcomes.items():
        failed_reply = isinstance(outcome, Reply) and not outcome.ok
        assert isinstance(outcome, MeshUnreachable) or failed_reply, f"caller {n} got {outcome!r}"
    wait_for(lambda: not mesh_processes(mesh.home), timeout=15, what="no process of the mesh left")


@pytest.mark.timeout(120)
def test_a_blood_subscriber_that_stops_reading_slows_nothing_and_sees_a_seq_gap_when_it_reads_again(make_mesh):
    mesh = make_mesh(FAST_BEAT_MESH)
    with mesh.client() as client:
        heart_pid = client.endpoints["pid"]
        stale = client.ctx.socket(zmq.SUB)
        stale.setsockopt(zmq.LINGER, 0)
        stale.setsockopt(zmq.RCVHWM, 1)
        stale.setsockopt(zmq.RCVBUF, 1024)  # the kernel buffers little, so the heart's PUB is what fills up
        stale.setsockopt(zmq.SUBSCRIBE, protocol.BLOOD)
        stale.connect(client.endpoints["blood"])
        wait_for(lambda: stale.poll(0), timeout=10, what="the stale subscriber's first beat")
        rss_before = rss_kib(heart_pid)

        seen, started = [], time.monotonic()
        for blood in client.blood(timeout_s=5):  # meanwhile, a healthy reader keeps up
            seen.append(blood)
            if len(seen) >= STALL_BEATS:
                break
        window_s = time.monotonic() - started
        rss_after = rss_kib(heart_pid)

        assert [b.seq for b in seen] == sorted({b.seq for b in seen}), "the healthy reader's seq is not increasing"
        assert {b.interval_s for b in seen} == {FAST_BEAT_S}, "the beat slowed down"
        expected = window_s / FAST_BEAT_S
        assert len(seen) >= expected / RATE_FACTOR, f"{len(seen)} beats in {window_s:.1f}s, expected ~{expected:.0f}"
        assert rss_after - rss_before < RSS_FLAT_KIB, f"heart RSS grew from {rss_before} to {rss_after} KiB"

        stale_seqs = []
        for _ in range(2 * STALL_BEATS):  # the beats it kept, then the newest ones
            if not stale.poll(1000):
                break
            stale_seqs.append(protocol.decode_blood(stale.recv_multipart()).seq)
            if stale_seqs[-1] > seen[-1].seq:
                break
        stale.close(linger=0)
    gaps = [(a, b) for a, b in itertools.pairwise(stale_seqs) if b != a + 1]
    assert stale_seqs == sorted(stale_seqs)
    assert gaps, f"no seq gap in {len(stale_seqs)} beats read late ({stale_seqs[:3]} ... {stale_seqs[-3:]})"
