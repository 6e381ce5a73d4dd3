"""Wounds: one open per (organ, cause), healed only by the organ's next real success."""

from __future__ import annotations

import pytest

from broker.wounds import Wound, Wounds, chronic

CHRONIC_AFTER = 300.0
NOW, WALL = 1000.0, 1_700_000_000.0


def keys(wounds: Wounds) -> set[tuple[str, str]]:
    return {(w.organ, w.cause) for w in wounds.open.values()}


def test_a_first_failure_opens_a_wound_and_returns_it():
    wounds = Wounds(CHRONIC_AFTER)

    wound = wounds.hurt("fs", "timeout", NOW, WALL)

    assert wound is not None
    assert (wound.organ, wound.cause, wound.failures, wound.chronic) == ("fs", "timeout", 1, False)
    assert (wound.opened, wound.opened_at) == (NOW, WALL)
    assert wounds.of("fs") == [wound]


def test_a_repeated_failure_with_the_same_cause_deepens_the_open_wound_instead_of_opening_another():
    wounds = Wounds(CHRONIC_AFTER)
    first = wounds.hurt("fs", "timeout", NOW, WALL)

    assert wounds.hurt("fs", "timeout", NOW + 5, WALL + 5) is None
    assert wounds.hurt("fs", "timeout", NOW + 9, WALL + 9) is None

    assert wounds.of("fs") == [first]
    assert first.failures == 3
    assert first.opened == NOW, "a deeper wound keeps the time it opened"


@pytest.mark.parametrize("second", [("fs", "network"), ("shell", "timeout")], ids=["other_cause", "other_organ"])
def test_a_failure_with_another_organ_or_cause_opens_a_separate_wound(second):
    wounds = Wounds(CHRONIC_AFTER)
    wounds.hurt("fs", "timeout", NOW, WALL)

    assert wounds.hurt(*second, NOW, WALL) is not None
    assert keys(wounds) == {("fs", "timeout"), second}


def test_healing_an_organ_closes_all_its_wounds_and_only_its_own():
    wounds = Wounds(CHRONIC_AFTER)
    for organ, cause in [("fs", "timeout"), ("fs", "network"), ("shell", "timeout")]:
        wounds.hurt(organ, cause, NOW, WALL)

    healed = wounds.heal("fs")

    assert {(w.organ, w.cause) for w in healed} == {("fs", "timeout"), ("fs", "network")}
    assert wounds.of("fs") == []
    assert keys(wounds) == {("shell", "timeout")}


def test_healing_an_organ_without_wounds_closes_nothing():
    wounds = Wounds(CHRONIC_AFTER)
    wounds.hurt("shell", "timeout", NOW, WALL)

    assert wounds.heal("fs") == []
    assert keys(wounds) == {("shell", "timeout")}


def test_a_failure_after_healing_opens_a_fresh_wound():
    wounds = Wounds(CHRONIC_AFTER)
    wounds.hurt("fs", "timeout", NOW, WALL)
    wounds.hurt("fs", "timeout", NOW + 1, WALL + 1)
    wounds.heal("fs")

    wound = wounds.hurt("fs", "timeout", NOW + 50, WALL + 50)

    assert wound is not None
    assert (wound.failures, wound.opened, wound.chronic) == (1, NOW + 50, False)


def failing(wounds: Wounds, organ: str, cause: str, start: float, until: float, every: float = 60.0):
    """Failures of one organ from `start` to `until` (inclusive), one every `every` seconds; the wound."""
    wound = wounds.hurt(organ, cause, start, WALL + start)
    t = start + every
    while t <= until:
        wounds.hurt(organ, cause, t, WALL + t)
        t += every
    return wound


def test_neither_time_nor_turning_chronic_or_quiet_closes_a_wound():
    wounds = Wounds(CHRONIC_AFTER)
    failing(wounds, "fs", "timeout", NOW, NOW + CHRONIC_AFTER)

    wounds.review(NOW + CHRONIC_AFTER)
    assert [w.chronic for w in wounds.of("fs")] == [True]
    wounds.review(NOW + 1e9)

    assert keys(wounds) == {("fs", "timeout")}
    assert [w.chronic for w in wounds.of("fs")] == [False]


def test_a_single_failure_long_ago_never_makes_a_wound_chronic():
    wounds = Wounds(CHRONIC_AFTER)
    wound = wounds.hurt("fs", "timeout", NOW, WALL)

    for later in (CHRONIC_AFTER - 1, CHRONIC_AFTER, 2 * CHRONIC_AFTER, 1e9):
        assert wounds.review(NOW + later) == ([], [])
    assert wound.chronic is False
    assert keys(wounds) == {("fs", "timeout")}, "it stays open until the organ succeeds"


