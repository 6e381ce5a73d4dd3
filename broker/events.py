"""The heart's publisher: blood, events and sync marks on one XPUB socket, which also says who listens.

An XPUB hands the heart every new topic a subscriber asks for (and the last unsubscribe of it), so an
event kind nobody subscribes to is counted in the sequence but never encoded. Its socket never blocks:
a subscriber that falls behind sees a gap in `seq`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

import zmq

from broker import protocol, wire
from broker.errors import EncodeError
from broker.protocol import Blood, Event
from broker.wire import EVENT, VERSION

log = logging.getLogger(__name__)

SUBSCRIBE, UNSUBSCRIBE = 1, 0  # the first byte of a subscription message an XPUB receives
MAX_TOPICS = 4096  # distinct topics remembered; past it, every kind counts as wanted


class Events:
    """Publish on the heart's XPUB (or nowhere, when it has none: a heart that is not open yet)."""

    def __init__(self, sock: zmq.Socket | None = None) -> None:
        self.sock = sock
        self.seq = 0
        self.topics: set[bytes] = set()
        self.everything = False  # more topics than remembered: assume every kind is wanted
        self._wanted: dict[str, bool] = {}  # kind -> someone subscribes to it, recomputed when topics change

    def wants(self, kind: str) -> bool:
        """Tell whether any subscriber would receive an event of this kind."""
        wanted = self._wanted.get(kind)
        if wanted is None:
            topic = EVENT + kind.encode()
            wanted = self._wanted[kind] = self.everything or any(topic.startswith(t) for t in self.topics)
        return wanted

    def take_subscriptions(self) -> None:
        """Read what subscribers asked for since the last time (cheap when nothing came)."""
        sock = self.sock
        if sock is None:
            return
        changed = False
        while sock.get(zmq.EVENTS) & zmq.POLLIN:
            try:
                msg = sock.recv(zmq.NOBLOCK)
            except zmq.Again:
                break
            if not msg:
                continue
            topic = msg[1:]
            if msg[0] == SUBSCRIBE:
                self.topics.add(topic)
                self.everything = self.everything or len(self.topics) > MAX_TOPICS
            elif msg[0] == UNSUBSCRIBE:
                self.topics.discard(topic)
            changed = True
        if changed:
            self._wanted.clear()

    def skip(self, count: int) -> None:
        """Number events nobody would receive, as publish does each of them."""
        self.seq += count

    def publish(self, kind: str, **fields: Any) -> None:
        """Publish an event on topic event.<kind>; numbered even when nobody listens, so gaps mean losses."""
        self.seq += 1
        if self.sock is None or not self.wants(kind):
            return
        # the map of an Event, packed as it is: fields left out take their defaults when decoded, and the
        # callers pass plain values (walking them again, as encoding a dataclass does, costs more than the send)
        body = {"seq": self.seq, "at": time.time(), "kind": kind, **fields}
        topic = EVENT + kind.encode()
        try:
            self._send([topic, VERSION, wire.pack(body)])
        except EncodeError:
            event = replace(protocol.from_plain(Event, {**body, "args": {}}), args={"unencodable": True})
            self._send(protocol.encode_event(event))

    def blood(self, blood: Blood) -> None:
        """Publish a beat."""
        if self.sock is not None:
            self._send(protocol.encode_blood(blood))

    def sync(self, token: str) -> int:
        """Publish the mark one subscriber waits for; return the event sequence number it carries."""
        if self.sock is not None:
            self._send(protocol.encode_sync(protocol.Sync(token, self.seq)))
            # sending processed the subscriber's pending subscriptions (those made before the mark's own):
            # take them now, so an event it causes on receiving the mark is not skipped as unwanted
            self.take_subscriptions()
        return self.seq

    def _send(self, frames: list[bytes]) -> None:
        try:
            self.sock.send_multipart(frames, zmq.NOBLOCK)
        except zmq.Again:
            pass  # never blocks; a slow subscriber sees a gap in seq
