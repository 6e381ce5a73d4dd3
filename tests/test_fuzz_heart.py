"""A live heart under fuzzing: thousands of garbage messages on its ROUTER, then it is alive, flat and serving.

`garbage()` makes one hostile multipart message from a seeded generator: arbitrary frames, unknown versions
and kinds, truncated, mutated and over-long msgpack, huge declared lengths, deep nesting, many frames, and
valid kinds with hostile bodies (wrong types, NaN and infinite timeouts, enormous strings, deep nesting).
bench/fuzz_heart.py runs the same generator for longer. The tests at the end pin the bugs this found.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import os
import random
import signal
import time
import urllib.request
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack
import pytest
import zmq

from broker import protocol
from broker.errors import DecodeError, MeshError
from broker.home import pid_alive
from broker.protocol import VERSION, Ability, Call, Control, Goodbye, Heartbeat, Register, Reply, Report
from tests.conftest import wait_for

MAX_FRAME_BYTES = 1024 * 1024
FUZZ_MESH = f"""
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600
max_frame_bytes = {MAX_FRAME_BYTES}

[organs.echo]
module = "tests.organs.echo"
restart = "permanent"
"""
HEALER_MESH = FUZZ_MESH + """
[organs.healer]
module = "actors.healer"
"""
BATCH = 2500  # messages per measured batch; the test throws two, after a warm-up
CHUNK = 500  # thrown at once within a batch
PEERS = 6  # DEALER sockets, some with explicit routing ids
SEND_TIMEOUT_MS = 5000  # a send that would block longer than this fails the test instead of hanging it
RSS_SLACK_KIB = 8 * 1024  # allocator noise: the second batch may move RSS this much without a leak
# glibc keeps freed megabyte buffers and raises its mmap threshold after the first one, so RSS would swing by
# tens of MiB with the frames in flight; a fixed threshold returns freed buffers, and RSS tracks live memory
FLAT_MALLOC = {"MALLOC_MMAP_THRESHOLD_": "65536", "MALLOC_TRIM_THRESHOLD_": "131072"}
ACCEPTED = {Register, Heartbeat, Goodbye, Call, Reply, protocol.SnapshotRequest, Control, Report}
CONTROL_COMMANDS = ("status", "manifest", "instruction", "progress", "alert", "expose", "record", "kill",
                    "revive", "ping", "nonsense", "")
KINDS = sorted(protocol.KINDS)


# -- the generator ----------------------------------------------------------------------------

def _pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def _nested(rng: random.Random, depth: int | None = None) -> bytes:
    depth = depth if depth is not None else rng.choice([10, 100, 500, 1023, 1024, 1025, 5000])
    return rng.choice([b"\x91", b"\x81\xa1k", b"\xdc\x00\x01"]) * depth + rng.choice([b"\xc0", b"\xa1x", b"\x80"])


def _hostile_value(rng: random.Random, max_bytes: int) -> Any:
    """A value of a type no field expects, or of the right type and hostile content."""
    return rng.choice([
        lambda: None, lambda: True, lambda: -1, lambda: 2 ** 64 - 1, lambda: -(2 ** 63), lambda: math.nan,
        lambda: math.inf, lambda: -math.inf, lambda: 1e308, lambda: "", lambda: "x" * rng.randrange(1, 300),
        lambda: "\u0000\udbff".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
        lambda: "Z" * rng.randrange(max_bytes // 4, max_bytes // 2),  # enormous string
        lambda: rng.randbytes(rng.randrange(64)), lambda: [1, "two", None], lambda: {"a": {"b": []}},
        lambda: [[[[[[[[]]]]]]]], lambda: {"": None}, lambda: 0.5,
    ])()


def _valid_frames(rng: random.Random) -> list[bytes]:
    return protocol.encode(rng.choice([
        Call(id=uuid.uuid4().hex, organ="echo", ability="echo", args={"x": [1, 2.5, None, "s"]}),
        Call(id=uuid.uuid4().hex, organ="nosuch", ability="echo", timeout_s=2.0, session="s", origin="reflex"),
        Register(organ="echo", pid=os.getpid(), abilities=(Ability(name="a", params={"type": "object"}),),
                 token="guess"),
        Reply(id="r", ok=True, result={"x": [1, 2]}), Heartbeat(organ="echo"), Goodbye(organ="nobody"),
        Control(id="k", command="status"), protocol.SnapshotRequest(),
    ]))


def _hostile_body(rng: random.Random, kind: bytes, max_bytes: int) -> bytes:
    """A body for a valid kind: the message's field names with hostile values, or a hostile field in a valid map."""
    cls = protocol.KINDS[kind]
    names = [f.name for f in dataclasses.fields(cls)] or ["id"]  # SnapshotRequest has no fields
    if cls is Call:
        body = {"id": uuid.uuid4().hex, "organ": rng.choice(["echo", "nosuch", "healer"]),
                "ability": rng.choice(["echo", "sleep", "missing", "nosuch"]), "args": {"x": 1}}
    elif cls is Control:
        body = {"id": uuid.uuid4().hex, "command": rng.choice(CONTROL_COMMANDS), "args": _control_args(rng)}
    else:
        body = {name: _hostile_value(rng, max_bytes) for name in rng.sample(names, rng.randint(1, len(names)))}
    if cls is not Control:
        for _ in range(rng.randint(1, 3)):
            body[rng.choice(names)] = _hostile_value(rng, max_bytes)
    if rng.random() < 0.15:  # deep nesting where a free-form value goes
        head = {k: v for k, v in body.items() if k != "args"}
        return (bytes([0x80 | (len(head) + 1)]) + b"".join(_pack(k) + _pack(v) for k, v in head.items())
                + _pack("args") + b"\x81\xa1x" + _nested(rng))
    return _pack(body)


