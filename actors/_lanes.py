"""Lanes (docs/protocol.md, "Lanes"): a Unix stream socket from a local client straight to one organ.

A lane carries the protocol's messages (lists of frames), each as `<u32 length of the rest><u32 frame count>`,
then each frame's `<u32 length>`, then the frames' bytes (all little-endian). The client's first message is the grant's ticket alone; the organ checks every call
against the tickets the heart admitted. No ZeroMQ on this path: a round trip on a lane is two plain socket writes
and reads, with no I/O thread to wake on either side (about a fifth of an ipc DEALER/ROUTER round trip here).

Both ends are non-blocking and bounded: a message longer than the limit breaks the lane (a stream cannot skip
it), what the socket cannot take now waits in a capped buffer until it is writable, and a peer that reads
nothing past that cap loses the lane. `Lane` is a client's end (shared by the blocking `Client` and the front
door's asynchronous link); `LaneEnd` is the organ's end of one client's connection; `listen` binds the organ's
socket file, 0600.
"""

from __future__ import annotations

import contextlib
import functools
import os
import select
import socket
import struct
import threading
from collections import deque
from dataclasses import dataclass, field

from broker.protocol import Failure, Grant, Reply

SCHEME = "unix://"
_LEN = struct.Struct("<I")
_HEAD = struct.Struct("<II")  # the length of the rest, the frame count
MAX_FRAMES = 64  # the protocol's messages have a handful
HEADROOM = 64 * 1024  # a message's other frames and framing, on top of the frame limit
CHUNK = 256 * 1024  # read at most this much of one lane at a time (the poll is level-triggered: the rest waits)
MAX_TICKET = 64
MODE = 0o600  # the lane socket file: the mesh owner's alone (its directory is 0700 too)
BACKLOG = 128


class Broken(Exception):
    """The peer sent what is not a lane message (a length over the limit, frames that overrun their message)."""


def encode(frames: list[bytes]) -> bytes:
    """One message in its lane framing."""
    lengths = [len(frame) for frame in frames]
    count = len(frames)
    head = _lengths(count + 2).pack(4 + 4 * count + sum(lengths), count, *lengths)
    return b"".join([head, *frames])


_READS = threading.local()  # each thread's buffer to read lanes into


def _scratch() -> bytearray:
    """This thread's buffer to read a lane into: `recv(CHUNK)` would allocate (by mmap: it is over malloc's threshold),
    shrink and free a CHUNK-sized object for every read, three system calls and a fresh page each time."""
    buffer = getattr(_READS, "buffer", None)
    if buffer is None:
        buffer = _READS.buffer = bytearray(CHUNK)
    return buffer


@functools.cache
def _lengths(count: int) -> struct.Struct:
    return struct.Struct(f"<{count}I")


@dataclass(slots=True, eq=False)
class _Stream:
    """A non-blocking stream socket with whole messages in and a capped buffer out."""

    sock: socket.socket
    limit: int  # the longest message body accepted
    unread: bytearray = field(default_factory=bytearray)
    unsent: bytearray = field(default_factory=bytearray)
    eof: bool = False  # the peer went away (or broke the framing): nothing more comes, nothing more goes

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, data: bytes) -> bool:
        """Write a framed message now, or keep what the socket cannot take for flush(); False when the lane is
        gone or the peer has left more than the cap unread (the lane is then gone)."""
        if self.eof:
            return False
        if self.unsent:
            if len(self.unsent) + len(data) > 2 * (self.limit + HEADROOM):
                self._lost()
                return False
            self.unsent += data
            return True
        try:
            sent = self.sock.send(data)
        except BlockingIOError:
            sent = 0
        except OSError:
            self._lost()
            return False
        if sent < len(data):
            self.unsent += memoryview(data)[sent:]
        return True

    def flush(self) -> None:
        """Write what waits, as much as the socket takes now."""
        if not self.unsent or self.eof:
            return
        try:
            sent = self.sock.send(self.unsent)
        except BlockingIOError:
            return
        except OSError:
            self._lost()
            return
        del self.unsent[:sent]

    def receive(self) -> list[list[bytes]]:
        """The whole messages readable now (one chunk of the socket at most); raises Broken on bad framing."""
        if self.eof:
            return []
        scratch = _scratch()
        try:
            got = self.sock.recv_into(scratch)
        except (BlockingIOError, InterruptedError):
            return []
        except OSError:
            got = 0
        if not got:
            self._lost()
            return []
        chunk = bytes(memoryview(scratch)[:got])
        if not self.unread:  # the usual case: whole messages in one read, sliced from it as they are
            messages, at = self._messages(chunk)
            if at < len(chunk):
                self.unread += memoryview(chunk)[at:]
            return messages
        self.unread += chunk
        if len(self.unread) < 8 or len(self.unread) < 4 + _LEN.unpack_from(self.unread)[0]:
            return []  # the first message is still incomplete (a large one comes in many reads)
        messages, at = self._messages(bytes(self.unread))
        del self.unread[:at]
        return messages

    def _messages(self, buf: bytes) -> tuple[list[list[bytes]], int]:
        """The whole messages at the start of buf, and where the first incomplete one starts."""
        messages, at, size = [], 0, len(buf)
        while size - at >= 8:
            length, count = _HEAD.unpack_from(buf, at)
            if length > self.limit + HEADROOM or count > MAX_FRAMES or length < 4 + 4 * count:
                self._lost()
                raise Broken(f"a message of {length} bytes and {count} frames, over the lane's limits "
                             f"({self.limit + HEADROOM} bytes, {MAX_FRAMES} frames)" if length >= 4 + 4 * count
                             else "a message shorter than its frame lengths")
            end = at + 4 + length
            if size < end:
                break
            start = at + 8 + 4 * count
            frames = []
            for frame_length in _lengths(count).unpack_from(buf, at + 8):
                frames.append(buf[start:start + frame_length])
                start += frame_length
            if start != end:
                self._lost()
                raise Broken("the frames' lengths do not add up to their message's")
            messages.append(frames)
            at = end
        return messages, at

    def _lost(self) -> None:
        self.eof = True
        self.unsent.clear()
        self.unread.clear()

    def close(self) -> None:
        self._lost()
        self.sock.close()


