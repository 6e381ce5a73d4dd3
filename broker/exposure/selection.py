"""Choose the abilities to expose for an intent: lexical score, organ evidence, session context, budget.

`select` is a pure function of its arguments: the same intent, catalogue, context and budget always
give the same exposure, byte for byte.
"""

from __future__ import annotations

import calendar
import functools
import logging
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping

import numpy as np

from broker.exposure import companions, knowledge, lexicon
from broker.exposure.catalogue import META_TOOL, Catalogue
from broker.exposure.learning import Associations
from broker.exposure.reasons import Kind, Why
from broker.exposure.sources import Source
from broker.text import derived, english_frequency, opposites
from broker.text.fuzzy import known_words

log = logging.getLogger(__name__)

# the default budget (o200k tokens of the exposed list, find_abilities included): a share of what sending
# every tool would cost, so exposure always pays, with a floor that keeps small catalogues useful and a
# ceiling that bounds the cost of huge ones
BUDGET_SHARE = 0.10
BUDGET_FLOOR_TOKENS = 2000
BUDGET_CEILING_TOKENS = 12000
RELATIVE_CUTOFF = 0.3  # tools scoring below this share of the best one are not worth their tokens
# once the tools chosen cost this share of the budget, the next ones are sent brief (broker/exposure/brief.py): the
# best fits come with all their prose, and the rest of the budget buys about twice as many further tools. Dev, cold
# (docs/exposure.md, round 18): 0.5, 0.35, 0.2, 0.1 and 0 (all brief) within a few intents of each other, fewer
# tokens the lower; 0.2 keeps the best few tools (about eight of real-MCP's) whole for the agent
BRIEF_AFTER = 0.2
ORGAN_WEIGHT = 0.4  # how much an organ's evidence lifts each of its tools
ORGAN_MIX = 0.5  # organ evidence: this share from the organ's whole text, the rest from its best tool
CLAUSE_WEIGHT = 0.8  # the best tool of one clause of a compound request ranks just below the best overall
CLAUSE_FLOOR = 0.3  # a clause matching only weakly (its best below this share of the best) is not inflated
MAX_CLAUSES = 8  # clauses scored on their own; past that a prompt is a document, not a list of steps
MENTION_WEIGHT = 0.6  # a memory card that names an ability counts like a good lexical match
RECENT_ORGAN_WEIGHT = 0.3  # the organ the session works with is likely needed again
# a past instruction at cosine 0.6 counts like the best lexical match: another person's phrasing of a request that
# needs the same tools is at TF-IDF cosine 0.44 at the median, 0.6-0.7 at the upper quartile (dev, round 12)
LEARNED_WEIGHT = 1.6
TOGETHER_WEIGHT = 0.8  # an ability used with a strong one scores this share of it, times P(used together)
MEANING_WEIGHT = 0.8  # the tool nearest the intent in meaning counts like a good (not the best) lexical match
MEANING_MARGIN = 0.15  # tools this much less similar than the nearest get nothing from meaning
MEANING_TOP = 40  # at most this many tools get something from meaning
MEANING_FLOOR = 0.2  # a cosine below this says nothing (unrelated texts score about 0.1 with this model)
NAMED_ORGAN_FLOOR = 0.5  # an organ's name put into the query this strongly (a synonym's weight) names it
WHOLE_EVIDENCE = 0.55  # an organ the intent points at this clearly (organ evidence, in [0, 1])
WHOLE_BUDGET_SHARE = 0.25  # and whose tools together cost at most this share of the budget
WHOLE_SHARE = 0.7  # is sent whole: each of its tools scores at least this share of the best
W_SYNONYM = 0.5
W_ABBREVIATION = 0.8  # an abbreviation resolved against the catalogue's own words
W_FUZZY = 0.4
W_COMPLETED = 0.8  # the longer word a short known one may stand for (`repo` -> repository)
W_COMPOUND = 1.0
W_COGNATE = 0.9  # a borrowed word's stem (committer -> commit): the same word in another language
W_DERIVED = 0.5  # a word derived from an unknown one (remember -> memory): related, not the same
W_REFERENCE = 0.4  # words inside paths and URLs: names the user chose, seldom what a tool is for
FILL_WEIGHT = 0.8  # a tool that needs only the URL (or the file to read) the request gives counts like a fair match
PACKAGE_WEIGHT = 0.8  # so does one answering from libraries' documentation, for a request naming a library
PRECONDITION_WEIGHT = 0.5  # a companion this strong (named, producer, entry, list, read) comes right after its tool
PRECONDITION_TOP = 3  # only for the best few tools chosen: what the request most clearly asks for
POPULAR_WEIGHT = 0.4  # a matched tool used most often scores this share more than one never used
POPULAR_CAP = 0.8  # but a tool below this share of the best match is not lifted past it
MAX_WORD_PUTS = 1 << 16  # words remembered per catalogue with what they put into a query
W_HINT = 0.8  # what a path, URL, issue key or place says about the tool that handles it (data/hints.txt)
# a word at least this common in English running text (wordfreq's Zipf 5.5: one word in about 3,000; get, next,
# time, make, list) is everyday: matched alone, it says nothing about which tool a request needs
EVERYDAY_SHARE = 10.0 ** (5.5 - 9.0)
WHOLE_WORD_SHARE = 10.0 ** (5.0 - 9.0)  # an English word this common is itself, never a cut form (red is not reduce)
# a request that opens as a statement (a problem report: "the site looks broken") names the world, not the tools:
# what was used most after past statements scores as well as the best match (1.0 of it; 0.5 and 0.8 found 2
# fewer outcome reports on dev, round 15), the others their share of it
STATEMENT_WEIGHT = 1.0
# the relative cut-off is taken from the best tool the request's own words score (lifted by their organs), or from
# this share of the best after use has spoken, whichever is higher: use ranks tools and brings some, but a strong
# suggestion does not drop what the words alone would send (learning from other writers lost 4 dev requests that
# were found cold: round 21, chosen leaving one writer out; 1.0 is the bar of rounds 1-20, 0 the words' best alone)
USE_BAR_SHARE = 0.6


