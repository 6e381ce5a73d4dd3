"""The heart's publishers: blood, events and sync marks on an XPUB socket, which also says who listens.

An XPUB hands the heart every new topic a subscriber asks for (and the last unsubscribe of it), so an
event kind nobody subscribes to is counted in the sequence but never encoded. Its sockets never block:
a subscriber that falls behind sees a gap in `seq`.

What a publisher carries depends on who may connect to it, since a publisher cannot tell its subscribers
apart (see docs/security.md, O1):
- the local XPUB (ipc://, the owner's processes only) carries everything;
- a tcp:// `blood` endpoint, open to every allow-listed key, is a PUB that carries the beats only, without the
  owner's instruction and the session it came from (`remote_beat`): what a remote organ follows;
- a tcp:// `events` endpoint, whose handshake admits only the keys `[heart] remote_events` names, is an XPUB
  that carries what the local one does.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
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


def remote_beat(blood: Blood) -> Blood:
    """The beat as every remote key gets it: without the owner's instruction and the session it came from."""
    return replace(blood, instruction="", session="")


class Events:
    """Publish on the heart's sockets (or nowhere, when it has none: a heart that is not open yet)."""

    def __init__(self, sock: zmq.Socket | None = None, readers: zmq.Socket | None = None,
                 lean: zmq.Socket | None = None) -> None:
        self.sock = sock  # the local XPUB
        self.readers = readers  # the tcp:// XPUB of the keys named in remote_events: what the local one carries
        self.lean = lean  # the tcp:// PUB of every key: beats without the owner's words
        self.seq = 0
        self.topics: Counter[bytes] = Counter()  # topic -> how many of the XPUBs have a subscriber for it
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
        changed = False
        for sock in (self.sock, self.readers):
            while sock is not None and sock.get(zmq.EVENTS) & zmq.POLLIN:
                try:
                    msg = sock.recv(zmq.NOBLOCK)
                except zmq.Again:
                    break
                if not msg:
                    continue
                topic = msg[1:]
                if msg[0] == SUBSCRIBE:  # an XPUB tells the first subscription to a topic and the last one's end
                    self.topics[topic] += 1
                    self.everything = self.everything or len(self.topics) > MAX_TOPICS
                elif msg[0] == UNSUBSCRIBE and self.topics[topic] > 1:
                    self.topics[topic] -= 1
                elif msg[0] == UNSUBSCRIBE:
                    del self.topics[topic]
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
            frames = [topic, VERSION, wire.pack(body)]
        except EncodeError:
            event = replace(protocol.from_plain(Event, {**body, "args": {}}), args={"unencodable": True})
            frames = protocol.encode_event(event)
        self._send(frames)

    def blood(self, blood: Blood) -> None:
        """Publish a beat: whole where the owner's words may go, without them to every remote key."""
        if self.sock is not None:
            self._send(protocol.encode_blood(blood))
        if self.lean is not None:
            _send(self.lean, protocol.encode_blood(remote_beat(blood)))

    def sync(self, token: str) -> int:
        """Publish the mark one subscriber waits for; return the event sequence number it carries."""
        if self.sock is not None:
            self._send(protocol.encode_sync(protocol.Sync(token, self.seq)))
            # sending processed the subscriber's pending subscriptions (those made before the mark's own):
            # take them now, so an event it causes on receiving the mark is not skipped as unwanted
            self.take_subscriptions()
        return self.seq

    def _send(self, frames: list[bytes]) -> None:
        """Send to the publishers that carry the owner's words: the local one and the readers' one."""
        _send(self.sock, frames)
        if self.readers is not None:
            _send(self.readers, frames)


def _send(sock: zmq.Socket, frames: list[bytes]) -> None:
    try:
        sock.send_multipart(frames, zmq.NOBLOCK)
    except zmq.Again:
        pass  # never blocks; a slow subscriber sees a gap in seq
