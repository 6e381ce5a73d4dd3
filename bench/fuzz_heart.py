"""A longer fuzz run against a live heart: garbage thrown as fast as it is taken, heart RSS over time.

The generator is the one of tests/test_fuzz_heart.py (arbitrary frames, bad versions and kinds, truncated,
mutated and over-long msgpack, huge declared lengths, deep nesting, many frames, valid kinds with hostile
bodies, frames up to max_frame_bytes). Every few seconds it prints messages/s and the heart's RSS; at the
end, whether the heart is alive, answers a call and counted the malformed messages. Baseline, in the same
run: the same throwers against a bare pyzmq ROUTER in another process that receives and drops everything
(this script with --sink), which shows how fast the machine moves these messages at all. glibc's mmap
threshold is fixed for the mesh (as in the test), so RSS follows live memory rather than the allocator's
retention.

    python bench/fuzz_heart.py [--seconds 60] [--baseline-seconds 10] [--peers 6] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import zmq

from _mesh import REPO, Mesh
from _stats import verdict

sys.path.insert(0, str(REPO))  # the generator lives with its test
from tests.test_fuzz_heart import (FLAT_MALLOC, FUZZ_MESH, MAX_FRAME_BYTES, Thrower,
                                   protocol_errors, rss_kib)

from actors.client import Client
from broker.home import pid_alive

REPORT_EVERY_S = 5.0
CHUNK = 200  # messages thrown between two looks at the clock
FLAT_SLACK_KIB = 16 * 1024
FLAT_FRACTION = 0.25
COUNT_WAIT_S = 60.0
SETTLE_S = 2.0
MAX_BACKLOG = 2000  # malformed messages thrown and not yet counted by the heart
WARMUP_S = 5.0


def throw_for(thrower: Thrower, rng: random.Random, seconds: float, on_tick=None,
              counted=None) -> tuple[int, Counter, list[float]]:
    """Throw garbage in chunks until seconds have passed; return messages sent, expected reasons, rates.

    With counted (a function giving the heart's protocol errors so far), at most MAX_BACKLOG malformed
    messages wait in the heart's queues: the rate is what the heart absorbs, and RSS shows its own state.
    """
    sent, expected, rates = 0, Counter(), []
    started = last_tick = time.monotonic()
    last_sent = 0
    while (now := time.monotonic()) - started < seconds:
        expected += thrower.throw(rng, CHUNK)
        sent += CHUNK
        while counted is not None and sum(expected.values()) - counted() > MAX_BACKLOG:
            if time.monotonic() - started > seconds + COUNT_WAIT_S:
                raise RuntimeError("the heart stopped taking messages")
            thrower.drain(wait_ms=20)
        if now - last_tick >= REPORT_EVERY_S:
            rates.append((sent - last_sent) / (now - last_tick))
            if on_tick:
                on_tick(now - started, sent, rates[-1])
            last_tick, last_sent = now, sent
    return sent, expected, rates


def warm_up(router: str, metrics_url: str, peers: int, seed: int) -> None:
    """A short throw, every message counted, the peers closed and the heart settled."""
    before = protocol_errors(metrics_url)
    thrower = Thrower(router, peers)
    try:
        _, expected, _ = throw_for(thrower, random.Random(seed), WARMUP_S)
        deadline = time.monotonic() + COUNT_WAIT_S
        while time.monotonic() < deadline:
            counted = protocol_errors(metrics_url) - before
            if all(counted[r] >= n for r, n in expected.items()):
                break
            thrower.drain(wait_ms=100)
    finally:
        thrower.close()
    time.sleep(SETTLE_S)


def baseline(home: Path, seconds: float, peers: int, seed: int) -> float:
    """Messages/s the same throwers push into a bare ROUTER that drops everything."""
    endpoint = f"ipc://{home}/sink.sock"
    server = subprocess.Popen([sys.executable, __file__, "--sink", endpoint])
    thrower = Thrower(endpoint, peers)
    try:
        sent, _, _ = throw_for(thrower, random.Random(seed), seconds)
    finally:
        thrower.close()
        server.terminate()
        server.wait(timeout=10)
    return sent / seconds


def sink(endpoint: str) -> None:
    """Receive and drop every message, with the heart's socket limits, until the parent process is gone."""
    parent = os.getppid()
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME_BYTES + 4096)
    router.setsockopt(zmq.RCVHWM, 10000)
    router.bind(endpoint)
    try:
        while os.getppid() == parent:
            if router.poll(1000):
                router.recv_multipart()
    finally:
        ctx.destroy(linger=0)


