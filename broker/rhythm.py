"""The heart's rhythm: the beat it keeps, the session's progress that sets it, and the blood each beat carries.

The rules (how fast, how deep the sleep) are pure functions in broker.beat; this part applies them to
what the organ table and the health part know, and publishes the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from broker.beat import FAILING_STREAK, Vitals, next_pulse, sleep_stage
from broker.config import HeartConfig
from broker.events import Events
from broker.exposed import Job, Selector
from broker.health import MAX_SESSION, Health
from broker.metrics import HeartMetrics
from broker.organs import OrganTable
from broker.protocol import Blood
from broker.vocab import EventKind, Stage

MAX_INTENT = 4000  # characters of an intent worth ranking abilities by (it rides in every beat)
MAX_PROGRESS = 2000
EARLY_GAP_S = 0.25  # early beats come no closer than this to the last beat, however often the instruction changes
EARLY_BEAT_S = 0.5  # a new instruction is published once its exposure is chosen, and this soon at the latest


class Rhythm:
    """The beat, the current instruction and the time of the last session progress."""

    def __init__(self, settings: HeartConfig, organs: OrganTable, health: Health, events: Events,
                 metrics: HeartMetrics, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = s = settings
        self.organs = organs
        self.health = health
        self.events = events
        self.metrics = metrics
        self.clock = clock
        self.selector: Selector | None = None  # set once the heart has started its exposure thread
        self.instruction = ""
        self.session = ""  # the session the instruction came from (a host's session id, through its prompt hook)
        self.changed_at: float | None = None  # when the instruction changed, if since the last beat
        self.unexposed = False  # the last beat carried the instruction before its exposure was chosen
        self.beat_at = -EARLY_GAP_S  # when the last beat was published (the heart's clock)
        self.last_progress = clock()
        self.seq = 0
        self.pulse = next_pulse(s.beat_s, Vitals(), s.beat_s, s.beat_max_s, s.quiet_after_s)
        self.last_blood: Blood | None = None

    # -- the session ------------------------------------------------------------------------

    def instruct(self, text: str, session: str) -> str:
        """The session's new instruction; a new one starts a new turn of the exposure's hysteresis."""
        text, session = text[:MAX_INTENT], session[:MAX_SESSION]
        if (text, session) != (self.instruction, self.session) and self.changed_at is None:
            self.changed_at = self.clock()
        if text != self.instruction:
            self.health.hysteresis.new_turn()
        self.instruction, self.session = text, session
        if self.changed_at is not None and self.selector is not None:
            self.selector.want(self.job(text))  # chosen now, so that the early beat carries it
        self.progress(session, text)
        return text

    def progress(self, session: str, text: str) -> None:
        """The session moved on: the body is awake."""
        self.last_progress = self.clock()
        self.events.publish(EventKind.PROGRESS, session=session[:MAX_SESSION], message=text[:MAX_PROGRESS])

    def due(self, scheduled: float) -> float:
        """When the next beat is due: as scheduled, or early after a new instruction — as soon as its exposure is
        chosen (EARLY_BEAT_S at the latest) — so that the clients following the beat (the MCP front door's tool
        lists, the session its calls are journaled under, the console) hear of it at once, with its exposure."""
        if self.changed_at is None and not self.unexposed:
            return scheduled
        chosen = self._chosen()
        if self.changed_at is None:  # published at EARLY_BEAT_S without its exposure: again as soon as it is chosen
            return min(scheduled, self.beat_at + EARLY_GAP_S) if chosen else scheduled
        early = max(self.changed_at if chosen else self.changed_at + EARLY_BEAT_S, self.beat_at + EARLY_GAP_S)
        return min(scheduled, early)

    def _chosen(self) -> bool:
        """Whether the exposure of the current instruction has been chosen (always, with no exposure thread)."""
        return self.selector is None or self.selector.latest_intent == self.instruction

    def stage(self, now: float) -> Stage:
        """The sleep stage from the time since the last session progress."""
        return sleep_stage(now - self.last_progress, self.settings.light_after_s, self.settings.deep_after_s)

    # -- the beat ---------------------------------------------------------------------------

    def beat(self, scheduled: float, now: float) -> float:
        """Publish one beat; return when the next is due. A beat before its time (a new instruction) keeps the
        cadence and the pulse as they were: the next beat comes when it was scheduled to."""
        early = now < scheduled
        alerts = self.health.alerts(self.organs, now)
        if not early:
            chronic = [w.organ for w in self.health.wounds.open.values() if w.chronic]
            vitals = Vitals(
                critical=tuple(dict.fromkeys([*self.health.critical(self.organs, alerts), *chronic])),
                failing=tuple(r.name for r in self.organs if r.breaker.failures >= FAILING_STREAK),
                alerts=len(alerts), idle_s=now - self.last_progress)
            s = self.settings
            self.pulse = next_pulse(self.pulse.interval_s, vitals, s.beat_s, s.beat_max_s, s.quiet_after_s)
        self.seq += 1
        chosen = self._chosen()  # before the exposure is read: the worker may choose it in between
        exposure = self.exposure()
        self.unexposed = (self.changed_at is not None or self.unexposed) and not chosen
        self.changed_at, self.beat_at = None, now
        for view, tokens in (exposure.tokens.items() if exposure else ()):
            self.metrics.schema_tokens.labels(view).set(tokens)
        wounds = self.health.wounds
        blood = Blood(seq=self.seq, at=time.time(), interval_s=scheduled - now if early else self.pulse.interval_s,
                      reason=self.pulse.reason, instruction=self.instruction, session=self.session, stage=self.stage(now),
                      organs={rec.name: rec.status(tuple(w.cause for w in wounds.of(rec.name))) for rec in self.organs},
                      alerts=alerts, exposed=exposure.exposed if exposure else (),
                      tokens=dict(exposure.tokens) if exposure else {}, catalogue=self.organs.digest())
        self.events.blood(blood)
        self.last_blood = blood
        self.metrics.beat(blood, self.pulse.kind)
        if early:
            return scheduled
        following = scheduled + self.pulse.interval_s
        return following if following > now else now + self.pulse.interval_s

    def snapshot(self) -> Blood:
        """The latest beat, for a late joiner (an empty one before the first)."""
        return self.last_blood or Blood(seq=0, at=time.time(), interval_s=self.pulse.interval_s)

    # -- exposure ---------------------------------------------------------------------------

    def exposure(self):
        """The latest exposure of the current instruction (None until the selector first answers)."""
        if self.selector is None:
            return None
        self.selector.want(self.job(self.instruction))
        return self.selector.latest

    def job(self, intent: str, reply=None, budget: int | None = None, recent: tuple[str, ...] | None = None,
            why: bool = False) -> Job:
        """What the exposure worker needs to rank the mesh's tools for an intent (and say why, if asked)."""
        recent = self.health.hysteresis.recent() if recent is None else recent
        return Job(intent, self.organs.tools(self.settings.healer), recent, reply, budget, why)
