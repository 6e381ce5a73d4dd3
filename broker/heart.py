"""The heart: one poll loop that routes ability calls, supervises organs and publishes blood on every beat.

The loop and the dispatch live here; each message kind is handed to the collaborator that owns it
(none of them imports this module):
  OrganTable (broker/organs.py)    every organ, its connection and every change of its state
  CallDesk (broker/calls.py)       calls in flight: admission, deadlines, outcomes, healing; lanes (broker/lanes.py)
  Health (broker/health.py)        outcomes, breakers, wounds, hysteresis, alerts and their events
  Rhythm (broker/rhythm.py)        the beat, the session's progress and the blood
  ControlDesk (broker/control.py)  the control commands
  Supervisor (broker/supervisor.py) organ processes: spawn, reap, restart
  Events (broker/events.py)        the publishers: blood, events, sync marks
"""

from __future__ import annotations

import logging
import math
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

import zmq

from broker import __version__, endpoints, protocol, wire
from broker.calls import CallDesk, oversized
from broker.config import MeshConfig
from broker.control import ControlDesk
from broker.errors import DecodeError
from broker.events import Events
from broker.exposed import Selector
from broker.health import Health
from broker.home import Home
from broker.lanes import LANES_ENV, lanes_enabled
from broker.metrics import CLIENT_REPORTABLE, MAX_CLIENT_OBSERVATIONS, HeartMetrics
from broker.organs import OrganTable
from broker.protocol import (Answer, Ask, Call, Cancel, Control, Goodbye, Handoff, Heartbeat, Notice, Register, Reply,
                             Report, Reregister, SnapshotRequest, Tally, Welcome)
from broker.registry import OrganRecord
from broker.relay import Relay
from broker.rhythm import Rhythm
from broker.supervisor import Supervisor, start_zygote

log = logging.getLogger(__name__)

DRAIN_BATCH = 1000  # messages handled per wake-up at most
BEAT_CHECK = 16  # while draining, the clock is read every this many messages: a beat that falls due goes first


