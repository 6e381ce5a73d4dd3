"""The front door's link to a heart that does not answer (SIGSTOPped): what waits on the heart fails within
seconds, naming the heart and its state, instead of at the request's own deadline."""

from __future__ import annotations

import asyncio
import time

import pytest

from actors.front import results
from actors.front.link import WATCH_S, HeartSilent, HeartStopped, MeshLink
from actors.heartwatch import PROBE_AFTER_S, SILENT_S
from broker.home import Home
from tests.conftest import stopped_heart

NOTICED_S = PROBE_AFTER_S + SILENT_S + 2 * WATCH_S + 1.0  # the watch looks every WATCH_S, plus slack
CALL_WAIT_S = 30.0  # what the call would wait for the heart without the ping


def waited_on_stopped_heart(mesh, request) -> tuple[Exception, float]:
    """Run request(link) on a link (heart path only) to the mesh whose heart is stopped: (what it raised, seconds)."""
    async def run():
        link = MeshLink(Home(mesh.home), lanes=False)
        await link.start()
        started = time.monotonic()
        try:
            async with asyncio.timeout(CALL_WAIT_S + 10):
                with pytest.raises(HeartStopped) as raised:
                    await request(link)
            return raised.value, time.monotonic() - started
        finally:
            await link.close()

    with stopped_heart(mesh):
        return asyncio.run(run())


def test_a_call_waiting_on_a_stopped_heart_fails_within_seconds_naming_the_heart(mesh):
    pid = mesh.status()["heart"]["pid"]

    error, took = waited_on_stopped_heart(mesh, lambda link: link.call("echo", "echo", {"x": 1}, wait_s=CALL_WAIT_S))

    assert took < NOTICED_S, took
    assert type(error) is HeartSilent
    assert str(error) == (f"the heart (pid {pid}) does not answer (its process is stopped): "
                          f"no answer to a ping within {SILENT_S:g}s")


def test_a_control_request_to_a_stopped_heart_fails_the_same_way(mesh):
    error, took = waited_on_stopped_heart(mesh, lambda link: link.control("status", timeout_s=CALL_WAIT_S))

    assert took < NOTICED_S, took
    assert "does not answer" in str(error)


def test_a_heart_that_answers_is_not_failed_while_a_slow_call_waits(mesh):
    async def run():
        link = MeshLink(Home(mesh.home), lanes=False)
        await link.start()
        try:
            async with asyncio.timeout(30):
                return await link.call("echo", "sleep", {"seconds": PROBE_AFTER_S + SILENT_S + 1.0}, wait_s=20)
        finally:
            await link.close()

    reply = asyncio.run(run())

    assert reply.ok, reply.error


def test_the_mcp_error_for_a_silent_heart_does_not_ask_whether_actors_up_runs():
    silent = results.mesh_down("the heart (pid 7) does not answer (its process is stopped)", running=True)
    gone = results.mesh_down("the heart stopped before it answered")

    assert silent.error.message == "the mesh cannot answer: the heart (pid 7) does not answer (its process is stopped)"
    assert gone.error.message.endswith("(is `actors up` running?)")
