"""Protocol decoding under fuzzing: any input gives a message of a known kind or one DecodeError, nothing else.

Property tests (hypothesis) cover arbitrary frame lists, valid-version frames with arbitrary msgpack bodies
(deep nesting included), bodies shaped like each message with hostile values, truncated and mutated valid
encodings and huge declared lengths; valid messages round-trip. A seeded, bounded mutation run adds volume.

The example count is moderate so the suite stays fast. For a long run:

    ACTORS_FUZZ_EXAMPLES=20000 ACTORS_FUZZ_INPUTS=1000000 python -m pytest tests/test_fuzz_protocol.py
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import time
import types
import typing
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broker import protocol
from broker.errors import DecodeError
from broker.protocol import BLOOD, EVENT, KINDS, VERSION, Blood, Event

EXAMPLES = int(os.environ.get("ACTORS_FUZZ_EXAMPLES", "75"))
FUZZ_INPUTS = int(os.environ.get("ACTORS_FUZZ_INPUTS", "20000"))  # inputs of the seeded mutation run
FUZZ_BUDGET_S = float(os.environ.get("ACTORS_FUZZ_BUDGET_S", "20"))  # ... which also stops after this long
REASONS = {"framing", "version", "kind", "size", "body", "schema"}  # the bounded label set of the metric
MESSAGE_TYPES = (*KINDS.values(), Blood, Event)
SMALL_MAX_BYTES = 4096

# database=None: no .hypothesis directory in the working tree; a failure prints its example instead
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def _pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


# -- strategies -------------------------------------------------------------------------------

def _leaves(nan: bool = True) -> st.SearchStrategy:
    return st.one_of(
        st.none(), st.booleans(),
        st.integers(min_value=-(2 ** 63), max_value=2 ** 64 - 1),
        st.floats(allow_nan=nan, allow_infinity=nan), st.floats(width=32, allow_nan=nan, allow_infinity=nan),
        st.text(max_size=40), st.binary(max_size=40),
    )


def msgpack_values(nan: bool = True, max_leaves: int = 20) -> st.SearchStrategy:
    """Any value msgpack packs (string keys in maps, as the protocol requires)."""
    return st.recursive(
        _leaves(nan),
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
        max_leaves=max_leaves)


@st.composite
def deeply_nested(draw) -> bytes:
    """A msgpack value nested up to past the unpacker's own depth limit (arrays, maps or both)."""
    depth = draw(st.integers(min_value=1, max_value=1200))
    opener = draw(st.sampled_from([b"\x91", b"\x81\xa1k", b"\xdc\x00\x01", b"\xde\x00\x01\xa1k"]))
    leaf = draw(st.sampled_from([b"\xc0", b"\x80", b"\x90", b"\xa1x", b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00"]))
    return opener * depth + leaf


# headers that announce far more than follows: str, bin, array, map and ext of up to 4 GiB
HUGE_HEADERS = [b"\xdb\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xff", b"\xdd\xff\xff\xff\xff",
                b"\xdf\xff\xff\xff\xff", b"\xc9\xff\xff\xff\xff\x01", b"\xda\xff\xff", b"\xdc\xff\xff",
                b"\xde\xff\xff", b"\xc5\xff\xff"]


@st.composite
def huge_declared_lengths(draw) -> bytes:
    """A body whose header (possibly nested in a valid prefix) declares a length far past its end."""
    prefix = draw(st.sampled_from([b"", b"\x81\xa2id", b"\x82\xa2id\xa11\xa4args", b"\x91", b"\x81\xa4args\x91"]))
    return prefix + draw(st.sampled_from(HUGE_HEADERS)) + draw(st.binary(max_size=16))


def _field_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)] or ["id"]  # SnapshotRequest has none


@st.composite
def hostile_bodies(draw, cls: type) -> bytes:
    """A map using the message's own field names (and others) with arbitrary values: the type checks' work."""
    keys = st.sampled_from(_field_names(cls)) | st.text(max_size=8)
    data = draw(st.dictionaries(keys, msgpack_values(max_leaves=10), max_size=len(_field_names(cls)) + 2))
    return _pack(data)


def bodies() -> st.SearchStrategy:
    return st.one_of(
        msgpack_values().map(_pack), st.binary(max_size=200), deeply_nested(), huge_declared_lengths(),
        st.sampled_from(MESSAGE_TYPES).flatmap(hostile_bodies))


kinds = st.one_of(st.sampled_from(sorted(KINDS)), st.binary(max_size=12))


def _value_strategy(tp: Any) -> st.SearchStrategy:
    """Values of a wire type, as they come out of msgpack (lists for arrays, no NaN so equality holds)."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return msgpack_values(nan=False, max_leaves=8)
    if origin in (types.UnionType, typing.Union):
        inner = next(a for a in typing.get_args(tp) if a is not type(None))
        return st.none() | _value_strategy(inner)
    if origin is tuple:
        return st.lists(_value_strategy(typing.get_args(tp)[0]), max_size=3).map(tuple)
    if origin is dict:
        return st.dictionaries(st.text(max_size=10), _value_strategy(typing.get_args(tp)[1]), max_size=3)
    if dataclasses.is_dataclass(tp):
        return messages_of(tp)
    return {
        str: st.text(max_size=30),
        int: st.integers(min_value=-(2 ** 63), max_value=2 ** 64 - 1),
        float: st.floats(allow_nan=False),
        bool: st.booleans(),
        bytes: st.binary(max_size=20),
        dict: st.dictionaries(st.text(max_size=10), msgpack_values(nan=False, max_leaves=8), max_size=4),
    }[tp]


def messages_of(cls: type) -> st.SearchStrategy:
    """Valid instances of one message dataclass, every field drawn from its wire type."""
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{f.name: _value_strategy(hints[f.name]) for f in dataclasses.fields(cls)})


valid_messages = st.sampled_from(list(KINDS.values())).flatmap(messages_of)


def _check(decode, frames: list[bytes], max_bytes: int = protocol.DEFAULT_MAX_FRAME_BYTES) -> Any:
    """Decode; anything but a known message or a DecodeError with a bounded reason fails the test."""
    try:
        msg = decode(frames, max_bytes)
    except DecodeError as exc:
        assert exc.reason in REASONS, exc.reason
        assert exc.frames == frames or exc.frames == []
        return None
    assert isinstance(msg, MESSAGE_TYPES)
    return msg


# -- properties -------------------------------------------------------------------------------

@FUZZ
@given(st.lists(st.binary(max_size=64), max_size=6))
def test_any_list_of_frames_decodes_to_a_message_or_one_decode_error(frames):
    for decode in (protocol.decode, protocol.decode_blood, protocol.decode_event):
        _check(decode, frames)


@FUZZ
@given(kinds, bodies())
def test_a_valid_version_frame_with_any_body_decodes_or_raises_decode_error(kind, body):
    msg = _check(protocol.decode, [VERSION, kind, body])
    if msg is not None:
        assert msg.KIND == kind


@FUZZ
@given(st.sampled_from(MESSAGE_TYPES).flatmap(lambda cls: st.tuples(st.just(cls), hostile_bodies(cls))))
def test_bodies_shaped_like_a_message_with_hostile_values_decode_or_raise_decode_error(cls_and_body):
    cls, body = cls_and_body
    if cls is Blood:
        msg = _check(protocol.decode_blood, [BLOOD, VERSION, body])
    elif cls is Event:
        msg = _check(protocol.decode_event, [EVENT + b"call", VERSION, body])
    else:
        msg = _check(protocol.decode, [VERSION, cls.KIND, body])
    assert msg is None or type(msg) is cls


@FUZZ
@given(bodies())
def test_blood_and_event_bodies_decode_or_raise_decode_error(body):
    _check(protocol.decode_blood, [BLOOD, VERSION, body])
    _check(protocol.decode_event, [EVENT + b"alert", VERSION, body])


@FUZZ
@given(st.binary(max_size=12).filter(lambda v: v != VERSION), st.sampled_from(sorted(KINDS)), valid_messages)
def test_an_unknown_protocol_version_is_refused_with_reason_version(version, kind, msg):
    _, _, body = protocol.encode(msg)
    with pytest.raises(DecodeError) as caught:
        protocol.decode([version, kind, body])
    assert caught.value.reason == "version"


@FUZZ
@given(valid_messages)
def test_valid_messages_round_trip_through_encode_and_decode(msg):
    frames = protocol.encode(msg)
    decoded = protocol.decode(frames)
    assert decoded == msg
    assert protocol.encode(decoded) == frames


@FUZZ
@given(valid_messages, st.data())
def test_every_truncation_of_a_valid_encoding_is_a_decode_error(msg, data):
    version, kind, body = protocol.encode(msg)
    cut = data.draw(st.integers(min_value=0, max_value=len(body) - 1))
    with pytest.raises(DecodeError) as caught:
        protocol.decode([version, kind, body[:cut]])
    assert caught.value.reason in ("body", "schema")


@FUZZ
@given(valid_messages, st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "set"]),
                                          st.integers(min_value=0), st.integers(min_value=0, max_value=255)),
                                min_size=1, max_size=8))
def test_mutated_valid_encodings_decode_or_raise_decode_error(msg, edits):
    version, kind, body = protocol.encode(msg)
    mutated = _mutate(bytearray(body), edits)
    decoded = _check(protocol.decode, [version, kind, mutated])
    if decoded is not None:
        assert type(decoded) is type(msg)


@FUZZ
@given(valid_messages, st.binary(min_size=1, max_size=16))
def test_trailing_bytes_after_a_valid_body_are_a_decode_error(msg, extra):
    version, kind, body = protocol.encode(msg)
    with pytest.raises(DecodeError):
        protocol.decode([version, kind, body + extra])


@FUZZ
@given(valid_messages)
def test_a_body_over_max_bytes_is_refused_before_it_is_unpacked(msg):
    version, kind, body = protocol.encode(msg)
    with pytest.raises(DecodeError) as caught:
        protocol.decode([version, kind, body], max_bytes=len(body) - 1)
    assert caught.value.reason == "size"


@FUZZ
@given(st.sampled_from(sorted(KINDS)), huge_declared_lengths())
def test_huge_declared_lengths_are_refused_without_allocating_them(kind, body):
    _check(protocol.decode, [VERSION, kind, body], SMALL_MAX_BYTES)


@FUZZ
@given(st.sampled_from(sorted(KINDS)), deeply_nested())
def test_deep_nesting_decodes_or_raises_decode_error_never_recursion_error(kind, body):
    _check(protocol.decode, [VERSION, kind, body])
    # and nested inside the free-form field of a valid call
    args = b"\x81\xa1x" + body
    call = b"\x84\xa2id\xa11\xa5organ\xa4echo\xa7ability\xa4echo\xa4args" + args
    _check(protocol.decode, [VERSION, b"call", call])


@FUZZ
@given(st.sampled_from(MESSAGE_TYPES), msgpack_values())
def test_from_plain_builds_the_message_or_raises_decode_error(cls, data):
    try:
        msg = protocol.from_plain(cls, data)
    except DecodeError as exc:
        assert exc.reason == "schema"
        return
    assert type(msg) is cls


@FUZZ
@given(st.sampled_from(MESSAGE_TYPES).flatmap(
    lambda cls: st.tuples(st.just(cls), st.dictionaries(st.sampled_from(_field_names(cls)), msgpack_values(),
                                                        max_size=len(_field_names(cls))))))
def test_from_plain_with_the_right_field_names_and_wrong_values_raises_only_decode_error(cls_and_data):
    cls, data = cls_and_data
    try:
        assert type(protocol.from_plain(cls, data)) is cls
    except DecodeError as exc:
        assert exc.reason == "schema"


@FUZZ
@given(st.sampled_from([math.nan, math.inf, -math.inf]))
def test_non_finite_floats_decode_as_floats_and_the_heart_must_judge_them(value):
    call = protocol.decode([VERSION, b"call", _pack({"id": "1", "organ": "o", "ability": "a", "timeout_s": value})])
    assert math.isnan(call.timeout_s) if math.isnan(value) else call.timeout_s == value


# -- a bounded mutation run -------------------------------------------------------------------

def _mutate(body: bytearray, edits) -> bytes:
    for op, where, byte in edits:
        at = where % (len(body) + 1)
        if op == "insert" or not body:
            body[at:at] = bytes([byte])
        elif op == "delete":
            del body[min(at, len(body) - 1)]
        elif op == "flip":
            body[min(at, len(body) - 1)] ^= 1 << (byte % 8)
        else:
            body[min(at, len(body) - 1)] = byte
    return bytes(body)


def _corpus() -> list[list[bytes]]:
    return [protocol.encode(protocol.Call(id="c1", organ="echo", ability="echo", args={"x": [1, 2.5, None]})),
             protocol.encode(protocol.Register(organ="echo", pid=1, abilities=(protocol.Ability(name="a"),))),
             protocol.encode(protocol.Control(id="k", command="status", args={"a": {"b": [True]}})),
             protocol.encode(protocol.Reply(id="r", ok=False, error=protocol.Failure("timeout", "slow"))),
             protocol.encode_blood(Blood(seq=3, at=1.0, interval_s=0.5,
                                         organs={"a": protocol.OrganStatus("up", pid=2)},
                                         alerts=(protocol.Alert("warn", "a", "m"),))),
            protocol.encode_event(Event(seq=1, at=1.0, kind="call", organ="echo", args={"x": 1}))]


def test_a_seeded_bounded_mutation_run_never_raises_anything_but_decode_error():
    rng = random.Random(8)
    corpus = _corpus()
    decoders = (protocol.decode, protocol.decode_blood, protocol.decode_event)
    stop_at = time.monotonic() + FUZZ_BUDGET_S
    outcomes = {"decoded": 0, "refused": 0}
    for n in range(FUZZ_INPUTS):
        if n % 1000 == 0 and time.monotonic() > stop_at:
            break
        frames = [bytearray(f) for f in rng.choice(corpus)]
        target = rng.randrange(len(frames))
        edits = [(rng.choice(["flip", "insert", "delete", "set"]), rng.randrange(1 << 16), rng.randrange(256))
                 for _ in range(rng.randint(1, 6))]
        frames[target] = bytearray(_mutate(frames[target], edits))
        if rng.random() < 0.05:
            frames = frames[:rng.randrange(len(frames) + 1)] + [bytearray(rng.randbytes(rng.randrange(9)))]
        plain = [bytes(f) for f in frames]
        first = plain[0] if plain else b""
        decode = (protocol.decode if first == VERSION else protocol.decode_blood if first == BLOOD
                  else protocol.decode_event if first.startswith(EVENT) else rng.choice(decoders))
        outcomes["refused" if _check(decode, plain) is None else "decoded"] += 1
    assert outcomes["refused"] > 0 and sum(outcomes.values()) >= min(FUZZ_INPUTS, 1000)