class Heart:
    """One mesh's broker and supervisor, driven by a single poll loop."""

    def __init__(self, config: MeshConfig, home: Home, workdir: Path, *, clock: Callable[[], float] = time.monotonic,
                 exposure: bool = True) -> None:
        self.config, self.settings, self.home, self.workdir = config, config.heart, home, workdir
        self.clock, self.with_exposure = clock, exposure
        self.metrics = HeartMetrics(__version__)
        self.events = Events()
        self.peers = endpoints.Peers(os.getuid())
        self.health = Health(self.settings, self.metrics, self.events, clock)
        self.organs = OrganTable(config.organs, self.metrics, self.health.alert)
        self.calls = CallDesk(self.settings, self.organs, self.health, self.send, self.peers.principal, clock,
                              lanes_enabled(self.settings.lanes, os.environ.get(LANES_ENV)), self._protocol_error)
        self.organs.dropped = self.calls.fail_organ  # a connection gone: its calls in flight fail, its lanes close
        self.rhythm = Rhythm(self.settings, self.organs, self.health, self.events, self.metrics, clock)
        self.relay = Relay(self.send)
        self.started, self.stop_reason = clock(), ""
        self.endpoints: dict = {}
        self.ctx = self.zygote = self.supervisor = self.control = self.bound = self.metrics_server = None
        self.handlers = {Register: self._on_register, Heartbeat: self._on_heartbeat, Goodbye: self._on_goodbye,
                         Call: self.calls.on_call, Reply: self._on_reply, Report: self._on_report,
                         Control: lambda ident, msg, frames: self.control.on_control(ident, msg),
                         SnapshotRequest: lambda ident, msg, frames: self.control.on_snapshot(ident),
                         Notice: self._on_notice, Ask: self._on_ask, Answer: self._on_answer, Cancel: self.calls.cancel,
                         Tally: self.calls.lanes.on_tally, Handoff: self.calls.lanes.on_handoff}

    # -- life cycle -----------------------------------------------------------------------

    def run(self) -> None:
        """Bind, spawn the organs, beat until asked to stop, then stop everything."""
        self.home.create()
        held = endpoints.lock(self.home)
        try:
            self.zygote = start_zygote(self.config, self.home.path, self.workdir)  # before any ZeroMQ context
            self._open()
            try:
                self.supervisor.start_all()
                self._loop()
            finally:
                self._close()
        finally:
            if self.zygote is not None:
                self.zygote.close()
            held.close()

    def stop(self, reason: str) -> None:
        """Ask the loop to stop at its next turn (safe from signal handlers)."""
        self.stop_reason = self.stop_reason or reason

    def _open(self) -> None:
        s, home = self.settings, self.home
        self.ctx = zmq.Context()
        self.bound = endpoints.bind(self.ctx, s, home, lambda reason: self.metrics.protocol_errors.labels("auth").inc())
        self.router, self.events.sock = self.bound.router, self.bound.pub
        self.events.readers, self.events.lean = self.bound.readers, self.bound.lean
        self.metrics_server, metrics_url = endpoints.serve_metrics(s.metrics, self.metrics.registry)
        router_ep = self.bound.endpoints["router"]
        self.supervisor = Supervisor(self.organs.records, {
            "ACTORS_ROUTER": router_ep, "ACTORS_HEART_PID": str(os.getpid()), "ACTORS_HOME": str(home.path),
            "ACTORS_WORKDIR": str(self.workdir), "ACTORS_HEARTBEAT_S": str(s.heartbeat_s),
            LANES_ENV: "1" if self.calls.lanes.enabled else "0"},
            self.workdir, home.logs, self.health.alert, self.organs.move, self.zygote, self.clock)
        if threading.current_thread() is threading.main_thread():
            signal.set_wakeup_fd(self.supervisor.wake_w, warn_on_full_buffer=False)
        if self.with_exposure:
            self.rhythm.selector = Selector(wake=self.supervisor.wake, env={**os.environ, "ACTORS_HOME": str(home.path)})
        self.control = ControlDesk(self.organs, self.health, self.events, self.rhythm, self.supervisor, self.send,
                                   self.peers.principal, self.about, self.stop, self.settings.remote_events,
                                   healer=self.settings.healer)
        self.poller = zmq.Poller()
        for sock in filter(None, (self.router, self.bound.pub, self.bound.readers, self.supervisor.wake_r)):
            self.poller.register(sock, zmq.POLLIN)
        self.endpoints = endpoints.publish(home, {**self.bound.endpoints, "metrics": metrics_url, "version": __version__,
                                                  "workdir": str(self.workdir), "config": self.config.source}, s)
        log.info("heart %d listening on %s, blood on %s, metrics at %s", os.getpid(), router_ep,
                 self.bound.endpoints["blood"], metrics_url or "(disabled)")

    def _close(self) -> None:
        log.info("heart stopping: %s", self.stop_reason or "error")
        self.supervisor.stop_all()  # _open has run: every part it makes is there
        self.calls.fail_all("the mesh is stopping")
        if threading.current_thread() is threading.main_thread():
            signal.set_wakeup_fd(-1)
        self.supervisor.close()
        endpoints.stop_metrics(self.metrics_server)
        self.home.clear()
        if self.bound.gatekeeper is not None:
            self.bound.gatekeeper.stop()
        if self.rhythm.selector is not None:
            self.rhythm.selector.close()
        self.ctx.destroy(linger=0)
        log.info("heart stopped")

    # -- the loop -------------------------------------------------------------------------

    def _loop(self) -> None:
        next_beat = next_heartbeat = self.clock()
        heartbeat = protocol.encode(Heartbeat())
        while not self.stop_reason:
            now = self.clock()
            wake_at = min(self.rhythm.due(next_beat), next_heartbeat, self.calls.next_deadline(), self.supervisor.next_due() or math.inf)
            ready = dict(self.poller.poll(max(0, math.ceil((wake_at - now) * 1000))))
            now = self.clock()
            if now >= self.rhythm.due(next_beat):
                next_beat = self._guarded(self.rhythm.beat, next_beat, now) or now + self.rhythm.pulse.interval_s
            if self.bound.pub in ready or self.bound.readers in ready:
                self._guarded(self.events.take_subscriptions)
            if self.router in ready:
                self._guarded(self._drain_router, next_beat)
            if self.supervisor.wake_r in ready:
                self._guarded(self.supervisor.reap, self.clock(), self.organs.disconnect)
                self._guarded(self.control.answer_queries)
            now = self.clock()
            self._guarded(self.calls.expire, now)
            for rec in self._guarded(self.supervisor.restart_due, now) or ():
                self.metrics.restarts.labels(rec.name).inc()
            if now >= next_heartbeat:
                for rec, why in self._guarded(self.organs.check, now, self.settings) or ():
                    self.supervisor.kill_stuck(rec, why, now)
                self._guarded(self.health.review_wounds, now)
                for rec in self.organs:
                    self.calls.lanes.review(rec)
                    if rec.ident is not None:
                        self.send(rec.ident, heartbeat)
                next_heartbeat = now + self.settings.heartbeat_s

    def _guarded(self, step, *args):
        """Run one step of the loop; a bug in it is logged and counted, and the heart beats on."""
        try:
            return step(*args)
        except Exception:
            log.exception("%s failed", getattr(step, "__name__", step))
            self.metrics.protocol_errors.labels("internal").inc()
            return None

    def _drain_router(self, beat_due: float) -> None:
        # the poll has just said a message waits (a ROUTER that says so holds it prefetched): it needs no asking
        for n in range(DRAIN_BATCH):
            if n and (not wire.readable(self.router) or (n % BEAT_CHECK == 0 and self.clock() >= beat_due)):
                return
            ident, frames, last = endpoints.receive(self.router)
            if last is not None:
                self.peers.learn(ident, last, self.bound.gatekeeper is not None)
            self._dispatch(ident, frames)

    def _dispatch(self, ident: bytes, frames: list[bytes]) -> None:
        try:
            msg = protocol.decode(frames, self.settings.max_frame_bytes)
        except DecodeError as exc:
            self._protocol_error(ident, exc.reason, str(exc))
            if exc.reason == "size":
                self._oversized(ident, frames)
            return
        handler = self.handlers.get(type(msg))
        if handler is None:
            self._protocol_error(ident, "kind", f"{type(msg).__name__} is not sent to the heart")
            return
        try:
            handler(ident, msg, frames)
        except Exception:  # a bug must cost one message, never the heart
            log.exception("handling %s from %s failed", type(msg).__name__, ident[:16].hex())
            self.metrics.protocol_errors.labels("handler").inc()

    def _oversized(self, ident: bytes, frames: list[bytes]) -> None:
        """Answer a request (or fail the call of a reply) too large to take, instead of dropping it unheard."""
        kind, request_id = protocol.peek_request(frames)
        answer = oversized(kind, request_id, len(frames[-1]), self.settings.max_frame_bytes)
        if kind is Reply and self.organs.of(ident) is not None:
            self._on_reply(ident, answer, frames)
        elif kind is not Reply and answer is not None:
            self.send(ident, protocol.encode(answer))

    def _protocol_error(self, ident: bytes, reason: str, message: str) -> None:
        self.metrics.protocol_errors.labels(reason).inc()
        self.peers.complain(ident, message)

    def send(self, ident: bytes, frames: list[bytes]) -> bool:
        """Send to a peer without ever blocking the heart; False when it cannot be reached."""
        try:
            endpoints.send(self.router, ident, frames)
            return True
        except zmq.ZMQError as exc:  # EHOSTUNREACH: peer gone; EAGAIN: peer not reading
            log.debug("cannot send to %s: %s", ident.hex(), exc)
            return False

    def about(self) -> dict:
        """The heart itself, as `actors status --json` shows it (the control desk adds the rest)."""
        e = self.endpoints
        return {"pid": os.getpid(), "metrics": e["metrics"], "uptime_s": round(self.clock() - self.started, 3),
                "version": __version__, "workdir": e["workdir"], "config": e["config"],
                "endpoints": {"router": e["router"], "blood": e["blood"]},
                "zygote": self.zygote.describe() if self.zygote is not None else None}

    # -- organs ---------------------------------------------------------------------------

    def _on_register(self, ident: bytes, msg: Register, frames: list[bytes]) -> None:
        who, remote, s = self.peers.principal(ident), self.endpoints.get("remote", {}), self.settings
        blood = remote["blood"] if who.remote and "blood" in remote else self.endpoints["blood"]
        welcome = Welcome(organ=msg.organ, heartbeat_s=s.heartbeat_s, liveness=s.liveness, blood=blood,
                          max_frame_bytes=s.max_frame_bytes)
        self.send(ident, protocol.encode(self.organs.on_register(ident, msg, who, welcome, self.clock())))

    def _sender(self, ident: bytes, what: str, seen: bool = False) -> OrganRecord | None:
        """The registered organ that sent this (marked alive if seen); else a protocol error (None)."""
        rec = self.organs.of(ident)
        if rec is None:
            self._protocol_error(ident, "sender", f"{what} from a connection that is not a registered organ")
        elif seen:
            self.organs.seen(rec, self.clock())
        return rec

    def _on_heartbeat(self, ident: bytes, msg: Heartbeat, frames: list[bytes]) -> None:
        if (rec := self.organs.of(ident)) is None or not self.organs.seen(rec, self.clock()):  # or lost, external
            self.send(ident, protocol.encode(Reregister(reason="the heart does not know this connection, or lost it")))

    def _on_goodbye(self, ident: bytes, msg: Goodbye, frames: list[bytes]) -> None:
        if (rec := self.organs.of(ident)) is not None:
            self.organs.goodbye(rec, msg.reason)

    def _on_report(self, ident: bytes, report: Report, frames: list[bytes]) -> None:
        obs, refused = report.observations, ""
        if self.organs.of(ident) is None and obs and all(o.metric in CLIENT_REPORTABLE for o in obs):
            refused = self.control.refuses_report(ident)  # a front door's own counts: the owner's local ones only
            problems = [refused] if refused else self.metrics.apply_all(obs[:MAX_CLIENT_OBSERVATIONS])
        else:
            rec = self._sender(ident, "a report", seen=True)
            problems = self.metrics.apply_all(obs, rec.name) if rec is not None else ()
        for problem in problems:
            self._protocol_error(ident, "permission" if refused else "report", problem)

    # -- calls, and what runs during them ---------------------------------------------------

    def _on_reply(self, ident: bytes, reply: Reply, frames: list[bytes]) -> None:
        if (rec := self._sender(ident, "a reply", seen=True)) is not None:
            self.calls.on_reply(rec.name, reply, frames)

    def _on_notice(self, ident: bytes, notice: Notice, frames: list[bytes]) -> None:
        if (rec := self._sender(ident, "a notice")) is not None:
            self.relay.notice(self.calls.caller_of(notice.call, rec.name), frames)

    def _on_ask(self, ident: bytes, ask: Ask, frames: list[bytes]) -> None:
        if (rec := self._sender(ident, "a question")) is not None:
            self.relay.ask(ident, self.calls.caller_of(ask.call, rec.name), ask, frames)

    def _on_answer(self, ident: bytes, answer: Answer, frames: list[bytes]) -> None:
        if not self.relay.answer(ident, answer, frames):
            self._protocol_error(ident, "sender", "an answer to a question this connection was not asked")
