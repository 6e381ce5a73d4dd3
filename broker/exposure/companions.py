"""Companions from a catalogue's structure: which sibling tools a tool usually needs beside it.

Three rules, each naming a structure of the schemas, none naming a tool:
- *named*: a tool's description or schema names a sibling ("call `resolve-library-id` first");
- *producer*: a tool requires an identifier that a sibling gives out: the parameter's description names the
  sibling ("the uid of an element from the page snapshot" -> `take_snapshot`), or the sibling's
  description names the parameter ("lists page elements with a unique identifier (uid)"). This is the
  snapshot-before-interact, list-before-kill, search-before-get-by-id precondition. A value most of the organ's
  tools take, by its head word (`latitude`, `from_latitude`), is no identifier but the organ's currency; when a
  sibling taking none names it in its description ("returns ... latitude/longitude"), that sibling computes it
  from what people say (an address) and every tool taking it brings that sibling (geocode before route);
- *same object*: tools of one organ acting on the same object, by the words of their names and required
  parameters, each word weighted by how rare it is in the organ (`repo_path` or `pageId`, which every
  tool of the organ takes, say nothing; `issue_number`, `pid` or `file` do).
- *list before get*: a tool that takes an identifier (`alertGroupId`, `pull_number`, or a bare `uid` of the
  tool's own object) brings the sibling that lists or searches that object (`list_alert_groups`,
  `list_pull_requests`, `search_dashboards`): an id has to be found first.
- *read before change*: a tool whose name's verb changes its object (`edit_file`, `update_page`) brings the
  sibling whose verb reads the same object (`read_file`, `get_page`): what is changed is usually read first.
  The verbs are the CRUD classes of `broker/text/data/crud_verbs.txt`.
- *entry*: in an organ whose tools act on something opened first (a browser's page), the one or two tools that
  take an address and nothing else (a required `url`, `uri` or a parameter of format `uri`) are
  its way in: every sibling that takes no address brings them (navigate before reading the console).
A parameter most of an organ's tools require is the organ's context (the repository, the page), not
an object, and is ignored by the last two rules.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping, Sequence

from broker.text import load_pairs
from broker.exposure import lexicon

NAMED_WEIGHT = 0.8  # a sibling the schema names is nearly always needed
PRODUCER_WEIGHT = 0.6  # an identifier has to come from somewhere
OBJECT_WEIGHT = 0.35  # same object: often, not always, needed together
LIST_WEIGHT = 0.5  # an id is often, not always, already known (the user may give it)
ENTRY_WEIGHT = 0.5  # what a page tool acts on was usually opened first, unless it already is
MIN_ENTRY_ORGAN = 4  # an organ of fewer tools has no page of its own to open
READ_WEIGHT = 0.5  # what is changed is usually read first, but not always (a new file is only written)
MIN_OBJECT_SIMILARITY = 0.5  # share of a tool's (weighted) object words a sibling must share
MAX_PRODUCERS = 2  # an identifier comes from one or two siblings; more means a common word
CONTEXT_SHARE = 0.5  # a parameter required by more than this share of an organ's tools is context
_NAME_LIKE = re.compile(r"[\w.-]+")
OPENER_WEIGHT = 0.5  # what a search finds is often, not always, opened next


class Rule(StrEnum):
    """The rules, by name (a rule can be left out to measure what it brings)."""

    NAMED = "named"
    PRODUCER = "producer"
    OBJECT = "object"
    READ = "read"
    OPENER = "opener"
    LIST = "list"
    ENTRY = "entry"
    GIVER = "giver"


ALL_RULES = frozenset(Rule)


@dataclass(frozen=True, slots=True)
class Sibling:
    """What the builder needs of one tool."""

    name: str
    entry: Mapping  # the MCP tool object (description, inputSchema)


def companions(organ: str, members: Sequence[Sibling], rules: frozenset[str] = ALL_RULES
               ) -> list[dict[int, float]]:
    """For each tool of one organ (by position in members): sibling position -> weight in (0, 1]."""
    found: list[dict[int, float]] = [{} for _ in members]

    def put(i: int, j: int, weight: float) -> None:
        if i != j and weight > found[i].get(j, 0.0):
            found[i][j] = weight

    required = [_required(m.entry) for m in members]
    context = _context(required)
    if Rule.NAMED in rules:
        for i, j in _named(members):
            put(i, j, NAMED_WEIGHT)
    if Rule.PRODUCER in rules:
        for i, j in _producers(organ, members, required, context, Rule.GIVER in rules):
            put(i, j, PRODUCER_WEIGHT)
    if Rule.OBJECT in rules:
        for i, j, similarity in _same_object(organ, members, required, context):
            put(i, j, OBJECT_WEIGHT * similarity)
    if Rule.ENTRY in rules:
        for i, j in _entries(members):
            put(i, j, ENTRY_WEIGHT)
    if Rule.READ in rules or Rule.LIST in rules:
        verbs = _verbs_and_objects(organ, members)
        if Rule.READ in rules:
            for i, j in _read_before_change(verbs):
                put(i, j, READ_WEIGHT)
        if Rule.LIST in rules:
            for i, j in _list_before_get(verbs, required, context):
                put(i, j, LIST_WEIGHT)
    return found


def _required(entry: Mapping) -> dict[str, str]:
    schema = entry.get("inputSchema") or {}
    properties = schema.get("properties") if isinstance(schema, dict) else None
    names = schema.get("required") if isinstance(schema, dict) else None
    if not isinstance(properties, dict) or not isinstance(names, list):
        return {}
    out = {}
    for name in names:
        sub = properties.get(name)
        if isinstance(name, str):
            out[name] = str(sub.get("description") or "") if isinstance(sub, dict) else ""
    return out


def takes_address(entry: Mapping) -> bool:
    """Tell whether a tool requires an address: a parameter named `url` or `uri` (`pageUrl`), or of format `uri`."""
    schema = entry.get("inputSchema") or {}
    properties = schema.get("properties") if isinstance(schema, dict) else None
    names = schema.get("required") if isinstance(schema, dict) else None
    if not isinstance(properties, dict) or not isinstance(names, list):
        return False
    for name in names:
        sub = properties.get(name) if isinstance(name, str) else None
        words = lexicon.words(name) if isinstance(name, str) else []
        if (words and words[-1] in ("url", "uri")) or (isinstance(sub, dict) and sub.get("format") == "uri"):
            return True
    return False


def takes_only_address(entry: Mapping) -> bool:
    """Tell whether a tool requires an address and nothing else: what a bare URL in a request is for."""
    return takes_address(entry) and len(_required(entry)) == 1


def reads_only_path(name: str, entry: Mapping) -> bool:
    """Tell whether a tool reads what one required file path names and needs nothing else (`read_text_file(path)`,
    `get_file_info(path)`): its name's verb is of the CRUD read class, its one required parameter a location."""
    required = _required(entry)
    words = lexicon.words(name)
    return len(required) == 1 and bool(words) and _crud().get(lexicon.stem(words[0])) == "read" and \
        lexicon.words(next(iter(required)))[-1:] in ([w] for w in _locations())


