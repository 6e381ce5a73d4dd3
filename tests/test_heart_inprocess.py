"""The heart inside the test process (as pyzmq tests its own sockets): a real Heart on a short ipc:// path,
fake organs and clients as plain DEALER sockets speaking broker.protocol, and a fake clock for liveness
and deadlines. No mesh is spawned; every socket is closed with linger=0 and every wait is bounded."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
import zmq

from broker import keys, protocol
from broker.config import parse
from broker.heart import Heart
from broker.home import Home
from broker.protocol import (Ability, Call, Control, ControlReply, Failure, Heartbeat, Refused, Register,
                             Reregister, Reply, Tally, Welcome)
from broker.vocab import Cause, Decision, OrganState
from broker.calls import unavailable_hint

WAIT_MS = 3000  # the longest any receive waits before the test fails
HEARTBEAT_S = 0.05  # real seconds between the loop's heartbeat turns: how fast it notices the fake clock moved
MESH = f"""
[heart]
metrics = ""
zygote = false
heartbeat_s = {HEARTBEAT_S}
liveness = 3
breaker_threshold = 2
breaker_cooldown_s = 30
call_timeout_s = 5
retry_backoff_initial_s = 0.01

[organs.echo]
external = true

[organs.other]
external = true

[organs.healer]
external = true
"""


class FakeClock:
    """Monotonic time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Peer:
    """A DEALER connected to the heart: a fake organ or a client."""

    def __init__(self, ctx: zmq.Context, endpoint: str, pair: keys.KeyPair | None = None, server_key: str = "") -> None:
        self.sock = ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        if pair is not None:  # a remote peer: CURVE, with the key the allow-list knows it by
            self.sock.curve_publickey, self.sock.curve_secretkey = pair.public.encode(), pair.secret.encode()
            self.sock.curve_serverkey = server_key.encode()
        self.sock.connect(endpoint)

    def send(self, msg) -> None:
        self.sock.send_multipart(protocol.encode(msg))

    def frames(self, wait_ms: int = WAIT_MS) -> list[bytes]:
        assert self.sock.poll(wait_ms), f"nothing arrived within {wait_ms} ms"
        return self.sock.recv_multipart()

    def recv(self, kind: type | None = None, wait_ms: int = WAIT_MS):
        """The next message (of this kind: heartbeats the heart sends meanwhile are skipped)."""
        deadline = time.monotonic() + wait_ms / 1000
        while True:
            msg = protocol.decode(self.frames(max(1, int((deadline - time.monotonic()) * 1000))))
            if kind is None or isinstance(msg, kind):
                return msg

    def silent(self, kind: type, wait_ms: int = 200) -> bool:
        """True when no message of this kind arrives within wait_ms."""
        deadline = time.monotonic() + wait_ms / 1000
        while (left := deadline - time.monotonic()) > 0:
            if not self.sock.poll(int(left * 1000) + 1):
                return True
            if isinstance(protocol.decode(self.sock.recv_multipart()), kind):
                return False
        return True

    def control(self, command: str, **args) -> ControlReply:
        request = Control(id=uuid.uuid4().hex, command=command, args=args)
        self.send(request)
        while True:
            reply = self.recv(ControlReply)
            if reply.id == request.id:
                return reply


