"""The alerts blood carries: a standing condition is said once (broker/health.py, said_once). Pure."""

from __future__ import annotations

from broker.health import said_once
from broker.protocol import Alert
from broker.vocab import Level


def test_a_condition_that_stands_is_said_once_not_also_as_the_event_that_began_it():
    standing = [Alert(Level.WARN, "fs", "organ fs is lost: no heartbeat for 1.6s")]
    events = [Alert(Level.WARN, "fs", "organ fs lost: no heartbeat for 1.6s"),
              Alert(Level.INFO, "fs", "organ fs sent SIGSTOP (fault drill)"),
              Alert(Level.WARN, "shell", "organ shell lost: no heartbeat for 1.6s")]
    assert [a.message for a in said_once(standing, events)] == [
        "organ fs is lost: no heartbeat for 1.6s", "organ fs sent SIGSTOP (fault drill)",
        "organ shell lost: no heartbeat for 1.6s"]


def test_once_the_condition_ends_its_event_shows_until_it_expires():
    events = [Alert(Level.WARN, "fs", "organ fs lost: no heartbeat for 1.6s")]
    assert said_once([], events) == tuple(events)
