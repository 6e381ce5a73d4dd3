"""Call round trip through the heart vs a raw pyzmq DEALER<->ROUTER echo over ipc://.

Mesh: Client.call("echo", "echo", {"x": "hi"}) in a loop (client -> heart -> organ -> heart -> client),
once for an ability run on a worker thread (the default) and once for an inline ability (run on the loop).
Baseline: the same encoded Call frames sent from a DEALER to a bare ROUTER echo in another process.
Both are measured in alternating rounds in the same run, so drift in machine load hits both alike.
Target: mesh p50 <= 2x raw p50. When it misses, a breakdown of the mean round trip is printed.
A floor is measured in the same rounds: the same frames through a bare pyzmq relay (a ROUTER passing each
message to an echoing DEALER process and back: the mesh's four hops and three processes, no work but the
routing), which says how much of the mesh's time any relay of this shape would take.

The organ's share alone (--organ-leg): an echo organ process (`actors.runner`, this checkout's code) connected
to a bare ROUTER in this process that stands in for the heart (it answers the registration and sends Calls),
so the heart's own work is out of the picture: ROUTER -> organ -> ROUTER round trips for the worker and the
inline ability, beside the raw echo, and the organ process's CPU per call (user + system from /proc).

Lanes (--lanes): a second mesh with `[heart] lanes = true` runs beside the first, in the same alternating
rounds: its client is granted a lane by its first call, and every call after it goes client -> organ -> client
(2 hops, like the raw echo), the heart told of each success in batches.

    python bench/call_roundtrip.py [--n 2000] [--warmup 200] [--rounds 4] [--organ-leg] [--lanes]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import zmq

from _mesh import Mesh, config_text
from _stats import describe, percentile, verdict
from actors.client import Client
from broker import protocol
from broker.protocol import Call, Register, Reply, Welcome

ORGAN, ABILITY, INLINE, ARGS = "echo", "echo", "echo_inline", {"x": "hi"}
TARGET_RATIO = 2.0
PS = (50, 90, 99)
US = 1e6
RAW_TIMEOUT_MS = 10_000
CALL_SECONDS = "actors_call_duration_seconds"


@dataclass
class Run:
    """The samples of one benchmark run, in seconds."""

    mesh_s: list[float] = field(default_factory=list)  # round trips through the heart
    inline_s: list[float] = field(default_factory=list)  # the same, to an inline ability
    raw_s: list[float] = field(default_factory=list)  # raw DEALER<->ROUTER echoes
    floor_s: list[float] = field(default_factory=list)  # the same frames through a bare relay to an echo
    organ_s: list[float] = field(default_factory=list)  # the organ's own handling time (Reply.duration_s)
    lane_s: list[float] = field(default_factory=list)  # round trips on a lane (--lanes), worker ability
    lane_inline_s: list[float] = field(default_factory=list)  # the same, inline ability
    heart_leg_s: float = 0.0  # mean time the heart waited for the organ (its call duration metric)


def main() -> None:
    args = _parse_args()
    frames = protocol.encode(Call(id=uuid.uuid4().hex, organ=ORGAN, ability=ABILITY, args=ARGS))
    if args.organ_leg:
        _organ_leg(frames, args.n, args.warmup, args.rounds)
        return
    run = _measure(frames, args.n, args.warmup, args.rounds, args.lanes)
    ratio = percentile(run.mesh_s, 50) / percentile(run.raw_s, 50)
    met = ratio <= TARGET_RATIO
    print(f"payload: {sum(map(len, frames))} bytes in {len(frames)} frames, both ways of the baseline")
    print(f"mesh call round trip: {describe(run.mesh_s, PS, 'us', US)}")
    print(f"raw zmq DEALER<->ROUTER echo: {describe(run.raw_s, PS, 'us', US)}")
    print(f"p50 ratio mesh/raw = {ratio:.2f}x (target <= {TARGET_RATIO:g}x): {verdict(met)}")
    inline = percentile(run.inline_s, 50) / percentile(run.raw_s, 50)
    print(f"inline ability round trip: {describe(run.inline_s, PS, 'us', US)}")
    print(f"p50 ratio inline/raw = {inline:.2f}x (target <= {TARGET_RATIO:g}x): {verdict(inline <= TARGET_RATIO)}")
    floor = percentile(run.floor_s, 50)
    print(f"floor, the same frames through a bare pyzmq relay to an echo (4 hops, 3 processes, no work but the "
          f"routing): {describe(run.floor_s, PS, 'us', US)}; {floor / percentile(run.raw_s, 50):.2f}x raw; "
          f"the mesh is {percentile(run.mesh_s, 50) / floor:.2f}x it, inline {percentile(run.inline_s, 50) / floor:.2f}x")
    if run.lane_s:
        raw = percentile(run.raw_s, 50)
        for label, samples in (("lane round trip (lanes on)", run.lane_s), ("lane, inline ability", run.lane_inline_s)):
            p50 = percentile(samples, 50)
            print(f"{label}: {describe(samples, PS, 'us', US)}; p50 {p50 / raw:.2f}x raw "
                  f"(target <= {TARGET_RATIO:g}x): {verdict(p50 / raw <= TARGET_RATIO)}; {p50 / floor:.2f}x the floor; "
                  f"p99 {percentile(samples, 99) / percentile(run.raw_s, 99):.2f}x raw p99")
    if not met:
        _print_breakdown(run)


def _measure(frames: list[bytes], n: int, warmup: int, rounds: int, lanes: bool = False) -> Run:
    """Warm both paths up, then alternate rounds of raw echoes and mesh calls (and lane calls, with lanes)."""
    run = Run()
    per_round = max(1, n // rounds)
    with contextlib.ExitStack() as stack:
        mesh = stack.enter_context(Mesh(config_text({ORGAN: {}}, beat_s=1.0, lanes=False)))
        client = stack.enter_context(Client(mesh.home))
        dealer = stack.enter_context(raw_echo(mesh.home / "raw.sock"))
        relayed = stack.enter_context(raw_echo(mesh.home / "relay.sock", relay=True))
        laned = None
        if lanes:
            laned = stack.enter_context(Client(stack.enter_context(
                Mesh(config_text({ORGAN: {}}, beat_s=1.0, lanes=True))).home))
            _call_mesh(laned, warmup)
            _call_mesh(laned, warmup, INLINE)
            if ORGAN not in laned.lanes:
                raise RuntimeError("the mesh with lanes on granted no lane (is ACTORS_LANES=0 set?)")
        _call_mesh(client, warmup)
        _echo_raw(dealer, frames, warmup)
        _echo_raw(relayed, frames, warmup)
        metrics_url = client.control("status")["heart"]["metrics"]
        before = heart_call_seconds(metrics_url, ORGAN)
        for _ in range(rounds):
            run.raw_s += _echo_raw(dealer, frames, per_round)
            run.floor_s += _echo_raw(relayed, frames, per_round)
            took, handled = _call_mesh(client, per_round)
            run.mesh_s += took
            run.organ_s += handled
            run.inline_s += _call_mesh(client, per_round, INLINE)[0]
            if laned is not None:
                run.lane_s += _call_mesh(laned, per_round)[0]
                run.lane_inline_s += _call_mesh(laned, per_round, INLINE)[0]
        after = heart_call_seconds(metrics_url, ORGAN)
    run.heart_leg_s = (after[0] - before[0]) / (after[1] - before[1])
    return run


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=2000, help="measured round trips of each kind (default 2000)")
    parser.add_argument("--warmup", type=int, default=200, help="unmeasured round trips first (default 200)")
    parser.add_argument("--rounds", type=int, default=4, help="alternating baseline/mesh rounds (default 4)")
    parser.add_argument("--organ-leg", action="store_true", help="the organ's share alone, against a bare ROUTER")
    parser.add_argument("--lanes", action="store_true", help="also a mesh with lanes on, in the same rounds")
    return parser.parse_args()


# -- the two round trips --------------------------------------------------------------------

def _call_mesh(client: Client, n: int, ability: str = ABILITY) -> tuple[list[float], list[float]]:
    """Round-trip times through the heart, and the organ's own handling time of each call."""
    took, handled = [], []
    for _ in range(n):
        started = time.perf_counter()
        reply = client.call(ORGAN, ability, ARGS)
        took.append(time.perf_counter() - started)
        if not reply.ok:
            raise RuntimeError(f"{ORGAN}.{ABILITY} failed: {reply.error}")
        handled.append(reply.duration_s)
    return took, handled


