"""Retry gate, session retry budget and circuit breaker: pure decisions, tested without a socket."""

from __future__ import annotations

import pytest

from broker.gate import Breaker, Budget, RetryPolicy, Source, admit, forgive, gate, record, sickens
from broker.protocol import Ability

POLICY = RetryPolicy(attempts=3, backoff_initial_s=0.1, backoff_max_s=2.0, budget=20, budget_window_s=60.0)
READ_ONLY = Ability("read_file", read_only=True)
IDEMPOTENT = Ability("put_file", idempotent=True)
SIDE_EFFECTS = Ability("append_file")
DESTRUCTIVE = Ability("delete_file", destructive=True)

# Written out rather than imported, so that a change to the sets in the code makes these tests fail.
TRANSIENT = ("timeout", "network", "rate_limited", "crashed")
NEVER_RETRIED = ("bad_params", "permission", "not_found", "tool_missing")
NOT_TRANSIENT = ("unknown", "conflict", "organ_unhealthy")
HEALTH = TRANSIENT  # raised by the organ itself: the organ hangs, dies, cannot reach, is told to slow down
CALLER_ERRORS = NEVER_RETRIED + ("conflict", "unknown")

THRESHOLD, COOLDOWN = 3, 30.0
NOW = 1000.0


def judge(cause: str, ability: Ability = READ_ONLY, remaining_s: float = 10.0, budget_left: int = 20,
          healer_up: bool = True, policy: RetryPolicy = POLICY):
    return gate(cause, ability, remaining_s, budget_left, healer_up, policy)


# -- gate ----------------------------------------------------------------------------------

@pytest.mark.parametrize("ability", [READ_ONLY, IDEMPOTENT, SIDE_EFFECTS], ids=["read_only", "idempotent", "effects"])
@pytest.mark.parametrize("cause", NEVER_RETRIED)
def test_a_cause_that_is_never_retried_is_referred_with_no_retries(cause, ability):
    verdict = judge(cause, ability)

    assert (verdict.decision, verdict.retries) == ("refer", 0)
    assert cause in verdict.reason and "never retried" in verdict.reason


@pytest.mark.parametrize("cause", NOT_TRANSIENT)
def test_a_cause_that_is_not_transient_is_referred_even_on_a_read_only_ability(cause):
    verdict = judge(cause, READ_ONLY)

    assert (verdict.decision, verdict.retries) == ("refer", 0)
    assert "not a transient" in verdict.reason


@pytest.mark.parametrize("ability", [READ_ONLY, IDEMPOTENT], ids=["read_only", "idempotent"])
@pytest.mark.parametrize("cause", TRANSIENT)
def test_a_transient_failure_of_a_safe_ability_is_retried_attempts_minus_one_times(cause, ability):
    verdict = judge(cause, ability)

    assert (verdict.decision, verdict.retries) == ("retried", POLICY.attempts - 1)


@pytest.mark.parametrize("attempts", [2, 3, 7])
def test_the_number_of_retries_follows_the_policy_attempts(attempts):
    assert judge("timeout", policy=RetryPolicy(attempts=attempts)).retries == attempts - 1


@pytest.mark.parametrize("budget_left, retries", [(1, 1), (2, 2), (3, 2), (50, 2)])
def test_the_retries_granted_are_capped_by_the_budget_left(budget_left, retries):
    verdict = judge("timeout", budget_left=budget_left)

    assert (verdict.decision, verdict.retries) == ("retried", retries)


@pytest.mark.parametrize("ability", [SIDE_EFFECTS, DESTRUCTIVE], ids=["effects", "destructive"])
@pytest.mark.parametrize("cause", TRANSIENT)
def test_a_transient_failure_of_an_ability_with_side_effects_is_referred_to_the_caller(cause, ability):
    verdict = judge(cause, ability)

    assert (verdict.decision, verdict.retries) == ("refer", 0)
    assert ability.name in verdict.reason and "side effects" in verdict.reason


@pytest.mark.parametrize("changes, why", [
    ({"healer_up": False}, "healer is not up"),
    ({"budget_left": 0}, "budget is spent"),
    ({"budget_left": -3}, "budget is spent"),
    ({"remaining_s": POLICY.backoff_initial_s}, "no time left"),
    ({"remaining_s": 0.0}, "no time left"),
    ({"remaining_s": -1.0}, "no time left"),
], ids=["healer_down", "budget_zero", "budget_overdrawn", "time_equal_backoff", "time_zero", "time_past"])
def test_a_transient_failure_is_referred_when_a_retry_cannot_happen_and_the_reason_says_why(changes, why):
    verdict = judge("timeout", READ_ONLY, **changes)

    assert (verdict.decision, verdict.retries) == ("refer", 0)
    assert why in verdict.reason


def test_a_deadline_just_beyond_the_first_backoff_still_allows_a_retry():
    assert judge("timeout", remaining_s=POLICY.backoff_initial_s + 0.001).decision == "retried"


