"""The organ loop inside the test process: a real OrganLoop on a thread of its own, the heart played by a bare
ROUTER on a short ipc:// path. Where calls run (workers or the loop's thread), a call that blocks the loop's
thread taken over by the guard, and a question asked from the loop's thread. Every wait is bounded."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
import zmq

from actors._loop import DOZE_S, OrganLoop
from actors._placement import PROBATION, TAKE_OVER_S
from actors.organ import Organ, ability
from broker import protocol
from broker.protocol import Answer, Ask, Call, Heartbeat, Register, Reply, Welcome

WAIT_MS = 5000
HEARTBEAT_S = 0.05
MAX_CALLS = 20 * PROBATION  # calls made to promote an ability before a test gives up


class Probe(Organ):
    name = "probe"
    workers = 2

    @ability("Say which thread ran the call.", read_only=True, params={"x": {"type": "string"}})
    def where(self, x: str) -> dict:
        return {"x": x, "thread": threading.current_thread().name}

    @ability("Sleep, then say which thread ran the call.", read_only=True,
             params={"seconds": {"type": "number", "minimum": 0}})
    def nap(self, seconds: float) -> dict:
        time.sleep(seconds)
        return {"thread": threading.current_thread().name}

    @ability("Say which thread ran the call; never on the loop's.", read_only=True, inline=False)
    def pinned(self) -> dict:
        return {"thread": threading.current_thread().name}

    @ability("Ask the caller for a name, or not.", read_only=True, params={"ask": {"type": "boolean"}})
    def who(self, ask: bool) -> dict:
        answer = self.elicit("Your name?", {"type": "object", "properties": {"name": {"type": "string"}}},
                             timeout_s=3.0) if ask else None
        return {"answer": answer, "thread": threading.current_thread().name}


class Crowd(Probe):
    """Counts the calls of `crowd` running at once."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lock = threading.Lock()
        self.running = self.most = 0

    @ability("Sleep while counted among the calls running at once.", read_only=True,
             params={"seconds": {"type": "number", "minimum": 0}})
    def crowd(self, seconds: float) -> dict:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(seconds)
        finally:
            with self.lock:
                self.running -= 1
        return {"thread": threading.current_thread().name}


class FakeHeart:
    """A ROUTER that welcomes one organ and sends it calls; it answers questions when told to."""

    def __init__(self, endpoint: str) -> None:
        self.ctx = zmq.Context()
        self.router = self.ctx.socket(zmq.ROUTER)
        self.router.setsockopt(zmq.LINGER, 0)
        self.router.bind(endpoint)
        self.ident = b""
        self.heartbeats: list[float] = []  # arrival times
        self.asks: list[Ask] = []
        self.replies: dict[str, Reply] = {}  # every reply received, by call id

    def welcome(self, liveness: int = 200) -> None:
        # this heart sends calls and nothing else: with a short liveness a loaded machine's pause between two
        # calls reads as a silent heart, the organ reconnects under a new identity, and calls sent to the old
        # one are dropped by the ROUTER (a test then waits in vain); 200 beats of 0.05 s outlast every test
        msg = self._next(lambda m: isinstance(m, Register))
        self._send(Welcome(organ=msg.organ, heartbeat_s=HEARTBEAT_S, liveness=liveness, blood=""))

    def send_call(self, ability_name: str, args: dict) -> str:
        call = Call(id=uuid.uuid4().hex, organ="probe", ability=ability_name, args=args, timeout_s=5.0)
        self._send(call)
        return call.id

    def reply(self, call_id: str, answer=None) -> Reply:
        """Wait for the reply to call_id, answering every question with answer(ask) meanwhile."""
        def wanted(msg) -> bool:
            if isinstance(msg, Ask) and answer is not None:
                self.asks.append(msg)
                self._send(answer(msg))
            return call_id in self.replies
        return self.replies[call_id] if call_id in self.replies else self._next(wanted)

    def call(self, ability_name: str, **args) -> Reply:
        return self.reply(self.send_call(ability_name, args))

    def _send(self, msg) -> None:
        self.router.send_multipart([self.ident, *protocol.encode(msg)] if self.ident else protocol.encode(msg))

    def _next(self, wanted):
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            if not self.router.poll(max(1, int((deadline - time.monotonic()) * 1000))):
                break
            ident, *frames = self.router.recv_multipart()
            self.ident = ident
            msg = protocol.decode(frames)
            if isinstance(msg, Heartbeat):
                self.heartbeats.append(time.monotonic())
            elif isinstance(msg, Reply):
                self.replies[msg.id] = msg
            if wanted(msg):
                return msg
        raise AssertionError(f"nothing wanted arrived within {WAIT_MS} ms")

    def close(self) -> None:
        self.ctx.destroy(linger=0)


