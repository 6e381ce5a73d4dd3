"""A call its caller cancels is cancelled in the mesh: the organ running it is told, a command it runs is
killed, a wrapped MCP server gets notifications/cancelled, a Python ability sees cancelled(); nothing retries it
and it counts as `cancelled`, never as a failure of the organ. Only the connection that made a call may cancel it.

Callers: the official MCP SDK client in both protocol modes on both transports, raw JSON-RPC lines on stdio
(which reach both the front door's own path and the SDK server's, by a lane and through the heart), raw mesh
connections, and `actors call` interrupted with Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import zmq
from mcp import Client, StdioServerParameters

from actors._lanes import encode as encode_lane
from actors.front.server import CANCEL_GRACE_S
from broker import protocol, wire
from broker.protocol import Call, Cancel, Reply
from tests.conftest import stop_process, wait_for
from tests.test_mcp_beside import Pipe, call
from tests.test_mcp_front import MODES
from tests.test_mcp_http_beside import http_front_door
from tests.test_mesh import metric

MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600
lanes = {lanes}

[organs.shell]
module = "actors.organs.shell"

[organs.sleeper]
module = "tests.organs.sleeper"

[organs.changing]
mcp = {changing}
"""
CHANGING = json.dumps([sys.executable, str(Path(__file__).with_name("organs") / "changing_mcp.py")])
WAIT_S = 20.0
UNANSWERED_S = CANCEL_GRACE_S + 1.0  # past the grace after which a cancelled call's handler would answer anyway


def mesh_config(lanes: bool = True) -> str:
    return MESH.format(lanes=str(lanes).lower(), changing=CHANGING)


