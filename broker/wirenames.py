"""The MCP tool name of an organ's ability: organ__tool, made valid for MCP. Pure; loads nothing heavy.

Exposure's catalogue names tools with it (settling the rare collisions itself), and the heart reads a host's
hook with it to know a call the host made through `actors mcp` (broker/hooks.served_by_mesh).
"""

from __future__ import annotations

import hashlib
import re

from broker.vocab import WIRE_NAME_SEP

WIRE_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_WIRE = 64


def wire_name(organ: str, tool: str) -> str:
    """The wire tool name of organ.tool before collisions are settled: organ__tool, made valid."""
    raw = f"{organ}{WIRE_NAME_SEP}{tool}"
    if WIRE_NAME.match(raw):
        return raw
    safe = re.sub(r"[^a-zA-Z0-9_-]", "_", raw)
    return safe if len(safe) <= MAX_WIRE else hashed(safe, f"{organ}.{tool}")


def hashed(name: str, address: str) -> str:
    """A name cut to fit, made unique again by its address's digest."""
    digest = hashlib.sha1(address.encode()).hexdigest()[:8]
    return f"{name[:MAX_WIRE - 9]}_{digest}"
