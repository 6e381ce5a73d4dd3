"""A client of a running mesh: calls, control commands, snapshots, the blood stream and the event stream."""

from __future__ import annotations

import itertools
import logging
import secrets
import threading
import time
import uuid
from typing import Any, Iterable, Iterator

import zmq

from actors._lanes import Lane, died
from actors._lanes import encode as encode_lane
from actors.heartwatch import SILENT_S, HeartWatch, silent_message
from broker import procs
from broker import protocol, wire
from broker.errors import DecodeError, MeshError, MeshUnreachable, NoAnswer
from broker.home import Home, pid_alive
from broker.protocol import (DEFAULT_MAX_FRAME_BYTES, Answer, Ask, Blood, Call, Cancel, Control, ControlReply, Event,
                             Failure, Grant, LaneClosed, Reply, Snapshot, SnapshotRequest)

log = logging.getLogger(__name__)

CONTROL_TIMEOUT_S = 5.0
CALL_GRACE_S = 5.0  # the heart enforces the call's deadline; this only covers a heart that died or lost it
SLICE_S = 0.2
SLICE_MS = int(SLICE_S * 1000)
# what the heart's limits are when its endpoints file does not say (the mesh file's defaults)
DEFAULT_LIMITS = {"call_timeout_s": 30.0, "retry_attempts": 3, "max_frame_bytes": DEFAULT_MAX_FRAME_BYTES}
SYNC_FIRST_WAIT_S = 0.02  # for the mark after asking; doubled while it does not come (the subscription is
SYNC_MAX_WAIT_S = 0.5     # still on its way), within CONTROL_TIMEOUT_S in all


LANE_SLICE_MS = 50  # how often a wait on a lane looks at the heart and the deadline
CANCEL_LINGER_MS = 200  # how long closing waits for a cancel still queued to the heart
# why a running ability's question (elicitation, sampling) is refused at once: it would wait out its deadline
NO_ASKING = "this client has no user or model to ask (a command line or a script such as `actors call`)"


