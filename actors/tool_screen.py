"""What of a wrapped MCP server's tool list the mesh registers, and so what a model may read of it. Pure.

A wrapped server's tool names and texts are its own words, and every client of the front door hands them to a
model. A tool whose name is not one MCP allows is refused, not renamed (a sentence made into an identifier still
reads as a sentence); so is one with a word a call writes back (a property's name, an enum value) that reads as
an instruction to a model, since such a word cannot be withheld. The server's other tools register. A tool's text that reads as an instruction to a model
(guard's rules: its description, its title, the prose of its input and output schemas) is withheld: replaced by
a note saying so and naming the rules, keys and shape kept, so the tool stays listed and callable. The organ
hands what it refused or withheld to the heart with its registration (`Register.screened`): the owner reads it
in `actors status`, and `actors_organ_tools_screened` counts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from actors import guard
from broker.protocol import Screening
from broker.vocab import ADDRESS_SEP, Screened

MAX_NAME = 128  # MCP's tool names: 1 to 128 of A-Z a-z 0-9 _ . - (SEP-986), as MCP clients check them
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]")
SHOWN_CHARACTERS = 3  # of the characters a refused name may not hold, named in its reason
SHOWN_NAME = 160  # characters of a refused name kept for the owner to read
SHOWN_WORD = 80  # characters of a schema's word quoted in a refusal
PROSE = frozenset({"description", "title", "$comment", "markdownDescription"})  # the words of a tool's schemas
LISTS = frozenset({"examples"})  # a schema's lists of example values: their strings are read as words too
SCHEMAS = ("inputSchema", "outputSchema")
MAX_DEPTH = 64  # levels of a schema read: a real one has a dozen, and a deeper one would exhaust the walk's stack


def name_problem(name: Any, taken: set[str]) -> str:
    """Why a listed tool cannot be registered under this name ('' when it can); taken: the names already kept."""
    if not isinstance(name, str) or not name:
        return "it has no name"
    if len(name) > MAX_NAME:
        return f"its name is {len(name)} characters long, and MCP allows at most {MAX_NAME}"
    bad = list(dict.fromkeys(_NOT_NAME.findall(name)))
    if bad:
        shown = " ".join(repr(c) for c in bad[:SHOWN_CHARACTERS]) + (" ..." if len(bad) > SHOWN_CHARACTERS else "")
        return f"its name holds characters MCP does not allow in a tool name (only A-Z a-z 0-9 _ . -): {shown}"
    if ADDRESS_SEP in name:
        return f"its name holds a {ADDRESS_SEP!r}, which the mesh's addresses (organ{ADDRESS_SEP}tool) cannot hold"
    if name in taken:
        return "the server lists a tool by this name twice: the first is registered"
    return ""


def words_problem(tool: dict) -> str:
    """Why a tool is refused for its schemas ('' when it is not): deeper than MAX_DEPTH, or a word that reads as an
    instruction to a model where calls write it back (a property's name, an `enum` or `const` value), where it
    cannot be withheld."""
    for key in SCHEMAS:
        if _deeper(tool.get(key), MAX_DEPTH):
            return f"its {key} nests deeper than {MAX_DEPTH} levels"
        for what, word in _words(tool.get(key)):
            broken = guard.flags(word)
            if broken:
                return (f"its {key}'s {what} {word[:SHOWN_WORD]!r} reads as an instruction to a model "
                        f"({', '.join(broken)}); a word calls write back cannot be withheld")
    return ""


def _deeper(value: Any, limit: int) -> bool:
    """Tell whether a JSON value nests (maps and lists) deeper than limit levels, without recursion."""
    stack = [(value, 0)]
    while stack:
        part, depth = stack.pop()
        if isinstance(part, (dict, list)):
            if depth >= limit:
                return True
            stack.extend((v, depth + 1) for v in (part.values() if isinstance(part, dict) else part))
    return False


def _words(part: Any) -> Iterator[tuple[str, str]]:
    """The (kind, word) pairs of a schema a call writes back: property names, string enum and const values."""
    if isinstance(part, list):
        for item in part:
            yield from _words(item)
        return
    if not isinstance(part, dict):
        return
    if isinstance(part.get("properties"), dict):
        yield from (("property name", name) for name in part["properties"])
    if isinstance(part.get("enum"), list):
        yield from (("enum value", v) for v in part["enum"] if isinstance(v, str))
    if isinstance(part.get("const"), str):
        yield "const value", part["const"]
    for value in part.values():
        yield from _words(value)


def withheld(tool: dict) -> tuple[dict, tuple[str, ...], tuple[str, ...]]:
    """The tool with each of its texts that reads as an instruction to a model replaced by guard's note (every
    key and the shape kept), the places withheld (`description`, `inputSchema.properties.q.description`) and the
    rules they break; the tool itself when none does."""
    places: list[str] = []
    rules: dict[str, None] = {}
    screened = dict(tool)
    for key in ("description", "title"):
        if isinstance(tool.get(key), str):
            screened[key] = _text(tool[key], key, places, rules)
    for key in SCHEMAS:
        if isinstance(tool.get(key), dict):
            screened[key] = _schema(tool[key], key, places, rules)
    return (screened, tuple(places), tuple(rules)) if places else (tool, (), ())


def _text(text: str, place: str, places: list[str], rules: dict[str, None]) -> str:
    broken = guard.flags(text)
    if not broken:
        return text
    places.append(place)
    rules.update(dict.fromkeys(broken))
    return guard.withheld(broken)


def _schema(part: Any, place: str, places: list[str], rules: dict[str, None]) -> Any:
    """A schema (or any value within one) with the texts under its prose keywords screened, walked whole: a
    property called `description` is a schema, not a text, and is walked like any other."""
    if isinstance(part, list):
        return [_schema(item, f"{place}[{i}]", places, rules) for i, item in enumerate(part)]
    if not isinstance(part, dict):
        return part
    screened = {}
    for key, value in part.items():
        where = f"{place}.{key}"
        if key in PROSE and isinstance(value, str):
            screened[key] = _text(value, where, places, rules)
        elif key in LISTS and isinstance(value, list):
            screened[key] = [_text(v, f"{where}[{i}]", places, rules) if isinstance(v, str) else v
                             for i, v in enumerate(value)]
        else:
            screened[key] = _schema(value, where, places, rules)
    return screened


def screen(tools: list[Any]) -> tuple[list[dict], tuple[Screening, ...]]:
    """The tools of a server's list the mesh registers, their texts screened, and what was refused or withheld."""
    kept: list[dict] = []
    taken: set[str] = set()
    screenings: list[Screening] = []
    for tool in tools:
        name = tool.get("name") if isinstance(tool, dict) else None
        problem = (name_problem(name, taken) or words_problem(tool) if isinstance(tool, dict)
                   else "it is not a tool object")
        if problem:
            shown = name if isinstance(name, str) else repr(name if isinstance(tool, dict) else tool)
            screenings.append(Screening(shown[:SHOWN_NAME], Screened.REFUSED, f"refused: {problem}"))
            continue
        tool, places, rules = withheld(tool)
        if places:
            screenings.append(Screening(name, Screened.WITHHELD, f"listed with {', '.join(places)} withheld: "
                                        f"{'it reads' if len(places) == 1 else 'they read'} as an instruction to a "
                                        f"model ({', '.join(rules)})"))
        kept.append(tool)
        taken.add(name)
    return kept, tuple(screenings)
