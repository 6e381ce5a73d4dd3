"""Word lists kept as data files under broker/text/data: one entry a line, `#` starts a comment.

`load_words(name)` reads `data/NAME.txt` as a set of entries; `load_pairs(name)` reads lines of the form
`key: value value …` as a map from a key to its values. Both are cached: a list is read once per process.
A malformed file raises ValueError naming the file and the line.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _lines(name: str) -> list[tuple[int, str]]:
    """The meaningful lines of a data file: (line number, text without comment), blank lines dropped."""
    found = []
    raw = _read(name)
    for number, line in enumerate(raw.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            found.append((number, line))
    return found


def _read(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise ValueError(f"bad word-list name {name!r}: lowercase letters, digits, '_' and '-' only")
    try:
        return resources.files("broker.text").joinpath("data", f"{name}.txt").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"no word list named {name!r} (broker/text/data/{name}.txt)") from None


@functools.cache
def load_lines(name: str) -> tuple[str, ...]:
    """The entries of a list of phrases, one a line, in order (a phrase may hold spaces)."""
    return tuple(line for _, line in _lines(name))


@functools.cache
def load_words(name: str) -> frozenset[str]:
    """The entries of a word list (whitespace separates entries; case is kept as written)."""
    return frozenset(entry for _, line in _lines(name) for entry in line.split())


@functools.cache
def load_section(name: str, heading: str) -> frozenset[str]:
    """The entries of one section of a word list: the lines after the comment line `# heading`, up to the
    next blank line (ValueError when the file has no such heading)."""
    raw = _read(name).splitlines()
    try:
        start = raw.index(f"# {heading}") + 1
    except ValueError:
        raise ValueError(f"broker/text/data/{name}.txt has no section {heading!r}") from None
    end = next((i for i in range(start, len(raw)) if not raw[i].strip()), len(raw))
    return frozenset(entry for line in raw[start:end] for entry in line.split("#", 1)[0].split())


@functools.cache
def load_pairs(name: str) -> dict[str, tuple[str, ...]]:
    """A map from the lines `key: value value …` of a data file; a key given twice is an error."""
    pairs: dict[str, tuple[str, ...]] = {}
    for number, line in _lines(name):
        key, sep, values = line.partition(":")
        key = key.strip()
        if not sep or not key or not values.split():
            raise ValueError(f"broker/text/data/{name}.txt:{number}: expected `key: value …`, got {line!r}")
        if key in pairs:
            raise ValueError(f"broker/text/data/{name}.txt:{number}: {key!r} is already defined")
        pairs[key] = tuple(values.split())
    return pairs