def cancel(request_id) -> dict:
    return {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": request_id, "reason": "t"}}


def answers_to(pipe: Pipe, request_id, within_s: float) -> list[dict]:
    """What came back for this request id within the time given."""
    end, seen = time.monotonic() + within_s, []
    while (left := end - time.monotonic()) > 0:
        try:
            message = pipe.next(timeout=left)
        except queue.Empty:
            break
        if message.get("id") == request_id:
            seen.append(message)
    return seen


def counted(mesh, organ: str) -> tuple[float, float]:
    """How many of the organ's calls were cancelled, and how many failed."""
    return (metric(mesh, "actors_calls_total", organ=organ, outcome="cancelled"),
            metric(mesh, "actors_calls_total", organ=organ, outcome="error"))


@pytest.mark.parametrize("lanes, path", [(True, "beside"), (False, "sdk"), (True, "sdk"), (False, "beside")])
def test_a_command_the_client_cancels_is_killed_and_counted_as_cancelled_not_as_a_failure(make_mesh, lanes, path):
    mesh = make_mesh(mesh_config(lanes))
    extra = {"_meta": {}} if path == "sdk" else {}  # an empty _meta always takes the SDK server's path
    pipe = Pipe(mesh)
    try:
        pipe.open()
        for n in range(2):  # its first use changes the tool list; the first answer brings the lane (if any)
            assert pipe.exchange(call(f"warm{n}", "shell__run", {"command": "true"}, **extra))[-1]["result"]
        started, finished = mesh.workdir / "started", mesh.workdir / "finished"
        pipe.send(call("slow", "shell__run", {"command": "touch started; sleep 2; touch finished"}, **extra))
        wait_for(started.exists, timeout=WAIT_S, what="the command to start")
        pipe.send(cancel("slow"))
        assert pipe.exchange({"jsonrpc": "2.0", "id": "ping", "method": "ping"})[-1]["result"] == {}
        assert answers_to(pipe, "slow", within_s=UNANSWERED_S) == []  # past the command's own end: never answered
        assert not finished.exists()  # the command was killed, not left to run to its end
        assert counted(mesh, "shell") == (1, 0)
        assert mesh.organ("shell")["wounds"] == []
        after = pipe.exchange(call("after", "shell__run", {"command": "echo served"}, **extra))[-1]
        assert "served" in after["result"]["structuredContent"]["stdout"]
    finally:
        stop_process(pipe.proc)


def test_a_wrapped_mcp_server_is_told_and_its_tool_never_finishes(make_mesh):
    mesh = make_mesh(mesh_config())
    marker = mesh.workdir / "napped"
    pipe = Pipe(mesh)
    try:
        pipe.open()
        pipe.exchange(call("warm", "changing__nap", {"seconds": 0}))
        pipe.send(call("nap", "changing__nap", {"seconds": 2, "touch": str(marker)}))
        wait_for(Path(f"{marker}.started").exists, timeout=WAIT_S, what="the server to begin the nap")
        pipe.send(cancel("nap"))
        assert answers_to(pipe, "nap", within_s=UNANSWERED_S) == []
        assert not marker.exists()  # the server cancelled its handler: notifications/cancelled reached it
        assert counted(mesh, "changing") == (1, 0)
        assert pipe.exchange(call("after", "changing__nap", {"seconds": 0}))[-1]["result"]["isError"] is False
        assert mesh.organ("changing")["restarts"] == 0
    finally:
        stop_process(pipe.proc)


@pytest.fixture
def http_front(make_mesh):
    mesh = make_mesh(mesh_config())
    with http_front_door(mesh) as url:
        yield mesh, url


async def until(exists: Callable[[], bool], what: str, call: asyncio.Task | None = None) -> None:
    """Wait (at most WAIT_S) until something exists, failing early if the call it depends on ended first."""
    deadline = time.monotonic() + WAIT_S
    while not exists():
        assert time.monotonic() < deadline and not (call is not None and call.done()), what
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_an_sdk_client_that_cancels_a_call_stops_the_ability_that_runs_it(http_front, transport, mode):
    mesh, url = http_front
    server = url if transport == "http" else StdioServerParameters(
        command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mesh.home)], env=mesh.env,
        cwd=str(mesh.workdir))
    marks = mesh.workdir / "marks"

    async def scenario() -> None:
        async with Client(server, mode=mode, read_timeout_seconds=WAIT_S) as client:
            for n in range(2):  # a tool's first use goes the SDK's way, later ones the front door's own
                assert not (await client.call_tool("sleeper__wait", {"seconds": 0, "mark": f"warm{n}"})).is_error
            running = asyncio.get_running_loop().create_task(
                client.call_tool("sleeper__wait", {"seconds": 10, "mark": "long"}))
            await until((marks / "long").exists, "the call never started", running)
            running.cancel()
            await asyncio.gather(running, return_exceptions=True)
            await until((marks / "long.cancelled").exists, "the ability never heard of the cancel")
            assert not (await client.call_tool("sleeper__wait", {"seconds": 0, "mark": "after"})).is_error

    asyncio.run(asyncio.wait_for(scenario(), 2 * WAIT_S))
    assert not (marks / "long.done").exists()
    assert counted(mesh, "sleeper") == (1, 0)


def _reply(sock: zmq.Socket, within_s: float) -> Reply | None:
    """The next reply on a raw client's socket within the time given (other messages skipped)."""
    end = time.monotonic() + within_s
    while (left := end - time.monotonic()) > 0:
        if sock.poll(int(left * 1000) + 1):
            msg = protocol.decode(wire.receive(sock))
            if isinstance(msg, Reply):
                return msg
    return None


def test_only_the_connection_that_made_a_call_can_cancel_it(make_mesh):
    mesh = make_mesh(mesh_config(lanes=False))
    marks = mesh.workdir / "marks"
    with mesh.client() as caller, mesh.client() as other:
        wire.send(caller.dealer, protocol.encode(Call(id="mine", organ="sleeper", ability="wait",
                                                      args={"seconds": 1, "mark": "mine"})))
        wait_for((marks / "mine").exists, timeout=WAIT_S, what="the call to start")
        wire.send(other.dealer, protocol.encode(Cancel(id="mine")))  # someone else's call: nothing happens
        reply = _reply(caller.dealer, WAIT_S)
        assert reply is not None and reply.ok and (marks / "mine.done").exists()

        wire.send(caller.dealer, protocol.encode(Call(id="long", organ="sleeper", ability="wait",
                                                      args={"seconds": 10, "mark": "long"})))
        wait_for((marks / "long").exists, timeout=WAIT_S, what="the call to start")
        wire.send(caller.dealer, protocol.encode(Cancel(id="long")))
        wait_for((marks / "long.cancelled").exists, timeout=WAIT_S, what="the ability to hear of the cancel")
        assert _reply(caller.dealer, 1.0) is None  # the caller asked not to be answered: its late reply is dropped
    assert counted(mesh, "sleeper") == (1, 0)
    assert mesh.organ("sleeper")["wounds"] == []


