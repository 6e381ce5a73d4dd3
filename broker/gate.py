"""Retry gating, the per-session retry budget and the per-organ circuit breaker. Pure functions."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from enum import StrEnum

from broker.causes import NEVER_RETRIED, RETRYABLE
from broker.protocol import CAUSES, Ability
from broker.vocab import BreakerState, Cause, Decision


class Source(StrEnum):
    """Where a failure was seen, which says whether it speaks of the organ's health."""

    DEADLINE = "deadline"  # the organ did not answer in time
    DIED = "died"  # the organ died during the call, or could not be reached at all
    RAISED = "raised"  # the organ answered with an error of its own
    RESULT = "result"  # the organ answered, and the work it ran failed (an exit status, an MCP isError)


# The breaker table: the causes that count against an organ's health, by where the failure was seen.
# A command that exits 1, bad arguments or an encoding error are the caller's news, not the organ's illness;
# an organ that hangs, dies, cannot reach what it wraps, or is told to slow down is ill.
SICKENING: dict[Source, frozenset[str]] = {
    Source.DEADLINE: frozenset(CAUSES),
    Source.DIED: frozenset(CAUSES),
    Source.RAISED: frozenset({Cause.TIMEOUT, Cause.NETWORK, Cause.RATE_LIMITED, Cause.CRASHED}),
    Source.RESULT: frozenset({Cause.RATE_LIMITED}),
}


def sickens(cause: str, source: Source) -> bool:
    """Tell whether a failure with this cause, seen there, counts against the organ's health."""
    return cause in SICKENING[source]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    attempts: int = 3  # in all, the first one included
    backoff_initial_s: float = 0.1
    backoff_max_s: float = 2.0
    budget: int = 20  # retries a session may spend within budget_window_s
    budget_window_s: float = 60.0


@dataclass(frozen=True, slots=True)
class Verdict:
    retries: int  # how many retries are granted; 0 means the failure goes back to the caller
    decision: Decision
    reason: str


def gate(cause: str, ability: Ability, remaining_s: float, budget_left: int, healer_up: bool,
         policy: RetryPolicy = RetryPolicy()) -> Verdict:
    """Decide whether a failed call is retried for the caller or referred back to it."""
    if cause in NEVER_RETRIED:
        return Verdict(0, Decision.REFER, f"{cause} is never retried")
    if cause not in RETRYABLE:
        return Verdict(0, Decision.REFER, f"{cause} is not a transient failure")
    if not (ability.read_only or ability.idempotent):
        return Verdict(0, Decision.REFER, f"{ability.name} has side effects; the caller decides")
    if not healer_up:
        return Verdict(0, Decision.REFER, "the healer is not up")
    if budget_left <= 0:
        return Verdict(0, Decision.REFER, "the session's retry budget is spent")
    if remaining_s <= policy.backoff_initial_s:
        return Verdict(0, Decision.REFER, "no time left before the call's deadline")
    retries = min(policy.attempts - 1, budget_left)
    if retries < 1:
        return Verdict(0, Decision.REFER, "retries are disabled (attempts = 1)")
    return Verdict(retries, Decision.RETRIED, f"{cause} on a read-only or idempotent ability")


class Budget:
    """Retries spent per session within a sliding window."""

    def __init__(self, policy: RetryPolicy = RetryPolicy()) -> None:
        self.policy = policy
        self.spent: dict[str, deque[float]] = {}

    def left(self, session: str, now: float) -> int:
        """Retries this session may still spend."""
        times = self.spent.get(session)
        if not times:
            return self.policy.budget
        while times and now - times[0] >= self.policy.budget_window_s:
            times.popleft()
        if not times:
            del self.spent[session]
        return self.policy.budget - len(times)

    def spend(self, session: str, count: int, now: float) -> None:
        """Record retries spent (or reserved) by this session."""
        self.spent.setdefault(session, deque()).extend([now] * count)

    def refund(self, session: str, count: int) -> None:
        """Give back retries reserved and not used."""
        times = self.spent.get(session)
        for _ in range(min(count, len(times or ()))):
            times.pop()


@dataclass(frozen=True, slots=True)
class Breaker:
    state: BreakerState = BreakerState.CLOSED
    failures: int = 0  # consecutive failures that speak of the organ's health
    opened_at: float = 0.0
    probing: bool = False  # half open: the one probe call is under way


def admit(breaker: Breaker, now: float, cooldown_s: float) -> tuple[bool, Breaker]:
    """Let a call through, or not; after the cool-down one probe goes through."""
    if breaker.state == BreakerState.CLOSED:
        return True, breaker
    if breaker.state == BreakerState.OPEN and now - breaker.opened_at >= cooldown_s:
        return True, replace(breaker, state=BreakerState.HALF_OPEN, probing=True)
    if breaker.state == BreakerState.HALF_OPEN and not breaker.probing:
        return True, replace(breaker, probing=True)
    return False, breaker


def forgive(breaker: Breaker, threshold: int) -> Breaker:
    """Take back one deadline failure: the organ answered after all, having ended the work as it was told.

    Its answer came a moment after the heart gave up (a race at the deadline, not an illness); a breaker it
    had opened, and that stands below the threshold without it, closes again.
    """
    failures = max(0, breaker.failures - 1)
    if breaker.state != BreakerState.CLOSED and failures < threshold:
        return Breaker(failures=failures)
    return replace(breaker, failures=failures)


def record(breaker: Breaker, cause: str | None, now: float, threshold: int, source: Source) -> Breaker:
    """Update the breaker with a call's outcome: cause None is a success."""
    if cause is None:
        return Breaker()
    if not sickens(cause, source):
        return replace(breaker, probing=False)  # the organ answered; the failure is the caller's news
    failures = breaker.failures + 1
    if breaker.state == BreakerState.HALF_OPEN or failures >= threshold:
        return Breaker(state=BreakerState.OPEN, failures=failures, opened_at=now)
    return replace(breaker, failures=failures)
