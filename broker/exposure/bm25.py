"""A small in-memory BM25 index over weighted bags of terms, with one-edit spelling tolerance.

Built once per catalogue; a query is a map term -> weight and costs one pass over the postings of
its terms (each posting's BM25 weight is computed at build time, so scoring is additions only).
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping

K1 = 1.2
B = 0.75
FUZZY_MIN_LEN = 4  # shorter words have too many neighbours one edit away to guess a typo safely


class Index:
    """BM25 postings of a fixed list of documents, addressed by their position."""

    __slots__ = ("size", "postings", "_deletes")

    def __init__(self, docs: Iterable[Mapping[str, float]], k1: float = K1, b: float = B) -> None:
        docs = list(docs)
        self.size = len(docs)
        lengths = [sum(doc.values()) for doc in docs]
        average = (sum(lengths) / len(lengths)) if docs and sum(lengths) else 1.0
        frequency: dict[str, int] = {}
        for doc in docs:
            for term in doc:
                frequency[term] = frequency.get(term, 0) + 1
        postings: dict[str, list[tuple[int, float]]] = {}
        for i, (doc, length) in enumerate(zip(docs, lengths)):
            norm = k1 * (1 - b + b * length / average)
            for term, tf in doc.items():
                weight = _idf(self.size, frequency[term]) * tf * (k1 + 1) / (tf + norm)
                postings.setdefault(term, []).append((i, weight))
        self.postings = {term: tuple(p) for term, p in postings.items()}
        self._deletes: dict[str, tuple[str, ...]] | None = None

    def __contains__(self, term: str) -> bool:
        return term in self.postings

    def score(self, query: Mapping[str, float]) -> dict[int, float]:
        """BM25 score of every document matching at least one query term (term weights multiply)."""
        scores: dict[int, float] = {}
        for term, weight in query.items():
            for doc, w in self.postings.get(term, ()):
                scores[doc] = scores.get(doc, 0.0) + weight * w
        return scores

    def near(self, term: str) -> tuple[str, ...]:
        """Indexed terms one edit (insert, delete, substitute, swap) away from an unknown term, sorted."""
        if len(term) < FUZZY_MIN_LEN or not term.isascii():
            return ()
        if self._deletes is None:
            self._deletes = _deletion_map(self.postings)
        found = set(self._deletes.get(term, ()))
        for variant in _deletions(term):
            found.update(self._deletes.get(variant, ()))
            if variant in self.postings:
                found.add(variant)
        found.discard(term)
        return tuple(sorted(found))


def _idf(n: int, df: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


def _deletions(term: str) -> set[str]:
    return {term[:i] + term[i + 1:] for i in range(len(term))}


def _deletion_map(vocabulary: Iterable[str]) -> dict[str, tuple[str, ...]]:
    # symmetric deletes: two words one edit apart share a one-deletion variant (or one is the other's)
    variants: dict[str, list[str]] = {}
    for term in vocabulary:
        if len(term) >= FUZZY_MIN_LEN and term.isascii() and term.isalpha():
            for variant in _deletions(term):
                variants.setdefault(variant, []).append(term)
    return {v: tuple(terms) for v, terms in variants.items()}
