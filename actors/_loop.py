"""The organ loop: connect, register, heartbeat, run calls on workers, reconnect, exit when orphaned.

A call reaches a worker through a plain queue and its reply comes back through a deque and one byte on the
loop's wake-up pipe (written only when the loop has not been woken already), which the loop drains in one
turn with everything else that is ready. Inline abilities, and calls an organ starts on the loop itself
(its Pump, e.g. a wrapped MCP server's pipes), never leave the loop's thread.

Other abilities start on workers; one whose runs prove quick runs on the loop's thread too (actors/_placement.py
decides), which saves both thread wake-ups. While such a call runs, the loop is released: a guard thread that
finds it running too long (or waiting for its caller's answer) takes the loop over until the call returns, so a
call that blocks delays the organ's heartbeats and other calls by at most TAKE_OVER_S, once; its ability runs
on workers only from then on.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import queue
import signal
import socket
import threading
import time
import uuid
from collections import OrderedDict, deque
from dataclasses import dataclass

import zmq

from actors import _lanes as lane_io
from actors._poll import Poller
from actors._placement import BANNED, FRESH, Placement, after_run, blocking
from actors.organ import Organ, Pump
from broker import protocol, wire
from broker.errors import DecodeError, EncodeError
from broker.home import lane_folder, lane_socket
from broker.outcome import detect
from broker.protocol import (DEFAULT_MAX_FRAME_BYTES, EXIT_REFUSED, Admit, Answer, Blood, Call, Cancel, Control,
                             Failure, Goodbye, Handoff, Heartbeat, LaneClosed, Refused, Register, Reply, Report,
                             Reregister, Revoke, Tally, Welcome)
from broker.vocab import CANCELLED_BY_CALLER, Cause

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_ABORTED = 1
EXIT_ORPHANED = 3
EXIT_STUCK = 75  # EX_TEMPFAIL: every worker is stuck; a fresh process can serve again
RECONNECT_MIN_S = 0.1
RECONNECT_MAX_S = 2.0
MAX_REPORT = 1000  # observations per report; more wait for the next heartbeat
DONE_CACHE = 1024  # replies kept so a re-sent request id is answered, never run twice
UNSENT_CAP = 10_000  # messages held while the socket to the heart cannot take more (its send queue is full)
DEADLINE_MARGIN_S = 0.25  # the organ aims to answer this much (or a fifth of the time) before the heart gives up
STUCK_AFTER_S = 1.0  # a call still running this long past its deadline holds a stuck worker
STUCK_METRIC = "actors_organ_stuck_calls"
GUARD_S = 0.025  # how often the guard looks at a call running on the loop's thread
DOZE_S = 1.0  # how long the guard sleeps once no call has run on the loop's thread for that long (woken by the next)
TALLY_S = 0.025  # lane successes are told to the heart at most this long after the first of a batch
TALLY_MAX = 256  # ... or as soon as this many wait
TALLY_ARGS_BYTES = 16 * 1024  # a lane call's arguments are tallied whole up to this size (as events carry them)
MAX_TICKETS = 4096  # lane tickets admitted at once; the heart revokes and grants anew beyond it
LANE_BATCH = 256  # lane messages handled per turn at most: a flooding client cannot starve the heart's socket
LANE_MODE = lane_io.MODE
MAX_LANE_ENDS = 1024  # clients connected to the lane at once; one more is refused (its calls go by the heart)


@dataclass(slots=True)
class Work:
    """A call handed to a worker: what it runs, by when, and since when (set by the worker)."""

    ability: str
    deadline: float
    started: float | None = None
    took: float = 0.0  # how long the ability ran (set by the worker)
    here: bool = False  # run on the loop's own thread, not a worker
    asked: bool = False  # (here) it waits for its caller's answer: the loop must go on without this thread
    held: bool = False  # (here, taken over) it holds one of the workers' slots


@dataclass(slots=True)
class LaneCall:
    """A call that came on the lane: whose it is, and (set by the thread that encodes its reply) how it went."""

    end: lane_io.LaneEnd  # the connection it came on, where its answer goes
    client: bytes  # the client's routing id on the heart: where the heart answers it if it fails
    call: Call
    size: int
    deadline: float  # when the heart would have given up on it (the organ's own budget ends a little before)
    ok: bool = False
    took: float = 0.0
    cancelled: bool = False  # its caller cancelled it: its reply goes nowhere

    @property
    def ticket(self) -> bytes:
        return self.end.ticket or b""


class OrganLoop:
    """Runs one organ against one heart until stopped, refused or orphaned."""

    def __init__(self, organ: Organ, endpoint: str, *, token: str = "", heart_pid: int | None = None,
                 heartbeat_s: float = 0.5, liveness: int = 3, orphan_after_s: float = 3.0,
                 curve: Curve | None = None, lanes: bool = False) -> None:
        self.organ = organ
        self.endpoint = endpoint
        self.curve = curve
        self.token = token
        self.heart_pid = heart_pid
        self.heartbeat_s = heartbeat_s
        self.liveness = liveness
        self.orphan_after_s = orphan_after_s
        self.stop_reason = ""
        self.exit_code = EXIT_OK
        self.signals = True
        self.registered = False
        self.in_flight: dict[bytes, Work] = {}
        self.call_keys: dict[str, bytes] = {}  # the id of a call running here (queued included) -> its fingerprint
        self.stuck = 0  # calls running past their deadline, as last reported
        self.max_frame_bytes = DEFAULT_MAX_FRAME_BYTES  # the heart says its own in its welcome
        self.done: OrderedDict[bytes, list[bytes]] = OrderedDict()
        self.ctx = zmq.Context()
        self.dealer: zmq.Socket | None = None
        self.sub: zmq.Socket | None = None
        self.outbox: deque[tuple[bytes, list[bytes], str]] = deque()  # from workers: (key or b"", frames, call id)
        self.woken = False  # a wake-up byte is on its way: workers need not write another
        self.unsent: deque[list[bytes]] = deque()  # replies and reports the dealer's full queue refused, in order
        self.polling_out = False  # the dealer is polled for room to send (while something is unsent)
        self.wake_r, self.wake_w = os.pipe()
        for fd in (self.wake_r, self.wake_w):
            os.set_blocking(fd, False)
        self.workers = _Workers(organ.workers, f"{organ.name}-call", self._work)
        self.pumped: dict[int, bool] = {}  # the pump's descriptors as registered with the poller
        self.poller = Poller()  # made anew, with every socket, by _watch
        self.placements: dict[str, Placement] = {}  # abilities not declared inline: where their calls run
        self.baton = threading.Lock()  # held by the thread running the loop (the sockets are its alone)
        self.switch = threading.Lock()  # makes "the call here ended" and "the guard takes the loop" exclusive
        self.here: Work | None = None  # the call the loop's thread runs itself, the loop released meanwhile
        self.main: int | None = None  # the loop's own thread
        self.reclaim = False  # the loop's thread wants the loop back from the guard
        self.alarm = threading.Event()  # wakes the guard at once
        self.here_runs = 0  # calls run on the loop's thread so far
        self.dozing = False  # the guard sleeps DOZE_S: a call run here must wake it
        self.back = threading.Event()  # the loop's thread took the loop back from the guard
        self.guard: threading.Thread | None = None  # started when an ability first runs on the loop
        self.lanes = lanes and endpoint.startswith("ipc://") and curve is None  # local meshes only
        self.lane: socket.socket | None = None  # the socket local clients connect to (bound in _loop)
        self.lane_ends: dict[int, lane_io.LaneEnd] = {}  # the clients connected to it, by descriptor
        self.lane_backlog: set[lane_io.LaneEnd] = set()  # ends holding messages read but not yet handled
        self.lane_endpoint = ""
        self.lane_path = ""
        self.admitted: dict[bytes, bytes] = {}  # lane ticket -> the client's routing id on the heart
        self.lane_calls: dict[bytes, LaneCall] = {}  # fingerprint -> the lane call it belongs to
        self.lane_tickets: dict[str, lane_io.LaneEnd] = {}  # a running lane call's id -> its lane (for its notices)
        self.tally: list[LaneCall] = []  # lane successes not yet told to the heart
        self.tally_due = math.inf
        self.lane_malformed = 0  # malformed messages dropped on the lane so far
        organ.caller.push = self._push  # what a running call tells its caller goes out through the loop
        organ.caller.on_wait = self._waiting

    def stop(self, reason: str) -> None:
        """Ask the loop to end at its next turn (safe from signal handlers)."""
        self.stop_reason = self.stop_reason or reason

    def run(self, signals: bool = True) -> int:
        """Run until stopped; return the process exit code. Without `signals` (a loop on a thread other than
        the main one) it leaves the process's signal handlers alone: stop() ends it."""
        self.signals = signals
        if signals:
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(sig, lambda signum, frame: self.stop(f"received {signal.Signals(signum).name}"))
            signal.set_wakeup_fd(self.wake_w, warn_on_full_buffer=False)
        self.organ.caller.loop_thread = threading.get_ident()
        try:
            self.organ.on_start()
            self._loop()
        finally:
            self._shutdown()
        return self.exit_code

    # -- the loop -------------------------------------------------------------------------

    def _loop(self) -> None:
        self.main = threading.get_ident()
        self.baton.acquire()
        try:
            if self.lanes:
                self._open_lane()
            self._connect()
            self.next_heartbeat = time.monotonic()
            while not self.stop_reason:
                self._turn()
        finally:
            self.baton.release()

    def _turn(self) -> None:
        """One turn of the loop: wait for what is ready, handle it, heartbeat when due."""
        pump = self.organ.pump
        before = time.monotonic()
        wake_at = self.next_heartbeat if self.next_heartbeat < self.tally_due else self.tally_due
        lanes_due = min([lane.deadline for lane in self.lane_calls.values()]) if self.lane_calls else math.inf
        if lanes_due < wake_at:
            wake_at = lanes_due
        if pump is not None:
            self._watch_pump(pump)
            pump_due = pump.due()
            if pump_due < wake_at:
                wake_at = pump_due
        wait_ms = max(0, int((wake_at - before) * 1000)) + 1 if not self.lane_backlog else 0
        if bool(self.unsent) != self.polling_out:
            self.polling_out = bool(self.unsent)
            self.poller.register(self.dealer, wire.POLLIN | (wire.POLLOUT if self.polling_out else 0))
        ready = dict(self.poller.poll(wait_ms))
        if self.unsent and ready.get(self.dealer, 0) & wire.POLLOUT:
            self._flush_unsent()
        if time.monotonic() - before > wait_ms / 1000 + self.heartbeat_s * self.liveness:
            # this process was stopped or starved, not the heart silent: what the heart sent meanwhile
            # may not even be read yet, so its silence is counted from now
            self.heart_seen = time.monotonic()
        if self.wake_r in ready:
            _drain_fd(self.wake_r)
            self._forward_results()
        if pump is not None:
            self._run_pump(pump, ready)
        if self.dealer in ready:
            self._drain_heart()
        if self.sub is not None and self.sub in ready:
            self._drain_blood()
        if self.lane is not None:
            self._serve_lanes(ready)
        now = time.monotonic()
        if now >= self.tally_due:
            self._send_tally()
        if now >= lanes_due:  # a lane call begun in this turn is not due yet
            self._expire_lane_calls(now)
        if now >= self.next_heartbeat:
            self._send(Heartbeat(organ=self.organ.name))
            self._check_workers(now)
            self._send_reports()
            self._check_organ()
            self.next_heartbeat = now + self.heartbeat_s
            self._check_heart(now)

    def _check_heart(self, now: float) -> None:
        silent = now - self.heart_seen
        if self.heart_pid is not None and os.getppid() != self.heart_pid:
            self._orphaned("the heart that spawned this organ is gone")
        elif self.heart_pid is not None and silent > self.orphan_after_s:
            self._orphaned(f"the heart has been silent for {silent:.1f}s")
        elif silent > max(self.heartbeat_s * self.liveness, self.reconnect_after):
            log.warning("heart silent for %.1fs; reconnecting to %s", silent, self.endpoint)
            self.reconnect_after = min(RECONNECT_MAX_S, self.reconnect_after * 2)
            self._connect()

    def _check_organ(self) -> None:
        if self.organ.aborted:
            log.error("organ aborted: %s", self.organ.aborted)
            self.exit_code = EXIT_ABORTED
            self.stop(self.organ.aborted)
        elif self.organ.changed.is_set() and self.registered:
            self.organ.changed.clear()
            log.info("abilities changed; registering again")
            self._register()

    def _check_workers(self, now: float) -> None:
        """The watchdog: report calls stuck past their deadline; end the organ when every worker is stuck."""
        stuck = sorted(w.ability for w in self.in_flight.values()
                       if w.started is not None and now > w.deadline + STUCK_AFTER_S)
        if len(stuck) != self.stuck:
            self.stuck = len(stuck)
            self.organ.report(STUCK_METRIC, len(stuck))
            if stuck:
                message = (f"organ {self.organ.name}: {len(stuck)} of {self.organ.workers} workers stuck past "
                           f"their call's deadline ({', '.join(dict.fromkeys(stuck))})")
                log.warning("%s", message)
                self._alert("warn" if len(stuck) < self.organ.workers else "critical", message)
        if stuck and len(stuck) >= self.organ.workers and not self.organ.aborted:
            self.exit_code = EXIT_STUCK
            self.stop(f"all {len(stuck)} workers are stuck past their deadlines; a fresh process takes over")
            log.error("%s", self.stop_reason)

    def _alert(self, level: str, message: str) -> None:
        if self.registered:
            self._send(Control(id=uuid.uuid4().hex, command="alert",
                               args={"level": level, "organ": self.organ.name, "message": message}))

    def _send_reports(self) -> None:
        observations = []
        while len(observations) < MAX_REPORT:
            try:
                observations.append(self.organ.reports.get_nowait())
            except queue.Empty:
                break
        if observations and self.registered:
            self._send(Report(organ=self.organ.name, observations=tuple(observations)))

    def _orphaned(self, why: str) -> None:
        log.warning("%s; exiting", why)
        self.exit_code = EXIT_ORPHANED
        self.stop(why)

    def _connect(self) -> None:
        if self.dealer is not None:
            self.dealer.close(linger=0)
        self.dealer = self._socket(zmq.DEALER, secure=True)
        self.dealer.setsockopt(zmq.RECONNECT_IVL, int(RECONNECT_MIN_S * 1000))
        self.dealer.setsockopt(zmq.RECONNECT_IVL_MAX, int(RECONNECT_MAX_S * 1000))
        self.dealer.connect(self.endpoint)
        self.registered = False
        self.admitted.clear()  # tickets are a heart connection's: a new one grants its own
        self.heart_seen = time.monotonic()
        self._watch()
        if not hasattr(self, "reconnect_after"):
            self.reconnect_after = RECONNECT_MIN_S
        self._register()

    def _register(self) -> None:
        self._send(Register(organ=self.organ.name, pid=os.getpid(), abilities=self.organ.abilities(),
                            perception=tuple(self.organ.perception), reflexes=tuple(self.organ.reflexes),
                            token=self.token, lane=self.lane_endpoint, screened=self.organ.screened()))

    def _send(self, msg) -> None:
        self.poller.touched(self.dealer)
        try:
            wire.send(self.dealer, protocol.encode(msg), wire.NOBLOCK)
        except zmq.Again:
            pass  # not connected yet; the heartbeat or re-registration will follow

    def _send_frames(self, frames: list[bytes]) -> None:
        """Send a reply or report to the heart; held, in order, while the dealer's queue is full (never dropped
        unless UNSENT_CAP messages are already waiting: then the oldest goes, and its caller times out)."""
        self.poller.touched(self.dealer)
        if not self.unsent:
            try:
                wire.send(self.dealer, frames, wire.NOBLOCK)
                return
            except zmq.Again:
                pass
        self.unsent.append(frames)
        if len(self.unsent) > UNSENT_CAP:
            self.unsent.popleft()
            log.warning("%d messages wait for the heart; the oldest was dropped (its caller will time out)",
                        UNSENT_CAP)

    def _flush_unsent(self) -> None:
        self.poller.touched(self.dealer)
        while self.unsent:
            try:
                wire.send(self.dealer, self.unsent[0], wire.NOBLOCK)
            except zmq.Again:
                return
            self.unsent.popleft()

    def _drain_heart(self) -> None:
        while wire.readable(self.dealer):
            frames = wire.receive(self.dealer, wire.NOBLOCK)
            self.heart_seen = time.monotonic()
            try:
                msg = protocol.decode(frames)
            except DecodeError as exc:
                log.warning("dropped a malformed message from the heart: %s", exc)
                continue
            self._on_message(msg)

    def _on_message(self, msg) -> None:
        if isinstance(msg, Call):
            self._on_call(msg)
        elif isinstance(msg, Welcome):
            self.registered = True
            self.reconnect_after = RECONNECT_MIN_S
            self.heartbeat_s = msg.heartbeat_s
            self.liveness = msg.liveness
            self.max_frame_bytes = msg.max_frame_bytes
            self.orphan_after_s = max(self.orphan_after_s, 2 * msg.heartbeat_s * msg.liveness)
            log.info("registered as %s", msg.organ)
            if self.organ.perception and self.sub is None:
                self._subscribe(msg.blood)
        elif isinstance(msg, Refused):
            log.error("the heart refused this organ: %s", msg.reason)
            self.exit_code = EXIT_REFUSED
            self.stop(f"refused: {msg.reason}")
        elif isinstance(msg, Answer):
            self.organ.caller.answered(msg)
        elif isinstance(msg, Cancel):
            self._on_cancel(msg.id, msg.reason)
        elif isinstance(msg, Admit):
            if len(self.admitted) >= MAX_TICKETS:
                self.admitted.clear()  # bounded: their clients go through the heart, which grants anew
            self.admitted[msg.ticket] = msg.client
        elif isinstance(msg, Revoke):
            for ticket in msg.tickets or list(self.admitted):
                self.admitted.pop(ticket, None)
        elif isinstance(msg, Reregister):
            log.info("re-registering: %s", msg.reason)
            self._register()

    # -- calls ----------------------------------------------------------------------------

    def _on_call(self, call: Call, lane: tuple[lane_io.LaneEnd, bytes, int] | None = None) -> None:
        key = _fingerprint(call)
        cached = self.done.get(key)
        if cached is not None:
            if lane is None:
                self._send_frames(cached)
            else:
                self._lane_send(lane[0], cached)
            return
        if key in self.in_flight:
            return  # a re-sent request: its reply is on the way
        if call.id in self.call_keys:  # another call with this id runs here: a cancel must name one call
            self._refuse_duplicate(call, lane)
            return
        ability_s = self.organ.timeout_of(call.ability)
        now = time.monotonic()
        deadline = now + _budget(call.timeout_s, ability_s)
        if lane is not None:  # the heart's deadline for it, as the heart would keep it
            given = min(call.timeout_s, ability_s) if 0 < call.timeout_s < math.inf else ability_s
            self.lane_calls[key] = LaneCall(lane[0], lane[1], call, lane[2], now + given)
            self.lane_tickets[call.id] = lane[0]
        if self.organ.runs_inline(call.ability):
            self._finish(key, self._encode(call, self.organ.handle(call, deadline), key))
            return
        self.call_keys[call.id] = key
        work = self.in_flight[key] = Work(call.ability, deadline, started=time.monotonic())
        if self.organ.begin(call, deadline, lambda reply: self._complete(key, call, reply)):
            return
        placement = self.placements.get(call.ability, FRESH)
        if placement.on_loop and self.workers.busy < self.workers.size and threading.get_ident() == self.main:
            self._run_here(key, call, work)
            return
        work.started = None
        self.workers.submit((key, call, work))

    def _refuse_duplicate(self, call: Call, lane: tuple[lane_io.LaneEnd, bytes, int] | None) -> None:
        if lane is not None:  # nothing ran: the client sends it through the heart, which refuses or routes it
            self._lane_send(lane[0], protocol.encode(LaneClosed(id=call.id)))
            return
        self._send_frames(protocol.encode(Reply(id=call.id, ok=False, error=Failure(
            Cause.BAD_PARAMS, f"request id {call.id[:64]!r} is already running in organ {self.organ.name}",
            type="DuplicateRequest", hint="give every call its own request id"))))

    def _on_cancel(self, call_id: str, reason: str, end: lane_io.LaneEnd | None = None) -> None:
        """The caller cancelled a call (the heart checked who asked; on a lane, only the lane it came by may): the
        ability is told, and a lane call's reply goes nowhere (the heart drops that of a call it routed)."""
        if call_id not in self.call_keys:
            return  # not running here (answered already, or inline)
        lane_end = self.lane_tickets.get(call_id)
        if lane_end is not end:
            return  # a lane call is cancelled on its lane, a routed one by the heart
        log.info("call %s cancelled by its caller%s", call_id[:64], f": {reason[:200]}" if reason else "")
        if end is not None:
            lane = self.lane_calls.get(self.call_keys[call_id])
            if lane is not None and not lane.cancelled:
                lane.cancelled = True  # the heart counts it as cancelled (its caller waits for nothing)
                self._hand_off(lane, protocol.encode(Reply(id=call_id, ok=False, error=Failure(
                    Cause.CANCELLED, f"its caller cancelled {self.organ.name}.{lane.call.ability}",
                    type=CANCELLED_BY_CALLER))))
        self.organ.caller.cancel(call_id)
        try:
            self.organ.on_cancel(call_id)
        except Exception:  # the loop goes on whatever a hook does
            log.exception("%s.on_cancel failed for call %s", self.organ.name, call_id)

    def _work(self, key: bytes, call: Call, work: Work) -> None:
        work.started = time.monotonic()
        reply = self.organ.handle(call, work.deadline)
        work.took = reply.duration_s
        self._push(self._encode(call, reply, key), key, call.id)

    def _run_here(self, key: bytes, call: Call, work: Work) -> None:
        """Run a call on the loop's thread with the loop released, so the guard can take it over meanwhile.

        A slot of the workers' is free (the caller checked): the organ never runs more calls at once than
        it has workers."""
        work.here = True
        caller = self.organ.caller
        caller.loop_thread = None  # what the call says goes through the outbox, as from a worker
        self.here = work
        self.here_runs += 1
        if self.dozing:  # the guard sleeps long while the loop runs nothing itself: wake it for this call
            self.dozing = False
            self.alarm.set()
        self.baton.release()
        reply = None
        try:
            reply = self.organ.handle(call, work.deadline)
        finally:
            with self.switch:
                self.here = None
                kept = self.baton.acquire(blocking=False)
            if not kept:  # the guard runs the loop: hand the reply to it like a worker, then take the loop back
                self.reclaim = True  # first: the turn that forwards the reply is the guard's last
                if reply is not None:
                    work.took = reply.duration_s
                    self._push(self._encode(call, reply, key), key, call.id)
                self._reclaim()
        if not kept:
            return
        caller.loop_thread = self.main
        self.in_flight.pop(key, None)
        if self.outbox:
            self._forward_results()  # what the call told its caller goes out before its reply
        self._learn(call.ability, reply.duration_s)
        self._finish(key, self._encode(call, reply, key), call.id)

    def _reclaim(self) -> None:
        self.reclaim = True
        self._wake()
        self.baton.acquire()
        self.reclaim = False
        self.back.set()
        self.organ.caller.loop_thread = self.main

    def _learn(self, ability: str, took_s: float) -> None:
        placement = self.placements.get(ability, FRESH)
        learnt = after_run(placement, took_s)
        if learnt is placement:
            return
        if learnt.on_loop and not self.organ.may_move(ability):
            learnt = BANNED  # declared for workers only
        self.placements[ability] = learnt
        if learnt.on_loop and self.guard is None:
            self.guard = threading.Thread(target=self._guard, name=f"{self.organ.name}-guard", daemon=True)
            self.guard.start()

    def _waiting(self) -> None:
        """A running call is about to wait for its caller's answer: if it runs on the loop's thread, the
        guard takes the loop over now, since the answer comes through it."""
        work = self.here
        if work is not None and threading.get_ident() == self.main:
            work.asked = True
            self.alarm.set()

    def _guard(self) -> None:
        seen, quiet_since = -1, time.monotonic()
        while not self.stop_reason or self.here is not None:  # stopping: a call held here still ends the process
            if seen != self.here_runs:
                seen, quiet_since = self.here_runs, time.monotonic()
            elif time.monotonic() - quiet_since > DOZE_S:
                self.dozing = True
            # asleep only if no call began meanwhile (one beginning now wakes it, having seen dozing)
            self.alarm.wait(DOZE_S if self.dozing and self.here is None and seen == self.here_runs else GUARD_S)
            self.alarm.clear()
            with self.switch:
                work = self.here
                took = (work is not None and blocking(work.started, time.monotonic(), work.asked)
                        and self.baton.acquire(blocking=False))
            if took:
                self._take_over(work)

    def _take_over(self, work: Work) -> None:
        """Run the loop while the loop's own thread is held by a call, until the call ends."""
        if not work.asked:
            log.warning("%s.%s held the organ's loop for over %.0f ms; it runs on workers from now on",
                        self.organ.name, work.ability, 1000 * (time.monotonic() - work.started))
            self.placements[work.ability] = BANNED
        work.held = self.workers.hold()  # it holds a slot until its reply is forwarded
        self.organ.caller.loop_thread = threading.get_ident()
        self.back.clear()
        try:
            while not self.reclaim and not self.stop_reason:
                self._turn()
        except Exception:
            log.exception("the organ's loop failed on the guard's thread")
            self.exit_code = EXIT_ABORTED
            self.stop("the organ's loop failed")
        finally:
            self.organ.caller.loop_thread = None
            self.baton.release()
        if not self.back.wait(STUCK_AFTER_S):  # stopping, and the call still holds the loop's thread
            self._abandon()

    def _abandon(self) -> None:
        """End the process from the guard: the loop's own thread is held by a call that does not return."""
        log.error("organ %s stopping (%s) with %s.%s still running on the loop's thread", self.organ.name,
                  self.stop_reason, self.organ.name, self.here.ability if self.here else "?")
        if self.baton.acquire(timeout=STUCK_AFTER_S):
            if self.dealer is not None and self.registered:
                self._send(Goodbye(organ=self.organ.name, reason=self.stop_reason))
                time.sleep(0.01)  # let the I/O thread hand the goodbye over before the socket closes
            self.ctx.destroy(linger=0)
        logging.shutdown()
        os._exit(self.exit_code)

    def _complete(self, key: bytes, call: Call, reply: Reply) -> None:
        """Send the reply of a call the organ finished on the loop's thread (begun by Organ.begin)."""
        if self.in_flight.pop(key, None) is not None:
            self._finish(key, self._encode(call, reply, key), call.id)

    def _push(self, frames: list[bytes], key: bytes = b"", call: str = "") -> None:
        """Hand frames to the loop from any thread: with a key, the reply of call (its id); an empty key, a message
        for the caller of call (a notice or a question) or for the heart."""
        if threading.get_ident() == self.organ.caller.loop_thread:
            self._to_caller(frames, call)
            return
        self.outbox.append((key, frames, call))
        if not self.woken:  # the loop clears it before it takes the outbox, so nothing appended is missed
            self._wake()

    def _wake(self) -> None:
        self.woken = True
        try:
            os.write(self.wake_w, b"r")
        except BlockingIOError:
            pass  # the pipe is full of wake-ups already

    def _encode(self, call: Call, reply: Reply, key: bytes = b"") -> list[bytes]:
        lane = self.lane_calls.get(key) if self.lane_calls else None
        try:
            frames = protocol.encode(reply)
        except EncodeError as exc:
            return protocol.encode(Reply(id=call.id, ok=False, duration_s=reply.duration_s, error=Failure(
                "unknown", f"the result of {call.ability} cannot be sent: {exc}", type="EncodeError")))
        size = len(frames[-1])
        if size <= self.max_frame_bytes:
            if lane is not None:  # told before the frames go back to the loop (a worker encodes on its thread)
                lane.ok, lane.took = detect(reply) is None, reply.duration_s
            return frames
        # the heart would drop it, and with it this organ's connection: answer with what went wrong instead
        return protocol.encode(Reply(id=call.id, ok=False, duration_s=reply.duration_s, error=Failure(
            "bad_params", f"the result of {call.ability} is {size} bytes, over the mesh's frame limit of "
            f"{self.max_frame_bytes} bytes", type="ReplyTooLarge",
            hint="ask for less at a time (a smaller window, limit or page)")))

    def _forward_results(self) -> None:
        self.woken = False
        while self.outbox:
            key, frames, call = self.outbox.popleft()
            if not key:
                self._to_caller(frames, call)
                continue
            work = self.in_flight.pop(key, None)
            if work is not None:
                if work.here:
                    self.workers.unhold(work.held)
                else:
                    self.workers.done()
                self._learn(work.ability, work.took)
            self._finish(key, frames, call)

    def _watch_pump(self, pump: Pump) -> None:
        wanted = pump.descriptors()
        if wanted == self.pumped:
            return
        for fd in self.pumped.keys() - wanted.keys():
            self.poller.unregister(fd)
        for fd, write in wanted.items():
            if self.pumped.get(fd) != write:
                self.poller.register(fd, wire.POLLIN | (wire.POLLOUT if write else 0))
        self.pumped = dict(wanted)

    def _run_pump(self, pump: Pump, ready: dict) -> None:
        for fd in self.pumped:
            events = ready.get(fd)
            if events:
                pump.ready(fd, bool(events & (wire.POLLIN | wire.POLLERR)), bool(events & wire.POLLOUT))
        now = time.monotonic()
        if pump.due() <= now:
            pump.expire(now)

    def _finish(self, key: bytes, frames: list[bytes], call_id: str = "") -> None:
        if call_id and self.call_keys.get(call_id) == key:  # it ran here: its id is free, its cancel forgotten
            del self.call_keys[call_id]
            self.organ.caller.forget(call_id)
        self.done[key] = frames
        if len(self.done) > DONE_CACHE:
            self.done.popitem(last=False)
        lane = self.lane_calls.pop(key, None) if self.lane_calls else None
        if lane is None:
            if self.tally:  # outcomes reach the heart in the order they happened (a success must not heal later)
                self._send_tally()
            self._send_frames(frames)
            return
        self.lane_tickets.pop(lane.call.id, None)
        if lane.cancelled:
            return  # nobody waits for it, and how it ended says nothing of this organ
        if lane.ok:
            self._lane_send(lane.end, frames)
            self._tallied(lane)
        else:
            self._hand_off(lane, frames)

    # -- lanes: calls from local clients straight to this organ (docs/protocol.md, "Lanes") ------

    def _open_lane(self) -> None:
        """Bind the lane's socket beside the heart's own ipc socket (the mesh's private directory)."""
        path = lane_socket(lane_folder(self.endpoint), os.getpid())
        try:
            self.lane = lane_io.listen(path)
        except OSError as exc:
            log.warning("no lane for %s: cannot bind %s: %s", self.organ.name, path, exc)
            return
        self.lane_path, self.lane_endpoint = path, f"{lane_io.SCHEME}{path}"

    def _serve_lanes(self, ready: dict) -> None:
        """Take new connections, read the lanes that are readable, write those that wait for room, and handle
        at most LANE_BATCH messages (the rest next turn, which then does not wait)."""
        if self.lane.fileno() in ready:
            self._accept_lanes()
        for fd, events in ready.items():
            end = self.lane_ends.get(fd) if type(fd) is int else None
            if end is not None:
                if events & wire.POLLOUT:
                    end.flush()
                    self._watch_end(end)
                if events & (wire.POLLIN | wire.POLLERR):
                    try:
                        end.inbox.extend(end.receive())
                    except lane_io.Broken as exc:
                        self._lane_malformed(exc)
                    if end.inbox:
                        self.lane_backlog.add(end)
                if end.eof:
                    self._drop_end(end)
        budget = LANE_BATCH
        for end in list(self.lane_backlog):
            while end.inbox and budget:
                budget -= 1
                self._on_lane_message(end, end.inbox.popleft())
            if not end.inbox:
                self.lane_backlog.discard(end)

    def _accept_lanes(self) -> None:
        for _ in range(LANE_BATCH):
            try:
                sock, _ = self.lane.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of descriptors, say: the client's calls go by the heart
                log.warning("cannot accept a lane connection: %s", exc)
                return
            sock.setblocking(False)
            try:
                uid = lane_io.peer_uid(sock)
            except OSError:
                uid = -1
            if len(self.lane_ends) >= MAX_LANE_ENDS or uid not in (os.getuid(), 0):
                sock.close()  # the socket file is 0600 already; the kernel's word on the peer settles it
                continue
            end = lane_io.LaneEnd(sock, self.max_frame_bytes)
            self.lane_ends[end.fileno()] = end
            self.poller.register(end.fileno(), wire.POLLIN)

    def _watch_end(self, end: lane_io.LaneEnd) -> None:
        """Poll a lane for room to write while something waits to be written on it."""
        if end.eof:
            self._drop_end(end)
        elif self.lane_ends.get(end.fileno()) is end:
            self.poller.register(end.fileno(), wire.POLLIN | (wire.POLLOUT if end.unsent else 0))

    def _drop_end(self, end: lane_io.LaneEnd) -> None:
        """A client's lane went away: what it still had running answers into nothing (the heart was told)."""
        if self.lane_ends.get(end.fileno()) is end:
            del self.lane_ends[end.fileno()]
            self.lane_backlog.discard(end)
            end.inbox.clear()
            self.poller.unregister(end.fileno())
            end.close()

    def _on_lane_message(self, end: lane_io.LaneEnd, frames: list[bytes]) -> None:
        if end.ticket is None:  # the first message: the ticket this client was granted
            if len(frames) == 1 and 0 < len(frames[0]) <= lane_io.MAX_TICKET:
                end.ticket = frames[0]
            else:
                self._lane_malformed(DecodeError("the lane did not start with a ticket"))
                self._drop_end(end)
            return
        try:
            msg = protocol.decode(frames, self.max_frame_bytes)
        except DecodeError as exc:
            self._lane_malformed(exc)
            return
        client = self.admitted.get(end.ticket)
        if type(msg) is Call:
            if client is None or msg.organ != self.organ.name:
                self._lane_send(end, protocol.encode(LaneClosed(id=msg.id)))  # nothing ran
            else:
                self._on_call(msg, (end, client, len(frames[-1])))
        elif type(msg) is Answer:
            if client is not None:
                self.organ.caller.answered(msg)
        elif type(msg) is Cancel:
            self._on_cancel(msg.id, msg.reason, end)

    def _lane_malformed(self, exc: Exception) -> None:
        """Count a malformed lane message; logged at the 1st, 2nd, 4th, 8th... (a flood must not flood the log)."""
        self.lane_malformed += 1
        if self.lane_malformed & (self.lane_malformed - 1) == 0:
            log.warning("dropped a malformed message on the lane (%d so far): %s", self.lane_malformed, exc)

    def _to_caller(self, frames: list[bytes], call: str) -> None:
        """What a running call says goes where its caller waits: on the lane the call came by, else the heart."""
        end = self.lane_tickets.get(call) if call and self.lane_tickets else None
        if end is None:
            self._send_frames(frames)
        else:
            self._lane_send(end, frames)

    def _lane_send(self, end: lane_io.LaneEnd, frames: list[bytes]) -> None:
        """Answer on a lane without waiting (what the socket cannot take now is written when it has room); a
        client gone learns nothing more from here."""
        had = bool(end.unsent)
        if end.send(lane_io.encode(frames)) and bool(end.unsent) != had:
            self._watch_end(end)
        elif end.eof:
            self._drop_end(end)

    def _hand_off(self, lane: LaneCall, frames: list[bytes]) -> None:
        """A lane call that did not succeed: the heart concludes it as one it routed, and answers the client."""
        try:
            reply = protocol.decode(frames)
        except DecodeError:
            reply = Reply(id=lane.call.id, ok=False, error=Failure("unknown", "the organ's reply was unreadable"))
        self._lane_send(lane.end, protocol.encode(LaneClosed(id=lane.call.id, handed_off=True)))
        if self.tally:  # the successes before it first: accounted after it, they would heal the wound it opens
            self._send_tally()
        self._send_frames(protocol.encode(Handoff(ticket=lane.ticket, client=lane.client, call=lane.call,
                                                  reply=reply, size=lane.size)))

    def _expire_lane_calls(self, now: float) -> None:
        """Lane calls still running past their deadline go to the heart as timed out (their late reply follows)."""
        for key, lane in list(self.lane_calls.items()):
            if now >= lane.deadline:
                del self.lane_calls[key]
                self.lane_tickets.pop(lane.call.id, None)
                if lane.cancelled:
                    continue
                self._hand_off(lane, protocol.encode(Reply(id=lane.call.id, ok=False, duration_s=now - lane.deadline,
                    error=Failure("timeout", f"organ {self.organ.name} did not answer {self.organ.name}."
                                  f"{lane.call.ability} within its deadline", type="Deadline"))))

    def _tallied(self, lane: LaneCall) -> None:
        self.tally.append(lane)
        if len(self.tally) == 1:
            self.tally_due = time.monotonic() + TALLY_S
        elif len(self.tally) >= TALLY_MAX:
            self._send_tally()

    def _send_tally(self) -> None:
        """Tell the heart of the lane calls that succeeded (never dropped: held like replies when it is slow)."""
        done, self.tally, self.tally_due = self.tally, [], math.inf
        if not done:
            return
        calls = tuple(d.call if d.size <= TALLY_ARGS_BYTES else _without_args(d.call) for d in done)
        self._send_frames(protocol.encode(Tally(organ=self.organ.name, calls=calls,
                                                durations=tuple(d.took for d in done),
                                                sizes=tuple(d.size for d in done))))

    # -- perception -----------------------------------------------------------------------

    def _subscribe(self, endpoint: str) -> None:
        self.sub = self._socket(zmq.SUB, secure=True)
        self.sub.setsockopt(zmq.SUBSCRIBE, protocol.BLOOD)
        self.sub.connect(reachable(endpoint, self.endpoint))
        self._watch()

    def _watch(self) -> None:
        self.poller = Poller()
        for sock in (self.dealer, self.sub, self.wake_r, self.lane):
            if sock is not None:
                self.poller.register(sock, wire.POLLIN)
        for fd, end in self.lane_ends.items():
            self.poller.register(fd, wire.POLLIN | (wire.POLLOUT if end.unsent else 0))
        self.pumped = {}  # registered again at the next turn
        self.polling_out = False  # likewise the dealer's room to send, while something is unsent

    def _drain_blood(self) -> None:
        while wire.readable(self.sub):
            frames = self.sub.recv_multipart(zmq.NOBLOCK)
            try:
                blood: Blood = protocol.decode_blood(frames)
            except DecodeError as exc:
                log.warning("dropped a malformed beat: %s", exc)
                continue
            try:
                self.organ.on_blood(blood)
            except Exception:
                log.exception("on_blood failed")

    # -- shutdown -------------------------------------------------------------------------

    def _socket(self, kind: int, secure: bool = False) -> zmq.Socket:
        sock = self.ctx.socket(kind)
        sock.setsockopt(zmq.LINGER, 0)
        if secure and self.curve is not None:
            sock.curve_publickey = self.curve.public.encode()
            sock.curve_secretkey = self.curve.secret.encode()
            sock.curve_serverkey = self.curve.server.encode()
        return sock

    def _shutdown(self) -> None:
        log.info("organ %s stopping: %s", self.organ.name, self.stop_reason or "error")
        self.workers.close()
        if self.dealer is not None:
            self._send_tally()
        try:
            self.organ.on_stop()
        except Exception:
            log.exception("on_stop failed")
        if self.dealer is not None and self.registered:
            self._send(Goodbye(organ=self.organ.name, reason=self.stop_reason))
            time.sleep(0.01)  # let the I/O thread hand the goodbye over before the socket closes
        if self.signals:
            signal.set_wakeup_fd(-1)
        self.ctx.destroy(linger=0)
        for end in self.lane_ends.values():
            end.close()
        if self.lane is not None:
            self.lane.close()
        if self.lane_path:
            with contextlib.suppress(OSError):
                os.unlink(self.lane_path)
        for fd in (self.wake_r, self.wake_w):
            os.close(fd)


