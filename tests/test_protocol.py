"""The wire protocol: round trips, and every way a frame can be bad ending in one DecodeError."""

from __future__ import annotations

import dataclasses

import msgpack
import pytest

from broker import protocol
from broker.errors import DecodeError, EncodeError
from broker.protocol import (
    BLOOD, VERSION, Ability, Alert, Answer, Ask, Blood, Call, Control, ControlReply, Failure, Goodbye, Heartbeat,
    Notice, Observation, OrganStatus, Reflex, Refused, Register, Reply, Report, Reregister, Snapshot, SnapshotRequest,
    Welcome,
)

READ = Ability(name="read", description="Read a file.", params={"type": "object", "properties": {}},
               read_only=True, idempotent=True, timeout_s=5.0)
BLOOD_SAMPLE = Blood(
    seq=42, at=1234.5, interval_s=0.5, reason="critical alert: fs", instruction="look at fs",
    stage="light",
    organs={"fs": OrganStatus(state="up", pid=101, restarts=2, wounds=("slow",)),
            "shell": OrganStatus(state="lost")},
    alerts=(Alert(level="critical", organ="fs", message="disk full", at=1230.0),),
)

# One full sample per message kind, every field set away from its default where possible.
SAMPLES = [
    Register(organ="fs", pid=101, abilities=(READ, Ability(name="write")), perception=("stage",),
             reflexes=(Reflex(when={"cause": "timeout"}, then={"alert": "warn"}, name="slow",
                              cooldown_s=5.0, max_fires=2),),
             token="t0k3n"),
    Welcome(organ="fs", heartbeat_s=0.5, liveness=3, blood="ipc:///tmp/blood"),
    Refused(organ="fs", reason="bad token"),
    Heartbeat(organ="fs"),
    Heartbeat(),
    Reregister(reason="unknown connection"),
    Goodbye(organ="fs", reason="stopping"),
    Call(id="c1", organ="fs", ability="read", args={"path": "a.txt", "n": [1, 2.5, None, True]},
         timeout_s=2.0, session="s1", origin="reflex"),
    Reply(id="c1", ok=True, result={"text": "hi", "lines": [1, 2], "raw": b"\x00\xff"}, duration_s=0.01),
    Reply(id="c2", ok=False, error=Failure(cause="not_found", message="ENOENT", type="FileNotFoundError",
                                           hint="check the path", retried=1, decision="give_up")),
    SnapshotRequest(),
    Snapshot(blood=BLOOD_SAMPLE),
    Control(id="k1", command="kill", args={"organ": "fs", "signal": "SIGKILL"}),
    ControlReply(id="k1", ok=False, result=[1, "two"], error="no such organ"),
    Report(organ="memory", observations=(Observation(metric="actors_memory_cards", value=3.0,
                                                     labels={"kind": "pitfall"}),
                                         Observation(metric="actors_recall_duration_seconds", value=0.002))),
    Notice(call="c1", kind="progress", body={"progress": 50.0, "total": 100.0, "message": "half"}),
    Ask(id="a1", call="c1", kind="elicit", body={"message": "Your name?", "requestedSchema": {"type": "object"}},
        timeout_s=30.0),
    Answer(id="a1", ok=True, result={"action": "accept", "content": {"name": "Ada"}}),
    Answer(id="a2", ok=False, error="the client does not support elicitation", timed_out=False),
    protocol.Cancel(id="c1"), protocol.Cancel(id="c2", reason="the MCP client cancelled the request"),
    protocol.Admit(ticket=b"L" + bytes(15), client=b"\x00k\x8b\x45\x67", principal="admin"),
    protocol.Revoke(), protocol.Revoke(tickets=(b"Lone", b"Ltwo")),
    protocol.Grant(organ="fs", endpoint="ipc:///run/x/lane-42.sock", ticket=b"Lab", pid=42),
    protocol.LaneClosed(id="c1"),
    protocol.Handoff(ticket=b"Lab", client=b"\x00k", call=Call(id="c2", organ="fs", ability="read"),
                     reply=Reply(id="c2", ok=False, error=Failure(cause="unknown", message="boom")), size=40),
    protocol.Tally(organ="fs", calls=(Call(id="c3", organ="fs", ability="read", args={"path": "a"}),),
                   durations=(0.001,), sizes=(52,)),
]


def _body(data) -> bytes:
    return msgpack.packb(data, use_bin_type=True)


def _frames(kind: bytes, data) -> list[bytes]:
    return [VERSION, kind, _body(data)]