HEALING = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600
retry_attempts = 10
retry_backoff_initial_s = 0.3
retry_backoff_max_s = 0.3
breaker_threshold = 1000

[organs.healer]
module = "actors.healer"

[organs.flaky]
module = "tests.organs.flaky"
"""


def test_a_call_the_healer_is_retrying_is_retried_no_more_once_cancelled(make_mesh):
    mesh = make_mesh(HEALING)
    with mesh.client() as caller, caller.events(["call"]) as events:
        wire.send(caller.dealer, protocol.encode(Call(id="healing", organ="flaky", ability="flaky_read",
                                                      args={"key": "k", "fails": 100}, timeout_s=30)))
        end = time.monotonic() + WAIT_S
        while (event := events.next(0.1)) is None or event.origin != "healer":  # the healer's first retry
            assert time.monotonic() < end, "the healer never retried the call"
        wire.send(caller.dealer, protocol.encode(Cancel(id="healing")))
        quiet_until, retries = time.monotonic() + 2.0, []  # retries come every 0.3 s while it heals
        while (left := quiet_until - time.monotonic()) > 0:
            event = events.next(left)
            if event is not None and event.origin == "healer":
                retries.append(event)
        assert len(retries) <= 1  # at most the attempt that was running when the cancel came
        assert _reply(caller.dealer, 0.5) is None
    assert metric(mesh, "actors_calls_total", organ="flaky", outcome="cancelled") == 1


def test_ctrl_c_on_actors_call_cancels_the_call_in_the_mesh(make_mesh):
    mesh = make_mesh(mesh_config())
    marks = mesh.workdir / "marks"
    proc = subprocess.Popen([sys.executable, "-m", "actors", "--home", str(mesh.home), "call", "sleeper.wait",
                             "--args", json.dumps({"seconds": 10, "mark": "cli"})], env=mesh.env, cwd=mesh.workdir,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for((marks / "cli").exists, timeout=WAIT_S, what="the call to start")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=WAIT_S) == 130  # EXIT_INTERRUPTED, as the README's exit codes say
        wait_for((marks / "cli.cancelled").exists, timeout=WAIT_S, what="the ability to hear of the cancel")
    finally:
        stop_process(proc)
    assert counted(mesh, "sleeper") == (1, 0)


def test_two_2026_http_clients_that_declare_the_same_name_cancel_only_their_own_calls(http_front):
    # such clients are told apart only by what they declare, and their SDKs number requests alike: a cancel (the
    # request's stream closed) must still reach only the call of the request it closed
    mesh, url = http_front
    marks = mesh.workdir / "marks"

    async def scenario() -> None:
        async with Client(url, read_timeout_seconds=WAIT_S) as first, Client(url, read_timeout_seconds=WAIT_S) as second:
            for n, client in enumerate((first, second)):
                assert not (await client.call_tool("sleeper__wait", {"seconds": 0, "mark": f"warm{n}"})).is_error
            loop = asyncio.get_running_loop()
            cancelled = loop.create_task(first.call_tool("sleeper__wait", {"seconds": 10, "mark": "first"}))
            kept = loop.create_task(second.call_tool("sleeper__wait", {"seconds": 2, "mark": "second"}))
            await until(lambda: (marks / "first").exists() and (marks / "second").exists(), "the calls never started")
            cancelled.cancel()
            await asyncio.gather(cancelled, return_exceptions=True)
            assert not (await asyncio.wait_for(kept, WAIT_S)).is_error

    asyncio.run(asyncio.wait_for(scenario(), 2 * WAIT_S))
    assert (marks / "first.cancelled").exists() and (marks / "second.done").exists()
    assert not (marks / "second.cancelled").exists()


@pytest.mark.parametrize("path", ["beside", "sdk"])
def test_a_cancel_sent_right_behind_its_request_kills_the_command_and_is_never_answered(make_mesh, path):
    mesh = make_mesh(mesh_config())
    extra = {"_meta": {}} if path == "sdk" else {}
    finished = mesh.workdir / "finished"
    pipe = Pipe(mesh)
    try:
        pipe.open()
        pipe.exchange(call("warm", "shell__run", {"command": "true"}, **extra))
        pipe.send(call("at-once", "shell__run", {"command": "sleep 1.5; touch finished"}, **extra))
        pipe.send(cancel("at-once"))  # on the SDK's path it can overtake the request's way into the mesh
        assert answers_to(pipe, "at-once", within_s=UNANSWERED_S) == []
        assert not finished.exists()
        assert pipe.exchange({"jsonrpc": "2.0", "id": "ping", "method": "ping"})[-1]["result"] == {}
    finally:
        stop_process(pipe.proc)


def test_a_2026_call_whose_client_never_comes_back_with_the_answer_is_cancelled_not_failed(http_front):
    # on that protocol a question ends the request; a client that never retries with the answer has given the call
    # up: once the question's time passes, the call is cancelled (not left to fail with a timeout, retried and
    # counted against the organ)
    mesh, _ = http_front
    marks = mesh.workdir / "marks"
    server = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mesh.home)],
                                   env=mesh.env, cwd=str(mesh.workdir))

    async def never(*_):
        await asyncio.sleep(3600)

    async def scenario() -> None:
        async with Client(server, read_timeout_seconds=WAIT_S, elicitation_callback=never) as client:
            asking = asyncio.get_running_loop().create_task(
                client.call_tool("sleeper__ask", {"timeout_s": 1.0, "mark": "q"}))
            await until((marks / "q.cancelled").exists, "the call was never cancelled", asking)
            asking.cancel()
            await asyncio.gather(asking, return_exceptions=True)

    asyncio.run(asyncio.wait_for(scenario(), 2 * WAIT_S))
    assert counted(mesh, "sleeper") == (1, 0)
    assert mesh.organ("sleeper")["wounds"] == []


def test_a_call_reusing_the_id_of_one_running_on_a_lane_is_refused_and_cannot_cancel_it(make_mesh):
    mesh = make_mesh(mesh_config())
    marks = mesh.workdir / "marks"
    with mesh.client() as owner, mesh.client() as other:
        assert owner.call("sleeper", "wait", {"seconds": 0, "mark": "warm"}).ok  # its answer brings the lane
        lane = owner.lanes["sleeper"]
        lane.send(encode_lane(protocol.encode(Call(id="shared", organ="sleeper", ability="wait",
                                                   args={"seconds": 2, "mark": "owner"}))))
        wait_for((marks / "owner").exists, timeout=WAIT_S, what="the lane call to start")
        # the heart does not know lane calls: it routes the same id to the organ, which refuses it
        wire.send(other.dealer, protocol.encode(Call(id="shared", organ="sleeper", ability="wait",
                                                     args={"seconds": 0, "mark": "other"})))
        refused = _reply(other.dealer, WAIT_S)
        assert refused is not None and refused.error.type == "DuplicateRequest"
        wire.send(other.dealer, protocol.encode(Cancel(id="shared")))  # nothing of its own runs under that id
        wait_for((marks / "owner.done").exists, timeout=WAIT_S, what="the lane call to end")
    assert not (marks / "owner.cancelled").exists() and not (marks / "other").exists()
    assert counted(mesh, "sleeper")[0] == 0


BREAKING = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600
breaker_threshold = 2
breaker_cooldown_s = 1.0

[organs.flaky]
module = "tests.organs.flaky"
"""