def _control_args(rng: random.Random) -> Any:
    """Hostile arguments for a control command; never a well-typed kill, revive or stop.

    Left out on purpose: `stop` (it stops the heart, as designed) and a kill or revive naming a real organ
    (they work).
    """
    return rng.choice([
        lambda: {}, lambda: {"unexpected": 1}, lambda: {"text": _hostile_value(rng, 4096)},
        lambda: {"text": "go", "session": [1]}, lambda: {"organ": [1, 2]}, lambda: {"organ": {"a": 1}},
        lambda: {"organ": None, "signal_name": 9}, lambda: {"organ": "nosuch", "signal_name": "NOPE"},
        lambda: {"level": rng.choice(["panic", 5, None, ["critical"]]), "message": _hostile_value(rng, 4096)},
        lambda: {"level": "info", "message": _hostile_value(rng, 4096), "organ": "echo"},
        lambda: {"level": rng.choice(["critical", "warn"]), "message": "m", "organ": _hostile_value(rng, 4096)},
        lambda: {"tool": _hostile_value(rng, 4096), "ok": _hostile_value(rng, 64),
                 "duration_s": rng.choice([math.nan, math.inf, "slow", [1]]), "args": {"deep": [[[[]]]]}},
        lambda: {"intent": rng.choice([5, None, ["x"], "read a file"]), "pin": rng.choice([5, "ab", [None], {}])},
        lambda: [1, 2, 3], lambda: "args", lambda: None,
    ])()


def _mutate(rng: random.Random, data: bytes) -> bytes:
    body = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(body) + 1)
        op = rng.randrange(4)
        if op == 0 or not body:
            body[at:at] = rng.randbytes(rng.randint(1, 4))
        elif op == 1:
            del body[min(at, len(body) - 1)]
        else:
            body[min(at, len(body) - 1)] = rng.randrange(256)
    return bytes(body)


def garbage(rng: random.Random, max_bytes: int = MAX_FRAME_BYTES) -> list[bytes]:
    """One hostile multipart message for the heart's ROUTER (at most max_bytes + 1 in any frame)."""
    # a frame past max_bytes + 4096 makes libzmq drop the connection and whatever follows it on the wire, so
    # longer frames are cut to one byte over the limit: still refused (reason size), and nothing is lost
    return [frame[:max_bytes + 1] for frame in _garbage(rng, max_bytes)]


