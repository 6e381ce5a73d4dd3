"""What of a wrapped MCP server's tool list the mesh registers, and so what a model may read of it. Pure.

A wrapped server's tool names and texts are its own words, and every client of the front door hands them to a
model. A tool whose name is not one MCP allows is refused, not renamed (a sentence made into an identifier still
reads as a sentence), and so is one whose name reads as an instruction to a model once its words are parted
(`note_to_the_assistant`, `ignoreAllPrevious`). So is a tool with a word of its schemas outside their prose that
reads as one: a property's name or an enum value (calls write them back), a `default`, a `required` entry, an
extension keyword: none can be withheld without changing the schema. The server's other tools register. A
tool's text that reads as an instruction to a model (guard's rules: its description, its title, the prose of its
input and output schemas) is withheld: replaced by a note saying so and naming the rules, keys and shape kept, so
the tool stays listed and callable; when its texts read as one only together (split between the description and a
property's, or its name's words and its texts), all are, and so are the texts of tools that read as one only side
by side (a server doing that more than MAX_SPLITS times has every tool refused). The first MAX_TOOLS of a list are
read. The organ hands what it refused or withheld to the heart with its registration (`Register.screened`): the
owner reads it in `actors status`, and `actors_organ_tools_screened` counts it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from actors import guard
from broker.protocol import Screening
from broker.vocab import ADDRESS_SEP, Screened

MAX_NAME = 128  # MCP's tool names: 1 to 128 of A-Z a-z 0-9 _ . - (SEP-986), as MCP clients check them
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]")
# guard's rules a tool's name may break: it names what the tool does, a verb and a thing (`post_api_token`,
# `send_password_reset`, `enable_developer_mode`, `detect_jailbreak`), and reads as no sentence by that alone
NAMING = frozenset({"secret exfiltration", "new persona"})
_JOINERS = re.compile(r"[_.-]+")  # what joins a name's words
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # where camelCase starts a word
SHOWN_CHARACTERS = 3  # of the characters a refused name may not hold, named in its reason
SHOWN_NAME = 160  # characters of a refused name kept for the owner to read
SHOWN_WORD = 80  # characters of a schema's word quoted in a refusal
PROSE = frozenset({"description", "title", "$comment", "markdownDescription"})  # the words of a tool's schemas
LISTS = frozenset({"examples"})  # a schema's lists of example values: their strings are read as words too
SCHEMAS = ("inputSchema", "outputSchema")
WORD_KINDS = {"enum": "enum value", "const": "const value"}  # how a string under a keyword is named in a refusal
WRITTEN_BACK = frozenset({"property name", "enum value", "const value"})  # words a call writes back
MAX_TOOLS = 1000  # of a server's list read: the largest real servers list about a hundred
# of a server's tools read, as JSON: the largest real server of the dev catalogues lists 98 KB (grafana), the
# largest list at all 590 KB (bfcl's thousand functions); the screen's time grows with it (docs/security.md O25)
MAX_TEXT = 1024 * 1024
MAX_SPLITS = 8  # instructions split across a server's tools withheld; a server past that has told enough
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
    broken = tuple(rule for rule in guard.flags(spoken(name)) if rule not in NAMING)
    if broken:
        return f"its name reads as an instruction to a model ({', '.join(broken)}); a name cannot be withheld"
    if name in taken:
        return "the server lists a tool by this name twice: the first is registered"
    return ""


def spoken(name: str) -> str:
    """A tool name as the words a model reads in it: `ignoreAllPrevious-instructions` -> `ignore All Previous
    instructions`."""
    return _CAMEL.sub(" ", _JOINERS.sub(" ", name))


def words_problem(tool: dict) -> str:
    """Why a tool is refused for its schemas ('' when it is not): deeper than MAX_DEPTH, or a word outside their
    prose that reads as an instruction to a model, where it cannot be withheld: a property's name or an `enum` or
    `const` value (calls write them back), a `default`, a `required` entry, a `pattern`, an extension keyword or
    its value (a model reads the whole schema; such a word means something to a validator or to the server)."""
    for key in SCHEMAS:
        if _deeper(tool.get(key), MAX_DEPTH):
            return f"its {key} nests deeper than {MAX_DEPTH} levels"
        for what, word in _words(tool.get(key)):
            broken = guard.flags(word)
            if broken:
                kind = "calls write back" if what in WRITTEN_BACK else "outside a schema's prose"
                return (f"its {key}'s {what} {word[:SHOWN_WORD]!r} reads as an instruction to a model "
                        f"({', '.join(broken)}); a word {kind} cannot be withheld")
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


def _words(part: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """The (kind, word) pairs of a schema that are not its prose (`_schema` screens that): every mapping's keys (a
    `properties` mapping's are property names) and every string value (of `enum`: enum values, of `const`: a const
    value, of any other keyword K: a K value)."""
    if isinstance(part, str):
        yield WORD_KINDS.get(key, f"{key or 'schema'} value"), part
    elif isinstance(part, list):
        for item in part:
            yield from _words(item, key)
    elif isinstance(part, dict):
        for name, value in part.items():
            yield ("property name" if key == "properties" else "keyword"), str(name)
            if name in PROSE and isinstance(value, str):
                continue
            if name in LISTS and isinstance(value, list):
                value = [v for v in value if not isinstance(v, str)]
            yield from _words(value, "" if key == "properties" else str(name))


def withheld(tool: dict) -> tuple[dict, tuple[str, ...], tuple[str, ...]]:
    """The tool with each of its texts that reads as an instruction to a model replaced by guard's note (every
    key and the shape kept), the places withheld (`description`, `inputSchema.properties.q.description`) and the
    rules they break; the tool itself when none does. A model reads a tool's texts one after the other: when
    they read as an instruction together (split across the description and a property's), every one is
    withheld."""
    places: list[str] = []
    rules: dict[str, None] = {}
    screened = _texts(tool, guard.flags, places, rules)
    together = guard.flags(*_prose(screened)) or guard.flags(*_read(screened))
    if together:  # what is left still reads as one once joined (its name's words first, as a model reads them)
        screened, places, rules = *_every_text(tool, together), dict.fromkeys(together)
    return (screened, tuple(places), tuple(rules)) if places else (tool, (), ())


def _every_text(tool: dict, rules: tuple[str, ...]) -> tuple[dict, list[str]]:
    """The tool with every text that is not blank withheld for the rules its texts break with others', and where."""
    places: list[str] = []
    return _texts(tool, lambda text: rules if text.strip() else (), places, {}), places


def _texts(tool: dict, judge: Callable[[str], tuple[str, ...]], places: list[str], rules: dict[str, None]) -> dict:
    """The tool with each text that `judge` finds rules broken in replaced by guard's note."""
    screened = dict(tool)
    for key in ("description", "title"):
        if isinstance(tool.get(key), str):
            screened[key] = _text(tool[key], key, judge, places, rules)
    for key in SCHEMAS:
        if isinstance(tool.get(key), dict):
            screened[key] = _schema(tool[key], key, judge, places, rules)
    return screened


def _read(tool: dict) -> Iterator[str]:
    """What a model reads of a tool, in order: its name's words (`spoken`), then its texts (`_prose`)."""
    if isinstance(tool.get("name"), str):
        yield spoken(tool["name"])
    yield from _prose(tool)


def _prose(tool: dict) -> Iterator[str]:
    """A tool's texts in the order `_texts` reads them."""
    for key in ("description", "title"):
        if isinstance(tool.get(key), str):
            yield tool[key]
    for key in SCHEMAS:
        yield from _schema_prose(tool.get(key))


def _schema_prose(part: Any) -> Iterator[str]:
    if isinstance(part, list):
        for item in part:
            yield from _schema_prose(item)
    elif isinstance(part, dict):
        for key, value in part.items():
            if key in PROSE and isinstance(value, str):
                yield value
            elif key in LISTS and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            else:
                yield from _schema_prose(value)


def _text(text: str, place: str, judge: Callable[[str], tuple[str, ...]], places: list[str],
          rules: dict[str, None]) -> str:
    broken = judge(text)
    if not broken:
        return text
    places.append(place)
    rules.update(dict.fromkeys(broken))
    return guard.withheld(broken)


def _schema(part: Any, place: str, judge: Callable[[str], tuple[str, ...]], places: list[str],
            rules: dict[str, None]) -> Any:
    """A schema (or any value within one) with the texts under its prose keywords screened, walked whole: a
    property called `description` is a schema, not a text, and is walked like any other."""
    if isinstance(part, list):
        return [_schema(item, f"{place}[{i}]", judge, places, rules) for i, item in enumerate(part)]
    if not isinstance(part, dict):
        return part
    screened = {}
    for key, value in part.items():
        where = f"{place}.{key}"
        if key in PROSE and isinstance(value, str):
            screened[key] = _text(value, where, judge, places, rules)
        elif key in LISTS and isinstance(value, list):
            screened[key] = [_text(v, f"{where}[{i}]", judge, places, rules) if isinstance(v, str) else v
                             for i, v in enumerate(value)]
        else:
            screened[key] = _schema(value, where, judge, places, rules)
    return screened


def screen(tools: list[Any]) -> tuple[list[dict], tuple[Screening, ...]]:
    """The tools of a server's list the mesh registers, their texts screened, and what was refused or withheld."""
    kept: list[dict] = []
    taken: set[str] = set()
    screenings: list[Screening] = []
    if len(tools) > MAX_TOOLS:  # a list this long is a flood, not a server's tools: what follows is not read
        screenings.append(Screening(f"({len(tools) - MAX_TOOLS} more)", Screened.REFUSED, f"refused: the server "
                                    f"lists {len(tools)} tools, and the first {MAX_TOOLS} are read"))
    read = 0
    for at, tool in enumerate(tools[:MAX_TOOLS]):
        name = tool.get("name") if isinstance(tool, dict) else None
        problem = (name_problem(name, taken) or words_problem(tool) if isinstance(tool, dict)
                   else "it is not a tool object")
        if problem:
            shown = name if isinstance(name, str) else repr(name if isinstance(tool, dict) else tool)
            screenings.append(Screening(shown[:SHOWN_NAME], Screened.REFUSED, f"refused: {problem}"))
            continue
        read += len(json.dumps(tool, ensure_ascii=False, default=str))
        if read > MAX_TEXT:  # what a model would be handed, and what the screen reads, has a bound
            left = min(len(tools), MAX_TOOLS) - at
            screenings.append(Screening(f"({left} more)", Screened.REFUSED, f"refused: the server's tools take more "
                                        f"than {MAX_TEXT // 1024} KiB, and those within it are read"))
            break
        tool, places, rules = withheld(tool)
        if places:
            screenings.append(_withheld_screening(name, places, rules))
        kept.append(tool)
        taken.add(name)
    return _across(kept, screenings)


def _across(tools: list[dict], screenings: list[Screening]) -> tuple[list[dict], tuple[Screening, ...]]:
    """The tools with every text of those whose texts read as an instruction only side by side (split across
    tools) withheld. A client lists a server's tools in the server's order or by name (pinned ones), so both
    joins are read, each without and with the tools' names; what makes one break a rule is narrowed down to a few
    tools (`culprits`), whose texts are withheld (those whose names alone still make it break one are refused), at
    most MAX_SPLITS times: a server with more has all its tools refused."""
    screened = list(tools)
    for _ in range(MAX_SPLITS):
        split = _split(screened)
        if split is None:
            return screened, tuple(screenings)
        order, read, rules = split
        found = [order[k] for k in culprits([list(read(screened[i])) for i in order])]
        names = {i: screened[i]["name"] for i in found}
        changed = False
        for i in found:
            tool, places = _every_text(screened[i], rules)
            changed |= tool != screened[i]
            screened[i] = tool
            if places:
                beside = ", ".join(names[k] for k in found if k != i)
                screenings.append(_withheld_screening(names[i], places, rules, f" beside {beside}"))
        if not changed:  # their names alone: a name cannot be withheld
            screenings = [s for s in screenings if s.tool not in names.values()] + [
                Screening(names[i], Screened.REFUSED, f"refused: its name reads as an instruction to a model "
                          f"({', '.join(rules)}) beside {', '.join(names[k] for k in found if k != i)}; a name "
                          "cannot be withheld") for i in found]
            screened = [t for i, t in enumerate(screened) if i not in names]
    if _split(screened) is None:
        return screened, tuple(screenings)
    refused = [t["name"] for t in screened]
    gone = set(refused)
    return [], (*(s for s in screenings if s.tool not in gone), *(Screening(
        name, Screened.REFUSED, f"refused: the server's tools read as instructions to a model side by side more than "
        f"{MAX_SPLITS} times") for name in refused))


def _split(tools: list[dict]) -> tuple[list[int], Callable[[dict], Iterator[str]], tuple[str, ...]] | None:
    """The first join of the tools' words that breaks a rule (server's order or by name, texts alone or with the
    names): its order, how a tool is read in it and the rules; None when none does."""
    by_name = sorted(range(len(tools)), key=lambda i: tools[i]["name"])
    for order in (list(range(len(tools))), by_name):
        for read in (_prose, _read):
            rules = guard.flags(*(text for i in order for text in read(tools[i])))
            if rules:
                return order, read, rules
    return None


def _withheld_screening(name: str, places: Sequence[str], rules: Iterable[str], beside: str = "") -> Screening:
    return Screening(name, Screened.WITHHELD, f"listed with {', '.join(places)} withheld: "
                     f"{'it reads' if len(places) == 1 else 'they read'} as an instruction to a model "
                     f"({', '.join(rules)}){beside}")


def culprits(parts: list[list[str]]) -> list[int]:
    """Which of the parts (each a tool's texts) are needed for their join, in order, to break guard's rules: a
    smallest set no part of which can be left out, found by leaving out ever smaller runs of them (a run left
    out for good when the rest still breaks one), so a few reads of the whole find two parts among a thousand."""
    keep = list(range(len(parts)))
    run = max(1, len(keep) // 2)
    while True:
        i = 0
        while i < len(keep) and len(keep) > 1:
            rest = keep[:i] + keep[i + run:]
            if rest and guard.flags(*(text for k in rest for text in parts[k])):
                keep = rest
            else:
                i += run
        if run == 1:
            return keep
        run = max(1, run // 2)
