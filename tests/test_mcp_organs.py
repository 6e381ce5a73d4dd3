"""Real MCP servers (mcp-server-time, mcp-server-git, @modelcontextprotocol/server-filesystem) as organs."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from broker import protocol
from broker.protocol import Call
from tests.conftest import wait_for

SERVERS = Path(os.environ.get("ACTORS_TEST_SERVERS", "/opt/actors-test"))
TIME = SERVERS / "mcp-py" / "bin" / "mcp-server-time"
GIT = SERVERS / "mcp-py" / "bin" / "mcp-server-git"
FILES = SERVERS / "node" / "node_modules" / ".bin" / "mcp-server-filesystem"

pytestmark = pytest.mark.skipif(not all(p.exists() for p in (TIME, GIT, FILES)),
                                reason=f"the test MCP servers are not installed under {SERVERS} (.ci/run does it)")

MESH = f"""
[heart]
beat_s = 0.5
heartbeat_s = 0.2

[organs.time]
mcp = ["{TIME}"]

[organs.git]
mcp = ["{GIT}"]

[organs.filesystem]
mcp = ["{FILES}", "."]
"""


def call(mesh, target: str, **args) -> dict:
    return json.loads(mesh.cli("call", target, "--args", json.dumps(args), "--json", timeout=60).stdout)


def text_of(result: dict) -> str:
    return "".join(c.get("text", "") for c in result["content"])


@pytest.fixture
def mcp_mesh(make_mesh):
    mesh = make_mesh(MESH, start=False)
    subprocess.run(["git", "init", "-q", str(mesh.workdir)], check=True)
    (mesh.workdir / "notes.txt").write_text("hello\n")
    mesh.up()
    return mesh


def test_wrapped_servers_register_their_tools_with_their_annotations(mcp_mesh):
    organs = {o["name"]: o for o in mcp_mesh.status()["organs"]}
    assert {"get_current_time", "convert_time"} <= set(organs["time"]["abilities"])
    assert "git_status" in organs["git"]["abilities"]
    assert "list_directory" in organs["filesystem"]["abilities"]
    manifest = mcp_mesh.client().control("manifest")
    flags = {a["name"]: a["read_only"] for a in manifest["time"]["abilities"]}
    assert flags["get_current_time"] is True


def test_calls_reach_the_real_servers(mcp_mesh):
    now = call(mcp_mesh, "time.get_current_time", timezone="Europe/Paris")
    assert now["ok"] and now["result"]["structuredContent"]["timezone"] == "Europe/Paris"
    status = call(mcp_mesh, "git.git_status", repo_path=str(mcp_mesh.workdir))
    assert status["ok"] and "notes.txt" in text_of(status["result"])
    listing = call(mcp_mesh, "filesystem.list_directory", path=str(mcp_mesh.workdir))
    assert listing["ok"] and "notes.txt" in text_of(listing["result"])


def test_a_bad_argument_comes_back_as_bad_params_and_a_tool_error_as_a_failure(mcp_mesh):
    missing = call(mcp_mesh, "time.get_current_time")
    assert (missing["error"]["cause"], missing["error"]["decision"]) == ("bad_params", "refer")
    wrong = call(mcp_mesh, "time.get_current_time", timezone=7)
    assert wrong["error"]["cause"] == "bad_params"
    failed = call(mcp_mesh, "filesystem.read_text_file", path="/etc/shadow")
    assert failed["ok"] is False
    assert failed["result"]["isError"] is True


def test_a_value_the_real_server_rejects_is_bad_params_referred_to_the_caller_with_a_hint_to_fix_it(mcp_mesh):
    # mcp-server-time answers a result with isError ("Invalid timezone: ..."), not JSON-RPC -32602: the schema
    # is met (a string), the value is not one the server knows
    mars = call(mcp_mesh, "time.get_current_time", timezone="Mars/Olympus")
    error = mars["error"]
    assert (mars["ok"], error["cause"], error["decision"], error["retried"]) == (False, "bad_params", "refer", 0)
    assert "Invalid timezone" in error["message"]
    assert "value the ability does not accept" in error["hint"] and "retrying as is will fail again" in error["hint"]
    # a revision that names nothing, as mcp-server-git words it, is the caller's too
    ref = call(mcp_mesh, "git.git_show", repo_path=str(mcp_mesh.workdir), revision="no-such-revision")
    assert (ref["error"]["cause"], ref["error"]["decision"]) == ("not_found", "refer")
    assert mcp_mesh.organ("time")["breaker"] == "closed" and mcp_mesh.organ("time")["wounds"][0]["cause"] == "bad_params"


def test_killing_the_server_under_an_organ_restarts_it_says_why_and_the_next_call_works(mcp_mesh):
    organ = mcp_mesh.organ("time")["pid"]
    server = int(subprocess.run(["pgrep", "-P", str(organ)], capture_output=True, text=True).stdout.split()[0])
    os.kill(server, signal.SIGKILL)
    wait_for(lambda: (o := mcp_mesh.organ("time"))["state"] == "up" and o["pid"] != organ, timeout=30,
             interval=0.2, what="the time organ to come back")
    assert mcp_mesh.organ("time")["restarts"] == 1
    assert call(mcp_mesh, "time.get_current_time", timezone="Etc/UTC")["ok"]
    log = (mcp_mesh.home / "logs" / "heart.log").read_text()
    assert "organ time exited with code 1; it said: organ aborted: the MCP server ended: killed by SIGKILL;" in log, \
        "the alert says the wrapped server died, not only that its organ exited"


# -- the organ's own stdio client (tests/organs/changing_mcp.py, the official SDK's server) -------------

CHANGING_LIMIT = 256 * 1024
CHANGING = f"""
[heart]
beat_s = 0.5
heartbeat_s = 0.2
quiet_after_s = 600
max_frame_bytes = {CHANGING_LIMIT}
breaker_threshold = 1000