@pytest.fixture
def organ_loop():
    """A probe organ's loop on a thread, welcomed by a fake heart; stopped and joined after the test."""
    where = Path(tempfile.mkdtemp(prefix="ol-", dir="/tmp"))  # short: ipc paths are limited to ~107 bytes
    heart = FakeHeart(f"ipc://{where / 'h.sock'}")
    loop = OrganLoop(Crowd(), f"ipc://{where / 'h.sock'}", heartbeat_s=HEARTBEAT_S, orphan_after_s=30)
    runner = threading.Thread(target=loop.run, kwargs={"signals": False}, name="probe-loop", daemon=True)
    runner.start()
    try:
        heart.welcome()
        yield heart, loop
    finally:
        loop.stop("the test ended")
        runner.join(timeout=5)
        heart.close()
        shutil.rmtree(where, ignore_errors=True)
    assert not runner.is_alive(), "the organ loop did not stop"


def promote(heart: FakeHeart, ability_name: str, **args) -> list[str]:
    """Call an ability until the loop's thread runs it (a slow run on a busy machine delays that), then once
    more; the threads that ran each call."""
    threads: list[str] = []
    while len(threads) < MAX_CALLS and threads[-2:] != ["probe-loop"] * 2:
        threads.append(heart.call(ability_name, **args).result["thread"])
    return threads


def test_an_ability_whose_runs_are_quick_moves_from_the_workers_to_the_loops_thread(organ_loop):
    heart, _ = organ_loop

    threads = promote(heart, "where", x="hi")

    assert all(t.startswith("probe-call-") for t in threads[:PROBATION])
    assert threads[-1] == "probe-loop"
    assert threads.index("probe-loop") < MAX_CALLS / 2


def test_an_ability_whose_runs_are_slow_stays_on_the_workers(organ_loop):
    heart, _ = organ_loop

    threads = [heart.call("nap", seconds=0.003).result["thread"] for _ in range(4 * PROBATION)]

    assert all(t.startswith("probe-call-") for t in threads)


def test_a_call_that_blocks_the_loops_thread_is_taken_over_and_the_organ_answers_meanwhile(organ_loop):
    heart, loop = organ_loop
    promote(heart, "where", x="hi")
    assert promote(heart, "nap", seconds=0)[-1] == "probe-loop"

    heart.heartbeats.clear()
    started = time.monotonic()
    slow = heart.send_call("nap", {"seconds": 0.6})
    quick = heart.reply(heart.send_call("where", {"x": "meanwhile"}))
    answered_quick = time.monotonic() - started
    slow_reply = heart.reply(slow)

    assert quick.ok and quick.result["x"] == "meanwhile"
    assert answered_quick < 0.6 / 2, f"the quick call waited {answered_quick:.3f}s behind the blocked loop"
    assert slow_reply.ok and slow_reply.result["thread"] == "probe-loop"
    gaps = [b - a for a, b in zip(heart.heartbeats, heart.heartbeats[1:])]
    assert len(heart.heartbeats) >= 5 and max(gaps) < TAKE_OVER_S + 0.2, gaps
    assert heart.call("nap", seconds=0).result["thread"].startswith("probe-call-"), "it blocked once: workers only"
    after = [heart.call("where", x="after").result["thread"] for _ in range(PROBATION)]
    assert "probe-loop" in after, "the loop's thread runs calls again once it has the loop back"
    assert loop.workers.busy == 0


def test_a_call_that_blocks_the_loops_thread_after_a_quiet_spell_is_taken_over_all_the_same(organ_loop):
    heart, loop = organ_loop
    promote(heart, "where", x="hi")
    assert promote(heart, "nap", seconds=0)[-1] == "probe-loop"
    deadline = time.monotonic() + 5 * DOZE_S
    while not loop.dozing and time.monotonic() < deadline:
        heart.heartbeats.clear()
        heart._next(lambda msg: isinstance(msg, Heartbeat))  # the organ idles; the guard goes to sleep
    assert loop.dozing

    started = time.monotonic()
    slow = heart.send_call("nap", {"seconds": 0.6})
    quick = heart.reply(heart.send_call("where", {"x": "meanwhile"}))

    assert quick.ok and time.monotonic() - started < 0.6 / 2
    assert heart.reply(slow).ok