class _Workers:
    """Threads that run calls taken from one queue, started as calls need them, up to `size`."""

    def __init__(self, size: int, name: str, run) -> None:
        self.size = max(1, size)
        self.name = name
        self.run = run
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.threads: list[threading.Thread] = []
        self.busy = 0  # jobs submitted and not yet done (counted on the loop's thread only)
        self.slots = threading.BoundedSemaphore(self.size)  # calls running at once, on these threads or held
        self.closed = False

    def submit(self, job: tuple) -> None:
        """Queue a job (from the loop's thread); start a thread when every started one is busy."""
        self.busy += 1
        if self.busy > len(self.threads) and len(self.threads) < self.size:
            thread = threading.Thread(target=self._serve, name=f"{self.name}-{len(self.threads)}", daemon=True)
            self.threads.append(thread)
            thread.start()
        self.jobs.put(job)

    def done(self) -> None:
        """A job's reply reached the loop."""
        self.busy -= 1

    def hold(self) -> bool:
        """Count a call that runs on another thread (the loop's, taken over) as one of these: False if every
        slot is taken already (the loop admits a call there only while one is free)."""
        self.busy += 1
        return self.slots.acquire(blocking=False)

    def unhold(self, held: bool) -> None:
        """The call counted by hold() is done."""
        self.busy -= 1
        if held:
            self.slots.release()

    def close(self) -> None:
        """Drop queued jobs and let each thread end after the job it runs."""
        self.closed = True
        for _ in self.threads:
            self.jobs.put(None)

    def _serve(self) -> None:
        while not self.closed:
            job = self.jobs.get()
            if job is None or self.closed:
                return
            with self.slots:
                self.run(*job)