@dataclass(frozen=True)
class Context:
    """What the session tells selection beyond the intent."""

    recent: tuple[str, ...] = ()  # organ.tool used recently, most recent first: they stay exposed
    mentioned: tuple[str, ...] = ()  # organ.tool named by memory cards recalled for this intent
    learned: Associations | None = None  # what use taught: abilities after similar instructions, and together


@dataclass(frozen=True)
class Exposure:
    """The abilities shown to the agent for one intent."""

    exposed: tuple[str, ...]  # organ.tool, best first; the meta-ability is not listed
    tools: tuple[dict, ...]  # MCP tool objects sent, in catalogue order, find_abilities last (absent when all are)
    tokens: dict = field(default_factory=dict)  # {"full": N, "exposed": M}: o200k, compact JSON
    brief: tuple[str, ...] = ()  # those of `exposed` sent in their brief form
    matched: bool = True  # the request's own words matched some tool (what use suggests does not count)
    reasons: Mapping | None = None  # organ.tool -> why it is exposed (broker/exposure/reasons.py), when asked

    def as_dict(self) -> dict:
        """The JSON document of `actors expose --json`."""
        found = {"exposed": list(self.exposed), "brief": list(self.brief), "tools": list(self.tools),
                 "tokens": dict(self.tokens), "matched": self.matched}
        if self.reasons is not None:
            found["reasons"] = {address: [r.as_dict() for r in why] for address, why in self.reasons.items()}
        return found


def select(intent: str, catalogue: Catalogue, context: Context = Context(),
           budget_tokens: int | None = None, why: Why | None = None) -> Exposure:
    """Expose the abilities the intent needs within a token budget, plus find_abilities (unless every tool is);
    a `Why` given records what chose each tool (`explain` gives the exposure with its reasons)."""
    budget = default_budget(catalogue) if budget_tokens is None else budget_tokens
    scores, lifts, said, bar = _scored(intent, catalogue, context, budget, why)
    forced = [catalogue.by_address[a] for a in dict.fromkeys(context.recent) if a in catalogue.by_address]
    if why is not None:
        why.place(forced, Kind.RECENT)
    if Source.UNMATCHED not in catalogue.without and catalogue.full_tokens <= budget and \
            sends_whole(said and not everyday_only(intent, catalogue), catalogue.full_tokens, budget):
        taken = set(forced)
        chosen = forced + [i for i in range(len(catalogue)) if i not in taken]  # every tool, recent ones first
        if why is not None:
            why.place(chosen[len(forced):], Kind.CATALOGUE)
    else:
        chosen = _fill(catalogue, _ranked(catalogue, scores, lifts, bar), forced, budget, why)
        if said and catalogue.executors:  # last, if the budget allows: what the words found comes first
            chosen = _fill(catalogue, catalogue.executors, chosen, budget, why, Kind.EXECUTOR)
    n = len(catalogue)
    if chosen and len(chosen) == n and catalogue.full_tokens <= budget:
        # the whole catalogue: there is nothing left to find, so find_abilities is not sent (it would make the
        # exposure cost more than the full list), and every tool is sent whole, even those _fill chose brief
        return Exposure(exposed=tuple(catalogue.tools[p % n].address for p in chosen),
                        tools=tuple(tool.wire for tool in catalogue.tools),
                        tokens={"full": catalogue.full_tokens, "exposed": catalogue.full_tokens}, matched=bool(said))
    chosen, exposed_tokens = _fit(catalogue, chosen, len(forced), budget)
    tools = [catalogue.tools[p].wire if p < n else catalogue.tools[p - n].brief for p in _in_catalogue_order(chosen, n)]
    return Exposure(exposed=tuple(catalogue.tools[p % n].address for p in chosen), tools=(*tools, META_TOOL),
                    tokens={"full": catalogue.full_tokens, "exposed": exposed_tokens},
                    brief=tuple(catalogue.tools[p - n].address for p in chosen if p >= n), matched=bool(said))


def explain(intent: str, catalogue: Catalogue, context: Context = Context(),
            budget_tokens: int | None = None) -> Exposure:
    """Select as `select` does, the exposure carrying why each exposed tool is there (broker/exposure/reasons.py)."""
    why = Why()
    exposure = select(intent, catalogue, context, budget_tokens, why)
    return replace(exposure, reasons=why.reasons(exposure.exposed, catalogue, intent))


def sends_whole(matched: bool, whole_tokens: int, budget: int) -> bool:
    """Tell whether a request gets every tool: nothing matched its words (what use suggests does not count: a
    tool used a minute ago must not shut the rest out), and all of them cost no more than the budget
    (sent whole, the list has no find_abilities: there is nothing left to find). Sending find_abilities alone
    would cost the agent a round trip to save less than the budget it was willing to spend; a catalogue larger
    than its budget keeps an unmatched request cheap."""
    return not matched and whole_tokens <= budget


