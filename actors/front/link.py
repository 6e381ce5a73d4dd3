"""The front door's link to the heart: one DEALER for every request, each with a deadline, on the event loop.

Requests are multiplexed by id on one socket, read by the event loop itself when its descriptor turns
readable (no thread, no task per message: pyzmq's asyncio sockets cost about half a millisecond more per
round trip), so no request holds a thread and none can wait forever: each has a deadline, and all fail at
once when the heart stops; while a request waits on the heart, a heart quiet for a while is pinged, and one
that answers no ping (stopped by a signal, wedged) fails what waits on it within seconds. While a call runs,
what its ability says (notices) and asks (questions) reach the caller's handler in order, before the reply.
A call can be cancelled by its id, or by the tag it was sent with (the front door's: its client and request id):
the organ running it is told, by the way the call went, and whoever follows it learns it was cancelled.

Like `Client`, the link takes the lanes the heart grants (docs/protocol.md, "Lanes"): a call to an organ with
a lane goes straight to it, and arrives back on the lane when it succeeds (with its notices and questions, whose
answers go back the same way); what does not succeed the heart answers on the heart connection, under the same
request id, so a call's inbox does not care which way its answer came.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
import uuid
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any, AsyncIterator, Awaitable, Callable, Hashable

import zmq

from actors._lanes import Lane, died
from actors._lanes import encode as encode_lane
from actors.heartwatch import SILENT_S, HeartWatch, silent_message
from broker import procs, protocol, wire
from broker.errors import DecodeError, EncodeError, MeshError, MeshUnreachable
from broker.home import Home, pid_alive
from broker.protocol import (Answer, Ask, Blood, Call, Cancel, Control, ControlReply, Event, Grant, LaneClosed,
                             Notice, Observation, Reply, Report, Snapshot, SnapshotRequest)

log = logging.getLogger(__name__)

CONTROL_TIMEOUT_S = 5.0
CALL_GRACE_S = 5.0  # the heart enforces a call's deadline; this only covers a heart that never answers
DEFAULT_CALL_TIMEOUT_S = 30.0  # the heart's call_timeout_s when its endpoints do not say
WATCH_S = 0.5  # how soon a stopped heart is noticed
SEND_WAIT_S = 1.0  # how long a send may wait for room when the heart is not reading
CLOSE_LINGER_MS = 200  # at close, how long what is still queued for the heart (a last cancel) may take to go
MAX_BEATS_QUEUED = 1000
MAX_FRAME_BYTES = protocol.DEFAULT_MAX_FRAME_BYTES
HEADROOM = 64 * 1024  # the call's other fields and framing, on top of its arguments
MAX_ASKED = 4096  # questions asked on lanes whose answers are still to come (the oldest is forgotten beyond)
REPORT_EVERY_S = 1.0  # refusals are reported to the heart at most this often (summed)
EARLY_CANCELS = 256  # cancels by a tag no call carries yet, kept for a call sent just after (the oldest go beyond)
EARLY_CANCEL_S = 5.0  # ... and for this long


class HeartStopped(MeshUnreachable):
    """The heart stopped (or never answered) while a request waited for it."""


class HeartSilent(HeartStopped):
    """The heart's process is there but answered no ping (stopped by a signal, wedged)."""


class CallCancelled(MeshError):
    """The call was cancelled (`cancel`, `cancel_tagged`) while it was followed, or before it was sent."""


class TooLarge(MeshError):
    """A request is larger than the heart accepts; it was not sent."""


