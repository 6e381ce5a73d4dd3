"""The heart: routes ability calls, supervises organs and publishes blood on every beat."""

from __future__ import annotations

import fcntl
import logging
import math
import os
import queue
import re
import secrets
import signal
import time
import zlib
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

import zmq

from broker import __version__, hooks, protocol
from broker.beat import FAILING_STREAK, Vitals, next_pulse, sleep_stage
from broker.calls import CallDesk
from broker.config import MeshConfig
from broker.auth import Gatekeeper
from broker.authz import Principal, local_principal, may_control, may_register, remote_principal
from broker.errors import DecodeError, EncodeError, HomeError
from broker.exposed import Hysteresis, Job, Selector
from broker.gate import Breaker, Source, record
from broker.home import Home
from broker.keys import allowed_file, heart_keypair
from broker.metrics import CLIENT_REPORTABLE, HeartMetrics
from broker.protocol import (Alert, Answer, Ask, Blood, Call, Control, ControlReply, Event, Failure, Goodbye,
                             Heartbeat, Notice, Refused, Register, Reply, Report, Reregister, Snapshot,
                             SnapshotRequest, Welcome)
from broker.registry import OrganRecord
from broker.relay import Relay
from broker.supervisor import Supervisor, inherited_environment
from broker.wounds import Wounds
from broker.zygote import Zygote, with_room

log = logging.getLogger(__name__)

MAX_EVENT_ARGS_BYTES = 16 * 1024
MAX_INTENT = 4000  # characters of an intent worth ranking abilities by
MAX_RECENT = 256  # abilities a client may name as its own recent ones in an expose request
DEFERRING = frozenset({"expose"})  # commands answered later, from the loop, once a worker is done
DEFERRED = object()
HOST_ORGAN = "host"  # the agent host's own tools, reported by hooks
DRAIN_BATCH = 1000  # messages handled per wake-up before the beat clock is checked again
MAX_EVENT_ALERTS = 100
NOISY_PEERS_MAX = 1024
SYNC_TOKEN = re.compile(r"[0-9a-f]{8,64}")
MAX_CLIENT_OBSERVATIONS = 100
NEEDS_PRINCIPAL = frozenset({Register.KIND, Call.KIND, Control.KIND})  # messages decided by who sent them


