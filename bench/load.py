"""Sustained load: N echo organs and C client processes calling as fast as they can for S seconds.

Each client process has its own Client and calls echo.echo on a random organ in a closed loop; every call
carries a unique token that the organ echoes back, and every reply is checked against it, so a lost, duplicated
or misrouted reply is counted rather than missed. The parent samples the heart's RSS every second.
Baseline, in the same run: the same client processes against one raw pyzmq ROUTER echo process
(bench/_raw_echo.py), checking the same tokens. Prints calls/s, p50/p99, lost/duplicated, RSS start/end/max.

With --lanes the mesh has `[heart] lanes = true` and each client calls through `Client.call`, which takes the
lanes the heart grants (docs/protocol.md, "Lanes"): successes come straight from the organs. A reply to no
waiting call (a duplicate or a stray) is counted by the client (`Client.strays`) and, after the run, by
draining its heart and lane sockets; a reply with another call's token is counted as misrouted, as before.

    python bench/load.py [--seconds 60] [--organs 20] [--clients 8] [--baseline-seconds 15] [--lanes]
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing as mp
import random
import subprocess
import sys
import itertools
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import zmq

from _mesh import Mesh, config_text
from _stats import describe, percentile, verdict
from actors.client import Client
from broker import protocol, wire
from broker.errors import DecodeError, MeshError
from broker.home import Home
from broker.protocol import Call

PS = (50, 99)
MS = 1e3
CALL_DEADLINE_S = 10.0  # a reply that has not come by then is lost (the heart would have answered timeout)
CALL_TIMEOUT_S = 5.0  # the heart's deadline for each call
WARMUP_CALLS = 20
CATCH_UP = 10  # slots a paced client may fall behind and make up
DRAIN_S = 0.5  # after the run, each client waits this long for late (duplicate or stray) replies
START_TIMEOUT_S = 120.0
FLAT_SLACK_KIB = 8 * 1024
FLAT_FRACTION = 0.10


@dataclass
class Tally:
    """What one client process saw."""

    sent: int = 0
    ok: int = 0  # a reply with the right id and the right token
    failed: Counter = field(default_factory=Counter)  # replies with ok false, by cause
    lost: int = 0  # no reply within CALL_DEADLINE_S
    duplicated: int = 0  # a second reply to an id already answered
    wrong: int = 0  # the right id with another call's token
    stray: int = 0  # a reply to an id this client never sent
    latencies_s: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("sent", "ok", "lost", "duplicated", "wrong", "stray"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failed.update(other.failed)
        self.latencies_s += other.latencies_s


# -- the client processes -------------------------------------------------------------------

class Caller:
    """One client's closed loop over a DEALER, accounting for every reply that arrives."""

    def __init__(self, dealer: zmq.Socket, raw: bool) -> None:
        self.dealer = dealer
        self.raw = raw  # the raw echo sends the Call itself back, not a Reply
        self.tally = Tally()
        self.answered: set[str] = set()
        self.tokens: dict[str, str] = {}
        self.ids = map(f"{secrets.token_hex(12)}-{{}}".format, itertools.count(1))  # as actors.client.Client's

    def call(self, organ: str, token: str) -> None:
        call = Call(id=next(self.ids), organ=organ, ability="echo", args={"x": token}, timeout_s=CALL_TIMEOUT_S)
        self.tokens[call.id] = token
        started = time.perf_counter()
        wire.send(self.dealer, protocol.encode(call))
        self.tally.sent += 1
        deadline = time.monotonic() + CALL_DEADLINE_S
        while (left := deadline - time.monotonic()) > 0:
            if self.dealer.poll(int(left * 1000) + 1) and self._receive() == call.id:
                self.tally.latencies_s.append(time.perf_counter() - started)
                return
        self.tally.lost += 1

    def drain(self) -> None:
        deadline = time.monotonic() + DRAIN_S
        while (left := deadline - time.monotonic()) > 0:
            if self.dealer.poll(int(left * 1000) + 1):
                self._receive()

    def _receive(self) -> str | None:
        try:
            msg = protocol.decode(wire.receive(self.dealer, wire.NOBLOCK))
        except DecodeError:
            self.tally.stray += 1
            return None
        if msg.id not in self.tokens:
            self.tally.stray += 1
            return None
        if msg.id in self.answered:
            self.tally.duplicated += 1
            return None
        self.answered.add(msg.id)
        token = self.tokens[msg.id]
        if self.raw:
            echoed, ok, cause = msg.args.get("x"), True, ""
        else:
            echoed, ok, cause = msg.result, msg.ok, (msg.error.cause if msg.error else "unknown")
        if not ok:
            self.tally.failed[cause] += 1
        elif echoed == token:
            self.tally.ok += 1
        else:
            self.tally.wrong += 1
        return msg.id