def _echo_raw(dealer: zmq.Socket, frames: list[bytes], n: int) -> list[float]:
    took = []
    for _ in range(n):
        started = time.perf_counter()
        dealer.send_multipart(frames)
        dealer.recv_multipart()
        took.append(time.perf_counter() - started)
    return took


@contextmanager
def raw_echo(socket_path: Path, relay: bool = False) -> Iterator[zmq.Socket]:
    """A DEALER connected to a bare ROUTER echo running in a process of its own; with relay, to a bare ROUTER
    relay that passes each message to an echoing DEALER process and back (the mesh's hops, none of its work)."""
    endpoint = f"ipc://{socket_path}"
    script = str(Path(__file__).with_name("_raw_echo.py"))
    servers = [subprocess.Popen([sys.executable, script, *(["--relay"] if relay else []), endpoint])]
    if relay:
        servers.append(subprocess.Popen([sys.executable, script, "--organ", endpoint]))
    ctx = zmq.Context()
    try:
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.setsockopt(zmq.RCVTIMEO, RAW_TIMEOUT_MS)  # zmq.Again instead of a hang if the echo died
        dealer.connect(endpoint)
        if relay:
            _relay_ready(dealer)
        yield dealer
    finally:
        ctx.destroy(linger=0)
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _relay_ready(dealer: zmq.Socket, wait_s: float = 30.0) -> None:
    """Wait until the relay passes messages (it drops them until its organ said hello)."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        dealer.send(b"probe")
        if dealer.poll(1000):
            dealer.recv_multipart()
            return
    raise RuntimeError(f"the bare relay did not answer within {wait_s:g}s")


# -- where the time goes (printed only when the target is missed) ---------------------------

def heart_call_seconds(metrics_url: str, organ: str) -> tuple[float, float]:
    """The heart's (sum, count) of an organ's call durations, measured from forwarding a call to its reply."""
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never via a proxy
    with direct.open(metrics_url, timeout=5) as response:
        text = response.read().decode()
    values = {}
    for line in text.splitlines():
        for part in ("sum", "count"):
            if line.startswith(f'{CALL_SECONDS}_{part}{{organ="{organ}"}}'):
                values[part] = float(line.rsplit(" ", 1)[1])
    return values["sum"], values["count"]


def _client_codec_s(n: int = 2000) -> float:
    """Mean client-side cost of one call's protocol work: build and encode the Call, decode a Reply."""
    reply = protocol.encode(Reply(id=uuid.uuid4().hex, ok=True, result=ARGS["x"], duration_s=1e-5))
    started = time.perf_counter()
    for _ in range(n):
        protocol.encode(Call(id=uuid.uuid4().hex, organ=ORGAN, ability=ABILITY, args=ARGS))
        protocol.decode(reply)
    return (time.perf_counter() - started) / n