class Heart:
    """One mesh's broker and supervisor, driven by a single poll loop."""

    def __init__(self, config: MeshConfig, home: Home, workdir: Path) -> None:
        self.config = config
        self.settings = config.heart
        self.home = home
        self.workdir = workdir
        self.metrics = HeartMetrics(__version__)
        self.organs: dict[str, OrganRecord] = {spec.name: OrganRecord(spec) for spec in config.organs}
        self.by_ident: dict[bytes, str] = {}
        self.calls = CallDesk(self)
        self.relay = Relay(self.send)
        self.hysteresis = Hysteresis()
        self.selector: Selector | None = None
        self.wounds = Wounds(self.settings.chronic_after_s)
        self.event_seq = 0
        self.event_alerts: deque[tuple[float, Alert]] = deque(maxlen=MAX_EVENT_ALERTS)
        self.noisy_peers: set[bytes] = set()
        self.instruction = ""
        self.last_progress = time.monotonic()
        self.started = time.monotonic()
        self.seq = 0
        self.pulse = next_pulse(self.settings.beat_s, Vitals(), self.settings.beat_s, self.settings.beat_max_s,
                                self.settings.quiet_after_s)
        self.last_blood: Blood | None = None
        self.stop_reason = ""
        self.endpoints: dict[str, Any] = {}
        self.supervisor: Supervisor | None = None
        self.zygote: Zygote | None = None
        self.ctx: zmq.Context | None = None
        self.metrics_server = None
        self.pub: zmq.Socket | None = None
        self.curve = False  # tcp:// endpoints bound: connections carry the User-Id their key was allowed as
        self.gatekeeper: Gatekeeper | None = None
        self.owner_uid = os.getuid()
        self.principals: dict[bytes, Principal] = {}  # routing id -> who sent its last register, call or control
        for name in self.organs:
            self.metrics.declare_organ(name)

    # -- life cycle -----------------------------------------------------------------------

    def run(self) -> None:
        """Bind, spawn the organs, beat until asked to stop, then stop everything."""
        self.home.create()
        lock = self._lock()
        try:
            self.zygote = self._start_zygote()  # before this process has a ZeroMQ context
            self._open()
            try:
                self.supervisor.start_all()
                self._loop()
            finally:
                self._close()
        finally:
            if self.zygote is not None:
                self.zygote.close()
            lock.close()

    def stop(self, reason: str) -> None:
        """Ask the loop to stop at its next turn (safe from signal handlers)."""
        self.stop_reason = self.stop_reason or reason

    def _lock(self):
        lock = open(self.home.lock_file, "a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            pid = (self.home.read_endpoints() or {}).get("pid", "?")
            raise HomeError(f"a heart is already running under {self.home.path} (pid {pid})") from None
        return lock

    def _start_zygote(self) -> Zygote | None:
        """Start the fork server Python organs are started from, unless the mesh file turns it off."""
        if not self.settings.zygote or not any(spec.module for spec in self.config.organs):
            return None
        # the allow-listed environment organs get, never the launcher's secrets
        env = with_room({**inherited_environment(os.environ), "ACTORS_HOME": str(self.home.path)})
        zygote = Zygote(env, self.workdir, str(self.home.path))
        return zygote if zygote.start() else None

    def _open(self) -> None:
        s = self.settings
        self.ctx = zmq.Context()
        remote = {name: ep for name, ep in (("router", s.router), ("blood", s.blood)) if ep.startswith("tcp://")}
        router_ep = s.router if s.router and "router" not in remote else self.home.ipc_endpoint("heart")
        blood_ep = s.blood if s.blood and "blood" not in remote else self.home.ipc_endpoint("blood")
        self.router = self.ctx.socket(zmq.ROUTER)
        self.router.setsockopt(zmq.LINGER, 0)
        self.router.setsockopt(zmq.ROUTER_MANDATORY, 1)
        # libzmq drops a connection that sends more than this; below it, the heart answers what is too large
        self.router.setsockopt(zmq.MAXMSGSIZE, protocol.hard_frame_cap(s.max_frame_bytes))
        self.router.setsockopt(zmq.SNDHWM, 10000)
        self.router.setsockopt(zmq.RCVHWM, 1000)  # bounds what one fast peer can park in the heart
        self.pub = self.ctx.socket(zmq.PUB)
        self.pub.setsockopt(zmq.LINGER, 0)
        try:
            self.router.bind(router_ep)
            self.pub.bind(blood_ep)
        except zmq.ZMQError as exc:
            raise HomeError(f"cannot bind {router_ep} / {blood_ep}: {exc}") from None
        router_ep = self.router.getsockopt_string(zmq.LAST_ENDPOINT)
        blood_ep = self.pub.getsockopt_string(zmq.LAST_ENDPOINT)
        for ep in (router_ep, blood_ep):
            if ep.startswith("ipc://"):
                os.chmod(ep[len("ipc://"):], 0o600)
        remote_endpoints = self._bind_remote(remote) if remote else {}
        metrics_url = self._serve_metrics()
        self.supervisor = Supervisor(self.organs, self._organ_env(router_ep), self.workdir, self.home.logs,
                                     self.alert, self.zygote)
        signal.set_wakeup_fd(self.supervisor.wake_w, warn_on_full_buffer=False)
        self.selector = Selector(wake=self.supervisor.wake, env={**os.environ, "ACTORS_HOME": str(self.home.path)})
        self.poller = zmq.Poller()
        self.poller.register(self.router, zmq.POLLIN)
        self.poller.register(self.supervisor.wake_r, zmq.POLLIN)
        self.endpoints = {"pid": os.getpid(), "router": router_ep, "blood": blood_ep, "metrics": metrics_url,
                          "workdir": str(self.workdir), "config": self.config.source, "version": __version__,
                          "started_at": time.time(), **({"remote": remote_endpoints} if remote_endpoints else {}),
                          # what clients need to bound their waits and size their requests
                          "limits": {"call_timeout_s": s.call_timeout_s, "retry_attempts": s.retry_attempts,
                                     "max_frame_bytes": s.max_frame_bytes}}
        self.home.pid_file.write_text(f"{os.getpid()}\n")
        self.home.write_endpoints(self.endpoints)
        log.info("heart %d listening on %s, blood on %s, metrics at %s", os.getpid(), router_ep, blood_ep,
                 metrics_url or "(disabled)")

    def _bind_remote(self, remote: dict[str, str]) -> dict[str, str]:
        """Bind the tcp:// endpoints with CURVE: only keys in the allow-list get through (ZAP)."""
        pair = heart_keypair(self.home.path)
        self.gatekeeper = Gatekeeper(self.ctx, allowed_file(self.home.path),
                                     lambda reason: self.metrics.protocol_errors.labels("auth").inc())
        self.gatekeeper.start()
        bound = {"server_key": pair.public}
        for name, sock in (("router", self.router), ("blood", self.pub)):
            if name not in remote:
                continue
            # options set after the local ipc bind apply to the tcp listener only
            sock.curve_secretkey = pair.secret.encode()
            sock.curve_publickey = pair.public.encode()
            sock.curve_server = True
            sock.zap_domain = b"actors"
            try:
                sock.bind(remote[name])
            except zmq.ZMQError as exc:
                raise HomeError(f"cannot bind {remote[name]}: {exc}") from None
            bound[name] = sock.getsockopt_string(zmq.LAST_ENDPOINT)
        self.curve = True
        log.info("remote endpoints %s need CURVE keys from %s", bound, allowed_file(self.home.path))
        return bound

    def _serve_metrics(self) -> str:
        if not self.settings.metrics:
            return ""
        from prometheus_client import start_http_server

        host, _, port = self.settings.metrics.rpartition(":")
        host = host.strip("[]")
        try:
            self.metrics_server, _ = start_http_server(int(port), addr=host, registry=self.metrics.registry)
        except OSError as exc:
            raise HomeError(f"cannot serve metrics on {self.settings.metrics}: {exc.strerror}") from None
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.metrics_server.server_port}/metrics"

    def _organ_env(self, router_ep: str) -> dict[str, str]:
        return {"ACTORS_ROUTER": router_ep, "ACTORS_HEART_PID": str(os.getpid()),
                "ACTORS_HOME": str(self.home.path), "ACTORS_WORKDIR": str(self.workdir),
                "ACTORS_HEARTBEAT_S": str(self.settings.heartbeat_s)}

    def _close(self) -> None:
        log.info("heart stopping: %s", self.stop_reason or "error")
        if self.supervisor is not None:
            self.supervisor.stop_all()
            self.calls.fail_all("the mesh is stopping")
            signal.set_wakeup_fd(-1)
            self.supervisor.close()
        if self.metrics_server is not None:
            self.metrics_server.shutdown()
            self.metrics_server.server_close()
        self.home.clear()
        if self.gatekeeper is not None:
            self.gatekeeper.stop()
        if self.selector is not None:
            self.selector.close()
        if self.ctx is not None:
            self.ctx.destroy(linger=0)
        log.info("heart stopped")

    # -- the loop -------------------------------------------------------------------------

    def _loop(self) -> None:
        next_beat = time.monotonic()
        next_heartbeat = next_beat
        heartbeat = protocol.encode(Heartbeat())
        while not self.stop_reason:
            now = time.monotonic()
            wake_at = min(next_beat, next_heartbeat, self.calls.next_deadline(), self.supervisor.next_due() or math.inf)
            timeout_ms = max(0, math.ceil((wake_at - now) * 1000))
            ready = dict(self.poller.poll(timeout_ms))
            now = time.monotonic()
            if now >= next_beat:
                next_beat = self._guarded(self._beat, next_beat, now) or now + self.pulse.interval_s
            if self.router in ready:
                self._guarded(self._drain_router)
            if self.supervisor.wake_r in ready:
                self._guarded(self._handle_exits)
                self._guarded(self._answer_queries)
            now = time.monotonic()
            self._guarded(self.calls.expire, now)
            for rec in self._guarded(self.supervisor.restart_due, now) or ():
                self.metrics.restarts.labels(rec.name).inc()
            if now >= next_heartbeat:
                self._guarded(self._check_liveness, now)
                self._guarded(self._check_wounds, now)
                for rec in self.organs.values():
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

    def _drain_router(self) -> None:
        for _ in range(DRAIN_BATCH):
            # asking EVENTS costs no syscall, unlike a receive that ends in zmq.Again
            if not self.router.get(zmq.EVENTS) & zmq.POLLIN:
                return
            ident, frames, last = _receive(self.router)
            if last is not None:
                if len(self.principals) >= NOISY_PEERS_MAX and ident not in self.principals:
                    self.principals.clear()  # bounded; each decision learns its peer from the message itself
                self.principals[ident] = self._principal(last)
            self._dispatch(ident, frames)

    def _principal(self, frame: zmq.Frame) -> Principal:
        """Who sent a frame: its CURVE key's role over tcp://, the kernel's credentials of its process over ipc://."""
        user = _user_id(frame) if self.curve else ""
        if user:
            return remote_principal(user)
        try:
            address = frame.get("Peer-Address") or ""
        except zmq.ZMQError:
            address = ""
        return local_principal(address, self.owner_uid)

    def principal(self, ident: bytes) -> Principal:
        """Who is on a connection, as learnt from its latest register, call or control message."""
        return self.principals.get(ident) or local_principal("", self.owner_uid)

    def _dispatch(self, ident: bytes, frames: list[bytes]) -> None:
        try:
            msg = protocol.decode(frames, self.settings.max_frame_bytes)
        except DecodeError as exc:
            self._protocol_error(ident, exc.reason, str(exc))
            if exc.reason == "size":
                self._oversized(ident, frames)
            return
        handler = self._handlers.get(type(msg))
        if handler is None:
            self._protocol_error(ident, "kind", f"{type(msg).__name__} is not sent to the heart")
            return
        try:
            handler(self, ident, msg, frames)
        except Exception:  # a bug must cost one message, never the heart
            log.exception("handling %s from %s failed", type(msg).__name__, ident[:16].hex())
            self.metrics.protocol_errors.labels("handler").inc()

    def _oversized(self, ident: bytes, frames: list[bytes]) -> None:
        """Answer a request (or fail the call of a reply) too large to take, instead of dropping it unheard."""
        kind, request_id = protocol.peek_request(frames)
        message = (f"the {kind.__name__.lower() if kind else 'message'} is {len(frames[-1])} bytes, over the "
                   f"mesh's frame limit of {self.settings.max_frame_bytes} bytes (heart.max_frame_bytes)")
        if kind is Call:
            self.send(ident, protocol.encode(Reply(id=request_id, ok=False, error=Failure(
                "bad_params", message, type="RequestTooLarge", decision="refer",
                hint="send less at a time: split the work, or pass a path instead of the content"))))
        elif kind is Control:
            self.send(ident, protocol.encode(ControlReply(id=request_id, ok=False, error=message)))
        elif kind is Reply and self._organ_of(ident) is not None:
            self._on_reply(ident, Reply(id=request_id, ok=False, error=Failure(
                "bad_params", f"the organ's result {message.removeprefix('the reply ')}", type="ReplyTooLarge",
                hint="ask for less at a time (a smaller window, limit or page)")), frames)

    def _protocol_error(self, ident: bytes, reason: str, message: str) -> None:
        self.metrics.protocol_errors.labels(reason).inc()
        if ident not in self.noisy_peers:
            if len(self.noisy_peers) >= NOISY_PEERS_MAX:
                self.noisy_peers.clear()
            self.noisy_peers.add(ident)
            log.warning("dropped a malformed message from peer %s (further ones are only counted): %s",
                        ident[:16].hex(), message)

    def send(self, ident: bytes, frames: list[bytes]) -> bool:
        """Send to a peer without ever blocking the heart; False when it cannot be reached."""
        try:
            self.router.send_multipart([ident, *frames], zmq.NOBLOCK)
            return True
        except zmq.ZMQError as exc:  # EHOSTUNREACH: peer gone; EAGAIN: peer not reading
            log.debug("cannot send to %s: %s", ident.hex(), exc)
            return False

    # -- organs ---------------------------------------------------------------------------

    def _on_register(self, ident: bytes, msg: Register, frames: list[bytes]) -> None:
        rec = self.organs.get(msg.organ)
        who = self.principal(ident)
        reason = self._refusal(rec, msg, who)
        if reason:
            log.warning("refused registration of %r (claimed pid %d, connection pid %s, expected %s): %s",
                        msg.organ[:64], msg.pid, who.pid, rec.pid if rec else None, reason[:300])
            self.send(ident, protocol.encode(Refused(organ=msg.organ[:64], reason=reason)))
            return
        now = time.monotonic()
        if rec.ident is not None and rec.ident != ident:
            self.by_ident.pop(rec.ident, None)
        self.by_ident[ident] = rec.name
        rec.ident = ident
        rec.abilities = {a.name: a for a in msg.abilities}
        rec.perception, rec.reflexes = msg.perception, msg.reflexes
        rec.last_seen = now
        if rec.spec.external:
            rec.pid, rec.started = who.pid or msg.pid, now  # the kernel's pid when the connection is local
        came_back = rec.state != "up" and (rec.restarts > 0 or rec.spec.external)
        if rec.pid != rec.breaker_pid:  # a fresh process: the failures counted were its predecessor's
            rec.breaker, rec.breaker_pid = Breaker(), rec.pid
        rec.state, rec.reason = "up", "registered"
        self.metrics.organ_up.labels(rec.name).set(1)
        remote = who.remote and "blood" in self.endpoints.get("remote", {})
        blood = self.endpoints["remote"]["blood"] if remote else self.endpoints["blood"]
        self.send(ident, protocol.encode(Welcome(organ=rec.name, heartbeat_s=self.settings.heartbeat_s,
                                                  liveness=self.settings.liveness, blood=blood,
                                                  max_frame_bytes=self.settings.max_frame_bytes)))
        log.info("organ %s registered (pid %s, %d abilities)", rec.name, msg.pid, len(rec.abilities))
        if came_back:
            self.alert("info", rec.name, f"organ {rec.name} is up (pid {rec.pid})")

    def _refusal(self, rec: OrganRecord | None, msg: Register, who: Principal) -> str:
        if who.remote and (who.role != "organ" or who.name != msg.organ):
            return may_register(who, msg.organ, False, None, False).rule
        if rec is None:
            declared = ", ".join(sorted(self.organs)) or "none"
            return f"organ {msg.organ[:64]!r} is not declared in the mesh config (declared: {declared})"
        token_ok = bool(rec.token) and secrets.compare_digest(msg.token.encode(), rec.token.encode())
        decision = may_register(who, rec.name, rec.spec.supervised, rec.pid, token_ok)
        if not decision.allowed:
            return decision.rule
        names = [a.name for a in msg.abilities]
        if len(set(names)) != len(names):
            return "ability names must be unique"
        bad = [n for n in names if not n or "." in n or len(n) > 128]
        if bad:
            return f"invalid ability name {bad[0]!r}: 1-128 characters, no '.'"
        return ""

    def _on_heartbeat(self, ident: bytes, msg: Heartbeat, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is None:
            self.send(ident, protocol.encode(Reregister(reason="the heart does not know this connection")))
            return
        self._seen(rec)

    def _seen(self, rec: OrganRecord) -> None:
        rec.last_seen = time.monotonic()
        if rec.state == "lost":
            rec.state, rec.reason = "up", "answers again"
            self.metrics.organ_up.labels(rec.name).set(1)
            self.alert("info", rec.name, f"organ {rec.name} answers again")

    def _on_goodbye(self, ident: bytes, msg: Goodbye, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is not None:
            log.info("organ %s says goodbye: %s", rec.name, msg.reason or "no reason")
            self._disconnect(rec, "said goodbye")
            rec.state, rec.reason = "stopped", f"said goodbye: {msg.reason or 'no reason'}"
            if rec.spec.external:
                rec.pid = None

    def _organ_of(self, ident: bytes) -> OrganRecord | None:
        name = self.by_ident.get(ident)
        return self.organs.get(name) if name else None

    def _disconnect(self, rec: OrganRecord, why: str) -> None:
        if rec.ident is not None:
            self.by_ident.pop(rec.ident, None)
        rec.forget_connection()
        self.metrics.organ_up.labels(rec.name).set(0)
        self.calls.fail_organ(rec.name, f"organ {rec.name} {why} during the call")

    def _handle_exits(self) -> None:
        now = time.monotonic()
        for exit in self.supervisor.drain_exits():
            rec = self.organs.get(exit.organ)
            if rec is None or rec.pid != exit.pid:
                continue  # a process we already replaced
            self._disconnect(rec, "died")
            self.supervisor.handle_exit(rec, exit, now)

    def _check_liveness(self, now: float) -> None:
        window = self.settings.heartbeat_s * self.settings.liveness
        for rec in self.organs.values():
            silent = now - rec.last_seen
            if rec.state == "up" and silent > window:
                rec.state, rec.reason = "lost", f"no heartbeat for {silent:.1f}s"
                self.metrics.organ_up.labels(rec.name).set(0)
                self.alert("warn", rec.name, f"organ {rec.name} lost: no heartbeat for {silent:.1f}s")
            elif rec.state == "lost" and rec.spec.supervised and rec.pid and silent > self.settings.hang_kill_s:
                self._kill_stuck(rec, f"hung for {silent:.0f}s", now)
            elif (rec.state == "starting" and rec.spec.supervised and rec.pid
                  and now - max(rec.started, rec.last_seen) > self.settings.register_timeout_s):
                self._kill_stuck(rec, f"not registered after {self.settings.register_timeout_s:g}s", now)

    def _kill_stuck(self, rec: OrganRecord, why: str, now: float) -> None:
        self.alert("critical", rec.name, f"organ {rec.name} {why}; killing it")
        rec.reason = why
        self.supervisor.kill_group(rec)
        rec.last_seen = now  # one kill per episode; the reaper does the rest

    # -- outcomes -------------------------------------------------------------------------

    def observe(self, rec: OrganRecord | None, call: Call, cause: str | None, duration_s: float,
                message: str = "", source: Source = Source.RAISED) -> None:
        """Account for one outcome of an organ: metrics, breaker, wounds and an event."""
        if rec is None:
            return
        now = time.monotonic()
        self.metrics.call_done(rec.name, cause, duration_s)
        was_open = rec.breaker.state
        rec.breaker = record(rec.breaker, cause, now, self.settings.breaker_threshold, source)
        if rec.breaker.state == "open" and was_open != "open":
            self.alert("critical", rec.name, f"organ {rec.name} failed {rec.breaker.failures} times in a row; "
                       f"its breaker is open for {self.settings.breaker_cooldown_s:g}s")
        if cause is None:
            for wound in self.wounds.heal(rec.name):
                self._wound_closed(wound, now)
        else:
            wound = self.wounds.hurt(rec.name, cause, now, time.time())
            if wound is not None:
                self.metrics.wounds_total.labels(rec.name, cause).inc()
                self.metrics.wounds_open.labels(rec.name, cause).inc()
                self.publish("wound", organ=rec.name, cause=cause, message=message[:500])
        if cause is None and call.origin == "agent":
            self.hysteresis.use(f"{rec.name}.{call.ability}")
        self.publish("call", organ=rec.name, ability=call.ability, ok=cause is None, cause=cause or "",
                     origin=call.origin, session=call.session, duration_s=duration_s, message=message[:500],
                     args=_event_args(call.args))

    def _wound_closed(self, wound, now: float) -> None:
        self.metrics.wounds_open.labels(wound.organ, wound.cause).dec()
        self.metrics.wounds_healed.labels(wound.organ, wound.cause).inc()
        self.publish("healed", organ=wound.organ, cause=wound.cause,
                     message=f"open {now - wound.opened:.1f}s, {wound.failures} failures")
        log.info("wound %s/%s healed", wound.organ, wound.cause)

    def publish(self, kind: str, **fields: Any) -> None:
        """Publish an event on topic event.<kind>; PUB never blocks, a slow subscriber sees a seq gap."""
        if self.pub is None:
            return
        self.event_seq += 1
        event = Event(seq=self.event_seq, at=time.time(), kind=kind, **fields)
        try:
            self.pub.send_multipart(protocol.encode_event(event), zmq.NOBLOCK)
        except zmq.Again:
            pass
        except EncodeError:
            self.pub.send_multipart(protocol.encode_event(replace(event, args={"unencodable": True})), zmq.NOBLOCK)

    def _check_wounds(self, now: float) -> None:
        for wound in self.wounds.turn_chronic(now):
            self.alert("warn", wound.organ, f"wound {wound.organ}/{wound.cause} is chronic: open "
                       f"{now - wound.opened:.0f}s, {wound.failures} failures")

    # -- blood ----------------------------------------------------------------------------

    def alert(self, level: str, organ: str, message: str) -> None:
        """Raise an event alert; it rides in blood for alert_ttl_s."""
        log.log(logging.WARNING if level != "info" else logging.INFO, "alert[%s] %s", level, message)
        self.event_alerts.append((time.monotonic() + self.settings.alert_ttl_s,
                                  Alert(level=level, organ=organ, message=message, at=time.time())))
        self.publish("alert", organ=organ, cause=level, message=message)

    def current_alerts(self, now: float) -> tuple[Alert, ...]:
        """Standing conditions first, then recent events."""
        while self.event_alerts and self.event_alerts[0][0] <= now:
            self.event_alerts.popleft()
        standing = []
        for rec in self.organs.values():
            if rec.state == "fatal":
                standing.append(Alert("critical", rec.name, f"organ {rec.name} is fatal: {rec.reason}"))
            elif rec.state == "lost":
                standing.append(Alert("warn", rec.name, f"organ {rec.name} is lost: {rec.reason}"))
            if rec.breaker.state != "closed":
                standing.append(Alert("critical", rec.name, f"organ {rec.name} breaker is {rec.breaker.state} after "
                                      f"{rec.breaker.failures} consecutive failures"))
        for wound in self.wounds.open.values():
            if wound.chronic:
                standing.append(Alert("warn", wound.organ, f"wound {wound.organ}/{wound.cause} is chronic "
                                      f"({wound.failures} failures)"))
        return (*standing, *(alert for _, alert in self.event_alerts))

    def stage(self, now: float) -> str:
        """The sleep stage from the time since the last session progress."""
        return sleep_stage(now - self.last_progress, self.settings.light_after_s, self.settings.deep_after_s)

    def _beat(self, scheduled: float, now: float) -> float:
        alerts = self.current_alerts(now)
        chronic = [w.organ for w in self.wounds.open.values() if w.chronic]
        vitals = Vitals(
            critical=tuple(dict.fromkeys([*(a.organ for a in alerts if a.level == "critical"), *chronic])),
            failing=tuple(r.name for r in self.organs.values() if r.breaker.failures >= FAILING_STREAK),
            alerts=len(alerts), idle_s=now - self.last_progress)
        s = self.settings
        self.pulse = next_pulse(self.pulse.interval_s, vitals, s.beat_s, s.beat_max_s, s.quiet_after_s)
        stage = self.stage(now)
        self.seq += 1
        exposure = self.exposure()
        for view, tokens in (exposure.tokens.items() if exposure else ()):
            self.metrics.schema_tokens.labels(view).set(tokens)
        blood = Blood(seq=self.seq, at=time.time(), interval_s=self.pulse.interval_s, reason=self.pulse.reason,
                      instruction=self.instruction, stage=stage,
                      organs={name: rec.status(tuple(w.cause for w in self.wounds.of(name)))
                              for name, rec in self.organs.items()}, alerts=alerts,
                      exposed=exposure.exposed if exposure else (), tokens=dict(exposure.tokens) if exposure else {},
                      catalogue=self._catalogue_digest())
        try:
            self.pub.send_multipart(protocol.encode_blood(blood), zmq.NOBLOCK)
        except zmq.Again:
            pass  # PUB never blocks; a slow subscriber sees a gap in seq
        self.last_blood = blood
        self.metrics.beat(blood)
        following = scheduled + self.pulse.interval_s
        return following if following > now else now + self.pulse.interval_s

    def exposure(self):
        """The latest exposure of the current instruction (None until the selector first answers)."""
        self.selector.want(self._job(self.instruction))
        return self.selector.latest

    def _job(self, intent: str, reply=None, budget: int | None = None, recent: tuple[str, ...] | None = None) -> Job:
        abilities = {}
        for name, rec in self.organs.items():
            tools = [a for a in rec.abilities.values()  # resources and prompts are never tools; heal is the heart's
                     if a.kind == "tool" and not (name == self.settings.healer and a.name == "heal")]
            if rec.state == "up" and tools:
                abilities[name] = tools
        return Job(intent, abilities, self.hysteresis.recent() if recent is None else recent, reply, budget)

    def _catalogue_digest(self) -> int:
        """A digest of every ability of the organs that are up: a client refetches what it derived when it changes."""
        parts = [f"{name}.{a.name}:{a.kind}:{a.uri}" for name, rec in sorted(self.organs.items())
                 if rec.state == "up" for a in rec.abilities.values()]
        return zlib.crc32("\n".join(parts).encode())

    def _answer_queries(self) -> None:
        while True:
            try:
                (ident, msg_id, intent), exposure, error = self.selector.answers.get_nowait()
            except queue.Empty:
                return
            if exposure is None:
                reply = ControlReply(id=msg_id, ok=False, error=f"expose: {error}")
            else:
                reply = ControlReply(id=msg_id, ok=True, result={
                    "instruction": intent, "exposed": list(exposure.exposed), "tools": list(exposure.tools),
                    "tokens": dict(exposure.tokens), "names": dict(exposure.names),
                    "kept": list(self.hysteresis.recent())})  # used or pinned lately, most recent first
            self.send(ident, protocol.encode(reply))

    def _on_snapshot(self, ident: bytes, msg: SnapshotRequest, frames: list[bytes]) -> None:
        blood = self.last_blood or Blood(seq=0, at=time.time(), interval_s=self.pulse.interval_s)
        self.send(ident, protocol.encode(Snapshot(blood=blood)))

    # -- control --------------------------------------------------------------------------

    def _on_control(self, ident: bytes, msg: Control, frames: list[bytes]) -> None:
        command = self._commands.get(msg.command)
        who = self.principal(ident)
        decision = may_control(who, msg.command)
        if not decision.allowed:
            reply = ControlReply(id=msg.id, ok=False, error=f"permission: {who.describe()} may not run "
                                 f"{msg.command[:64]!r}: {decision.rule}")
        elif command is None:
            reply = ControlReply(id=msg.id, ok=False, error=f"unknown command {msg.command!r} "
                                 f"(commands: {', '.join(sorted(self._commands))})")
        else:
            try:
                extra = {"_reply": (ident, msg.id)} if msg.command in DEFERRING else {}
                result = command(self, **msg.args, **extra)
                if result is DEFERRED:
                    return  # answered when its work is done
                reply = ControlReply(id=msg.id, ok=True, result=result)
            except (TypeError, ValueError, LookupError, OSError, AttributeError) as exc:
                reply = ControlReply(id=msg.id, ok=False, error=f"{msg.command}: {exc}" if str(exc)
                                     else f"{msg.command}: {type(exc).__name__}")
        try:
            self.send(ident, protocol.encode(reply))
        except EncodeError as exc:
            self.send(ident, protocol.encode(ControlReply(id=msg.id, ok=False, error=str(exc))))

    def status(self) -> dict:
        """The whole mesh, as `actors status --json` prints it."""
        now = time.monotonic()
        return {
            "heart": {"pid": os.getpid(), "seq": self.seq, "interval_s": self.pulse.interval_s,
                      "reason": self.pulse.reason, "stage": self.stage(now), "instruction": self.instruction,
                      "metrics": self.endpoints["metrics"], "uptime_s": round(now - self.started, 3),
                      "version": __version__, "workdir": str(self.workdir), "config": self.config.source,
                      "endpoints": {"router": self.endpoints["router"], "blood": self.endpoints["blood"]},
                      "zygote": self.zygote.describe() if self.zygote is not None else None},
            "organs": [rec.describe([w.describe(now) for w in self.wounds.of(rec.name)])
                       for rec in self.organs.values()],
            "alerts": [protocol.to_plain(a) for a in self.current_alerts(now)],
        }

    def _cmd_status(self) -> dict:
        return self.status()

    def _cmd_instruction(self, text: str, session: str = "") -> dict:
        if not isinstance(text, str) or not isinstance(session, str):
            raise TypeError("instruction text and session must be strings")
        text = text[:MAX_INTENT]  # it rides in every beat
        if text != self.instruction:
            self.hysteresis.new_turn()
        self.instruction = text
        self._progress(session, text)
        return {"instruction": text}

    def _cmd_expose(self, intent: str | None = None, pin: list | None = None, budget: int | None = None,
                    recent: list | None = None, *, _reply=None):
        """The exposure for an intent; `recent` (a client's own used and pinned abilities, most recent first)
        replaces the mesh's shared hysteresis for this answer, and leaves it untouched."""
        if recent is not None and (not isinstance(recent, list) or len(recent) > MAX_RECENT
                                   or not all(isinstance(a, str) and len(a) <= 200 for a in recent)):
            raise ValueError(f"recent must be a list of at most {MAX_RECENT} organ.ability addresses")
        for address in pin or ():
            self.hysteresis.use(str(address))
        if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget < 1):
            raise ValueError("budget must be a positive number of tokens")
        intent = self.instruction if intent is None else str(intent)[:MAX_INTENT]
        job = self._job(intent, reply=(*_reply, intent), budget=budget,
                        recent=None if recent is None else tuple(recent))
        if not self.selector.ask(job):
            raise LookupError("too many expose requests are waiting; try again shortly")
        return DEFERRED

    def _cmd_progress(self, session: str = "", text: str = "") -> dict:
        self._progress(session, str(text))
        return {"stage": "awake"}

    def _progress(self, session: str, text: str) -> None:
        self.last_progress = time.monotonic()
        self.publish("progress", session=str(session), message=text[:2000])

    def _cmd_kill(self, organ: str, signal_name: str = "KILL") -> dict:
        rec = self._known(organ)
        if not rec.spec.supervised:
            raise ValueError(f"organ {organ} is external: this heart does not own its process")
        if not isinstance(signal_name, str):
            raise TypeError("signal_name must be a signal name such as KILL or STOP")
        name = signal_name.upper().removeprefix("SIG")
        try:
            sig = signal.Signals["SIG" + name]
        except KeyError:
            raise ValueError(f"unknown signal {signal_name!r}") from None
        self.supervisor.signal(rec, sig)
        self.alert("info", organ, f"organ {organ} sent {sig.name} (fault drill)")
        return {"organ": organ, "pid": rec.pid, "signal": sig.name}

    def _cmd_revive(self, organ: str) -> dict:
        rec = self._known(organ)
        if rec.state not in ("fatal", "stopped") or not rec.spec.supervised:
            raise ValueError(f"organ {organ} is {rec.state}; only a fatal or stopped supervised organ can be revived")
        self.supervisor.revive(rec)
        return {"organ": organ, "pid": rec.pid}

    def _cmd_manifest(self) -> dict:
        return {name: {"abilities": [protocol.to_plain(a) for a in rec.abilities.values()],
                       "reflexes": [protocol.to_plain(r) for r in rec.reflexes], "state": rec.state}
                for name, rec in self.organs.items()}

    def _cmd_alert(self, level: str, message: str, organ: str = "") -> dict:
        if level not in protocol.LEVELS:
            raise ValueError(f"level must be one of {', '.join(protocol.LEVELS)}")
        if not isinstance(organ, str) or not isinstance(message, str):
            raise TypeError("organ and message must be strings")
        organ = organ[:64]
        self.alert(level, organ, str(message)[:1000])
        return {"raised": True}

    def _cmd_record(self, tool: str, ok: bool, session: str = "", args: dict | None = None, cause: str = "",
                    message: str = "", duration_s: float = 0.0) -> dict:
        """A tool call the agent's host ran itself: journal it as host.<tool> for memory and reflexes."""
        cause = "" if ok else (cause if cause in protocol.CAUSES else "unknown")
        self.metrics.call_done(HOST_ORGAN, cause or None)
        self.publish("call", organ=HOST_ORGAN, ability=str(tool)[:128], ok=bool(ok), cause=cause, origin="agent",
                     session=str(session), duration_s=float(duration_s), message=str(message)[:500],
                     args=args if isinstance(args, dict) else {})
        return {"recorded": True}

    def _cmd_sync(self, token: str) -> dict:
        """Publish the mark a subscriber waits for: once it has it, its subscription is live (Client.events)."""
        if not isinstance(token, str) or not SYNC_TOKEN.fullmatch(token):
            raise ValueError("token must be 8 to 64 lowercase hex digits")
        if self.pub is not None:
            try:
                self.pub.send_multipart(protocol.encode_sync(protocol.Sync(token, self.event_seq)), zmq.NOBLOCK)
            except zmq.Again:
                pass  # a subscriber this far behind asks again
        return {"event_seq": self.event_seq}

    def _cmd_hook(self, event: str, payload: Any = None) -> dict:
        """A host's hook payload as it came (`actors hook` sends it without waiting): learn what it says."""
        action = hooks.parse(str(event)[:64], payload)
        if isinstance(action, hooks.ToolUse):
            return self._cmd_record(tool=action.tool, ok=action.ok, session=action.session, args=action.args,
                                    cause=action.cause, message=action.message, duration_s=action.duration_s)
        if isinstance(action, hooks.Prompt):
            return self._cmd_instruction(action.text, action.session)
        if isinstance(action, hooks.Stop):
            return self._cmd_progress(session=action.session, text="stop")
        return {"ignored": action.reason}

    def _cmd_stop(self) -> dict:
        self.stop("asked to stop")
        return {"stopping": True, "pid": os.getpid()}

    def _known(self, organ: str) -> OrganRecord:
        rec = self.organs.get(organ)
        if rec is None:
            raise LookupError(f"no organ named {organ!r} (organs: {', '.join(sorted(self.organs)) or 'none'})")
        return rec

    def _on_report(self, ident: bytes, report: Report, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is None and report.observations and all(o.metric in CLIENT_REPORTABLE for o in report.observations):
            for obs in report.observations[:MAX_CLIENT_OBSERVATIONS]:  # a front door's own counts
                problem = self.metrics.apply(obs.metric, obs.value, obs.labels)
                if problem:
                    self._protocol_error(ident, "report", problem)
            return
        if rec is None:
            self._protocol_error(ident, "sender", "a report from a connection that is not a registered organ")
            return
        self._seen(rec)
        for obs in report.observations:
            problem = self.metrics.apply(obs.metric, obs.value, obs.labels, organ=rec.name)
            if problem:
                self._protocol_error(ident, "report", f"organ {rec.name}: {problem}")

    def _on_call(self, ident: bytes, call: Call, frames: list[bytes]) -> None:
        self.calls.on_call(ident, call, frames)

    def _on_reply(self, ident: bytes, reply: Reply, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is None:
            self._protocol_error(ident, "sender", "a reply from a connection that is not a registered organ")
            return
        self._seen(rec)
        self.calls.on_reply(rec.name, reply, frames)

    def _caller_of(self, call_id: str, organ: str) -> bytes | None:
        """The connection waiting for a call that this organ is running, if it still is."""
        pending = self.calls.pending.get(call_id)
        return pending.client if pending is not None and pending.call.organ == organ else None

    def _on_notice(self, ident: bytes, notice: Notice, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is None:
            self._protocol_error(ident, "sender", "a notice from a connection that is not a registered organ")
            return
        self.relay.notice(self._caller_of(notice.call, rec.name), frames)

    def _on_ask(self, ident: bytes, ask: Ask, frames: list[bytes]) -> None:
        rec = self._organ_of(ident)
        if rec is None:
            self._protocol_error(ident, "sender", "a question from a connection that is not a registered organ")
            return
        self.relay.ask(ident, self._caller_of(ask.call, rec.name), ask, frames)

    def _on_answer(self, ident: bytes, answer: Answer, frames: list[bytes]) -> None:
        if not self.relay.answer(ident, answer, frames):
            self._protocol_error(ident, "sender", "an answer to a question this connection was not asked")

    _handlers = {Register: _on_register, Heartbeat: _on_heartbeat, Goodbye: _on_goodbye, Call: _on_call,
                 Reply: _on_reply, SnapshotRequest: _on_snapshot, Control: _on_control, Report: _on_report,
                 Notice: _on_notice, Ask: _on_ask, Answer: _on_answer}
    _commands = {"status": _cmd_status, "instruction": _cmd_instruction, "progress": _cmd_progress,
                 "kill": _cmd_kill, "revive": _cmd_revive, "stop": _cmd_stop, "manifest": _cmd_manifest,
                 "alert": _cmd_alert, "expose": _cmd_expose, "record": _cmd_record, "hook": _cmd_hook, "sync": _cmd_sync}


def _receive(sock: zmq.Socket) -> tuple[bytes, list[bytes], zmq.Frame | None]:
    """One message: the routing id, its frames, and the frame that carries the connection's metadata when
    the message is one whose handling depends on who sent it (only that frame is received uncopied)."""
    ident = sock.recv(zmq.NOBLOCK)
    frames: list[bytes] = []
    last = None
    while sock.get(zmq.RCVMORE):
        if len(frames) == 2 and frames[1] in NEEDS_PRINCIPAL:
            last = sock.recv(copy=False)
            frames.append(last.bytes)
        else:
            frames.append(sock.recv())
    return ident, frames, last if len(frames) == 3 else None


def _user_id(frame: zmq.Frame) -> str:
    """The User-Id ZAP gave the connection a frame came on ('' for local, unauthenticated ones)."""
    try:
        return frame.get("User-Id") or ""
    except zmq.ZMQError:
        return ""


def _event_args(args: dict) -> dict:
    """Arguments as events carry them: whole when small, else only their names (a 4 MB write is not news)."""
    try:
        if len(protocol.pack_value(args)) <= MAX_EVENT_ARGS_BYTES:
            return args
    except EncodeError:
        pass
    return {"_truncated": True, "_keys": [str(k)[:64] for k in list(args)[:32]]}
