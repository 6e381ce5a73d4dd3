"""The wire protocol: every message the mesh exchanges, as frozen dataclasses (their bytes: broker.wire).

Frames (ZeroMQ multipart), see docs/protocol.md:
  peer -> heart ROUTER   [VERSION, kind, body]
  heart ROUTER -> peer   [routing-id, VERSION, kind, body]   (the id is stripped by the peer's DEALER)
  heart PUB -> SUB       [BLOOD, VERSION, body], [EVENT + kind, VERSION, body], [SYNC + token, VERSION, body]
`body` is a msgpack map of the message's fields; unknown fields are ignored, missing ones take
their defaults, and a missing required field or a wrong type is a DecodeError.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from broker import wire
from broker.errors import DecodeError, EncodeError
from broker.vocab import EXIT_REFUSED as EXIT_REFUSED  # re-exported: the organ loop exits with it
from broker.vocab import Cause, Level, OrganState, Origin, Screened, Stage
from broker.wire import BLOOD, EVENT, SYNC, VERSION

DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024
MAX_TIMEOUT_S = 86400.0  # the longest deadline a call may ask for (0 asks for the ability's own)
PEEK_FIELDS = 64  # fields of an oversized body looked at for its request id
STATES = tuple(OrganState)
STAGES = tuple(Stage)
LEVELS = tuple(Level)
ABILITY_KINDS = ("tool", "resource", "prompt")  # resources and prompts are read through an ability, never tools
NOTICE_KINDS = ("progress", "log")
ASK_KINDS = ("elicit", "sample")
LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")  # RFC 5424, as MCP
CAUSES = tuple(Cause)
SCREENED = tuple(Screened)


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    description: str = ""
    params: dict = field(default_factory=dict)  # JSON Schema of the arguments object
    read_only: bool = False
    idempotent: bool = False
    destructive: bool = False
    timeout_s: float = 30.0
    kind: str = "tool"  # one of ABILITY_KINDS
    uri: str = ""  # a resource's URI, or a URI template whose {name} parts are the ability's arguments
    mime_type: str = ""  # a resource's content type
    title: str = ""  # a display name for people (MCP's `title`)
    output: dict = field(default_factory=dict)  # JSON Schema of a result's structured content (MCP's outputSchema)
    open_world: bool | None = None  # whether it reaches beyond the machine (MCP's openWorldHint); None: not said
    owners_words: bool = False  # its answers carry what the owner typed and called: for keys remote_events names


@dataclass(frozen=True, slots=True)
class Reflex:
    when: dict  # condition tree over events; evaluated by the healer, never eval'd
    then: dict  # action: a read-only ability call or an alert
    name: str = ""
    cooldown_s: float = 60.0
    max_fires: int = 5


@dataclass(frozen=True, slots=True)
class Screening:
    """A tool of a wrapped server the organ refused, or registered with a text withheld, for the owner to see."""
    tool: str  # the tool's name as the server wrote it (cut)
    outcome: str  # one of SCREENED: refused or withheld
    why: str  # for people: the precise reason, the places withheld and the rules they break


@dataclass(frozen=True, slots=True)
class Register:
    KIND: ClassVar[bytes] = b"register"
    organ: str
    pid: int
    abilities: tuple[Ability, ...] = ()
    perception: tuple[str, ...] = ()
    reflexes: tuple[Reflex, ...] = ()
    token: str = ""
    lane: str = ""  # the organ's lane endpoint (ipc://), when it takes lane calls (docs/protocol.md, "Lanes")
    screened: tuple[Screening, ...] = ()  # what the organ refused or withheld of what it wraps


@dataclass(frozen=True, slots=True)
class Welcome:
    KIND: ClassVar[bytes] = b"welcome"
    organ: str
    heartbeat_s: float
    liveness: int
    blood: str
    max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES  # replies larger than this are refused by the heart


@dataclass(frozen=True, slots=True)
class Refused:
    KIND: ClassVar[bytes] = b"refused"
    organ: str
    reason: str


@dataclass(frozen=True, slots=True)
class Heartbeat:
    KIND: ClassVar[bytes] = b"heartbeat"
    organ: str = ""  # empty when the heart sends it


@dataclass(frozen=True, slots=True)
class Reregister:
    KIND: ClassVar[bytes] = b"reregister"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Goodbye:
    KIND: ClassVar[bytes] = b"goodbye"
    organ: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Call:
    KIND: ClassVar[bytes] = b"call"
    id: str
    organ: str
    ability: str
    args: dict = field(default_factory=dict)
    timeout_s: float = 0.0  # 0: the ability's own timeout
    session: str = ""
    origin: str = Origin.AGENT  # only agent calls are retried for the caller (broker.vocab.Origin)


@dataclass(frozen=True, slots=True)
class Failure:
    cause: str
    message: str
    type: str = ""
    hint: str = ""
    retried: int = 0
    decision: str = ""


@dataclass(frozen=True, slots=True)
class Reply:
    KIND: ClassVar[bytes] = b"reply"
    id: str
    ok: bool
    result: Any = None
    error: Failure | None = None
    duration_s: float = 0.0
    retried: int = 0  # retries the healer made before this outcome


@dataclass(frozen=True, slots=True)
class OrganStatus:
    state: str
    pid: int | None = None
    restarts: int = 0
    wounds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Alert:
    level: str
    organ: str
    message: str
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class Blood:
    seq: int
    at: float
    interval_s: float
    reason: str = ""
    instruction: str = ""
    stage: str = Stage.AWAKE
    organs: dict[str, OrganStatus] = field(default_factory=dict)
    alerts: tuple[Alert, ...] = ()
    exposed: tuple[str, ...] = ()  # organ.ability addresses the agent sees for the instruction
    tokens: dict[str, int] = field(default_factory=dict)  # tool-schema tokens: full | exposed
    catalogue: int = 0  # digest of the abilities of the organs that are up: changes when the catalogue does
    session: str = ""  # the session the instruction came from


@dataclass(frozen=True, slots=True)
class Observation:
    metric: str  # one of the heart's reportable metrics (broker/metrics.py)
    value: float
    labels: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Report:
    """Metric observations an organ hands to the heart, which exports them (no per-process metric files)."""

    KIND: ClassVar[bytes] = b"report"
    organ: str
    observations: tuple[Observation, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the mesh, published on topic EVENT + kind for any subscriber."""

    seq: int
    at: float
    kind: str  # call | progress | wound | healed | alert
    organ: str = ""
    ability: str = ""
    ok: bool = True
    cause: str = ""
    origin: str = ""
    session: str = ""
    duration_s: float = 0.0
    retried: int = 0
    message: str = ""
    args: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Notice:
    """What a running ability tells its caller (progress, a log line); the heart forwards it to the caller."""

    KIND: ClassVar[bytes] = b"notice"
    call: str  # the id of the call it belongs to
    kind: str  # one of NOTICE_KINDS
    body: dict = field(default_factory=dict)  # progress: progress, total, message; log: level, message


