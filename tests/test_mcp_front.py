"""The MCP front door with the official Python SDK client: both protocol modes, both transports.

One mesh and one HTTP front door serve the whole module (each stdio test starts its own `actors mcp`, as an
agent host would). Changes of the tool list are counted exactly, per client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import httpx2 as httpx
import pytest
from mcp import Client, StdioServerParameters, types
from mcp.shared.exceptions import MCPError

from actors.client import Client as MeshClient
from actors.front.server import RESOURCE_POLL_S
from actors.front.transport import DRAIN_S
from tests.conftest import REPO, Mesh, kill_all, mesh_processes, stop_process, wait_for
from tests.test_mcp_server import _listening, free_port

pytestmark = pytest.mark.xdist_group("mcp-front")  # one worker runs the module: its mesh starts once
MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.fs]
module = "actors.organs.fs"

[organs.shell]
module = "actors.organs.shell"

[organs.echo]
module = "tests.organs.echo"

[organs.conformance]
module = "tests.conformance.organ"

[organs.keeper]
module = "tests.organs.keeper"

[organs.memory]
module = "actors.memory.organ"
"""
READ = "read the README file"
RUN = "run the test suite with a shell command"
MODERN = "2026-07-28"
MODES = ["legacy", MODERN]
TRANSPORTS = ["stdio", "http"]
WAIT_S = 20.0


@dataclass
class Front:
    mesh: Mesh
    url: str
    port: int

    def instruct(self, text: str) -> None:
        """Set the mesh's instruction; return once a beat carried it and the next one followed (the front
        door reads the same beats, in order, so it has seen the instruction by then)."""
        with MeshClient(self.mesh.home) as client:
            client.control("instruction", text=text)
            carried = 0
            for beat in client.blood(timeout_s=WAIT_S):
                carried = carried + 1 if beat.instruction == text or carried else 0
                if carried == 2:
                    return
        pytest.fail("no beat carried the instruction")

    def client(self, transport: str, mode: str, options: tuple[str, ...] = (), **kwargs) -> Client:
        """An SDK client of this front door (a stdio one starts its own `actors mcp`, with `options`)."""
        if transport == "stdio":
            server = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", *options, "--home",
                                                                         str(self.mesh.home)],
                                           env=self.mesh.env, cwd=str(self.mesh.workdir))
        else:
            server = self.url
        return Client(server, mode=mode, read_timeout_seconds=WAIT_S, **kwargs)


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    root = tmp_path_factory.mktemp("front")
    yield from serve(root, MESH, files={"README.md": "# hello\n"})


def serve(root: Path, mesh_text: str, files: dict[str, str] | None = None, instruction: str = ""):
    """A mesh from mesh_text under root and one HTTP front door on it (the instruction set first, if given):
    yields their Front, and ends both."""
    workdir = root / "work"
    workdir.mkdir()
    for name, text in (files or {}).items():
        (workdir / name).write_text(text)
    config = root / "mesh.toml"
    config.write_text(textwrap.dedent(mesh_text))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("ACTORS_HOME", None)
    mesh = Mesh(home=root / "home", workdir=workdir, config=config, env=env)
    server = None
    try:
        mesh.up()
        port = free_port()
        front = Front(mesh, f"http://127.0.0.1:{port}/mcp", port)
        if instruction:
            front.instruct(instruction)
        server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--home",
                                   str(mesh.home)], env=env, cwd=workdir, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        wait_for(lambda: _listening(port), timeout=30, what="the HTTP front door")
        yield front
    finally:
        if server is not None:
            stop_process(server)
        if mesh_processes(mesh.home):
            mesh.cli("down", timeout=40)
        kill_all(mesh_processes(mesh.home))


class Changes:
    """Counts the tool-list changes one client hears (a notification, or a listen stream event)."""

    def __init__(self) -> None:
        self.count = 0

    async def __call__(self, message) -> None:
        if isinstance(getattr(message, "root", message), types.ToolListChangedNotification):
            self.count += 1

    async def reach(self, count: int) -> None:
        async def wait() -> None:
            while self.count < count:
                await asyncio.sleep(0.02)
        await asyncio.wait_for(wait(), WAIT_S)


