"""Recall: find the cards a query is about, ranked by relevance × weight; hits are flushed in batches.

Retrieval asks the FTS5 trigram index only for the query's selective terms (document frequency estimated
from the index's own trigram vocabulary), and the short-term table for CJK bigrams and two-letter words;
every candidate is then scored in Python against all query terms. The query never reaches MATCH as raw
text: each term is quoted, with its quotes doubled.
"""

from __future__ import annotations

import json
import math
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable

import broker.text as text
from actors.memory.store import LIVE, Card, CardStore, short_terms

MIN_RELEVANCE = 0.45  # share of the query's weighted terms a card must contain to be recalled at all
BODY_MATCH = 0.75  # a term found only in the body counts this much (title, triggers and files: 1)
PATH_BOOST = 1.5
UNKNOWN_TERM = 0.5  # a term no card contains weighs this share of the rarest possible term
MAX_CANDIDATES = 100
PRESCORE_MAX_DF = 2000
PRESCORE_EXTRA_DF = 2000  # an unnecessary term is still listed (it orders the candidates) up to this  # terms in more cards than this are not listed for the quick score
HALF_LIFE_S = 30 * 86400.0
FLUSH_AFTER_HITS = 32
FLUSH_AFTER_S = 30.0


@dataclass(frozen=True, slots=True)
class Query:
    """A query split into what the indexes can look up."""

    long: tuple[str, ...]  # three characters or more: the trigram index
    short: tuple[str, ...]  # CJK bigrams and two-letter words: the short-term table
    paths: tuple[str, ...]  # paths and file names the query mentions, for the boost


@dataclass(frozen=True, slots=True)
class Hit:
    """A recalled card with its score and how it was reached."""

    card: Card
    score: float
    relevance: float
    weight: float

    def as_dict(self) -> dict:
        """The contract's recall entry, plus the parts of the score."""
        return {"id": self.card.id, "kind": self.card.kind, "title": self.card.title, "body": self.card.body,
                "score": float(f"{self.score:.4g}"), "relevance": round(self.relevance, 4),
                "weight": float(f"{self.weight:.4g}"), "when": self.card.when, "wrong": self.card.wrong,
                "instead": self.card.instead, "hits": self.card.hits, "files": list(self.card.files)}


# -- pure -----------------------------------------------------------------------------------

def parse_query(query: str) -> Query:
    """Split a query into stemmed words, file names and paths, CJK bigrams and two-letter words."""
    long: dict[str, None] = {}
    found_paths = text.paths(query)
    for path in found_paths:
        for piece in (path, text.basename(path)):
            if len(piece) >= 3:
                long.setdefault(piece, None)
    for word in text.content_words(query):
        if len(word) >= 3:
            stemmed = text.stem(word)
            long.setdefault(stemmed if len(stemmed) >= 3 else word, None)
    short = tuple(short_terms(query))
    return Query(long=tuple(long), short=short, paths=tuple(found_paths))