# -- budget --------------------------------------------------------------------------------

def test_a_fresh_session_has_the_whole_budget_of_the_policy():
    assert Budget(POLICY).left("s1", NOW) == POLICY.budget
    assert Budget(RetryPolicy(budget=4)).left("s1", NOW) == 4


def test_spending_lowers_the_budget_of_that_session_only():
    budget = Budget(POLICY)

    budget.spend("s1", 3, NOW)
    budget.spend("s1", 2, NOW + 1)

    assert budget.left("s1", NOW + 2) == POLICY.budget - 5
    assert budget.left("s2", NOW + 2) == POLICY.budget


def test_retries_older_than_the_window_stop_counting():
    budget = Budget(POLICY)
    budget.spend("s1", 4, NOW)

    assert budget.left("s1", NOW + POLICY.budget_window_s - 0.001) == POLICY.budget - 4
    assert budget.left("s1", NOW + POLICY.budget_window_s) == POLICY.budget


def test_the_window_slides_so_only_the_recent_retries_still_count():
    budget = Budget(POLICY)
    budget.spend("s1", 2, NOW)
    budget.spend("s1", 3, NOW + 30)

    assert budget.left("s1", NOW + 70) == POLICY.budget - 3
    assert budget.left("s1", NOW + 90) == POLICY.budget


def test_a_refund_gives_back_retries_reserved_and_not_used():
    budget = Budget(POLICY)
    budget.spend("s1", 3, NOW)

    budget.refund("s1", 2)

    assert budget.left("s1", NOW) == POLICY.budget - 1


def test_a_refund_never_gives_back_more_than_was_spent():
    budget = Budget(POLICY)
    budget.spend("s1", 1, NOW)

    budget.refund("s1", 5)

    assert budget.left("s1", NOW) == POLICY.budget


def test_a_refund_to_a_session_that_spent_nothing_changes_no_one():
    budget = Budget(POLICY)
    budget.spend("s1", 2, NOW)

    budget.refund("s2", 3)

    assert budget.left("s2", NOW) == POLICY.budget
    assert budget.left("s1", NOW) == POLICY.budget - 2


# -- breaker -------------------------------------------------------------------------------

def fail(breaker: Breaker, times: int, cause: str = "timeout", now: float = NOW,
         source: Source = Source.RAISED) -> Breaker:
    for _ in range(times):
        breaker = record(breaker, cause, now, THRESHOLD, source)
    return breaker


def opened(at: float = NOW) -> Breaker:
    breaker = fail(Breaker(), THRESHOLD, now=at)
    assert breaker.state == "open"
    return breaker


def test_a_closed_breaker_admits_calls_and_stays_as_it_is():
    breaker = Breaker()

    allowed, after = admit(breaker, NOW, COOLDOWN)

    assert allowed is True
    assert after == breaker


@pytest.mark.parametrize("cause", HEALTH)
def test_threshold_consecutive_health_failures_open_the_breaker_and_one_fewer_does_not(cause):
    almost = fail(Breaker(), THRESHOLD - 1, cause)
    assert almost.state == "closed"
    assert admit(almost, NOW, COOLDOWN)[0] is True

    tripped = fail(almost, 1, cause, now=NOW + 1)

    assert tripped.state == "open"
    assert tripped.opened_at == NOW + 1
    assert admit(tripped, NOW + 1, COOLDOWN)[0] is False


@pytest.mark.parametrize("cause", CALLER_ERRORS)
def test_a_caller_error_neither_counts_toward_opening_nor_resets_the_count(cause):
    breaker = fail(Breaker(), THRESHOLD - 1)

    breaker = fail(breaker, 10, cause)

    assert breaker.state == "closed"
    assert breaker.failures == THRESHOLD - 1
    assert fail(breaker, 1).state == "open"


def test_a_success_resets_the_count_of_consecutive_failures():
    breaker = fail(Breaker(), THRESHOLD - 1)

    breaker = record(breaker, None, NOW, THRESHOLD, Source.RAISED)
    breaker = fail(breaker, THRESHOLD - 1)

    assert breaker.state == "closed"
    assert breaker.failures == THRESHOLD - 1


def test_an_open_breaker_refuses_calls_until_the_cooldown_has_passed():
    breaker = opened(NOW)

    allowed, after = admit(breaker, NOW + COOLDOWN - 0.001, COOLDOWN)
    assert allowed is False
    assert after == breaker

    allowed, after = admit(breaker, NOW + COOLDOWN, COOLDOWN)
    assert allowed is True
    assert after.state == "half_open"


def test_after_the_cooldown_exactly_one_probe_goes_through():
    _, probing = admit(opened(NOW), NOW + COOLDOWN, COOLDOWN)

    allowed, after = admit(probing, NOW + COOLDOWN + 0.5, COOLDOWN)

    assert allowed is False
    assert after == probing


