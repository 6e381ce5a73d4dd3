"""Host hooks: turn an agent host's hook payload into what the mesh should learn. Pure functions.

Two shapes are understood:
- Claude Code style: {"hook_event_name": "UserPromptSubmit" | "PreToolUse" | "PostToolUse" | "Stop", "session_id",
  "prompt" | "tool_name", "tool_input", "tool_response", ...}
- the plain form for other hosts: {"event": "prompt" | "tool" | "stop", "session", "text" | "tool", "input",
  "output", "ok" (optional), "duration_ms" (optional)}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from broker.causes import classify
from broker.outcome import detect
from broker.protocol import Reply

HOST_ORGAN = "host"  # the agent host's own built-in tools are journalled as host.<tool>
EVENTS = {"userpromptsubmit": "prompt", "prompt": "prompt", "pretooluse": "pre_tool", "posttooluse": "tool",
          "tool": "tool", "stop": "stop", "sessionend": "stop", "subagentstop": "stop"}


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
class Stop:
    session: str


@dataclass(frozen=True, slots=True)
class Ignore:
    reason: str = ""
    details: dict = field(default_factory=dict)


def parse(event: str, payload: Any) -> Prompt | ToolUse | Stop | Ignore:
    """Read a hook payload for the named event (the payload's own event name wins when present)."""
    if not isinstance(payload, dict):
        return Ignore("the payload is not a JSON object")
    name = str(payload.get("hook_event_name") or payload.get("event") or event)
    kind = EVENTS.get(name.replace("_", "").replace("-", "").lower())
    session = str(payload.get("session_id") or payload.get("session") or "")
    if kind == "prompt":
        text = payload.get("prompt", payload.get("text", ""))
        return Prompt(session, str(text)) if text else Ignore("an empty prompt")
    if kind == "tool":
        return _tool_use(session, payload)
    if kind == "stop":
        return Stop(session)
    return Ignore(f"nothing to learn from {name!r}")


def _tool_use(session: str, payload: dict) -> ToolUse | Ignore:
    tool = str(payload.get("tool_name") or payload.get("tool") or "")
    if not tool:
        return Ignore("a tool event without a tool name")
    args = payload.get("tool_input", payload.get("input", {}))
    output = payload.get("tool_response", payload.get("output"))
    duration_s = float(payload.get("duration_ms", 0) or 0) / 1000
    failure = _failure(output, payload.get("ok"))
    if failure is None:
        return ToolUse(session, tool, args if isinstance(args, dict) else {"input": args}, True, duration_s=duration_s)
    cause = classify(failure[1], failure[0])
    return ToolUse(session, tool, args if isinstance(args, dict) else {"input": args}, False, cause,
                   failure[1][:2000], duration_s)


def _failure(output: Any, ok: Any) -> tuple[str, str] | None:
    """(type, message) of a failed tool use, or None: a non-zero exit code fails even when the host says ok."""
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