class LaneCaller:
    """One client's closed loop through `Client.call` (lanes taken as granted), accounting for every reply."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.tally = Tally()

    def call(self, organ: str, token: str) -> None:
        started = time.perf_counter()
        self.tally.sent += 1
        try:
            reply = self.client.call(organ, "echo", {"x": token}, timeout_s=CALL_TIMEOUT_S)
        except MeshError:  # no answer by the deadline
            self.tally.lost += 1
            return
        self.tally.latencies_s.append(time.perf_counter() - started)
        if not reply.ok:
            self.tally.failed[reply.error.cause if reply.error else "unknown"] += 1
        elif reply.result == token:
            self.tally.ok += 1
        else:
            self.tally.wrong += 1

    def drain(self) -> None:
        """Count what still arrives on the client's sockets: every reply now is a duplicate or a stray."""
        lanes = {lane.fileno(): lane for lane in self.client.lanes.values()}
        poller = zmq.Poller()
        poller.register(self.client.dealer, zmq.POLLIN)
        for fd in lanes:
            poller.register(fd, zmq.POLLIN)
        deadline = time.monotonic() + DRAIN_S
        while (left := deadline - time.monotonic()) > 0:
            for sock, _ in poller.poll(int(left * 1000) + 1):
                lane = lanes.get(sock) if type(sock) is int else None
                if lane is None:
                    try:
                        arrived = [wire.receive(sock, wire.NOBLOCK)]
                    except zmq.Again:
                        continue
                else:
                    lane.read()
                    arrived = list(lane.inbox)
                    lane.inbox.clear()
                    if lane.gone():
                        poller.unregister(sock)
                for frames in arrived:
                    try:
                        msg = protocol.decode(frames)
                    except DecodeError:
                        continue
                    if type(msg) is protocol.Reply:
                        self.tally.stray += 1
        self.tally.stray += self.client.strays
        self.client.strays = 0


def client_process(index: int, target: str, raw: bool, organs: list[str], seconds: float, start: mp.Barrier,
                   results: mp.Queue, lanes: bool = False, rate: float = 0.0) -> None:
    """Warm up, wait for every other client, then call for `seconds` and report a Tally: in a closed loop, or
    paced at `rate` calls/s (calls behind their slots go at once, up to CATCH_UP of them; older slots
    are given up)."""
    if lanes:
        client = Client(target)
        close = client.close
    elif raw:
        ctx = zmq.Context()
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.connect(target)
        close = functools.partial(ctx.destroy, linger=0)
    else:
        client = Client(target)
        dealer, close = client.dealer, client.close
    rng = random.Random(index)
    caller = LaneCaller(client) if lanes else Caller(dealer, raw)
    try:
        for n in range(WARMUP_CALLS):
            caller.call(rng.choice(organs), f"warm-{index}-{n}")
        caller.drain()
        caller.tally = Tally()  # the warm-up is not measured; its ids stay known, so a late duplicate still counts
        start.wait(timeout=START_TIMEOUT_S)
        stop_at = time.monotonic() + seconds
        n, due = 0, time.monotonic()
        while (now := time.monotonic()) < stop_at:
            if rate:
                if due > now:
                    time.sleep(due - now)
                due = max(due, now - CATCH_UP / rate) + 1.0 / rate
            caller.call(rng.choice(organs), f"{index}-{n}")
            n += 1
        caller.drain()
    finally:
        close()
    results.put(caller.tally)


# -- the runs -------------------------------------------------------------------------------

def run_clients(target: str, raw: bool, organs: list[str], clients: int, seconds: float,
                sample=None, lanes: bool = False, rate: float = 0.0) -> tuple[Tally, float, list[int]]:
    """Run the client processes against one target (closed loops, or `rate` calls/s in all); return their
    tally, the window length and samples."""
    ctx = mp.get_context("spawn")
    start = ctx.Barrier(clients + 1)
    results = ctx.Queue()
    procs = [ctx.Process(target=client_process, args=(i, target, raw, organs, seconds, start, results, lanes, rate / clients),
                         daemon=True)
             for i in range(clients)]
    for proc in procs:
        proc.start()
    samples: list[int] = []
    try:
        start.wait(timeout=START_TIMEOUT_S)
        began = time.monotonic()
        while time.monotonic() - began < seconds:
            if sample is not None:
                samples.append(sample())
            time.sleep(min(1.0, max(0.0, seconds - (time.monotonic() - began))))
        if sample is not None:
            samples.append(sample())
        total = Tally()
        for _ in procs:
            total.add(results.get(timeout=CALL_DEADLINE_S + DRAIN_S + 60))
    finally:
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
    return total, seconds, samples  # calls are counted when sent inside the window


