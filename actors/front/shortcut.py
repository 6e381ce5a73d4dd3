"""Which requests the front door answers beside the SDK's server, on the client's own pipe. Pure.

A plain `tools/call` (an id, a tool name, arguments, nothing else) on a handshake connection is answered
without the SDK's dispatch (its streams, a task group per request, its middleware chain); the same handler
code runs, with the SDK's own validation of the params and of the result. Everything else keeps the SDK's
path unchanged: other methods, a `_meta` (a progress token, a modern envelope, a log-level opt-in), any
field the plain shape does not have, and every request of a connection before its handshake completes.
"""

from __future__ import annotations

from typing import Any

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

TOOLS_CALL = "tools/call"
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
