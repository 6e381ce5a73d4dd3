"""Words, stems, CJK bigrams and character 3-grams: the text pieces memory indexes and compares. Pure."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterable

# Han, kana, Hangul and CJK punctuation-free ranges: scripts written without spaces between words
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
CJK_RUN = re.compile(f"[{_CJK}]+")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]*[A-Za-z0-9]|[A-Za-z0-9]")
_PATH = re.compile(r"(?:[\w.@+~-]*[/\\])+[\w.@+~-]+|[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,5}\b")
_SPACES = re.compile(r"\s+")

STOPWORDS = frozenset("""
a about above after again against all also am an and any are aren as at be because been before being below
between both but by can cannot could did didn do does doesn doing don down during each either else even ever
every few for from further get gets getting got had has have having he her here hers herself him himself his
how however i if in into is isn it its itself just keep keeps kept let lets like me might more most
much must my myself need needs no nor not now of off on once one only or other our ours ourselves out over own
please same she should so some still such than that the their theirs them themselves then there these they
this those through to too try trying tried under until up upon us use used using very via want wants was
wasn we were weren what whatever when where whether which while who whom why will with won would yet you your
yours yourself yourselves thing things something anything way again always never really actually okay ok
hey hi hello thanks thank help ask asked tell told show says said going goes went gone
""".split())
# particles and pronouns: a bigram holding one says nothing about the topic
CJK_STOP_CHARS = frozenset("的了吗呢吧啊呀是在和与及或我你他她它们这那个有要会能把被就都也还又很太么怎什哪里为对从到给让再")

_SUFFIXES = (("izations", ""), ("ization", ""), ("ations", ""), ("ation", ""), ("ements", ""),
             ("ement", ""), ("ments", ""), ("ment", ""), ("ings", ""), ("ing", ""), ("ies", "i"), ("ied", "i"),
             ("ures", ""), ("ure", ""), ("edly", ""), ("ed", ""), ("ers", ""), ("er", ""), ("es", ""), ("ly", ""),
             ("s", ""))


def stem(word: str) -> str:
    """Cut a common English suffix so that a stem is a prefix of its inflections (failing, failed -> fail)."""
    w = word.lower()
    if len(w) <= 3 or not w.isalpha():
        return w
    for suffix, replacement in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                return w
            if suffix == "es" and not w.endswith(("sses", "xes", "ches", "shes", "zes")):
                continue
            base = w[: len(w) - len(suffix)] + replacement
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # running -> runn -> run
            return base
    return w


def words(text: str) -> list[str]:
    """The ASCII words of a text, lowercased, in order."""
    return [w.lower() for w in _WORD.findall(text)]


def content_words(text: str) -> list[str]:
    """Words that carry meaning: no stopwords, no placeholders' names, no bare numbers; in order, unique."""
    seen: dict[str, None] = {}
    for w in words(_strip_placeholders(text)):
        if w in STOPWORDS or w.isdigit() or len(w) < 2:
            continue
        seen.setdefault(w, None)
    return list(seen)


def cjk_bigrams(text: str) -> list[str]:
    """Every pair of adjacent CJK characters (two-character words are the common case), in order, unique."""
    found: dict[str, None] = {}
    for run in CJK_RUN.findall(text):
        for i in range(len(run) - 1):
            pair = run[i:i + 2]
            if pair[0] not in CJK_STOP_CHARS and pair[1] not in CJK_STOP_CHARS:
                found.setdefault(pair, None)
    return list(found)


def short_terms(text: str) -> list[str]:
    """What the trigram index cannot find: CJK bigrams and two-letter ASCII words (ls, go, rm)."""
    two = [w for w in dict.fromkeys(words(text)) if len(w) == 2 and not w.isdigit() and w not in STOPWORDS]
    return cjk_bigrams(text) + two


def paths(text: str) -> list[str]:
    """Paths and file names a text mentions (src/app.py, README.md), lowercased, unique."""
    found: dict[str, None] = {}
    for match in _PATH.findall(text):
        cleaned = match.strip("./\\").replace("\\", "/").lower()
        if cleaned and not cleaned.replace(".", "").isdigit() and cleaned not in ("e.g", "i.e"):
            found.setdefault(cleaned, None)
    return list(found)


def basename(path: str) -> str:
    """The last part of a path."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()


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


def _strip_placeholders(text: str) -> str:
    return re.sub(r"\{(?:path|q|n|hex|time|url)\}", " ", text)