def main() -> None:
    args = _parse_args()
    if args.sink:
        sink(args.sink)
        return
    os.environ.update(FLAT_MALLOC)  # inherited by the heart through `actors up`
    with Mesh(textwrap.dedent(FUZZ_MESH)) as mesh, Client(mesh.home) as client:
        status = client.control("status")
        heart_pid, metrics_url = status["heart"]["pid"], status["heart"]["metrics"]
        router = status["heart"]["endpoints"]["router"]
        rss_fresh = rss_kib(heart_pid)
        warm_up(router, metrics_url, args.peers, args.seed + 1000)  # first-time allocations, lazy imports
        before = protocol_errors(metrics_url)
        rss_start = rss_kib(heart_pid)
        rss_seen = [rss_start]
        print(f"fuzzing the heart (pid {heart_pid}) for {args.seconds:g}s with {args.peers} peers; RSS "
              f"{rss_fresh / 1024:.1f} MiB fresh, {rss_start / 1024:.1f} MiB after a {WARMUP_S:g}s warm-up",
              flush=True)

        def tick(at_s: float, sent: int, rate: float) -> None:
            rss_seen.append(rss_kib(heart_pid))
            print(f"  t={at_s:5.1f}s  sent {sent:8d}  {rate:8.0f} msg/s  heart RSS {rss_seen[-1] / 1024:6.1f} MiB",
                  flush=True)

        thrower = Thrower(router, args.peers)
        try:
            sent, expected, rates = throw_for(thrower, random.Random(args.seed), args.seconds, tick,
                                              lambda: sum((protocol_errors(metrics_url) - before).values()))
            deadline = time.monotonic() + COUNT_WAIT_S
            counted = Counter()
            while time.monotonic() < deadline:
                counted = protocol_errors(metrics_url) - before
                if all(counted[r] >= n for r, n in expected.items()):
                    break
                thrower.drain(wait_ms=100)
        finally:
            thrower.close()
        time.sleep(SETTLE_S)  # the heart's I/O thread frees the closed peers' queues
        rss_end = rss_kib(heart_pid)
        alive = pid_alive(heart_pid)
        serving = alive and client.call("echo", "echo", {"x": "still here"}, timeout_s=10).ok
        raw_rate = baseline(mesh.home, args.baseline_seconds, args.peers, args.seed)
    rates.sort()
    median = rates[len(rates) // 2] if rates else sent / args.seconds
    print(f"heart: {sent} messages in {args.seconds:g}s, median {median:.0f} msg/s "
          f"(mean {sent / args.seconds:.0f} msg/s)")
    print(f"bare zmq ROUTER sink: {raw_rate:.0f} msg/s over {args.baseline_seconds:g}s; "
          f"ratio heart/sink = {median / raw_rate:.2f}x")
    print(f"protocol errors expected {sum(expected.values())}, counted {sum(counted.values())} "
          f"({', '.join(f'{r} {n}' for r, n in sorted(counted.items()))})")
    missing = {r: n - counted[r] for r, n in expected.items() if counted[r] < n}
    if missing:
        print(f"  not counted (by reason): {missing}")
    print(f"heart RSS: start {rss_start / 1024:.1f} MiB, end {rss_end / 1024:.1f} MiB, "
          f"max {max(rss_seen + [rss_end]) / 1024:.1f} MiB")
    print(f"heart alive and serving afterwards: {verdict(serving)}")
    print(f"every malformed message counted: {verdict(all(counted[r] >= n for r, n in expected.items()))}")
    flat = rss_end - rss_start <= max(FLAT_SLACK_KIB, FLAT_FRACTION * rss_start)
    print(f"heart memory flat after the run (end - start <= max(16 MiB, 25% of start)): {verdict(flat)}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the fuzz run (default 60)")
    parser.add_argument("--baseline-seconds", type=float, default=10.0, help="sink baseline (default 10)")
    parser.add_argument("--peers", type=int, default=6, help="DEALER sockets throwing (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator (default 1)")
    parser.add_argument("--sink", metavar="ENDPOINT", help=argparse.SUPPRESS)  # the baseline's process
    return parser.parse_args()


if __name__ == "__main__":
    main()
