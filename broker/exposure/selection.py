"""Choose the abilities to expose for an intent: lexical score, organ evidence, session context, budget.

`select` is a pure function of its arguments: the same intent, catalogue, context and budget always
give the same exposure, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from broker import tokens
from broker.exposure import lexicon
from broker.exposure.catalogue import META_TOOL, Catalogue

DEFAULT_BUDGET_TOKENS = 6000  # the tool table an agent pays for on every turn, meta-ability included
RELATIVE_CUTOFF = 0.2  # tools scoring below this share of the best one are not worth their tokens
ORGAN_WEIGHT = 0.5  # how much an organ's own match lifts each of its tools (the best organ lifts by this)
SIBLING_WEIGHT = 0.35  # share of a strong tool's score passed to its organ siblings of the same family
SIBLING_FLOOR = 0.4  # only tools at least this strong (relative) vouch for their siblings
MENTION_WEIGHT = 0.6  # a memory card that names an ability counts like a good lexical match
RECENT_ORGAN_WEIGHT = 0.3  # the organ the session works with is likely needed again
W_SYNONYM = 0.5
W_GLOSSARY = 0.9
W_FUZZY = 0.7
W_COMPOUND = 1.0


@dataclass(frozen=True)
class Context:
    """What the session tells selection beyond the intent."""

    recent: tuple[str, ...] = ()  # organ.tool used recently, most recent first: they stay exposed
    mentioned: tuple[str, ...] = ()  # organ.tool named by memory cards recalled for this intent


@dataclass(frozen=True)
class Exposure:
    """The abilities shown to the agent for one intent."""

    exposed: tuple[str, ...]  # organ.tool, best first; the meta-ability is not listed
    tools: tuple[dict, ...]  # MCP tool objects sent to the agent, in catalogue order, find_abilities last
    tokens: dict = field(default_factory=dict)  # {"full": N, "exposed": M}: o200k, compact JSON

    def as_dict(self) -> dict:
        """The JSON document of `actors expose --json`."""
        return {"exposed": list(self.exposed), "tools": list(self.tools), "tokens": dict(self.tokens)}


def select(intent: str, catalogue: Catalogue, context: Context = Context(),
           budget_tokens: int | None = None) -> Exposure:
    """Expose the abilities the intent needs within a token budget, plus find_abilities."""
    budget = DEFAULT_BUDGET_TOKENS if budget_tokens is None else budget_tokens
    scores = relevance(intent, catalogue, context)
    forced = [catalogue.by_address[a] for a in dict.fromkeys(context.recent) if a in catalogue.by_address]
    chosen = _fill(catalogue, scores, forced, budget)
    tools = [catalogue.tools[i].wire for i in sorted(chosen)] + [META_TOOL]
    return Exposure(exposed=tuple(catalogue.tools[i].address for i in chosen), tools=tuple(tools),
                    tokens={"full": catalogue.full_tokens, "exposed": tokens.count_tokens(tools)})


def relevance(intent: str, catalogue: Catalogue, context: Context = Context()) -> dict[int, float]:
    """Score each matching tool (by position) in [0, ~2]: lexical match, organ, siblings, memory."""
    query = query_terms(intent, catalogue)
    lexical = _normalised(catalogue.index.score(query))
    organs = _normalised(catalogue.organ_index.score(query))
    recent_organs = {catalogue.organ_of[catalogue.by_address[a]] for a in context.recent
                     if a in catalogue.by_address}
    for name in recent_organs:
        i = catalogue.organ_names.index(name)
        organs[i] = organs.get(i, 0.0) + RECENT_ORGAN_WEIGHT
    scores = dict(lexical)
    for address in context.mentioned:
        i = catalogue.by_address.get(address)
        if i is not None:
            scores[i] = scores.get(i, 0.0) + MENTION_WEIGHT
    for organ_pos, lift in organs.items():
        for i in catalogue.organs[catalogue.organ_names[organ_pos]]:
            if i in scores or lift > 0:
                scores[i] = scores.get(i, 0.0) + ORGAN_WEIGHT * lift * _has_evidence(i, lexical, organs)
    return {i: s for i, s in scores.items() if s > 0}


def _has_evidence(i: int, lexical: dict[int, float], organs: dict[int, float]) -> float:
    return 1.0


def query_terms(intent: str, catalogue: Catalogue) -> dict[str, float]:
    """The weighted query terms of an intent: its words, synonyms, CJK glossary, typos and compounds."""
    index = catalogue.index
    query: dict[str, float] = {}

    def put(term: str, weight: float) -> None:
        if term in index:
            query[term] = max(query.get(term, 0.0), weight)

    content: list[str] = []
    for word in lexicon.words(intent):
        for synonym in lexicon.synonyms(word):
            for term in lexicon.terms(synonym):
                put(term, W_SYNONYM)
        for term in lexicon.terms(word):
            if term in index:
                put(term, 1.0)
            else:
                for near in index.near(term):
                    put(near, W_FUZZY)
        if word.isascii() and len(word) > 1:
            content.append(word)
    for english in lexicon.glossary(intent):
        for term in lexicon.terms(english):
            put(term, W_GLOSSARY)
    for a, b in zip(content, content[1:]):
        put(lexicon.stem(a + b), W_COMPOUND)
    return query


def _normalised(scores: dict[int, float]) -> dict[int, float]:
    top = max(scores.values(), default=0.0)
    return {i: s / top for i, s in scores.items()} if top > 0 else {}


def _fill(catalogue: Catalogue, scores: dict[int, float], forced: list[int], budget: int) -> list[int]:
    ranked = sorted(scores, key=lambda i: (-scores[i], i))
    top = scores[ranked[0]] if ranked else 0.0
    chosen = list(forced)
    taken = set(forced)
    used = catalogue.meta_tokens + sum(catalogue.tools[i].tokens + 1 for i in forced)
    for i in ranked:
        if scores[i] < RELATIVE_CUTOFF * top:
            break
        cost = catalogue.tools[i].tokens + 1  # its comma in the list
        if i in taken or used + cost > budget:
            continue  # a smaller tool further down may still fit
        chosen.append(i)
        taken.add(i)
        used += cost
    return _trim(catalogue, chosen, len(forced), budget)


def _trim(catalogue: Catalogue, chosen: list[int], keep: int, budget: int) -> list[int]:
    # per-tool counts ignore merges across tool boundaries: check the real list, drop the weakest
    while len(chosen) > keep:
        tools = [catalogue.tools[i].wire for i in sorted(chosen)] + [META_TOOL]
        if tokens.count_tokens(tools) <= budget:
            break
        chosen = chosen[:-1]
    return chosen