def weight(card: Card, now: float, half_life_s: float = HALF_LIFE_S) -> float:
    """How much a card counts now: its evidence and use, halved for every half-life since last confirmed."""
    evidence = 1.0 + math.log2(1 + card.confirmations + card.hits)
    age = max(0.0, now - card.confirmed_at)
    return evidence * math.pow(2.0, -age / half_life_s)


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (always positive)."""
    return math.log(1.0 + (total - df + 0.5) / (df + 0.5))


def relevance(terms: dict[str, float], search: str) -> float:
    """Share of the query's term weight found in a card's search text (title and triggers count fully)."""
    total = sum(terms.values())
    if total <= 0:
        return 0.0
    head, _, body = search.partition("\x00")
    got = 0.0
    for term, w in terms.items():
        if _found(term, head):
            got += w
        elif _found(term, body):
            got += w * BODY_MATCH
    return got / total


_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _found(term: str, where: str) -> bool:
    """Whether a term occurs at the start of a word (a stem is a prefix: "fail" finds "failing", but "rate"
    does not find "migrate"); a two-letter word only as a whole word; CJK anywhere (no spaces in CJK)."""
    if term[:1] not in _WORD_CHARS:
        return term in where
    i = where.find(term)
    while i >= 0:
        if i == 0 or where[i - 1] not in _WORD_CHARS:
            end = i + len(term)
            if len(term) != 2 or end == len(where) or where[end] not in _WORD_CHARS:
                return True
        i = where.find(term, i + 1)
    return False


def mentions(card_files: tuple[str, ...], search: str, paths: tuple[str, ...]) -> bool:
    """Tell whether a card is about a path or file name the query mentions."""
    if not paths:
        return False
    names = {text.basename(f) for f in card_files} | {f.lower() for f in card_files}
    head = search.partition("\x00")[0]
    return any(p in names or text.basename(p) in names or p in head for p in paths)


def fts_phrase(term: str) -> str:
    """A term as an FTS5 string: quoted, its quotes doubled, so no operator or syntax survives."""
    return '"' + term.replace('"', '""') + '"'


# -- against the database -------------------------------------------------------------------

class Recaller:
    """Ranks cards for queries on any connection; counts hits in memory until a flush takes them."""

    def __init__(self, *, clock: Callable[[], float] = time.time, half_life_s: float = HALF_LIFE_S,
                 min_relevance: float = MIN_RELEVANCE) -> None:
        self.clock = clock
        self.half_life_s = half_life_s
        self.min_relevance = min_relevance
        self.pending: dict[int, int] = {}
        self.lock = threading.Lock()
        self.flushed_at = time.monotonic()
        self.vocabulary: tuple[str, int, dict[str, int]] = ("", 0, {})  # (cards generation, live cards, docs)

    def search(self, conn: sqlite3.Connection, query: str, limit: int = 5) -> list[Hit]:
        """Rank cards for a query, best first (hits are not counted here: see note)."""
        q = parse_query(query)
        if limit <= 0 or not (q.long or q.short):
            return []
        total, trigram_docs = self._vocabulary(conn)
        if total == 0:
            return []
        dfs = {**_long_df(conn, q.long, trigram_docs), **_short_df(conn, q.short)}
        rarest = idf(0, total)
        terms = {t: (idf(df, total) if df else rarest * UNKNOWN_TERM) for t, df in dfs.items()}
        candidates = _candidates(conn, q, terms, dfs, self.min_relevance)
        if not candidates:
            return []
        now = self.clock()
        scored = []
        for card_id, search, files, confirmations, hits, confirmed_at in _scoring_rows(conn, candidates):
            rel = relevance(terms, search)
            if rel < self.min_relevance:
                continue
            boost = PATH_BOOST if q.paths and mentions(tuple(_json_list(files)), search, q.paths) else 1.0
            w = weight(Card(id=card_id, kind="", title="", body="", confirmations=confirmations, hits=hits,
                            confirmed_at=confirmed_at), now, self.half_life_s)
            scored.append((rel * boost * w, rel, w, card_id))
        scored.sort(key=lambda s: (-s[0], s[3]))
        best = scored[:limit]
        cards = CardStore(conn).fetch(s[3] for s in best)
        return [Hit(card=cards[c], score=s, relevance=r, weight=w) for s, r, w, c in best if c in cards]

    def _vocabulary(self, conn: sqlite3.Connection) -> tuple[int, dict[str, int]]:
        """The live card count and a cache of trigram document counts, valid while the cards are unchanged."""
        generation = conn.execute("SELECT value FROM meta WHERE key = 'cards_generation'").fetchone()
        generation = generation[0] if generation else "0"
        with self.lock:
            if self.vocabulary[0] == generation:
                return self.vocabulary[1], self.vocabulary[2]
        total = conn.execute(f"SELECT count(*) FROM cards WHERE {LIVE}").fetchone()[0]
        with self.lock:
            self.vocabulary = (generation, total, {})
            return total, self.vocabulary[2]

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


def _long_df(conn: sqlite3.Connection, terms: tuple[str, ...], cache: dict[str, int]) -> dict[str, int]:
    """Estimated document frequency of each term: the rarest of its trigrams bounds it from above."""
    if not terms:
        return {}
    trigrams = {t: {t[i:i + 3].lower() for i in range(len(t) - 2)} for t in terms}
    wanted = sorted({g for gs in trigrams.values() for g in gs} - cache.keys())
    if wanted:
        marks = ",".join("?" * len(wanted))
        docs = dict(conn.execute(f"SELECT term, doc FROM cards_vocab WHERE term IN ({marks})", wanted))
        for g in wanted:
            cache[g] = docs.get(g, 0)
    return {t: min((cache[g] for g in gs), default=0) for t, gs in trigrams.items()}


def _short_df(conn: sqlite3.Connection, terms: tuple[str, ...]) -> dict[str, int]:
    if not terms:
        return {}
    marks = ",".join("?" * len(terms))
    found = dict(conn.execute(f"SELECT term, count(*) FROM card_shorts WHERE term IN ({marks}) GROUP BY term", terms))
    return {t: found.get(t, 0) for t in terms}


def necessary_terms(terms: dict[str, float], floor: float) -> list[str]:
    """The heaviest terms of which a card must hold one to reach the floor: the others together weigh less."""
    total = sum(terms.values())
    rest, chosen = total, []
    for term in sorted(terms, key=lambda t: (-terms[t], t)):
        if rest < floor * total:
            break
        chosen.append(term)
        rest -= terms[term]
    return chosen


def _candidates(conn: sqlite3.Connection, q: Query, terms: dict[str, float], dfs: dict[str, int],
                floor: float) -> list[int]:
    """Up to MAX_CANDIDATES cards that can reach the floor, by a quick score: the weight of the terms they hold.

    Only necessary terms are looked up (a card without any of them cannot reach the floor), and of those
    only terms held by at most PRESCORE_MAX_DF cards: commoner ones weigh little, count as held by every
    card in the bound, and are checked exactly when the candidates are scored.
    """
    total = sum(terms.values())
    necessary = set(necessary_terms(terms, floor))
    listed = [t for t in terms if 0 < dfs.get(t, 0) <= (PRESCORE_MAX_DF if t in necessary else PRESCORE_EXTRA_DF)]
    unheld = sum(w for t, w in terms.items() if not dfs.get(t))  # terms no card holds
    unlisted = total - unheld - sum(terms[t] for t in listed)
    if not listed:
        common = [t for t in terms if dfs.get(t, 0) > PRESCORE_MAX_DF and t in q.long]
        if not common or unlisted < floor * total:
            return []
        rows = conn.execute("SELECT rowid FROM cards_fts WHERE cards_fts MATCH ? LIMIT ?",
                            (" AND ".join(fts_phrase(t) for t in common), MAX_CANDIDATES))
        return [r[0] for r in rows]
    # the quick score is summed by SQLite itself: one statement, one row per candidate
    parts, params = [], []
    for term in listed:
        if term in q.long:
            parts.append("SELECT rowid AS id, ? AS w FROM cards_fts WHERE cards_fts MATCH ?")
            params += [terms[term], fts_phrase(term)]
        else:
            parts.append("SELECT card_id AS id, ? AS w FROM card_shorts WHERE term = ?")
            params += [terms[term], term]
    sql = (f"SELECT id FROM ({' UNION ALL '.join(parts)}) GROUP BY id HAVING sum(w) >= ? "
           f"ORDER BY sum(w) DESC, id LIMIT ?")
    rows = conn.execute(sql, (*params, floor * total - unlisted - 1e-9, MAX_CANDIDATES))
    return [r[0] for r in rows]


def _scoring_rows(conn: sqlite3.Connection, ids: list[int]) -> list[tuple]:
    rows: list[tuple] = []
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        rows += conn.execute(f"SELECT id, search, files, confirmations, hits, confirmed_at FROM cards "
                             f"WHERE id IN ({marks}) AND {LIVE}", chunk).fetchall()
    return rows


def _json_list(raw: str) -> list[str]:
    try:
        value = json.loads(raw)
    except ValueError:
        return []
    return value if isinstance(value, list) else []