async def _listened(client: Client, changes: Changes, mode: str, stack) -> None:
    """On the 2026-07-28 protocol, changes come on a subscriptions/listen stream the client opens."""
    if mode != MODERN:
        return
    subscription = await stack.enter_async_context(client.listen(tools_list_changed=True))

    async def count() -> None:
        async for _ in subscription:
            changes.count += 1
    task = asyncio.get_running_loop().create_task(count())
    stack.callback(task.cancel)


def _handler(changes: Changes, mode: str):
    # a 2026-07-28 client also hands its listen stream's notifications to the message handler: count once
    return changes if mode != MODERN else None


def names(result) -> set[str]:
    return {t.name for t in result.tools}


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 120))


# -- notifications --------------------------------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_client_hears_exactly_one_change_per_change_of_its_tools_even_after_many_requests(front, transport, mode):
    from contextlib import AsyncExitStack

    async def scenario() -> None:
        front.instruct(READ)
        changes = Changes()
        async with AsyncExitStack() as stack:
            client = await stack.enter_async_context(front.client(transport, mode,
                                                                  message_handler=_handler(changes, mode)))
            await _listened(client, changes, mode, stack)
            first = await client.list_tools()
            assert "fs__read_file" in names(first)
            for i in range(100):  # the old server remembered a session per request: 100 requests, 101 notices
                await client.call_tool("fs__read_file", {"path": "README.md", "limit": 1 + i % 3})
            assert changes.count == 0  # a tool already exposed, used again, changes nothing
            for done, instruction, reading in ((1, RUN, False), (2, READ + " again", True)):
                front.instruct(instruction)
                await changes.reach(done)
                listed = names(await client.list_tools())
                assert ("fs__write_file" in listed) is reading  # the reading instruction's other fs tools
                assert "fs__read_file" in listed and "shell__run" in listed  # used: it stays; the shell always does
            await asyncio.sleep(1.0)  # five beats: no late duplicate
            assert changes.count == 2

    run(scenario())


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_one_clients_find_and_calls_never_change_another_clients_tools(front, transport, mode):
    from contextlib import AsyncExitStack

    async def scenario() -> None:
        front.instruct(READ)
        a_changes, b_changes = Changes(), Changes()
        async with AsyncExitStack() as stack:
            a = await stack.enter_async_context(front.client(transport, mode,
                                                             message_handler=_handler(a_changes, mode)))
            b = await stack.enter_async_context(front.client(transport, mode, message_handler=_handler(b_changes, mode),
                                                             client_info=types.Implementation(name="other",
                                                                                              version="2")))
            await _listened(a, a_changes, mode, stack)
            await _listened(b, b_changes, mode, stack)
            b_before = names(await b.list_tools())
            found = await a.call_tool("find_abilities", {"query": "echo a value back"})
            assert "echo__echo" in found.content[0].text
            await a_changes.reach(1)
            assert "echo__echo" in names(await a.list_tools())
            called = await a.call_tool("echo__sleep", {"seconds": 0})
            assert not called.is_error
            await asyncio.sleep(1.0)
            assert b_changes.count == 0
            assert names(await b.list_tools()) == b_before
            assert "echo__echo" not in b_before

    run(scenario())


