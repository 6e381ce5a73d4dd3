"""A tool's brief form: what the agent needs to recognise and call it, without the prose. Pure.

Beyond the tools that clearly fit a request, the budget buys more tools sent briefly: the first sentence of the
description, and the input schema with every property, type, enum, default, pattern and `required` list but
without the descriptions, titles and examples of its parts. A brief tool is whole as an MCP tool object and can
be called as it stands (the organ checks the arguments against its own full schema); once it is used or found
with `find_abilities` it is among the session's recent abilities and sent in full from then on. On the 18 real
servers of `shared/data/catalogs/real-mcp.json` the brief forms weigh 45% of the full ones (LiveMCPBench 54%,
BFCL 61%, MetaTool 93%: its descriptions are one sentence already).
"""

from __future__ import annotations

import re
from typing import Any

MAX_DESCRIPTION = 200  # characters of the brief description (a first sentence is usually far shorter)
PROSE = frozenset({"description", "title", "examples", "$comment", "markdownDescription"})  # in a schema's parts
KEPT = ("name", "title", "description", "inputSchema", "annotations")  # of the tool object; no outputSchema, no _meta
# the keywords whose values are schemas (JSON Schema 2020-12 and draft 7): prose is left out of these and of
# nothing else, so a value that merely looks like a schema (a default, an enum, a dependentRequired list, a vendor
# keyword, a "$ref" target under a name of its own) stays exactly as it was
ONE_SCHEMA = frozenset({"items", "additionalItems", "additionalProperties", "contains", "not", "if", "then", "else",
                        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"})
SCHEMA_LIST = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})  # items: draft 7's tuple form
NAMED_SCHEMAS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                           "dependencies"})  # name -> schema (dependencies: or a list of names)
# keywords read otherwise without the `$schema` that names an older dialect (items: only its list form)
DIALECT_KEYWORDS = frozenset({"items", "additionalItems", "dependencies", "$recursiveRef", "$recursiveAnchor"})
# a stop ends the sentence when what follows does not go on in lower case (\"Reads (e.g. a.txt) files\") and the
# word it ends is no dotted abbreviation (\"e.g.\", \"U.S.\"); CJK stops need no space after them
_STOP = re.compile(r"[.!?](?=\s)|[\u3002\uff01\uff1f]|\n")
_ABBREVIATION = re.compile(r"(?:\w\.){2,}$")


def brief(wire: dict) -> dict:
    """The brief form of an MCP tool object (its name unchanged)."""
    short = {key: wire[key] for key in KEPT if key in wire}
    if isinstance(short.get("description"), str):
        short["description"] = first_sentence(short["description"])
    if isinstance(short.get("inputSchema"), dict):
        schema = short["inputSchema"]
        short["inputSchema"] = _without_prose(schema, top=not _needs_dialect(schema))
    return short


def _needs_dialect(schema: dict) -> bool:
    """Tell whether the schema means something else without its `$schema` (read as 2020-12, MCP's default):
    draft 7's tuple `items`, `additionalItems`, `dependencies` and 2019-09's recursive references."""
    dialect = schema.get("$schema")
    if not isinstance(dialect, str) or "2020-12" in dialect:
        return False
    return _uses(schema, DIALECT_KEYWORDS)


def _uses(part: Any, keywords: frozenset[str]) -> bool:
    if isinstance(part, list):
        return any(_uses(item, keywords) for item in part)
    if not isinstance(part, dict):
        return False
    return any((key in keywords and (key != "items" or isinstance(value, list))) or _uses(value, keywords)
               for key, value in part.items())


def first_sentence(text: str) -> str:
    """The description's first sentence (or line), cut at a word within MAX_DESCRIPTION characters."""
    text = text.strip()
    sentence = text[:_sentence_end(text)].rstrip()
    if len(sentence) <= MAX_DESCRIPTION:
        return sentence
    cut = sentence[:MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "\u2026"


def _sentence_end(text: str) -> int:
    head = text[:MAX_DESCRIPTION * 4]  # a longer sentence is cut at MAX_DESCRIPTION anyway: never read further
    for stop in _STOP.finditer(head):
        if stop.group() == "\n":
            return stop.start()
        if stop.group() in ".!?":
            after = head[stop.end():stop.end() + MAX_DESCRIPTION].lstrip()
            word = head[max(0, stop.start() - MAX_DESCRIPTION):stop.end()].rsplit(None, 1)[-1].lstrip("([{\"'")
            if (after and after[0].islower()) or _ABBREVIATION.search(word):
                continue
        return stop.end()
    return len(text)


def _without_prose(schema: Any, top: bool = False) -> Any:
    """The schema with the prose of its parts left out; property names are kept whatever they are called."""
    if not isinstance(schema, dict):
        return schema  # a boolean schema, or no schema at all: left as it is
    kept = {}
    for key, value in schema.items():
        if key in PROSE or (top and key == "$schema"):
            continue
        if key in NAMED_SCHEMAS and isinstance(value, dict):
            kept[key] = {name: _without_prose(part) if not isinstance(part, list) else part
                         for name, part in value.items()}
        elif key in SCHEMA_LIST and isinstance(value, list):
            kept[key] = [_without_prose(part) for part in value]
        elif key in ONE_SCHEMA:
            kept[key] = _without_prose(value)
        else:
            kept[key] = value  # a value (enum, const, default, required, ...) or a keyword this does not know
    return kept
