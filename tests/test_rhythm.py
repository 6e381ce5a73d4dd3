"""The beat's timing after a new instruction (broker/rhythm.py), with the heart's own parts and a clock of its own."""

from __future__ import annotations

from broker.config import HeartConfig
from broker.events import Events
from broker.health import Health
from broker.metrics import HeartMetrics
from broker.organs import OrganTable
from broker.rhythm import EARLY_BEAT_S, EARLY_GAP_S, Rhythm


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class SlowSelector:
    """An exposure worker that has not chosen the new instruction's exposure yet."""

    def __init__(self) -> None:
        self.latest, self.latest_intent = None, None

    def want(self, job) -> None:
        pass

    def choose(self, intent: str) -> None:
        self.latest_intent = intent


def rhythm_with(selector: SlowSelector, clock: Clock) -> Rhythm:
    settings, metrics, events = HeartConfig(beat_s=5.0), HeartMetrics("test"), Events()
    rhythm = Rhythm(settings, OrganTable([], metrics, lambda *a, **k: None), Health(settings, metrics, events),
                    events, metrics, clock)
    rhythm.selector = selector
    return rhythm


def test_an_instruction_whose_exposure_is_slow_is_published_at_the_latest_moment_and_again_once_it_is_chosen():
    clock, selector = Clock(), SlowSelector()
    rhythm = rhythm_with(selector, clock)
    scheduled = clock.now + 5.0
    rhythm.instruct("echo a value back", "s1")
    assert rhythm.due(scheduled) == clock.now + EARLY_BEAT_S  # not chosen: the latest moment

    clock.now += EARLY_BEAT_S
    rhythm.beat(scheduled, clock.now)  # published without its exposure
    assert rhythm.due(scheduled) == scheduled  # nothing new until it is chosen

    clock.now += 1.0
    selector.choose("echo a value back")
    assert rhythm.due(scheduled) == clock.now - 1.0 + EARLY_GAP_S  # at once (no closer than the gap to the last)
    rhythm.beat(scheduled, clock.now)
    assert rhythm.due(scheduled) == scheduled  # published with it: back to the cadence


def test_an_instruction_chosen_before_its_early_beat_is_published_once():
    clock, selector = Clock(), SlowSelector()
    rhythm = rhythm_with(selector, clock)
    scheduled = clock.now + 5.0
    rhythm.instruct("echo a value back", "s1")
    selector.choose("echo a value back")
    assert rhythm.due(scheduled) == clock.now  # chosen: at once
    rhythm.beat(scheduled, clock.now)
    assert rhythm.due(scheduled) == scheduled
