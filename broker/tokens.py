"""Token counts of tool schemas on the wire, with OpenAI's o200k vocabulary (offline, via quicktok).

The wire format is fixed: the JSON list of MCP tool objects, compact, UTF-8 kept as is
(`json.dumps(tools, separators=(",", ":"), ensure_ascii=False)`). The same tools indented count up
to 45% more, so every number this module gives is for that format and no other.
"""

from __future__ import annotations

import functools
import json
from typing import Any

ENCODING = "o200k_base"


def wire(tools: list[dict] | dict) -> str:
    """Serialise tools (or one tool) exactly as they are sent to the agent."""
    return json.dumps(tools, separators=(",", ":"), ensure_ascii=False)


def upper_bound(text: str) -> int:
    """At least the o200k token count of a text: its UTF-8 byte length (a byte-level BPE token covers a byte or more)."""
    return len(text.encode("utf-8"))


def load() -> None:
    """Load the vocabulary now (it holds the GIL for a second or more: do it before a loop starts beating)."""
    _encoder()


def count_text(text: str) -> int:
    """Count the o200k tokens of a text (special tokens are plain text here)."""
    return _encoder().count(text) if text else 0


def count_tokens(tools: list[dict]) -> int:
    """Count the o200k tokens of the compact JSON list of tools."""
    return count_text(wire(tools))


@functools.cache
def _encoder() -> Any:
    # imported and loaded on first use: the vocabulary takes most of a second to load, which the
    # heart's and the organs' start-up must not pay
    import quicktok

    return quicktok.get_encoding(ENCODING)
