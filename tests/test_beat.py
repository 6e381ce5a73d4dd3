"""Beat rules: alarm speeds the heart up, quiet slows it down gradually, progress wakes it."""

from __future__ import annotations

import pytest

from broker.beat import Alarm, Vitals, critical_organs, next_pulse, sleep_stage

BASE, CEILING, QUIET_AFTER = 1.0, 5.0, 30.0
QUIET = Vitals(idle_s=QUIET_AFTER)


def pulse(previous_s: float, vitals: Vitals):
    return next_pulse(previous_s, vitals, base_s=BASE, max_s=CEILING, quiet_after_s=QUIET_AFTER)


def test_a_steady_body_beats_at_the_base_interval():
    result = pulse(BASE, Vitals(idle_s=5.0))

    assert result.interval_s == BASE
    assert result.reason == "steady"


def test_the_base_interval_comes_from_the_caller():
    assert next_pulse(2.0, Vitals(), base_s=2.0, max_s=10.0).interval_s == 2.0


def test_a_critical_alert_beats_three_times_as_fast_and_names_the_organ():
    result = pulse(BASE, Vitals(critical=("fs",), alerts=1))

    assert result.interval_s == pytest.approx(BASE / 3)
    assert "critical" in result.reason and "fs" in result.reason


def test_a_critical_alert_names_every_organ_in_the_reason():
    reason = pulse(BASE, Vitals(critical=("fs", "heart"), alerts=2)).reason

    assert "fs" in reason and "heart" in reason


def test_organs_failing_repeatedly_beat_twice_as_fast_and_are_named():
    result = pulse(BASE, Vitals(failing=("shell",)))

    assert result.interval_s == pytest.approx(BASE / 2)
    assert "shell" in result.reason


def test_critical_wins_over_failing():
    result = pulse(BASE, Vitals(critical=("fs",), failing=("shell",), alerts=1))

    assert result.interval_s == pytest.approx(BASE / 3)
    assert "fs" in result.reason and "shell" not in result.reason


@pytest.mark.parametrize("vitals", [Vitals(critical=("fs",), idle_s=1e6), Vitals(failing=("fs",), idle_s=1e6)],
                         ids=["critical", "failing"])
def test_alarm_speeds_the_heart_up_even_from_the_ceiling_of_a_long_quiet(vitals):
    assert pulse(CEILING, vitals).interval_s < BASE


def test_a_quiet_body_slows_by_the_factor_one_beat_at_a_time():
    assert pulse(BASE, QUIET).interval_s == pytest.approx(BASE * 1.25)
    assert pulse(2.0, QUIET).interval_s == pytest.approx(2.5)


def test_quiet_starts_exactly_at_quiet_after_s():
    assert pulse(BASE, Vitals(idle_s=QUIET_AFTER)).interval_s > BASE
    assert pulse(BASE, Vitals(idle_s=QUIET_AFTER - 0.001)).interval_s == BASE


def test_a_long_quiet_climbs_gradually_to_the_ceiling_and_never_above():
    intervals = [BASE]
    for _ in range(20):
        intervals.append(pulse(intervals[-1], QUIET).interval_s)

    climb = intervals[: intervals.index(CEILING) + 1]
    assert len(climb) > 3, "the heart must not jump to the ceiling"
    assert all(b > a for a, b in zip(climb, climb[1:]))
    assert all(b <= a * 1.25 + 1e-9 for a, b in zip(climb, climb[1:]))
    assert max(intervals) == CEILING
    assert intervals[-1] == CEILING


def test_the_reason_says_when_the_quiet_heart_is_at_its_ceiling():
    assert pulse(2.0, QUIET).reason == "quiet"
    assert pulse(CEILING, QUIET).reason == "quiet (at ceiling)"


def test_a_previous_interval_above_the_ceiling_is_brought_down_to_it():
    assert pulse(CEILING * 3, QUIET).interval_s == CEILING


def test_a_quiet_slowdown_starts_from_the_base_after_a_fast_beat():
    # after an alarm the previous interval is below the base; quiet must not stay fast
    assert pulse(BASE / 3, QUIET).interval_s == pytest.approx(BASE * 1.25)


@pytest.mark.parametrize("alerts", [1, 7])
def test_any_alert_keeps_the_heart_at_the_base_interval(alerts):
    result = pulse(4.0, Vitals(alerts=alerts, idle_s=1e6))

    assert result.interval_s == BASE
    assert result.reason == "alerts"


def test_progress_returns_a_slowed_heart_to_the_base_interval():
    assert pulse(CEILING, Vitals(idle_s=0.0)).interval_s == BASE


@pytest.mark.parametrize("idle_s, stage", [
    (0.0, "awake"),
    (119.999, "awake"),
    (120.0, "light"),
    (299.999, "light"),
    (300.0, "deep"),
    (1e9, "deep"),
])
def test_sleep_stage_at_the_default_thresholds(idle_s, stage):
    assert sleep_stage(idle_s) == stage


@pytest.mark.parametrize("idle_s, stage", [(9.9, "awake"), (10.0, "light"), (20.0, "deep")])
def test_sleep_stage_uses_the_thresholds_it_is_given(idle_s, stage):
    assert sleep_stage(idle_s, light_after_s=10.0, deep_after_s=20.0) == stage


def test_equal_thresholds_go_straight_from_awake_to_deep():
    assert sleep_stage(9.0, 10.0, 10.0) == "awake"
    assert sleep_stage(10.0, 10.0, 10.0) == "deep"


# -- which critical alerts still stand (broker.beat.critical_organs) ------------------------------------------
# well: organ -> monotonic time its current process started; alarms raised at monotonic times below

def test_an_alarm_the_heart_raised_ends_once_its_organ_is_well_though_the_alert_has_not_expired():
    # fs's breaker opened at 100.0 (its process had started at 50.0); a fresh fs registered at 100.4
    breaker_opened = Alarm("fs", raised=100.0)
    assert critical_organs([breaker_opened], well={}) == ("fs",)
    assert critical_organs([breaker_opened], well={"fs": 100.4}) == ()
    # a probe that closed the breaker of the same process ends it too
    assert critical_organs([breaker_opened], well={"fs": 50.0}) == ()


def test_once_nothing_is_critical_the_next_beat_is_calm_not_held_fast():
    assert pulse(BASE / 3, Vitals(critical=critical_organs([Alarm("fs", 100.0)], {"fs": 100.4}), alerts=1)
                 ).interval_s == BASE


def test_a_standing_condition_stands_while_its_organ_is_not_well():
    assert critical_organs([Alarm("fs"), Alarm("shell")], well={"shell": 10.0}) == ("fs",)


def test_a_claim_stands_until_a_process_started_after_it_is_well():
    stuck = Alarm("fs", raised=100.0, claimed=True)  # the organ's watchdog: every worker stuck
    assert critical_organs([stuck], well={"fs": 50.0}) == ("fs",), "the process it was about still runs"
    assert critical_organs([stuck], well={}) == ("fs",)
    assert critical_organs([stuck], well={"fs": 100.5}) == ()


def test_a_claim_about_no_organ_stands_until_it_expires():
    assert critical_organs([Alarm("heart", 100.0, claimed=True), Alarm("", 100.0, claimed=True)],
                           well={"fs": 1.0}) == ("heart", "")


def test_each_organ_is_named_once_in_the_order_of_its_first_alarm():
    alarms = [Alarm("shell", 3.0), Alarm("fs"), Alarm("shell", 4.0, claimed=True)]
    assert critical_organs(alarms, well={}) == ("shell", "fs")
