"""Recall: how much of a card's identity a task-phrased query touches, with BM25-style weights and a floor.

A card's identity is a few fields of terms (see `distill.identity`): the ability it is about, the programs,
files and hosts, and topic words. A query is what the agent is about to do, in its own words; it always says
more than a card, so the score asks which of the card's fields the query touches, not how much of the query
the card covers. Each touched field counts its best term's weight: a BM25 idf over the live cards, scaled to
[0, 1] by the largest possible idf, and lowered for words that name work in general (`data/generic.txt`).
A card whose score stays under the floor is not recalled, which keeps unrelated queries empty.

The index is built in memory from the cards table and kept until the cards change (a generation counter in
`meta`); a query costs one pass over the postings of its rarer terms, so any query length is bounded.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable

import broker.text as text
from actors.memory.store import LIVE, Card, CardStore

FIELD_WEIGHTS = {"file": 1.0, "host": 1.0, "program": 0.8, "ability": 0.6, "topic": 0.45}
TOPIC_TERMS = 3  # topic words that count (the best ones), each less than the one before
GENERIC = 0.35  # the weight left to a word that names work in general (run, file, test, error…)
MIN_RELEVANCE = 0.55  # a card must reach this score to be recalled at all
PATH_BOOST = 1.5  # a card about a file or host the query names outright
MAX_QUERY_CHARS = 8000
MAX_QUERY_TERMS = 256
COMMON_DF = 0.25  # terms in more than this share of the cards are not used to find candidates
HALF_LIFE_S = 30 * 86400.0
FLUSH_AFTER_HITS = 32
FLUSH_AFTER_S = 30.0
_HOST = re.compile(r"\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b", re.I)


@dataclass(frozen=True, slots=True)
class Query:
    """A query as the index sees it: its terms, and the files and hosts it names outright."""

    terms: frozenset[str]
    named: frozenset[str]  # file names, paths and hosts


@dataclass(frozen=True, slots=True)
class Hit:
    """A recalled card with its score and how it was reached."""

    card: Card
    score: float
    relevance: float
    weight: float
    touched: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        """The contract's recall entry, plus the parts of the score."""
        return {"id": self.card.id, "kind": self.card.kind, "title": self.card.title, "body": self.card.body,
                "score": float(f"{self.score:.4g}"), "relevance": round(self.relevance, 4),
                "weight": float(f"{self.weight:.4g}"), "when": self.card.when, "wrong": self.card.wrong,
                "instead": self.card.instead, "hits": self.card.hits, "files": list(self.card.files),
                "touched": list(self.touched)}


# -- pure -----------------------------------------------------------------------------------

def parse_query(query: str) -> Query:
    """The terms of a query (stems, CJK pairs, file names, hosts), bounded whatever its length."""
    query = query[:MAX_QUERY_CHARS]
    named: dict[str, None] = {}
    for path in text.paths(query):
        named.setdefault(path, None)
        named.setdefault(text.basename(path), None)
    for host in _HOST.findall(query):
        named.setdefault(host.lower(), None)
    terms: dict[str, None] = dict.fromkeys(named)
    for term in text.terms(query):
        terms.setdefault(term, None)
        if len(terms) >= MAX_QUERY_TERMS:
            break
    for word in text.words(query):  # programs are matched unstemmed too (pytest, npm, k8s)
        if len(terms) >= MAX_QUERY_TERMS:
            break
        if word[0] < "\u3040" and len(word) > 1 and not word.isdigit():
            terms.setdefault(word, None)
    return Query(terms=frozenset(list(terms)[:MAX_QUERY_TERMS]), named=frozenset(named))


def weight(card: Card, now: float, half_life_s: float = HALF_LIFE_S) -> float:
    """How much a card counts now: its evidence and use, halved for every half-life since last confirmed."""
    evidence = 1.0 + math.log2(1 + card.confirmations + card.hits)
    age = max(0.0, now - card.confirmed_at)
    return evidence * math.pow(2.0, -age / half_life_s)


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (always positive)."""
    return math.log(1.0 + (total - df + 0.5) / (df + 0.5))


def relevance(identity: dict[str, list[str]], weights: dict[str, float]) -> tuple[float, tuple[str, ...]]:
    """Score the card fields a query touches: each field's best term weight × the field's weight.

    `weights` holds only the query's terms (term -> weight in [0, 1]). Topic words add up, the best first,
    each counting half the one before, up to TOPIC_TERMS of them.
    """
    score, touched = 0.0, []
    for field, terms in identity.items():
        found = sorted((weights[t] for t in terms if t in weights), reverse=True)
        if not found:
            continue
        touched.append(field)
        if field == "topic":
            score += FIELD_WEIGHTS["topic"] * sum(w / (2 ** i) for i, w in enumerate(found[:TOPIC_TERMS]))
        else:
            score += FIELD_WEIGHTS.get(field, 0.5) * found[0]
    return score, tuple(touched)


def names_touched(identity: dict[str, list[str]], named: frozenset[str]) -> bool:
    """Tell whether a query names one of a card's files or hosts outright (`conf.yaml`, `api.example.com`)."""
    return bool(named) and any(t in named for f in ("file", "host") for t in identity.get(f, ()))


# -- the index ------------------------------------------------------------------------------