class Rig:
    """One heart running on a thread of the test process, and the peers a test makes."""

    def __init__(self, root: Path, mesh: str = MESH) -> None:
        self.clock = FakeClock()
        self.ctx = zmq.Context()
        self.heart = Heart(parse(mesh), Home(root / "home"), root, clock=self.clock, exposure=False)
        self.thread = threading.Thread(target=self.heart.run, name="heart", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT_MS / 1000
        while not self.heart.endpoints and time.monotonic() < deadline:
            time.sleep(0.005)
        assert self.heart.endpoints, "the heart did not open its sockets"
        self.peers: list[Peer] = []

    def peer(self, pair: keys.KeyPair | None = None) -> Peer:
        if pair is None:
            peer = Peer(self.ctx, self.heart.endpoints["router"])
        else:
            server_key = keys.read_keypair(self.heart.home.path / "keys" / "heart.key").public
            peer = Peer(self.ctx, self.heart.endpoints["remote"]["router"], pair, server_key)
        self.peers.append(peer)
        return peer

    def organ(self, name: str, *abilities: Ability) -> Peer:
        peer = self.peer()
        peer.send(Register(organ=name, pid=os.getpid(), abilities=abilities or (Ability("echo", read_only=True),)))
        assert isinstance(peer.recv(), Welcome)
        return peer

    def state(self, organ: str) -> str:
        status = self.peer().control("status").result
        return next(o["state"] for o in status["organs"] if o["name"] == organ)

    def tick(self) -> None:
        """Let the loop run a heartbeat turn at the fake clock's time."""
        time.sleep(HEARTBEAT_S * 3)

    def close(self) -> None:
        self.heart.stop("test over")
        self.thread.join(timeout=WAIT_MS / 1000)
        for peer in self.peers:
            peer.sock.close(linger=0)
        self.ctx.term()  # a socket left open would hang here: closing them all is part of the test
        assert not self.thread.is_alive(), "the heart did not stop"


@pytest.fixture
def rig(request):
    root = Path(tempfile.mkdtemp(prefix="h", dir="/tmp"))  # short: ipc:// paths are limited to ~107 bytes
    made = Rig(root, getattr(request, "param", MESH))
    try:
        yield made
    finally:
        made.close()
        shutil.rmtree(root, ignore_errors=True)


def call(ability: str = "echo", organ: str = "echo", **kw) -> Call:
    return Call(id=uuid.uuid4().hex, organ=organ, ability=ability, args=kw.pop("args", {"x": 1}), **kw)


# -- registration and liveness --------------------------------------------------------------

def test_a_declared_organ_registers_and_is_up(rig):
    assert rig.state("echo") == OrganState.STARTING

    rig.organ("echo")

    assert rig.state("echo") == OrganState.UP


def test_an_undeclared_organ_is_refused_with_the_declared_names(rig):
    peer = rig.peer()
    peer.send(Register(organ="ghost", pid=os.getpid()))

    refused = peer.recv()

    assert isinstance(refused, Refused) and "not declared" in refused.reason and "echo" in refused.reason


def test_a_lost_external_organ_that_speaks_again_is_asked_to_register_and_is_up_only_once_it_has(rig):
    organ = rig.organ("echo")

    rig.clock.advance(HEARTBEAT_S * 3 + 1)
    rig.tick()
    lost = rig.state("echo")
    organ.send(Heartbeat(organ="echo"))  # maybe the last words of a connection the organ has closed
    asked = organ.recv(Reregister)
    still = rig.state("echo")
    organ.send(Register(organ="echo", pid=os.getpid(), abilities=(Ability("echo", read_only=True),)))
    organ.recv(Welcome)

    assert "lost it" in asked.reason
    assert (lost, still, rig.state("echo")) == (OrganState.LOST, OrganState.LOST, OrganState.UP)


def test_a_heartbeat_from_an_unknown_connection_is_told_to_register_again(rig):
    peer = rig.peer()
    peer.send(Heartbeat(organ="echo"))

    assert type(peer.recv()).__name__ == "Reregister"


# -- routing --------------------------------------------------------------------------------

def test_a_call_reaches_its_organ_as_sent_and_the_reply_comes_back_byte_for_byte(rig):
    organ, client = rig.organ("echo"), rig.peer()
    request = call()

    client.send(request)
    got = organ.frames()
    answer = protocol.encode(Reply(id=request.id, ok=True, result={"x": 1}, duration_s=0.001))
    organ.sock.send_multipart(answer)

    assert got[1:] == protocol.encode(request)[1:]
    assert client.frames() == answer


def test_calls_to_two_organs_reach_only_their_own(rig):
    echo, other, client = rig.organ("echo"), rig.organ("other"), rig.peer()

    client.send(call(organ="other"))

    assert other.recv(Call).organ == "other"
    assert echo.silent(Call)


# -- refusals -------------------------------------------------------------------------------

def test_an_unknown_ability_is_refused_without_reaching_the_organ(rig):
    organ, client = rig.organ("echo"), rig.peer()

    client.send(call("nope"))
    reply = client.recv(Reply)

    assert reply.error.cause == Cause.TOOL_MISSING and "echo" in reply.error.message
    assert organ.silent(Call)


def test_a_call_to_an_organ_not_up_says_why(rig):
    reply_to = rig.peer()
    reply_to.send(call())

    reply = reply_to.recv(Reply)

    assert reply.error.cause == Cause.CRASHED and "starting" in reply.error.message


def test_only_the_heart_may_call_the_healers_heal(rig):
    rig.organ("healer", Ability("heal"))
    client = rig.peer()

    client.send(call("heal", organ="healer"))

    assert client.recv(Reply).error.cause == Cause.TOOL_MISSING


def test_a_request_id_already_in_flight_is_refused(rig):
    rig.organ("echo")
    client = rig.peer()
    request = call()

    client.send(request)
    client.send(request)

    assert client.recv(Reply).error.cause == Cause.BAD_PARAMS


CURVE_MESH = MESH.replace('[heart]\n', '[heart]\nrouter = "tcp://127.0.0.1:*"\n')


@pytest.mark.parametrize("rig", [CURVE_MESH], indirect=True, ids=["curve"])
def test_a_client_key_over_curve_may_call_a_read_only_ability_but_not_one_with_side_effects(rig):
    organ = rig.organ("echo", Ability("echo", read_only=True), Ability("write"))
    pair = keys.new_keypair("laptop")
    keys.allow(rig.heart.home.path, pair.public, "laptop", "client")
    remote = rig.peer(pair)

    remote.send(call("write"))
    refused = remote.recv(Reply)
    remote.send(call("echo"))
    forwarded = organ.recv(Call)

    assert refused.error.cause == Cause.PERMISSION and "read-only" in refused.error.message
    assert forwarded.ability == "echo"


# -- deadlines ------------------------------------------------------------------------------

def test_a_call_its_organ_never_answers_times_out_at_its_deadline(rig):
    organ, client = rig.organ("echo"), rig.peer()
    client.send(call(timeout_s=2.0))
    organ.frames()

    early = client.silent(Reply, wait_ms=100)
    rig.clock.advance(2.5)

    assert early
    assert client.recv(Reply).error.cause == Cause.TIMEOUT


def test_an_answer_after_the_deadline_never_reaches_the_caller(rig):
    organ, client = rig.organ("echo"), rig.peer()
    request = call(timeout_s=1.0)
    client.send(request)
    organ.frames()
    rig.clock.advance(1.5)
    assert client.recv(Reply).error.cause == Cause.TIMEOUT

    organ.send(Reply(id=request.id, ok=True, result="late"))

    assert client.silent(Reply)


# -- the breaker and retries ----------------------------------------------------------------

def fail(organ: Peer, cause: str = Cause.NETWORK) -> None:
    request = organ.recv(Call)
    organ.send(Reply(id=request.id, ok=False, error=Failure(cause, "connection reset by peer")))


def test_failures_past_the_threshold_open_the_breaker_and_calls_fail_fast(rig):
    organ, client = rig.organ("echo"), rig.peer()
    for _ in range(2):  # breaker_threshold
        client.send(call())
        fail(organ)
        assert client.recv(Reply).error.cause == Cause.NETWORK

    client.send(call())
    refused = client.recv(Reply)

    assert (refused.error.cause, refused.error.decision) == (Cause.ORGAN_UNHEALTHY, Decision.FAIL_FAST)
    assert organ.silent(Call)


def test_the_callers_own_mistakes_never_open_the_breaker(rig):
    organ, client = rig.organ("echo"), rig.peer()
    for _ in range(3):
        client.send(call())
        fail(organ, Cause.BAD_PARAMS)
        assert client.recv(Reply).error.cause == Cause.BAD_PARAMS

    client.send(call())

    assert organ.recv(Call).ability == "echo"  # forwarded: the breaker is still closed


def test_a_transient_failure_of_a_read_only_ability_is_handed_to_the_healer_and_its_retry_answers(rig):
    organ, healer, client = rig.organ("echo"), rig.organ("healer", Ability("heal")), rig.peer()
    request = call()
    client.send(request)
    fail(organ)

    heal = healer.recv(Call)
    retried = Reply(id=request.id, ok=True, result={"x": 1})
    healer.send(Reply(id=heal.id, ok=True, result={"reply": protocol.to_plain(retried), "retried": 1}))
    final = client.recv(Reply)

    assert heal.ability == "heal" and heal.args["call"]["id"] == request.id and heal.args["retries"] >= 1
    assert (final.ok, final.result, final.retried) == (True, {"x": 1}, 1)


def test_a_failure_of_an_ability_with_side_effects_goes_back_to_the_caller(rig):
    organ = rig.organ("echo", Ability("write"))
    healer, client = rig.organ("healer", Ability("heal")), rig.peer()
    client.send(call("write"))
    fail(organ)

    reply = client.recv(Reply)

    assert (reply.error.cause, reply.error.decision) == (Cause.NETWORK, Decision.REFER)
    assert healer.silent(Call)


# -- events ---------------------------------------------------------------------------------

def test_a_call_event_is_published_to_a_subscriber_of_event_call(rig):
    organ, client = rig.organ("echo"), rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"call")
    try:
        client.send(call())
        organ.send(Reply(id=organ.recv(Call).id, ok=True, result=1))
        client.recv(Reply)

        assert sub.poll(WAIT_MS)
        event = protocol.decode_event(sub.recv_multipart())
        assert (event.kind, event.organ, event.ability, event.ok) == ("call", "echo", "echo", True)
    finally:
        sub.close(linger=0)