def test_both_transports_declare_the_same_capabilities_and_keep_their_promise(front):
    async def capabilities(transport: str, mode: str):
        async with front.client(transport, mode) as client:
            return client.session.server_capabilities.model_dump(exclude_none=True)

    async def scenario() -> None:
        stdio, http = await capabilities("stdio", "legacy"), await capabilities("http", "legacy")
        assert stdio == http
        assert stdio["tools"] == {"listChanged": True} or stdio["tools"] == {"list_changed": True}
        assert stdio["resources"].get("subscribe") is True
        assert {"logging", "completions", "prompts"} <= set(stdio)
        modern_stdio, modern_http = await capabilities("stdio", "auto"), await capabilities("http", "auto")
        assert modern_stdio == modern_http
        assert modern_stdio["tools"] in ({"listChanged": True}, {"list_changed": True})

    run(scenario())


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_what_the_mesh_does_not_have_is_a_protocol_error_with_mcps_code(front, transport, mode):
    async def scenario() -> None:
        async with front.client(transport, mode) as client:
            listed = {t.name for t in (await client.list_tools()).tools}
            with pytest.raises(MCPError) as tool:
                await client.call_tool("no_such_tool", {})
            assert tool.value.code == -32602 and "unknown tool" in tool.value.message
            # it points to find_abilities only when the client's list holds it
            assert ("find_abilities" in tool.value.message) == ("find_abilities" in listed), tool.value.message
            with pytest.raises(MCPError) as prompt:
                await client.get_prompt("no_such_prompt")
            assert prompt.value.code == -32602
            with pytest.raises(MCPError) as resource:
                await client.read_resource("test://nothing/here")
            assert resource.value.code == -32002
            bad = await client.call_tool("find_abilities", {"query": 123})
            assert bad.is_error and "expected string" in bad.content[0].text
            empty = await client.call_tool("find_abilities", {})
            assert empty.is_error and "missing required parameter 'query'" in empty.content[0].text
            nothing = await client.call_tool("find_abilities", {"query": "zyzzyva quokka"})
            assert not nothing.is_error and nothing.structured_content == {"found": []}
            assert nothing.content[0].text == "no ability matches; describe the task differently"

    run(scenario())


def test_a_memory_prompt_with_an_overlong_task_is_refused_and_opens_no_wound(front):
    async def scenario() -> None:
        async with front.client("http", "legacy") as client:
            with pytest.raises(MCPError) as caught:
                await client.get_prompt("memory", {"task": "x" * 5000})
            assert caught.value.code == -32602 and "at most 4000" in caught.value.message
            ok = await client.get_prompt("memory", {"task": "read the README"})
            assert ok.messages

    run(scenario())
    memory = front.mesh.organ("memory")
    assert memory["wounds"] == []


def test_the_memory_prompt_without_a_task_asks_about_the_current_instruction_and_is_never_empty(front):
    front.instruct("read the README file")

    async def scenario() -> None:
        async with front.client("http", "legacy") as client:
            listed = next(p for p in (await client.list_prompts()).prompts if p.name == "memory")
            untold = await client.get_prompt("memory")
            told = await client.get_prompt("memory", {"task": "read the README file"})
            assert untold.description == listed.description == told.description
            assert untold.messages[0].content.text == told.messages[0].content.text != ""  # the instruction's

    run(scenario())
    memory = front.mesh.organ("memory")
    assert memory["wounds"] == []


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_call_larger_than_the_mesh_accepts_is_refused_clearly_counted_and_the_server_answers_on(front,
                                                                                                  transport):
    async def scenario() -> None:
        async with front.client(transport, "legacy") as client:
            with pytest.raises(MCPError) as caught:
                await client.call_tool("echo__echo", {"x": "y" * (9 * 1024 * 1024)})
            assert caught.value.code == -32602 and "accepts at most" in caught.value.message
            await client.send_ping()
            result = await client.call_tool("echo__echo", {"x": "small"})
            assert not result.is_error

    run(scenario())
    metrics = httpx.get(front.mesh.status()["heart"]["metrics"], timeout=10).text
    refused = [line for line in metrics.splitlines() if line.startswith('actors_mcp_refused_total{reason="size"}')]
    assert refused and float(refused[0].split()[-1]) >= 1


# -- passed through from the organs ---------------------------------------------------------