class _Inbox:
    """What arrives for one call, in order: notices and questions, then the reply (or the error that ends it)."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        self.items: deque = deque()
        self.waiter: asyncio.Future | None = None

    def put(self, item: Any) -> None:
        self.items.append(item)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def get(self) -> Any:
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return self.items.popleft()

    async def first(self, wait_s: float) -> Any:
        """The first item, left in place, once one arrives within wait_s; None when none did."""
        if not self.items:
            waiter = self.waiter = asyncio.get_running_loop().create_future()
            timer = asyncio.get_running_loop().call_later(wait_s, _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
        return self.items[0] if self.items else None


class Tally:
    """Refusals counted by reason, reported at most once every `every_s`: another user's flood of refused
    connections (thousands a second) would otherwise cost the heart a message each. Pure: the caller gives the
    time."""

    def __init__(self, every_s: float = REPORT_EVERY_S) -> None:
        self.every_s = every_s
        self.counts: dict[str, int] = {}
        self.sent_at = -math.inf

    def add(self, reason: str) -> None:
        """Count one refusal."""
        self.counts[reason] = self.counts.get(reason, 0) + 1

    def take(self, now: float, force: bool = False) -> dict[str, int]:
        """The counts to report now (and forget), or {} when nothing is counted or the last report is too recent."""
        if not self.counts or (not force and now - self.sent_at < self.every_s):
            return {}
        counts, self.counts, self.sent_at = self.counts, {}, now
        return counts


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


@dataclass(frozen=True, slots=True)
class Started:
    """A call sent to the heart, whose reply is still to be followed."""

    id: str
    inbox: _Inbox


@dataclass(slots=True)
class _Pending:
    future: asyncio.Future | None = None  # control requests and snapshots: one answer
    queue: _Inbox | None = None  # calls: notices and questions, then the reply
    expects: tuple[type, ...] = field(default_factory=tuple)
    deadline: float = 0.0  # a call's: past it, the watch ends it (monotonic)
    late: tuple[str, str, float] = ("", "", 0.0)  # a call's organ, ability and wait: told past its deadline
    lane: Lane | None = None  # the lane a call went by, while its answer may still come on it
    frames: list[bytes] | None = None  # a lane call's message, sent by the heart if the lane turns it away
    now: Callable[[Reply | Started], None] | None = None  # a call answered from the reader (`send_now`)


class MeshLink:
    """An asynchronous client of one heart, for one event loop."""

    def __init__(self, home: Home, *, lanes: bool = True) -> None:
        self.home = home
        endpoints = home.read_endpoints()
        if endpoints is None:
            raise MeshUnreachable(f"no mesh is running under {home.path} (start one with `actors up`)")
        self.endpoints = endpoints
        limits = endpoints.get("limits")
        limits = limits if isinstance(limits, dict) else {}
        # what an organ decodes on its lane (larger calls go by the heart, which answers them)
        self.lane_max = int(limits.get("max_frame_bytes", MAX_FRAME_BYTES))
        self.call_timeout_s = float(limits.get("call_timeout_s", DEFAULT_CALL_TIMEOUT_S))  # for an ability without one
        self.pending: dict[str, _Pending] = {}
        self.tags: dict[Hashable, str] = {}  # a call's tag -> its id, while it may be in flight (pruned lazily)
        self.early: dict[Hashable, float] = {}  # tags cancelled before any call carried them -> when (monotonic)
        self.stopped = ""  # why the heart is gone, once it is
        self.ctx = zmq.Context()
        self.dealer = self._socket(zmq.DEALER)
        self.dealer.connect(endpoints["router"])
        self.tasks: list[asyncio.Task] = []
        self.readers: list[int] = []
        # unique, without a syscall; a link that takes lanes says so in its ids (the heart grants only to such)
        self.ids = map(f"{wire.LANE_CLIENT if lanes else ''}{uuid.uuid4().hex[:16]}{{:x}}".format, itertools.count(1))
        self.lanes: dict[str, Lane] = {}  # organ -> its lane, as granted: new calls go by it
        self.retired: set[Lane] = set()  # replaced or withdrawn lanes, read until the calls on them are answered
        self.asked: dict[str, Lane] = {}  # a question that came on a lane -> the lane that takes its answer
        self.refusals = Tally()  # refused requests not yet reported to the heart
        self.heard_at = 0.0  # when the heart last sent anything (monotonic)
        self.followers: set[asyncio.Queue] = set()  # the queues of the running `beats`
        self.heart_watch: HeartWatch | None = None  # while requests wait on the heart: is it still answering?

    def _socket(self, kind: int) -> zmq.Socket:
        sock = self.ctx.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        return sock

    async def start(self) -> None:
        """Start reading replies and watching the heart (on the running loop)."""
        self._read_when_ready(self.dealer, self._drain)
        self.tasks = [asyncio.create_task(self._watch(), name="mesh-watch")]

    def _read_when_ready(self, sock: zmq.Socket, drain: Callable[[], None]) -> None:
        fd = sock.getsockopt(zmq.FD)
        asyncio.get_running_loop().add_reader(fd, drain)
        self.readers.append(fd)
        drain()  # the descriptor is edge-triggered: take what is already there

    async def close(self) -> None:
        """Fail what waits, stop the tasks and close every socket."""
        self.flush_reports(force=True)
        self._fail_all("the front door is closing")
        loop = asyncio.get_running_loop()
        for fd in self.readers:
            loop.remove_reader(fd)
        self._close_lanes()
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.dealer.close(linger=CLOSE_LINGER_MS)  # a cancel sent just before still reaches the heart
        self.ctx.destroy(linger=0)

    # -- requests -------------------------------------------------------------------------

    async def call(self, organ: str, ability: str, args: dict, *, wait_s: float, timeout_s: float = 0.0,
                   session: str = "", relay: Callable[[Notice | Ask], Awaitable[None]] | None = None,
                   tag: Hashable = None) -> Reply:
        """Call organ.ability through the heart (timeout_s 0: the ability's own deadline) and wait at most
        wait_s for the heart's answer; hand the call's notices and questions to relay, in order. With a tag,
        `cancel_tagged(tag)` cancels it."""
        started = await self.send_call(organ, ability, args, wait_s=wait_s, timeout_s=timeout_s, session=session,
                                       tag=tag)
        return await self.follow(started, relay)

    async def send_call(self, organ: str, ability: str, args: dict, *, wait_s: float, timeout_s: float = 0.0,
                        session: str = "", tag: Hashable = None) -> Started:
        """Send a call (as `call` does) and return at once: what it says and its reply are `follow`'s."""
        call, frames, pending = self._new_call(organ, ability, args, wait_s, timeout_s, session, tag)
        self.pending[call.id] = pending
        lane = self.lanes.get(organ) if self.lanes else None
        if lane is not None and self._on_lane(lane, frames, pending):
            return Started(call.id, pending.queue)
        try:
            await self._send(frames)
        except BaseException:
            self.pending.pop(call.id, None)
            raise
        return Started(call.id, pending.queue)

    def send_now(self, organ: str, ability: str, args: dict, done: Callable[[Reply | Started], None], *,
                 wait_s: float, timeout_s: float = 0.0, session: str = "", tag: Hashable = None) -> bool:
        """Send a call on its organ's lane and have `done` called from the lane's reader with its reply: no
        task, no future, two event-loop turns fewer than `call`. Anything else that comes for it first (a
        notice, a question, an error, the call's own refusal as too large) makes it a call like `send_call`'s:
        `done` gets its Started to `follow`. False, and nothing sent, when the organ has no lane (use `call`)."""
        lane = self.lanes.get(organ) if self.lanes else None
        if lane is None:
            return False
        try:
            call, frames, pending = self._new_call(organ, ability, args, wait_s, timeout_s, session, tag)
        except MeshError as exc:  # too large, or not encodable: `follow` raises it, as after `send_call`
            refused = Started("", _Inbox())
            refused.inbox.put(exc)
            done(refused)
            return True
        pending.now = done
        self.pending[call.id] = pending
        if self._on_lane(lane, frames, pending):
            return True
        del self.pending[call.id]
        return False

    def _new_call(self, organ: str, ability: str, args: dict, wait_s: float, timeout_s: float,
                  session: str, tag: Hashable) -> tuple[Call, list[bytes], _Pending]:
        call = Call(id=next(self.ids), organ=organ, ability=ability, args=args, timeout_s=timeout_s,
                    session=session)
        frames = self._encode(call)
        if tag is not None:
            if self.early and self.early.pop(tag, 0.0) > time.monotonic() - EARLY_CANCEL_S:
                raise CallCancelled("the call was cancelled before it was sent")  # its cancel came first
            if len(self.tags) > 2 * len(self.pending) + 256:  # tags of calls answered since are dropped now and then
                self.tags = {t: cid for t, cid in self.tags.items() if cid in self.pending}
            self.tags[tag] = call.id
        wait_s = (timeout_s or wait_s) + CALL_GRACE_S
        # no timer per call: the watch ends calls past their deadline (it looks every WATCH_S)
        return call, frames, _Pending(queue=_Inbox(), deadline=time.monotonic() + wait_s, late=(organ, ability, wait_s))

    def _on_lane(self, lane: Lane, frames: list[bytes], pending: _Pending) -> bool:
        """Send a call on a lane if it goes that way (the heart is up, it is small enough, the lane takes it)."""
        if self.stopped or len(frames[-1]) > self.lane_max:
            return False
        pending.lane, pending.frames = lane, frames  # before the send: the reader may see its answer at once
        if self._lane_send(lane, frames):
            return True
        pending.lane, pending.frames = None, None
        return False

    def _give(self, call_id: str, pending: _Pending, item: Any) -> None:
        """What came for a call: into its inbox; for one answered from the reader, its reply to `done`, and
        anything else into its inbox, `done` being handed the Started to follow it from then on."""
        done = pending.now
        if done is None:
            pending.queue.put(item)
            return
        pending.now = None
        if type(item) is Reply:
            del self.pending[call_id]
        else:
            pending.queue.put(item)
            item = Started(call_id, pending.queue)
        try:
            done(item)
        except Exception:  # the reader must go on whatever an answer's handler does
            log.exception("handling the answer of call %s", call_id)

    async def first(self, started: Started, wait_s: float) -> Any:
        """The first thing that arrived for a started call within wait_s (it stays for `follow`), or None."""
        return await started.inbox.first(wait_s)

    async def follow(self, started: Started, relay: Callable[[Notice | Ask], Awaitable[None]] | None = None) -> Reply:
        """Wait for a started call's reply; hand its notices and questions to relay, in order."""
        asks: set[asyncio.Task] = set()
        try:
            while True:
                item = await started.inbox.get()
                if isinstance(item, BaseException):
                    raise item
                if isinstance(item, Reply):
                    return item
                if relay is None:
                    if isinstance(item, Ask):
                        await self.answer(Answer(id=item.id, ok=False, error="the caller takes no questions"))
                elif isinstance(item, Ask):  # a question waits for a person: never hold up what follows
                    task = asyncio.create_task(relay(item))
                    asks.add(task)
                    task.add_done_callback(asks.discard)
                else:
                    await relay(item)
        finally:
            self.drop(started)
            for task in asks:
                task.cancel()

    def cancel_tagged(self, tag: Hashable, reason: str = "", early: bool = True) -> None:
        """Cancel the call sent with this tag (see `cancel`). A tag no call in flight carries is remembered a few
        seconds (with `early`: its request is still on its way; the caller keeps large tags out): a call sent
        with it then is not sent at all (a cancel can overtake its request)."""
        call_id = self.tags.pop(tag, None)
        if call_id is not None and self.cancel(call_id, reason):
            return
        if early:
            now = time.monotonic()
            while self.early and (len(self.early) >= EARLY_CANCELS
                                  or next(iter(self.early.values())) < now - EARLY_CANCEL_S):
                del self.early[next(iter(self.early))]  # the oldest first: the dict is in the order they came
            self.early.pop(tag, None)
            self.early[tag] = now

    def cancel(self, call_id: str, reason: str = "") -> bool:
        """Cancel a call if it is still in flight: the organ running it is told (on the lane it went by, else
        through the heart), its answer is dropped if one comes, and `follow` raises CallCancelled. False when no
        such call waits."""
        pending = self.pending.get(call_id)
        if pending is None or pending.queue is None:
            return False
        del self.pending[call_id]
        frames = protocol.encode(Cancel(id=call_id, reason=reason[:200]))
        lane = pending.lane
        if lane is None or lane.gone() or not self._lane_send(lane, frames):
            with contextlib.suppress(zmq.Again, zmq.ZMQError):  # a heart that takes nothing ends the call anyway
                self._send_now(frames)
        if lane is not None and lane in self.retired:
            self._retire(lane)
        if pending.now is None:  # someone follows it
            pending.queue.put(CallCancelled(f"the call was cancelled{': ' + reason if reason else ''}"))
        return True

    def cancel_all(self, reason: str = "") -> None:
        """Cancel every call still in flight (see `cancel`)."""
        for call_id, pending in list(self.pending.items()):
            if pending.queue is not None:
                self.cancel(call_id, reason)

    def drop(self, started: Started) -> None:
        """Stop waiting for a started call (its reply, if it comes, is dropped)."""
        pending = self.pending.pop(started.id, None)
        if pending is not None and pending.lane in self.retired:
            self._retire(pending.lane)

    async def control(self, command: str, *, timeout_s: float = CONTROL_TIMEOUT_S, **args: Any) -> Any:
        """Run a control command on the heart; raise MeshError with its reason when it fails."""
        msg = Control(id=next(self.ids), command=command, args=args)
        reply = await self._request(msg.id, self._encode(msg), ControlReply, timeout_s)
        if not reply.ok:
            raise MeshError(reply.error)
        return reply.result

    async def snapshot(self) -> Blood:
        """The latest beat (the Clone pattern's snapshot)."""
        reply = await self._request("snapshot", protocol.encode(SnapshotRequest()), Snapshot, CONTROL_TIMEOUT_S)
        return reply.blood

    async def answer(self, answer: Answer) -> None:
        """Send the answer to a question back to the organ that asked it (by the way the question came)."""
        with contextlib.suppress(EncodeError):
            frames = protocol.encode(answer)
            lane = self.asked.pop(answer.id, None) if self.asked else None
            if lane is None or lane.gone() or not self._lane_send(lane, frames):
                await self._send(frames)

    def report(self, reason: str) -> None:
        """Count a refused request in the heart's metrics (actors_mcp_refused_total), without waiting: at once,
        or summed with the others of the second when refusals come faster (see `Tally`)."""
        self.refusals.add(reason)
        self.flush_reports()

    def flush_reports(self, force: bool = False) -> None:
        """Send the refusals counted and not yet reported, when a report is due (or now, with force)."""
        counts = self.refusals.take(time.monotonic(), force)
        if not counts:
            return
        report = Report(organ="mcp", observations=tuple(
            Observation("actors_mcp_refused_total", float(n), {"reason": reason}) for reason, n in counts.items()))
        with contextlib.suppress(zmq.ZMQError):
            self._send_now(protocol.encode(report))
        self._drain()

    async def _request(self, key: str, frames: list[bytes], expect: type, timeout_s: float) -> Any:
        if key in self.pending:  # one snapshot at a time is plenty
            raise MeshError(f"a {expect.__name__} request is already waiting")
        pending = _Pending(future=asyncio.get_running_loop().create_future(), expects=(expect,))
        self.pending[key] = pending
        try:
            await self._send(frames)
            try:
                async with asyncio.timeout(timeout_s):
                    return await pending.future
            except TimeoutError:
                raise HeartStopped(f"the heart at {self.endpoints['router']} did not answer within "
                                   f"{timeout_s:g}s") from None
        finally:
            self.pending.pop(key, None)

    def _encode(self, msg: Any) -> list[bytes]:
        frames = protocol.encode(msg)  # raises EncodeError for what cannot be sent
        if len(frames[-1]) > MAX_FRAME_BYTES:  # the arguments' share: what the caller sent, whatever the id
            size = len(frames[-1]) - (len(protocol.encode(replace(msg, args={}))[-1]) if hasattr(msg, "args") else 0)
            raise TooLarge(f"the arguments are {size} bytes; the mesh accepts at most "
                           f"{MAX_FRAME_BYTES - HEADROOM} bytes of arguments")
        return frames

    async def _send(self, frames: list[bytes]) -> None:
        deadline = time.monotonic() + SEND_WAIT_S
        while True:
            if self.stopped:
                raise HeartStopped(self.stopped)
            try:
                self._send_now(frames)
                break
            except zmq.Again:  # the heart is not reading: wait a little for room, never forever
                if time.monotonic() > deadline:
                    raise HeartStopped(f"the heart took no message for {SEND_WAIT_S:g}s") from None
                await asyncio.sleep(0.01)
        self._drain()  # a send can consume the descriptor's edge: read what arrived meanwhile

    def _send_now(self, frames: list[bytes]) -> None:
        """Send one message without waiting (zmq.Again when there is no room: then nothing was sent; once the
        first part is taken, the rest of the message is)."""
        wire.send(self.dealer, frames, wire.NOBLOCK)

    # -- the reader -----------------------------------------------------------------------

    def _drain(self) -> None:
        dealer = self.dealer
        while wire.readable(dealer):
            frames = wire.receive(dealer, wire.NOBLOCK)
            self.heard_at = time.monotonic()  # whatever it sent (a ping's answer too): the heart reads its socket
            try:
                msg = protocol.decode(frames)
            except DecodeError as exc:
                log.warning("dropped a malformed message from the heart: %s", exc)
                continue
            self._deliver(msg)

    def _deliver(self, msg: Any) -> None:
        if type(msg) is Grant:
            self._open_lane(msg)
            return
        if isinstance(msg, Snapshot):
            key = "snapshot"
        elif isinstance(msg, (Notice, Ask)):
            key = msg.call
        else:
            key = getattr(msg, "id", "")
        pending = self.pending.get(key)
        if pending is None:
            if isinstance(msg, Ask):  # its call is over: tell the organ nobody will answer
                asyncio.get_running_loop().create_task(
                    self.answer(Answer(id=msg.id, ok=False, error="the call that asked is over")))
            return
        if pending.queue is not None:
            if isinstance(msg, (Reply, Notice, Ask)):
                self._give(key, pending, msg)
        elif isinstance(msg, pending.expects) and not pending.future.done():
            pending.future.set_result(msg)

    # -- lanes ----------------------------------------------------------------------------

    def _open_lane(self, grant: Grant) -> None:
        """Connect a lane the heart granted and read it on the loop; an earlier lane to the organ is retired, and
        a grant without an endpoint (the heart withdrew the organ's lanes) only retires it."""
        old = self.lanes.get(grant.organ)
        if old is not None:
            self._retire(old)
        lane = Lane.open(grant, self.lane_max)
        if lane is None:
            return
        self.lanes[grant.organ] = lane
        asyncio.get_running_loop().add_reader(lane.fileno(), self._drain_lane, lane)
        self._flushed(lane)  # its ticket may wait to be written

    def _retire(self, lane: Lane) -> None:
        """No new call goes by this lane; it is read until the calls that went by it are answered, then closed."""
        if self.lanes.get(lane.organ) is lane:
            del self.lanes[lane.organ]
        if any(p.lane is lane for p in self.pending.values()):
            self.retired.add(lane)
        else:
            self._close_lane(lane)

    def _close_lane(self, lane: Lane) -> None:
        if self.lanes.get(lane.organ) is lane:
            del self.lanes[lane.organ]
        self.retired.discard(lane)
        if lane.fileno() < 0:  # closed already
            return
        loop = asyncio.get_running_loop()
        loop.remove_reader(lane.fileno())
        loop.remove_writer(lane.fileno())
        lane.close()

    def _close_lanes(self) -> None:
        for lane in [*self.lanes.values(), *self.retired]:
            self._close_lane(lane)

    def _lane_send(self, lane: Lane, frames: list[bytes]) -> bool:
        """Send on a lane without waiting (what the socket cannot take now is written when it has room); False
        when the lane is gone."""
        if not lane.send(encode_lane(frames)):
            return False
        if lane.unsent:
            self._flushed(lane)
        return True

    def _flushed(self, lane: Lane) -> None:
        """Write what waits on a lane; watch it for room until nothing does."""
        lane.flush()
        loop = asyncio.get_running_loop()
        if lane.unsent:
            loop.add_writer(lane.fileno(), self._flushed, lane)
        elif lane.fileno() >= 0:
            loop.remove_writer(lane.fileno())
        if lane.gone():
            self._lane_lost(lane)

    def _drain_lane(self, lane: Lane) -> None:
        lane.read()
        while lane.inbox and lane.fileno() >= 0:  # a lane retired meanwhile is read no further
            try:
                msg = protocol.decode(lane.inbox.popleft())
            except DecodeError as exc:
                log.warning("dropped a malformed message on the lane of %s: %s", lane.organ, exc)
                continue
            if type(msg) is LaneClosed:
                self._lane_closed(lane, msg)
                continue
            if type(msg) is Reply:
                pending = self.pending.get(msg.id)
                if pending is not None:
                    pending.lane, pending.frames = None, None  # answered: the lane's end going away says nothing now
                    if pending.queue is not None:
                        self._give(msg.id, pending, msg)  # what _deliver does with a call's reply
                    else:
                        self._deliver(msg)
            else:
                if type(msg) is Ask:
                    self.asked[msg.id] = lane
                    if len(self.asked) > MAX_ASKED:
                        del self.asked[next(iter(self.asked))]
                self._deliver(msg)
            if lane in self.retired:
                self._retire(lane)
        if lane.gone():
            self._lane_lost(lane)

    def _lane_closed(self, lane: Lane, closed: LaneClosed) -> None:
        pending = self.pending.get(closed.id)
        if pending is None:
            return
        frames, pending.lane, pending.frames = pending.frames, None, None
        if not closed.handed_off:  # the organ no longer admits this lane: nothing ran, the heart takes it
            asyncio.get_running_loop().create_task(self._resend(closed.id, frames))
            self._retire(lane)
        elif lane in self.retired:  # it ran and did not succeed: the heart answers it on the heart connection
            self._retire(lane)

    async def _resend(self, call_id: str, frames: list[bytes]) -> None:
        try:
            await self._send(frames)
        except HeartStopped as exc:
            pending = self.pending.get(call_id)
            if pending is not None and pending.queue is not None:
                self._give(call_id, pending, exc)

    def _lane_lost(self, lane: Lane) -> None:
        """The organ's end went away: its calls still waiting on the lane failed as the heart would say."""
        if lane.fileno() < 0:
            return
        self._close_lane(lane)
        for call_id, pending in list(self.pending.items()):
            if pending.lane is lane and pending.queue is not None:
                pending.lane, pending.frames = None, None
                self._give(call_id, pending, died(lane.organ, call_id))

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_S)
            self._expire(time.monotonic())
            self._ping_if_quiet(time.monotonic())
            if not pid_alive(self.endpoints["pid"]):
                self.stopped = "the heart stopped"
                self._fail_all("the heart stopped before it answered")
                now = self.home.read_endpoints()
                if now is not None and now.get("pid") != self.endpoints["pid"] and pid_alive(now["pid"]):
                    log.info("a new heart (pid %s) is running; reconnecting", now["pid"])
                    self._close_lanes()
                    self.dealer.disconnect(self.endpoints["router"])
                    self.endpoints = now
                    self.dealer.connect(now["router"])
                    self.stopped = ""

    def _ping_if_quiet(self, now: float) -> None:
        """While requests wait on the heart, ping it when it has been quiet; fail them when it answers no ping
        for SILENT_S (its process may live on, stopped or wedged: `pid_alive` cannot tell)."""
        waiting = [key for key, pending in self.pending.items() if pending.lane is None]
        if not waiting or self.stopped:
            self.heart_watch = None
            return
        watch = self.heart_watch
        if watch is None:
            watch = self.heart_watch = HeartWatch(now)
        elif self.heard_at > watch.heard_at:
            watch.heard(self.heard_at)
        if watch.silent(now):
            pid = self.endpoints["pid"]
            why = silent_message(pid, procs.state_words(procs.stat(pid)), SILENT_S)
            self.heart_watch = None
            self._fail_all(why, waiting, HeartSilent)
            return
        if watch.probe_due(now):
            ping = Control(id=next(self.ids), command="ping", args={})
            with contextlib.suppress(zmq.Again):  # its queue to the heart is full: as unanswered as a ping that went
                self._send_now(self._encode(ping))
            watch.probed(ping.id, now)

    def _expire(self, now: float) -> None:
        """End the calls the heart did not answer by their deadline."""
        for call_id, pending in list(self.pending.items()):
            if pending.queue is not None and pending.deadline and now >= pending.deadline:
                pending.deadline = 0.0  # told once
                organ, ability, wait_s = pending.late
                self._give(call_id, pending, HeartStopped(f"the heart did not answer {organ}.{ability} within "
                                                          f"{wait_s:g}s"))

    def _fail_all(self, why: str, keys: list[str] | None = None, error: type[HeartStopped] = HeartStopped) -> None:
        """Fail what waits (only these requests, when keys are given) with error(why)."""
        for key in list(self.pending) if keys is None else keys:
            pending = self.pending.get(key)
            if pending is None:
                continue
            if pending.queue is not None:
                self._give(key, pending, error(why))
            elif not pending.future.done():
                pending.future.set_exception(error(why))

    # -- blood and events -----------------------------------------------------------------

    async def beats(self, events: Callable[[], bool] = lambda: False) -> AsyncIterator[Blood | Event]:
        """Yield the current beat, then every new beat (Clone pattern), and call events while events() is
        true: every call of the mesh makes one, so they are not even received when nobody needs them."""
        sub = self._socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, protocol.BLOOD)
        sub.connect(self.endpoints["blood"])
        subscribed = False
        arrived: asyncio.Queue[list[bytes] | None] = asyncio.Queue(MAX_BEATS_QUEUED)  # None: look at events()
        self.followers.add(arrived)

        def drain() -> None:
            while sub.get(zmq.EVENTS) & zmq.POLLIN:
                frames = sub.recv_multipart(zmq.NOBLOCK)
                with contextlib.suppress(asyncio.QueueFull):  # a gap in seq, as for any slow subscriber
                    arrived.put_nowait(frames)

        loop = asyncio.get_running_loop()
        fd = sub.getsockopt(zmq.FD)
        loop.add_reader(fd, drain)
        drain()
        try:
            last = 0
            with contextlib.suppress(MeshError):
                snapshot = await self.snapshot()
                last = snapshot.seq
                if snapshot.seq:
                    yield snapshot
            while True:
                if events() != subscribed:  # checked at least once a beat
                    subscribed = not subscribed
                    sub.setsockopt(zmq.SUBSCRIBE if subscribed else zmq.UNSUBSCRIBE, protocol.EVENT + b"call")
                    drain()
                frames = await arrived.get()
                if frames is None:
                    continue
                try:
                    if frames[0] == protocol.BLOOD:
                        blood = protocol.decode_blood(frames)
                        if last - 10 < blood.seq <= last:  # queued before the snapshot (a restart starts over)
                            continue
                        last = blood.seq
                        yield blood
                    else:
                        yield protocol.decode_event(frames)
                except DecodeError:
                    continue
        finally:
            self.followers.discard(arrived)
            loop.remove_reader(fd)
            sub.close(linger=0)

    def events_changed(self) -> None:
        """Have `beats` look at its events() now rather than at the next beat (up to beat_max_s away): a
        subscriber that just began wants the calls that happen from now on."""
        for arrived in self.followers:
            with contextlib.suppress(asyncio.QueueFull):
                arrived.put_nowait(None)
