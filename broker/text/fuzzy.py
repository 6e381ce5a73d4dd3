"""Typo tolerance, the project's one: the words of a vocabulary a small edit from a misspelling. Pure.

`Neighbours(vocabulary).near(word)` finds the vocabulary's words a Damerau–Levenshtein edit from a word (a letter
dropped, added, changed, or two neighbours swapped; two edits from `two_edits_from` letters, where a word that
long is still a typo, not another word). Every edit changes a word's letter counts by at most 2 (a swap by none),
so a word whose counts differ from the misspelling's by more than twice the limit is farther: a few array
operations over the words of nearby lengths (of the same first letter, when only those may be neighbours) leave a
handful for rapidfuzz's exact distance. Of those at the smallest distance, at most MAX_NEAR are kept: the most used
first when the vocabulary comes with counts, else the closest in length, then by the word.

The two callers differ in what they trust, not in how they search:
- memory's recall (`actors/memory/recall.py`, over the cards' words): one edit, the same first letter (a
  misspelling seldom changes the first letter, and a word with another one in front is often another name:
  `xdebug` is not `debug`), and only for a word that is no known English word (`may_be_typo`): `printer` is
  never read as `pointer`. Known words are the whole words of BERT's uncased vocabulary
  (`data/wordpiece-uncased.vocab`, shipped for the embedding), about 24,000 of them;
- exposure's `spelling` source (`broker/exposure/knowledge.py`, over a catalogue's words, with how many tools
  use each): two edits from eight letters, any first letter, and a four-letter word only by a swap.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Iterable, Mapping

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

MIN_LENGTH = 4  # shorter words are too often another word one edit away
MAX_NEAR = 3  # at most this many neighbours a word (an ambiguous typo reaches nothing beyond them)
MAX_MEMO = 1 << 16  # answers remembered (queries repeat their words)


@functools.cache
def known_words() -> frozenset[str]:
    """The whole English words of the shipped WordPiece vocabulary (lowercase, letters only)."""
    raw = resources.files("broker.text").joinpath("data", "wordpiece-uncased.vocab").read_text(encoding="utf-8")
    return frozenset(w for w in raw.split() if w.isalpha() and w.isascii())


def may_be_typo(word: str) -> bool:
    """Tell whether a lowercase latin word may be a misspelling: long enough, letters only, no known word."""
    return len(word) >= MIN_LENGTH and word.isascii() and word.isalpha() and word not in known_words()


class Neighbours:
    """The words of a vocabulary, findable from a misspelling a small edit away."""

    def __init__(self, vocabulary: Iterable[str], counts: Mapping[str, int] | None = None, *,
                 same_first: bool = True, two_edits_from: int | None = None, swaps_only_below: int = 0) -> None:
        self.words = frozenset(w for w in vocabulary if len(w) >= MIN_LENGTH and w.isascii() and w.isalpha())
        self.counts = counts  # how much each word is used: the most used neighbour first
        self.same_first = same_first  # a neighbour begins with the misspelling's letter
        self.two_edits_from = two_edits_from  # from this length two edits are still a typo (None: never)
        self.swaps_only_below = swaps_only_below  # a misspelling shorter than this: only a swap is trusted
        self._by_length: dict[tuple[int, str], list[str]] = {}  # (length, first letter when same_first) -> words
        for w in sorted(self.words):
            self._by_length.setdefault((len(w), w[0] if same_first else ""), []).append(w)
        self._windows: dict[tuple[int, int, str], tuple[list[str], np.ndarray]] = {}
        self._memo: dict[str, tuple[str, ...]] = {}

    def limit(self, length: int) -> int:
        """The edits a misspelling of this length may hold."""
        return 2 if self.two_edits_from is not None and length >= self.two_edits_from else 1

    def build(self) -> Neighbours:
        """Build every window a misspelling can fall in now, not on first use (a long prompt built dozens)."""
        firsts = sorted({first for _, first in self._by_length})
        for length in range(MIN_LENGTH, max((n for n, _ in self._by_length), default=0) + 3):
            for first in firsts:
                self._window(length, self.limit(length), first)
        return self

    def near(self, word: str) -> tuple[str, ...]:
        """The vocabulary's words nearest a misspelling (none for a word it holds, or a short one), at most MAX_NEAR."""
        if word in self.words or len(word) < MIN_LENGTH or not word.isascii() or not word.isalpha():
            return ()
        found = self._memo.get(word)
        if found is None:
            if len(self._memo) >= MAX_MEMO:
                self._memo.clear()
            found = self._memo[word] = self._near(word)
        return found

    def _near(self, word: str) -> tuple[str, ...]:
        limit = self.limit(len(word))
        words, counts = self._window(len(word), limit, word[0] if self.same_first else "")
        gap = np.abs(counts - letter_counts([word])[0]).sum(axis=1)
        candidates = [words[i] for i in np.flatnonzero(gap <= 2 * limit).tolist()]
        found = process.extract(word, candidates, scorer=DamerauLevenshtein.distance, score_cutoff=limit, limit=None)
        if not found:
            return ()
        best = min(distance for _, distance, _ in found)
        if len(word) < self.swaps_only_below:
            found = [f for f in found if sorted(f[0]) == sorted(word) and len(f[0]) == len(word)]
        nearest = [w for w, d, _ in found if d == best]
        if self.counts is not None:
            nearest.sort(key=lambda w: (-self.counts.get(w, 0), w))
        else:
            nearest.sort(key=lambda w: (abs(len(w) - len(word)), w))
        return tuple(nearest[:MAX_NEAR])

    def _window(self, length: int, limit: int, first: str) -> tuple[list[str], np.ndarray]:
        # the words within `limit` of a length (that begin with `first`, with same_first), in order, with their
        # letter counts: built once per length and first letter (a twentieth of a length's words, and of the time)
        key = (length, limit, first)
        if key not in self._windows:
            words = [w for n in range(length - limit, length + limit + 1) for w in self._by_length.get((n, first), ())]
            self._windows[key] = (words, letter_counts(words))
        return self._windows[key]


def letter_counts(words: list[str]) -> np.ndarray:
    """One row per ASCII word: how often each letter occurs, case folded (`ch & 31`: a and A count alike, which
    can only make two words look closer, so the letter-count bound still holds)."""
    if not words:
        return np.zeros((0, 32), dtype=np.int16)
    codes = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8) & 31
    rows = np.repeat(np.arange(len(words)), [len(w) for w in words])
    return np.bincount(rows * 32 + codes, minlength=len(words) * 32).reshape(len(words), 32).astype(np.int16)