@pytest.mark.parametrize("transport", TRANSPORTS)
def test_an_organ_asks_a_2026_client_between_requests_and_the_call_goes_on(front, transport):
    async def elicit(ctx, params):
        return types.ElicitResult(action="accept", content={"username": "ada", "email": "ada@example.com"})

    async def sample(ctx, params):
        return types.CreateMessageResult(role="assistant", content=types.TextContent(text="forty-two"),
                                         model="test-model", stop_reason="endTurn")

    async def scenario() -> None:
        async with front.client(transport, MODERN, elicitation_callback=elicit, sampling_callback=sample) as client:
            answer = await client.call_tool("conformance__test_elicitation", {"message": "Who are you?"})
            assert not answer.is_error and "ada@example.com" in answer.content[0].text
            sampled = await client.call_tool("conformance__test_sampling", {"prompt": "the answer?"})
            assert "LLM response: forty-two" in sampled.content[0].text
            with pytest.raises(MCPError) as stale:  # a request state is good for its own call only
                await client.session.call_tool("conformance__test_simple_text", {}, request_state="made-up")
            assert stale.value.code == -32602

    run(scenario())


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_an_organ_asks_the_clients_user_and_model_and_reports_progress_and_logs(front, transport):
    asked: list = []
    logs: list = []
    progress: list = []

    async def elicit(ctx, params):
        asked.append(params.requested_schema)
        return types.ElicitResult(action="accept", content={"username": "ada", "email": "ada@example.com"})

    async def sample(ctx, params):
        asked.append(params.messages[0].content.text)
        return types.CreateMessageResult(role="assistant", content=types.TextContent(text="forty-two"),
                                         model="test-model", stop_reason="endTurn")

    async def log(params):
        logs.append(params.data)

    async def on_progress(done, total, message):
        progress.append((done, total))

    async def scenario() -> None:
        async with front.client(transport, "legacy", elicitation_callback=elicit, sampling_callback=sample,
                                logging_callback=log) as client:
            await client.session.set_logging_level("debug")
            answer = await client.call_tool("conformance__test_elicitation", {"message": "Who are you?"})
            assert not answer.is_error and "ada@example.com" in answer.content[0].text
            sampled = await client.call_tool("conformance__test_sampling", {"prompt": "the answer?"})
            assert "LLM response: forty-two" in sampled.content[0].text
            await client.call_tool("conformance__test_tool_with_progress", {}, progress_callback=on_progress)
            await client.call_tool("conformance__test_tool_with_logging", {})

    run(scenario())
    assert asked[0]["required"] == ["username", "email"] and asked[1] == "the answer?"
    assert progress == [(0.0, 100.0), (50.0, 100.0), (100.0, 100.0)]
    assert logs == ["Tool execution started", "Tool processing data", "Tool execution completed"]


def test_the_meshs_alerts_reach_a_client_as_log_messages_at_its_level(front):
    logs: list = []

    async def log(params):
        logs.append((params.level, params.data))

    async def scenario() -> None:
        async with front.client("stdio", "legacy", logging_callback=log) as client:
            await client.session.set_logging_level("warning")
            with MeshClient(front.mesh.home) as mesh:
                mesh.control("alert", level="info", message="below the client's level")
                mesh.control("alert", level="warn", message="the disk is nearly full")

            async def heard() -> None:
                while not logs:
                    await asyncio.sleep(0.05)
            await asyncio.wait_for(heard(), WAIT_S)
            await asyncio.sleep(0.6)  # three beats: nothing else comes

    run(scenario())
    assert logs == [("warning", "the disk is nearly full")]


@pytest.mark.parametrize("mode", MODES)
def test_a_question_the_client_cannot_answer_fails_the_call_with_a_clear_reason(front, mode):
    async def scenario() -> None:
        async with front.client("http", mode) as client:  # no elicitation callback: no capability declared
            answer = await client.call_tool("conformance__test_elicitation", {"message": "Who are you?"})
            assert answer.is_error
            text = answer.content[0].text
            assert "cause: tool_missing" in text and "does not support elicitation" in text

    run(scenario())


def _resource_updates() -> tuple[list[str], Callable]:
    """The URIs of the resources/updated notifications a client hears, and the message handler that collects them."""
    updated: list[str] = []

    async def handler(message) -> None:
        root = getattr(message, "root", message)
        if isinstance(root, types.ResourceUpdatedNotification):
            updated.append(str(root.params.uri))

    return updated, handler


