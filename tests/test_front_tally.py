"""The front door's refusal counts reach the heart summed, at most once a second: pure, with the time given."""

from __future__ import annotations

from actors.front.link import Tally


def test_a_first_refusal_is_reported_at_once():
    tally = Tally(every_s=1.0)
    tally.add("peer")
    assert tally.take(now=100.0) == {"peer": 1}
    assert tally.take(now=100.0) == {}


def test_a_burst_of_refusals_within_a_second_is_reported_once_as_its_sum():
    tally = Tally(every_s=1.0)
    tally.add("peer")
    assert tally.take(now=100.0) == {"peer": 1}
    for n in range(5000):  # another user's flood of refused connections
        tally.add("peer")
        assert tally.take(now=100.0 + n * 0.0001) == {}
    tally.add("size")
    assert tally.take(now=100.9) == {}
    assert tally.take(now=101.0) == {"peer": 5000, "size": 1}  # nothing lost, one message


def test_what_is_counted_is_sent_when_forced_however_recent_the_last_report():
    tally = Tally(every_s=1.0)
    tally.add("slow")
    assert tally.take(now=5.0) == {"slow": 1}
    tally.add("slow")
    tally.add("slow")
    assert tally.take(now=5.1, force=True) == {"slow": 2}
    assert tally.take(now=5.2, force=True) == {}