def _call_map(**changes) -> dict:
    return {"id": "c1", "organ": "fs", "ability": "read", **changes}


def _register_map(**changes) -> dict:
    return {"organ": "fs", "pid": 101, **changes}


def _blood_map(**changes) -> dict:
    return {"seq": 1, "at": 0.0, "interval_s": 1.0, **changes}


# -- round trips ---------------------------------------------------------------------------

def test_the_samples_cover_every_message_kind():
    assert {type(m).KIND for m in SAMPLES} == set(protocol.KINDS)


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_kind_round_trips_through_encode_and_decode(message):
    frames = protocol.encode(message)

    assert frames[:2] == [VERSION, type(message).KIND]
    assert protocol.decode(frames) == message


def test_blood_round_trips_through_encode_blood_and_decode_blood_with_the_topic_first():
    frames = protocol.encode_blood(BLOOD_SAMPLE)

    assert frames[0] == BLOOD
    decoded = protocol.decode_blood(frames)
    assert decoded == BLOOD_SAMPLE
    assert isinstance(decoded.organs["fs"], OrganStatus)
    assert isinstance(decoded.alerts, tuple)


def test_missing_optional_fields_take_their_defaults():
    call = protocol.decode(_frames(b"call", _call_map()))

    assert call == Call(id="c1", organ="fs", ability="read")
    assert call.args == {} and call.timeout_s == 0.0 and call.origin == "agent"


def test_an_integer_is_accepted_where_a_float_is_expected_and_becomes_a_float():
    welcome = protocol.decode(_frames(b"welcome", {"organ": "fs", "heartbeat_s": 1, "liveness": 3,
                                                   "blood": "ipc://b"}))

    assert welcome.heartbeat_s == 1.0
    assert type(welcome.heartbeat_s) is float


def test_unknown_fields_are_ignored_at_the_top_and_in_nested_messages():
    data = protocol.to_plain(SAMPLES[0])
    data["from_the_future"] = {"x": 1}
    data["abilities"][0]["also_new"] = [1, 2, 3]

    assert protocol.decode(_frames(b"register", data)) == SAMPLES[0]


def test_a_body_exactly_at_the_size_limit_is_accepted():
    frames = protocol.encode(Heartbeat(organ="fs"))

    assert protocol.decode(frames, max_bytes=len(frames[2])) == Heartbeat(organ="fs")


# -- decode errors -------------------------------------------------------------------------

def _deeply_nested(depth: int) -> bytes:
    return b"\x91" * depth + b"\xc0"  # fixarray of one element, `depth` times, around nil


TRUNCATED = protocol.encode(SAMPLES[0])[2][:-3]
BAD_FRAMES = [
    ("no frames", [], "framing"),
    ("two frames", [VERSION, b"call"], "framing"),
    ("four frames", [VERSION, b"call", _body(_call_map()), b"extra"], "framing"),
    ("an old version", [b"ACT0", b"call", _body(_call_map())], "version"),
    ("no version", [b"", b"call", _body(_call_map())], "version"),
    ("an unknown kind", [VERSION, b"launch", _body({})], "kind"),
    ("blood on the router", [VERSION, BLOOD, _body(_blood_map())], "kind"),
    ("a non-msgpack body", [VERSION, b"call", b"\xc1"], "body"),
    ("a json body", [VERSION, b"call", b'{"id": "c1"}'], "body"),
    ("a truncated body", [VERSION, b"register", TRUNCATED], "body"),
    ("trailing bytes after the body", [VERSION, b"call", _body(_call_map()) + b"\x00"], "body"),
    ("an empty body", [VERSION, b"call", b""], "body"),
    ("a huge declared str32 length", [VERSION, b"call", b"\xdb\xff\xff\xff\xff"], "body"),
    ("a huge declared array32 length", [VERSION, b"call", b"\xdd\xff\xff\xff\xff"], "body"),
    ("100000 nested arrays", [VERSION, b"call", _deeply_nested(100_000)], "body"),
    ("a body that is not a map", [VERSION, b"call", _body([1, 2, 3])], "schema"),
]


@pytest.mark.parametrize("frames, reason", [c[1:] for c in BAD_FRAMES], ids=[c[0] for c in BAD_FRAMES])
def test_a_bad_frame_raises_decode_error_carrying_the_frames_and_a_reason(frames, reason):
    with pytest.raises(DecodeError) as caught:
        protocol.decode(frames)

    assert caught.value.reason == reason
    assert caught.value.frames == frames