@functools.cache
def _locations() -> frozenset[str]:
    # the last words of a parameter naming a file by its place (data/crud_verbs.txt, `location`)
    return frozenset(load_pairs("crud_verbs")["location"])


def _entries(members: Sequence[Sibling]) -> list[tuple[int, int]]:
    # the organ's way in: at most two tools take an address and most of the others take none
    takers = [j for j, m in enumerate(members) if takes_only_address(m.entry)]
    if len(members) < MIN_ENTRY_ORGAN or not takers or len(takers) > MAX_PRODUCERS:
        return []
    return [(i, j) for i in range(len(members)) if i not in takers for j in takers]


def _context(required: list[dict[str, str]]) -> frozenset[str]:
    counts: dict[str, int] = {}
    for params in required:
        for name in params:
            counts[name] = counts.get(name, 0) + 1
    return frozenset(n for n, c in counts.items() if len(required) > 2 and c > CONTEXT_SHARE * len(required))


def _named(members: Sequence[Sibling]) -> list[tuple[int, int]]:
    names = {m.name: j for j, m in enumerate(members) if len(m.name) > 3}
    pairs = []
    for i, m in enumerate(members):
        text = json.dumps({k: v for k, v in m.entry.items() if k != "name"}, ensure_ascii=False)
        for word in {w.strip(".") for w in _NAME_LIKE.findall(text)}:
            if word in names and names[word] != i:
                pairs.append((i, names[word]))
    return sorted(pairs)


