"""The heart's accounting: outcomes, breakers, wounds, hysteresis, alerts and the events that tell of them.

Every outcome goes through `Health.account`, whether the heart routed the call (an organ's outcome, which
also moves its breaker and wounds) or the agent's host ran it and only told the heart (`host.<tool>`).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterable

from broker import protocol
from broker.beat import Alarm, critical_organs
from broker.config import HeartConfig
from broker.errors import EncodeError
from broker.events import Events
from broker.exposed import Hysteresis
from broker.gate import Breaker, Source, admit, forgive, record, sickens
from broker.metrics import UNKNOWN_ORGAN, HeartMetrics
from broker.protocol import Alert, Call, Failure, Tally
from broker.registry import OrganRecord
from broker.vocab import ADDRESS_SEP, HOST_ORGAN, BreakerState, Cause, Decision, EventKind, Level, Origin, OrganState
from broker.wounds import Wound, Wounds

log = logging.getLogger(__name__)

MAX_EVENT_ARGS_BYTES = 16 * 1024
MAX_EVENT_ALERTS = 100
MAX_MESSAGE = 500  # characters of a failure's message an event carries
MAX_SESSION = 256  # characters of a session name kept (it rides in every beat and every call journaled under it)
HEALTHY = Breaker()


class Health:
    """What the heart has learnt of its organs' health, and what it told the mesh about it."""

    def __init__(self, settings: HeartConfig, metrics: HeartMetrics, events: Events,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.metrics = metrics
        self.events = events
        self.clock = clock
        self.wounds = Wounds(settings.chronic_after_s)
        self.hysteresis = Hysteresis()
        # (monotonic time raised, alert, raised by a client): kept alert_ttl_s
        self.event_alerts: deque[tuple[float, Alert, bool]] = deque(maxlen=MAX_EVENT_ALERTS)

    # -- outcomes ---------------------------------------------------------------------------

    def observe(self, rec: OrganRecord | None, call: Call, cause: str | None, duration_s: float,
                message: str = "", source: Source = Source.RAISED, size: int = -1) -> None:
        """Account for one outcome of an organ: metrics, breaker, wounds, hysteresis and an event.

        size: bytes of the call as sent, when known; its arguments are no larger, and an event takes them
        whole below MAX_EVENT_ARGS_BYTES without encoding them again to find out."""
        if rec is None:
            return
        self.metrics.call_done(rec.name, cause, duration_s)
        self._judge(rec, cause, message, source)
        if cause is None and call.origin == Origin.AGENT:
            self.hysteresis.use(f"{rec.name}{ADDRESS_SEP}{call.ability}")
        self._told(rec.name, call.ability, cause, call.origin, call.session, duration_s, message, call.args,
                   truncate=not 0 <= size <= MAX_EVENT_ARGS_BYTES)

    def observe_tally(self, rec: OrganRecord | None, tally: Tally) -> None:
        """Account for the lane calls an organ tallied, each as observe() would a success, in one go: one count
        of the outcome, one look at the breaker and wounds (a success heals them all at once), and no event
        built when nobody subscribes to calls."""
        if rec is None or not tally.calls:
            return
        self.metrics.calls_succeeded(rec.name, tally.durations)
        self._judge(rec, None, "", Source.RAISED)
        use = self.hysteresis.use
        for call in tally.calls:
            if call.origin == Origin.AGENT:
                use(f"{rec.name}{ADDRESS_SEP}{call.ability}")
        if not self.events.wants(EventKind.CALL):
            self.events.skip(len(tally.calls))  # numbered all the same; nobody would receive them
            return
        for call, took, size in zip(tally.calls, tally.durations, tally.sizes):
            self._told(rec.name, call.ability, None, call.origin, call.session, took, "", call.args,
                       truncate=not 0 <= size <= MAX_EVENT_ARGS_BYTES)

    def record_host(self, tool: str, ok: bool, session: str, args: dict, cause: str, message: str,
                    duration_s: float) -> None:
        """Account for a tool call the agent's host ran itself, as host.<tool> (no breaker: no organ runs it)."""
        cause = None if ok else (cause if cause in protocol.CAUSES else Cause.UNKNOWN)
        self.metrics.call_done(HOST_ORGAN, cause)
        self._told(HOST_ORGAN, tool[:128], cause, Origin.AGENT, session[:MAX_SESSION], duration_s, message, args,
                   truncate=False)  # the session cut as the prompt's is: the call stays under its prompt's session

    def refused(self, organ: str, failure: Failure) -> None:
        """Count a call the heart refused before any organ ran it (no breaker, wound or latency sample)."""
        self.metrics.call_done(organ, failure.cause)
        self.decided(failure.cause, failure.decision or Decision.REFER)

    def cancelled(self, rec: OrganRecord | None) -> None:
        """Count a call its caller cancelled: no wound, latency sample or event (nobody's failure), and the
        breaker learns nothing, except that a probe it let through is over (the next call may probe)."""
        self.metrics.call_cancelled(rec.name if rec is not None else UNKNOWN_ORGAN)
        if rec is not None and rec.breaker.probing:
            rec.breaker = record(rec.breaker, Cause.CANCELLED, self.clock(), self.settings.breaker_threshold,
                                 Source.RAISED)

    def decided(self, cause: str, decision: str, count: int = 1) -> None:
        """Count a retry decision."""
        self.metrics.retried(cause, decision, count)

    def _told(self, organ: str, ability: str, cause: str | None, origin: str, session: str, duration_s: float,
              message: str, args: dict, truncate: bool = True) -> None:
        if not self.events.wants(EventKind.CALL):
            self.events.publish(EventKind.CALL)  # numbered all the same; nobody would receive it
            return
        self.events.publish(EventKind.CALL, organ=organ, ability=ability, ok=cause is None, cause=cause or "",
                            origin=origin, session=session, duration_s=duration_s, message=message[:MAX_MESSAGE],
                            args=event_args(args) if truncate else args)

    # -- breakers and wounds ----------------------------------------------------------------

    def _judge(self, rec: OrganRecord, cause: str | None, message: str, source: Source) -> None:
        if cause is None and rec.breaker == HEALTHY and not self.wounds.open:
            return  # the common case: a success of a healthy organ changes nothing here
        now = self.clock()
        was = rec.breaker.state
        rec.breaker = record(rec.breaker, cause, now, self.settings.breaker_threshold, source)
        if rec.breaker.state == BreakerState.OPEN and was != BreakerState.OPEN:
            self.alert(Level.CRITICAL, rec.name, f"organ {rec.name} failed {rec.breaker.failures} times in a row; "
                       f"its breaker is open for {self.settings.breaker_cooldown_s:g}s")
        if cause is None:
            if self.wounds.open:
                for wound in self.wounds.heal(rec.name):
                    self._closed(wound, now)
            return
        wound = self.wounds.hurt(rec.name, cause, now, time.time())
        if wound is not None:
            self.metrics.wound_opened(rec.name, cause)
            self.events.publish(EventKind.WOUND, organ=rec.name, cause=cause, message=message[:MAX_MESSAGE])

    def _closed(self, wound: Wound, now: float) -> None:
        self.metrics.wound_healed(wound.organ, wound.cause)
        if wound.chronic:
            self.metrics.wound_chronic(wound.organ, wound.cause, False)
        self.events.publish(EventKind.HEALED, organ=wound.organ, cause=wound.cause,
                            message=f"open {now - wound.opened:.1f}s, {wound.failures} failures")
        log.info("wound %s/%s healed", wound.organ, wound.cause)

    def admit(self, rec: OrganRecord, now: float) -> float | None:
        """None when the organ's breaker lets a call through, else the seconds it stays open."""
        allowed, rec.breaker = admit(rec.breaker, now, self.settings.breaker_cooldown_s)
        if allowed:
            return None
        return max(0.0, rec.breaker.opened_at + self.settings.breaker_cooldown_s - now)

    def forgive_late(self, rec: OrganRecord, cause: str, source: Source) -> None:
        """An organ answered a call that had run out of time, having ended the work as told: not an illness."""
        if not sickens(cause, source):
            rec.breaker = forgive(rec.breaker, self.settings.breaker_threshold)

    def review_wounds(self, now: float) -> None:
        """Alert on wounds whose organ has kept failing too long, and say when one of them went quiet."""
        chronic, quiet = self.wounds.review(now)
        for wound in chronic:
            self.metrics.wound_chronic(wound.organ, wound.cause, True)
            self.alert(Level.WARN, wound.organ, f"wound {wound.organ}/{wound.cause} is chronic: failing for "
                       f"{wound.last_failure - wound.opened:.0f}s, {wound.failures} failures")
        for wound in quiet:
            self.metrics.wound_chronic(wound.organ, wound.cause, False)
            self.alert(Level.INFO, wound.organ, f"wound {wound.organ}/{wound.cause} is quiet: no failure for "
                       f"{now - wound.last_failure:.0f}s (still open until {wound.organ} succeeds)")

    # -- alerts -----------------------------------------------------------------------------

    def alert(self, level: str, organ: str, message: str, claimed: bool = False) -> None:
        """Raise an event alert; it rides in blood for alert_ttl_s. claimed: a client raised it (control `alert`),
        so the heart cannot see its condition end."""
        log.log(logging.WARNING if level != Level.INFO else logging.INFO, "alert[%s] %s", level, message)
        self.event_alerts.append((self.clock(), Alert(level=level, organ=organ, message=message, at=time.time()),
                                  claimed))
        self.events.publish(EventKind.ALERT, organ=organ, cause=level, message=message)

    def alerts(self, organs: Iterable[OrganRecord], now: float) -> tuple[Alert, ...]:
        """Standing conditions first, then recent events (but not an event of an organ whose standing condition of
        the same level is listed: `organ fs lost` and `organ fs is lost` are one fact)."""
        while self.event_alerts and self.event_alerts[0][0] + self.settings.alert_ttl_s <= now:
            self.event_alerts.popleft()
        standing = []
        for rec in organs:
            if rec.state == OrganState.FATAL:
                standing.append(Alert(Level.CRITICAL, rec.name, f"organ {rec.name} is fatal: {rec.reason}"))
            elif rec.state == OrganState.LOST:
                standing.append(Alert(Level.WARN, rec.name, f"organ {rec.name} is lost: {rec.reason}"))
            if rec.breaker.state != BreakerState.CLOSED:
                standing.append(Alert(Level.CRITICAL, rec.name, f"organ {rec.name} breaker is {rec.breaker.state} "
                                      f"after {rec.breaker.failures} consecutive failures"))
        for wound in self.wounds.open.values():
            if wound.chronic:
                standing.append(Alert(Level.WARN, wound.organ, f"wound {wound.organ}/{wound.cause} is chronic "
                                      f"({wound.failures} failures)"))
        return said_once(standing, [alert for _, alert, _ in self.event_alerts])

    def critical(self, organs: Iterable[OrganRecord], alerts: Iterable[Alert]) -> tuple[str, ...]:
        """The organs whose critical alerts (among these, as alerts() gave them) still stand (broker.beat decides):
        an organ killed, or whose breaker opened, is not critical once it is well again."""
        events = {alert: (raised, claimed) for raised, alert, claimed in self.event_alerts}
        well = {rec.name: rec.started for rec in organs
                if rec.state == OrganState.UP and rec.breaker.state == BreakerState.CLOSED}
        return critical_organs([Alarm(a.organ, *events.get(a, (0.0, False))) for a in alerts
                                if a.level == Level.CRITICAL], well)


def said_once(standing: list[Alert], events: list[Alert]) -> tuple[Alert, ...]:
    """The standing alerts, then the events, less an event of an organ whose standing alert of the same level is
    listed: a condition that stands is said once (`organ fs lost`, the event, and `organ fs is lost`, the
    condition, are one fact); once the condition ends, its event shows until it expires."""
    said = {(a.organ, a.level) for a in standing}
    return (*standing, *(a for a in events if (a.organ, a.level) not in said))


def event_args(args: dict) -> dict:
    """Arguments as events carry them: whole when small, else only their names (a 4 MB write is not news)."""
    try:
        if len(protocol.pack_value(args)) <= MAX_EVENT_ARGS_BYTES:
            return args
    except EncodeError:
        pass
    return {"_truncated": True, "_keys": [str(k)[:64] for k in list(args)[:32]]}