def test_a_resource_subscription_hears_when_the_resource_changes(front):
    updated, handler = _resource_updates()

    async def scenario() -> None:
        async with front.client("stdio", "legacy", message_handler=handler) as client:
            await client.subscribe_resource("keeper://kept")  # answered once its current state is taken
            assert not (await client.call_tool("keeper__keep", {"x": "first"})).is_error

            async def heard(count: int) -> None:
                while updated.count("keeper://kept") < count:
                    await asyncio.sleep(0.05)
            # heard from the call itself, not from the next poll (the first change waited for it, ~10 s)
            await asyncio.wait_for(heard(1), RESOURCE_POLL_S / 2)
            read = await client.read_resource("keeper://kept")
            assert json.loads(read.contents[0].text) == "first"
            await client.call_tool("keeper__peek", {"x": "a read-only call changes nothing"})
            await client.unsubscribe_resource("keeper://kept")
            await client.call_tool("keeper__keep", {"x": "second"})
            await asyncio.sleep(1.0)
            assert updated == ["keeper://kept"]

    run(scenario())


def test_a_subscription_made_while_its_organ_restarts_is_kept_and_hears_the_first_change_after(front):
    # it was refused as unknown once the catalogue had dropped the organ, or its first change was taken as its
    # starting state (the read at subscribe failed, and the calls of an organ not in the catalogue were ignored)
    updated, handler = _resource_updates()

    async def scenario() -> None:
        async with front.client("stdio", "legacy", message_handler=handler) as client:
            keeper = front.mesh.organ("keeper")
            os.kill(keeper["pid"], signal.SIGKILL)
            await asyncio.sleep(0.3)  # the heart has seen it go
            await client.subscribe_resource("keeper://kept")
            await asyncio.to_thread(wait_for, lambda: front.mesh.organ("keeper")["state"] == "up" and
                                    front.mesh.organ("keeper")["restarts"] > keeper["restarts"], timeout=WAIT_S)
            assert not (await client.call_tool("keeper__keep", {"x": "after the restart"})).is_error

            async def heard() -> None:
                while "keeper://kept" not in updated:
                    await asyncio.sleep(0.05)
            await asyncio.wait_for(heard(), RESOURCE_POLL_S / 2)

    run(scenario())


def test_completion_offers_a_prompts_known_values_and_refuses_what_the_mesh_does_not_have(front):
    async def scenario() -> None:
        async with front.client("http", "legacy") as client:
            done = await client.complete(types.PromptReference(type="ref/prompt", name="test_prompt_with_arguments"),
                                         {"name": "arg1", "value": "par"})
            assert done.completion.values == ["paris", "park"]
            template = await client.complete(types.ResourceTemplateReference(type="ref/resource",
                                                                             uri="test://template/{id}/data"),
                                             {"name": "id", "value": ""})
            assert template.completion.values == []  # known, with nothing to offer
            for ref, code in ((types.PromptReference(type="ref/prompt", name="no_such_prompt"), -32602),
                              (types.ResourceTemplateReference(type="ref/resource", uri="test://no/{such}"), -32002)):
                with pytest.raises(MCPError) as refused:
                    await client.complete(ref, {"name": "x", "value": ""})
                assert refused.value.error.code == code
            with pytest.raises(MCPError) as refused:
                await client.subscribe_resource("test://no-such-resource")
            assert refused.value.error.code == -32002
            await client.subscribe_resource("test://watched-resource")

    run(scenario())


# -- envelopes ------------------------------------------------------------------------------

BAD_LINES = [
    ("text that is not JSON", b"hello there", None, -32700),
    ("a batch", b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', None, -32600),
    ("a message with an id but no method", b'{"jsonrpc": "2.0", "id": 7}', None, -32600),
    ("the wrong JSON-RPC version", b'{"jsonrpc": "1.0", "id": 8, "method": "ping"}', 8, -32600),
    ("a number", b"42", None, -32600),
    ("an id of the wrong type", b'{"jsonrpc": "2.0", "id": [1], "method": "ping"}', None, -32600),
]
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}


def _stdio_server(front: Front) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--home", str(front.mesh.home)],
                            env=front.mesh.env, cwd=front.mesh.workdir, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def _answer(proc: subprocess.Popen) -> dict:
    line = proc.stdout.readline()
    assert line, "the server closed its output"
    return json.loads(line)


