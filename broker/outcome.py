"""Tell a failed call from a successful one, including failures disguised as successful results.

An organ can answer ok=True and still have failed: a shell command that exited 127, an MCP tool
result with isError set, a text result ending in "[exit code: 1]". The healer must see those as
failures. The cause is left "unknown" (broker.causes names it) except for timeouts, which the
result itself states.
"""

from __future__ import annotations

import re
import signal
from typing import Any

from broker.protocol import Failure, Reply

MAX_MESSAGE_CHARS = 500
TAIL_LINES = 5  # enough for the error under a traceback or npm's log-path footer, still one line
ELLIPSIS = "..."

_EXIT_KEYS = ("exitCode", "returncode", "exit_code", "exitStatus")
_TIMEOUT_KEYS = ("timedOut", "timed_out")
_OUTPUT_KEYS = ("stderr", "stdout", "output")

_EXIT_MARK = re.compile(r"\[exit (?:code|status):?\s*(-?\d+)\]\s*\Z", re.I)
_TIMEOUT_LINE = re.compile(
    r"^\[timed out\b.*|.*\btimed out after \d+(?:\.\d+)?\s*(?:ms|milliseconds?|s|secs?|seconds?)\b\.?\]?$",
    re.I)
_SIGNAL_LINE = re.compile(r"killed by signal:?\s*(\w*)", re.I)


def detect(reply: Reply) -> Failure | None:
    """Return the failure a reply carries, explicit or disguised in its result; None for a success."""
    if not reply.ok:
        return reply.error or Failure("unknown", "the organ gave no error")
    if isinstance(reply.result, dict):
        return _from_structured(reply.result)
    if isinstance(reply.result, str):
        return _from_text(reply.result)
    return None


def _from_structured(result: dict) -> Failure | None:
    # A structured result says how it went in its fields; its text is output, never scanned:
    # reading a log that says "Error: ..." is a success.
    if any(result.get(key) is True for key in _TIMEOUT_KEYS):
        return Failure("timeout", _message(_timeout_head(result), _output_tail(result)), type="Timeout")
    code = _exit_code(result)
    sig = result.get("signal")
    if code is not None and code < 0 and "returncode" in result:
        sig = sig or -code  # Python's subprocess reports death by signal N as returncode -N
    if sig not in (None, "", 0, False):
        return Failure("unknown", _message(f"killed by signal {_signal_name(sig)}", _output_tail(result)),
                       type="Signal")
    if result.get("isError") is True:
        return Failure("unknown", _mcp_message(result.get("content")), type="McpError")
    if code:
        return Failure("unknown", _message(f"exit code {code}", _output_tail(result)), type="ExitStatus")
    return None


def _from_text(text: str) -> Failure | None:
    mark = _EXIT_MARK.search(text)
    code = int(mark.group(1)) if mark else 0
    body = text[:mark.start()] if mark else text
    lines = _lines(body)
    if lines and _TIMEOUT_LINE.match(lines[-1]):
        return Failure("timeout", _message(lines[-1].strip("[]. "), _tail(lines[:-1])), type="Timeout")
    killed = _SIGNAL_LINE.search(body)
    if killed:
        head = f"killed by signal {killed.group(1)}".rstrip()
        return Failure("unknown", _message(head, _tail([ln for ln in lines if not _SIGNAL_LINE.search(ln)])),
                       type="Signal")
    if code:
        return Failure("unknown", _message(f"exit code {code}", _tail(lines)), type="ExitStatus")
    return None


def _exit_code(result: dict) -> int | None:
    for key in _EXIT_KEYS:
        value = result.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _signal_name(sig: Any) -> str:
    number = sig if isinstance(sig, int) else int(sig) if isinstance(sig, str) and sig.isdigit() else None
    if number is None:
        return str(sig)
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def _timeout_head(result: dict) -> str:
    ms = next((v for k in ("durationMs", "duration_ms") if isinstance(v := result.get(k), (int, float))), None)
    return "timed out" if ms is None else f"timed out after {round(ms / 1000, 1):g}s"


def _output_tail(result: dict) -> str:
    for key in _OUTPUT_KEYS:
        value = result.get(key)
        if isinstance(value, str):
            # the shell organ appends its own timeout marker; the head already says so
            tail = _tail([ln for ln in _lines(value) if not _TIMEOUT_LINE.match(ln)])
            if tail:
                return tail
    return ""


def _mcp_message(content: Any) -> str:
    items = content if isinstance(content, list) else []
    texts = [item["text"] for item in items
             if isinstance(item, dict) and item.get("type") == "text" and isinstance(item.get("text"), str)]
    # MCP servers lead with the error and follow with stack frames, so keep the start
    text = " | ".join(_lines("\n".join(texts)))
    if not text:
        return "the tool reported an error without text"
    return text if len(text) <= MAX_MESSAGE_CHARS else text[:MAX_MESSAGE_CHARS - len(ELLIPSIS)] + ELLIPSIS


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _tail(lines: list[str]) -> str:
    return " | ".join(lines[-TAIL_LINES:])


def _message(head: str, tail: str) -> str:
    if not tail:
        return head
    room = MAX_MESSAGE_CHARS - len(head) - 2
    if len(tail) > room:
        # the end of the output is where programs put the error, so cut from the front
        tail = ELLIPSIS + tail[-(room - len(ELLIPSIS)):]
    return f"{head}: {tail}"