@dataclass(frozen=True, slots=True)
class Curve:
    public: str  # this organ's key pair (Z85)
    secret: str
    server: str  # the heart's public key


def reachable(endpoint: str, via: str) -> str:
    """An endpoint the heart bound on every interface, made reachable through the host we connected to."""
    scheme, _, rest = endpoint.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme == "tcp" and host in ("0.0.0.0", "*", "[::]", "::"):
        return f"tcp://{via.partition('://')[2].rpartition(':')[0]}:{port}"
    return endpoint


def _fingerprint(call: Call) -> bytes:
    # a re-sent request carries the same id and the same work; a reused id with other work is a new call
    return protocol.pack_value([call.id, call.ability, call.args])


def _budget(timeout_s: float, ability_timeout_s: float) -> float:
    """Seconds a call may run here: the heart gives the caller the shorter of the two, and this answers first."""
    budget = min(timeout_s, ability_timeout_s) if 0 < timeout_s < math.inf else ability_timeout_s
    return budget - min(DEADLINE_MARGIN_S, budget / 5)


def _without_args(call: Call) -> Call:
    # as events carry large arguments: their names only (a 4 MB write is not news)
    return Call(call.id, call.organ, call.ability, {"_truncated": True, "_keys": [str(k)[:64] for k in list(call.args)[:32]]},
                call.timeout_s, call.session, call.origin)


def _drain_fd(fd: int) -> None:
    # one read takes every wake-up byte written so far (a worker writes one only while the loop is not
    # already woken); a byte left over just wakes the next turn
    try:
        os.read(fd, 4096)
    except OSError:
        pass