def _piped(front: Front, lines: list[dict]) -> tuple[int, dict]:
    """Pipe these requests into `actors mcp` and close its stdin: its exit status and its answers by id (beside its
    notifications)."""
    proc = _stdio_server(front)
    try:
        out, _ = proc.communicate(b"".join(json.dumps(line).encode() + b"\n" for line in lines), timeout=30)
    finally:
        if proc.poll() is None:
            stop_process(proc)
    return proc.returncode, {a["id"]: a for a in map(json.loads, out.splitlines()) if "id" in a}


def test_stdio_answers_every_malformed_line_with_the_json_rpc_error_it_deserves(front):
    proc = _stdio_server(front)
    try:
        for _, line, request_id, code in BAD_LINES:
            proc.stdin.write(line + b"\n")
            proc.stdin.flush()
            answer = _answer(proc)
            assert answer["id"] == request_id and answer["error"]["code"] == code, answer
        proc.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        proc.stdin.flush()
        assert _answer(proc)["result"]["capabilities"]["tools"]["listChanged"] is True
        proc.stdin.close()
        assert proc.wait(timeout=15) == 0  # stdin closed: the server ends
    finally:
        if proc.poll() is None:
            stop_process(proc)


def test_a_request_before_initialize_or_with_params_that_do_not_fit_is_told_why(front):
    # the SDK answers both with a bare "Invalid request parameters" and empty data
    def call(request_id: int, params: dict) -> dict:
        return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}

    lines = [call(11, {"name": "echo__echo", "arguments": {}}), {"jsonrpc": "2.0", "id": 12, "method": "ping"},
             INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"},
             call(13, {"name": 5}), call(14, {"name": "echo__echo", "arguments": [1]}),
             {"jsonrpc": "2.0", "id": 15, "method": "resources/read", "params": {}}]
    answers = _piped(front, lines)[1]
    assert answers[11]["error"] == {"code": -32602, "message": "tools/call before initialize: send initialize first "
                                                              "(only ping is answered before it)"}
    assert answers[12]["result"] == {}
    assert answers[13]["error"]["code"] == -32602 and "params.name: Input should be a valid string" in \
        answers[13]["error"]["message"]
    assert "params.arguments: Input should be a valid dictionary" in answers[14]["error"]["message"]
    assert "params.uri: Field required" in answers[15]["error"]["message"]


