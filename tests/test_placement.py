"""Where an organ runs calls of abilities not declared inline: the pure decisions of actors/_placement.py."""

from __future__ import annotations

from actors._placement import (BANNED, FRESH, MAX_PROBATION, PROBATION, QUICK_S, SLOW_S, STRIKES, TAKE_OVER_S,
                               Placement, after_run, blocking)

QUICK = QUICK_S / 10
MIDDLING = (QUICK_S + SLOW_S) / 2
SLOW = SLOW_S * 2


def runs(placement: Placement, *took: float) -> Placement:
    for took_s in took:
        placement = after_run(placement, took_s)
    return placement


def test_an_ability_runs_on_workers_until_its_probation_of_quick_runs_is_over():
    assert not runs(FRESH, *[QUICK] * (PROBATION - 1)).on_loop
    assert runs(FRESH, *[QUICK] * PROBATION).on_loop


def test_runs_neither_quick_nor_slow_do_not_count_towards_the_probation():
    assert not runs(FRESH, *[MIDDLING] * (10 * PROBATION)).on_loop
    assert not runs(FRESH, *[QUICK] * (PROBATION - 1), MIDDLING).on_loop


def test_a_slow_run_during_probation_takes_back_several_quick_ones_but_does_not_reset_them():
    almost = runs(FRESH, *[QUICK] * (PROBATION - 1))
    after_slow = runs(almost, SLOW)
    assert 0 < after_slow.quick < almost.quick
    assert runs(after_slow, *[QUICK] * (almost.quick - after_slow.quick + 1)).on_loop


def test_an_ability_on_the_loop_goes_back_to_workers_after_repeated_slow_runs_with_a_longer_probation():
    on_loop = runs(FRESH, *[QUICK] * PROBATION)
    assert runs(on_loop, *[SLOW] * (int(STRIKES) - 1)).on_loop
    back = runs(on_loop, *[SLOW] * int(STRIKES))
    assert not back.on_loop and back.needed == 4 * PROBATION
    assert not runs(back, *[QUICK] * PROBATION).on_loop
    assert runs(back, *[QUICK] * (4 * PROBATION)).on_loop


def test_slow_runs_on_the_loop_are_forgiven_after_enough_quick_ones():
    on_loop = runs(FRESH, *[QUICK] * PROBATION)
    for _ in range(10):
        on_loop = runs(on_loop, *[SLOW] * (int(STRIKES) - 1), *[QUICK] * (PROBATION * int(STRIKES)))
    assert on_loop.on_loop and on_loop.strikes == 0


def test_the_probation_grows_no_longer_than_its_cap():
    placement = FRESH
    for _ in range(12):
        placement = runs(placement, *[QUICK] * placement.needed, *[SLOW] * int(STRIKES))
    assert placement.needed == MAX_PROBATION


def test_the_steady_state_on_the_loop_allocates_nothing():
    on_loop = runs(FRESH, *[QUICK] * PROBATION)
    assert after_run(on_loop, QUICK) is on_loop
    assert after_run(on_loop, MIDDLING) is on_loop


def test_a_banned_ability_never_runs_on_the_loop_again():
    assert runs(BANNED, *[QUICK] * (10 * PROBATION)) is BANNED


def test_a_call_on_the_loop_is_blocking_it_once_it_runs_too_long_or_waits_for_an_answer():
    assert not blocking(started=10.0, now=10.0 + TAKE_OVER_S / 2, asked=False)
    assert blocking(started=10.0, now=10.0 + TAKE_OVER_S, asked=False)
    assert blocking(started=10.0, now=10.0, asked=True)
