"""Splitting text into words: latin runs cut at case changes, `_`, `-` and punctuation; CJK runs kept whole.

Digits stay with the letters they are written with (`python3`, `utf8`, `k8s`, `o200k`, `S3`), so version
and model names survive; a bare number is a word of its own (`404`, `2024`). A letter of another alphabet
(Cyrillic, Greek, Arabic, Hebrew, Thai, Devanagari…) or of Latin beyond Latin-1 (ő, č, ł, ş) is read as its
Latin transliteration (anyascii): a word written in another script is often a loanword of the trade (деплой,
сервер, φόρμα read deploy, server, forma), and a Czech or Hungarian word is no longer cut at its accents.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from anyascii import anyascii

from broker.text.cjk import RANGES

_UPPER = "A-ZÀ-ÖØ-Þ"
_LOWER = "a-zß-öø-ÿ"
_RUN = re.compile(f"[{_UPPER}{_LOWER}0-9]+|[{RANGES}]+")
_PARTS = re.compile(
    f"[{_UPPER}]{{2,}}s(?![{_LOWER}])"  # PRs, URLs: an acronym's plural
    f"|[{_UPPER}]+[0-9]*(?=[{_UPPER}][{_LOWER}])"  # HTTP of HTTPServer, S3 of S3Bucket
    f"|[{_UPPER}]?[{_LOWER}]+(?:[0-9]+[{_LOWER}]*)*"  # pull, Request, python3, k8s, o200k
    f"|[{_UPPER}]+[0-9]*"  # UTF8, HTTP
    f"|[0-9]+[{_LOWER}]*"  # 404, 2xx, 3rd
)
_CJK_FIRST = "\u3040"
# each alternative is tried only where a run of the characters it reads begins (a file's name after the dots
# before it, which `paths` strips): tried again at every character of a long word, either one read it to its end
# each time (0.8 s for one word of 8,000 letters, a query's longest: docs/security.md O46); a match starting inside
# such a run is one the run's start would have found first (the paths of the dev sets' texts are the same); a dotted
# name that goes on or is called is no file (`Tools.BuildScripts.BuildAddressables`, `Pkg.test()`), as in
# `normalise`'s signatures
_PATH = re.compile(r"(?<![\w.@+~/\\-])(?:[\w.@+~-]*[/\\])+[\w.@+~-]+"
                   r"|(?<![\w.@+-])\.*[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,11}\b(?![(]|\.\w)")
_NOT_FILES = frozenset({"e.g", "i.e", "etc", "vs"})


def split_identifier(name: str) -> list[str]:
    """The lowercase words of one identifier: `PullRequest`, `pull_requests`, `repo-path` -> pull, request…"""
    return [part.lower() for part in _PARTS.findall(name)]


_CAMEL_NAME = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z][a-z0-9]+){2,}(?![A-Za-z0-9])")


def camel_names(text: str) -> list[str]:
    """The names a text spells in CamelCase, whole and lowercased (`BuildAddressables`, `using JuliaFormatter` ->
    buildaddressables, juliaformatter), in order, unique: one name, beside the words `words` cuts it into."""
    return list(dict.fromkeys(m.lower() for m in _CAMEL_NAME.findall(text)))


def words(text: str) -> list[str]:
    """The words of a text in order: lowercase latin words (identifiers split; other alphabets transliterated)
    and whole CJK runs."""
    if not text.isascii():
        text = "".join(map(_latin, text))
    out: list[str] = []
    for run in _RUN.findall(text):
        if run[0] >= _CJK_FIRST:
            out.append(run)
        else:
            out.extend(part.lower() for part in _PARTS.findall(run))
    return out


@functools.lru_cache(maxsize=4096)
def _latin(ch: str) -> str:
    # a letter (or a vowel sign, a mark) outside Latin-1 and the CJK runs, as Latin letters; a soft sign or an
    # ayin, which transliterate to an apostrophe, goes; punctuation, symbols and digits stay as they are
    if ch <= "\u00ff" or _CJK.match(ch) or not (ch.isalpha() or unicodedata.category(ch)[0] == "M"):
        return ch
    return "".join(c for c in anyascii(ch) if c.isalpha())


_CJK = re.compile(f"[{RANGES}]")


def paths(text: str) -> list[str]:
    """Paths and file names a text mentions (`src/app.py`, `README.md`), lowercased, in order, unique."""
    found: dict[str, None] = {}
    for match in _PATH.findall(text):
        cleaned = match.strip("./\\").replace("\\", "/").lower()
        if cleaned and not cleaned.replace(".", "").isdigit() and cleaned not in _NOT_FILES:
            found.setdefault(cleaned, None)
    return list(found)


def basename(path: str) -> str:
    """The last part of a path, lowercased."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].lower()