def test_a_cancelled_request_and_an_open_listen_do_not_hold_the_server_at_the_end_of_stdin(front):
    # the server waited out its 10 s drain for answers that never come: a cancelled request gets none, and a
    # 2026-07-28 listen stream is answered only when the connection ends
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}}
    handshake = [INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                 {"jsonrpc": "2.0", "id": 20, "method": "tools/call",  # a _meta: the SDK's path, not the shortcut's
                  "params": {"name": "echo__sleep", "arguments": {"seconds": 8}, "_meta": {}}}]
    modern = [{"jsonrpc": "2.0", "id": 21, "method": "subscriptions/listen",
               "params": {"notifications": {"toolsListChanged": True}, "_meta": meta}}]
    for lines, cancel in ((handshake, 20), (modern, None)):
        proc = _stdio_server(front)
        try:
            for line in lines:
                proc.stdin.write(json.dumps(line).encode() + b"\n")
            proc.stdin.flush()
            if cancel is not None:
                assert _answer(proc)["id"] == INITIALIZE["id"]
                time.sleep(0.5)  # the call runs
                proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                             "params": {"requestId": cancel}}).encode() + b"\n")
                proc.stdin.flush()
                time.sleep(0.5)
            else:  # the server is up (its start is not what is timed) and the listen stream open
                assert _answer(proc)["method"] == "notifications/subscriptions/acknowledged"
            began = time.monotonic()
            proc.stdin.close()
            assert proc.wait(timeout=15) == 0
            assert time.monotonic() - began < DRAIN_S / 2, "the server waited for an answer that never comes"
        finally:
            if proc.poll() is None:
                stop_process(proc)


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT", "the end of stdin past the drain"])
def test_a_call_still_running_when_the_stdio_server_stops_is_cancelled_in_the_mesh_not_left_running(front, stop):
    # an agent host ends its server by closing stdin, then SIGTERM: the mesh ran the command on for nobody
    marker = front.mesh.workdir / f"ran-on-{stop.split()[-1]}"
    runs_s = DRAIN_S + 3 if stop.startswith("the end") else 4
    proc = _stdio_server(front)
    try:
        for line in (INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                     {"jsonrpc": "2.0", "id": 30, "method": "tools/call", "params": {
                         "name": "shell__run", "arguments": {"command": f"sleep {runs_s}; touch {marker}"}}}):
            proc.stdin.write(json.dumps(line).encode() + b"\n")
        proc.stdin.flush()
        assert _answer(proc)["id"] == INITIALIZE["id"]
        time.sleep(1.0)  # the command runs
        began = time.monotonic()
        if stop.startswith("SIG"):
            proc.send_signal(getattr(signal, stop))
        else:
            proc.stdin.close()
        assert proc.wait(timeout=DRAIN_S + 10) == 0
        if stop.startswith("SIG"):
            assert time.monotonic() - began < 5.0, "the server waited out its drain"
        time.sleep(max(0.0, runs_s + 2.0 - (time.monotonic() - began)))  # past the command's own end
        assert not marker.exists(), "the call ran on in the mesh after its client was gone"
    finally:
        if proc.poll() is None:
            stop_process(proc)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_call_still_running_when_the_http_server_is_stopped_is_cancelled_in_the_mesh_and_it_exits_0(front, stop):
    marker = front.mesh.workdir / f"ran-on-http-{stop.name}"
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--home",
                               str(front.mesh.home)], env=front.mesh.env, cwd=front.mesh.workdir,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: _listening(port), timeout=30, what="the HTTP front door")
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        opened = httpx.post(url, json=INITIALIZE, headers=headers, timeout=WAIT_S)
        headers |= {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
        httpx.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers,
                   timeout=WAIT_S)
        call = {"jsonrpc": "2.0", "id": 31, "method": "tools/call", "params": {
            "name": "shell__run", "arguments": {"command": f"sleep 8; touch {marker}"}}}

        def post() -> None:
            with contextlib.suppress(httpx.HTTPError):
                httpx.post(url, json=call, headers=headers, timeout=WAIT_S)
        threading.Thread(target=post, daemon=True).start()
        time.sleep(1.0)  # the command runs
        began = time.monotonic()
        server.send_signal(stop)
        assert server.wait(timeout=15) == 0  # uvicorn raised SIGTERM again after its stop: exit 143
        # waiting for the call would take 7 s more; a prompt stop takes a second or two, more on a loaded machine
        assert time.monotonic() - began < 6.0, "the server waited for the call"
        time.sleep(max(0.0, 8.0 - (time.monotonic() - began)))  # past the command's own end
        assert not marker.exists(), "the call ran on in the mesh after the server had stopped"
    finally:
        stop_process(server)


