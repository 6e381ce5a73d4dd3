"""The bytes on the wire: the frame layout, the topics and the msgpack codec (the one module that touches msgpack).

Frames (ZeroMQ multipart), see docs/protocol.md:
  peer -> heart ROUTER   [VERSION, kind, body]
  heart ROUTER -> peer   [routing-id, VERSION, kind, body]   (the id is stripped by the peer's DEALER)
  heart PUB -> SUB       [BLOOD, VERSION, body], [EVENT + kind, VERSION, body], [SYNC + token, VERSION, body]
`body` is a msgpack map. broker.protocol builds every message on this module; a client that must start fast
(a host runs `actors hook` on every tool call of its agent) sends a plain map through it without loading
the message classes.
"""

from __future__ import annotations

import threading
from typing import Any

import msgpack
import zmq

from broker.errors import DecodeError, EncodeError

VERSION = b"ACT1"
BLOOD = b"blood"
EVENT = b"event."  # topics event.call, event.progress, event.wound, event.healed, event.alert
SYNC = b"sync."  # topic sync.<token>: the mark one subscriber asked for (control `sync`)
CONTROL = b"control"  # the kind of a control command (broker.protocol.Control)
LANE_CLIENT = "~lane-"  # a client takes lanes by starting its calls' request ids with this (broker/lanes.py)

# socket flags as plain ints: pyzmq's are enum members, and every `|` or `&` on them builds a new one
NOBLOCK, SNDMORE, POLLIN, POLLOUT, POLLERR = (int(f) for f in (zmq.NOBLOCK, zmq.SNDMORE, zmq.POLLIN, zmq.POLLOUT,
                                                                zmq.POLLERR))
_SEND = zmq.Socket.__mro__[1].send  # libzmq's send itself: pyzmq's Python wrapper adds only DRAFT options
_POLL = zmq.backend.zmq_poll  # the C poll itself, without zmq.Poller's bookkeeping


_PACKERS = threading.local()  # one Packer per thread: packb builds (and drops) a new one for every value


def pack(value: Any) -> bytes:
    """Encode a plain value (maps, lists, strings, numbers, bytes, None); EncodeError for anything else."""
    try:
        packer = _PACKERS.packer
    except AttributeError:
        packer = _PACKERS.packer = msgpack.Packer(use_bin_type=True)
    try:
        return packer.pack(value)  # a pack that fails leaves the packer empty again (msgpack resets it)
    except (TypeError, ValueError, OverflowError) as exc:
        raise EncodeError(f"value cannot be encoded: {exc}") from exc


def unpack(data: bytes) -> Any:
    """Decode a plain value; DecodeError naming what msgpack found wrong."""
    try:
        return msgpack.unpackb(data, raw=False)
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise DecodeError(f"{type(exc).__name__}: {exc}", frames=[data]) from exc


def peek(body: bytes, key: str, max_fields: int) -> Any:
    """The value of one top-level key of a msgpack map, read without decoding the rest (None if absent or bad).

    Only the key's own value is built; every other value is skipped in place, so a body of any size costs no
    more memory than itself. At most max_fields keys are looked at, and keys longer than 1024 bytes end it.
    """
    unpacker = msgpack.Unpacker(max_buffer_size=len(body), max_str_len=1024, max_bin_len=1024)
    try:
        unpacker.feed(body)
        for _ in range(min(unpacker.read_map_header(), max_fields)):
            if unpacker.unpack() == key:
                return unpacker.unpack()
            unpacker.skip()
    except Exception:  # msgpack raises several unrelated types on garbage
        pass
    return None


def frames(kind: bytes, body: dict) -> list[bytes]:
    """The frames of a message of this kind whose fields are the plain map body."""
    return [VERSION, kind, pack(body)]


def send(sock: zmq.Socket, frames: list[bytes], flags: int = 0) -> None:
    """Send the frames of one message (what send_multipart does, without its flag enums); frames are bytes,
    checked before the first goes, so that a bad one never leaves a message half sent."""
    for frame in frames:
        if type(frame) is not bytes:
            raise TypeError(f"a frame must be bytes, not {type(frame).__name__}")
    more = flags | SNDMORE
    for frame in frames[:-1]:
        _SEND(sock, frame, more)
    _SEND(sock, frames[-1], flags)


def receive(sock: zmq.Socket, flags: int = 0) -> list[bytes]:
    """The frames of one message (zmq.Again as recv raises it). Received uncopied, so that each frame's `more`
    flag costs no socket option call, as it does in recv_multipart."""
    frame = sock.recv(flags, copy=False)
    frames = [frame.bytes]
    while frame.more:
        frame = sock.recv(flags, copy=False)
        frames.append(frame.bytes)
    return frames


def readable(sock: zmq.Socket) -> bool:
    """Whether a message waits (cheaper than a receive that ends in zmq.Again). A zero-timeout zmq_poll of the
    one socket: pyzmq's get(EVENTS) looks the option up as an enum member first, which costs more."""
    return bool(_POLL([(sock, POLLIN)], 0))
