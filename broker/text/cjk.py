"""Scripts written without spaces (Han, kana, Hangul): runs, and the character pairs that stand for words."""

from __future__ import annotations

import functools
import re

from broker.text.lists import load_words

RANGES = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
RUN = re.compile(f"[{RANGES}]+")
FIRST = "\u3040"  # the lowest code point of RANGES: a cheap test for a run's first character


def is_cjk(text: str) -> bool:
    """Tell whether a text starts with a CJK character (a run from `words` does or does not, as a whole)."""
    return bool(text) and text[0] >= FIRST and RUN.match(text) is not None


@functools.cache
def stop_chars() -> frozenset[str]:
    """Particles and pronouns (的, 了, 我, …): a pair holding one says nothing about the topic."""
    return frozenset("".join(load_words("cjk_stop_chars")))


def runs(text: str) -> list[str]:
    """The CJK runs of a text, in order."""
    return RUN.findall(text)


def pairs(run: str) -> list[str]:
    """Overlapping character pairs of one run, in order (a one-character run is itself)."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def cjk_bigrams(text: str, *, unique: bool = True, drop_stop: bool = True) -> list[str]:
    """The character pairs of every CJK run of a text, in order; pairs with a stop character dropped."""
    stop = stop_chars() if drop_stop else frozenset()
    found = [p for run in runs(text) for p in pairs(run) if len(p) == 2 and p[0] not in stop and p[1] not in stop]
    return list(dict.fromkeys(found)) if unique else found