def _objects(organ: str, members: Sequence[Sibling]) -> list[list[str]]:
    # what a tool's name says it acts on: its words without the organ's prefixes (words most names of the
    # organ carry: `browser_`, `API-`) and without the leading verb (`take_snapshot` -> snapshot)
    names = [[t for t in lexicon.terms(m.name) if t not in set(lexicon.terms(organ))] for m in members]
    counts: dict[str, int] = {}
    for words in names:
        for w in set(words):
            counts[w] = counts.get(w, 0) + 1
    out = []
    for words in names:
        kept = [w for w in words if len(members) < 3 or counts[w] <= CONTEXT_SHARE * len(members)]
        out.append(kept[1:] if len(kept) > 1 else kept)
    return out


def _distinctive(objects: list[list[str]]) -> list[set[str]]:
    # the object words few siblings share: `snapshot` of take_snapshot, not `page`
    counts: dict[str, int] = {}
    for words in objects:
        for w in set(words):
            counts[w] = counts.get(w, 0) + 1
    return [{w for w in words if counts[w] <= MAX_PRODUCERS} for words in objects]


def _producers(organ: str, members: Sequence[Sibling], required: list[dict[str, str]],
               context: frozenset[str], givers_too: bool = True) -> list[tuple[int, int]]:
    distinctive = _distinctive(_objects(organ, members))
    described = [set(lexicon.words(str(m.entry.get("description") or ""))) for m in members]
    stems = [set(lexicon.terms(str(m.entry.get("description") or ""))) for m in members]
    heads = [{_head(param) for param in params} for params in required]
    common_heads = _context([dict.fromkeys(h) for h in heads])
    pairs = []
    for i, params in enumerate(required):
        for param, text in params.items():
            head = _head(param)
            if givers_too and head in common_heads:
                # a value most of the organ's tools take (coordinates: `latitude`, `from_latitude`) that a sibling
                # taking none gives out ("returns ... latitude/longitude"): not what the user brings but what
                # that sibling computes from what the user brings (an address)
                givers = [j for j in range(len(members)) if head not in heads[j] and head in stems[j]]
                if len(head) > 2 and len(givers) <= MAX_PRODUCERS:
                    pairs.extend((i, j) for j in givers)
            if param in context:
                continue
            mentioned = set(lexicon.terms(text))
            key = param.lower()
            candidates = [j for j in range(len(members)) if j != i and param not in required[j]
                          and ((distinctive[j] and distinctive[j] <= mentioned)
                               or (len(key) > 2 and key in described[j]))]
            if len(candidates) <= MAX_PRODUCERS:  # many "producers" means a common word, not an identifier
                pairs.extend((i, j) for j in candidates)
    return sorted(set(pairs))


def _head(param: str) -> str:
    # what a parameter is, its last word: `from_latitude` and `homeLatitude` are latitudes
    words = lexicon.terms(param)
    return words[-1] if words else param.lower()


def _same_object(organ: str, members: Sequence[Sibling], required: list[dict[str, str]],
                 context: frozenset[str]) -> list[tuple[int, int, float]]:
    objects = []
    for words, params in zip(map(set, _objects(organ, members)), required, strict=True):
        for param in params:
            if param not in context:
                words |= set(lexicon.terms(param))
        objects.append(words)
    counts: dict[str, int] = {}
    for words in objects:
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    n = len(members)
    weight = {w: math.log(1 + n / c) for w, c in counts.items()}
    found = []
    for i, mine in enumerate(objects):
        # fsum: the words are a set of strings, iterated in an order that follows the process's string hashing;
        # an exact sum is the same whatever the order, so equal shares stay equal in every process
        total = math.fsum(weight[w] for w in mine)
        if not total:
            continue
        for j, theirs in enumerate(objects):
            if j != i:
                share = math.fsum(weight[w] for w in mine & theirs) / total
                if share >= MIN_OBJECT_SIMILARITY:
                    found.append((i, j, share))
    return found


