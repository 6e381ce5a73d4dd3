"""Catalogues of abilities: loading, validation, wire names, and the indexes selection reads.

An ability is addressed `organ.tool`. On the wire the agent sees it as `organ__tool` (double
underscore): common clients accept only tool names matching ^[a-zA-Z0-9_-]{1,64}$ (Claude does), so a
dot cannot be used. A name with other characters (BFCL's `math.hypot`) has them replaced by `_`, and
a name that is too long, or that would collide with another once replaced, is cut and given a short
hash of its address; `Catalogue.address_of` maps any wire name back exactly.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from broker import tokens
from broker.errors import ConfigError
from broker.vocab import FIND_ABILITIES, WIRE_NAME_SEP
from broker.wirenames import hashed, wire_name
from broker.exposure import companions, knowledge, lexicon, semantic, wirecount
from broker.exposure.brief import brief
from broker.exposure.bm25 import Index
from broker.exposure.sources import Source
from broker.text import english_frequency

SEPARATOR = WIRE_NAME_SEP
EMPTY_SCHEMA = {"type": "object", "properties": {}}

# how much each part of a tool counts in its document (term frequency weights)
W_NAME = 3.0
W_ORGAN = 1.0
W_DESCRIPTION = 1.0
W_PARAM = 1.0
W_PARAM_TEXT = 0.5
W_QUOTED = 0.25  # a quotation inside a description: an example value, not what the tool is for
_QUOTED = re.compile(r'"([^"]{1,80})"|\u201c([^\u201d]{1,80})\u201d')
W_ORGAN_NAME = 5.0  # in the organ's own document, next to all its tools' terms
TOOL_K1 = 1.2
TOOL_B = 0.75
# a catalogue of fewer tools than this blends the idf of its tool and organ indexes with a prior from English word
# frequency (bm25.Index), the prior weighing 1 - tools / PRIOR_TOOLS: in eleven tools `get` is as rare as `database`.
# Round 13 (docs/exposure.md): 100, 300 and 1000 within 3 intents of 815 on small catalogues drawn from the dev sets
PRIOR_TOOLS = 300
MAX_NAME_SHARE = 0.1  # a term in more organs' names than this share (and two) is generic: mcp, server
ORGAN_B = 0.3  # organs differ tenfold in size; full length normalisation would bury the big ones
SCHEMA_DEPTH = 3

META_NAME = FIND_ABILITIES
META_TOOL = {
    "name": META_NAME,
    "description": "Search all abilities by keywords when none of the listed tools fits; "
                   "the matches are listed to you and can be called next.",
    "inputSchema": {"type": "object", "properties": {
        "query": {"type": "string", "description": "What the tool should do, in a few words."}},
        "required": ["query"]},
    "annotations": {"readOnlyHint": True},
}

META_JSON = tokens.wire(META_TOOL)


@dataclass(frozen=True, slots=True)
class Tool:
    """One ability of the catalogue as the agent would see it."""

    address: str  # organ.tool
    organ: str
    name: str  # the tool's own name inside its organ
    wire: dict  # the MCP tool object sent to the agent, named organ__tool
    json: str  # the wire object as compact JSON: a list of tools is "[" + ",".join(their json) + "]"
    tokens: int  # o200k tokens of that JSON alone
    brief: dict  # the same tool without its prose (broker/exposure/brief.py), for tools beyond the clear fits
    brief_json: str
    brief_tokens: int
    terms: dict[str, float]  # weighted bag of index terms
    words: frozenset[str]  # the lowercase words it is written with (what typos are corrected towards)


class Catalogue:
    """Abilities grouped by organ, indexed once for fast repeated selection."""

    def __init__(self, organs: Mapping[str, list[dict]], without: frozenset[str] = frozenset()) -> None:
        self.without = frozenset(without)  # knowledge sources left out (for ablation): see Source
        glossary = Source.GLOSSARY not in self.without
        self.organs: dict[str, tuple[int, ...]] = {}
        tools: list[Tool] = []
        for organ, entries in organs.items():
            start = len(tools)
            for entry in entries:
                tools.append(_tool(organ, entry, glossary, Source.QUOTED not in self.without))
            self.organs[organ] = tuple(range(start, len(tools)))
        tools = _fix_wire_names(tools)
        self.tools: tuple[Tool, ...] = tuple(tools)
        self.by_address = {t.address: i for i, t in enumerate(tools)}
        self.by_wire = {t.wire["name"]: i for i, t in enumerate(tools)}
        self.organ_of = [t.organ for t in tools]
        self.organ_names = tuple(self.organs)
        self.organ_position = tuple(k for k, members in enumerate(self.organs.values()) for _ in members)
        self.organ_position_array = np.array(self.organ_position, dtype=np.intp)  # the same, for numpy indexing
        self.companions = _companions(organs, self.organs, self.without)  # position -> {sibling: weight}
        self.companion_edges = _edges(self.companions)  # the same as arrays (tool, sibling, weight)
        # tools a URL in a request is enough for: they require an address and nothing else
        self.address_takers = () if Source.FILLS in self.without else tuple(
            start for organ, members in self.organs.items() for start, entry in zip(members, organs[organ], strict=True)
            if companions.takes_only_address(entry))
        # tools a file the request reads is enough for: they read what one required path names (round 23)
        self.file_readers = () if Source.READERS in self.without else tuple(
            start for organ, members in self.organs.items() for start, entry in zip(members, organs[organ], strict=True)
            if companions.reads_only_path(str(entry.get("name", "")), entry))
        prior = english_frequency if Source.PRIOR not in self.without else None
        prior_weight = prior_weight_of(len(tools))
        self.index = Index((t.terms for t in tools), k1=TOOL_K1, b=TOOL_B, prior=prior, prior_weight=prior_weight)
        self.organ_name_terms = _name_terms(self.organ_names)
        self.organ_index = Index((_organ_terms(organ, [tools[i] for i in members])
                                  for organ, members in self.organs.items()), b=ORGAN_B,
                                 prior=prior, prior_weight=prior_weight)
        self.vocabulary = knowledge.Vocabulary((w for t in tools for w in t.words),
                                               (str(t.wire.get("description") or "") for t in tools),
                                               () if Source.CODES in self.without else (t.json for t in tools))
        self.places = self._places()
        # tables read at most once per process, loaded with the catalogue rather than by the first request
        # that needs them (a place: 20-60 ms reading the zone database; a file: 5 ms reading the MIME table)
        if self.places is not None and Source.ZONES not in self.without:
            knowledge.zone_abbreviations()
            knowledge.zone_designations()
        if Source.MEDIA_TYPES not in self.without:
            knowledge.load_media_types()
        self.executors = () if Source.EXECUTORS in self.without else self._executors()
        self.documenters = () if Source.PACKAGES in self.without else self._documenters()
        # the libraries a request may name; a name the catalogue uses for something else (git, docker) is that
        self.packages = {name: word for name, word in knowledge.packages().items() if name not in self.vocabulary.words} \
            if self.documenters else {}
        self.calculates = self._named_for("arithmetic")
        self.ports = knowledge.services() if Source.PORTS not in self.without and self._named_for("port") else {}
        self.units = knowledge.units() if Source.UNITS not in self.without and self._named_for("units") else {}
        if self.calculates:
            knowledge.number_words(), knowledge.operator_words()  # Unicode's names, read once per process
        self.currencies = knowledge.cldr().currencies if self._hinted("money") else frozenset()
        self.currency_names = knowledge.cldr().currency_names if self.currencies else frozenset()
        if self.currencies:
            knowledge.number_words()  # read from Unicode's names once (about 0.1 s), not by the first request
        self.meaning = None if Source.MEANING in self.without else semantic.meaning_of(
            [semantic.tool_text(t.organ, t.name, str(t.wire.get("description") or "")) for t in tools])
        self.organ_tokens = tuple(sum(tools[i].tokens + 1 for i in members) for members in self.organs.values())
        self.meta_tokens = tokens.count_tokens([META_TOOL])
        self.smallest_tokens = min((t.tokens for t in tools), default=0)
        self.smallest_brief_tokens = min((t.brief_tokens for t in tools), default=0)
        self.full_tokens = tokens.count_text(self.wire_text(range(len(tools)), meta=False))
        # counts a list from its parts: position i is tool i, position len + i its brief form
        self._lists = wirecount.ListCounter([t.json for t in tools] + [t.brief_json for t in tools], META_JSON)
        tokens.keep_counts()  # the next process that builds this catalogue need not load the vocabulary
        self.word_puts: dict[tuple[str, float], tuple[tuple[str, float], ...]] = {}  # see selection.query_terms

    def __len__(self) -> int:
        return len(self.tools)

    def _hinted(self, kind: str) -> bool:
        # a kind of reference is looked for only if the catalogue has tools that speak of what it hints
        return any(term in self.index for term in lexicon.terms(" ".join(lexicon.hints(kind))))

    def _named_for(self, kind: str) -> bool:
        # stricter: a tool is named for what the kind hints (`calculate`), not merely speaking of it (a
        # query "expression"): arithmetic in a request is often just numbers, not a computation to hand off
        hinted = set(lexicon.terms(" ".join(lexicon.hints(kind))))
        return any(hinted & set(lexicon.terms(t.name)) for t in self.tools)

    def _executors(self) -> tuple[int, ...]:
        # the tools that run any command: one of their required parameters is named only by words of a command
        # line (`command`, `cmd`: data/hints.txt), as a shell, a process starter or `kubectl <anything>` are
        words = set(lexicon.terms(" ".join(lexicon.hints("command"))))
        return tuple(i for i, t in enumerate(self.tools) if any(
            (terms := set(lexicon.terms(str(name)))) and terms <= words
            for name in (t.wire.get("inputSchema") or {}).get("required") or ()))

    def _documenters(self) -> tuple[int, ...]:
        # the tools whose descriptions say they answer from a library's documentation: every word the `package`
        # hint holds is in the description itself (not merely the schema: a `library` parameter says nothing)
        hinted = set(lexicon.terms(" ".join(lexicon.hints("package"))))
        return tuple(i for i, t in enumerate(self.tools) if hinted and
                     hinted <= set(lexicon.terms(str(t.wire.get("description") or ""))))

    def _places(self) -> knowledge.Places | None:
        # place names point at time tools only if the catalogue has some, and a place name the catalogue
        # uses for something else ("central", "mobile") is not taken for a place
        if not self._hinted("place"):
            return None
        places = knowledge.world_places(cities=Source.CITIES not in self.without)
        return knowledge.Places(*({words: zone for words, zone in named.items()
                                   if len(words) > 1 or words[0] not in self.vocabulary}
                                  for named in (places.folded, places.proper)), places.cjk)

    def wire_text(self, positions: Iterable[int], meta: bool = True) -> str:
        """The compact JSON list of these tools (by position; len + i for tool i's brief form), find_abilities
        last: what the agent receives."""
        n = len(self.tools)
        parts = [self.tools[i].json if i < n else self.tools[i - n].brief_json for i in positions]
        if meta:
            parts.append(META_JSON)
        return "[" + ",".join(parts) + "]"

    def wire_tokens(self, positions: Sequence[int]) -> int:
        """The o200k count of wire_text(positions), exact, composed from counts made when the catalogue was built
        (positions as for wire_text)."""
        return self._lists.count(positions)

    @functools.cached_property
    def whole_tokens(self) -> int:
        """The o200k count of every tool and find_abilities, as sent."""
        return self.wire_tokens(range(len(self.tools)))

    def address_of(self, tool_name: str) -> str:
        """Map a wire tool name (organ__tool) back to its organ.tool address."""
        i = self.by_wire.get(tool_name)
        return self.tools[i].address if i is not None else address_of(tool_name)

    def wire_name(self, address: str) -> str:
        """The wire tool name of an organ.tool address in this catalogue."""
        return self.tools[self.by_address[address]].wire["name"]


def address_of(tool_name: str) -> str:
    """Map organ__tool back to organ.tool (names the catalogue had to escape need Catalogue.address_of)."""
    organ, sep, tool = tool_name.partition(SEPARATOR)
    if not sep or not organ or not tool:
        raise ValueError(f"{tool_name!r} is not an organ__tool name")
    return f"{organ}.{tool}"


def prior_weight_of(tools: int) -> float:
    """How much a catalogue of this many tools reads its idf from English rather than from itself."""
    return max(0.0, 1.0 - tools / PRIOR_TOOLS) if PRIOR_TOOLS > 0 else 0.0


def catalogue_from_mcp(organs: dict[str, list[dict]], without: frozenset[str] = frozenset()) -> Catalogue:
    """Build a catalogue from organ -> MCP tool objects (the catalogue file's "organs" map)."""
    return Catalogue(_checked_organs(organs, "catalogue"), without)


def catalogue_from_abilities(abilities: dict[str, list[Any]]) -> Catalogue:
    """Build a catalogue from organ -> registered abilities (broker.protocol.Ability)."""
    return Catalogue({organ: [ability_tool(a) for a in items] for organ, items in abilities.items()})


def ability_tool(ability: Any) -> dict:
    """The MCP tool object of an ability, its side-effect facts as MCP annotations (with its title and output
    schema when it has them, as a wrapped server lists them)."""
    tool = {"name": ability.name}
    if ability.title:
        tool["title"] = ability.title
    tool["description"] = ability.description
    tool["inputSchema"] = ability.params or dict(EMPTY_SCHEMA)
    if ability.output:
        tool["outputSchema"] = ability.output
    tool["annotations"] = {"readOnlyHint": ability.read_only, "idempotentHint": ability.idempotent,
                           "destructiveHint": ability.destructive}
    if ability.open_world is not None:
        tool["annotations"]["openWorldHint"] = ability.open_world
    return tool


def load_catalogue(path: str | Path, without: frozenset[str] = frozenset()) -> Catalogue:
    """Read a catalogue file ({"organs": {organ: [MCP tool, ..]}}); ConfigError says what is wrong."""
    where = f"catalogue {path}"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {where}: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ConfigError(f"{where} is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or "organs" not in data:
        raise ConfigError(f"{where}: expected a JSON object with an \"organs\" map")
    return Catalogue(_checked_organs(data["organs"], where), without)


# -- validation -----------------------------------------------------------------------------

def _checked_organs(organs: Any, where: str) -> dict[str, list[dict]]:
    if not isinstance(organs, dict):
        raise ConfigError(f"{where}: \"organs\" must map organ names to lists of tools")
    for organ, entries in organs.items():
        if not organ or "." in organ or organ != organ.strip():
            raise ConfigError(f"{where}: bad organ name {organ!r} (it must be non-empty, without '.' or "
                              "surrounding spaces)")
        if not isinstance(entries, list):
            raise ConfigError(f"{where}: organs.{organ} must be a list of tools")
        seen: set[str] = set()
        for i, entry in enumerate(entries):
            _check_tool(entry, f"{where}: organs.{organ}[{i}]")
            if entry["name"] in seen:
                raise ConfigError(f"{where}: organs.{organ}[{i}]: tool {entry['name']!r} is listed twice")
            seen.add(entry["name"])
    return organs


def _check_tool(entry: Any, where: str) -> None:
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: a tool must be a JSON object")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"{where}: a tool needs a non-empty string \"name\"")
    for key, kind in (("description", str), ("inputSchema", dict), ("annotations", dict)):
        if key in entry and entry[key] is not None and not isinstance(entry[key], kind):
            raise ConfigError(f"{where} ({name}): \"{key}\" must be a {'string' if kind is str else 'JSON object'}")
    # MCP requires it, and one made up here would tell the agent the tool takes no arguments: say so instead
    schema = entry.get("inputSchema")
    if schema is None:
        raise ConfigError(f"{where} ({name}): no \"inputSchema\"; MCP requires one (write {{\"type\": \"object\"}} "
                          "for a tool without arguments)")
    if schema.get("type") != "object":
        raise ConfigError(f"{where} ({name}): \"inputSchema\" must have \"type\": \"object\" (MCP), not "
                          f"{json.dumps(schema.get('type'))}")


# -- building -------------------------------------------------------------------------------

def _tool(organ: str, entry: dict, glossary: bool = True, quoted: bool = True) -> Tool:
    name = entry["name"]
    wire = {key: value for key, value in entry.items() if value is not None}
    wire["name"] = wire_name(organ, name)
    wire.setdefault("inputSchema", dict(EMPTY_SCHEMA))
    texts = [(lexicon.words(text), weight) for text, weight in _texts(organ, entry, quoted)]
    return _with_wire(Tool(address=f"{organ}.{name}", organ=organ, name=name, wire=wire, json="", tokens=0,
                           brief={}, brief_json="", brief_tokens=0,
                           terms=_bag(texts, glossary), words=frozenset(w for words, _ in texts for w in words)), wire)


def _with_wire(tool: Tool, wire: dict) -> Tool:
    text, short = tokens.wire(wire), brief(wire)
    short_text = tokens.wire(short)
    return dataclasses.replace(tool, wire=wire, json=text, tokens=tokens.count_text(text), brief=short,
                               brief_json=short_text, brief_tokens=tokens.count_text(short_text))


def _fix_wire_names(tools: list[Tool]) -> list[Tool]:
    counts: dict[str, int] = {}
    for t in tools:
        counts[t.wire["name"]] = counts.get(t.wire["name"], 0) + 1
    fixed = []
    for t in tools:
        name = t.wire["name"]
        if counts[name] > 1 and name != f"{t.organ}{SEPARATOR}{t.name}":
            t = _with_wire(t, {**t.wire, "name": hashed(name, t.address)})
        fixed.append(t)
    return fixed


def _texts(organ: str, entry: dict, quoted: bool = True) -> list[tuple[str, float]]:
    description = str(entry.get("description") or "")
    texts = [(entry["name"], W_NAME), (organ, W_ORGAN)]
    if quoted:
        # a quotation in a description is an example of a value or a label ("check \"remember me\""): what a
        # user might type into the tool, not what the tool does
        texts.append((_QUOTED.sub(" ", description), W_DESCRIPTION))
        texts.extend((m.group(0), W_DESCRIPTION * W_QUOTED) for m in _QUOTED.finditer(description))
    else:
        texts.append((description, W_DESCRIPTION))
    _schema_texts(texts, entry.get("inputSchema") or {}, SCHEMA_DEPTH)
    return texts


def _schema_texts(texts: list[tuple[str, float]], schema: Any, depth: int) -> None:
    if depth == 0 or not isinstance(schema, dict):
        return
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, sub in properties.items():
            texts.append((str(name), W_PARAM))
            if isinstance(sub, dict):
                texts.append((str(sub.get("description") or ""), W_PARAM_TEXT))
                enum = sub.get("enum")
                if isinstance(enum, list):
                    texts.append((" ".join(str(v) for v in enum), W_PARAM_TEXT))
                _schema_texts(texts, sub, depth - 1)
                _schema_texts(texts, sub.get("items"), depth - 1)


def _bag(texts: list[tuple[list[str], float]], glossary: bool = True) -> dict[str, float]:
    bag: dict[str, float] = {}
    for words, weight in texts:
        for term in lexicon.terms_of(words, glossary):
            bag[term] = bag.get(term, 0.0) + weight
    return bag


def _companions(organs: Mapping[str, list[dict]], positions: dict[str, tuple[int, ...]],
                without: frozenset[str]) -> tuple[dict[int, float], ...]:
    rules = frozenset(rule for rule in companions.Rule if f"companions.{rule}" not in without)
    found: list[dict[int, float]] = []
    for organ, entries in organs.items():
        members = [companions.Sibling(entry["name"], entry) for entry in entries]
        start = positions[organ][0] if positions[organ] else 0
        for edges in companions.companions(organ, members, rules):
            found.append({start + j: w for j, w in edges.items()})
    if companions.Rule.OPENER in rules:
        for i, j in companions.openers(organs, positions):
            found[i][j] = max(found[i].get(j, 0.0), companions.OPENER_WEIGHT)
    return tuple(found)


def _edges(companions: tuple[dict[int, float], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    pairs = [(i, j, w) for i, edges in enumerate(companions) for j, w in edges.items()]
    return (np.array([i for i, _, _ in pairs], dtype=np.intp), np.array([j for _, j, _ in pairs], dtype=np.intp),
            np.array([w for _, _, w in pairs], dtype=float))


def _name_terms(names: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    # what each organ is called: the terms of its name that few other names share (not `mcp`, `server`)
    split = [tuple(dict.fromkeys(lexicon.terms(name))) for name in names]
    counts = Counter(term for terms in split for term in terms)
    common = max(MAX_NAME_SHARE * len(names), 2)
    return tuple(tuple(t for t in terms if counts[t] <= common) for terms in split)


def _organ_terms(organ: str, members: list[Tool]) -> dict[str, float]:
    bag: dict[str, float] = {}
    for term in lexicon.terms(organ):
        bag[term] = bag.get(term, 0.0) + W_ORGAN_NAME
    for t in members:
        for term, weight in t.terms.items():
            bag[term] = bag.get(term, 0.0) + weight
    return bag
