"""Where an organ runs a call of an ability that did not declare itself inline: on a worker thread or on the
loop's own thread. Pure decisions, no sockets.

A call handed to a worker costs a thread wake-up each way (about half of an organ's CPU per call on a
2-core machine). An ability whose runs are quick runs on the loop instead, once it has proven itself: PROBATION
quick runs more than its slow ones count against it. On a busy machine a quick run now and then takes long in
wall time (its thread waited for a CPU), so a single slow run neither resets the count nor sends the ability
back: it takes STRIKES slow runs on the loop, each forgiven after PROBATION quick ones, and the next probation
is longer. A call that blocks the loop is the guard's (actors/_loop.py): taken over after TAKE_OVER_S, and
its ability runs on workers for the life of the process.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

QUICK_S = 0.001  # a run at most this long could have run on the loop without delaying much
SLOW_S = 0.005  # a run on the loop longer than this delays the organ's other calls and heartbeats too much
PROBATION = 16  # quick runs (net of slow ones) on workers before an ability runs on the loop
SLOW_WEIGHT = 4  # a slow run during probation takes back this many quick ones
STRIKES = 3.0  # slow runs on the loop, net of forgiveness, that send an ability back to the workers
MAX_PROBATION = 4096
TAKE_OVER_S = 0.05  # a call running on the loop this long is blocking it: another thread takes the loop over


@dataclass(frozen=True, slots=True)
class Placement:
    """What the organ has learnt of one ability's run times."""

    on_loop: bool = False
    quick: int = 0  # on workers: quick runs, net of slow ones
    needed: int = PROBATION  # quick runs needed before the loop runs it
    strikes: float = 0.0  # on the loop: slow runs, net of forgiveness
    banned: bool = False  # it blocked the loop once: workers only, for the life of the process


FRESH = Placement()
BANNED = Placement(banned=True)


def after_run(placement: Placement, took_s: float) -> Placement:
    """Where the next call of an ability runs, given how long its latest run took (on a worker or the loop).

    Returns the same object when nothing changes, so the steady state allocates nothing."""
    if placement.banned:
        return placement
    if placement.on_loop:
        if took_s > SLOW_S:
            strikes = placement.strikes + 1
            if strikes >= STRIKES:
                return Placement(needed=min(MAX_PROBATION, placement.needed * 4))
            return replace(placement, strikes=strikes)
        if placement.strikes and took_s <= QUICK_S:
            return replace(placement, strikes=max(0.0, placement.strikes - 1 / PROBATION))
        return placement
    if took_s > QUICK_S:
        quick = max(0, placement.quick - SLOW_WEIGHT) if took_s > SLOW_S else placement.quick
        return placement if quick == placement.quick else replace(placement, quick=quick)
    quick = placement.quick + 1
    return replace(placement, on_loop=quick >= placement.needed, quick=0 if quick >= placement.needed else quick)


def blocking(started: float, now: float, asked: bool) -> bool:
    """Whether a call running on the loop's thread holds the loop too long (or waits on its caller's answer)."""
    return asked or now - started >= TAKE_OVER_S