def test_a_body_over_max_bytes_is_refused_before_it_is_unpacked():
    frames = _frames(b"call", _call_map(args={"blob": "x" * 1000}))

    with pytest.raises(DecodeError) as caught:
        protocol.decode(frames, max_bytes=999)

    assert caught.value.reason == "size"
    assert caught.value.frames == frames
    assert "999" in str(caught.value)


# kind, body, the path the message must name
BAD_BODIES = [
    ("missing required field", b"call", {"organ": "fs", "ability": "read"}, "'id'"),
    ("missing required int", b"register", {"organ": "fs"}, "'pid'"),
    ("missing required bool", b"reply", {"id": "c1"}, "'ok'"),
    ("str where int", b"register", _register_map(pid="101"), "Register.pid"),
    ("bool where int", b"register", _register_map(pid=True), "Register.pid"),
    ("float where int", b"register", _register_map(pid=101.5), "Register.pid"),
    ("int where str", b"call", _call_map(id=5), "Call.id"),
    ("bytes where str", b"call", _call_map(id=b"c1"), "Call.id"),
    ("nil where str", b"call", _call_map(organ=None), "Call.organ"),
    ("list where map", b"call", _call_map(args=[1]), "Call.args"),
    ("int where bool", b"reply", {"id": "c1", "ok": 1}, "Reply.ok"),
    ("bool where float", b"welcome", {"organ": "fs", "heartbeat_s": True, "liveness": 3, "blood": "b"},
     "Welcome.heartbeat_s"),
    ("str where float", b"call", _call_map(timeout_s="2"), "Call.timeout_s"),
    ("map where array", b"register", _register_map(abilities={"name": "read"}), "Register.abilities"),
    ("str item in an array of abilities", b"register", _register_map(abilities=["read"]),
     "Register.abilities[0]"),
    ("nested ability with a wrong type", b"register", _register_map(abilities=[{"name": 5}]),
     "Register.abilities[0].name"),
    ("nested ability without a name", b"register", _register_map(abilities=[{"description": "d"}]),
     "Register.abilities[0]"),
    ("nested ability with a bool timeout", b"register",
     _register_map(abilities=[{"name": "read", "timeout_s": False}]), "Register.abilities[0].timeout_s"),
    ("int in an array of str", b"register", _register_map(perception=["stage", 1]), "Register.perception[1]"),
    ("reflex without its condition", b"register", _register_map(reflexes=[{"then": {}}]),
     "Register.reflexes[0]"),
    ("failure without a message", b"reply", {"id": "c1", "ok": False, "error": {"cause": "x"}}, "Reply.error"),
    ("nested blood organ of the wrong shape", b"snapshot",
     {"blood": _blood_map(organs={"fs": "up"})}, "Snapshot.blood.organs['fs']"),
    ("nested blood organ state not a str", b"snapshot",
     {"blood": _blood_map(organs={"fs": {"state": 1}})}, "Snapshot.blood.organs['fs'].state"),
    ("nested blood alert without an organ", b"snapshot",
     {"blood": _blood_map(alerts=[{"level": "info", "message": "m"}])}, "Snapshot.blood.alerts[0]"),
]


@pytest.mark.parametrize("kind, data, path", [c[1:] for c in BAD_BODIES], ids=[c[0] for c in BAD_BODIES])
def test_a_body_that_breaks_the_schema_raises_decode_error_naming_the_field(kind, data, path):
    frames = _frames(kind, data)

    with pytest.raises(DecodeError) as caught:
        protocol.decode(frames)

    assert caught.value.reason == "schema"
    assert caught.value.frames == frames
    assert path in str(caught.value)


BAD_BLOOD = [
    ("the wrong topic", [b"bloodx", VERSION, _body(_blood_map())], "framing"),
    ("two frames", [BLOOD, _body(_blood_map())], "framing"),
    ("an old version", [BLOOD, b"ACT0", _body(_blood_map())], "version"),
    ("a truncated body", [BLOOD, VERSION, protocol.encode_blood(BLOOD_SAMPLE)[2][:-1]], "body"),
    ("a missing seq", [BLOOD, VERSION, _body({"at": 0.0, "interval_s": 1.0})], "schema"),
    ("a bool seq", [BLOOD, VERSION, _body(_blood_map(seq=False))], "schema"),
]


@pytest.mark.parametrize("frames, reason", [c[1:] for c in BAD_BLOOD], ids=[c[0] for c in BAD_BLOOD])
def test_bad_blood_raises_decode_error_carrying_the_frames_and_a_reason(frames, reason):
    with pytest.raises(DecodeError) as caught:
        protocol.decode_blood(frames)

    assert caught.value.reason == reason
    assert caught.value.frames == frames