@functools.cache
def _crud() -> dict[str, str]:
    # stemmed verb -> its CRUD class (data/crud_verbs.txt)
    return {lexicon.stem(verb): kind for kind, verbs in load_pairs("crud_verbs").items() for verb in verbs}


def writes(clause: str) -> bool:
    """Tell whether a clause creates or changes something (a verb of those CRUD classes)."""
    crud = _crud()
    return any(crud.get(term) in ("create", "change") for term in lexicon.terms(clause))


def _verbs_and_objects(organ: str, members: Sequence[Sibling]) -> list[tuple[str | None, tuple[str, ...]]]:
    # the verb is the first word of the name once the organ's own prefixes are gone (`jira_update_issue`,
    # `API-patch-page`), as its CRUD class; the object is the rest
    prefix = set(lexicon.terms(organ))
    named = [[t for t in lexicon.terms(m.name) if t not in prefix] for m in members]
    counts: dict[str, int] = {}
    for words in named:
        if words:
            counts[words[0]] = counts.get(words[0], 0) + 1
    crud = _crud()
    split = []
    for words in named:
        # a first word most names share is the organ's own prefix (`browser_`, `jira_`), not a verb
        while len(words) > 2 and words[0] not in crud and counts.get(words[0], 0) > CONTEXT_SHARE * len(members):
            words = words[1:]
        split.append((crud.get(words[0]) if words else None, tuple(words[1:])))
    return split


def openers(organs: Mapping[str, Sequence[Mapping]], positions: Mapping[str, Sequence[int]]) -> list[tuple[int, int]]:
    """Across organs, (searcher, fetcher) positions: a tool that searches or lists and whose description says
    it gives out URLs or links brings each fetcher of another organ, a tool of a small organ (no page of its
    own to open) that takes only an address: what a search finds is opened next ("search the web for X and
    open the top result")."""
    fetchers = [(organ, positions[organ][k]) for organ, entries in organs.items() if len(entries) < MIN_ENTRY_ORGAN
                for k, entry in enumerate(entries) if takes_only_address(entry)]
    if not fetchers:
        return []
    opened = set(lexicon.terms(" ".join(lexicon.hints("opened"))))  # data/hints.txt: url link
    pairs = []
    crud = _crud()
    for organ, entries in organs.items():
        for k, entry in enumerate(entries):
            # a name that searches or lists (duckduckgo_web_search: the verb may be the organ's own word)
            if any(crud.get(t) == "list" for t in lexicon.terms(entry["name"])) and \
                    opened & set(lexicon.terms(str(entry.get("description") or ""))):
                pairs.extend((positions[organ][k], j) for other, j in fetchers if other != organ)
    return pairs


def _read_before_change(verbs: list[tuple[str | None, tuple[str, ...]]]) -> list[tuple[int, int]]:
    # a reader must name exactly the same object
    readers: dict[tuple[str, ...], list[int]] = {}
    for j, (kind, obj) in enumerate(verbs):
        if kind == "read" and obj:
            readers.setdefault(obj, []).append(j)
    return sorted((i, j) for i, (kind, obj) in enumerate(verbs) if kind == "change"
                  for j in readers.get(obj, ()) if j != i)


def _list_before_get(verbs: list[tuple[str | None, tuple[str, ...]]], required: list[dict[str, str]],
                     context: frozenset[str]) -> list[tuple[int, int]]:
    # the identifier's own words name the object (`alertGroupId` -> alert group); a bare `uid` is the id of
    # the tool's object (`get_dashboard_by_uid` -> dashboard, the words before `by`)
    crud = _crud()
    listers: dict[str, list[int]] = {}
    for j, (kind, obj) in enumerate(verbs):
        if kind == "list" and obj:
            listers.setdefault(obj[-1], []).append(j)
    pairs = []
    for i, params in enumerate(required):
        for param in params:
            words = lexicon.terms(param)
            if param in context or not words or crud.get(words[-1]) != "identifier":
                continue
            named = words[:-1] or [w for w in verbs[i][1] if w != "by" and crud.get(w) != "identifier"]
            found = [j for j in listers.get(named[-1], ()) if j != i] if named else []
            if len(found) <= MAX_PRODUCERS:
                pairs.extend((i, j) for j in found)
    return sorted(set(pairs))