def everyday_only(intent: str, catalogue: Catalogue) -> bool:
    """Tell whether every term a request matches is an everyday English word ("get", "next", "time"): no evidence
    of which tool it needs, however few tools share the word (`catalogue.everyday`)."""
    if Source.EVERYDAY in catalogue.without:
        return False
    query = query_terms(intent, catalogue)
    return bool(query) and all(english_frequency(term) >= EVERYDAY_SHARE for term in query)


def default_budget(catalogue: Catalogue) -> int:
    """The token budget used when the caller gives none: a tenth of the full table, within bounds."""
    share = int(BUDGET_SHARE * catalogue.full_tokens)
    return min(BUDGET_CEILING_TOKENS, max(BUDGET_FLOOR_TOKENS, share))


def relevance(intent: str, catalogue: Catalogue, context: Context = Context()) -> dict[int, float]:
    """Score each matching tool (by position): lexical match, lifted by use, companions and its organ."""
    scores, lifts, _, _ = _scored(intent, catalogue, context, default_budget(catalogue))
    found = {}
    for organ_pos, lift in lifts.items():
        found.update(dict.fromkeys(catalogue.organs[catalogue.organ_names[organ_pos]], lift))
    found.update(scores)
    return found


def _scored(intent: str, catalogue: Catalogue, context: Context, budget: int,
            why: Why | None = None) -> tuple[dict[int, float], dict[int, float], bool, float | None]:
    # (tools that matched, lifted by their organ; organ -> the lift every other tool of it gets; whether the
    # request itself matched anything: what use suggests (learned, popular, after statements) is not the request).
    # A `why` is shown the scores after each step, and so learns what each source offered which tool
    without = catalogue.without
    near = catalogue.meaning.near(intent) if catalogue.meaning is not None else None  # while the words are read
    query = query_terms(intent, catalogue)
    lexical = _lexical(intent, query, catalogue)
    if why is not None:
        why.step(Kind.WORDS, lexical, query)
    similarities = _near_result(near)
    if similarities is not None:
        for i, s in meaning_scores(similarities).items():
            if s > lexical.get(i, 0.0):  # the better of the two readings, not their sum: each alone suffices
                lexical[i] = s
        if why is not None:
            why.step(Kind.MEANING, lexical, similarities)
    takers = (catalogue.address_takers if catalogue.address_takers and names_url(intent, catalogue) else ()) + \
        (catalogue.file_readers if catalogue.file_readers and names_read_file(intent, catalogue) else ())
    if takers:  # what the request gives is all they need: a URL, or a file to read (as the file hint says)
        for i in takers:
            lexical[i] = max(lexical.get(i, 0.0), FILL_WEIGHT)
        if why is not None:
            why.step(Kind.ADDRESS, lexical)
    if catalogue.documenters and knowledge.names_package(intent, catalogue.packages):
        for i in catalogue.documenters:
            lexical[i] = max(lexical.get(i, 0.0), PACKAGE_WEIGHT)
        if why is not None:
            why.step(Kind.LIBRARY, lexical)
    for address in context.mentioned:
        i = catalogue.by_address.get(address)
        if i is not None:
            lexical[i] = lexical.get(i, 0.0) + MENTION_WEIGHT
    if why is not None:
        why.step(Kind.MENTIONED, lexical)
    said = bool(lexical)
    learned = context.learned if context.learned is not None and len(context.learned) else None
    own = dict(lexical) if learned is not None else None  # what the words alone match, before use speaks
    if learned is not None and Source.SIMILAR not in without:
        for address, weight in learned.suggest(intent).items():
            i = catalogue.by_address.get(address)
            if i is not None:
                lexical[i] = lexical.get(i, 0.0) + LEARNED_WEIGHT * weight
        if why is not None:
            why.step(Kind.LEARNED, lexical, learned)
    together = learned is not None and Source.TOGETHER not in without
    matched = list(lexical.items())  # one hop from these scores: a tool brings its companions
    _bring_companions(lexical, matched, catalogue)
    if why is not None:
        why.step(Kind.COMPANION, lexical)
    get = lexical.get
    if together:  # and the tools used with it (both hops take the best offer, so their order does not matter)
        for s, offers in _with_partners(matched, learned.used_together(), catalogue):
            for address, p in offers.items():
                j = catalogue.by_address.get(address)
                if j is not None and TOGETHER_WEIGHT * p * s > get(j, 0.0):
                    lexical[j] = TOGETHER_WEIGHT * p * s
        if why is not None:
            why.step(Kind.TOGETHER, lexical, (learned, matched))
    if learned is not None and Source.POPULAR not in without and POPULAR_WEIGHT:
        _favour_popular(lexical, learned.popular(), catalogue)
        if why is not None:
            why.step(Kind.POPULAR, lexical)
    if Source.ORGANS in without:
        return lexical, {}, said, None
    if own is not None:  # which organs the intent points at is the words' to say; use only ranks tools
        _bring_companions(own, list(own.items()), catalogue)
    evidence = organ_evidence(query, lexical if own is None else own, catalogue, context)
    lifts = {k: ORGAN_WEIGHT * e for k, e in evidence.items() if e > 0}
    scores = _lifted(lexical, lifts, catalogue)
    if why is not None:
        why.step(Kind.ORGAN, scores, (lifts, evidence))
    bar = None  # the best score the cut-off is a share of: None for the best of `scores` and `lifts`
    if own is not None and USE_BAR_SHARE < 1.0:
        words_best = max([*_lifted(own, lifts, catalogue).values(), *lifts.values()], default=0.0)
        bar = max(words_best, USE_BAR_SHARE * max([*scores.values(), *lifts.values()], default=0.0))
    if learned is not None and Source.STATEMENTS not in without and lexicon.is_statement(intent):
        _after_statements(scores, learned.after_statements(), catalogue)
        if why is not None:
            why.step(Kind.STATEMENT, scores)
    if Source.WHOLE not in without:  # its siblings are the likely next steps, and they are cheap
        top = max(scores.values(), default=0.0)
        for k in whole_organs(evidence, catalogue, budget):
            for i in catalogue.organs[catalogue.organ_names[k]]:
                scores[i] = max(scores.get(i, 0.0), WHOLE_SHARE * top)
        if why is not None:
            why.step(Kind.WHOLE, scores)
    return scores, lifts, said, bar