@dataclass(frozen=True, slots=True)
class Ask:
    """A running ability's question to its caller's client: its user (elicit) or its model (sample)."""

    KIND: ClassVar[bytes] = b"ask"
    id: str
    call: str  # the id of the call it belongs to
    kind: str  # one of ASK_KINDS
    body: dict = field(default_factory=dict)  # MCP's elicitation/create or sampling/createMessage params
    timeout_s: float = 60.0


@dataclass(frozen=True, slots=True)
class Answer:
    """The caller's answer to an Ask, forwarded by the heart to the organ that asked."""

    KIND: ClassVar[bytes] = b"answer"
    id: str  # the Ask's id
    ok: bool
    result: Any = None  # MCP's ElicitResult or CreateMessageResult
    error: str = ""
    timed_out: bool = False  # the error is that the client did not answer in time


@dataclass(frozen=True, slots=True)
class Cancel:
    """The caller no longer wants a call it made: client -> heart -> organ (or client -> organ on a lane).

    The heart ends the call unanswered (its caller asked for that), retries nothing and counts no failure;
    the organ tells the running ability (Organ.cancelled, the on_cancel hook) and its late reply is dropped."""

    KIND: ClassVar[bytes] = b"cancel"
    id: str  # the call's id
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Sync:
    """The mark a subscriber asked for (control `sync`), published on SYNC + token: once it arrives, the
    subscription is live and every event after event_seq follows it (Clone pattern, for events)."""

    token: str
    event_seq: int


# -- lanes: a call's success path straight between a local client and its organ (broker/lanes.py) --

@dataclass(frozen=True, slots=True)
class Admit:
    """Heart -> organ: take lane calls whose routing id is this ticket, on behalf of this heart connection."""

    KIND: ClassVar[bytes] = b"admit"
    ticket: bytes
    client: bytes  # the client's routing id on the heart's ROUTER: where a handed-off call is answered
    principal: str = ""


@dataclass(frozen=True, slots=True)
class Revoke:
    """Heart -> organ: drop these tickets (every ticket when empty); their clients go through the heart again."""

    KIND: ClassVar[bytes] = b"revoke"
    tickets: tuple[bytes, ...] = ()


