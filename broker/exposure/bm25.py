"""A small in-memory BM25 index over weighted bags of terms.

Built once per catalogue; a query is a map term -> weight and costs one pass over the postings of
its terms (each posting's BM25 weight is computed at build time, so scoring is additions only).
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping

K1 = 1.2
B = 0.75


class Index:
    """BM25 postings of a fixed list of documents, addressed by their position."""

    __slots__ = ("size", "postings")

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
        for i, (doc, length) in enumerate(zip(docs, lengths, strict=True)):
            norm = k1 * (1 - b + b * length / average)
            for term, tf in doc.items():
                weight = _idf(self.size, frequency[term]) * tf * (k1 + 1) / (tf + norm)
                postings.setdefault(term, []).append((i, weight))
        self.postings = {term: tuple(p) for term, p in postings.items()}

    def __contains__(self, term: str) -> bool:
        return term in self.postings

    def score(self, query: Mapping[str, float]) -> dict[int, float]:
        """BM25 score of every document matching at least one query term (term weights multiply)."""
        scores: dict[int, float] = {}
        get = scores.get
        for term, weight in query.items():
            for doc, w in self.postings.get(term, ()):
                scores[doc] = get(doc, 0.0) + weight * w
        return scores


def _idf(n: int, df: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))