def rss_kib(pid: int) -> int:
    """Resident set size of a process, from /proc/PID/status."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def raw_echo(endpoint: str) -> subprocess.Popen:
    """Start the raw ROUTER echo in a process of its own."""
    return subprocess.Popen([sys.executable, str(Path(__file__).with_name("_raw_echo.py")), endpoint])


def summary(name: str, tally: Tally, seconds: float) -> str:
    rate = tally.sent / seconds
    latency = describe(tally.latencies_s, PS, "ms", MS, 2) if tally.latencies_s else "no replies"
    return (f"{name}: {tally.sent} calls in {seconds:.1f}s = {rate:.0f} calls/s; {latency}; ok {tally.ok}, "
            f"failed {dict(tally.failed) or 0}, lost {tally.lost}, duplicated {tally.duplicated}, "
            f"wrong token {tally.wrong}, stray {tally.stray}")


def main() -> None:
    args = _parse_args()
    organs = [f"echo{n:02d}" for n in range(1, args.organs + 1)]
    config = config_text({name: {"module": "bench.organs.echo"} for name in organs}, beat_s=1.0,
                         quiet_after_s=3600.0, lanes=args.lanes)
    print(f"load: {args.organs} organs, {args.clients} client processes, {args.seconds:g}s "
          f"(baseline {args.baseline_seconds:g}s){', lanes on (Client.call)' if args.lanes else ''}", flush=True)
    with Mesh(config) as mesh:
        heart_pid = Home(mesh.home).read_endpoints()["pid"]
        mesh_tally, mesh_s, rss = run_clients(str(mesh.home), False, organs, args.clients, args.seconds,
                                              lambda: rss_kib(heart_pid), lanes=args.lanes)
        endpoint = f"ipc://{mesh.home}/raw.sock"
        server = raw_echo(endpoint)
        try:
            raw_tally, raw_s, _ = run_clients(endpoint, True, organs, args.clients, args.baseline_seconds)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(summary("mesh", mesh_tally, mesh_s))
    print(summary("raw zmq ROUTER echo", raw_tally, raw_s))
    mesh_rate, raw_rate = mesh_tally.sent / mesh_s, raw_tally.sent / raw_s
    if mesh_tally.latencies_s and raw_tally.latencies_s:
        p50, p99 = (percentile(mesh_tally.latencies_s, p) / percentile(raw_tally.latencies_s, p) for p in PS)
        print(f"throughput ratio mesh/raw = {mesh_rate / raw_rate:.2f}x; p50 ratio mesh/raw = {p50:.2f}x; "
              f"p99 ratio mesh/raw = {p99:.2f}x")
    start, end, peak = rss[0], rss[-1], max(rss)
    print(f"heart RSS: start {start / 1024:.1f} MiB, end {end / 1024:.1f} MiB, max {peak / 1024:.1f} MiB "
          f"(sampled every 1 s, n={len(rss)})")
    clean = mesh_tally.lost == mesh_tally.duplicated == mesh_tally.wrong == mesh_tally.stray == 0
    print(f"no lost, duplicated or misrouted replies: {verdict(clean)}")
    flat = end - start <= max(FLAT_SLACK_KIB, FLAT_FRACTION * start)
    print(f"heart memory flat (end - start <= max(8 MiB, 10% of start)): {verdict(flat)}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the mesh run (default 60)")
    parser.add_argument("--organs", type=int, default=20, help="echo organs in the mesh (default 20)")
    parser.add_argument("--clients", type=int, default=8, help="client processes (default 8)")
    parser.add_argument("--baseline-seconds", type=float, default=15.0,
                        help="length of the raw-echo baseline run (default 15)")
    parser.add_argument("--lanes", action="store_true",
                        help="lanes on, clients through Client.call (successes straight from the organs)")
    return parser.parse_args()


if __name__ == "__main__":
    main()