@dataclass(frozen=True, slots=True)
class Grant:
    """Heart -> client: call this organ on its lane, with the ticket as the lane socket's routing id."""

    KIND: ClassVar[bytes] = b"grant"
    organ: str
    endpoint: str
    ticket: bytes
    pid: int = 0


@dataclass(frozen=True, slots=True)
class LaneClosed:
    """Organ -> client on a lane: the ticket is not (or no longer) admitted, and the call did not run; or
    (handed_off) the call did not succeed and the heart answers it on the client's heart connection."""

    KIND: ClassVar[bytes] = b"lane-closed"
    id: str
    handed_off: bool = False


@dataclass(frozen=True, slots=True)
class Handoff:
    """Organ -> heart: a lane call that did not succeed, for the heart to conclude as one it routed."""

    KIND: ClassVar[bytes] = b"handoff"
    ticket: bytes
    client: bytes
    call: Call
    reply: Reply
    size: int = -1  # bytes of the call's body as the client sent it


@dataclass(frozen=True, slots=True)
class Tally:
    """Organ -> heart: lane calls that succeeded, accounted late and in batches (metrics, health, event.call)."""

    KIND: ClassVar[bytes] = b"tally"
    organ: str
    calls: tuple[Call, ...] = ()
    durations: tuple[float, ...] = ()
    sizes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SnapshotRequest:
    KIND: ClassVar[bytes] = b"snapshot?"


@dataclass(frozen=True, slots=True)
class Snapshot:
    KIND: ClassVar[bytes] = b"snapshot"
    blood: Blood


@dataclass(frozen=True, slots=True)
class Control:
    KIND: ClassVar[bytes] = wire.CONTROL
    id: str
    command: str
    args: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ControlReply:
    KIND: ClassVar[bytes] = b"control!"
    id: str
    ok: bool
    result: Any = None
    error: str = ""


Message = (Register | Welcome | Refused | Heartbeat | Reregister | Goodbye | Call | Reply
           | SnapshotRequest | Snapshot | Control | ControlReply | Report | Notice | Ask | Answer | Cancel
           | Admit | Revoke | Grant | LaneClosed | Handoff | Tally)
KINDS: dict[bytes, type] = {cls.KIND: cls for cls in typing.get_args(Message)}


# -- encoding -------------------------------------------------------------------------------

def encode(msg: Message) -> list[bytes]:
    """Encode a message as [VERSION, kind, body]."""
    plain = _FLAT.get(type(msg))
    if plain is not None:
        body = plain(msg)
        if body is not None:
            try:
                return [VERSION, msg.KIND, wire.pack(body)]
            except EncodeError:
                pass  # a value msgpack does not take as it is (a dataclass in a result): the general path
    return [VERSION, msg.KIND, _pack(msg)]


def _flat_call(c: Call) -> dict:
    # the map to_plain makes of a Call, built without walking its arguments (msgpack walks them once anyway)
    return {"id": c.id, "organ": c.organ, "ability": c.ability, "args": c.args, "timeout_s": c.timeout_s,
            "session": c.session, "origin": c.origin}


def _flat_reply(r: Reply) -> dict | None:
    if r.error is not None:
        return None  # a Failure is a dataclass: the general path
    return {"id": r.id, "ok": r.ok, "result": r.result, "error": None, "duration_s": r.duration_s,
            "retried": r.retried}


def _flat_tally(t: Tally) -> dict:
    # a tally carries up to 256 calls: each as the map _flat_call makes, none walked by to_plain
    return {"organ": t.organ, "calls": [_flat_call(c) for c in t.calls], "durations": list(t.durations),
            "sizes": list(t.sizes)}


def encode_blood(blood: Blood) -> list[bytes]:
    """Encode a beat for the PUB socket, topic first."""
    return [BLOOD, VERSION, _pack(blood)]


def encode_event(event: Event) -> list[bytes]:
    """Encode an event for the PUB socket under its topic."""
    return [EVENT + event.kind.encode(), VERSION, _pack(event)]


def encode_sync(sync: Sync) -> list[bytes]:
    """Encode a subscriber's mark for the PUB socket under its own topic."""
    return [SYNC + sync.token.encode(), VERSION, _pack(sync)]


def pack_value(value: Any) -> bytes:
    """Encode a plain value (for stored state that is not a message)."""
    return wire.pack(value)


def _pack(msg: Any) -> bytes:
    try:
        plain = to_plain(msg)
    except RecursionError:
        raise EncodeError("value is nested too deeply to be encoded") from None
    return wire.pack(plain)