class Index:
    """Postings of the live cards' identity terms, with document frequencies."""

    def __init__(self, rows: Iterable[tuple[int, str]], generic: frozenset[str]) -> None:
        self.ids: list[int] = []
        self.identities: list[dict[str, list[str]]] = []
        self.postings: dict[str, list[int]] = {}
        for card_id, raw in rows:
            ident = _identity(raw)
            if not ident:
                continue
            pos = len(self.ids)
            self.ids.append(card_id)
            self.identities.append(ident)
            for term in {t for terms in ident.values() for t in terms}:
                self.postings.setdefault(term, []).append(pos)
        self.total = len(self.ids)
        self.generic = generic
        self.top = idf(1, max(self.total, 1)) or 1.0

    def weights(self, terms: Iterable[str]) -> dict[str, float]:
        """Each query term the cards hold, weighted in [0, 1]: idf over the largest idf, generic words lowered."""
        found = {}
        for term in terms:
            posting = self.postings.get(term)
            if posting:
                w = idf(len(posting), self.total) / self.top
                found[term] = min(1.0, w) * (GENERIC if term in self.generic else 1.0)
        return found

    def search(self, q: Query, floor: float) -> list[tuple[float, int, tuple[str, ...], bool]]:
        """(relevance, position, fields touched, names touched) of every card at or above the floor."""
        weights = self.weights(q.terms)
        if not weights:
            return []
        common = max(50, int(self.total * COMMON_DF))
        candidates: set[int] = set()
        for term in weights:
            posting = self.postings[term]
            if len(posting) <= common:
                candidates.update(posting)
        found = []
        for pos in candidates:
            ident = self.identities[pos]
            score, touched = relevance(ident, weights)
            named = names_touched(ident, q.named)
            if named:
                score *= PATH_BOOST
            if score >= floor:
                found.append((score, pos, touched, named))
        return found


class Recaller:
    """Ranks cards for queries on any connection; counts hits in memory until a flush takes them."""

    def __init__(self, *, clock: Callable[[], float] = time.time, half_life_s: float = HALF_LIFE_S,
                 min_relevance: float = MIN_RELEVANCE) -> None:
        self.clock = clock
        self.half_life_s = half_life_s
        self.min_relevance = min_relevance
        self.pending: dict[int, int] = {}
        self.lock = threading.Lock()
        self.build_lock = threading.Lock()
        self.flushed_at = time.monotonic()
        self.index: tuple[str, Index | None] = ("", None)  # (cards generation, index)

    def search(self, conn: sqlite3.Connection, query: str, limit: int = 5) -> list[Hit]:
        """Rank cards for a query, best first (hits are not counted here: see note)."""
        if limit <= 0 or not query.strip():
            return []
        index = self.current(conn)
        q = parse_query(query)
        if not index.total or not q.terms:
            return []
        found = index.search(q, self.min_relevance)
        if not found:
            return []
        ids = [index.ids[pos] for _, pos, _, _ in found]
        cards = CardStore(conn).fetch(ids)
        now = self.clock()
        scored = []
        for rel, pos, touched, _ in found:
            card = cards.get(index.ids[pos])
            if card is None:
                continue  # forgotten since the index was built
            w = weight(card, now, self.half_life_s)
            scored.append(Hit(card=card, score=rel * (1.0 + math.log1p(w)) / 2.0, relevance=rel, weight=w,
                              touched=touched))
        scored.sort(key=lambda h: (-h.score, h.card.id))
        return scored[:limit]

    def current(self, conn: sqlite3.Connection) -> Index:
        """The index of the live cards, rebuilt when they changed."""
        generation = _generation(conn)
        gen, index = self.index
        if gen == generation and index is not None:
            return index
        with self.build_lock:
            gen, index = self.index
            if gen == generation and index is not None:
                return index
            rows = conn.execute(f"SELECT id, identity FROM cards WHERE {LIVE} ORDER BY id").fetchall()
            index = Index(rows, generic_words())
            self.index = (generation, index)
            return index

    # -- hits -----------------------------------------------------------------------------

    def note(self, card_ids: Iterable[int]) -> None:
        """Count a hit for each card (kept in memory until a flush takes them)."""
        with self.lock:
            for card_id in card_ids:
                self.pending[card_id] = self.pending.get(card_id, 0) + 1

    def take_due(self, force: bool = False) -> dict[int, int]:
        """The pending hits when a flush is due (enough of them, or long enough), else nothing."""
        with self.lock:
            due = force or sum(self.pending.values()) >= FLUSH_AFTER_HITS or (
                bool(self.pending) and time.monotonic() - self.flushed_at >= FLUSH_AFTER_S)
            if not due or not self.pending:
                return {}
            pending, self.pending = self.pending, {}
            self.flushed_at = time.monotonic()
            return pending

    def restore(self, pending: dict[int, int]) -> None:
        """Put back hits a flush could not write."""
        with self.lock:
            for card_id, n in pending.items():
                self.pending[card_id] = self.pending.get(card_id, 0) + n


def generic_words() -> frozenset[str]:
    """Stems of words that name work in general: they count, but little (data/generic.txt)."""
    return frozenset(text.stem(w) for w in text.load_words("generic"))


def _generation(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT value FROM meta WHERE key = 'cards_generation'").fetchone()
    return row[0] if row else "0"


def _identity(raw: str) -> dict[str, list[str]]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {f: [t for t in terms if isinstance(t, str)] for f, terms in value.items() if isinstance(terms, list)}
