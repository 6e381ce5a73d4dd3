"""Mesh answers as MCP results, and MCP's error codes. Pure."""

from __future__ import annotations

import base64
import json
from typing import Any

from mcp import types
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS
from mcp_types import methods as mcp_methods
from pydantic import ValidationError

from broker.protocol import Reply

RESOURCE_NOT_FOUND = -32002  # MCP's code for a resource URI nobody offers


def unknown_tool(name: str, searchable: bool) -> MCPError:
    """The protocol error for a tool name the mesh does not have; it points to find_abilities when the client's
    list holds it (when every tool fits, the list is the whole mesh)."""
    where = "call find_abilities to search the mesh" if searchable else "tools/list names every tool of the mesh"
    return MCPError(INVALID_PARAMS, f"unknown tool {name[:128]!r}; {where}")


def unknown_prompt(name: str) -> MCPError:
    """The protocol error for a prompt name the mesh does not have."""
    return MCPError(INVALID_PARAMS, f"unknown prompt {name[:128]!r}")


def unknown_resource(uri: str) -> MCPError:
    """The protocol error for a resource URI the mesh does not offer."""
    return MCPError(RESOURCE_NOT_FOUND, f"resource not found: {uri[:300]}", data={"uri": uri[:300]})


def bad_params(message: str) -> MCPError:
    """The protocol error for arguments that do not fit."""
    return MCPError(INVALID_PARAMS, message[:500])


def params_problem(exc: ValidationError) -> MCPError | None:
    """The protocol error for a request's params that do not fit its method's schema, saying where and why;
    None for an error that is not about a request's params (a fault of a handler, not of the client)."""
    if not exc.title.endswith(("Request", "RequestParams")) or not (problems := exc.errors()):
        return None
    loc = problems[0]["loc"]
    where = ".".join(str(part) for part in (loc if loc[:1] == ("params",) else ("params", *loc)))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return MCPError(INVALID_PARAMS, f"Invalid request parameters: {where}: {problems[0]['msg']}{more}"[:500])


def not_initialized(method: str) -> MCPError:
    """The protocol error for a request before the connection's handshake (only ping may come before it)."""
    return MCPError(INVALID_PARAMS, f"{method[:128]} before initialize: send initialize first "
                    "(only ping is answered before it)")


def mesh_down(message: str, running: bool = False) -> MCPError:
    """The protocol error when the mesh cannot answer (the heart stopped, or did not answer in time); running: its
    process is known to be there (stopped or wedged), so asking whether `actors up` runs would mislead."""
    return MCPError(INTERNAL_ERROR, f"the mesh cannot answer: {message[:300]}"
                    + ("" if running else " (is `actors up` running?)"))


def alert_log(organ: str, message: str) -> str:
    """An alert's text as relayed to every client's log, or a stand-in when the text reads as an instruction.

    Alerts carry words an organ chose (a wrapped server's last stderr line when it dies, a reflex's message) and
    reach every connected agent, not only the caller: one that reads as an instruction to a model is withheld."""
    from actors import guard  # its regexes cost milliseconds: loaded at the first alert, not at start-up

    flagged = guard.first(message)
    if flagged is None:
        return message
    return (f"an alert of organ {organ or 'mesh'} withheld: its text reads as an instruction to a model "
            f"({flagged[0]}); `actors status` shows it")


def tool_result(reply: Reply) -> types.CallToolResult:
    """A call's reply as a tool result: its own MCP result, text and structured content, or an isError."""
    if reply.ok:
        result = reply.result
        if isinstance(result, dict) and isinstance(result.get("content"), list):
            try:
                return types.CallToolResult.model_validate(result)  # an MCP-shaped result (a wrapped server's)
            except ValueError:
                pass
        return types.CallToolResult(content=[types.TextContent(text=_text(result))],
                                    structured_content=result if isinstance(result, dict) else None)
    e = reply.error
    text = (f"[actors] call failed — cause: {e.cause}; decision: {e.decision or 'refer'}; retries: {e.retried}\n"
            f"{error_text(e.message)}" + (f"\nhint: {e.hint}" if e.hint else ""))
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


