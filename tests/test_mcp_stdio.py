"""The wrapped MCP organ's own stdio client, in this process, against a real server (the official SDK's, in
tests/organs/changing_mcp.py): deadlines, writes larger than a pipe holds, a server that dies."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

from actors.mcp_organ import ability_of, reply_of
from actors.mcp_stdio import RELAY_BURST, RELAY_RATE, SERVER_GONE, Bucket, ServerGone, StdioServer
from broker.causes import classify
from broker.protocol import Call

SERVER = [sys.executable, str(Path(__file__).with_name("organs") / "changing_mcp.py")]
CALL = Call(id="c1", organ="changing", ability="nap", args={"seconds": 0})


@pytest.fixture
def server():
    told: list[dict] = []
    gone: list[str] = []
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    started = StdioServer(SERVER, env, os.getcwd(), told.append, gone.append)
    started.told, started.gone_said = told, gone
    started.wait("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "test", "version": "1"}}, 30)
    started.notify("notifications/initialized")
    yield started
    started.close()


def turn_until(server: StdioServer, done, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not done() and time.monotonic() < deadline:
        server.turn(0.05)
    assert done(), "nothing came within the wait"


def test_a_request_past_its_deadline_is_answered_none_at_its_deadline_and_the_server_serves_on(server):
    answers: list = []
    started = time.monotonic()
    server.request("tools/call", {"name": "nap", "arguments": {"seconds": 5}}, started + 0.3, answers.append)
    turn_until(server, lambda: answers)
    assert answers == [None] and 0.3 <= time.monotonic() - started < 1.0
    assert server.wait("tools/call", {"name": "nap", "arguments": {"seconds": 0}}, 10)["content"][0]["text"] == "rested"


def test_a_request_larger_than_the_pipe_holds_is_written_as_the_server_reads_and_answered(server):
    answers: list = []
    pad = "p" * (4 << 20)
    server.request("tools/call", {"name": "nap", "arguments": {"seconds": 0, "pad": pad}}, time.monotonic() + 30,
                   answers.append)
    assert server.unsent, "a request this large does not fit the pipe at once: the rest waits, nothing blocks"
    order: list = []
    server.request("tools/call", {"name": "big", "arguments": {"size": 3}}, time.monotonic() + 30, order.append)
    turn_until(server, lambda: answers and order)
    assert answers[0]["result"]["content"][0]["text"] == "rested"
    assert order[0]["result"]["content"][0]["text"] == "xxx"


def test_a_server_that_dies_answers_what_waits_with_why_and_says_it_is_gone(server):
    answers: list = []
    server.request("tools/call", {"name": "nap", "arguments": {"seconds": 5}}, time.monotonic() + 30, answers.append)
    server.turn(0.1)
    os.kill(server.proc.pid, signal.SIGKILL)
    turn_until(server, lambda: answers)
    assert answers[0]["error"]["code"] == SERVER_GONE
    assert server.gone_said and "ended: killed by SIGKILL" in server.gone_said[0]
    later: list = []
    server.request("ping", None, time.monotonic() + 30, later.append)
    assert later[0]["error"]["code"] == SERVER_GONE  # answered at once, not at its deadline


def ends_at_start(command: list[str]) -> tuple[str, list[str]]:
    """Start a server that ends before it answers initialize: why the wait says it ended, and what on_gone heard."""
    gone: list[str] = []
    server = StdioServer(command, dict(os.environ), os.getcwd(), lambda message: None, gone.append)
    try:
        with pytest.raises(ServerGone) as ended:
            server.wait("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                       "clientInfo": {"name": "test", "version": "1"}}, 30)
    finally:
        server.close()
    return str(ended.value), gone


def test_a_server_that_exits_at_start_says_why_in_its_last_words_on_stderr_and_its_stderr_reaches_the_log(capfd):
    refusing = [sys.executable, "-c", "import sys; sys.stderr.write('usage: srv [-h]\\nsrv: error: unrecognized "
                "arguments: --no-such-flag\\n'); sys.exit(2)"]
    ended, gone = ends_at_start(refusing)
    assert ended == ("the MCP server ended: exited with code 2 (its stderr ended: "
                                "'srv: error: unrecognized arguments: --no-such-flag')") == gone[0]
    # in the log, each line marked as the server's: none of them can pass for one of the organ's own
    assert "[server] usage: srv [-h]\n[server] srv: error: unrecognized arguments: --no-such-flag\n" in \
        capfd.readouterr().err


def test_a_failed_server_s_words_are_redacted_stripped_of_escapes_and_its_unfinished_line_logged_whole(capfd):
    noisy = [sys.executable, "-c", "import sys; sys.stderr.write('RuntimeError: 401 for token "
             "ghp_R3aLS3cr3tT0k3nD0N0tL3ak0000000000\\n\\x1b[2Jhalf a line'); sys.exit(1)"]
    _, gone = ends_at_start(noisy)
    assert gone == ["the MCP server ended: exited with code 1 (its stderr ended: 'RuntimeError: 401 for token "
                    "[REDACTED]')"]
    logged = capfd.readouterr().err
    assert logged.endswith("[server] \x1b[2Jhalf a line\n"), "the log keeps what it said, its last line ended"


def test_a_server_flooding_its_stderr_is_read_to_the_end_but_logged_only_up_to_the_relay_s_rate(capfd):
    flood = [sys.executable, "-c", "import sys\nfor _ in range(320): sys.stderr.write('x' * 65535 + '\\n')\n"
             "sys.stderr.flush(); sys.exit(3)"]  # 20 MiB at once
    _, gone = ends_at_start(flood)
    logged = capfd.readouterr().err
    assert RELAY_BURST <= len(logged) < RELAY_BURST + 2 * RELAY_RATE, "a burst, then the rate: not 20 MiB"
    # the rest was read and counted (a line says how much, after the burst; the rate may let a later piece through
    # before the end, so the count need not be the log's last line)
    dropped = [int(n) for n in re.findall(r"\.\.\. (\d+) bytes of its stderr not logged \(over \d+ bytes/s\)\n", logged)]
    assert dropped and sum(dropped) >= 320 * 65536 - len(logged)
    assert gone and gone[0].startswith("the MCP server ended: exited with code 3")


def test_the_relay_s_bucket_lets_a_burst_through_then_its_rate():
    bucket = Bucket(burst=100, rate=10)
    assert bucket.take(60, 0.0) and not bucket.take(60, 0.0) and bucket.take(40, 0.0)
    assert not bucket.take(20, 1.0) and bucket.take(20, 3.0)  # 10 a second refill it


def test_a_tool_s_annotations_become_its_side_effect_facts():
    read_only = ability_of({"name": "t", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}, 9)
    assert (read_only.read_only, read_only.idempotent, read_only.destructive, read_only.timeout_s) == (True, True, False, 9)
    plain = ability_of({"name": "w", "annotations": {"destructiveHint": True, "idempotentHint": True}}, 9)
    assert (plain.read_only, plain.idempotent, plain.destructive, plain.params) == (False, True, True, {})


def test_a_call_unanswered_while_a_ping_waited_half_its_time_is_a_hung_server_not_a_timeout():
    hung = reply_of(CALL, None, 4.0, 4.0, ping_silent_s=3.2).error
    assert classify(hung.message, hung.type, hung.cause) == "organ_unhealthy"  # a longer timeout would not help
    assert "nor a ping sent 3.2s ago: it is hung" in hung.message
    slow = reply_of(CALL, None, 4.0, 4.0, ping_silent_s=1.9).error  # the server answers pings: the tool is slow
    assert classify(slow.message, slow.type, slow.cause) == "timeout"


def test_a_server_s_answer_becomes_the_reply_the_healer_reads():
    assert reply_of(CALL, None, 0.8, 0.8).error.cause == "timeout"
    bad = reply_of(CALL, {"error": {"code": -32602, "message": "Invalid params: 'path' is required"}}, 0.1, 1).error
    assert classify(bad.message, bad.type, bad.cause) == "bad_params"  # the heart names it from the code
    unknown_tool = reply_of(CALL, {"error": {"code": -32602, "message": "Unknown tool: nope"}}, 0.1, 1).error
    assert classify(unknown_tool.message, unknown_tool.type, unknown_tool.cause) == "tool_missing"  # MCP's own words
    assert reply_of(CALL, {"error": {"code": SERVER_GONE, "message": "gone"}}, 0.1, 1).error.cause == "crashed"
    assert reply_of(CALL, {"error": {"code": -32603, "message": "boom"}}, 0.1, 1).error.cause == "unknown"
    result = {"content": [{"type": "text", "text": "x"}], "isError": True}
    ok = reply_of(CALL, {"result": result}, 0.1, 1)
    assert ok.ok and ok.result == result  # an isError result is the heart's to judge, as the server said it