def test_a_successful_probe_closes_the_breaker():
    _, probing = admit(opened(NOW), NOW + COOLDOWN, COOLDOWN)

    closed = record(probing, None, NOW + COOLDOWN + 1, THRESHOLD, Source.RAISED)

    assert closed.state == "closed"
    assert closed.failures == 0
    assert admit(closed, NOW + COOLDOWN + 1, COOLDOWN)[0] is True


def test_a_failed_probe_reopens_the_breaker_even_below_the_threshold():
    # e.g. the threshold was raised while the breaker was open
    probing = Breaker(state="half_open", failures=0, opened_at=NOW, probing=True)

    assert record(probing, "timeout", NOW + COOLDOWN, THRESHOLD, Source.RAISED).state == "open"


def test_a_probe_its_caller_cancelled_lets_the_next_call_probe_and_says_nothing_of_the_organ():
    _, probing = admit(opened(NOW), NOW + COOLDOWN, COOLDOWN)

    after = record(probing, "cancelled", NOW + COOLDOWN + 0.1, THRESHOLD, Source.RAISED)

    assert after.state == "half_open" and after.failures == probing.failures
    assert admit(after, NOW + COOLDOWN + 0.2, COOLDOWN) == (True, probing)


@pytest.mark.parametrize("cause", HEALTH)
def test_a_failed_probe_reopens_the_breaker_with_a_fresh_cooldown(cause):
    probe_at = NOW + COOLDOWN + 10
    _, probing = admit(opened(NOW), probe_at, COOLDOWN)

    reopened = record(probing, cause, probe_at, THRESHOLD, Source.RAISED)

    assert reopened.state == "open"
    assert reopened.opened_at == probe_at
    # the old cool-down has long passed; only the fresh one counts
    assert admit(reopened, probe_at + COOLDOWN - 0.001, COOLDOWN)[0] is False
    assert admit(reopened, probe_at + COOLDOWN, COOLDOWN)[0] is True


# -- the breaker table: only the organ's health counts ------------------------------------------

# Written out: a deadline passed or the organ died counts whatever the cause; of the failures the organ
# answered with, only these (source, cause) pairs count.
SICKENING = {
    ("raised", "timeout"), ("raised", "network"), ("raised", "rate_limited"), ("raised", "crashed"),
    ("result", "rate_limited"),
}
ALL_CAUSES = ("tool_missing", "bad_params", "not_found", "permission", "timeout", "network", "rate_limited",
              "conflict", "crashed", "organ_unhealthy", "unknown")


@pytest.mark.parametrize("source", list(Source))
@pytest.mark.parametrize("cause", ALL_CAUSES)
def test_the_breaker_table_counts_hangs_deaths_unreachability_and_rate_limits_only(source, cause):
    expected = (source.value, cause) in SICKENING or source in (Source.DEADLINE, Source.DIED)
    assert sickens(cause, source) is expected


@pytest.mark.parametrize("cause", ["unknown", "timeout", "bad_params", "not_found", "crashed"])
def test_five_failing_commands_in_a_row_leave_the_breaker_closed(cause):
    # a grep without a match, a red test run, a command that timed out: the organ ran them fine
    breaker = fail(Breaker(), 5 * THRESHOLD, cause, source=Source.RESULT)

    assert breaker.state == "closed"
    assert breaker.failures == 0


def test_an_encoding_error_or_a_bug_raised_by_the_organ_leaves_the_breaker_closed():
    breaker = fail(Breaker(), 5 * THRESHOLD, "unknown", source=Source.RAISED)

    assert breaker.state == "closed"


def test_a_rate_limit_declared_in_a_tool_result_counts_against_the_organ():
    assert fail(Breaker(), THRESHOLD, "rate_limited", source=Source.RESULT).state == "open"


@pytest.mark.parametrize("source", [Source.DEADLINE, Source.DIED])
def test_an_organ_that_hangs_or_dies_opens_its_breaker(source):
    assert fail(Breaker(), THRESHOLD, "timeout" if source is Source.DEADLINE else "crashed",
                source=source).state == "open"


def test_a_deadline_answered_late_with_the_work_ended_is_taken_back():
    almost = fail(Breaker(), THRESHOLD - 1, "timeout", source=Source.DEADLINE)

    assert forgive(almost, THRESHOLD) == Breaker(failures=THRESHOLD - 2)


def test_a_breaker_a_forgiven_deadline_opened_closes_again():
    tripped = fail(Breaker(), THRESHOLD, "timeout", source=Source.DEADLINE)
    assert tripped.state == "open"

    assert forgive(tripped, THRESHOLD) == Breaker(failures=THRESHOLD - 1)
    assert forgive(Breaker(), THRESHOLD) == Breaker()  # nothing to take back
    deeper = fail(tripped, 2, "timeout", source=Source.DEADLINE)
    assert forgive(deeper, THRESHOLD).state == "open"  # still at the threshold without it
