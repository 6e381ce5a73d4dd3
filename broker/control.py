"""The control desk: the heart's command table (`actors status`, `kill`, `expose`, hooks...), one method each.

Commands are looked up by name, checked against who asks (broker.authz), and answered with a
ControlReply; `expose` is answered later, once the exposure thread has worked it out. The other requests
decided by who asks are here too: snapshots, and a front door's reports of its own counts.
"""

from __future__ import annotations

import logging
import os
import queue
import re
from collections.abc import Callable
from typing import Any

from broker import hooks, protocol
from broker.procs import signal_named
from broker.wirenames import wire_name
from broker.authz import Principal, may_control, may_read_owners_words, may_report
from broker.errors import EncodeError
from broker.events import Events, remote_beat
from broker.health import Health
from broker.organs import OrganTable, offered
from broker.protocol import Control, ControlReply, Snapshot
from broker.registry import OrganRecord
from broker.rhythm import MAX_INTENT, Rhythm
from broker.supervisor import Supervisor
from broker.vocab import Level, OrganState, Stage

log = logging.getLogger(__name__)

MAX_RECENT = 256  # abilities a client may name as its own recent ones in an expose request
SYNC_TOKEN = re.compile(r"[0-9a-f]{8,64}")
DEFERRED = object()  # a command's result that is sent later, from the loop, once a worker is done
ANSWERABLE = (TypeError, ValueError, LookupError, OSError, AttributeError)  # a command's failure, told the caller


