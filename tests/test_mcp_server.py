"""`actors mcp` end to end, with the official MCP SDK client as the agent, over stdio and Streamable HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from tests.conftest import stop_process, wait_for

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
"""


def names(result) -> set[str]:
    return {t.name for t in result.tools}


class ListChanges:
    """Counts notifications/tools/list_changed as the client receives them."""

    def __init__(self) -> None:
        self.seen = asyncio.Event()

    async def __call__(self, message) -> None:
        if type(getattr(message, "root", message)).__name__ == "ToolListChangedNotification":
            self.seen.set()


async def agent_session(mesh):
    params = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mesh.home)],
                                   env=mesh.env, cwd=str(mesh.workdir))
    return stdio_client(params)


def test_an_agent_lists_calls_and_sees_the_tool_table_follow_the_instruction(make_mesh):
    mesh = make_mesh(MESH, start=False)
    (mesh.workdir / "README.md").write_text("# hello from the mesh\n")
    mesh.up()
    mesh.cli("instruct", "read the README file", check=True)

    async def scenario():
        changes = ListChanges()
        async with await agent_session(mesh) as (read, write):
            async with ClientSession(read, write, message_handler=changes) as session:
                started = await session.initialize()
                # the instructions say what find_abilities reaches: each organ's tools by count and first names
                assert "call it with a short description" in started.instructions
                assert "shell (1 tool: run)" in started.instructions and "fs (" in started.instructions
                first = await session.list_tools()
                assert "find_abilities" in names(first)
                assert "fs__read_file" in names(first)
                assert len(first.tools) < 12  # not every ability of the mesh
                result = await session.call_tool("fs__read_file", {"path": "README.md"})
                assert not result.is_error
                assert "hello from the mesh" in result.content[0].text
                failed = await session.call_tool("fs__read_file", {"path": "missing.txt"})
                assert failed.is_error and "cause: not_found" in failed.content[0].text
                mesh.cli("instruct", "run the test suite with a shell command", check=True)
                await asyncio.wait_for(changes.seen.wait(), 15)
                second = await session.list_tools()
                assert "shell__run" in names(second)
                assert "fs__read_file" in names(second)  # just used: it stays a while (hysteresis)
                changes.seen.clear()
                found = await session.call_tool("find_abilities", {"query": "echo a value back"})
                assert "echo__echo" in found.content[0].text
                third = await session.list_tools()
                assert "echo__echo" in names(third)

    asyncio.run(asyncio.wait_for(scenario(), 60))
    journal = mesh.status()["heart"]
    assert journal["instruction"] == "run the test suite with a shell command"


async def agent_session_as(mesh, *extra: str):
    params = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mesh.home), *extra],
                                   env=mesh.env, cwd=str(mesh.workdir))
    return stdio_client(params)


def test_calls_through_actors_mcp_are_journaled_under_the_session_of_the_prompt_that_set_the_instruction(make_mesh):
    mesh = make_mesh(MESH.replace("\nbeat_s = 0.2\n", "\nbeat_s = 5.0\n"))  # a slow beat: a prompt is told early

    async def sessions_seen(events, session: str, *extra: str) -> tuple[list[str], float]:
        """The sessions of echo calls through one actors mcp, before and after a host's prompt in `session`, and
        how long after the prompt the last of them came."""
        seen = []
        async with await agent_session_as(mesh, *extra) as (read, write):
            async with ClientSession(read, write) as agent:
                await agent.initialize()
                await agent.call_tool("echo__echo", {"x": 1})
                seen.append(events.next(10).session)
                with mesh.client() as client:  # the host's prompt hook sets the instruction with its session id
                    client.control("instruction", text="echo a value back", session=session)
                prompted = time.monotonic()
                while time.monotonic() - prompted < 3.0:
                    await agent.call_tool("echo__echo", {"x": 2})
                    seen.append(events.next(10).session)
                    if seen[-1] == session:
                        break
                    await asyncio.sleep(0.05)
                return seen, time.monotonic() - prompted

    with mesh.client() as client, client.events(["call"]) as events:
        followed, after = asyncio.run(asyncio.wait_for(sessions_seen(events, "cc-7"), 60))
        told, _ = asyncio.run(asyncio.wait_for(sessions_seen(events, "cc-8", "--session", "ci"), 60))
    assert followed[0] == "mcp" and followed[-1] == "cc-7"  # before any prompt, and once the mesh told of it
    assert after < 2.0  # well before the next 5-second beat: a new instruction is published at once
    assert set(told) == {"ci"}  # a session the operator names is kept