def _garbage(rng: random.Random, max_bytes: int) -> list[bytes]:
    kind = rng.choice(KINDS)
    pick = rng.random()
    if pick < 0.08:
        return [rng.randbytes(rng.randrange(40)) for _ in range(rng.randint(1, 6))]
    if pick < 0.12:
        return [VERSION, kind, b"\x80", *([b"x"] * rng.randint(1, 1000))]  # many frames
    if pick < 0.16:
        return [rng.choice([b"ACT0", b"ACT2", b"act1", b"", b"ACT1\x00", rng.randbytes(4)]), kind, b"\x80"]
    if pick < 0.20:
        return [VERSION, rng.choice([b"", b"nonsense", b"call\x00", b"CALL", rng.randbytes(8)]), b"\x80"]
    if pick < 0.26:
        return [VERSION, kind, rng.randbytes(rng.randrange(200))]
    if pick < 0.34:
        version, kind, body = _valid_frames(rng)
        return [version, kind, body[:rng.randrange(len(body))]]  # truncated
    if pick < 0.44:
        version, kind, body = _valid_frames(rng)
        return [version, kind, _mutate(rng, body)]
    if pick < 0.48:
        header = rng.choice([b"\xdb\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xff", b"\xdd\xff\xff\xff\xff",
                             b"\xdf\xff\xff\xff\xff", b"\xc9\x7f\xff\xff\xff\x01"])
        return [VERSION, kind, rng.choice([b"", b"\x81\xa4args"]) + header + rng.randbytes(8)]
    if pick < 0.52:
        return [VERSION, kind, _nested(rng)]
    if pick < 0.54:  # huge frames: just under, at and just over the heart's limit
        size = rng.choice([max_bytes - 1, max_bytes, max_bytes + 1])
        return [VERSION, kind, rng.choice([b"\xc6" + size.to_bytes(4, "big"), b"\xdb" + size.to_bytes(4, "big")])
                + b"A" * (size - 5)]
    if pick < 0.58:
        return [VERSION, rng.choice([b"welcome", b"refused", b"reregister", b"snapshot", b"control!"]),
                _pack({"organ": "x", "heartbeat_s": 1, "liveness": 1, "blood": "x", "reason": "r", "id": "i",
                       "ok": True})]
    if pick < 0.62:
        return [VERSION, kind, _pack(_hostile_value(rng, max_bytes))]
    kind = rng.choice([b"call", b"call", b"control", b"control", b"register", b"reply", b"heartbeat", b"goodbye",
                       b"report", b"snapshot?"])
    return [VERSION, kind, _hostile_body(rng, kind, max_bytes)]


def expected_errors(frames: list[bytes], max_bytes: int = MAX_FRAME_BYTES) -> str | None:
    """The protocol-error reason the heart must count for this message from a stranger, or None."""
    try:
        msg = protocol.decode(frames, max_bytes)
    except DecodeError as exc:
        return exc.reason
    if type(msg) not in ACCEPTED:
        return "kind"
    if isinstance(msg, (Reply, Report)):
        return "sender"  # from a connection that is not a registered organ
    return None


# -- helpers ----------------------------------------------------------------------------------

class Thrower:
    """DEALER sockets that throw garbage at one router and drain whatever comes back (bounded waits)."""

    def __init__(self, router: str, peers: int = PEERS) -> None:
        self.ctx = zmq.Context()
        self.peers = []
        for n in range(peers):
            sock = self.ctx.socket(zmq.DEALER)
            sock.setsockopt(zmq.LINGER, 0)
            sock.setsockopt(zmq.SNDTIMEO, SEND_TIMEOUT_MS)
            if n % 2:
                sock.setsockopt(zmq.ROUTING_ID, f"fuzz-peer-{n}-{uuid.uuid4().hex[:8]}".encode())
            sock.connect(router)
            self.peers.append(sock)

    def throw(self, rng: random.Random, count: int, max_bytes: int = MAX_FRAME_BYTES) -> Counter:
        """Send count messages round-robin; return the protocol-error reasons the heart must count."""
        expected: Counter = Counter()
        for n in range(count):
            frames = garbage(rng, max_bytes)
            reason = expected_errors(frames, max_bytes)
            if reason:
                expected[reason] += 1
            self.peers[n % len(self.peers)].send_multipart(frames)
            if n % 50 == 0:
                self.drain()
        self.drain()
        return expected

    def drain(self, wait_ms: int = 0) -> None:
        for sock in self.peers:
            while sock.poll(wait_ms):
                sock.recv_multipart()

    def close(self) -> None:
        self.ctx.destroy(linger=0)


def rss_kib(pid: int) -> int:
    """Resident set size of a process, from /proc/PID/status."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for pid {pid}")


def protocol_errors(metrics_url: str) -> Counter:
    """actors_protocol_errors_total by reason, read from the heart's Prometheus endpoint."""
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never via a proxy
    with direct.open(metrics_url, timeout=5) as response:
        text = response.read().decode()
    counts: Counter = Counter()
    for line in text.splitlines():
        if line.startswith("actors_protocol_errors_total{"):
            reason = line.split('reason="', 1)[1].split('"', 1)[0]
            counts[reason] += int(float(line.rsplit(" ", 1)[1]))
    return counts