def _with_partners(matched: list[tuple[int, float]], partners: Mapping[str, Mapping[str, float]],
                   catalogue: Catalogue) -> Iterator[tuple[float, Mapping[str, float]]]:
    # (score, the abilities used with it) of each matched tool that was used with others, walking the shorter of
    # the two: a matched set is often a thousand tools, and most were never used
    if len(partners) < len(matched):
        scores, by_address = dict(matched), catalogue.by_address
        for address, offers in partners.items():
            i = by_address.get(address)
            if i is not None and i in scores:
                yield scores[i], offers
        return
    tools = catalogue.tools
    for i, s in matched:
        offers = partners.get(tools[i].address)
        if offers:
            yield s, offers


def _after_statements(scores: dict[int, float], used: Mapping[str, float], catalogue: Catalogue) -> None:
    # each ability used after past statements scores at least its share of the best, times the weight: what
    # people looked at after reports like this one, when the report's words name none of it
    top = max(scores.values(), default=0.0)
    for address, share in used.items():
        i = catalogue.by_address.get(address)
        if i is not None and STATEMENT_WEIGHT * share * top > scores.get(i, 0.0):
            scores[i] = STATEMENT_WEIGHT * share * top


def _favour_popular(lexical: dict[int, float], popular: Mapping[str, float], catalogue: Catalogue) -> None:
    # among tools the words match alike, the habitual ones first; a habit never lifts a tool from below into
    # what the intent's own words rank highly (at least POPULAR_CAP of the best): it reorders within a tier
    top = max(lexical.values(), default=0.0)
    cap = POPULAR_CAP * top
    by_address, tools = catalogue.by_address, catalogue.tools
    if len(popular) < len(lexical):  # walk the shorter of the two
        pairs = ((i, p) for i, p in ((by_address.get(a), p) for a, p in popular.items()) if i is not None and i in lexical)
    else:
        pairs = ((i, popular.get(tools[i].address, 0.0)) for i in list(lexical))
    for i, p in pairs:
        if p:
            s = lexical[i]
            lexical[i] = s * (1 + POPULAR_WEIGHT * p) if s >= cap else min(s * (1 + POPULAR_WEIGHT * p), cap)


def _lifted(lexical: dict[int, float], lifts: dict[int, float], catalogue: Catalogue) -> dict[int, float]:
    # each matched tool plus its organ's lift, in lexical's order: one numpy addition instead of a dict lookup
    # per tool (a matched set is often a thousand tools); the same float sums as `s + lifts.get(organ, 0.0)`
    if not lexical or not lifts:
        return dict(lexical)
    positions = np.fromiter(lexical, dtype=np.intp, count=len(lexical))
    values = np.fromiter(lexical.values(), dtype=float, count=len(lexical))
    return dict(zip(lexical, (values + _organ_lifts(lifts, catalogue)[positions]).tolist()))


def _organ_lifts(lifts: dict[int, float], catalogue: Catalogue) -> np.ndarray:
    # the lift of each tool's organ (0.0 for an organ without one), by tool position
    by_organ = np.zeros(len(catalogue.organ_names))
    by_organ[list(lifts)] = list(lifts.values())
    return by_organ[catalogue.organ_position_array]


def _bring_companions(lexical: dict[int, float], matched: list[tuple[int, float]], catalogue: Catalogue) -> None:
    # each companion j of a matched tool i scores at least weight * s_i: the best offer wins, a tool not yet
    # matched enters with it. The same as looping over each tool's companions (products and maxima of the
    # same floats), in numpy over the catalogue's edges: a matched set is often a thousand tools, 4 edges each
    if not matched:
        return
    source, target, weight = catalogue.companion_edges
    current = np.zeros(len(catalogue))
    present = np.zeros(len(catalogue), dtype=bool)
    positions = np.fromiter((i for i, _ in matched), dtype=np.intp, count=len(matched))
    current[positions] = np.fromiter((s for _, s in matched), dtype=float, count=len(matched))
    present[positions] = True
    live = present[source]
    offered = current.copy()
    np.maximum.at(offered, target[live], weight[live] * current[source[live]])
    raised = np.flatnonzero(offered > current)  # an offer beat the score (0 for a tool not matched)
    lexical.update(zip(raised.tolist(), offered[raised].tolist()))


