"""Restart rules: whether, when and how often a dead organ comes back. Pure functions."""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass

from broker.config import OrganSpec
from broker.protocol import EXIT_REFUSED
from broker.redact import redact_text


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
# a line an MCP organ relayed from the server it wraps (actors/mcp_stdio.py): the server cannot write the organ's own
SERVER_LINE = "[server] "
# how an error reads: an exception's name before its message (ConnectionRefusedError: …, Error: …) or an error word
_ERROR_LINE = re.compile(r"^[\w.]*(?:Error|Exception|Exit|Interrupt|Fault)\b.*:|\b(?:error|fatal|failed|refused|denied|"
                         r"unrecognized|not found|no such|cannot|can't|unable)\b", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # escapes and the like: no terminal takes orders from a log
LAST_WORDS = 400


def last_words(log_tail: str) -> str:
    """Why a process that failed says it did, from the end of its run's log (or stderr), redacted of secrets and
    stripped of control characters (a wrapped server's words reach alerts and MCP clients): the last line that reads
    as an error — an exception (also one inside an exception group's indented report), an error the organ logged, a
    wrapped server's error line (Node's "Error: …" before its version trailer) — else the last line that is neither
    the organ's routine logging (DEBUG, INFO) nor a traceback's frame; "" when there is none. A line of the organ's
    own format counts as its own only when the organ wrote it (a server's relayed lines carry SERVER_LINE)."""
    fallback = ""
    for line in reversed(log_tail.splitlines()):
        text = line.removeprefix(SERVER_LINE)
        own = _OWN_LINE.match(line) if text is line else None
        if own is not None:
            if own.group(1) in ("DEBUG", "INFO"):
                continue
            text = own.group(2)
        stripped = text.strip().lstrip("|+ ").strip()
        if not stripped or stripped.startswith(("Traceback (most recent call last)", "File \"", "at ")):
            continue
        indented = text[:1].isspace()
        if own is not None or _ERROR_LINE.search(stripped):
            if not indented or re.match(r"^[\w.]*(?:Error|Exception)\b", stripped):
                return _clean(stripped)
        if not fallback and not indented:
            fallback = stripped
    return _clean(fallback)


def _clean(text: str) -> str:
    return redact_text(_CONTROL.sub("?", text))[:LAST_WORDS]


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