def test_an_http_front_door_never_journals_its_clients_calls_under_the_session_of_someone_elses_prompt(make_mesh):
    from mcp.client.streamable_http import streamable_http_client

    mesh = make_mesh(MESH)
    with mesh.client() as client:  # a host's prompt hook set the instruction with its own session
        client.control("instruction", text="echo a value back", session="another-host")
    server, url = _serve_http(mesh)

    async def call_once(events) -> str:
        async with streamable_http_client(url) as streams:
            async with ClientSession(streams[0], streams[1]) as agent:
                await agent.initialize()
                await agent.call_tool("echo__echo", {"x": 1})
                return events.next(10).session

    try:
        with mesh.client() as client, client.events(["call"]) as events:
            session = asyncio.run(asyncio.wait_for(call_once(events), 60))
    finally:
        stop_process(server)
    assert session == "mcp"  # many clients, and the instruction may be anyone's: not followed over HTTP


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_http_transport_serves_the_same_tools_and_refuses_foreign_origins(make_mesh):
    import httpx2 as httpx
    from mcp.client.streamable_http import streamable_http_client

    mesh = make_mesh(MESH, start=False)
    (mesh.workdir / "notes.txt").write_text("notes\n")
    mesh.up()
    server, url = _serve_http(mesh, stderr=subprocess.PIPE)
    try:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/mcp", url)
        assert _listening(int(url.rsplit(":", 1)[1].removesuffix("/mcp")))
        foreign = httpx.post(url, headers={"Origin": "http://evil.example", "Content-Type": "application/json",
                                           "Accept": "application/json, text/event-stream"},
                             content=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}))
        assert foreign.status_code == 403
        if os.geteuid() == 0 and shutil.which("setpriv"):  # another local user reaches the port, not the mesh
            assert _post_as_nobody(url) == 403

            def peer_refusals() -> float:
                metrics = httpx.get(mesh.status()["heart"]["metrics"], timeout=10).text
                line = [x for x in metrics.splitlines() if x.startswith('actors_mcp_refused_total{reason="peer"}')]
                return float(line[0].split()[-1]) if line else 0.0
            wait_for(lambda: peer_refusals() >= 1, timeout=10, what="the refusal counted")

        async def scenario():
            async with streamable_http_client(url) as streams:
                read, write = streams[0], streams[1]
                async with ClientSession(read, write) as session:
                    started = await session.initialize()
                    assert "shell (1 tool: run)" in started.instructions  # the same on this transport
                    tools = await session.list_tools()
                    # no instruction and a mesh that fits the budget: every tool is listed, and nothing is left
                    # to find (find_abilities would cost more than it saves); a call to it is still answered
                    assert "fs__read_file" in names(tools) and "find_abilities" not in names(tools)
                    found = await session.call_tool("find_abilities", {"query": "echo a value back"})
                    assert not found.is_error
                    result = await session.call_tool("fs__read_file", {"path": "notes.txt"})
                    assert result.content[0].text.count("notes") >= 1

        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        stop_process(server)


NOBODY_POST = """
import sys, urllib.error, urllib.request
request = urllib.request.Request(sys.argv[1], data=b'{"jsonrpc":"2.0","id":1,"method":"ping"}', headers={
    "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
try:
    print(urllib.request.urlopen(request, timeout=10).status)
except urllib.error.HTTPError as exc:
    print(exc.code)
"""


def _post_as_nobody(url: str) -> int:
    """The HTTP status another local user (nobody) gets for a ping."""
    result = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-I",
                             "-c", NOBODY_POST, url], capture_output=True, text=True, timeout=30, cwd="/")
    assert result.returncode == 0, result.stderr
    return int(result.stdout.strip())


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_mcp_without_a_running_mesh_says_so_and_fails(make_mesh):
    mesh = make_mesh(MESH, start=False)
    result = mesh.cli("mcp", timeout=60)
    assert result.returncode == 3 and "no mesh is running" in result.stderr


