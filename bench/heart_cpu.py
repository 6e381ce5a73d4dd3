"""The heart's own CPU per call: a real Heart on a thread of this process, its CPU clock read around N calls.

A client and an organ (plain DEALER sockets, in a child process of their own so that they share no GIL
with the heart) make N sequential calls through the heart (call in, forwarded, reply in, forwarded back:
two messages handled per call). What is reported is the heart thread's CPU time per call
(`pthread_getcpuclockid`) and the wall time per call as the child saw it. Where a mesh's time goes,
process by process: bench/profile.py.

With --subscribe a SUB takes every event (as the memory organ of the default mesh does), so the heart
encodes and sends an event.call per call too; without it nobody listens, and the heart knows (XPUB).

    python bench/heart_cpu.py [--n 5000] [--rounds 3] [--subscribe]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import zmq

from broker import protocol
from broker.config import parse
from broker.heart import Heart
from broker.home import Home
from broker.protocol import Ability, Call, Register, Reply

MESH = '[heart]\nmetrics = ""\nzygote = false\n[organs.echo]\nexternal = true\n'
WAIT_MS = 5000
WARMUP = 300


def main() -> None:
    args = _parse_args()
    per_call = [_round(args.n, args.subscribe) for _ in range(args.rounds)]
    print(f"heart CPU per call: median {statistics.median(per_call):.1f} us over {args.rounds} rounds of "
          f"{args.n} calls ({', '.join(f'{v:.1f}' for v in per_call)}){' with a subscriber of event.' if args.subscribe else ''}; "
          f"load average {os.getloadavg()[0]:.2f}")


def _round(n: int, subscribe: bool) -> float:
    root = Path(tempfile.mkdtemp(prefix="hc", dir="/tmp"))  # short: ipc:// paths are limited to ~107 bytes
    try:
        heart = _heart(root)
        thread = threading.Thread(target=heart.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + WAIT_MS / 1000
        while not heart.endpoints and time.monotonic() < deadline:
            time.sleep(0.01)
        ctx = zmq.Context()
        sub = None
        try:
            if subscribe:  # never read: past its high-water mark the heart's sends are dropped, not blocked
                sub = ctx.socket(zmq.SUB)
                sub.setsockopt(zmq.LINGER, 0)
                sub.connect(heart.endpoints["blood"])
                sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT)
                time.sleep(0.2)  # the subscription reaches the heart
            peers = subprocess.Popen([sys.executable, __file__, "--peers", heart.endpoints["router"], str(n)],
                                     stdout=subprocess.PIPE, text=True)
            clock = time.pthread_getcpuclockid(thread.ident)
            if peers.stdout.readline().strip() != "measuring":
                raise RuntimeError("the peers did not start")
            started = time.clock_gettime(clock)
            wall = float(peers.stdout.readline())
            busy = time.clock_gettime(clock) - started
            peers.wait(WAIT_MS / 1000)
        finally:
            heart.stop("bench over")
            thread.join(WAIT_MS / 1000)
            if sub is not None:
                sub.close(linger=0)
            ctx.destroy(linger=0)
        print(f"  {n} calls: heart CPU {busy / n * 1e6:.1f} us/call, round trip {wall / n * 1e6:.0f} us/call")
        return busy / n * 1e6
    finally:
        shutil.rmtree(root, ignore_errors=True)


def peers(endpoint: str, n: int) -> None:
    """The child: an organ and a client; warm up, say so, make n calls, print their wall time."""
    ctx = zmq.Context()
    try:
        organ, client = (_dealer(ctx, endpoint) for _ in range(2))
        organ.send_multipart(protocol.encode(Register(organ="echo", pid=os.getpid(),
                                                      abilities=(Ability("echo", read_only=True),))))
        _recv(organ)
        for _ in range(WARMUP):
            _call(client, organ)
        print("measuring", flush=True)
        started = time.perf_counter()
        for _ in range(n):
            _call(client, organ)
        print(time.perf_counter() - started, flush=True)
    finally:
        ctx.destroy(linger=0)


def _heart(root: Path) -> Heart:
    try:
        return Heart(parse(MESH), Home(root / "home"), root, exposure=False)
    except TypeError:  # a heart from before v2: no exposure switch, and signals only on the main thread
        signal.set_wakeup_fd = lambda *args, **kwargs: -1
        return Heart(parse(MESH), Home(root / "home"), root)


def _dealer(ctx: zmq.Context, endpoint: str) -> zmq.Socket:
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.connect(endpoint)
    return sock


def _recv(sock: zmq.Socket):
    if not sock.poll(WAIT_MS):
        raise RuntimeError(f"nothing from the heart within {WAIT_MS} ms")
    return protocol.decode(sock.recv_multipart())


def _call(client: zmq.Socket, organ: zmq.Socket) -> None:
    client.send_multipart(protocol.encode(Call(id=uuid.uuid4().hex, organ="echo", ability="echo", args={"x": "hi"})))
    while not isinstance(call := _recv(organ), Call):
        pass  # a heartbeat from the heart
    organ.send_multipart(protocol.encode(Reply(id=call.id, ok=True, result="hi", duration_s=1e-5)))
    if not _recv(client).ok:
        raise RuntimeError("the call failed")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=5000, help="measured calls per round (default 5000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each with a fresh heart (default 3)")
    parser.add_argument("--subscribe", action="store_true", help="a subscriber of every event is connected")
    return parser.parse_args()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--peers"]:
        peers(sys.argv[2], int(sys.argv[3]))
    else:
        main()