def test_blood_over_max_bytes_is_refused_with_reason_size():
    frames = protocol.encode_blood(BLOOD_SAMPLE)

    with pytest.raises(DecodeError) as caught:
        protocol.decode_blood(frames, max_bytes=len(frames[2]) - 1)

    assert caught.value.reason == "size"


def test_unpack_value_raises_decode_error_on_garbage_and_round_trips_pack_value():
    value = {"seq": 3, "organs": ["fs", "shell"], "raw": b"\x01"}

    assert protocol.unpack_value(protocol.pack_value(value)) == value
    with pytest.raises(DecodeError) as caught:
        protocol.unpack_value(b"\xc1")
    assert caught.value.frames == [b"\xc1"]


def test_from_plain_validates_like_decode():
    assert protocol.from_plain(Heartbeat, {"organ": "fs"}) == Heartbeat(organ="fs")
    with pytest.raises(DecodeError) as caught:
        protocol.from_plain(Register, {"organ": "fs", "pid": True})
    assert caught.value.reason == "schema"


# -- encoding ------------------------------------------------------------------------------

NOT_SERIALISABLE = [
    ("an object", object()),
    ("a set", {1, 2}),
    ("an int beyond 64 bits", 2**64),
    ("a function", len),
]


@pytest.mark.parametrize("value", [c[1] for c in NOT_SERIALISABLE], ids=[c[0] for c in NOT_SERIALISABLE])
def test_a_value_msgpack_cannot_take_raises_encode_error(value):
    with pytest.raises(EncodeError):
        protocol.encode(Reply(id="c1", ok=True, result={"value": value}))


def test_a_result_nested_too_deeply_to_encode_raises_encode_error():
    nested: list = []
    for _ in range(10_000):
        nested = [nested]

    with pytest.raises(EncodeError):
        protocol.encode(Reply(id="c1", ok=True, result=nested))


def test_pack_value_raises_encode_error_for_a_value_msgpack_cannot_take():
    with pytest.raises(EncodeError):
        protocol.pack_value({"when": object()})


# -- to_plain ------------------------------------------------------------------------------

def test_to_plain_turns_nested_dataclasses_into_maps_and_tuples_into_lists():
    plain = protocol.to_plain(Snapshot(blood=Blood(
        seq=1, at=2.0, interval_s=3.0,
        organs={"fs": OrganStatus(state="up", pid=7, wounds=("slow",))},
        alerts=(Alert(level="warn", organ="fs", message="slow"),),
    )))

    assert plain == {"blood": {
        "seq": 1, "at": 2.0, "interval_s": 3.0, "reason": "", "instruction": "", "stage": "awake",
        "organs": {"fs": {"state": "up", "pid": 7, "restarts": 0, "wounds": ["slow"]}},
        "alerts": [{"level": "warn", "organ": "fs", "message": "slow", "at": 0.0}], "exposed": [], "tokens": {},
        "catalogue": 0, "session": "",
    }}


def test_to_plain_converts_dataclasses_inside_plain_containers_and_leaves_scalars_alone():
    value = {"list": [Failure(cause="timeout", message="late")], "n": 1, "s": "x", "none": None}

    plain = protocol.to_plain(value)

    assert plain["list"] == [dataclasses.asdict(Failure(cause="timeout", message="late"))]
    assert plain["n"] == 1 and plain["s"] == "x" and plain["none"] is None


@pytest.mark.parametrize("msg", [
    Call(id="c1", organ="fs", ability="read", args={"path": "a", "window": (1, 2), "deep": [{"k": (None,)}]},
         timeout_s=2.5, session="s", origin="healer"),
    Call(id="c2", organ="fs", ability="read"),
    Reply(id="r1", ok=True, result={"lines": ("a", "b"), "n": 2}, duration_s=0.1, retried=1),
    Reply(id="r2", ok=True, result=Failure(cause="unknown", message="a dataclass in a result")),
    Reply(id="r3", ok=False, error=Failure(cause="timeout", message="slow", hint="wait")),
], ids=["call", "bare call", "reply", "dataclass result", "failed reply"])
def test_calls_and_replies_encode_to_the_same_bytes_as_the_general_encoder(msg):
    assert protocol.encode(msg) == [protocol.VERSION, msg.KIND, protocol.wire.pack(protocol.to_plain(msg))]


def test_a_reply_too_deeply_nested_to_encode_is_an_encode_error():
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(EncodeError):
        protocol.encode(Reply(id="r", ok=True, result=nested))
