"""Restart rules: whether, when and how often a dead organ comes back. Pure functions."""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass

from broker.config import OrganSpec
from broker.protocol import EXIT_REFUSED


@dataclass(frozen=True, slots=True)
class Verdict:
    action: str  # restart | stop | fatal
    delay_s: float
    streak: int  # consecutive unstable runs, including this one
    reason: str


def describe_exit(returncode: int) -> str:
    """Say how a process ended, in words."""
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exited with code {returncode}"


# a line of an organ's own logging (actors.runner's format): "2026-12-06 05:28:43,905 INFO actors._loop[12201]: ..."
_OWN_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) \S+\[\d+\]: (.*)$")
LAST_WORDS = 400


def last_words(log_tail: str) -> str:
    """Why a process that failed says it did: the last line of its run's log (or stderr) that is not its
    own routine logging (DEBUG, INFO) nor a traceback's frames — an exception, an error it logged, or the last
    thing a command it wraps wrote on stderr; "" when there is none."""
    for line in reversed(log_tail.splitlines()):
        if not line.strip() or line[:1].isspace() or line.startswith("Traceback (most recent call last)"):
            continue
        own = _OWN_LINE.match(line)
        if own is not None:
            if own.group(1) in ("DEBUG", "INFO"):
                continue
            line = own.group(2)
        return line.strip()[:LAST_WORDS]
    return ""


def decide(spec: OrganSpec, returncode: int, ran_s: float, streak: int,
           recent_restarts: tuple[float, ...], now: float) -> Verdict:
    """Apply the organ's restart policy, intensity limit and backoff to one exit."""
    how = describe_exit(returncode)
    if spec.restart == "temporary":
        return Verdict("stop", 0.0, 0, f"{how}; temporary organs are not restarted")
    if spec.restart == "transient" and returncode == 0:
        return Verdict("stop", 0.0, 0, f"{how}; transient organs stop on a clean exit")
    if returncode == EXIT_REFUSED:
        return Verdict("fatal", 0.0, streak, f"{how}: it cannot run as configured (the heart refused it, or its "
                       "module or options cannot work; see its log)")
    in_window = [t for t in recent_restarts if now - t < spec.restart_window_s]
    if len(in_window) >= spec.max_restarts:
        return Verdict("fatal", 0.0, streak,
                       f"{how}; {len(in_window)} restarts within {spec.restart_window_s:g}s")
    streak = 0 if ran_s >= spec.stable_after_s else streak
    return Verdict("restart", backoff(spec, streak), streak + 1, how)


def backoff(spec: OrganSpec, streak: int) -> float:
    """Delay before a restart: none after a stable run, then doubling up to the cap."""
    if streak == 0:
        return 0.0
    return min(spec.backoff_max_s, spec.backoff_initial_s * 2.0 ** min(streak - 1, 64))
