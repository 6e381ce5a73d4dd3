"""Exact o200k counts of a list of tools, composed from counts made once per tool instead of counting the list.

Why it is exact: o200k cuts a text into pieces with its pre-tokenizer regex before any BPE merge, and merges never
cross a piece, so a text's count is the sum of its pieces' counts. A tool's compact JSON that opens with `{"` and
a letter (its first key) and ends with a run of ASCII punctuation after a letter or digit of any script (`"]}}` after `path`)
has that opening and that closing run as pieces of their own: a punctuation piece runs up to the next letter,
digit or space, and neither a letter piece nor a number piece takes in punctuation that follows it. In the list
`[a,b,..,z]` the brackets and commas only lengthen those edge pieces (`[{"`, `"]}},{"`, `}}]`, each still one
piece) and leave every piece inside a tool as it was. So the count of a list is the count of each tool's inner
pieces (its own count less its two edges) plus the count of each join, and a join depends only on the closing
run before it. A tool whose JSON has another shape (a text ending in a space or a non-ASCII sign) has no parts,
and a list holding one is counted as text: the figure stays exact either way.
"""

from __future__ import annotations

import functools
import string
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from broker import tokens

OPENING = '{"'
_PUNCTUATION = frozenset(string.punctuation)  # ASCII only: no space, letter, digit or mark among them


@dataclass(frozen=True, slots=True)
class Parts:
    """One tool's compact JSON as the list counter sees it: tokens inside its edges, and its closing run."""

    inner: int
    closing: str


def parts(text: str) -> Parts | None:
    """The parts of a tool's compact JSON, or None when its edges are not pieces of their own (see above)."""
    if not text.startswith(OPENING) or len(text) <= len(OPENING) or not _ascii_letter(text[len(OPENING)]):
        return None
    start = len(text)
    while start > len(OPENING) and text[start - 1] in _PUNCTUATION:
        start -= 1
    closing = text[start:]
    if not closing or unicodedata.category(text[start - 1])[0] not in "LN":  # after a letter or digit of any script
        return None
    return Parts(tokens.count_text(text) - _count(OPENING) - _count(closing), closing)


class ListCounter:
    """Counts o200k tokens of `[t_i, .., last]` for any positions of a fixed list of tool JSON texts."""

    def __init__(self, texts: Sequence[str], last: str) -> None:
        self.texts = tuple(texts)
        self.last = last
        self.parts = tuple(parts(text) for text in self.texts)
        self.last_parts = parts(last)
        if self.last_parts is not None:  # every join counted now: a list's count then needs no vocabulary
            for closing in sorted({p.closing for p in self.parts if p is not None}):
                _count(closing + "," + OPENING)
            _count("[" + OPENING)
            _count(self.last_parts.closing + "]")

    def count(self, positions: Sequence[int]) -> int:
        """The o200k count of the compact JSON list of these texts (by position, in this order), `last` at the end."""
        found = [self.parts[i] for i in positions]
        if self.last_parts is None or None in found:
            return tokens.count_text("[" + ",".join([*(self.texts[i] for i in positions), self.last]) + "]")
        found.append(self.last_parts)
        total = _count("[" + OPENING)
        for before in found[:-1]:
            total += before.inner + _count(before.closing + "," + OPENING)
        return total + self.last_parts.inner + _count(self.last_parts.closing + "]")


def _ascii_letter(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


@functools.lru_cache(maxsize=1024)
def _count(piece: str) -> int:
    # the edges and joins: a few distinct short strings (`{"`, `}},{"`, `"]}},{"`), counted once each
    return tokens.count_text(piece)
