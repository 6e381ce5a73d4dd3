"""Real MCP servers (mcp-server-time, mcp-server-git, @modelcontextprotocol/server-filesystem) as organs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

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


def test_killing_the_server_under_an_organ_restarts_it_and_the_next_call_works(mcp_mesh):
    organ = mcp_mesh.organ("time")["pid"]
    server = int(subprocess.run(["pgrep", "-P", str(organ)], capture_output=True, text=True).stdout.split()[0])
    os.kill(server, signal.SIGKILL)
    wait_for(lambda: (o := mcp_mesh.organ("time"))["state"] == "up" and o["pid"] != organ, timeout=30,
             interval=0.2, what="the time organ to come back")
    assert mcp_mesh.organ("time")["restarts"] == 1
    assert call(mcp_mesh, "time.get_current_time", timezone="Etc/UTC")["ok"]
