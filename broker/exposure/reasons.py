"""Why each exposed tool is there: the words that matched it, the tool it accompanies, what use taught...

Selection records its own decisions when handed a `Why` (`select(..., why=Why())`): after each step of scoring
it shows the collector the scores, and the collector keeps, for every tool a step raised, what that step offered
it; the fill tells it which tools were kept as recent, taken as another's precondition, added as executors or
sent because the whole catalogue fits. Nothing is recorded, and nothing costs anything, when no `Why` is given.
`Why.reasons` then gives each exposed tool its reasons, strongest first, each with its evidence (the query terms
and their weight, the tool it accompanies, the past instruction...); `selection.explain` does both for one
intent. Pure: no sockets, and no import of selection (which imports this); the vocabulary is
`broker.vocab.ExposureReason` (the CLI shows it without importing exposure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

import numpy as np

from broker.exposure import lexicon
from broker.exposure.sources import Source
from broker.vocab import ExposureReason as Kind

if TYPE_CHECKING:
    from broker.exposure.catalogue import Catalogue

__all__ = ["Kind", "Reason", "Term", "Why"]

TOP_TERMS = 3  # query terms shown for a word match: the strongest few say why
MAX_INSTRUCTION = 80  # characters of a past instruction shown
# steps that add to a tool's score (what they offered is the increase); the others offer a score of their own
ADDED = frozenset({Kind.MENTIONED, Kind.LEARNED, Kind.POPULAR, Kind.ORGAN})
ORDER = {kind: n for n, kind in enumerate(Kind)}  # ties between equal offers: the vocabulary's order


@dataclass(frozen=True, slots=True)
class Term:
    """A query term that matched a tool, what it added to the tool's BM25 score, and the word that put it there."""

    term: str  # the index's form: a stem (`pull`, `request`), a compound or a CJK pair
    weight: float  # query weight times the tool's BM25 weight of the term
    word: str = ""  # the request's word that put it there ("" for a path's, a hint's or a joined pair's)
    derived: bool = False  # the term is not the word's own form: a synonym, an expansion (PR), a spelling fix...

    def as_dict(self) -> dict:
        """The term as JSON."""
        return {"term": self.term, "weight": round(self.weight, 2), **({"word": self.word} if self.word else {}),
                **({"derived": True} if self.derived else {})}


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason a tool is exposed, with its evidence (the fields its kind uses; the others stay empty)."""

    kind: Kind
    score: float | None = None  # what this source gave the tool, on the scale where the best word match is 1
    terms: tuple[Term, ...] = ()  # words: the strongest matching query terms
    of: str = ""  # companion: the tool it accompanies (taken after); together: the tool it was used with
    organ: str = ""  # organ, whole: the organ
    instruction: str = ""  # learned: the past instruction most like the request after which it was called
    similarity: float | None = None  # meaning: cosine of the request and the tool
    share: float | None = None  # together: P(used | the other used); organ: how clearly the request points at it

    def as_dict(self) -> dict:
        """The reason as JSON: its kind and the evidence it has."""
        found: dict[str, Any] = {"kind": str(self.kind)}
        if self.score is not None:
            found["score"] = round(self.score, 3)
        if self.terms:
            found["terms"] = [t.as_dict() for t in self.terms]
        for name in ("of", "organ", "instruction"):
            if getattr(self, name):
                found[name] = getattr(self, name)
        for name in ("similarity", "share"):
            if getattr(self, name) is not None:
                found[name] = round(getattr(self, name), 3)
        return found


class Why:
    """What chose each tool, recorded while `select` runs (hand one to it); `reasons` reads it afterwards."""

    def __init__(self) -> None:
        self.offers: dict[int, dict[Kind, float]] = {}  # position -> step -> what the step offered the tool
        self.before: dict[Kind, Mapping[int, float]] = {}  # the scores each step started from
        self.evidence: dict[Kind, Any] = {}  # what a step knew that its scores do not say (the query...)
        self.placed: dict[int, list[Kind]] = {}  # position -> what put it in the list beside its score
        self.preceded: dict[int, int] = {}  # position -> the chosen tool whose precondition it is
        self._last: Mapping[int, float] = {}

    def step(self, kind: Kind, scores: Mapping[int, float], evidence: Any = None) -> None:
        """Note the scores after one step of scoring: each tool the step raised was offered that much by it."""
        last, added = self._last, kind in ADDED
        for i, s in scores.items():
            was = last.get(i, 0.0)
            if s > was:
                self.offers.setdefault(i, {})[kind] = s - was if added else s
        self.before[kind] = last
        self.evidence[kind] = evidence
        self._last = dict(scores)

    def place(self, positions: Sequence[int], kind: Kind) -> None:
        """Note tools (by position) put in the list for this reason rather than (or beside) their score."""
        for i in positions:
            placed = self.placed.setdefault(i, [])
            if kind not in placed:
                placed.append(kind)

    def precede(self, chosen: int, preconditions: Sequence[int]) -> None:
        """Note the tools taken next as preconditions of one just chosen (the first to name one keeps it)."""
        for j in preconditions:
            self.preceded.setdefault(j, chosen)

    def reasons(self, exposed: Sequence[str], catalogue: Catalogue, intent: str) -> dict[str, tuple[Reason, ...]]:
        """Each exposed tool's reasons (organ.tool, as the selection recorded exposed them): what placed it
        first, then what its score came from, strongest first."""
        positions = [catalogue.by_address[a] for a in exposed]
        terms = _terms(positions, self.evidence.get(Kind.WORDS) or {}, catalogue, intent)
        lifts, evidence = self.evidence.get(Kind.ORGAN) or ({}, {})
        found = {}
        for i in positions:
            given = [self._placed(kind, i, catalogue) for kind in self.placed.get(i, ())]
            offers = dict(self.offers.get(i, {}))
            k = catalogue.organ_position[i]
            if k in lifts and Kind.ORGAN not in offers:  # an unmatched sibling ranked by its organ's lift alone
                offers[Kind.ORGAN] = lifts[k]
            shown = {r.kind for r in given}
            for kind, score in sorted(offers.items(), key=lambda e: (-e[1], ORDER[e[0]])):
                if kind not in shown:
                    given.append(self._offered(kind, i, score, catalogue, intent, terms.get(i, ()), evidence))
            found[catalogue.tools[i].address] = tuple(given)
        return found

    def _placed(self, kind: Kind, i: int, catalogue: Catalogue) -> Reason:
        if kind == Kind.COMPANION and i in self.preceded:
            return Reason(kind, of=catalogue.tools[self.preceded[i]].address)
        return Reason(kind)

    def _offered(self, kind: Kind, i: int, score: float, catalogue: Catalogue, intent: str,
                 terms: tuple[Term, ...], evidence: Mapping[int, float]) -> Reason:
        address = catalogue.tools[i].address
        if kind == Kind.WORDS:
            return Reason(kind, score, terms=terms)
        if kind == Kind.MEANING:
            return Reason(kind, score, similarity=float(self.evidence[kind][i]))
        if kind == Kind.LEARNED:
            return Reason(kind, score, instruction=_cut(self.evidence[kind].taught(intent, address)))
        if kind == Kind.COMPANION:  # the matched tool whose offer it took: the best, the first of equals
            before = self.before[kind]
            by = _best((k, w * before[k]) for k, w in _incoming(catalogue, i) if k in before)
            return Reason(kind, score, of=catalogue.tools[by].address if by is not None else "")
        if kind == Kind.TOGETHER:  # likewise, the matched tool whose use brought it
            learned, matched = self.evidence[kind]
            by = _best((k, learned.together(catalogue.tools[k].address).get(address, 0.0) * s) for k, s in matched)
            return Reason(kind, score, of=catalogue.tools[by].address if by is not None else "",
                          share=learned.together(catalogue.tools[by].address)[address] if by is not None else None)
        if kind in (Kind.ORGAN, Kind.WHOLE):
            k = catalogue.organ_position[i]
            return Reason(kind, score, organ=catalogue.organ_names[k],
                          share=evidence.get(k) if kind == Kind.ORGAN else None)
        return Reason(kind, score)


def _terms(positions: Sequence[int], query: Mapping[str, float], catalogue: Catalogue,
           intent: str) -> dict[int, tuple[Term, ...]]:
    # each tool's query terms with what they add to its BM25 score (query weight times its posting), strongest first
    wanted = set(positions)
    found: dict[int, list[tuple[float, str]]] = {}
    postings = catalogue.index.postings
    for term, q in query.items():
        for doc, w in postings.get(term, ()):
            if doc in wanted:
                found.setdefault(doc, []).append((q * w, term))
    words = _words(intent, catalogue)
    return {i: tuple(Term(term, weight, *words.get(term, ("", False)))
                     for weight, term in sorted(pairs, key=lambda e: (-e[0], e[1]))[:TOP_TERMS])
            for i, pairs in found.items()}


def _words(intent: str, catalogue: Catalogue) -> dict[str, tuple[str, bool]]:
    # term -> (the request's word that put it into the query, whether the term is derived rather than the word's
    # own form): the word itself first, else the one that put it most strongly. Read from what selection
    # remembered each word put (catalogue.word_puts); a term from a path, a hint or a joined pair has none
    glossary = Source.GLOSSARY not in catalogue.without
    best: dict[str, tuple[bool, float, str]] = {}
    for word in lexicon.words(intent):
        own = set(lexicon.terms_of([word], glossary))
        for term, weight in catalogue.word_puts.get((word, 1.0), ()):
            if (term in own, weight) > best.get(term, (False, 0.0, ""))[:2]:
                best[term] = (term in own, weight, word)
    return {term: (word, not own) for term, (own, _, word) in best.items()}


def _incoming(catalogue: Catalogue, i: int) -> list[tuple[int, float]]:
    # the tools that have this one as a companion, with the edge's weight, by position (the catalogue's edges)
    source, target, weight = catalogue.companion_edges
    edges = np.flatnonzero(target == i)
    return list(zip(source[edges].tolist(), weight[edges].tolist(), strict=True))


def _best(offers: Iterable[tuple[int, float]]) -> int | None:
    # the position making the best offer; of equal offers, the first position
    best, found = 0.0, None
    for k, offer in offers:
        if offer > best or (offer == best and found is not None and k < found):
            best, found = offer, k
    return found


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_INSTRUCTION else text[:MAX_INSTRUCTION - 1].rstrip() + "…"