class Client:
    """Talks to the heart of the mesh under one home. Use as a context manager.

    Calls go through the heart; once the heart grants a lane to an organ (a local client of a mesh with
    lanes on, docs/protocol.md "Lanes"), calls to it go straight to the organ, and the heart answers those
    that do not succeed. Lanes are this client's alone: use it from one thread, as every Client.
    """

    def __init__(self, home: Home | str, *, lanes: bool = True) -> None:
        self.home = home if isinstance(home, Home) else Home(home)
        endpoints = self.home.read_endpoints()
        if endpoints is None:
            raise MeshUnreachable(f"no mesh is running under {self.home.path} (start one with `actors up`)")
        self.endpoints = endpoints
        limits = endpoints.get("limits")
        self.limits = {**DEFAULT_LIMITS, **(limits if isinstance(limits, dict) else {})}
        self.timeouts: dict[tuple[str, str], float] | None = None  # declared ability timeouts, read once
        self.ctx = zmq.Context()
        self.dealer = self.ctx.socket(zmq.DEALER)
        self.dealer.setsockopt(zmq.LINGER, 0)
        self.dealer.setsockopt(zmq.RCVTIMEO, SLICE_MS)  # a wait for a reply is a receive, woken each slice
        self.wait_ms = SLICE_MS
        self.dealer.connect(endpoints["router"])
        # request ids: a random prefix per client and a counter, unique across the mesh like a uuid4 (the
        # heart refuses an id already in flight, an organ answers a repeated one from memory) at a tenth of its cost
        # a client that takes lanes says so in its request ids: the heart grants one only to such a call
        self.ids = map(f"{wire.LANE_CLIENT if lanes else ''}{secrets.token_hex(12)}-{{}}".format, itertools.count(1))
        self.lanes: dict[str, Lane] = {}  # organ -> its lane, as granted
        self.strays = 0  # replies that came for no call waiting (late answers of calls given up on)
        self.linger_ms = 0  # raised once a cancel is queued, so that closing does not drop it

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every socket at once."""
        for organ in list(self.lanes):
            self._drop_lane(organ)
        self.ctx.destroy(linger=self.linger_ms)

    # -- requests -------------------------------------------------------------------------

    def call(self, organ: str, ability: str, args: dict | None = None, *, timeout_s: float = 0.0,
             session: str = "", origin: str = "agent", request_id: str = "", wait_s: float = 0.0) -> Reply:
        """Call organ.ability through the heart and wait for its reply, never longer than its deadline allows.

        timeout_s 0 means the ability's own (retries included), as the heart applies it; the wait is bounded by
        that plus CALL_GRACE_S, after which NoAnswer is raised. Re-sending a call with the same request_id (after
        a lost reply) never runs it twice: the organ answers again from what it remembers. Interrupted while it
        waits (Ctrl-C), it cancels the call in the mesh before the KeyboardInterrupt goes on. wait_s, when given,
        is the most this caller waits in all (a hook that must never hold its agent up), grace included.
        """
        call = Call(id=request_id or next(self.ids), organ=organ, ability=ability, args=args or {},
                    timeout_s=timeout_s, session=session, origin=origin)
        lane = self.lanes.get(organ) if self.lanes else None
        try:
            if lane is not None:
                return self._lane_call(lane, call, time.monotonic(), wait_s)
            return self._request(call, Reply, self._limit(call, wait_s))
        except KeyboardInterrupt:
            self._cancel(call.id, lane)
            raise

    def _cancel(self, call_id: str, lane: Lane | None) -> None:
        """Cancel a call without waiting, both ways it may be held: on the lane it went by (the organ ignores it
        if the call is no longer there) and at the heart (which ignores it unless it holds the call)."""
        frames = protocol.encode(Cancel(id=call_id, reason="the caller was interrupted"))
        if lane is not None and self.lanes.get(lane.organ) is lane and not lane.gone():
            lane.send(encode_lane(frames))
        try:
            wire.send(self.dealer, frames, zmq.NOBLOCK)
            self.linger_ms = CANCEL_LINGER_MS
        except zmq.ZMQError:
            pass  # a heart that takes nothing now ends the call at its deadline

    def _limit(self, call: Call, wait_s: float = 0.0) -> float:
        """How long the client waits for the answer of this call at most (the caller's wait_s, when shorter)."""
        if wait_s > 0 and (call.timeout_s <= 0 or wait_s < call.timeout_s + CALL_GRACE_S):
            return wait_s
        return (call.timeout_s if call.timeout_s > 0 else self.longest_call(call.organ, call.ability)) + CALL_GRACE_S

    def longest_call(self, organ: str, ability: str) -> float:
        """The longest the heart may take to answer a call of organ.ability given no timeout, retries included."""
        if self.timeouts is None:
            try:
                manifest = self.control("manifest", timeout_s=CONTROL_TIMEOUT_S)
            except NoAnswer:
                raise  # a heart that does not answer this will not answer the call either
            except MeshError:
                manifest = {}
            self.timeouts = {(name, a["name"]): float(a.get("timeout_s") or 0) for name, entry in manifest.items()
                             for a in entry.get("abilities", ())}
        attempt = self.timeouts.get((organ, ability)) or float(self.limits["call_timeout_s"])
        return attempt * max(1, int(self.limits["retry_attempts"]))

    def control(self, command: str, *, timeout_s: float = CONTROL_TIMEOUT_S, **args: Any) -> Any:
        """Run a control command on the heart; raise MeshError with its reason when it fails."""
        reply = self._request(Control(id=next(self.ids), command=command, args=args), ControlReply, timeout_s)
        if not reply.ok:
            raise MeshError(reply.error)
        return reply.result

    def snapshot(self) -> Blood:
        """The latest beat, as a late joiner first sees it."""
        return self._request(SnapshotRequest(), Snapshot, CONTROL_TIMEOUT_S).blood

    def events(self, kinds: Iterable[str] = (), *, after_seq: int = 0, rcvhwm: int | None = None) -> Events:
        """Subscribe to the mesh's events (every kind, or only these); see Events."""
        return Events(self, kinds, after_seq=after_seq, rcvhwm=rcvhwm)

    def _request(self, msg: Any, expect: type, limit_s: float) -> Any:
        frames = protocol.encode(msg)
        cap = protocol.hard_frame_cap(int(self.limits["max_frame_bytes"]))
        if len(frames[-1]) > cap:  # the heart would never see it: libzmq drops the connection instead
            return self._too_large(msg, len(frames[-1]))
        wire.send(self.dealer, frames)
        return self._await(getattr(msg, "id", None), expect, time.monotonic() + limit_s, limit_s)

    def _await(self, want_id: str | None, expect: type, deadline: float, limit_s: float) -> Any:
        watch = HeartWatch(time.monotonic())
        self._wait_at_most(deadline - time.monotonic())
        while True:
            try:
                reply = protocol.decode(wire.receive(self.dealer))
            except zmq.Again:  # a slice went by with nothing: is the heart still there, the deadline not passed?
                if not pid_alive(self.endpoints["pid"]):
                    raise MeshUnreachable("the heart stopped before it answered") from None
                now = time.monotonic()
                if now > deadline:
                    raise NoAnswer(f"the heart at {self.endpoints['router']} did not answer within "
                                   f"{limit_s:g}s") from None
                self._watch(watch, now)
                self._wait_at_most(deadline - now)
                continue
            except DecodeError:
                continue
            watch.heard(time.monotonic())  # whatever it sent (a ping's answer too): the heart reads its socket
            if isinstance(reply, expect) and getattr(reply, "id", None) == want_id:
                return reply
            if type(reply) is Grant:
                self._open_lane(reply)
            elif type(reply) is Reply:
                self.strays += 1
            elif type(reply) is Ask:
                self._refuse_question(reply, None)

    def _watch(self, watch: HeartWatch, now: float) -> None:
        """Ping a heart that has been quiet a while; raise NoAnswer when it answered no ping for SILENT_S."""
        pid = self.endpoints["pid"]
        if watch.silent(now):
            raise NoAnswer(silent_message(pid, procs.state_words(procs.stat(pid)), SILENT_S))
        if watch.probe_due(now):
            ping = Control(id=next(self.ids), command="ping", args={})
            try:
                wire.send(self.dealer, protocol.encode(ping), zmq.NOBLOCK)
            except zmq.Again:
                pass  # its queue to the heart is full: as unanswered as a ping that went
            watch.probed(ping.id, now)

    # -- lanes ----------------------------------------------------------------------------

    def _open_lane(self, grant: Grant) -> None:
        """Connect a lane the heart granted, replacing any earlier one to the organ (a grant without an endpoint:
        the heart withdrew the organ's lanes). No lane call waits meanwhile: this client makes one call at a time."""
        self._drop_lane(grant.organ)
        lane = Lane.open(grant, int(self.limits["max_frame_bytes"]))
        if lane is not None:
            self.lanes[grant.organ] = lane

    def _drop_lane(self, organ: str) -> None:
        lane = self.lanes.pop(organ, None)
        if lane is not None:
            lane.close()

    def _lane_gone(self, lane: Lane) -> bool:
        """Whether the organ's end of the lane went away; drops the lane if so."""
        if lane.gone():
            self._drop_lane(lane.organ)
            return True
        return False

    def _lane_call(self, lane: Lane, call: Call, started: float, wait_s: float = 0.0) -> Reply:
        """Call on the lane: a success comes back on it; anything else the organ hands to the heart (and says
        so on the lane), and the heart's answer comes on the heart connection. The call's limit is worked out
        only when something other than its answer happens (a success on the lane never needs it)."""
        frames = protocol.encode(call)
        if len(frames[-1]) > int(self.limits["max_frame_bytes"]) or self._lane_gone(lane):
            # too large, or lanes closed: the heart answers
            return self._request(call, Reply, self._limit(call, wait_s))
        if not lane.send(encode_lane(frames)):  # the organ's end went away: the heart takes the call
            self._drop_lane(lane.organ)
            return self._request(call, Reply, self._limit(call, wait_s))
        limit_s = deadline = 0.0
        while True:
            if not lane.inbox:
                if not lane.gone():
                    lane.wait(LANE_SLICE_MS)
                if lane.gone() and not lane.inbox:  # what it answered before it went still counts
                    self._drop_lane(lane.organ)
                    return died(lane.organ, call.id)
                if not lane.inbox:  # a slice with nothing: the heart and the deadline are looked at
                    if not pid_alive(self.endpoints["pid"]):
                        raise MeshUnreachable("the heart stopped before it answered") from None
                    if not deadline:
                        limit_s = self._limit(call, wait_s)
                        deadline = started + limit_s
                    if time.monotonic() > deadline:
                        raise NoAnswer(f"organ {lane.organ} did not answer within {limit_s:g}s") from None
                    continue
            try:
                msg = protocol.decode(lane.inbox.popleft())
            except DecodeError:
                continue
            if type(msg) is Ask:
                self._refuse_question(msg, lane)
            if type(msg) is Reply:
                if msg.id == call.id:
                    return msg
                self.strays += 1
            if type(msg) is LaneClosed and msg.id == call.id:
                if not deadline:
                    limit_s = self._limit(call, wait_s)
                    deadline = started + limit_s
                if msg.handed_off:  # it ran and did not succeed: the heart concludes it and answers
                    return self._await(call.id, Reply, deadline, limit_s)
                self._drop_lane(lane.organ)  # nothing ran: the heart takes it from here
                return self._request(call, Reply, max(0.0, deadline - time.monotonic()))

    def _refuse_question(self, ask: Ask, lane: Lane | None) -> None:
        """Answer a running ability's question at once, the way it came (its lane, else the heart): this client
        has no user or model to ask."""
        frames = protocol.encode(Answer(id=ask.id, ok=False, error=NO_ASKING))
        if lane is not None and lane.send(encode_lane(frames)):
            return
        try:
            wire.send(self.dealer, frames, zmq.NOBLOCK)
        except zmq.Again:
            pass  # the ability's own deadline ends its wait

    def _wait_at_most(self, left_s: float) -> None:
        # a receive waits a slice, or less when the deadline is nearer (set only when it changes); a deadline
        # of inf or nan waits slices
        wait_ms = max(0, int(left_s * 1000)) if left_s < SLICE_S else SLICE_MS
        if wait_ms != self.wait_ms:
            self.dealer.setsockopt(zmq.RCVTIMEO, wait_ms)
            self.wait_ms = wait_ms

    def _too_large(self, msg: Any, size: int) -> Any:
        message = (f"the request is {size} bytes, over the mesh's frame limit of {self.limits['max_frame_bytes']} "
                   "bytes (heart.max_frame_bytes)")
        if isinstance(msg, Call):
            return Reply(id=msg.id, ok=False, error=Failure(
                "bad_params", message, type="RequestTooLarge", decision="refer",
                hint="send less at a time: split the work, or pass a path instead of the content"))
        raise MeshError(message)

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


class Events:
    """A subscription to the events the heart publishes (call, progress, wound, healed, alert, ...).

    Clone pattern: it subscribes first, then asks the heart for a mark on a topic of its own (control
    `sync`), published in order with the events; once the mark arrives the subscription is live, every
    event after the mark's sequence number follows, and those queued before it are dropped. An event lost
    after that (the PUB high-water mark dropped it) is counted in `missed`; give `after_seq`, the last event
    a previous subscription saw, to count those published while nobody listened too. Counting needs every
    kind: the sequence spans them all. A heart restarted meanwhile starts its sequence over; so does the
    count. Iterate it (blocking; MeshUnreachable once the heart stops), or take what arrives within a bound
    with next(timeout_s). Use it from one thread; close it (or use it as a context manager) when done.
    """

    def __init__(self, client: Client, kinds: Iterable[str] = (), *, after_seq: int = 0,
                 rcvhwm: int | None = None) -> None:
        self.client = client
        self.kinds = frozenset(kinds)
        self.missed = 0  # events lost between the ones received (only counted for every kind)
        self.malformed = 0
        self.sub = client.ctx.socket(zmq.SUB)
        self.sub.setsockopt(zmq.LINGER, 0)
        if rcvhwm is not None:
            self.sub.setsockopt(zmq.RCVHWM, rcvhwm)
        for kind in sorted(self.kinds) or [""]:
            self.sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT + kind.encode())
        token = uuid.uuid4().hex
        self.sub.setsockopt(zmq.SUBSCRIBE, protocol.SYNC + token.encode())
        self.sub.connect(client.endpoints["blood"])
        try:
            published = self._sync(token)
        except BaseException:
            self.close()
            raise
        self.sub.setsockopt(zmq.UNSUBSCRIBE, protocol.SYNC + token.encode())
        self.last_seq = after_seq if 0 < after_seq <= published else published

    def _sync(self, token: str) -> int:
        """Ask for marks until one arrives (the subscription is live); its event sequence number."""
        deadline = time.monotonic() + CONTROL_TIMEOUT_S
        wait_s = SYNC_FIRST_WAIT_S
        published = 0
        while True:
            published = self.client.control("sync", token=token)["event_seq"]
            until = min(deadline, time.monotonic() + wait_s)
            while (left := until - time.monotonic()) > 0 and self.sub.poll(int(left * 1000) + 1):
                frames = self.sub.recv_multipart()
                if frames[0].startswith(protocol.SYNC):
                    try:
                        return protocol.decode_sync(frames).event_seq
                    except DecodeError:
                        continue
                # an event queued before the mark: older than where this subscription starts
            if time.monotonic() >= deadline:
                log.warning("no mark from the heart within %gs; events from now on may be missed unseen",
                            CONTROL_TIMEOUT_S)
                return published
            wait_s = min(SYNC_MAX_WAIT_S, wait_s * 2)

    def __enter__(self) -> Events:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop listening."""
        self.sub.close(linger=0)

    def __iter__(self) -> Iterator[Event]:
        while True:
            event = self.next(SLICE_S)
            if event is not None:
                yield event

    def next(self, timeout_s: float) -> Event | None:
        """The next event, or None when none arrives within timeout_s; MeshUnreachable once the heart stops."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if self.sub.poll(max(0, int(min(SLICE_S, left) * 1000))):
                event = self._receive()
                if event is not None:
                    return event
                continue
            if not pid_alive(self.client.endpoints["pid"]):
                raise MeshUnreachable("the heart stopped")
            if left <= 0:
                return None

    def _receive(self) -> Event | None:
        frames = self.sub.recv_multipart()
        if frames[0].startswith(protocol.SYNC):
            return None  # a later copy of the mark, asked for while waiting
        try:
            event = protocol.decode_event(frames)
        except DecodeError as exc:
            self.malformed += 1
            log.warning("dropped a malformed event: %s", exc)
            return None
        if self.kinds and event.kind not in self.kinds:
            return None  # a longer kind sharing a subscribed prefix
        if not self.kinds:
            self.missed += events_missed(self.last_seq, event.seq)
        self.last_seq = event.seq
        return event


def events_missed(last_seq: int, seq: int) -> int:
    """Events lost between two sequence numbers (none at the start, or once a restarted heart counts anew)."""
    if last_seq <= 0 or seq <= last_seq:
        return 0
    return seq - last_seq - 1


class ThreadClients:
    """One Client per thread, for an organ whose abilities call the mesh from their worker threads.

    A Client's sockets belong to the thread that made them; each thread gets its own on first use.
    """

    def __init__(self, home: Home | str) -> None:
        self.home = home
        self.local = threading.local()
        self.lock = threading.Lock()
        self.made: list[Client] = []

    def get(self) -> Client:
        """This thread's Client (made on first use)."""
        client = getattr(self.local, "client", None)
        if client is None:
            client = self.local.client = Client(self.home)
            with self.lock:
                self.made.append(client)
        return client

    def close(self) -> None:
        """Close every Client made, once no thread uses one any more (their sockets are not thread-safe)."""
        with self.lock:
            made, self.made = self.made, []
        for client in made:
            client.close()
        self.local = threading.local()
