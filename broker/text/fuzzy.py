"""Typo tolerance: the words of a vocabulary one edit away from a word, found through their deletions. Pure.

A word and a misspelling of it one edit apart (a letter dropped, added, changed, or two neighbours swapped) share
a string with one letter deleted (the SymSpell idea: `breakpont` is `breakpoint` without its `i`; `chek` is
`check` without its second `c`), so a map from every one-letter deletion of the vocabulary's words to those words
finds the candidates with a few dictionary look-ups, and an exact optimal-string-alignment distance keeps only
those one edit away that begin with the same letter (a misspelling seldom changes the first letter, and a word
with another one in front is often another name: `xdebug` is not `debug`). Only a word that is no known English word can be a typo: `printer` is never read as
`pointer`. Known words are the whole words of BERT's uncased vocabulary (`data/wordpiece-uncased.vocab`, shipped
for the embedding), about 24,000 of them.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Iterable

from rapidfuzz.distance import OSA

MIN_LENGTH = 4  # shorter words are too often another word one edit away
MAX_NEAR = 3  # at most this many neighbours a word (an ambiguous typo reaches nothing beyond them)


def deletions(word: str) -> set[str]:
    """The strings a word gives with one letter deleted."""
    return {word[:i] + word[i + 1:] for i in range(len(word))}


@functools.cache
def known_words() -> frozenset[str]:
    """The whole English words of the shipped WordPiece vocabulary (lowercase, letters only)."""
    raw = resources.files("broker.text").joinpath("data", "wordpiece-uncased.vocab").read_text(encoding="utf-8")
    return frozenset(w for w in raw.split() if w.isalpha() and w.isascii())


def may_be_typo(word: str) -> bool:
    """Tell whether a lowercase latin word may be a misspelling: long enough, letters only, no known word."""
    return len(word) >= MIN_LENGTH and word.isascii() and word.isalpha() and word not in known_words()


class Neighbours:
    """The words of a vocabulary, findable by a misspelling one edit away."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.words = frozenset(w for w in vocabulary if len(w) >= MIN_LENGTH and w.isascii() and w.isalpha())
        self.by_deletion: dict[str, list[str]] = {}
        for word in self.words:
            for d in deletions(word):
                if len(d) >= MIN_LENGTH - 1:
                    self.by_deletion.setdefault(d, []).append(word)

    def near(self, word: str) -> tuple[str, ...]:
        """The vocabulary's words exactly one edit from a word (none for a word the vocabulary holds), closest in
        length first, at most MAX_NEAR."""
        if word in self.words or len(word) < MIN_LENGTH:
            return ()
        found: set[str] = set(self.by_deletion.get(word, ()))  # a letter added to the word
        for d in deletions(word):
            if d in self.words:  # a letter dropped from it
                found.add(d)
            found.update(self.by_deletion.get(d, ()))  # a letter changed, two swapped
        near = sorted((w for w in found if w[0] == word[0] and OSA.distance(word, w, score_cutoff=1) <= 1),
                      key=lambda w: (abs(len(w) - len(word)), w))
        return tuple(near[:MAX_NEAR])
