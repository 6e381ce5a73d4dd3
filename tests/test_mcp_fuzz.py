"""Fuzzing the MCP front door over both transports: every request of any size or shape is answered, and
nothing is left running. Shapes come from a seeded generator, so a failure replays exactly.
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx2 as httpx
import pytest
from mcp import types
from pydantic import ValidationError

from tests.conftest import stop_process, wait_for
from tests.test_mcp_server import _listening, free_port

MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.echo]
module = "tests.organs.echo"
"""
SEED = 20261201
ROUNDS = 120
METHODS = ["ping", "tools/list", "tools/call", "prompts/list", "prompts/get", "resources/list", "resources/read",
           "resources/templates/list", "resources/subscribe", "completion/complete", "logging/setLevel",
           "subscriptions/listen", "initialize", "server/discover", "no/such/method", ""]
TOOLS = ["echo__echo", "echo__missing", "echo__keep", "find_abilities", "no_such_tool", "", "echo__", "__"]
SIZES = [0, 1, 1000, 1_000_000, 8 * 1024 * 1024 + 1]  # the last is over the heart's frame limit
INITIALIZE = {"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
ANSWER_S = 30.0


def json_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, 1.5, -0.0, 1e308, rng.randrange(-10**6, 10**6)])
    if kind in (3, 4):
        return "".join(rng.choice("ab\u00e9\u4e2d\"\\\n\x00 {}[]") for _ in range(rng.randrange(12)))
    if kind == 5:
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["name", "arguments", "uri", "x", "_meta", "query", "ref", "level"]): json_value(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def shape(rng: random.Random, n: int) -> bytes:
    """One line of input: anything from garbage bytes to a well-formed call with a huge argument."""
    kind = rng.randrange(9)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))).replace(b"\n", b" ")
    if kind == 1:
        return json.dumps(json_value(rng)).encode()
    if kind == 2:
        return b"[" * rng.choice([10, 5000, 200000])
    message: dict = {"jsonrpc": rng.choice(["2.0"] * 9 + ["1.0"]), "method": rng.choice(METHODS)}
    if kind != 3:  # kind 3: a notification
        message["id"] = rng.choice([n, f"r{n}", n, f"r{n}", None, True, [n]])
    if kind == 4:
        message["params"] = json_value(rng)
    elif kind in (5, 6, 7):
        message["method"] = "tools/call"
        message["params"] = {"name": rng.choice(TOOLS), "arguments": {"x": "y" * rng.choice(SIZES)}
                             if kind == 7 else json_value(rng)}
    elif kind == 8:
        message = {"jsonrpc": "2.0", "id": n, "result": json_value(rng)}  # a response nobody asked for
    return json.dumps(message).encode()


def expects_answer(line: bytes) -> object:
    """The id an answer must carry: a request's own id, None for what is refused, or ... for nothing."""
    try:
        decoded = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if isinstance(decoded, dict) and "id" in decoded and (
            not isinstance(decoded["id"], (str, int)) or isinstance(decoded["id"], bool)):
        return None  # MCP ids are strings or integers, never null: refused
    try:
        message = types.jsonrpc_message_adapter.validate_json(line)
    except (ValidationError, ValueError, RecursionError):
        # refused: an error carrying the id of what was meant as a request, else a null id
        try:
            decoded = json.loads(line)
        except (ValueError, RecursionError):
            return None
        request_id = decoded.get("id") if isinstance(decoded, dict) and "method" in decoded else None
        return request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None
    return message.id if isinstance(message, types.JSONRPCRequest) else ...


def threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


def test_every_line_on_stdio_gets_its_answer_and_nothing_is_left_running(make_mesh):
    mesh = make_mesh(MESH)
    proc = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--home", str(mesh.home)], env=mesh.env,
                            cwd=mesh.workdir, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    rng = random.Random(SEED)
    answers: queue.Queue = queue.Queue()

    def read() -> None:  # answers may come in any order: requests run concurrently
        for line in proc.stdout:
            message = json.loads(line)
            if "method" not in message:  # notifications aside
                answers.put(message)

    def send(payload: bytes) -> None:
        proc.stdin.write(payload + b"\n")
        proc.stdin.flush()

    owed: Counter = Counter()  # ids still owed an answer (None: a refusal with a null id)

    def collect(until: str) -> None:
        while until in owed or any(owed.values()):
            answer = answers.get(timeout=ANSWER_S)
            request_id = answer.get("id")
            assert owed[request_id] > 0, f"an answer nobody was owed: {answer}"
            owed[request_id] -= 1
            if not owed[request_id]:
                del owed[request_id]

    threading.Thread(target=read, daemon=True).start()
    try:
        owed["init"] += 1
        send(json.dumps(INITIALIZE).encode())
        collect("init")
        send(json.dumps(INITIALIZED).encode())
        baseline = threads(proc.pid)
        for n in range(ROUNDS):
            line = shape(rng, n)
            want = expects_answer(line)
            if want is not ...:
                owed[want] += 1
            probe = f"probe-{n}"
            owed[probe] += 1
            send(line)
            send(json.dumps({"jsonrpc": "2.0", "id": probe, "method": "ping"}).encode())
            collect(probe)
        time.sleep(0.5)
        assert answers.empty(), answers.get()  # nothing answered twice
        assert threads(proc.pid) <= baseline + 8  # nothing piles up: calls hold no threads
        proc.stdin.close()
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            stop_process(proc)


def test_every_body_posted_over_http_gets_an_answer_and_the_server_serves_on(make_mesh):
    mesh = make_mesh(MESH)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--home",
                               str(mesh.home)], env=mesh.env, cwd=mesh.workdir, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/mcp"
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    rng = random.Random(SEED + 1)
    try:
        wait_for(lambda: _listening(port), timeout=30, what="the HTTP front door")
        with httpx.Client(timeout=ANSWER_S) as http:
            opened = http.post(url, content=json.dumps(INITIALIZE), headers=headers)
            session = {**headers, "mcp-session-id": opened.headers["mcp-session-id"],
                       "mcp-protocol-version": "2025-11-25"}
            http.post(url, content=json.dumps(INITIALIZED), headers=session)
            baseline = threads(server.pid)
            for n in range(ROUNDS):
                line = shape(rng, n)
                want = expects_answer(line)
                answer = http.post(url, content=line, headers=session if rng.random() < 0.8 else headers)
                assert answer.status_code < 500, (line[:200], answer.status_code, answer.text[:300])
                if want is not ... and answer.status_code == 200:
                    assert f'"id":{json.dumps(want)}'.replace(" ", "") in answer.text.replace(" ", ""), \
                        (line[:200], answer.text[:300])
            listed = http.post(url, content=json.dumps({"jsonrpc": "2.0", "id": "last", "method": "tools/list"}),
                               headers=session)
            assert listed.status_code == 200 and "echo__echo" in listed.text  # a mesh this small is listed whole
            assert threads(server.pid) <= baseline + 8
    finally:
        stop_process(server)
    assert server.returncode is not None


@pytest.mark.parametrize("n", range(3))
def test_the_generator_is_deterministic(n):
    assert shape(random.Random(SEED), n) == shape(random.Random(SEED), n)
