"""Which requests the front door answers beside the SDK's server. Pure.

A plain `tools/call` (an id, a tool name, arguments, nothing else) on a handshake connection is answered
without the SDK's dispatch (its streams, a task group per request, its middleware chain); the same handler
code runs, with the SDK's own validation of the params and of the result. Everything else keeps the SDK's
path unchanged: other methods, a `_meta` (a progress token, a modern envelope, a log-level opt-in), any
field the plain shape does not have, and every request of a connection before its handshake completes.

Over Streamable HTTP only a POST the SDK's transport would take as it is qualifies (to its MCP path, JSON
content, accepting both JSON and event streams, naming its session and that session's protocol version);
it is answered with one JSON body, which the client accepts in place of a stream (the transport's spec lets
the server choose). A call that says or asks something before its reply, or takes longer than a moment,
is handed over to the SDK's server, which then streams it as always.
"""

from __future__ import annotations

from typing import Any

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

TOOLS_CALL = "tools/call"
JSON = "application/json"
SSE = "text/event-stream"
SESSION_HEADER = "mcp-session-id"
VERSION_HEADER = "mcp-protocol-version"
ENVELOPE_KEYS = frozenset({"jsonrpc", "id", "method", "params"})
CALL_KEYS = frozenset({"name", "arguments"})


def plain_call(message: dict) -> tuple[Any, dict] | None:
    """The id and params of a plain tools/call request, or None for anything else."""
    if message.get("method") != TOOLS_CALL or message.get("jsonrpc") != "2.0" or not ENVELOPE_KEYS.issuperset(message):
        return None
    request_id, params = message.get("id"), message.get("params")
    if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
        return None
    if not isinstance(params, dict) or not CALL_KEYS.issuperset(params) or not isinstance(params.get("name"), str):
        return None
    if not isinstance(params.get("arguments", {}), dict):
        return None
    return request_id, params


def served_beside(protocol_version: str, handshake_done: bool) -> bool:
    """Whether a connection's plain calls may be answered beside the SDK's server."""
    return handshake_done and protocol_version in HANDSHAKE_PROTOCOL_VERSIONS


def http_session(method: str, path: str, mcp_path: str, headers: dict[str, str]) -> tuple[str, str] | None:
    """The (session id, protocol version) a POST names when the SDK's transport would take it as it is."""
    if method != "POST" or path != mcp_path:
        return None
    if headers.get("content-type", "").split(";")[0].strip().lower() != JSON:
        return None
    accepted = {part.split(";")[0].strip().lower() for part in headers.get("accept", "").split(",")}
    if JSON not in accepted or SSE not in accepted:  # wildcards: the SDK's own check decides
        return None
    session, version = headers.get(SESSION_HEADER, ""), headers.get(VERSION_HEADER, "")
    return (session, version) if session and version else None