def test_a_call_on_the_loops_thread_that_asks_its_caller_gets_the_answer(organ_loop):
    heart, _ = organ_loop
    assert promote(heart, "who", ask=False)[-1] == "probe-loop"

    reply = heart.reply(heart.send_call("who", {"ask": True}), lambda ask: Answer(
        id=ask.id, ok=True, result={"action": "accept", "content": {"name": "Ada"}}))

    assert reply.ok and reply.result == {"answer": {"action": "accept", "content": {"name": "Ada"}},
                                         "thread": "probe-loop"}
    assert len(heart.asks) == 1
    assert heart.call("where", x="after").ok


def test_an_ability_declared_not_inline_always_runs_on_workers_however_quick(organ_loop):
    heart, _ = organ_loop

    threads = [heart.call("pinned").result["thread"] for _ in range(4 * PROBATION)]

    assert all(t.startswith("probe-call-") for t in threads)


def test_an_organ_never_runs_more_calls_at_once_than_it_has_workers_even_with_one_taken_over(organ_loop):
    heart, loop = organ_loop
    assert promote(heart, "crowd", seconds=0)[-1] == "probe-loop"

    ids = [heart.send_call("crowd", {"seconds": 0.3}) for _ in range(2 * Crowd.workers + 1)]
    replies = [heart.reply(call_id) for call_id in ids]

    assert all(reply.ok for reply in replies)
    assert loop.organ.most == Crowd.workers
    assert replies[0].result["thread"] == "probe-loop"
    assert loop.workers.busy == 0


def refusing_dealer(loop: OrganLoop, endpoint: str) -> None:
    """Give the loop a DEALER that queues nothing while no heart is there (ZMQ_IMMEDIATE): every send is refused
    with zmq.Again, as when a heart reads too slowly and the queue is full."""
    loop.dealer = loop.ctx.socket(zmq.DEALER)
    loop.dealer.setsockopt(zmq.LINGER, 0)
    loop.dealer.setsockopt(zmq.IMMEDIATE, 1)
    loop.dealer.connect(endpoint)


def test_replies_the_dealer_cannot_take_yet_are_held_in_order_and_sent_once_it_can():
    where = Path(tempfile.mkdtemp(prefix="ol-", dir="/tmp"))
    endpoint = f"ipc://{where / 'h.sock'}"
    loop = OrganLoop(Probe(), endpoint, heartbeat_s=HEARTBEAT_S)
    ctx = zmq.Context()
    try:
        refusing_dealer(loop, endpoint)
        replies = [[b"reply-%d" % i] for i in range(5)]
        for frames in replies:
            loop._send_frames(frames)
        assert list(loop.unsent) == replies, "refused replies are held, in order, not dropped"

        router = ctx.socket(zmq.ROUTER)
        router.setsockopt(zmq.LINGER, 0)
        router.bind(endpoint)
        deadline = time.monotonic() + WAIT_MS / 1000
        while loop.unsent and time.monotonic() < deadline:
            loop._flush_unsent()
            time.sleep(0.01)
        loop._send_frames([b"after"])  # nothing waits any more: sent at once, behind the held ones
        got = []
        while len(got) < len(replies) + 1 and router.poll(WAIT_MS):
            got.append(router.recv_multipart()[1:])
        assert got == [*replies, [b"after"]]
    finally:
        ctx.destroy(linger=0)
        loop.ctx.destroy(linger=0)
        shutil.rmtree(where, ignore_errors=True)


def test_at_most_unsent_cap_messages_wait_and_the_oldest_goes_first(monkeypatch):
    monkeypatch.setattr("actors._loop.UNSENT_CAP", 3)
    where = Path(tempfile.mkdtemp(prefix="ol-", dir="/tmp"))
    loop = OrganLoop(Probe(), f"ipc://{where / 'h.sock'}", heartbeat_s=HEARTBEAT_S)
    try:
        refusing_dealer(loop, f"ipc://{where / 'h.sock'}")
        for i in range(5):
            loop._send_frames([b"%d" % i])
        assert list(loop.unsent) == [[b"2"], [b"3"], [b"4"]]
    finally:
        loop.ctx.destroy(linger=0)
        shutil.rmtree(where, ignore_errors=True)
