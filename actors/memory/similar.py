"""Character 3-gram similarity of card texts, for merging drafts that say the same thing. Pure."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterable

_SPACES = re.compile(r"\s+")


def grams(text: str) -> frozenset[str]:
    """The character 3-grams of a text (lowercased, spaces collapsed), for similarity."""
    t = _SPACES.sub(" ", text.lower()).strip()
    if len(t) < 3:
        return frozenset([t]) if t else frozenset()
    return frozenset(t[i:i + 3] for i in range(len(t) - 2))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two sets (1.0 for two empty sets)."""
    if not a and not b:
        return 1.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


def similar_pairs(sets: list[frozenset[str]], threshold: float, group: list[str] | None = None
                  ) -> Iterable[tuple[int, int]]:
    """Pairs (i, j), i < j, of sets whose Jaccard similarity reaches threshold (within the same group).

    Prefix filtering: with grams ordered rarest first, two sets that reach the threshold share a gram
    among the first |s| - ceil(t·|s|) + 1 of each, so only those are indexed; candidates are then verified.
    """
    frequency = Counter(gram for s in sets for gram in s)
    postings: dict[tuple[str, str], list[int]] = {}
    found: set[tuple[int, int]] = set()
    for i, s in enumerate(sets):
        g = group[i] if group else ""
        ordered = sorted(s, key=lambda gram: (frequency[gram], gram))
        prefix = ordered[: len(ordered) - math.ceil(threshold * len(ordered)) + 1] if ordered else []
        candidates = {j for gram in prefix for j in postings.get((g, gram), ())}
        smallest = threshold * len(s)
        for j in sorted(candidates):
            size = len(sets[j])
            if size < smallest or len(s) < threshold * size:
                continue  # sizes alone rule it out: |A ∩ B| <= min(|A|, |B|)
            if jaccard(s, sets[j]) >= threshold:
                found.add((j, i))
        for gram in prefix:
            postings.setdefault((g, gram), []).append(i)
    return sorted(found)