def _print_breakdown(run: Run) -> None:
    total, heart_leg, organ = statistics.fmean(run.mesh_s), run.heart_leg_s, statistics.fmean(run.organ_s)
    codec = _client_codec_s()
    rows = [
        ("client <-> heart: 2 ipc hops, heart decode + routing, client codec", total - heart_leg),
        ("  of which client codec (uuid, encode Call, decode Reply)", codec),
        ("heart <-> organ: 2 ipc hops, organ loop decode, thread-pool + inproc hand-off", heart_leg - organ),
        ("organ handle (schema check, signature bind, echo)", organ),
    ]
    print(f"breakdown of the mean mesh round trip ({total * US:.0f} us; raw echo mean "
          f"{statistics.fmean(run.raw_s) * US:.0f} us = 2 ipc hops):")
    for label, seconds in rows:
        print(f"  {label:<80} {seconds * US:7.0f} us  {seconds / total:5.1%}")


# -- the organ's share alone ----------------------------------------------------------------

def _organ_leg(frames: list[bytes], n: int, warmup: int, rounds: int) -> None:
    """Round trips ROUTER -> organ -> ROUTER, for both abilities, alternating with the raw echo."""
    per_round = max(1, n // rounds)
    home = Path(tempfile.mkdtemp(prefix="ab-", dir="/tmp"))
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.bind(f"ipc://{home / 'heart.sock'}")
    env = {**os.environ, "ACTORS_ROUTER": f"ipc://{home / 'heart.sock'}", "ACTORS_ORGAN": ORGAN,
           "ACTORS_HEARTBEAT_S": "1.0", "ACTORS_LOG_LEVEL": "WARNING",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent.parent), os.environ.get("PYTHONPATH")]))}
    organ = subprocess.Popen([sys.executable, "-m", "actors.runner", "bench.organs.echo"], env=env)
    samples: dict[str, list[float]] = {"raw": [], ABILITY: [], INLINE: []}
    cpu: dict[str, list[float]] = {ABILITY: [], INLINE: []}
    try:
        identity = _welcome(router)
        with raw_echo(home / "raw.sock") as dealer:
            for ability in (ABILITY, INLINE):
                _to_organ(router, identity, ability, warmup)
            _echo_raw(dealer, frames, warmup)
            for _ in range(rounds):
                samples["raw"] += _echo_raw(dealer, frames, per_round)
                for ability in (ABILITY, INLINE):
                    before = _cpu_s(organ.pid)
                    samples[ability] += _to_organ(router, identity, ability, per_round)
                    cpu[ability].append((_cpu_s(organ.pid) - before) / per_round)
    finally:
        organ.terminate()
        organ.wait(timeout=10)
        ctx.destroy(linger=0)
        shutil.rmtree(home, ignore_errors=True)
    print(f"load: {os.getloadavg()[0]:.2f} (1 min); the organ alone, against a bare ROUTER in this process")
    print(f"raw zmq DEALER<->ROUTER echo: {describe(samples['raw'], PS, 'us', US)}")
    for ability in (ABILITY, INLINE):
        print(f"ROUTER -> organ {ability:<12} -> ROUTER: {describe(samples[ability], PS, 'us', US)}; "
              f"organ CPU {statistics.fmean(cpu[ability]) * US:.0f} us/call")


def _welcome(router: zmq.Socket) -> bytes:
    """Wait for the organ's registration and welcome it, as the heart would; its identity."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if router.poll(500):
            identity, *frames = router.recv_multipart()
            msg = protocol.decode(frames)
            if isinstance(msg, Register):
                router.send_multipart([identity, *protocol.encode(Welcome(
                    organ=msg.organ, heartbeat_s=1.0, liveness=3, blood="ipc:///nonexistent"))])
                return identity
    raise RuntimeError("the organ did not register within 30 s")


def _to_organ(router: zmq.Socket, identity: bytes, ability: str, n: int) -> list[float]:
    took = []
    for _ in range(n):
        frames = protocol.encode(Call(id=uuid.uuid4().hex, organ=ORGAN, ability=ability, args=ARGS))
        started = time.perf_counter()
        router.send_multipart([identity, *frames])
        while True:
            if not router.poll(RAW_TIMEOUT_MS):
                raise RuntimeError(f"the organ did not answer {ability}")
            _, *answer = router.recv_multipart()
            if answer[1] == Reply.KIND:
                break  # heartbeats and reports are not the answer
        took.append(time.perf_counter() - started)
    return took


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process (every thread), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