def test_an_http_address_in_use_is_one_clear_line_and_a_failure(make_mesh):
    mesh = make_mesh(MESH)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = mesh.cli("mcp", "--http", f"127.0.0.1:{port}", timeout=60)
    assert result.returncode == 1
    assert result.stderr.strip() == f"actors: cannot listen on 127.0.0.1:{port}: Address already in use"


@pytest.mark.parametrize("bad", ["nohost", "127.0.0.1:notaport"])
def test_a_bad_http_address_is_a_usage_error(make_mesh, bad):
    mesh = make_mesh(MESH)
    assert mesh.cli("mcp", "--http", bad, timeout=60).returncode == 2


CROSS_ORIGIN_PAGE = """async ([url, init, call]) => {
    const json = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"};
    const outcome = (p) => p.then((r) => "answered " + r.type + " " + r.status, (e) => "blocked");
    return [await outcome(fetch(url, {method: "POST", headers: json, body: init})),
            await outcome(fetch(url, {method: "POST", mode: "no-cors", body: call,
                                      headers: {"Content-Type": "text/plain"}})),
            await outcome(fetch(url, {method: "POST", mode: "no-cors", body: new URLSearchParams({x: call})}))];
}"""


def test_a_page_on_another_localhost_port_gets_no_cors_grant_and_no_effect_on_the_http_front_door(make_mesh):
    mesh = make_mesh(MESH)
    server, url = _serve_http(mesh)
    try:
        port = int(url.rsplit(":", 1)[1].removesuffix("/mcp"))
        other = f"http://localhost:{port + 1}"  # another local service's page, in the owner's browser
        init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "page", "version": "1"}}})
        call = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "fs__write_file", "arguments": {"path": "pwned.txt", "content": "from a page"}}})
        preflight = _raw(port, "OPTIONS", {"Origin": other, "Access-Control-Request-Method": "POST",
                                           "Access-Control-Request-Headers": "content-type,mcp-session-id"})
        assert preflight[0] >= 400 and not _grants(preflight[1]), preflight
        for media in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            simple = _raw(port, "POST", {"Origin": other, "Content-Type": media, "Accept": "*/*"}, call)
            assert simple[0] == 400 and not _grants(simple[1]), (media, simple)  # a request no preflight guards
        direct = _raw(port, "POST", {"Origin": other, "Content-Type": "application/json",
                                     "Accept": "application/json, text/event-stream"}, init)
        assert not _grants(direct[1])  # answered (MCP hosts on other ports exist) but never readable by a page
        if os.path.exists("/usr/bin/chromium"):
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", timeout=30_000,
                                                     args=["--no-sandbox", "--disable-gpu"])
                try:
                    page = browser.new_page()
                    page.route(other + "/", lambda route: route.fulfill(status=200, content_type="text/html",
                                                                        body="<!doctype html><title>x</title>"))
                    page.goto(other + "/")
                    outcomes = page.evaluate(CROSS_ORIGIN_PAGE, [url, init, call])
                finally:
                    browser.close()
            assert outcomes[0] == "blocked", outcomes  # no CORS grant: the page cannot even send it
            assert all(o in ("blocked", "answered opaque 0") for o in outcomes[1:]), outcomes
        assert not (mesh.workdir / "pwned.txt").exists()
    finally:
        stop_process(server)


def _serve_http(mesh, stderr: int = subprocess.DEVNULL) -> tuple[subprocess.Popen, str]:
    """`actors mcp --http` on port 0 (it takes a free one and prints its endpoint once serving), and that URL."""
    announced = mesh.workdir / "mcp.out"
    with announced.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", "127.0.0.1:0",
                                   "--home", str(mesh.home)], env=mesh.env, cwd=mesh.workdir,
                                  stdout=out, stderr=stderr)
    try:
        wait_for(lambda: announced.read_text().endswith("\n"), timeout=60, what="the endpoint printed")
    except BaseException:
        stop_process(server)
        raise
    return server, announced.read_text().strip()


def _raw(port: int, method: str, headers: dict, body: str | None = None) -> tuple[int, dict, bytes]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, "/mcp", body=body, headers={"Host": f"127.0.0.1:{port}", **headers})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def _grants(headers: dict) -> list[str]:
    return [k for k in headers if k.startswith("access-control-allow-")]
