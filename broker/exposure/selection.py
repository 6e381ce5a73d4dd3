"""Choose the abilities to expose for an intent: lexical score, organ evidence, session context, budget.

`select` is a pure function of its arguments: the same intent, catalogue, context and budget always
give the same exposure, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from broker import tokens
from broker.exposure import lexicon
from broker.exposure.catalogue import META_TOOL, Catalogue

# the default budget (o200k tokens of the exposed list, find_abilities included): a share of what sending
# every tool would cost, so exposure always pays, with a floor that keeps small catalogues useful and a
# ceiling that bounds the cost of huge ones
BUDGET_SHARE = 0.10
BUDGET_FLOOR_TOKENS = 2000
BUDGET_CEILING_TOKENS = 12000
RELATIVE_CUTOFF = 0.3  # tools scoring below this share of the best one are not worth their tokens
ORGAN_WEIGHT = 0.4  # how much an organ's evidence lifts each of its tools
ORGAN_MIX = 0.5  # organ evidence: this share from the organ's whole text, the rest from its best tool
CLAUSE_WEIGHT = 0.8  # the best tool of one clause of a compound request ranks just below the best overall
CLAUSE_FLOOR = 0.3  # a clause matching only weakly (its best below this share of the best) is not inflated
REFERENCE_WEIGHT = 0.8  # a tool named in a strong tool's schema scores this share of it
MENTION_WEIGHT = 0.6  # a memory card that names an ability counts like a good lexical match
RECENT_ORGAN_WEIGHT = 0.3  # the organ the session works with is likely needed again
W_SYNONYM = 0.5
W_FUZZY = 0.4
W_COMPOUND = 1.0
W_REFERENCE = 0.4  # words inside paths and URLs: names the user chose, seldom what a tool is for
W_HINT = 0.8  # what a path, URL or issue key says about the tool that handles it
# a named file is usually read (writing is said: "save", "write"), a named directory listed
REFERENCE_HINTS = {"url": ("url",), "path": ("path", "directory", "list"), "file": ("file", "read"),
                   "key": ("issue", "jira")}


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
    budget = default_budget(catalogue) if budget_tokens is None else budget_tokens
    scores = relevance(intent, catalogue, context)
    forced = [catalogue.by_address[a] for a in dict.fromkeys(context.recent) if a in catalogue.by_address]
    chosen, exposed_tokens = _fit(catalogue, _fill(catalogue, scores, forced, budget), len(forced), budget)
    tools = [catalogue.tools[i].wire for i in sorted(chosen)] + [META_TOOL]
    return Exposure(exposed=tuple(catalogue.tools[i].address for i in chosen), tools=tuple(tools),
                    tokens={"full": catalogue.full_tokens, "exposed": exposed_tokens})


def default_budget(catalogue: Catalogue) -> int:
    """The token budget used when the caller gives none: a tenth of the full table, within bounds."""
    share = int(BUDGET_SHARE * catalogue.full_tokens)
    return min(BUDGET_CEILING_TOKENS, max(BUDGET_FLOOR_TOKENS, share))


def relevance(intent: str, catalogue: Catalogue, context: Context = Context()) -> dict[int, float]:
    """Score each matching tool (by position): lexical match, lifted by its organ, siblings and memory."""
    query = query_terms(intent, catalogue)
    lexical = _lexical(intent, query, catalogue)
    for address in context.mentioned:
        i = catalogue.by_address.get(address)
        if i is not None:
            lexical[i] = lexical.get(i, 0.0) + MENTION_WEIGHT
    for i, s in list(lexical.items()):
        for j in catalogue.references[i]:  # a strong tool brings the siblings its schema names
            lexical[j] = max(lexical.get(j, 0.0), REFERENCE_WEIGHT * s)
    scores = dict(lexical)
    for organ_pos, evidence in organ_evidence(query, lexical, catalogue, context).items():
        if evidence > 0:
            for i in catalogue.organs[catalogue.organ_names[organ_pos]]:
                scores[i] = lexical.get(i, 0.0) + ORGAN_WEIGHT * evidence
    return scores


def _lexical(intent: str, query: dict[str, float], catalogue: Catalogue) -> dict[int, float]:
    # "do X, then Y": each clause's best tools count, not only those of the clause with the rarest words
    whole = catalogue.index.score(query)
    top = max(whole.values(), default=0.0)
    if top <= 0:
        return {}
    lexical = {i: s / top for i, s in whole.items()}
    parts = lexicon.clauses(intent)
    if len(parts) < 2:
        return lexical
    for part in parts:
        scores = catalogue.index.score(query_terms(part, catalogue))
        scale = CLAUSE_WEIGHT / max(max(scores.values(), default=0.0), CLAUSE_FLOOR * top)
        for i, s in scores.items():
            lexical[i] = max(lexical[i], s * scale)
    return lexical


def organ_evidence(query: dict[str, float], lexical: dict[int, float], catalogue: Catalogue,
                   context: Context = Context()) -> dict[int, float]:
    """How strongly the intent points at each organ (by position), in [0, 1]: its match and its best tool."""
    if len(catalogue.organs) < 2:
        return {0: 0.0} if catalogue.organs else {}  # one organ holding everything tells nothing
    whole = _normalised(catalogue.organ_index.score(query))
    best: dict[int, float] = {}
    position = {name: k for k, name in enumerate(catalogue.organ_names)}
    for i, s in lexical.items():
        k = position[catalogue.organ_of[i]]
        best[k] = max(best.get(k, 0.0), s)
    for address in context.recent:
        if address in catalogue.by_address:
            k = position[catalogue.organ_of[catalogue.by_address[address]]]
            best[k] = best.get(k, 0.0) + RECENT_ORGAN_WEIGHT
    evidence = {k: ORGAN_MIX * whole.get(k, 0.0) + (1 - ORGAN_MIX) * min(best.get(k, 0.0), 1.0)
                for k in set(whole) | set(best)}
    return evidence


def query_terms(intent: str, catalogue: Catalogue) -> dict[str, float]:
    """The weighted query terms of an intent: its words, synonyms, CJK glossary, typos and compounds."""
    index = catalogue.index
    query: dict[str, float] = {}

    def put(term: str, weight: float) -> None:
        if term in index:
            query[term] = max(query.get(term, 0.0), weight)

    def add_word(word: str, weight: float) -> None:
        for synonym in lexicon.synonyms(word):
            for term in lexicon.terms(synonym):
                put(term, W_SYNONYM * weight)
        for term in lexicon.terms(word):
            put(term, weight)

    def add_text(text: str, weight: float) -> None:
        content: list[str] = []
        for word in lexicon.words(text):
            add_word(word, weight)
            if not any(term in index for term in lexicon.terms(word)):
                for guess in catalogue.speller.suggest(word):
                    add_word(guess, W_FUZZY * weight)
            if word.isascii() and len(word) > 1 and word not in lexicon.STOPWORDS:
                content.append(word)
        for a, b in zip(content, content[1:]):
            put(lexicon.stem(a + b), W_COMPOUND * weight)

    rest, references = lexicon.references(intent)
    add_text(rest, 1.0)
    for kind, reference in references:
        add_text(reference, W_REFERENCE)
        hints = REFERENCE_HINTS[kind]
        if kind == "file":
            hints += lexicon.EXTENSIONS.get(reference.rsplit(".", 1)[-1].lower(), ())
        for hint in hints:
            for term in lexicon.terms(hint):
                put(term, W_HINT)
    return query


def _normalised(scores: dict[int, float]) -> dict[int, float]:
    top = max(scores.values(), default=0.0)
    return {i: s / top for i, s in scores.items()} if top > 0 else {}


def _fill(catalogue: Catalogue, scores: dict[int, float], forced: list[int], budget: int) -> list[int]:
    top = max(scores.values(), default=0.0)
    floor = RELATIVE_CUTOFF * top
    ranked = sorted((i for i, s in scores.items() if s >= floor and s > 0), key=lambda i: (-scores[i], i))
    chosen = list(forced)
    taken = set(forced)
    used = 2 + catalogue.meta_tokens + sum(catalogue.tools[i].tokens + 1 for i in forced)  # brackets, commas
    for i in ranked:
        cost = catalogue.tools[i].tokens + 1
        if i in taken or used + cost > budget:
            continue  # a smaller tool further down may still fit
        chosen.append(i)
        taken.add(i)
        used += cost
    return chosen


def _fit(catalogue: Catalogue, chosen: list[int], keep: int, budget: int) -> tuple[list[int], int]:
    # the per-tool counts ignore merges across tool boundaries: count the real list, drop the weakest if over
    while True:
        count = tokens.count_text(catalogue.wire_text(sorted(chosen)))
        if count <= budget or len(chosen) <= keep:
            return chosen, count
        chosen = chosen[:-1]