@dataclass(slots=True, eq=False)
class Lane(_Stream):
    """A client's end of one lane (compared and hashed by identity); `inbox` holds messages read ahead."""

    organ: str = ""
    inbox: deque = field(default_factory=deque)
    poll: select.poll | None = None  # its descriptor, for a blocking owner to wait on (readable)

    @classmethod
    def open(cls, grant: Grant, limit: int) -> Lane | None:
        """Connect the lane of a grant and present its ticket; None when it cannot be had now (a grant that is
        not a local lane, an organ not listening or not taking connections): its calls go by the heart."""
        if not grant.endpoint.startswith(SCHEME):
            return None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK)
        try:
            sock.connect(grant.endpoint[len(SCHEME):])  # a Unix socket connects at once, or not at all
        except OSError:
            sock.close()
            return None
        lane = cls(sock, limit, organ=grant.organ, poll=select.poll())
        lane.poll.register(sock.fileno(), select.POLLIN)
        lane.send(encode([grant.ticket]))
        return lane

    def wait(self, timeout_ms: int) -> None:
        """Wait at most timeout_ms for the lane to be readable, writing what waits to be written meanwhile, and
        read it (for an owner that blocks: the `Client`)."""
        if self.unsent:
            self.poll.modify(self.sock.fileno(), select.POLLIN | select.POLLOUT)
        for _, events in self.poll.poll(timeout_ms):
            if events & select.POLLOUT:
                self.flush()
                if not self.unsent:
                    self.poll.modify(self.sock.fileno(), select.POLLIN)
            if events & (select.POLLIN | select.POLLHUP | select.POLLERR):
                self.read()

    def gone(self) -> bool:
        """Whether the organ's end went away (it died, closed the lane, or broke it)."""
        return self.eof

    def read(self) -> None:
        """Read what is readable into the inbox (a lane that breaks its framing is gone)."""
        with contextlib.suppress(Broken):
            self.inbox.extend(self.receive())


@dataclass(slots=True, eq=False)
class LaneEnd(_Stream):
    """The organ's end of one client's lane: the ticket it presented, and messages read but not yet handled."""

    ticket: bytes | None = None
    inbox: deque = field(default_factory=deque)


def listen(path: str) -> socket.socket:
    """Bind and listen on the lane socket file, created 0600 (raises OSError)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK)
    mask = os.umask(0o177)  # created 0600 (process-wide for an instant: other files only get stricter)
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # a socket file left by an earlier process of this pid
        sock.bind(path)
        os.chmod(path, MODE)  # whatever another thread set the umask to meanwhile
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    finally:
        os.umask(mask)
    return sock


def peer_uid(sock: socket.socket) -> int:
    """The user id the kernel says is at the other end of a Unix socket."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


def died(organ: str, call_id: str) -> Reply:
    """What the heart answers for an organ that died during a call it routed, for a lane call whose organ did."""
    from broker.causes import hint  # its patterns cost a client 12 ms to import, and an organ seldom dies

    return Reply(id=call_id, ok=False, error=Failure(
        "crashed", f"organ {organ} died during the call", type="OrganDied", hint=hint("crashed", True),
        decision="refer"))
