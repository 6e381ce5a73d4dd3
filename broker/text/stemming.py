"""English stems with the Snowball algorithm (PyStemmer, in C), cached per word."""

from __future__ import annotations

import functools
import threading

import Stemmer

_local = threading.local()


def _stemmer() -> Stemmer.Stemmer:
    # a Stemmer object keeps internal buffers: one per thread
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = Stemmer.Stemmer("english")
    return stemmer


@functools.lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """The Snowball English stem of a lowercase word (failing, failed, fails -> fail); other words as given."""
    if len(word) <= 3 or not word.isalpha():
        return word  # short words, numbers, identifiers with digits and CJK runs are their own stems
    return _stemmer().stemWord(word)
