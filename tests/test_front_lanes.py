"""The front door's link on lanes, against a real mesh with lanes on: a call goes straight to its organ once
granted, and what it says, asks and how it ends is the same as through the heart."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from actors.front.link import MeshLink
from broker.home import Home
from tests.conftest import end_mesh, new_mesh
from broker.protocol import Answer, Ask, Grant, Notice

pytestmark = pytest.mark.xdist_group("front-lanes")  # one worker runs the module: one mesh, in order

LANE_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.conformance]
module = "tests.conformance.organ"

[organs.echo]
module = "tests.organs.echo"
restart = "permanent"
"""


@pytest.fixture(scope="module")
def laned(tmp_path_factory):
    """One mesh with lanes forced on for the module (each test makes a link of its own; the last kills echo)."""
    mesh = new_mesh(tmp_path_factory.mktemp("lanes"), LANE_MESH)
    mesh.env["ACTORS_LANES"] = "1"
    try:
        mesh.up()
        yield mesh
    finally:
        end_mesh(mesh)


def on_link(mesh, scenario):
    """Run scenario(link) on a started link to the mesh, closing it after, within 30 s."""
    async def run():
        link = MeshLink(Home(mesh.home))
        await link.start()
        try:
            async with asyncio.timeout(30):
                return await scenario(link)
        finally:
            await link.close()
    return asyncio.run(run())


async def granted(link: MeshLink, organ: str, ability: str) -> None:
    """Make the first call to organ, which earns the link its lane."""
    reply = await link.call(organ, ability, {}, wait_s=10)
    assert reply.ok, reply.error
    assert organ in link.lanes and not link.lanes[organ].gone()  # a Unix socket connects at once


def sends_on_lanes(link: MeshLink) -> list:
    """The lanes each later call is sent on, recorded (an answer may come before `send_call` returns: a quick
    organ's reply, read by the drain that follows the send, clears the pending call's lane)."""
    taken: list = []
    send = link._lane_send
    link._lane_send = lambda lane, frames: taken.append(lane) is None and send(lane, frames)
    return taken


def test_calls_after_the_first_go_by_the_lane_and_succeed(laned):
    async def scenario(link):
        await granted(link, "echo", "echo")
        taken = sends_on_lanes(link)
        started = await link.send_call("echo", "echo", {"x": 7}, wait_s=10)
        assert taken == [link.lanes["echo"]]  # sent on the lane, not to the heart
        reply = await link.follow(started)
        assert reply.ok and reply.result["x"] == 7
    on_link(laned, scenario)


def test_a_lane_call_s_progress_reaches_the_caller_in_order_before_its_reply(laned):
    async def scenario(link):
        await granted(link, "conformance", "test_simple_text")
        said: list[Notice] = []

        async def relay(item):
            said.append(item)
        started = await link.send_call("conformance", "test_tool_with_progress", {}, wait_s=10)
        assert link.pending[started.id].lane is link.lanes["conformance"]
        reply = await link.follow(started, relay)
        assert reply.ok, reply.error
        assert [(n.kind, n.body.get("progress")) for n in said] == [("progress", 0), ("progress", 50),
                                                                    ("progress", 100)]
    on_link(laned, scenario)


def test_a_question_asked_on_a_lane_is_answered_back_on_it(laned):
    async def scenario(link):
        await granted(link, "conformance", "test_simple_text")
        asked: list[Ask] = []

        async def relay(item):
            if isinstance(item, Ask):
                asked.append(item)
                await link.answer(Answer(id=item.id, ok=True, result={
                    "action": "accept", "content": {"username": "ada", "email": "ada@example.org"}}))
        started = await link.send_call("conformance", "test_elicitation", {"message": "who?"}, wait_s=10)
        assert link.pending[started.id].lane is link.lanes["conformance"]
        reply = await link.follow(started, relay)
        assert reply.ok, reply.error
        assert [a.kind for a in asked] == ["elicit"] and "ada@example.org" in str(reply.result)
    on_link(laned, scenario)


def test_a_lane_call_that_fails_is_answered_by_the_heart_with_its_failure(laned):
    async def scenario(link):
        await granted(link, "conformance", "test_simple_text")
        reply = await link.call("conformance", "test_error_handling", {}, wait_s=10)
        assert not reply.ok and "intentionally returns an error" in reply.error.message
        again = await link.call("conformance", "test_simple_text", {}, wait_s=10)
        assert again.ok  # the lane still serves
    on_link(laned, scenario)


def test_a_link_that_takes_no_lanes_is_granted_none(laned):
    async def scenario(link):
        for _ in range(3):
            assert (await link.call("echo", "echo", {"x": 1}, wait_s=10)).ok
        assert link.lanes == {}

    async def run():
        link = MeshLink(Home(laned.home), lanes=False)
        await link.start()
        try:
            await scenario(link)
        finally:
            await link.close()
    asyncio.run(run())


def test_a_lane_withdrawn_while_a_call_runs_on_it_still_brings_that_call_s_answer_then_closes(laned):
    async def scenario(link):
        await granted(link, "echo", "echo")
        lane = link.lanes["echo"]
        started = await link.send_call("echo", "sleep", {"seconds": 0.5}, wait_s=10)
        assert link.pending[started.id].lane is lane
        link._deliver(Grant(organ="echo", endpoint="", ticket=b""))  # what the heart sends when it revokes
        assert "echo" not in link.lanes and lane in link.retired
        after = await link.send_call("echo", "echo", {"x": 2}, wait_s=10)
        assert link.pending[after.id].lane is None  # a new call goes through the heart
        assert (await link.follow(after)).ok
        assert lane in link.retired  # still read: a call on it waits
        reply = await link.follow(started)
        assert reply.ok and reply.result["slept"] == 0.5
        assert link.retired == set() and lane.fileno() < 0  # closed
    on_link(laned, scenario)


def test_an_organ_killed_during_a_lane_call_fails_it_as_crashed_at_once(laned):
    pid = laned.organ("echo")["pid"]

    async def scenario(link):
        await granted(link, "echo", "echo")
        started = await link.send_call("echo", "sleep", {"seconds": 20}, wait_s=30)
        assert link.pending[started.id].lane is link.lanes["echo"]
        await asyncio.sleep(0.3)
        os.kill(pid, signal.SIGKILL)
        async with asyncio.timeout(3):  # long before the call's own deadline
            reply = await link.follow(started)
        assert not reply.ok and reply.error.cause == "crashed"
        assert "echo" not in link.lanes
    on_link(laned, scenario)