def test_requests_piped_in_are_all_answered_before_the_server_ends_at_the_end_of_stdin(front):
    # a script pipes its requests and closes stdin at once: what was accepted is answered, then the server ends
    calls = [("echo__sleep", {"seconds": 1.0}), ("echo__echo", {"x": "quick"}), ("find_abilities", {"query": "echo"})]
    lines = [INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    lines += [{"jsonrpc": "2.0", "id": 10 + n, "method": "tools/call", "params": {"name": name, "arguments": args}}
              for n, (name, args) in enumerate(calls)]
    returncode, answers = _piped(front, lines)
    assert returncode == 0
    assert sorted(answers) == [INITIALIZE["id"], 10, 11, 12]
    for n in (10, 11, 12):
        assert "result" in answers[n] and not answers[n]["result"].get("isError"), answers[n]
    assert answers[10]["result"]["structuredContent"] == {"slept": 1.0}


def test_a_server_whose_stdin_is_dev_null_or_a_file_answers_what_it_reads_and_ends(front, tmp_path):
    # /dev/null is a character device that epoll refuses: read as a pipe, it was never read and the server never ended
    requests = tmp_path / "requests.jsonl"
    requests.write_bytes(json.dumps(INITIALIZE).encode() + b"\n")
    for stdin_path, expected in (("/dev/null", []), (requests, [INITIALIZE["id"]])):
        with open(stdin_path, "rb") as stdin:
            proc = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--home", str(front.mesh.home)],
                                    env=front.mesh.env, cwd=front.mesh.workdir, stdin=stdin, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            try:
                out, err = proc.communicate(timeout=30)
            finally:
                if proc.poll() is None:
                    stop_process(proc)
        assert proc.returncode == 0, err
        assert [json.loads(line)["id"] for line in out.splitlines()] == expected
        assert b"Traceback" not in err, err


@pytest.mark.parametrize("case", BAD_LINES, ids=[c[0] for c in BAD_LINES])
def test_http_answers_every_malformed_body_with_the_json_rpc_error_it_deserves(front, case):
    _, body, request_id, code = case
    answer = httpx.post(front.url, content=body, timeout=10, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    assert answer.status_code == 400
    assert answer.json()["id"] == request_id and answer.json()["error"]["code"] == code


def test_an_http_body_over_the_request_limit_is_refused_with_413(front):
    answer = httpx.post(front.url, content=b"x" * (17 * 1024 * 1024), timeout=30, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == -32600


def test_a_line_over_the_stdio_limit_is_refused_and_the_server_reads_on(front):
    proc = _stdio_server(front)
    try:
        proc.stdin.write(b'{"jsonrpc": "2.0", "id": "big", "method": "ping", "params": {"x": "'
                         + b"y" * (17 * 1024 * 1024) + b'"}}\n')
        proc.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        proc.stdin.flush()
        refused = _answer(proc)
        assert refused["error"]["code"] == -32600 and "limited to" in refused["error"]["message"]
        assert refused["id"] == "big"  # the caller waiting on that id hears it
        assert "result" in _answer(proc)
    finally:
        stop_process(proc)


def test_a_line_over_the_stdio_limit_cut_off_by_the_end_of_stdin_is_still_refused_on_its_id(front):
    proc = _stdio_server(front)
    try:  # a script that pipes its requests in without a last newline gets every answer, this one too
        out, _ = proc.communicate(json.dumps(INITIALIZE).encode() + b'\n{"jsonrpc": "2.0", "id": "big", "method": '
                                  b'"ping", "params": {"x": "' + b"y" * (17 * 1024 * 1024), timeout=30)
    finally:
        if proc.poll() is None:
            stop_process(proc)
    answers = {a["id"]: a for a in map(json.loads, out.splitlines()) if "id" in a}
    assert "result" in answers[INITIALIZE["id"]]
    assert answers["big"]["error"]["code"] == -32600 and "limited to" in answers["big"]["error"]["message"]
    assert proc.returncode == 0


def test_a_heart_that_stops_mid_call_is_an_internal_error_at_once_and_stdio_still_ends_on_eof(make_mesh):
    mesh = make_mesh("""
        [heart]
        beat_s = 0.2
        heartbeat_s = 0.2

        [organs.echo]
        module = "tests.organs.echo"
    """)
    heart = mesh.status()["heart"]["pid"]

    async def scenario() -> None:
        server = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mesh.home)],
                                       env=mesh.env, cwd=str(mesh.workdir))
        async with Client(server, mode="legacy", read_timeout_seconds=WAIT_S) as client:
            call = asyncio.get_running_loop().create_task(client.call_tool("echo__sleep", {"seconds": 20}))
            await asyncio.sleep(0.5)
            os.kill(heart, 9)
            started = asyncio.get_running_loop().time()
            with pytest.raises(MCPError) as caught:
                await call
            assert caught.value.code == -32603 and "heart stopped" in caught.value.message
            assert asyncio.get_running_loop().time() - started < 3.0
            with pytest.raises(MCPError) as again:
                await client.call_tool("echo__echo", {"x": 1})
            assert again.value.code == -32603

    run(scenario())
    # the client closed stdin when it left: the server process is gone (checked by the client's own wait)
    assert not [p for p in mesh_processes(mesh.home) if b"mcp" in Path(f"/proc/{p}/cmdline").read_bytes()]