class ControlDesk:
    """Runs control commands for one heart."""

    def __init__(self, organs: OrganTable, health: Health, events: Events, rhythm: Rhythm, supervisor: Supervisor,
                 send: Callable[[bytes, list[bytes]], bool], principal: Callable[[bytes], Principal],
                 about: Callable[[], dict], stop: Callable[[str], None], readers: tuple[str, ...] = (), *,
                 healer: str) -> None:
        self.organs = organs
        self.health = health
        self.events = events
        self.rhythm = rhythm
        self.supervisor = supervisor
        self.send = send
        self.principal = principal
        self.about = about
        self.stop = stop
        self.readers = readers  # [heart] remote_events: the keys that may read the owner's instruction
        self.healer = healer  # the organ whose heal only the heart calls
        self.commands: dict[str, Callable[..., Any]] = {
            "status": self.cmd_status, "instruction": self.cmd_instruction, "progress": self.cmd_progress,
            "kill": self.cmd_kill, "revive": self.cmd_revive, "stop": self.cmd_stop, "manifest": self.cmd_manifest,
            "alert": self.cmd_alert, "expose": self.cmd_expose, "record": self.cmd_record, "hook": self.cmd_hook,
            "sync": self.cmd_sync, "ping": self.cmd_ping}

    def on_control(self, ident: bytes, msg: Control) -> None:
        """Run one command and answer it (or leave it to be answered later)."""
        reply = self._run(ident, msg)
        if reply is None:
            return
        try:
            self.send(ident, protocol.encode(reply))
        except EncodeError as exc:
            self.send(ident, protocol.encode(ControlReply(id=msg.id, ok=False, error=str(exc))))

    def _run(self, ident: bytes, msg: Control) -> ControlReply | None:
        who = self.principal(ident)
        decision = may_control(who, msg.command, msg.args)
        if not decision.allowed:
            return ControlReply(id=msg.id, ok=False, error=f"permission: {who.describe()} may not run "
                                f"{msg.command[:64]!r}: {decision.rule}")
        command = self.commands.get(msg.command)
        if command is None:
            return ControlReply(id=msg.id, ok=False, error=f"unknown command {msg.command!r} "
                                f"(commands: {', '.join(sorted(self.commands))})")
        reads = may_read_owners_words(who, self.readers).allowed
        try:
            extra = {"_reply": (ident, msg.id, reads)} if command == self.cmd_expose else {}
            result = command(**msg.args, **extra)
        except ANSWERABLE as exc:
            return ControlReply(id=msg.id, ok=False, error=f"{msg.command}: {exc}" if str(exc)
                                else f"{msg.command}: {type(exc).__name__}")
        if command == self.cmd_status and not reads:
            result["heart"]["instruction"] = ""  # the owner's words, for the keys remote_events names only
        return None if result is DEFERRED else ControlReply(id=msg.id, ok=True, result=result)

    def on_snapshot(self, ident: bytes) -> None:
        """Answer a snapshot request with the latest beat, its instruction withheld as the tcp:// blood does from
        a key remote_events does not name."""
        blood = self.rhythm.snapshot()
        if not may_read_owners_words(self.principal(ident), self.readers).allowed:
            blood = remote_beat(blood)
        self.send(ident, protocol.encode(Snapshot(blood=blood)))

    def refuses_report(self, ident: bytes) -> str:
        """Why a connection that is no organ may not report the front door's counts ('' when it may)."""
        decision = may_report(self.principal(ident))
        return "" if decision.allowed else f"a report of the front door's counts: {decision.rule}"

    def answer_queries(self) -> None:
        """Send the expose answers the exposure thread has finished."""
        selector = self.rhythm.selector
        while selector is not None:
            try:
                (ident, msg_id, intent, reads), exposure, error = selector.answers.get_nowait()
            except queue.Empty:
                return
            if exposure is None:
                reply = ControlReply(id=msg_id, ok=False, error=f"expose: {error}")
            else:
                reply = ControlReply(id=msg_id, ok=True, result={
                    "instruction": intent, "exposed": list(exposure.exposed), "tools": list(exposure.tools),
                    "tokens": dict(exposure.tokens), "names": dict(exposure.names), "brief": list(exposure.brief),
                    "matched": exposure.matched,
                    # used or pinned lately, most recent first: the owner's calls, for those who may read them
                    "kept": list(self.health.hysteresis.recent()) if reads else [],
                    **({"reasons": exposure.reasons} if exposure.reasons is not None else {})})
            self.send(ident, protocol.encode(reply))

    # -- the commands -----------------------------------------------------------------------

    def cmd_status(self) -> dict:
        """The whole mesh, as `actors status --json` prints it."""
        now, r = self.rhythm.clock(), self.rhythm
        heart = {**self.about(), "seq": r.seq, "interval_s": r.pulse.interval_s, "reason": r.pulse.reason,
                 "stage": r.stage(now), "instruction": r.instruction}
        return {"heart": heart,
                "organs": [rec.describe([w.describe(now) for w in self.health.wounds.of(rec.name)], now)
                           for rec in self.organs],
                "alerts": [protocol.to_plain(a) for a in self.health.alerts(self.organs, now)]}

    def cmd_instruction(self, text: str, session: str = "") -> dict:
        if not isinstance(text, str) or not isinstance(session, str):
            raise TypeError("instruction text and session must be strings")
        return {"instruction": self.rhythm.instruct(text, session)}

    def cmd_progress(self, session: str = "", text: str = "") -> dict:
        self.rhythm.progress(str(session), str(text))
        return {"stage": Stage.AWAKE}

    def cmd_expose(self, intent: str | None = None, pin: list | None = None, budget: int | None = None,
                   recent: list | None = None, why: bool = False, *, _reply=None):
        """The exposure for an intent; `recent` (a client's own used and pinned abilities, most recent first)
        replaces the mesh's shared hysteresis for this answer, and leaves it untouched; `why` adds each exposed
        tool's reasons (`actors expose` asks for them; the MCP front, on the agent's path, does not)."""
        if recent is not None and (not isinstance(recent, list) or len(recent) > MAX_RECENT
                                   or not all(isinstance(a, str) and len(a) <= 200 for a in recent)):
            raise ValueError(f"recent must be a list of at most {MAX_RECENT} organ.ability addresses")
        if pin is not None and (not isinstance(pin, list) or len(pin) > MAX_RECENT
                                or not all(isinstance(a, str) and len(a) <= 200 for a in pin)):
            raise ValueError(f"pin must be a list of at most {MAX_RECENT} organ.ability addresses")
        for address in pin or ():
            self.health.hysteresis.use(address)
        if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget < 1):
            raise ValueError("budget must be a positive number of tokens")
        if not isinstance(why, bool):
            raise ValueError("why must be true or false")
        selector = self.rhythm.selector
        if selector is None:
            raise LookupError("this heart runs without an exposure worker")
        ident, msg_id, reads = _reply
        # without one, the intent is the current instruction, for those who may read the owner's words: to others
        # the tools chosen for it would tell what the owner asked, so their exposure is that of no words at all
        intent = str(intent)[:MAX_INTENT] if intent is not None else self.rhythm.instruction if reads else ""
        if recent is None and not reads:  # likewise the mesh's shared hysteresis: what the owner's agents used
            recent = []
        job = self.rhythm.job(intent, reply=(ident, msg_id, intent, reads), budget=budget,
                              recent=None if recent is None else tuple(recent), why=why)
        if not selector.ask(job):
            raise LookupError("too many expose requests are waiting; try again shortly")
        return DEFERRED

    def cmd_kill(self, organ: str, signal_name: str = "KILL") -> dict:
        rec = self._known(organ)
        if not rec.spec.supervised:
            raise ValueError(f"organ {organ} is external: this heart does not own its process")
        if not isinstance(signal_name, str):
            raise TypeError("signal_name must be a signal name such as KILL or STOP")
        sig = signal_named(signal_name)
        self.supervisor.signal(rec, sig)
        rec.drill = sig.name  # the calls it fails say so, and memory does not learn from them
        self.health.alert(Level.INFO, organ, f"organ {organ} sent {sig.name} (fault drill)")
        return {"organ": organ, "pid": rec.pid, "signal": sig.name}

    def cmd_revive(self, organ: str) -> dict:
        rec = self._known(organ)
        if rec.state not in (OrganState.FATAL, OrganState.STOPPED) or not rec.spec.supervised:
            raise ValueError(f"organ {organ} is {rec.state}; only a fatal or stopped supervised organ can be revived")
        self.supervisor.revive(rec)
        return {"organ": organ, "pid": rec.pid}

    def cmd_manifest(self) -> dict:
        """What each organ offers callers (the healer's heal is the heart's alone), its reflexes and its state."""
        return {rec.name: {"abilities": [protocol.to_plain(a) for a in offered(rec, self.healer)],
                           "reflexes": [protocol.to_plain(r) for r in rec.reflexes], "state": rec.state}
                for rec in self.organs}

    def cmd_alert(self, level: str, message: str, organ: str = "") -> dict:
        if level not in protocol.LEVELS:
            raise ValueError(f"level must be one of {', '.join(protocol.LEVELS)}")
        if not isinstance(organ, str) or not isinstance(message, str):
            raise TypeError("organ and message must be strings")
        self.health.alert(level, organ[:64], str(message)[:1000], claimed=True)
        return {"raised": True}

    def cmd_record(self, tool: str, ok: bool, session: str = "", args: dict | None = None, cause: str = "",
                   message: str = "", duration_s: float = 0.0) -> dict:
        """A tool call the agent's host ran itself: journal it as host.<tool> for memory and reflexes."""
        self.health.record_host(str(tool), bool(ok), str(session), args if isinstance(args, dict) else {},
                                str(cause), str(message), float(duration_s))
        return {"recorded": True}

    def cmd_sync(self, token: str) -> dict:
        """Publish the mark a subscriber waits for: once it has it, its subscription is live (Client.events)."""
        if not isinstance(token, str) or not SYNC_TOKEN.fullmatch(token):
            raise ValueError("token must be 8 to 64 lowercase hex digits")
        return {"event_seq": self.events.sync(token)}

    def cmd_hook(self, event: str, payload: Any = None) -> dict:
        """A host's hook payload as it came (`actors hook` sends it without waiting): learn what it says."""
        action = hooks.parse(str(event)[:64], payload)
        if isinstance(action, hooks.ToolUse):
            own = hooks.served_by_mesh(action.tool, {wire_name(rec.name, ability): f"{rec.name}.{ability}"
                                                     for rec in self.organs for ability in rec.abilities})
            if own is not None:
                return {"ignored": f"{own} was called through actors mcp, which journals it"}
            return self.cmd_record(tool=action.tool, ok=action.ok, session=action.session, args=action.args,
                                   cause=action.cause, message=action.message, duration_s=action.duration_s)
        if isinstance(action, hooks.Prompt):
            return self.cmd_instruction(action.text, action.session)
        if isinstance(action, hooks.Stop):
            return self.cmd_progress(session=action.session, text="stop")
        return {"ignored": action.reason}

    def cmd_ping(self) -> dict:
        """Answer at once: a client waiting on a slow call asks this to know the heart itself still answers."""
        return {"pid": os.getpid()}

    def cmd_stop(self) -> dict:
        self.stop("asked to stop")
        return {"stopping": True, "pid": os.getpid()}

    def _known(self, organ: str) -> OrganRecord:
        rec = self.organs.get(organ)
        if rec is None:
            raise LookupError(f"no organ named {organ!r} (organs: {', '.join(self.organs.names()) or 'none'})")
        return rec