def test_a_probe_cancelled_while_the_breaker_is_half_open_does_not_leave_it_refusing_every_call(make_mesh):
    mesh = make_mesh(BREAKING)
    with mesh.client() as client:
        for n in range(2):  # two failures in a row open the breaker
            assert client.call("flaky", "flaky_write", {"key": f"k{n}", "fails": 10}).error.cause == "timeout"
        assert client.call("flaky", "attempts_of", {"key": "k0"}).error.type == "BreakerOpen"
        time.sleep(1.2)  # the cool-down: the next call is the one probe
        # a probe that runs a second: the cancel sent after it always finds it running (an instant probe could be
        # answered before the heart reads the cancel, and then nothing is cancelled)
        wire.send(client.dealer, protocol.encode(Call(id="probe", organ="flaky", ability="slow_attempts_of",
                                                      args={"key": "k0", "seconds": 1.0})))
        wire.send(client.dealer, protocol.encode(Cancel(id="probe")))
        time.sleep(0.3)  # the probe stops at the cancel; a late answer would be dropped
        after = client.call("flaky", "attempts_of", {"key": "k0"})
    assert after.ok, after.error  # it went through as the next probe, and closed the breaker
    assert metric(mesh, "actors_calls_total", organ="flaky", outcome="cancelled") == 1


