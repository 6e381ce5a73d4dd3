"""Host hooks: turn an agent host's hook payload into what the mesh should learn. Pure functions.

`actors hook` runs on every tool call of the agent, so what it needs first (event_kind, and parse for a
prompt or a stop) loads nothing heavy; a tool's outcome is classified by the heart (the `hook` control
command), which has broker.causes and broker.outcome loaded already.

Two shapes are understood:
- Claude Code style: {"hook_event_name": "UserPromptSubmit" | "PreToolUse" | "PostToolUse" | "PostToolUseFailure" |
  "Stop", "session_id", "prompt" | "tool_name", "tool_input", "tool_response" | "error" and "is_interrupt", ...}
- the plain form for other hosts: {"event": "prompt" | "pretooluse" | "tool" | "stop", "session", "text" | "tool",
  "input", "output", "ok" (optional), "duration_ms" (optional)}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

EVENTS = {"userpromptsubmit": "prompt", "prompt": "prompt", "pretooluse": "pre_tool", "posttooluse": "tool",
          "posttoolusefailure": "tool", "tool": "tool", "stop": "stop", "sessionend": "stop", "subagentstop": "stop"}
FAILED_TOOL = "posttoolusefailure"  # Claude Code's hook for a tool use that failed: PostToolUse is for successes only
MAX_PAYLOAD_BYTES = 1024 * 1024  # what a hook hands to the heart (its frame limit is 8 MiB by default)
STRING_CAPS = (64 * 1024, 4096, 512)  # characters kept of each long string, tried in turn until it fits
MCP_PREFIX = "mcp__"  # a host's name for an MCP server's tool: mcp__SERVER__TOOL (Claude Code)
WIRE_SEP = "__"  # actors mcp's tool names: organ__tool (or a tool's bare name)
MAX_MCP_NAME = 256  # longer is no host's name for one of the mesh's tools (a wire name is at most 64 characters)


@dataclass(frozen=True, slots=True)
class Prompt:
    session: str
    text: str


@dataclass(frozen=True, slots=True)
class ToolUse:
    session: str
    tool: str
    args: dict
    ok: bool
    cause: str = ""
    message: str = ""
    duration_s: float = 0.0


@dataclass(frozen=True, slots=True)
class PendingCall:
    """A tool call the host is about to make (PreToolUse): what memory is asked about, never journalled."""

    session: str
    tool: str
    args: dict


@dataclass(frozen=True, slots=True)
class Stop:
    session: str


@dataclass(frozen=True, slots=True)
class Ignore:
    reason: str = ""
    details: dict = field(default_factory=dict)


def loads(raw: str) -> Any:
    """A host's JSON text (a hook's payload, a transcript's line) as its value, half of a UTF-16 pair read as `?`:
    JSON may spell one (`"\\ud83d"`: a JavaScript tool that cut a string between an emoji's halves), and neither
    the wire nor SQLite holds it. Raises ValueError or RecursionError as json.loads does."""
    value = json.loads(raw)
    if _HALF_PAIR.search(raw):  # a pair read whole is one character: only a line with such an escape is read again
        value = json.loads(json.dumps(value, ensure_ascii=False).encode("utf-8", "replace").decode("utf-8"))
    return value


_HALF_PAIR = re.compile(r"\\u[dD][89a-fA-F]")  # an escape that may spell half of a UTF-16 pair


def event_kind(event: str, payload: Any) -> str | None:
    """The kind of a hook (prompt, pre_tool, tool, stop), the payload's own event name first; None if unknown."""
    return EVENTS.get(_normal(_event_name(event, payload)))


def _normal(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def _event_name(event: str, payload: Any) -> str:
    own = (payload.get("hook_event_name") or payload.get("event")) if isinstance(payload, dict) else None
    return str(own or event)


def bounded(payload: Any) -> Any | None:
    """The payload with its long strings cut (head and tail) until it packs within MAX_PAYLOAD_BYTES; None if
    it cannot. Raises RecursionError for a payload nested deeper than Python recurses."""
    from broker import wire  # msgpack: loaded by a hook's socket anyway

    for cap in STRING_CAPS:
        cut = _cut(payload, cap)
        if len(wire.pack(cut)) <= MAX_PAYLOAD_BYTES:
            return cut
    return None


def _cut(value: Any, cap: int) -> Any:
    if isinstance(value, str):  # a quarter of the head, the rest of the tail, where errors usually are
        return value if len(value) <= cap else value[:cap // 4] + "\n...\n" + value[len(value) - (cap - cap // 4):]
    if isinstance(value, dict):
        return {key: _cut(item, cap) for key, item in value.items()}
    if isinstance(value, list):
        return [_cut(item, cap) for item in value]
    return value


def parse(event: str, payload: Any) -> Prompt | PendingCall | ToolUse | Stop | Ignore:
    """Read a hook payload for the named event (the payload's own event name wins when present)."""
    if not isinstance(payload, dict):
        return Ignore("the payload is not a JSON object")
    kind = event_kind(event, payload)
    session = str(payload.get("session_id") or payload.get("session") or "")
    if kind == "prompt":
        text = payload.get("prompt", payload.get("text", ""))
        return Prompt(session, str(text)) if text else Ignore("an empty prompt")
    if kind == "tool":
        failed = _normal(_event_name(event, payload)) == FAILED_TOOL
        return _tool_use(session, payload, failed)
    if kind == "pre_tool":
        tool = str(payload.get("tool_name") or payload.get("tool") or "")
        args = payload.get("tool_input", payload.get("input", {}))
        return PendingCall(session, tool, args if isinstance(args, dict) else {"input": args}) if tool else Ignore(
            "a tool event without a tool name")
    if kind == "stop":
        return Stop(session)
    return Ignore(f"nothing to learn from {_event_name(event, payload)!r}")


def _tool_use(session: str, payload: dict, failed: bool) -> ToolUse | Ignore:
    tool = str(payload.get("tool_name") or payload.get("tool") or "")
    if not tool:
        return Ignore("a tool event without a tool name")
    if failed and payload.get("is_interrupt") is True:
        return Ignore("the user interrupted the tool: nobody's failure")
    args = payload.get("tool_input", payload.get("input", {}))
    output = payload.get("error") if failed else payload.get("tool_response", payload.get("output"))
    duration_s = float(payload.get("duration_ms", 0) or 0) / 1000
    return tool_use(session, tool, args, output, False if failed else payload.get("ok"), duration_s)


def tool_use(session: str, tool: str, args: Any, output: Any, ok: Any = None, duration_s: float = 0.0) -> ToolUse:
    """Classify a finished tool use of the host's (ok False: the host said it failed): the hook path's
    classification, shared by the ingestion of a host's transcripts."""
    args = args if isinstance(args, dict) else {"input": args}
    failure = _failure(output, ok)
    if failure is None:
        return ToolUse(session, tool, args, True, duration_s=duration_s)
    from broker.causes import classify  # loaded in the heart; never by a hook that only sends

    message = unwrapped(failure[1])
    return ToolUse(session, tool, args, False, classify(message, failure[0]), message[:2000], duration_s)


def unwrapped(message: str) -> str:
    """A host's error text without the tag the host wraps it in for its model (Claude Code's
    `<tool_use_error>…</tool_use_error>`): the tag is no part of the error, and its closing half read as a path."""
    import re  # only for a failure, in the heart: a hook that only sends loads nothing it does not need

    found = re.fullmatch(r"\s*<(tool_use_error|error)>(.*)</\1>\s*", message, re.S)
    return found.group(2).strip() if found else message


def _failure(output: Any, ok: Any) -> tuple[str, str] | None:
    """(type, message) of a failed tool use, or None: a non-zero exit code fails even when the host says ok."""
    from broker.outcome import detect  # loaded in the heart; never by a hook that only sends
    from broker.protocol import Reply

    if isinstance(output, dict):
        found = detect(Reply(id="hook", ok=True, result=output))
        if found is not None:
            return found.type, found.message
        for key in ("is_error", "isError"):
            if output.get(key) is True:
                return "HostError", _text(output)
        if output.get("success") is False or output.get("error"):
            return "HostError", str(output.get("error") or _text(output))
    elif isinstance(output, str):
        found = detect(Reply(id="hook", ok=True, result=output))
        if found is not None:
            return found.type, found.message
    if ok is False:
        return "HostError", _text(output) if isinstance(output, dict) else str(output or "the host reported a failure")
    return None


def _text(output: dict) -> str:
    for key in ("stderr", "error", "message", "content", "stdout", "output"):
        value = output.get(key)
        if value:
            return value if isinstance(value, str) else str(value)
    return "the host reported a failure"


def served_by_mesh(tool: str, wires: Mapping[str, str]) -> str | None:
    """The organ.tool address a host tool name stands for when it is this mesh's own tool reached through
    `actors mcp` (mcp__SERVER__WIRE, WIRE its organ__tool wire name, escaped as the front door escapes it), else
    None. Such a call went through the front door, which journals it already: as a host tool it would be counted
    twice, under a name no exposure or card can use. A bare name (`actors mcp --names bare`) is not taken for the
    mesh's: another MCP server of the host may have a tool of that name. `wires`: wire name -> address."""
    if not tool.startswith(MCP_PREFIX) or len(tool) > MAX_MCP_NAME:
        return None
    rest = tool[len(MCP_PREFIX):]
    start = rest.find(WIRE_SEP)
    while start > 0:  # the server's own name may hold the separator: try each place it can end
        address = wires.get(rest[start + len(WIRE_SEP):])
        if address is not None:
            return address
        start = rest.find(WIRE_SEP, start + 1)
    return None