def error_text(message: str) -> str:
    """A failure's message as the caller's model reads it, or guard's note when it reads as an instruction to one.

    The message is the organ's words, and for a wrapped server its own (an error it answered, the text of a result
    with isError): the cause, decision and hint around it are the mesh's, and stay."""
    from actors import guard  # as for alerts: loaded at the first failure, not at start-up

    broken = guard.flags(message)
    return guard.withheld(broken) if broken else message


def tool_answer(reply: Reply, version: str) -> dict:
    """A call's reply as the wire form of its tools/call result on `version`: what the SDK's server sends for
    tool_result(reply) (raises pydantic's ValidationError where it answers "invalid result").

    A wrapped server's result is checked against the protocol's schema once, not first as the SDK's model
    and then again as the wire form: the model only adds its default `isError`."""
    result = reply.result
    if reply.ok and (plain := _plain_text_result(result)) is not None:
        return plain
    if (reply.ok and type(result) is dict and isinstance(result.get("content"), list)
            and type(result.get("isError", False)) is bool):
        try:
            return mcp_methods.serialize_server_result(
                "tools/call", version, result if "isError" in result else {**result, "isError": False})
        except ValueError:  # not a valid result as it stands: the model's path says what becomes of it
            pass
    dumped = tool_result(reply).model_dump(by_alias=True, mode="json", exclude_none=True)
    return mcp_methods.serialize_server_result("tools/call", version, dumped)


PLAIN_KEYS = frozenset({"content", "isError", "structuredContent"})
TEXT_KEYS = frozenset({"type", "text"})
JSON_SCALARS = (str, int, float, bool, type(None))


def _plain_text_result(result: Any) -> dict | None:
    """The wire form of the commonest result, text items and nothing the schema could drop or refuse, built
    without the schema's models (what their check and dump give for it, key order aside); None otherwise."""
    if type(result) is not dict or not PLAIN_KEYS.issuperset(result) or type(result.get("content")) is not list:
        return None
    for item in result["content"]:
        if type(item) is not dict or item.keys() != TEXT_KEYS or item["type"] != "text" or type(item["text"]) is not str:
            return None
    if type(result.get("isError", False)) is not bool:
        return None
    structured = result.get("structuredContent")
    if structured is not None and (type(structured) is not dict or not _plain_json(structured)):
        return None
    plain = {"content": result["content"], "isError": result.get("isError", False)}
    if structured is not None:
        plain["structuredContent"] = structured
    return plain


def _plain_json(value: Any, depth: int = 0) -> bool:
    if type(value) is dict:
        return depth < 64 and all(type(k) is str and _plain_json(v, depth + 1) for k, v in value.items())
    if type(value) is list:
        return depth < 64 and all(_plain_json(v, depth + 1) for v in value)
    return type(value) in JSON_SCALARS


def resource_contents(uri: str, mime_type: str, result: Any) -> types.ReadResourceResult:
    """A resource reader's result: text, bytes (a blob) or MCP's {"contents": [...]}."""
    if isinstance(result, dict) and isinstance(result.get("contents"), list):
        return types.ReadResourceResult.model_validate(result)
    if isinstance(result, (bytes, bytearray)):
        return types.ReadResourceResult(contents=[types.BlobResourceContents(
            uri=uri, mime_type=mime_type or "application/octet-stream", blob=base64.b64encode(result).decode())])
    return types.ReadResourceResult(contents=[types.TextResourceContents(
        uri=uri, mime_type=mime_type or ("text/plain" if isinstance(result, str) else "application/json"),
        text=_text(result))])


def prompt_result(description: str, result: Any) -> types.GetPromptResult:
    """A prompt's result: text (one user message), a list of MCP prompt messages, or MCP's {"messages"}."""
    if isinstance(result, dict) and isinstance(result.get("messages"), list):
        return types.GetPromptResult.model_validate({"description": description, **result})
    if isinstance(result, list):
        return types.GetPromptResult.model_validate({"description": description, "messages": result})
    return types.GetPromptResult(description=description, messages=[
        types.PromptMessage(role="user", content=types.TextContent(text=_text(result)))])


def _text(result: Any) -> str:
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=repr)
