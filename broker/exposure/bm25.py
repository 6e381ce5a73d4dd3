"""A small in-memory BM25 index over weighted bags of terms.

Built once per catalogue; a query is a map term -> weight and costs one pass over the postings of
its terms (each posting's BM25 weight is computed at build time, so scoring is additions only).

An idf counted over a few documents says little about whether a word is informative: in eleven tools `get` is as
rare as `database`. Given a prior (a term -> its share of running English words) and the prior's weight w, the
index's idf is (1 - w) of its own and w of the idf the term would have among unboundedly many documents of
everyday English as long as the index's own on average (`prior_idf`). The caller weighs the prior by how little
its documents can say (the catalogue: by its number of tools).
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Mapping

import numpy as np

K1 = 1.2
B = 0.75
# a query touching fewer postings than this is summed in Python: numpy's fixed cost (a few arrays and the
# conversion back to a dict) is larger than the loop's; above it, numpy is two to three times faster
NUMPY_FROM = 128
MIN_CHANCE = 1e-12  # below any word's chance of being in a text: bounds the prior's idf


class Index:
    """BM25 postings of a fixed list of documents, addressed by their position."""

    __slots__ = ("size", "postings", "_arrays")

    def __init__(self, docs: Iterable[Mapping[str, float]], k1: float = K1, b: float = B,
                 prior: Callable[[str], float] | None = None, prior_weight: float = 0.0) -> None:
        docs = list(docs)
        self.size = len(docs)
        lengths = [sum(doc.values()) for doc in docs]
        average = (sum(lengths) / len(lengths)) if docs and sum(lengths) else 1.0
        frequency: dict[str, int] = {}
        for doc in docs:
            for term in doc:
                frequency[term] = frequency.get(term, 0) + 1
        idf = {term: _idf(self.size, df) for term, df in frequency.items()}
        if prior is not None and prior_weight > 0 and docs:
            words = sum(len(doc) for doc in docs) / self.size
            idf = {term: (1 - prior_weight) * value + prior_weight * prior_idf(prior(term), words)
                   for term, value in idf.items()}
        postings: dict[str, list[tuple[int, float]]] = {}
        for i, (doc, length) in enumerate(zip(docs, lengths, strict=True)):
            norm = k1 * (1 - b + b * length / average)
            for term, tf in doc.items():
                weight = idf[term] * tf * (k1 + 1) / (tf + norm)
                postings.setdefault(term, []).append((i, weight))
        self.postings = {term: tuple(p) for term, p in postings.items()}
        # the same postings as (documents, weights) arrays, for the numpy path of score
        self._arrays = {term: (np.array([d for d, _ in p], dtype=np.intp), np.array([w for _, w in p]))
                        for term, p in self.postings.items()}

    def __contains__(self, term: str) -> bool:
        return term in self.postings

    def score(self, query: Mapping[str, float]) -> dict[int, float]:
        """BM25 score of every document matching at least one query term (term weights multiply)."""
        found = [(term, weight) for term, weight in query.items() if term in self.postings]
        if sum(len(self.postings[term]) for term, _ in found) >= NUMPY_FROM:
            return self._summed(found)
        scores: dict[int, float] = {}
        get = scores.get
        for term, weight in found:
            for doc, w in self.postings[term]:
                scores[doc] = get(doc, 0.0) + weight * w
        return scores

    def _summed(self, found: list[tuple[str, float]]) -> dict[int, float]:
        # the same sums as the loop, bit for bit: bincount adds each document's terms in query order, from 0.0
        # (only the dict's order differs: by document, not by first match; no caller depends on it)
        docs = np.concatenate([self._arrays[term][0] for term, _ in found])
        sums = np.bincount(docs, np.concatenate([self._arrays[term][1] * weight for term, weight in found]),
                           minlength=self.size)
        matched = np.zeros(self.size, dtype=bool)
        matched[docs] = True  # a document is listed because a term matched it, whatever its sum
        positions = np.flatnonzero(matched)
        return dict(zip(positions.tolist(), sums[positions].tolist()))


def prior_idf(share: float, words: float) -> float:
    """BM25's idf among unboundedly many texts of `words` English words, of a word making `share` of English:
    -log of the chance that such a text holds it."""
    return -math.log(max(-math.expm1(-words * share), MIN_CHANCE))


def _idf(n: int, df: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))
