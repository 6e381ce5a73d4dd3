"""The heart's exposure selector: a worker process fed by one thread, never holding up the heart."""

from __future__ import annotations

import os
import queue

import pytest

from broker.exposed import MAX_WAITING, Job, Selector
from broker.protocol import Ability

ABILITIES = {"fs": [Ability("read_file", "Read a text file from disk", {"type": "object", "properties": {
                 "path": {"type": "string"}}}),
                    Ability("write_file", "Write a text file to disk")],
             "clock": [Ability("now", "The current time in a time zone")]}


@pytest.fixture
def selector(tmp_path):
    answered = queue.SimpleQueue()
    sel = Selector(wake=lambda: answered.put(True), env={**os.environ, "ACTORS_HOME": str(tmp_path)})
    try:
        yield sel
    finally:
        sel.close()


def test_a_beat_that_wants_the_exposure_every_time_never_crowds_out_a_clients_query(selector):
    # While the worker starts (seconds on a loaded machine) the heart wants the current exposure at every beat,
    # each time for a newer instruction; those wants coalesce instead of filling the queue queries wait in.
    for turn in range(10 * MAX_WAITING):
        selector.want(Job(f"instruction {turn}", ABILITIES, ()))
    assert selector.queries.qsize() <= 1 + 1  # one marker for the newest want (the thread may hold another)
    assert selector.ask(Job("what time is it in Berlin", ABILITIES, (), reply="client-1"))
    reply, exposed, error = selector.answers.get(timeout=60)
    assert (reply, error) == ("client-1", "")
    assert "clock.now" in exposed.exposed


def test_the_exposure_the_heart_keeps_is_for_the_newest_instruction_it_wanted(selector):
    for text in ("read the notes file", "write a file", "what time is it in Tokyo"):
        selector.want(Job(text, ABILITIES, ()))
    selector.ask(Job("fence", ABILITIES, (), reply="fence"))  # queued after the wants: answered after them
    assert selector.answers.get(timeout=60)[0] == "fence"
    assert selector.latest is not None and selector.latest.exposed[0] == "clock.now"


def test_queries_beyond_the_cap_are_refused_rather_than_queued(selector):
    jobs = [Job(f"query {i}", ABILITIES, (), reply=i) for i in range(MAX_WAITING + 8)]
    accepted = [selector.ask(job) for job in jobs]
    assert not all(accepted) and accepted[0]
    assert sum(accepted) <= MAX_WAITING + 1  # the thread may have taken one off the queue meanwhile
