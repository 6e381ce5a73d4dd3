"""The organ table: every declared organ, which connection speaks for it, and every change of its state.

`OrganTable.move` is the one place an organ's state changes; it keeps the `actors_organ_up` and
`actors_organ_state` gauges in step. The supervisor, registration and liveness all go through it.
Registration refusals are a pure function (`refusal`).
"""

from __future__ import annotations

import logging
import secrets
import zlib
from collections.abc import Callable, Iterator

from broker.authz import Principal, may_declare_reflex, may_register
from broker.config import HeartConfig, OrganSpec
from broker.gate import Breaker
from broker.metrics import HeartMetrics
from broker.protocol import SCREENED, Ability, Refused, Register, Screening, Welcome
from broker.registry import OrganRecord
from broker.vocab import ADDRESS_SEP, HEAL, Level, OrganState

log = logging.getLogger(__name__)

Alert = Callable[[str, str, str], None]  # level, organ, message
MAX_ABILITY_NAME = 128
MAX_SCREENINGS = 256  # of a registration's tools refused or withheld, kept for status
MAX_SCREENING_TEXT = 500  # characters of each one's tool name and reason


class OrganTable:
    """The organs of one mesh, by name and by the routing id of their connection."""

    def __init__(self, specs: tuple[OrganSpec, ...] | list[OrganSpec], metrics: HeartMetrics, alert: Alert) -> None:
        self.records: dict[str, OrganRecord] = {spec.name: OrganRecord(spec) for spec in specs}
        self.by_ident: dict[bytes, str] = {}
        self.alert = alert
        self.metrics = metrics
        self.dropped: Callable[[str, str], None] = lambda organ, why: None  # fails the calls of a lost connection
        for name in self.records:
            metrics.declare_organ(name)  # every series at zero, the state `stopped` as an OrganRecord starts

    def __iter__(self) -> Iterator[OrganRecord]:
        return iter(self.records.values())

    def get(self, name: str) -> OrganRecord | None:
        """The organ of this name, if the mesh declares one."""
        return self.records.get(name)

    def names(self) -> list[str]:
        """The declared organs' names, sorted."""
        return sorted(self.records)

    def of(self, ident: bytes) -> OrganRecord | None:
        """The organ registered on this connection, if any."""
        name = self.by_ident.get(ident)
        return self.records.get(name) if name else None

    def move(self, rec: OrganRecord, state: OrganState, reason: str) -> None:
        """Change an organ's state (the only place it changes), and the gauges that mirror it."""
        if rec.state != state:
            log.debug("organ %s: %s -> %s (%s)", rec.name, rec.state, state, reason)
        rec.state, rec.reason = state, reason
        if state == OrganState.UP:
            rec.drill = ""  # whatever a drill did is over
        self.metrics.organ_up.labels(rec.name).set(1 if state == OrganState.UP else 0)
        self.metrics.set_organ_state(rec.name, state)

    # -- connections ------------------------------------------------------------------------

    def on_register(self, ident: bytes, msg: Register, who: Principal, welcome: Welcome, now: float) -> Refused | Welcome:
        """Refuse a registration, or take it; the answer to send."""
        rec = self.records.get(msg.organ)
        reason = refusal(rec, msg, who, self.names())
        if reason:
            log.warning("refused registration of %r (claimed pid %d, connection pid %s, expected %s): %s",
                        msg.organ[:64], msg.pid, who.pid, rec.pid if rec else None, reason[:300])
            return Refused(organ=msg.organ[:64], reason=reason)
        self.register(rec, ident, msg, who.pid, now)
        log.info("organ %s registered (pid %s, %d abilities)", rec.name, msg.pid, len(rec.abilities))
        return welcome

    def register(self, rec: OrganRecord, ident: bytes, msg: Register, pid: int | None, now: float) -> None:
        """Take a registration the heart accepted."""
        if rec.ident is not None and rec.ident != ident:
            self.by_ident.pop(rec.ident, None)
        self.by_ident[ident] = rec.name
        rec.ident = ident
        rec.abilities = {a.name: a for a in msg.abilities}
        rec.perception, rec.reflexes, rec.lane = msg.perception, msg.reflexes, msg.lane
        rec.screened = screenings(msg)
        self.metrics.set_screened(rec.name, rec.screened)
        rec.last_seen = now
        if rec.spec.external:
            rec.pid, rec.started = pid or msg.pid, now  # the kernel's pid when the connection is local
        came_back = rec.state != OrganState.UP and (rec.restarts > 0 or rec.spec.external)
        if rec.pid != rec.breaker_pid:  # a fresh process: the failures counted were its predecessor's
            rec.breaker, rec.breaker_pid = Breaker(), rec.pid
        self.move(rec, OrganState.UP, "registered")
        if came_back:
            self.alert(Level.INFO, rec.name, f"organ {rec.name} is up (pid {rec.pid})")

    def disconnect(self, rec: OrganRecord, why: str) -> None:
        """Forget the organ's connection (it died, or said goodbye); its calls in flight fail."""
        if rec.ident is not None:
            self.by_ident.pop(rec.ident, None)
        rec.forget_connection()
        self.metrics.organ_up.labels(rec.name).set(0)  # no connection: not up, whatever state follows
        self.metrics.set_screened(rec.name, ())
        self.dropped(rec.name, f"organ {rec.name} {why} during the call{rec.drill_note()}")

    def goodbye(self, rec: OrganRecord, reason: str) -> None:
        """The organ is leaving of its own accord."""
        log.info("organ %s says goodbye: %s", rec.name, reason or "no reason")
        self.disconnect(rec, "said goodbye")
        self.move(rec, OrganState.STOPPED, f"said goodbye: {reason or 'no reason'}")
        if rec.spec.external:
            rec.pid = None

    def seen(self, rec: OrganRecord, now: float) -> bool:
        """A message from the organ: it is alive (again, if it was lost). False when a lost external organ speaks:
        it connects anew when the heart falls silent, so what comes on the connection it had may be the last words
        of one it has closed (a link that comes back delivers them), and it is up again only once it registers."""
        rec.last_seen = now
        if rec.state != OrganState.LOST:
            return True
        if rec.spec.external:
            return False
        self.move(rec, OrganState.UP, "answers again")
        self.alert(Level.INFO, rec.name, f"organ {rec.name} answers again")
        return True

    # -- what the organs that are up offer ----------------------------------------------------

    def tools(self, healer: str) -> dict[str, list[Ability]]:
        """The tools of each organ that is up (resources and prompts are never tools)."""
        found = {}
        for rec in self.records.values():
            tools = [a for a in offered(rec, healer) if a.kind == "tool"]
            if rec.state == OrganState.UP and tools:
                found[rec.name] = tools
        return found

    def digest(self) -> int:
        """A digest of every ability of the organs that are up: a client refetches what it derived when it changes."""
        parts = [f"{rec.name}{ADDRESS_SEP}{a.name}:{a.kind}:{a.uri}" for rec in sorted(self, key=lambda r: r.name)
                 if rec.state == OrganState.UP for a in rec.abilities.values()]
        return zlib.crc32("\n".join(parts).encode())

    # -- liveness ---------------------------------------------------------------------------

    def check(self, now: float, limits: HeartConfig) -> list[tuple[OrganRecord, str]]:
        """Mark silent organs lost; return the supervised ones to kill (hung, or never registered), with why."""
        doomed = []
        for rec in self.records.values():
            verdict = liveness_verdict(rec, now, limits)
            if verdict == OrganState.LOST:
                silent = now - rec.last_seen
                self.move(rec, OrganState.LOST, f"no heartbeat for {silent:.1f}s")
                self.alert(Level.WARN, rec.name, f"organ {rec.name} lost: no heartbeat for {silent:.1f}s")
            elif verdict:
                doomed.append((rec, verdict))
        return doomed