def names_url(intent: str, catalogue: Catalogue | None = None) -> bool:
    """Tell whether a request gives a URL (with a scheme, `www.`, a host with a port, or a bare domain)."""
    without = catalogue.without if catalogue is not None else frozenset()
    return any(kind in ("url", knowledge.Host.DOMAIN) for kind, _ in hosts(lexicon.references(intent)[1], without))


def names_read_file(intent: str, catalogue: Catalogue | None = None) -> bool:
    """Tell whether a request names a file it reads: a file (not a host) outside the clauses that write one."""
    without = catalogue.without if catalogue is not None else frozenset()
    if Source.REFERENCES in without:
        return False  # no reference is read out of the request
    references = hosts(lexicon.references(intent)[1], without)
    written = written_files(intent, references) if Source.WRITTEN not in without else frozenset()
    return any(kind == "file" and reference not in written for kind, reference in references)


def hosts(references: list[tuple[str, str]], without: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """References with the dotted names that end in a top-level domain told apart: a host, a mailbox or both."""
    if Source.DOMAINS in without:
        return [(_path_kind(ref) if kind == "hostpath" else kind, ref) for kind, ref in references]
    return [(knowledge.host_kind(ref) if kind == "file" else _host_path(ref) if kind == "hostpath" else kind, ref)
            for kind, ref in references]


def _host_path(reference: str) -> str:
    # lufthansa.com/flightstatus is a page (a URL without its scheme); config.d/conf is a directory's path
    host = reference.split("/", 1)[0]
    return "url" if knowledge.host_kind(host) in (knowledge.Host.DOMAIN, knowledge.Host.EITHER) else \
        _path_kind(reference)


def _path_kind(reference: str) -> str:
    return "file" if "." in reference.rsplit("/", 1)[-1].strip(".") else "path"


def whole_organs(evidence: dict[int, float], catalogue: Catalogue, budget: int) -> list[int]:
    """Organs (by position) the intent clearly points at and small enough to send whole."""
    return [k for k, e in evidence.items() if e >= WHOLE_EVIDENCE
            and catalogue.organ_tokens[k] <= WHOLE_BUDGET_SHARE * budget]


def _lexical(intent: str, query: dict[str, float], catalogue: Catalogue) -> dict[int, float]:
    # "do X, then Y": each clause's best tools count, not only those of the clause with the rarest words
    whole = catalogue.index.score(query)
    _named_evenly(whole, query, catalogue)
    top = max(whole.values(), default=0.0)
    if top <= 0:
        return {}
    lexical = {i: s / top for i, s in whole.items()}
    parts = lexicon.clauses(intent) if Source.CLAUSES not in catalogue.without else []
    if len(parts) < 2:
        return lexical
    if len(parts) > MAX_CLAUSES:  # a long prompt: its last clauses are scored together
        parts = parts[:MAX_CLAUSES - 1] + [" ".join(parts[MAX_CLAUSES - 1:])]
    for part in parts:
        part_query = query_terms(part, catalogue)
        scores = catalogue.index.score(part_query)
        _named_evenly(scores, part_query, catalogue)
        scale = CLAUSE_WEIGHT / max(max(scores.values(), default=0.0), CLAUSE_FLOOR * top)
        for i, s in scores.items():
            if s * scale > lexical.get(i, 0.0):  # a clause may hint what the whole does not
                lexical[i] = s * scale
    return lexical


def _named_evenly(scores: dict[int, float], query: Mapping[str, float], catalogue: Catalogue) -> None:
    # an organ the request calls by its name: the name says which organ, the rest of the words which of its
    # tools. Each of its tools holding the name's term gets the mean of what the term gives them (its BM25
    # weight varies with a tool's length: Notion's name gave its tools 4.5 to 5.1, more spread than the
    # request's other words gave them), so the organ's level is kept and the name no longer ranks its tools
    if Source.NAMED_EVENLY in catalogue.without or Source.NAMED_ORGAN in catalogue.without \
            or len(catalogue.organs) < 2:
        return
    organ_of = catalogue.organ_position
    for k, terms in enumerate(catalogue.organ_name_terms):
        if not terms or any(query.get(t, 0.0) < NAMED_ORGAN_FLOOR for t in terms):
            continue
        for t in terms:
            weight = query[t]
            held = [(i, weight * w) for i, w in catalogue.index.postings[t] if organ_of[i] == k and i in scores]
            if len(held) > 1:
                even = sum(c for _, c in held) / len(held)
                for i, c in held:
                    scores[i] += even - c


def _near_result(near: Future | None) -> np.ndarray | None:
    if near is None:
        return None
    try:
        return near.result()
    except Exception as exc:  # the model failing on one text costs that text its meaning, not its answer
        log.warning("meaning failed for this intent (%s: %s): lexical only", type(exc).__name__, exc)
        return None


def meaning_scores(similarities: np.ndarray) -> dict[int, float]:
    """What meaning adds to each tool (by position): the nearest gets MEANING_WEIGHT, down to 0 at the margin."""
    if not len(similarities):
        return {}
    top = np.argpartition(-similarities, min(MEANING_TOP, len(similarities)) - 1)[:MEANING_TOP]
    best = float(similarities[top].max())
    found = {}
    for i in top.tolist():
        share = (float(similarities[i]) - best + MEANING_MARGIN) / MEANING_MARGIN
        if share > 0 and similarities[i] >= MEANING_FLOOR:
            found[i] = MEANING_WEIGHT * share
    return found


def organ_evidence(query: dict[str, float], lexical: dict[int, float], catalogue: Catalogue,
                   context: Context = Context()) -> dict[int, float]:
    """How strongly the intent points at each organ (by position), in [0, 1]: its match and its best tool."""
    if len(catalogue.organs) < 2:
        return {0: 0.0} if catalogue.organs else {}  # one organ holding everything tells nothing
    whole = _normalised(catalogue.organ_index.score(query))
    best: dict[int, float] = {}
    organ_of = catalogue.organ_position
    for i, s in lexical.items():
        if s > best.get(organ_of[i], 0.0):
            best[organ_of[i]] = s
    for address in context.recent:
        if address in catalogue.by_address:
            k = organ_of[catalogue.by_address[address]]
            best[k] = best.get(k, 0.0) + RECENT_ORGAN_WEIGHT
    evidence = {k: ORGAN_MIX * whole.get(k, 0.0) + (1 - ORGAN_MIX) * min(best.get(k, 0.0), 1.0)
                for k in set(whole) | set(best)}
    if Source.NAMED_ORGAN not in catalogue.without:
        # an organ the request calls by its name (or a word that stands for it: remember -> memory) is
        # pointed at as clearly as can be, however much of the request is about something else
        for k, terms in enumerate(catalogue.organ_name_terms):
            if terms and all(query.get(t, 0.0) >= NAMED_ORGAN_FLOOR for t in terms):
                evidence[k] = 1.0
    return evidence


def query_terms(intent: str, catalogue: Catalogue) -> dict[str, float]:
    """The weighted query terms of an intent: its words, and what the knowledge sources add to them."""
    index, without, vocabulary = catalogue.index, catalogue.without, catalogue.vocabulary
    glossary = Source.GLOSSARY not in without
    query: dict[str, float] = {}

    recording: list[tuple[str, float]] | None = None  # the puts of the word being read (see add_text)

    def put(term: str, weight: float) -> None:
        if term in index:
            if recording is not None:
                recording.append((term, weight))
            else:
                query[term] = max(query.get(term, 0.0), weight)

    def put_text(text: str, weight: float) -> None:
        for term in lexicon.terms_of(lexicon.words(text), glossary):
            put(term, weight)

    def add_word(word: str, weight: float) -> None:
        if Source.SYNONYMS not in without:
            for synonym in lexicon.synonyms(word):
                put_text(synonym, W_SYNONYM * weight)
        for term in lexicon.terms_of([word], glossary):
            put(term, weight)
        if Source.CALENDAR not in without and word in _weekdays():
            for hint in lexicon.hints("weekday"):
                put_text(hint, W_SYNONYM * weight)

    def read_word(word: str, weight: float) -> None:
        add_word(word, weight)
        if Source.ABBREVIATIONS not in without:
            for expansion in vocabulary.acronym(word):
                add_word(expansion, W_ABBREVIATION * weight)
        known = [term for term in lexicon.terms_of([word], glossary) if term in index]
        if known and Source.COMPLETIONS not in without and W_COMPLETED and not english(word):
            for term in known:
                for completion in vocabulary.completed(term):
                    add_word(completion, W_COMPLETED * weight)
        if not known:
            guesses = vocabulary.expanded(word) if Source.ABBREVIATIONS not in without and \
                not _everyday_word(word, without) else ()
            for guess in guesses:
                add_word(guess, W_ABBREVIATION * weight)
            if not guesses and Source.DERIVATIONS not in without:
                guesses = [d for d in derived(word) if any(t in index for t in lexicon.terms_of([d], False))]
                for guess in guesses:
                    add_word(guess, W_DERIVED * weight)
            if not guesses and Source.OPPOSITES not in without:
                guesses = _through_opposites(word, index)
                for guess in guesses:
                    add_word(guess, W_DERIVED * weight)
            if not guesses and Source.COGNATES not in without and not english(word):
                guesses = vocabulary.cognate(word)
                for guess in guesses:
                    add_word(guess, W_COGNATE * weight)
            if not guesses:  # a name the catalogue writes as a code: bitcoin -> BTC (empty without the source)
                guesses = vocabulary.code(word)
                for guess in guesses:
                    add_word(guess, W_ABBREVIATION * weight)
            if not guesses and Source.SPELLING not in without:
                for guess in vocabulary.spelled(word):
                    add_word(guess, W_FUZZY * weight)

    def add_text(text: str, weight: float) -> None:
        content: list[str] = []
        split = lexicon.words(text)
        for word in split:
            # what a word puts into a query depends only on the word, its weight and the catalogue: replay
            # the same puts, in the same order, when it comes again (a long prompt is read whole and then
            # clause by clause, and requests repeat words)
            key = (word, weight)
            puts = catalogue.word_puts.get(key)
            if puts is None:
                nonlocal recording
                recording = []
                read_word(word, weight)
                puts, recording = tuple(recording), None
                if len(catalogue.word_puts) >= MAX_WORD_PUTS:
                    catalogue.word_puts.clear()
                catalogue.word_puts[key] = puts
            for term, w in puts:
                query[term] = max(query.get(term, 0.0), w)
            if word.isascii() and len(word) > 1 and not lexicon.is_stopword(word):
                content.append(word)
        if Source.COMPOUNDS not in without:
            for a, b in zip(content, content[1:], strict=False):
                put(lexicon.stem(a + b), W_COMPOUND * weight)
            # a verb and its particle are one word in schemas: log in -> login, roll back -> rollback,
            # set up -> setup ("logging in" too: the verb's stem joins)
            for a, b in zip(split, split[1:], strict=False):
                if lexicon.is_stopword(b) and a.isascii() and a.isalpha() and not lexicon.is_stopword(a):
                    for particle in _particles(b):  # "log into": the particle is into's first word
                        put(lexicon.stem(a + particle), W_COMPOUND * weight)
                        put(lexicon.stem(lexicon.stem(a) + particle), W_COMPOUND * weight)

    if Source.REFERENCES in without:
        rest, references = intent, []
    else:
        rest, references = lexicon.references(intent, quotes=Source.QUOTES not in without,
                                              revisions=Source.REVISIONS not in without,
                                              credentials=Source.CREDENTIALS not in without)
        references = hosts(references, without)
    add_text(rest, 1.0)
    written = written_files(intent, references) if Source.WRITTEN not in without else frozenset()
    for kind, reference in references:
        add_text(reference, W_REFERENCE)
        if kind == "file" and reference in written:
            kind = "written"
        hints = lexicon.hints(kind) if kind != knowledge.Host.EITHER else \
            lexicon.hints("file") + lexicon.hints(knowledge.Host.DOMAIN)
        if kind == "slug" and "#" not in reference and Source.SLUG_PATHS not in without:
            hints += lexicon.hints("path")  # owner/name reads as a relative directory too (data/exports)
        if kind in ("file", "written") and Source.MEDIA_TYPES not in without:
            media = knowledge.media_words(reference.rsplit(".", 1)[-1])
            hints += media
            if knowledge.PROGRAM in media and Source.COMMANDS not in without:
                hints += lexicon.hints("command")  # a program named by its file (code.exe) is run or stopped
        for hint in hints:
            put_text(hint, W_HINT)
    if catalogue.places and Source.ZONES not in without and _names_place(rest, catalogue):
        for hint in lexicon.hints("place"):
            put_text(hint, W_HINT)
    if Source.SYMBOLS not in without and lexicon.names_symbol(rest):
        for hint in lexicon.hints("symbol"):
            put_text(hint, W_HINT)
    if Source.QUESTIONS not in without and lexicon.asks_identity(rest):
        for hint in lexicon.hints("identity"):
            put_text(hint, W_HINT)
    if Source.PERCENTILES not in without and lexicon.names_percentile(rest):
        for hint in lexicon.hints("percentile"):
            put_text(hint, W_HINT)
    if Source.COMMANDS not in without and lexicon.names_command(intent):
        for hint in lexicon.hints("command"):
            put_text(hint, W_HINT)
    if catalogue.ports and knowledge.names_service_port(rest, catalogue.ports):
        for hint in lexicon.hints("port"):
            put_text(hint, W_HINT)
    if catalogue.units and knowledge.names_unit_conversion(intent, catalogue.units):
        for hint in lexicon.hints("units"):
            put_text(hint, W_HINT)
    if catalogue.calculates and Source.ARITHMETIC not in without and knowledge.names_arithmetic(intent):
        for hint in lexicon.hints("arithmetic"):
            put_text(hint, W_HINT)
    if catalogue.currencies and Source.CURRENCIES not in without and \
            knowledge.names_amount_of_money(intent, catalogue.currencies, catalogue.currency_names,
                                            knowledge.cldr().currency_phrases):
        for hint in lexicon.hints("money"):
            put_text(hint, W_HINT)
    return query


def _through_opposites(word: str, index: object) -> list[str]:
    # a word the catalogue lacks and derives nothing it holds, read through its antonyms and what they derive:
    # an opposite speaks of the same thing (forget -> remember -> memory, unlock -> lock); a stop word's or an
    # everyday verb's opposite (have -> lack, come -> go, give -> take) does not: they say little of any topic
    if lexicon.is_stopword(word) or english_frequency(lexicon.stem(word)) >= EVERYDAY_SHARE:
        return []
    readings = [w for opposite in opposites(word) for w in (opposite, *derived(opposite))]
    return [w for w in dict.fromkeys(readings) if any(t in index for t in lexicon.terms_of([w], False))]


def _everyday_word(word: str, without: frozenset[str]) -> bool:
    # a whole English word as common as `get` or `pay` is itself, not an abbreviation of a longer catalogue word
    # (pay is not payload); abbreviations people type are rarer (repo, msg, db, app: Zipf 3.5 to 5.0)
    return Source.WHOLE_WORDS not in without and english(word) and \
        english_frequency(lexicon.stem(word)) >= WHOLE_WORD_SHARE


def english(word: str) -> bool:
    """Tell whether a word is a whole English word (of the shipped WordPiece vocabulary): not a cut form."""
    return word in known_words()


def written_files(intent: str, references: list[tuple[str, str]]) -> frozenset[str]:
    """The files a request writes: the one named in a clause that creates or changes something, or the last
    of several ("copy README.md to docs/intro.md": the others are what is read)."""
    by_clause: dict[str, list[str]] = {}
    for kind, reference in sorted(references, key=lambda found: intent.find(found[1])):  # in the order written
        if kind == "file":
            by_clause.setdefault(lexicon.clause_of(intent, reference), []).append(reference)
    return frozenset(files[-1] for clause, files in by_clause.items() if companions.writes(clause))


def _names_place(intent: str, catalogue: Catalogue) -> bool:
    # written in capitals, an abbreviation (UTC, CET) counts; otherwise a place of one to three words
    written = intent.replace(",", " ").split()
    if any(word in knowledge.zone_abbreviations() for word in written):
        return True
    if knowledge.names_clock_time(intent) and any(word.strip(".?!;:()") in knowledge.zone_designations()
                                                   for word in written):
        return True
    return knowledge.names_place(intent, catalogue.places)


@functools.cache
def _particles(word: str) -> tuple[str, ...]:
    # a stop word, and the first of two stop words it joins (into = in + to, onto = on + to)
    return (word, *(word[:k] for k in range(2, len(word) - 1)
                    if lexicon.is_stopword(word[:k]) and lexicon.is_stopword(word[k:])))


@functools.cache
def _weekdays() -> frozenset[str]:
    return frozenset(day.lower() for day in calendar.day_name)


def _normalised(scores: dict[int, float]) -> dict[int, float]:
    top = max(scores.values(), default=0.0)
    return {i: s / top for i, s in scores.items()} if top > 0 else {}


def _ranked(catalogue: Catalogue, scores: dict[int, float], lifts: dict[int, float],
            bar: float | None = None) -> Iterator[int]:
    # best first, ties by position: the matched tools at or above the floor, and every unmatched tool of an
    # organ lifted at or above it, scoring its lift. One numpy sort over the catalogue instead of a Python walk
    # of each lifted organ's members (BFCL's organ holds 1,560 tools); the order is the same as sorting the
    # (-score, position) pairs, as every position is a candidate at most once. The floor is a share of the best,
    # or of `bar` when lower (the words' best, when use raised the best: USE_BAR_SHARE)
    top = max([*scores.values(), *lifts.values()], default=0.0)
    if bar:
        top = min(top, bar)
    floor = RELATIVE_CUTOFF * top
    value = np.zeros(len(catalogue))
    candidate = np.zeros(len(catalogue), dtype=bool)
    if lifts:
        value = _organ_lifts({k: lift for k, lift in lifts.items() if lift >= floor}, catalogue)
        candidate = value > 0  # lifts are positive: zero is an organ without one, or below the floor
    if scores:
        positions = np.fromiter(scores, dtype=np.intp, count=len(scores))
        matched = np.fromiter(scores.values(), dtype=float, count=len(scores))
        value[positions] = matched  # a matched tool scores its own score, not its organ's lift
        candidate[positions] = (matched >= floor) & (matched > 0)
    chosen = np.flatnonzero(candidate)
    return iter(chosen[np.lexsort((chosen, -value[chosen]))].tolist())


def _fill(catalogue: Catalogue, ranked: Iterable[int], chosen: list[int], budget: int, why: Why | None = None,
          kind: Kind | None = None) -> list[int]:
    """Tools best first while they fit the budget, after those already chosen (positions as returned here: the
    forced ones, or a fill's): by position while sent in full, by len(catalogue) + position once what is chosen
    costs BRIEF_AFTER of the budget and the rest go brief (and for a tool whose full form would not fit at all).
    A `why` is told each tool taken as a precondition (and, with a kind, each tool this fill takes)."""
    n = len(catalogue)
    chosen = list(chosen)
    taken = {p % n for p in chosen}
    used = 2 + catalogue.meta_tokens + sum(catalogue.tools[p % n].tokens if p < n else catalogue.tools[p - n].brief_tokens
                                           for p in chosen) + len(chosen)  # brackets, a comma each
    briefly = Source.BRIEF not in catalogue.without
    full_until = budget * BRIEF_AFTER if briefly else budget
    smallest = catalogue.smallest_brief_tokens if briefly else catalogue.smallest_tokens  # a brief form is never larger
    first = PRECONDITION_WEIGHT if Source.PRECONDITIONS not in catalogue.without else None
    pending: list[int] = []  # preconditions of a tool just chosen: they come before the rest of the ranking
    stream = iter(ranked)
    while True:
        precondition = bool(pending)
        i = pending.pop(0) if pending else next(stream, None)
        if i is None:
            break
        if used + smallest + 1 > budget:
            break  # nothing else can fit
        tool = catalogue.tools[i]
        # a tool too large to send whole within the budget is sent brief rather than left out
        in_full = used < full_until and (used + tool.tokens + 1 <= budget or not briefly)
        cost = (tool.tokens if in_full else tool.brief_tokens) + 1
        if i in taken or used + cost > budget:
            continue  # a smaller tool further down may still fit
        chosen.append(i if in_full else n + i)
        taken.add(i)
        used += cost
        if why is not None and (precondition or kind is not None):
            why.place([i], Kind.COMPANION if precondition else kind)
        if first is not None and len(chosen) <= PRECONDITION_TOP:
            pending.extend(j for j, w in sorted(catalogue.companions[i].items(), key=lambda e: (-e[1], e[0]))
                           if w >= first and j not in taken)
            if why is not None:
                why.precede(i, pending)
    return chosen


def _in_catalogue_order(chosen: list[int], n: int) -> list[int]:
    return sorted(chosen, key=lambda p: p % n)


def _fit(catalogue: Catalogue, chosen: list[int], keep: int, budget: int) -> tuple[list[int], int]:
    # the per-tool counts ignore merges across tool boundaries: count the real list, drop the weakest if over
    while True:
        count = catalogue.wire_tokens(_in_catalogue_order(chosen, len(catalogue)))
        if count <= budget or len(chosen) <= keep:
            return chosen, count
        chosen = chosen[:-1]