def subscribed(rig: Rig, client: Peer, *topics: bytes) -> zmq.Socket:
    """A SUB on the heart's blood endpoint whose subscriptions are live (it got a sync mark)."""
    sub = rig.ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.connect(rig.heart.endpoints["blood"])
    token = uuid.uuid4().hex
    for topic in (*topics, protocol.SYNC + token.encode()):
        sub.setsockopt(zmq.SUBSCRIBE, topic)
    for _ in range(50):
        client.control("sync", token=token)
        if sub.poll(50):
            break
    assert protocol.decode_sync(sub.recv_multipart()).token == token
    return sub


def test_a_call_event_carries_small_arguments_whole_and_large_ones_by_name(rig):
    organ, client = rig.organ("echo"), rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"call")
    try:
        for args in ({"x": 1}, {"content": "x" * 40_000, "path": "a"}):
            client.send(call(args=args))
            organ.send(Reply(id=organ.recv(Call).id, ok=True, result=1))
            client.recv(Reply)
        assert sub.poll(WAIT_MS) and protocol.decode_event(sub.recv_multipart()).args == {"x": 1}
        assert sub.poll(WAIT_MS)
        large = protocol.decode_event(sub.recv_multipart()).args
        assert large["_truncated"] is True and sorted(large["_keys"]) == ["content", "path"]
    finally:
        sub.close(linger=0)


