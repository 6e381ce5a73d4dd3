"""Beat rules: how fast the heart beats and how deeply the body sleeps. Pure functions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from broker.vocab import BeatKind, Stage

CRITICAL_SPEEDUP = 3.0
FAILING_SPEEDUP = 2.0
FAILING_STREAK = 3
QUIET_SLOWDOWN = 1.25


@dataclass(frozen=True, slots=True)
class Vitals:
    """What the heart knows when it schedules the next beat."""

    critical: tuple[str, ...] = ()  # organs (or "heart") with a critical alert
    failing: tuple[str, ...] = ()  # organs with at least FAILING_STREAK consecutive failures
    alerts: int = 0  # alerts of any level
    idle_s: float = 0.0  # seconds since the last session progress


@dataclass(frozen=True, slots=True)
class Alarm:
    """A critical alert, as the beat weighs it."""

    organ: str
    raised: float = 0.0  # monotonic time it was raised; 0.0 for a standing condition (fatal, breaker open)
    claimed: bool = False  # raised by a client (control `alert`), not by the heart's own accounting


def critical_organs(alarms: Iterable[Alarm], well: Mapping[str, float]) -> tuple[str, ...]:
    """Name, once each, the organs a critical alarm still stands for.

    well: the organs up with their breaker closed, each with the monotonic time its process started. An alarm
    the heart raised itself tells of a condition that being well ends (a breaker opened, a hung organ killed, an
    organ that cannot start): it is over once its organ is well, though its news rides in blood until it
    expires. A claim is over once a process started after it is well; until then, like an alarm about no
    organ at all, it stands until it expires. A standing condition is about an organ that is not well."""
    def stands(alarm: Alarm) -> bool:
        started = well.get(alarm.organ)
        return started is None or (alarm.claimed and started <= alarm.raised)

    return tuple(dict.fromkeys(alarm.organ for alarm in alarms if stands(alarm)))


@dataclass(frozen=True, slots=True)
class Pulse:
    interval_s: float
    reason: str  # for people: may name organs
    kind: BeatKind = BeatKind.STEADY  # for metrics and dashboards: a fixed word


def next_pulse(previous_s: float, vitals: Vitals, base_s: float = 1.0, max_s: float = 5.0,
               quiet_after_s: float = 30.0) -> Pulse:
    """Choose the next beat interval and say why: alarm speeds it up, quiet slows it down."""
    if vitals.critical:
        return Pulse(base_s / CRITICAL_SPEEDUP, "critical alert: " + ", ".join(vitals.critical), BeatKind.CRITICAL)
    if vitals.failing:
        return Pulse(base_s / FAILING_SPEEDUP, "repeated failures: " + ", ".join(vitals.failing), BeatKind.FAILING)
    if vitals.alerts == 0 and vitals.idle_s >= quiet_after_s:
        slower = min(max_s, max(previous_s, base_s) * QUIET_SLOWDOWN)
        return Pulse(slower, "quiet" if slower < max_s else "quiet (at ceiling)", BeatKind.QUIET)
    if vitals.alerts:
        return Pulse(base_s, "alerts", BeatKind.ALERTS)
    return Pulse(base_s, "steady", BeatKind.STEADY)


def sleep_stage(idle_s: float, light_after_s: float = 120.0, deep_after_s: float = 300.0) -> Stage:
    """Name the sleep stage for this much time without session progress."""
    if idle_s >= deep_after_s:
        return Stage.DEEP
    if idle_s >= light_after_s:
        return Stage.LIGHT
    return Stage.AWAKE
