"""Which requests the front door answers beside the SDK's server: the pure decision, with constants."""

from __future__ import annotations

import pytest

from actors.front.shortcut import http_session, plain_call, served_beside

CALL = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo__echo", "arguments": {"x": 1}}}


def test_a_plain_tools_call_is_taken_with_its_id_and_params():
    assert plain_call(CALL) == (7, {"name": "echo__echo", "arguments": {"x": 1}})
    assert plain_call({**CALL, "id": "r7"})[0] == "r7"
    assert plain_call({**CALL, "params": {"name": "echo__echo"}}) == (7, {"name": "echo__echo"})


@pytest.mark.parametrize("message", [
    {**CALL, "method": "tools/list"},
    {**CALL, "jsonrpc": "1.0"},
    {k: v for k, v in CALL.items() if k != "id"},  # a notification
    {**CALL, "id": True},
    {**CALL, "id": None},
    {**CALL, "id": 1.5},
    {**CALL, "extra": 1},
    {**CALL, "params": None},
    {**CALL, "params": []},
    {**CALL, "params": {"name": 3, "arguments": {}}},
    {**CALL, "params": {"arguments": {}}},
    {**CALL, "params": {"name": "echo__echo", "arguments": None}},
    {**CALL, "params": {"name": "echo__echo", "arguments": [1]}},
    {**CALL, "params": {"name": "echo__echo", "arguments": {}, "_meta": {}}},
    {**CALL, "params": {"name": "echo__echo", "arguments": {}, "_meta": {"progressToken": 1}}},
    {**CALL, "params": {"name": "echo__echo", "arguments": {}, "task": {"ttl": 10}}},
    {**CALL, "params": {"name": "echo__echo", "arguments": {}, "requestState": "s"}},
], ids=lambda m: repr(m)[:60])
def test_anything_but_a_plain_call_is_left_to_the_sdk(message):
    assert plain_call(message) is None


@pytest.mark.parametrize("version, handshake_done, served", [
    ("2025-11-25", True, True),
    ("2025-06-18", True, True),
    ("2024-11-05", True, True),
    ("2025-11-25", False, False),
    ("2026-07-28", True, False),
    ("1999-01-01", True, False),
])
def test_only_handshake_connections_past_their_handshake_are_served_beside(version, handshake_done, served):
    assert served_beside(version, handshake_done) is served


HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream",
           "mcp-session-id": "s1", "mcp-protocol-version": "2025-11-25"}


def test_a_post_the_sdks_transport_takes_as_it_is_names_its_session_and_version():
    assert http_session("POST", "/mcp", "/mcp", HEADERS) == ("s1", "2025-11-25")
    assert http_session("POST", "/mcp", "/mcp", {**HEADERS, "content-type": "application/json; charset=utf-8",
                                                 "accept": "text/event-stream;q=0.9, application/json"}) == (
        "s1", "2025-11-25")


@pytest.mark.parametrize("method, path, changed", [
    ("GET", "/mcp", {}), ("POST", "/other", {}), ("POST", "/mcp", {"content-type": "text/plain"}),
    ("POST", "/mcp", {"accept": "application/json"}), ("POST", "/mcp", {"accept": "*/*"}),
    ("POST", "/mcp", {"mcp-session-id": ""}), ("POST", "/mcp", {"mcp-protocol-version": ""}),
])
def test_any_other_http_request_is_left_to_the_sdk(method, path, changed):
    assert http_session(method, path, "/mcp", {**HEADERS, **changed}) is None
