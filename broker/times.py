"""Event times of the contract's journal (Unix seconds): which ones a reader can trust. Pure.

Memory's ingest and exposure's `--journal` both read them, and both refuse the same ones: a card's age and an
episode's decay run from its events' times, so one event from the year 58,000 (milliseconds read as seconds) would
never decay, or make every other one ancient.
"""

from __future__ import annotations

import math

FUTURE_SLACK_S = 86400.0  # an event may be this far past the reading machine's clock (clocks differ)
EPOCH_2000 = 946_684_800.0  # a ts that is this or later once divided by 1000 was written in milliseconds


def finite(value: object) -> float | None:
    """A JSON number as a finite float, or None (not a number, a boolean, infinite, or an integer too large for a
    float: a 401-digit `ts` must be a bad line, not an OverflowError)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def ts_problem(ts: float, now: float) -> str | None:
    """Why an event time cannot be trusted (None when it can): not finite, negative, or more than a day past
    `now`, the reading machine's clock."""
    if not math.isfinite(ts):
        return "`ts` must be a finite number of Unix seconds"
    if ts < 0:
        return f"`ts` {ts:g} is negative; it must be Unix seconds since 1970"
    if ts > now + FUTURE_SLACK_S:
        said = f"`ts` {ts:.15g} is more than a day past this machine's clock ({now:.0f})"
        if looks_like_milliseconds(ts, now):
            return f"{said}; it looks like Unix milliseconds: in seconds it would be {ts / 1000:.3f}"
        return said
    return None


def looks_like_milliseconds(ts: float, now: float) -> bool:
    """Tell whether a time is plausible once read as milliseconds: from 2000 to ten years past the clock."""
    return EPOCH_2000 <= ts / 1000.0 <= now + 3653 * 86400.0