def _counted(metrics_url: str, before: Counter, expected: Counter) -> bool:
    now = protocol_errors(metrics_url)
    return all(now[reason] - before[reason] >= n for reason, n in expected.items())


def _deep_call(organ: str, ability: str, depth: int, call_id: str) -> list[bytes]:
    """A call whose args hold x nested depth arrays deep: decodable (msgpack allows 1024), not re-encodable."""
    head = {"id": call_id, "organ": organ, "ability": ability}
    body = bytes([0x80 | (len(head) + 1)]) + b"".join(_pack(k) + _pack(v) for k, v in head.items())
    return [VERSION, b"call", body + _pack("args") + b"\x81" + _pack("x") + b"\x91" * depth + _pack("leaf")]


# -- the live fuzz ----------------------------------------------------------------------------

def flat_mesh(make_mesh):
    """A started fuzz mesh whose processes return freed memory at once, so RSS tells growth from churn."""
    mesh = make_mesh(FUZZ_MESH, start=False)
    mesh.env.update(FLAT_MALLOC)
    mesh.up()
    return mesh


@pytest.mark.timeout(240)
def test_thousands_of_garbage_messages_leave_the_heart_alive_flat_counted_and_serving(make_mesh):
    mesh = flat_mesh(make_mesh)
    with mesh.client() as client:
        status = client.control("status")
        heart_pid, metrics_url = status["heart"]["pid"], status["heart"]["metrics"]
        echo_pid = next(o["pid"] for o in status["organs"] if o["name"] == "echo")
        thrower = Thrower(status["heart"]["endpoints"]["router"])
        try:
            before = protocol_errors(metrics_url)
            warmup = thrower.throw(random.Random(1), BATCH // 5)  # lazy imports, first-time allocations
            wait_for(lambda: _counted(metrics_url, before, warmup), timeout=60, what="warm-up counted")
            rss = [rss_kib(heart_pid)]
            expected = warmup
            for seed in (2, 3):  # two equal batches, each thrown in chunks the heart has counted before the next:
                rng = random.Random(seed)  # what waits in its queues stays bounded, so RSS shows what it keeps
                for _ in range(BATCH // CHUNK):  # (one batch thrown at once on a busy machine queued megabytes)
                    expected = expected + thrower.throw(rng, CHUNK)
                    wait_for(functools.partial(_counted, metrics_url, before, expected), timeout=60,
                             what="chunk counted")
                thrower.drain(wait_ms=200)
                rss.append(rss_kib(heart_pid))
        finally:
            thrower.close()
        assert pid_alive(heart_pid), "the heart died under fuzzing"
        first, second = rss[1] - rss[0], rss[2] - rss[1]
        assert second <= max(first / 2, RSS_SLACK_KIB), f"heart RSS kept growing (KiB): {rss}"
        assert client.call("echo", "echo", {"x": "still here"}, timeout_s=10).result["x"] == "still here"
        assert client.control("status")["heart"]["pid"] == heart_pid
        assert next(o for o in client.control("status")["organs"] if o["name"] == "echo")["pid"] == echo_pid
    counted = protocol_errors(metrics_url)
    assert sum(counted.values()) - sum(before.values()) >= sum(expected.values()) > BATCH
    assert {"framing", "version", "kind", "body", "schema", "size", "sender"} <= set(expected)


def test_frames_over_the_router_limit_drop_only_their_own_connection(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    with mesh.client() as client:
        status = client.control("status")
        heart_pid = status["heart"]["pid"]
        ctx = zmq.Context()
        try:
            for _ in range(3):
                sock = ctx.socket(zmq.DEALER)
                sock.setsockopt(zmq.LINGER, 0)
                sock.setsockopt(zmq.SNDTIMEO, SEND_TIMEOUT_MS)
                sock.connect(status["heart"]["endpoints"]["router"])
                sock.send_multipart([VERSION, b"call", b"\xc6" + b"\x00" * (MAX_FRAME_BYTES + 8192)])
                sock.close(linger=0)
        finally:
            ctx.destroy(linger=0)
        assert client.call("echo", "echo", {"x": 1}, timeout_s=10).ok
        assert pid_alive(heart_pid)


def test_a_call_with_a_nan_or_infinite_timeout_is_refused_as_bad_params(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    with mesh.client() as client:
        for value in (math.nan, math.inf, -math.inf, -1.0):
            body = _pack({"id": uuid.uuid4().hex, "organ": "echo", "ability": "echo", "timeout_s": value})
            client.dealer.send_multipart([VERSION, b"call", body])
            assert client.dealer.poll(5000), f"no answer to a call with timeout_s={value}"
            reply = protocol.decode(client.dealer.recv_multipart())
            assert reply.ok is False and reply.error.cause == "bad_params", (value, reply)


def test_a_deeply_nested_call_is_answered_and_the_heart_keeps_serving(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    with mesh.client() as client:
        for depth in (600, 1000):
            call_id = uuid.uuid4().hex
            client.dealer.send_multipart(_deep_call("echo", "echo", depth, call_id))
            assert client.dealer.poll(10_000), f"no answer to a call nested {depth} deep"
            reply = protocol.decode(client.dealer.recv_multipart())
            assert reply.id == call_id
        assert client.call("echo", "echo", {"x": "ok"}, timeout_s=10).ok


# -- bugs found by fuzzing: regression tests ---------------------------------------------------

@pytest.mark.parametrize("organ", [[1], 5, None])
def test_a_control_alert_naming_a_non_string_organ_does_not_stop_the_heart(make_mesh, organ):
    mesh = make_mesh(FUZZ_MESH)
    with mesh.client() as client:
        heart_pid = client.endpoints["pid"]
        with contextlib.suppress(MeshError):  # refusing the command is a fine answer; dying is not
            client.control("alert", level="critical", message="fuzz", organ=organ)
        time.sleep(1.0)  # several beats (beat_s 0.2, and 3x faster on a critical alert)
        assert pid_alive(heart_pid), "the heart stopped after one control message"
        assert client.call("echo", "echo", {"x": 1}, timeout_s=5).ok


def test_a_control_alert_naming_a_non_string_organ_does_not_poison_blood(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    with mesh.client() as client:
        with contextlib.suppress(MeshError):
            client.control("alert", level="warn", message="fuzz", organ=5)
        time.sleep(0.5)
        assert client.snapshot().seq > 0
        assert next(client.blood(count=1, timeout_s=5)).seq > 0


@pytest.mark.timeout(120)
def test_a_deeply_nested_call_in_flight_when_its_organ_dies_does_not_stop_the_heart(make_mesh):
    mesh = make_mesh(HEALER_MESH)
    with mesh.client() as client:
        wait_for(lambda: all(o["state"] == "up" for o in client.control("status")["organs"]), timeout=20,
                 what="echo and healer up")
        status = client.control("status")
        heart_pid = status["heart"]["pid"]
        echo_pid = next(o["pid"] for o in status["organs"] if o["name"] == "echo")
        ctx = zmq.Context()
        try:
            sock = ctx.socket(zmq.DEALER)
            sock.setsockopt(zmq.LINGER, 0)
            sock.connect(status["heart"]["endpoints"]["router"])
            for _ in range(4):  # occupy the echo organ's four workers so the deep call waits in the organ
                sock.send_multipart(protocol.encode(Call(id=uuid.uuid4().hex, organ="echo", ability="sleep",
                                                         args={"seconds": 5}, timeout_s=20)))
            sock.send_multipart(_deep_call("echo", "echo", 700, uuid.uuid4().hex))
            time.sleep(0.5)
            os.kill(echo_pid, signal.SIGKILL)
            time.sleep(1.5)
        finally:
            ctx.destroy(linger=0)
        assert pid_alive(heart_pid), "the heart died retrying a deeply nested call"


@pytest.mark.timeout(120)
def test_a_peer_that_never_reads_cannot_make_the_heart_hold_its_names(make_mesh):
    mesh = flat_mesh(make_mesh)
    with mesh.client() as client:
        status = client.control("status")
        heart_pid = status["heart"]["pid"]
        ctx = zmq.Context()
        try:
            sock = ctx.socket(zmq.DEALER)
            sock.setsockopt(zmq.LINGER, 0)
            sock.setsockopt(zmq.RCVHWM, 1)
            sock.setsockopt(zmq.RCVBUF, 4096)
            sock.setsockopt(zmq.SNDTIMEO, SEND_TIMEOUT_MS)
            sock.connect(status["heart"]["endpoints"]["router"])
            name = "N" * (MAX_FRAME_BYTES // 2)
            sock.send_multipart(protocol.encode(Register(organ="warm-up", pid=1)))
            time.sleep(0.5)
            before = rss_kib(heart_pid)
            errors_before = protocol_errors(status["heart"]["metrics"])["framing"]
            for n in range(100):
                sock.send_multipart(protocol.encode(Register(organ=f"{name}{n}", pid=1)))
            sock.send_multipart([b"end"])  # counted once the heart has read every message before it
            wait_for(lambda: protocol_errors(status["heart"]["metrics"])["framing"] > errors_before, timeout=60,
                     what="the heart to read the registrations")
            grown = rss_kib(heart_pid) - before
        finally:
            ctx.destroy(linger=0)
    assert grown < 32 * 1024, f"the heart holds {grown} KiB of replies to a peer that does not read"


def test_refused_registrations_do_not_copy_the_peer_s_name_into_the_log(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    log_file = mesh.home / "logs" / "heart.log"
    with mesh.client() as client:
        size_before = log_file.stat().st_size
        for n in range(20):
            client.dealer.send_multipart(protocol.encode(Register(organ="L" * 100_000 + str(n), pid=1)))
        assert client.call("echo", "echo", {"x": 1}, timeout_s=30).ok
    assert log_file.stat().st_size - size_before < 64 * 1024


@pytest.mark.timeout(120)
def test_a_flood_of_expose_commands_cannot_queue_without_bound_in_the_heart(make_mesh):
    mesh = flat_mesh(make_mesh)
    with mesh.client() as client:
        status = client.control("status")
        heart_pid, metrics_url = status["heart"]["pid"], status["heart"]["metrics"]
        ctx = zmq.Context()
        try:
            sock = ctx.socket(zmq.DEALER)
            sock.setsockopt(zmq.LINGER, 0)
            sock.setsockopt(zmq.SNDTIMEO, SEND_TIMEOUT_MS)
            sock.connect(status["heart"]["endpoints"]["router"])
            before = rss_kib(heart_pid)
            errors_before = protocol_errors(metrics_url)["framing"]
            for n in range(200):
                intent = f"{n} " + "read the file " * 36_000  # about 500 KB each
                sock.send_multipart(protocol.encode(Control(id=str(n), command="expose", args={"intent": intent})))
            sock.send_multipart([b"end"])  # counted once the heart has read every message before it
            wait_for(lambda: protocol_errors(metrics_url)["framing"] > errors_before, timeout=60,
                     what="the heart to read the expose commands")
            grown = rss_kib(heart_pid) - before
        finally:
            ctx.destroy(linger=0)
    assert grown < 32 * 1024, f"the heart holds {grown} KiB of queued expose queries"


HOSTILE_VALUES = [None, True, 0, -1, 2**63 - 1, -2**63, 1e308, float("nan"), float("inf"), "", "x" * 10_000, "KILL",
                  "echo", "../../etc", [], [1, "a"], {}, {"a": {"b": {}}}, b"\xff\x00", ["echo.echo"] * 300,
                  {"event": "x"}, "UserPromptSubmit", "PostToolUse", 3.5]
CONTROL_ARGS = {"status": [], "instruction": ["text", "session"], "progress": ["session", "text"], "manifest": [],
                "alert": ["level", "message", "organ"], "expose": ["intent", "pin", "budget", "recent"],
                "record": ["tool", "ok", "session", "args", "cause", "message", "duration_s"],
                "hook": ["event", "payload"], "sync": ["token"], "revive": ["organ"]}


@pytest.mark.timeout(180)
def test_hostile_arguments_to_every_control_command_are_answered_and_the_heart_keeps_serving(make_mesh):
    mesh = make_mesh(FUZZ_MESH)
    rng = random.Random(7)
    answered = 0
    with mesh.client() as client:
        heart_pid = client.endpoints["pid"]
        for _ in range(600):
            command = rng.choice([*CONTROL_ARGS, "nope"])
            names = [*CONTROL_ARGS.get(command, ["x"]), "_reply", "zz"]  # _reply: the heart's own keyword
            args = {k: rng.choice(HOSTILE_VALUES) for k in rng.sample(names, rng.randint(0, len(names)))}
            try:
                client.control(command, timeout_s=10, **args)
            except MeshError as exc:
                assert "did not answer" not in str(exc) and "stopped" not in str(exc), (command, repr(args)[:300])
            answered += 1
        assert pid_alive(heart_pid) and client.endpoints["pid"] == heart_pid
        assert client.call("echo", "echo", {"x": 1}, timeout_s=5).ok
    assert answered == 600