@pytest.mark.parametrize("first, second", [("same", "same"), (7, "7")])
def test_a_stdio_request_reusing_an_id_not_answered_yet_is_refused_and_the_first_is_answered(make_mesh, first, second):
    # "7" and 7 are one id, as the MCP SDK reads them: a cancel of one could not tell them apart
    pipe = Pipe(make_mesh(mesh_config()))
    try:
        pipe.open()
        pipe.exchange(call("warm", "sleeper__wait", {"seconds": 0, "mark": "warm"}))
        pipe.send(call(first, "sleeper__wait", {"seconds": 1, "mark": "first"}))
        pipe.send(call(second, "sleeper__wait", {"seconds": 0, "mark": "second"}))
        end, answers = time.monotonic() + 3.0, []
        while (left := end - time.monotonic()) > 0:
            with contextlib.suppress(queue.Empty):
                message = pipe.next(timeout=left)
                if message.get("id") in (first, second, None):
                    answers.append(message)
        refusals = [a for a in answers if "error" in a]
        # refused on no id: on the reused one it would read as the answer to the first request
        assert len(refusals) == 1 and refusals[0]["error"]["code"] == -32600 and refusals[0]["id"] is None, answers
        assert [a["result"]["structuredContent"] for a in answers if "result" in a] == [{"waited": 1}]
    finally:
        stop_process(pipe.proc)


def test_a_clients_first_call_cancelled_still_brings_its_lane(make_mesh):
    # the heart grants a lane with the answer of a client's first call to an organ: a cancelled call has none
    mesh = make_mesh(mesh_config())
    marks = mesh.workdir / "marks"
    with mesh.client() as client:
        first = Call(id=next(client.ids), organ="sleeper", ability="wait", args={"seconds": 10, "mark": "first"})
        wire.send(client.dealer, protocol.encode(first))
        wait_for((marks / "first").exists, timeout=WAIT_S, what="the call to start")
        wire.send(client.dealer, protocol.encode(Cancel(id=first.id)))
        wait_for((marks / "first.cancelled").exists, timeout=WAIT_S, what="the ability to hear of the cancel")
        assert client.call("sleeper", "wait", {"seconds": 0, "mark": "next"}).ok
        assert "sleeper" in client.lanes


def test_a_cancel_overtaking_a_reused_ids_request_still_keeps_it_from_running(make_mesh):
    # the id's earlier call, answered, may still be remembered under the id: the cancel is for the new request
    mesh = make_mesh(mesh_config())
    finished = mesh.workdir / "finished"
    pipe = Pipe(mesh)
    try:
        pipe.open()
        assert pipe.exchange(call(7, "shell__run", {"command": "true"}, _meta={}))[-1]["result"]
        pipe.send(call(7, "shell__run", {"command": "sleep 1.5; touch finished"}, _meta={}))
        pipe.send(cancel(7))
        assert answers_to(pipe, 7, within_s=UNANSWERED_S) == []
        assert not finished.exists()
    finally:
        stop_process(pipe.proc)
