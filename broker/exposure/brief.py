"""A tool's brief form: what the agent needs to recognise and call it, without the prose. Pure.

Beyond the tools that clearly fit a request, the budget buys more tools sent briefly: the first sentence of the
description, and the input schema with every property, type, enum, default, pattern and `required` list but
without the descriptions, titles and examples of its parts. A brief tool is whole as an MCP tool object and can
be called as it stands (the organ checks the arguments against its own full schema); once it is used it is in
the session's recent abilities and sent in full from then on, and `find_abilities` returns any tool in full.
On the 18 real servers of `shared/data/catalogs/real-mcp.json` the brief forms weigh 42% of the full ones.
"""

from __future__ import annotations

import re
from typing import Any

MAX_DESCRIPTION = 200  # characters of the brief description (a first sentence is usually far shorter)
PROSE = frozenset({"description", "title", "examples", "$comment", "markdownDescription"})  # in a schema's parts
KEPT = ("name", "title", "description", "inputSchema", "annotations")  # of the tool object; no outputSchema, no _meta
_SENTENCE_END = re.compile(r"(?<=[.!?])\s|\n")


def brief(wire: dict) -> dict:
    """The brief form of an MCP tool object (its name unchanged)."""
    short = {key: wire[key] for key in KEPT if key in wire}
    if "description" in short:
        short["description"] = first_sentence(str(short["description"]))
    if isinstance(short.get("inputSchema"), dict):
        short["inputSchema"] = _without_prose(short["inputSchema"], top=True)
    return short


def first_sentence(text: str) -> str:
    """The description's first sentence (or line), cut at a word within MAX_DESCRIPTION characters."""
    text = text.strip()
    end = _SENTENCE_END.search(text)
    sentence = text[:end.start()].rstrip() if end else text
    if len(sentence) <= MAX_DESCRIPTION:
        return sentence
    cut = sentence[:MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def _without_prose(schema: Any, top: bool = False) -> Any:
    """The schema with the prose of its parts left out; property names are kept whatever they are called."""
    if isinstance(schema, list):
        return [_without_prose(part) for part in schema]
    if not isinstance(schema, dict):
        return schema
    kept = {}
    for key, value in schema.items():
        if key in PROSE or (top and key == "$schema"):
            continue
        if key in ("properties", "patternProperties", "$defs", "definitions") and isinstance(value, dict):
            kept[key] = {name: _without_prose(part) for name, part in value.items()}
        elif key in ("enum", "const", "default", "required"):
            kept[key] = value  # values, never schemas: a property or value named "description" stays
        else:
            kept[key] = _without_prose(value)
    return kept