def test_a_wound_turns_chronic_when_its_failures_have_gone_on_for_chronic_after_s_and_not_a_second_earlier():
    wounds = Wounds(CHRONIC_AFTER)
    wound = failing(wounds, "fs", "timeout", NOW, NOW + CHRONIC_AFTER - 1, every=CHRONIC_AFTER - 1)

    assert wounds.review(NOW + CHRONIC_AFTER) == ([], [])
    assert wound.chronic is False

    wounds.hurt("fs", "timeout", NOW + CHRONIC_AFTER, WALL + CHRONIC_AFTER)
    assert wounds.review(NOW + CHRONIC_AFTER) == ([wound], [])
    assert wound.chronic is True


def test_a_chronic_wound_turns_quiet_when_its_last_failure_is_chronic_after_s_old_and_chronic_again_when_it_fails():
    wounds = Wounds(CHRONIC_AFTER)
    last = NOW + CHRONIC_AFTER
    wound = failing(wounds, "fs", "timeout", NOW, last)
    assert wounds.review(last) == ([wound], [])

    assert wounds.review(last + CHRONIC_AFTER - 1) == ([], [])
    assert wounds.review(last + CHRONIC_AFTER) == ([], [wound])
    assert wound.chronic is False

    wounds.hurt("fs", "timeout", last + 2 * CHRONIC_AFTER, WALL)
    assert wounds.review(last + 2 * CHRONIC_AFTER) == ([wound], [])


def test_a_chronic_wound_is_reported_once_and_not_again_on_the_next_pass():
    wounds = Wounds(CHRONIC_AFTER)
    failing(wounds, "fs", "timeout", NOW, NOW + CHRONIC_AFTER)
    assert len(wounds.review(NOW + CHRONIC_AFTER)[0]) == 1

    assert wounds.review(NOW + CHRONIC_AFTER + 1) == ([], [])
    assert wounds.review(NOW + CHRONIC_AFTER + 2) == ([], [])


def test_only_the_wounds_failing_long_enough_turn_chronic():
    wounds = Wounds(CHRONIC_AFTER)
    old = failing(wounds, "fs", "timeout", NOW, NOW + CHRONIC_AFTER + 30, every=30.0)
    young = failing(wounds, "shell", "timeout", NOW + 100, NOW + CHRONIC_AFTER + 30, every=30.0)

    assert wounds.review(NOW + CHRONIC_AFTER + 30) == ([old], [])
    assert young.chronic is False
    wounds.hurt("shell", "timeout", NOW + CHRONIC_AFTER + 100, WALL)
    assert wounds.review(NOW + CHRONIC_AFTER + 100) == ([young], [])


def test_the_chronic_threshold_comes_from_the_caller():
    wounds = Wounds(chronic_after_s=10.0)
    failing(wounds, "fs", "timeout", NOW, NOW + 10.0, every=5.0)

    assert len(wounds.review(NOW + 10.0)[0]) == 1


@pytest.mark.parametrize(("opened", "last", "now", "expected"), [
    (0, 0, 0, False), (0, 0, 299, False), (0, 299, 299, False), (0, 300, 300, True), (0, 300, 599, True),
    (0, 300, 600, False), (0, 900, 1000, True), (50, 340, 345, False),
], ids=lambda v: str(v))
def test_chronic_needs_failures_spanning_the_threshold_and_a_recent_one(opened, last, now, expected):
    wound = Wound("fs", "timeout", opened, WALL, last_failure=last)

    assert chronic(wound, now, CHRONIC_AFTER) is expected


def test_describe_shows_the_wound_as_status_and_blood_show_it():
    wounds = Wounds(CHRONIC_AFTER)
    wound = wounds.hurt("fs", "timeout", NOW, WALL)
    wounds.hurt("fs", "timeout", NOW + 1, WALL + 1)

    assert wound.describe(NOW + 12.34567) == {
        "organ": "fs", "cause": "timeout", "failures": 2, "chronic": False,
        "open_s": 12.346, "opened_at": WALL, "quiet_s": 11.346,
    }


def test_describe_says_when_a_wound_is_chronic():
    wounds = Wounds(CHRONIC_AFTER)
    wound = failing(wounds, "fs", "timeout", NOW, NOW + CHRONIC_AFTER)
    wounds.review(NOW + CHRONIC_AFTER)

    described = wound.describe(NOW + CHRONIC_AFTER)

    assert described["chronic"] is True
    assert described["open_s"] == CHRONIC_AFTER
    assert described["quiet_s"] == 0