def to_plain(value: Any) -> Any:
    """Turn dataclasses (recursively) into maps, tuples into lists: what msgpack and JSON take."""
    names = _field_names(type(value))
    if names is not None:
        return {name: to_plain(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


@functools.cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


# -- decoding -------------------------------------------------------------------------------

def decode(frames: list[bytes], max_bytes: int = DEFAULT_MAX_FRAME_BYTES) -> Message:
    """Decode [VERSION, kind, body] into a message, or raise DecodeError carrying the frames."""
    if len(frames) != 3:
        raise DecodeError(f"expected 3 frames, got {len(frames)}", frames=frames, reason="framing")
    version, kind, body = frames
    if version != VERSION:
        raise DecodeError(f"unsupported protocol version {bytes(version[:16])!r}", frames=frames,
                          reason="version")
    cls = KINDS.get(bytes(kind))
    if cls is None:
        raise DecodeError(f"unknown message kind {bytes(kind[:32])!r}", frames=frames, reason="kind")
    return _decode_body(cls, body, frames, max_bytes)


def decode_blood(frames: list[bytes], max_bytes: int = DEFAULT_MAX_FRAME_BYTES) -> Blood:
    """Decode a beat received on a SUB socket."""
    if len(frames) != 3 or frames[0] != BLOOD:
        raise DecodeError("not a blood message", frames=frames, reason="framing")
    if frames[1] != VERSION:
        raise DecodeError(f"unsupported protocol version {bytes(frames[1][:16])!r}", frames=frames,
                          reason="version")
    return _decode_body(Blood, frames[2], frames, max_bytes)


def decode_event(frames: list[bytes], max_bytes: int = DEFAULT_MAX_FRAME_BYTES) -> Event:
    """Decode an event received on a SUB socket."""
    if len(frames) != 3 or not frames[0].startswith(EVENT):
        raise DecodeError("not an event message", frames=frames, reason="framing")
    if frames[1] != VERSION:
        raise DecodeError(f"unsupported protocol version {bytes(frames[1][:16])!r}", frames=frames,
                          reason="version")
    return _decode_body(Event, frames[2], frames, max_bytes)


def hard_frame_cap(max_frame_bytes: int) -> int:
    """The size beyond which libzmq drops a peer's connection: room to answer what exceeds the limit."""
    return 2 * max_frame_bytes + 4096


def peek_request(frames: list[bytes]) -> tuple[type | None, str]:
    """The kind and request id of a message too large to decode, read without decoding its body.

    Returns (None, "") when the frames are not a request with a readable string id.
    """
    if len(frames) != 3 or frames[0] != VERSION:
        return None, ""
    cls = KINDS.get(bytes(frames[1]))
    if cls not in (Call, Control, Reply):
        return None, ""
    found = wire.peek(frames[2], "id", PEEK_FIELDS)
    if isinstance(found, str):
        return cls, found
    return None, ""


def decode_sync(frames: list[bytes]) -> Sync:
    """Decode a subscriber's mark received on a SUB socket."""
    if len(frames) != 3 or not frames[0].startswith(SYNC):
        raise DecodeError("not a sync mark", frames=frames, reason="framing")
    if frames[1] != VERSION:
        raise DecodeError(f"unsupported protocol version {bytes(frames[1][:16])!r}", frames=frames,
                          reason="version")
    return _decode_body(Sync, frames[2], frames, DEFAULT_MAX_FRAME_BYTES)


def unpack_value(data: bytes) -> Any:
    """Decode a plain value written by pack_value."""
    try:
        return wire.unpack(data)
    except DecodeError as exc:
        raise DecodeError(f"corrupt value: {exc}", frames=[data]) from exc


def from_plain(cls: type, data: Any) -> Any:
    """Build a message dataclass from a plain map, validating every field."""
    try:
        return _build(cls, data, cls.__name__)
    except _Invalid as exc:
        raise DecodeError(str(exc), reason="schema") from None


def _decode_body(cls: type, body: bytes, frames: list[bytes], max_bytes: int) -> Any:
    if len(body) > max_bytes:
        raise DecodeError(f"{cls.__name__} body of {len(body)} bytes exceeds {max_bytes}", frames=frames,
                          reason="size")
    try:
        data = wire.unpack(body)
    except DecodeError as exc:
        raise DecodeError(f"bad {cls.__name__} body: {exc}", frames=frames) from exc
    fast = _FAST.get(cls)
    if fast is not None and type(data) is dict:
        msg = fast(data)
        if msg is not None:
            return msg
    try:
        return _build(cls, data, cls.__name__)
    except _Invalid as exc:
        raise DecodeError(str(exc), frames=frames, reason="schema") from None


def _fast_call(d: dict) -> Call | None:
    """A Call from a map whose fields are all of the expected types, built without the general checks
    (None otherwise: the general path then names what is wrong). Every call crosses the heart twice."""
    id_, organ, ability, args = d.get("id"), d.get("organ"), d.get("ability"), d.get("args", _NO_ARGS)
    session, origin, timeout_s = d.get("session", ""), d.get("origin", Origin.AGENT), d.get("timeout_s", 0.0)
    if (type(id_) is str and type(organ) is str and type(ability) is str and type(session) is str
            and type(origin) is str and type(timeout_s) in (float, int) and type(args) is dict):
        return Call(id_, organ, ability, args if args is not _NO_ARGS else {}, float(timeout_s), session, origin)
    return None


def _fast_reply(d: dict) -> Reply | None:
    """A Reply without an error (an error takes the general path), built as _fast_call builds a Call."""
    id_, ok, duration_s, retried = d.get("id"), d.get("ok"), d.get("duration_s", 0.0), d.get("retried", 0)
    if (type(id_) is str and type(ok) is bool and d.get("error") is None and type(duration_s) in (float, int)
            and type(retried) is int):
        return Reply(id_, ok, d.get("result"), None, float(duration_s), retried)
    return None


def _fast_tally(d: dict) -> Tally | None:
    """A Tally whose calls all pass _fast_call, durations are numbers and sizes integers (None otherwise)."""
    organ, calls, durations, sizes = d.get("organ"), d.get("calls", ()), d.get("durations", ()), d.get("sizes", ())
    if not (type(organ) is str and type(calls) is list and type(durations) is list and type(sizes) is list):
        return None
    if not _NUMBERS.issuperset(map(type, durations)) or not _INTS.issuperset(map(type, sizes)):
        return None
    built = tuple(_fast_call(c) if type(c) is dict else None for c in calls)
    if None in built:
        return None
    return Tally(organ, built, tuple(map(float, durations)), tuple(sizes))


_NUMBERS, _INTS = frozenset((float, int)), frozenset((int,))
_NO_ARGS: dict = {}
_FAST: dict[type, Callable[[dict], Any]] = {Call: _fast_call, Reply: _fast_reply, Tally: _fast_tally}
_FLAT: dict[type, Callable[[Any], dict | None]] = {Call: _flat_call, Reply: _flat_reply, Tally: _flat_tally}


class _Invalid(Exception):
    pass


def _build(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise _Invalid(f"{path}: expected a map, got {type(data).__name__}")
    values = {}
    for name, convert, required in _spec(cls):
        if name in data:
            values[name] = convert(data[name], f"{path}.{name}")
        elif required:
            raise _Invalid(f"{path}: missing field {name!r}")
    return cls(**values)


@functools.cache
def _spec(cls: type) -> tuple[tuple[str, Callable[[Any, str], Any], bool], ...]:
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, _converter(hints[f.name]),
         f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    )


def _converter(tp: Any) -> Callable[[Any, str], Any]:
    origin = typing.get_origin(tp)
    if tp is Any:
        return lambda v, p: v
    if origin in (types.UnionType, typing.Union):
        inner = _converter(next(a for a in typing.get_args(tp) if a is not type(None)))
        return lambda v, p: None if v is None else inner(v, p)
    if origin is tuple:
        item = _converter(typing.get_args(tp)[0])

        def tuple_of(v: Any, p: str) -> tuple:
            _expect(v, (list, tuple), "an array", p)
            return tuple(item(x, f"{p}[{i}]") for i, x in enumerate(v))
        return tuple_of
    if origin is dict:
        value = _converter(typing.get_args(tp)[1])

        def dict_of(v: Any, p: str) -> dict:
            _expect(v, dict, "a map", p)
            return {_expect(k, str, "a string key", p): value(x, f"{p}[{k!r}]") for k, x in v.items()}
        return dict_of
    if dataclasses.is_dataclass(tp):
        return lambda v, p: _build(tp, v, p)
    if tp is float:
        return lambda v, p: float(_expect(v, (int, float), "a number", p))
    if tp is int:
        return lambda v, p: _expect(v, int, "an integer", p)
    if tp is bool:
        return lambda v, p: _expect(v, bool, "a boolean", p)
    if tp in (str, dict, list, bytes):
        return lambda v, p: _expect(v, tp, f"a {tp.__name__}", p)
    raise TypeError(f"no wire converter for {tp!r}")


def _expect(value: Any, kinds: type | tuple[type, ...], what: str, path: str) -> Any:
    # bool is an int in Python, never on the wire
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        raise _Invalid(f"{path}: expected {what}, got {type(value).__name__}")
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)