def test_a_tool_call_the_host_ran_is_journalled_as_host_and_counted(rig):
    client = rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"call")
    try:
        assert client.control("record", tool="Bash", ok=False, cause="made-up", message="exit 1").ok
        assert sub.poll(WAIT_MS)
        event = protocol.decode_event(sub.recv_multipart())
    finally:
        sub.close(linger=0)

    assert (event.organ, event.ability, event.ok, event.cause) == ("host", "Bash", False, Cause.UNKNOWN)
    assert rig.heart.metrics.calls.labels("host", "error")._value.get() == 1


def test_an_event_nobody_subscribes_to_still_takes_its_number(rig):
    organ, client = rig.organ("echo"), rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"alert")
    try:
        before = rig.heart.events.seq
        client.send(call())
        organ.send(Reply(id=organ.recv(Call).id, ok=True, result=1))
        client.recv(Reply)
        client.control("alert", level="info", message="after the call")

        assert sub.poll(WAIT_MS)
        alert = protocol.decode_event(sub.recv_multipart())
        assert (alert.kind, alert.message) == ("alert", "after the call")
        assert alert.seq == before + 2  # the call's event took a number; only the alert was sent
        assert not sub.poll(100)
    finally:
        sub.close(linger=0)


def test_a_tally_of_lane_successes_is_counted_and_numbered_as_that_many_calls(rig):
    organ, client = rig.organ("echo"), rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"alert")
    try:
        before = rig.heart.events.seq
        calls = tuple(call(args={"n": n}) for n in range(3))
        organ.send(Tally(organ="echo", calls=calls, durations=(0.001, 0.002, 0.003), sizes=(10, 10, 10)))
        counted = rig.heart.metrics.calls.labels("echo", "ok")._value.get
        deadline = time.monotonic() + WAIT_MS / 1000
        while counted() < 3 and time.monotonic() < deadline:  # the tally and the alert come on two connections:
            time.sleep(0.005)  # the heart may read either first
        client.control("alert", level="info", message="after the tally")

        assert sub.poll(WAIT_MS)
        assert protocol.decode_event(sub.recv_multipart()).seq == before + 4  # three calls numbered, unsent
    finally:
        sub.close(linger=0)
    metrics = rig.heart.metrics
    assert metrics.calls.labels("echo", "ok")._value.get() == 3
    assert metrics.call_seconds.labels("echo")._sum.get() == pytest.approx(0.006)


def test_each_call_of_a_tally_is_published_to_a_subscriber_of_event_call(rig):
    organ, client = rig.organ("echo"), rig.peer()
    sub = subscribed(rig, client, protocol.EVENT + b"call")
    try:
        calls = (call(args={"n": 1}), call(args={"content": "x" * 40_000}))
        organ.send(Tally(organ="echo", calls=calls, durations=(0.001, 0.002), sizes=(20, 40_100)))
        events = []
        while len(events) < 2 and sub.poll(WAIT_MS):
            events.append(protocol.decode_event(sub.recv_multipart()))
    finally:
        sub.close(linger=0)
    assert [(e.organ, e.ability, e.ok, e.duration_s) for e in events] == [("echo", "echo", True, 0.001),
                                                                          ("echo", "echo", True, 0.002)]
    assert events[0].args == {"n": 1} and events[1].args["_truncated"] is True
    assert events[1].seq == events[0].seq + 1


def test_a_call_refused_for_an_organ_that_is_not_up_says_whether_it_comes_back_by_itself():
    assert "actors revive fs" in unavailable_hint("fs", OrganState.FATAL)
    assert "actors revive fs" in unavailable_hint("fs", OrganState.STOPPED)
    assert unavailable_hint("fs", OrganState.RESTARTING) == "organ fs is coming back: retry in a moment"
    assert unavailable_hint("fs", OrganState.STARTING) == "organ fs is coming back: retry in a moment"
    assert unavailable_hint("fs", OrganState.LOST) == ""  # the cause's own hint