[organs.changing]
mcp = {json.dumps([sys.executable, str(Path(__file__).with_name("organs") / "changing_mcp.py")])}
"""


@pytest.fixture
def changing(make_mesh):
    return make_mesh(CHANGING)


def test_a_wrapped_server_that_changes_its_tools_is_registered_again_with_the_new_tool(changing):
    assert "sprout" not in changing.organ("changing")["abilities"]
    with changing.client() as client:
        assert client.call("changing", "grow", {"name": "sprout"}).ok
        wait_for(lambda: "sprout" in changing.organ("changing")["abilities"], timeout=10, interval=0.1,
                 what="the organ to register the tool its server added")
        reply = client.call("changing", "sprout", {})
    assert reply.ok and reply.result["content"][0]["text"] == "sprout"


def test_a_wrapped_call_past_its_deadline_is_answered_timeout_in_time_and_the_server_serves_on(changing):
    with changing.client() as client:
        started = time.monotonic()
        late = client.call("changing", "nap", {"seconds": 5}, timeout_s=1.0)
        took = time.monotonic() - started
        assert late.error.cause == "timeout" and took < 1.0  # the organ answers a fifth before the heart gives up
        assert client.call("changing", "nap", {"seconds": 0}).ok
    assert changing.organ("changing")["restarts"] == 0


def test_a_call_to_a_stopped_server_says_the_server_is_hung_not_that_a_longer_timeout_would_help(changing):
    organ = changing.organ("changing")["pid"]
    server = int(subprocess.run(["pgrep", "-P", str(organ)], capture_output=True, text=True).stdout.split()[0])
    os.kill(server, signal.SIGSTOP)
    try:
        time.sleep(1.5)  # a ping goes out and waits
        with changing.client() as client:
            reply = client.call("changing", "nap", {"seconds": 0}, timeout_s=4.0)
    finally:
        os.kill(server, signal.SIGCONT)
    assert reply.error.cause == "organ_unhealthy", reply.error
    assert "nor a ping sent" in reply.error.message and "restart" in reply.error.hint
    with changing.client() as client:  # woken before the ping's deadline: it serves on, never restarted
        assert client.call("changing", "nap", {"seconds": 0}).ok
    assert changing.organ("changing")["restarts"] == 0


def test_a_wrapped_reply_over_the_frame_limit_is_answered_bad_params_and_calls_around_it_arrive(changing):
    with changing.client() as client:
        sender = client.dealer
        calls = [Call(id=f"c{i}", organ="changing", ability="big", args={"size": i}) for i in range(10)]
        big = Call(id="big", organ="changing", ability="big", args={"size": CHANGING_LIMIT + 10})
        for call in [*calls[:5], big, *calls[5:], calls[0]]:  # the last one again: answered, never run twice
            sender.send_multipart(protocol.encode(call))
        answers = []
        deadline = time.monotonic() + 10
        while len(answers) < 12 and time.monotonic() < deadline:
            if sender.poll(200):
                answers.append(protocol.decode(sender.recv_multipart()))
    by_id = {a.id: a for a in answers}
    assert sorted(by_id) == sorted(["big", *(c.id for c in calls)])
    assert all(by_id[c.id].ok and len(by_id[c.id].result["content"][0]["text"]) == int(c.id[1:]) for c in calls)
    assert by_id["big"].error.cause == "bad_params" and by_id["big"].error.type == "ReplyTooLarge"


def test_a_wrapped_server_s_own_child_ends_with_its_organ_when_the_heart_is_killed(make_mesh, tmp_path):
    from broker.home import pid_alive

    pid_file = tmp_path / "child.pid"
    server = Path(__file__).with_name("organs") / "changing_mcp.py"
    spawning = json.dumps(["/bin/sh", "-c", f"sleep 600 & echo $! > {pid_file}; exec {sys.executable} {server}"])
    mesh = make_mesh(CHANGING.replace(f"mcp = {json.dumps([sys.executable, str(server)])}", f"mcp = {spawning}"))
    child = int(pid_file.read_text())
    try:
        assert pid_alive(child)
        os.kill(mesh.status()["heart"]["pid"], signal.SIGKILL)  # no heart is left to end the organ's process group
        wait_for(lambda: not pid_alive(child), timeout=15, what="the wrapped server's child to end with its organ")
    finally:
        if pid_alive(child):
            os.kill(child, signal.SIGKILL)


def test_the_front_door_lists_a_wrapped_tool_as_its_server_does_and_its_structured_results_validate(mcp_mesh):
    direct = StdioServerParameters(command=str(FILES), args=[str(mcp_mesh.workdir)])
    front = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(mcp_mesh.home)],
                                  env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})

    async def listed(server: StdioServerParameters, name: str) -> tuple[dict, object]:
        async with Client(server, mode="legacy", read_timeout_seconds=30) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            if name not in tools:  # the front door shows what an intent needs: ask for it
                await client.call_tool("find_abilities", {"query": "read a text file"})
                tools = {t.name: t for t in (await client.list_tools()).tools}
            tool = tools[name].model_dump(by_alias=True, exclude_none=True)
            # the SDK's client checks structuredContent against the tool's outputSchema: a mismatch raises
            return tool, await client.call_tool(name, {"path": str(mcp_mesh.workdir / "notes.txt")})

    own, own_result = asyncio.run(listed(direct, "read_text_file"))
    shown, result = asyncio.run(listed(front, "filesystem__read_text_file"))
    assert own["outputSchema"] and shown["outputSchema"] == own["outputSchema"]
    assert shown["title"] == own["title"] and shown["inputSchema"] == own["inputSchema"]
    assert shown["annotations"]["readOnlyHint"] is own["annotations"]["readOnlyHint"] is True
    assert shown["annotations"]["openWorldHint"] is own["annotations"]["openWorldHint"] is False
    assert not result.is_error and result.structured_content == own_result.structured_content == {"content": "hello\n"}