def liveness_verdict(rec: OrganRecord, now: float, limits: HeartConfig) -> str:
    """'' when all is well, OrganState.LOST for a silent organ, or why a supervised organ must be killed."""
    silent = now - rec.last_seen
    if rec.state == OrganState.UP and silent > limits.heartbeat_s * limits.liveness:
        return OrganState.LOST
    if rec.state == OrganState.LOST and rec.spec.supervised and rec.pid and silent > limits.hang_kill_s:
        return f"hung for {silent:.0f}s"
    if (rec.state == OrganState.STARTING and rec.spec.supervised and rec.pid
            and now - max(rec.started, rec.last_seen) > limits.register_timeout_s):
        return f"not registered after {limits.register_timeout_s:g}s"
    return ""


def screenings(msg: Register) -> tuple[Screening, ...]:
    """What a registration says it refused or withheld, as the heart keeps it: at most MAX_SCREENINGS, each with a
    known outcome and its texts cut (an organ key's peer could send anything)."""
    return tuple(Screening(s.tool[:MAX_SCREENING_TEXT], s.outcome, s.why[:MAX_SCREENING_TEXT])
                 for s in msg.screened[:MAX_SCREENINGS] if s.outcome in SCREENED)


def refusal(rec: OrganRecord | None, msg: Register, who: Principal, declared: list[str]) -> str:
    """Why a registration is refused, or '' when it is accepted."""
    if who.remote and (who.role != "organ" or who.name != msg.organ):
        return may_register(who, msg.organ, False, None, False).rule
    if rec is None:
        return f"organ {msg.organ[:64]!r} is not declared in the mesh config (declared: {', '.join(declared) or 'none'})"
    token_ok = bool(rec.token) and secrets.compare_digest(msg.token.encode(), rec.token.encode())
    decision = may_register(who, rec.name, rec.spec.supervised, rec.pid, token_ok)
    if not decision.allowed:
        return decision.rule
    for reflex in msg.reflexes:
        decision = may_declare_reflex(who, rec.name, reflex.then, declared)
        if not decision.allowed:
            return f"reflex {reflex.name[:64]!r}: {decision.rule}"
    names = [a.name for a in msg.abilities]
    if len(set(names)) != len(names):
        return "ability names must be unique"
    bad = [n for n in names if not n or ADDRESS_SEP in n or len(n) > MAX_ABILITY_NAME]
    if bad:
        return f"invalid ability name {bad[0]!r}: 1-{MAX_ABILITY_NAME} characters, no '{ADDRESS_SEP}'"
    return ""


def offered(rec: OrganRecord, healer: str) -> list[Ability]:
    """What an organ offers callers: its abilities, but the healer's heal, which only the heart calls."""
    return [a for a in rec.abilities.values() if offers(rec, healer, a.name)]


def offers(rec: OrganRecord, healer: str, ability: str) -> bool:
    """Whether a caller may call this ability of the organ (`offered`), without listing them: a call asks it."""
    return ability in rec.abilities and not (rec.name == healer and ability == HEAL)
