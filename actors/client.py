"""A client of a running mesh: calls, control commands, snapshots and the blood stream."""

from __future__ import annotations

import time
import uuid
from typing import Any, Iterator

import zmq

from broker import protocol
from broker.errors import DecodeError, MeshError, MeshUnreachable
from broker.home import Home, pid_alive
from broker.protocol import Blood, Call, Control, ControlReply, Reply, Snapshot, SnapshotRequest

CONTROL_TIMEOUT_S = 5.0
CALL_GRACE_S = 5.0  # the heart enforces the call's deadline; this only covers a heart that died
SLICE_S = 0.2


class Client:
    """Talks to the heart of the mesh under one home. Use as a context manager."""

    def __init__(self, home: Home | str) -> None:
        self.home = home if isinstance(home, Home) else Home(home)
        endpoints = self.home.read_endpoints()
        if endpoints is None:
            raise MeshUnreachable(f"no mesh is running under {self.home.path} (start one with `actors up`)")
        self.endpoints = endpoints
        self.ctx = zmq.Context()
        self.dealer = self.ctx.socket(zmq.DEALER)
        self.dealer.setsockopt(zmq.LINGER, 0)
        self.dealer.connect(endpoints["router"])

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every socket at once."""
        self.ctx.destroy(linger=0)

    # -- requests -------------------------------------------------------------------------

    def call(self, organ: str, ability: str, args: dict | None = None, *, timeout_s: float = 0.0,
             session: str = "", origin: str = "agent", request_id: str = "") -> Reply:
        """Call organ.ability through the heart and wait for its reply.

        Re-sending a call with the same request_id (after a lost reply) never runs it twice: the organ answers
        again from what it remembers.
        """
        call = Call(id=request_id or uuid.uuid4().hex, organ=organ, ability=ability, args=args or {},
                    timeout_s=timeout_s, session=session, origin=origin)
        limit = timeout_s + CALL_GRACE_S if timeout_s else None
        return self._request(call, Reply, limit)

    def control(self, command: str, *, timeout_s: float = CONTROL_TIMEOUT_S, **args: Any) -> Any:
        """Run a control command on the heart; raise MeshError with its reason when it fails."""
        reply = self._request(Control(id=uuid.uuid4().hex, command=command, args=args), ControlReply, timeout_s)
        if not reply.ok:
            raise MeshError(reply.error)
        return reply.result

    def snapshot(self) -> Blood:
        """The latest beat, as a late joiner first sees it."""
        return self._request(SnapshotRequest(), Snapshot, CONTROL_TIMEOUT_S).blood

    def _request(self, msg: Any, expect: type, limit_s: float | None) -> Any:
        self.dealer.send_multipart(protocol.encode(msg))
        want_id = getattr(msg, "id", None)
        deadline = None if limit_s is None else time.monotonic() + limit_s
        while True:
            slice_s = SLICE_S if deadline is None else max(0.0, min(SLICE_S, deadline - time.monotonic()))
            if self.dealer.poll(int(slice_s * 1000)):
                try:
                    reply = protocol.decode(self.dealer.recv_multipart())
                except DecodeError:
                    continue
                if isinstance(reply, expect) and getattr(reply, "id", None) == want_id:
                    return reply
                continue
            if not pid_alive(self.endpoints["pid"]):
                raise MeshUnreachable("the heart stopped before it answered")
            if deadline is not None and time.monotonic() > deadline:
                raise MeshUnreachable(f"the heart at {self.endpoints['router']} did not answer within {limit_s:g}s")

    # -- blood ----------------------------------------------------------------------------

    def blood(self, count: int | None = None, timeout_s: float | None = None) -> Iterator[Blood]:
        """Yield the current state, then each new beat (Clone pattern: subscribe, snapshot, skip old)."""
        sub = self.ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.SUBSCRIBE, protocol.BLOOD)
        sub.connect(self.endpoints["blood"])
        try:
            snapshot = self.snapshot()
            last = snapshot.seq
            yielded = 0
            if snapshot.seq > 0:
                yield snapshot
                yielded = 1
            while count is None or yielded < count:
                blood = self._next_beat(sub, timeout_s)
                if blood.seq <= last:
                    continue  # queued before the snapshot
                last = blood.seq
                yielded += 1
                yield blood
        finally:
            sub.close(linger=0)

    def _next_beat(self, sub: zmq.Socket, timeout_s: float | None) -> Blood:
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while True:
            if sub.poll(int(SLICE_S * 1000)):
                try:
                    return protocol.decode_blood(sub.recv_multipart())
                except DecodeError:
                    continue
            if not pid_alive(self.endpoints["pid"]):
                raise MeshUnreachable("the heart stopped")
            if deadline is not None and time.monotonic() > deadline:
                raise MeshUnreachable(f"no beat within {timeout_s:g}s")
