"""A plain mesh client (`actors call`, a script) has no user or model: a running ability's question to it is
refused at once, so the ability goes on (or fails) without waiting out its question's deadline."""

from __future__ import annotations

import time

import pytest

ASK_S = 30.0  # the question's own deadline: a refused question must not wait for it
MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600
lanes = {lanes}

[organs.sleeper]
module = "tests.organs.sleeper"
"""


@pytest.mark.parametrize("lanes", [True, False])
def test_a_question_to_a_plain_client_is_refused_at_once_on_the_heart_and_on_a_lane(make_mesh, lanes):
    mesh = make_mesh(MESH.format(lanes=str(lanes).lower()))
    with mesh.client() as client:
        assert client.call("sleeper", "sleep", {"seconds": 0, "mark": "first"}).ok  # a lane is granted after it
        assert ("sleeper" in client.lanes) == lanes
        started = time.monotonic()
        reply = client.call("sleeper", "ask", {"timeout_s": ASK_S, "mark": "asked"})
        assert time.monotonic() - started < ASK_S / 3
        assert not reply.ok and "no user or model" in reply.error.message, reply


def test_actors_call_tells_an_ability_asking_its_model_that_it_cannot_answer(make_mesh):
    mesh = make_mesh(MESH.format(lanes="true"))
    started = time.monotonic()
    done = mesh.cli("call", "sleeper.ask", "--args", f'{{"timeout_s": {ASK_S}, "mark": "cli"}}', timeout=ASK_S * 2)
    assert time.monotonic() - started < ASK_S / 3
    assert done.returncode == 4 and "no user or model" in done.stderr, done.stderr
