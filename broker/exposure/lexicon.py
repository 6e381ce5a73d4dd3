"""Text to index terms: split names, stem English, pair CJK characters, expand a small glossary.

Both sides go through the same `terms`, so the stemmer only has to be consistent, not correct:
`pull_requests`, `PullRequest` and "pull requests" all become `pull`, `request`.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

# a latin run (letters and digits) or a run of CJK characters (Han, kana, hangul)
_RUN = re.compile(r"[A-Za-z0-9]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
_CAMEL = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")  # PRs, URLs: plurals
_CJK_START = "\u3040"
# references inside a request: a URL, a path (absolute, home, relative or ending in /), a file name
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|\bwww\.\S+", re.IGNORECASE)
_PATH = re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[\w.*@+-]+(?:/[\w.*@+-]*)*|(?<![\w/.])[\w.*@+-]+/(?:[\w.*@+-]+/)*(?:[\w.*@+-]+\.[A-Za-z]\w{0,11}\b|(?=\s|$))")
_CLAUSE = re.compile(r"[,;!?]\s+|\.\s+|\s+(?:and|then|also|plus|after that|afterwards)\s+|[，。；！？]|然后|并且|再|接着",
                     re.IGNORECASE)
_KEY = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-[0-9]+\b")  # an issue tracker key: PAY-88, INC-77
_FILE = re.compile(r"(?<![\w/])[\w*@+-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,11}\b(?![/(])")
_VOWELS = frozenset("aeiouy")

STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be been before being below between both but
by can could did do does doing done down during each else etc few for from further had has have having he her
here hers him his how i if im in into is it its itself just let lets like me might mine more most much must my
myself no nor not now of off ok okay on once only onto or other our ours out over own please pls plz same she
should so some such than thank thanks that the their theirs them then there these they this those through to too
under until up us very was we were what when where whether which while who whom whose why will with within
without would yes yet you your yours hey hi hello wanna gonna gotta kinda sure really thing stuff something
somewhere anything everything every via e g ie eg rn lol tell help want need give still already again maybe actually quick quickly
someone one ones get got ll ve re don doesn didn isn aren wasn won shouldn couldn wouldn
""".split())



def words(text: str) -> list[str]:
    """Split text into lowercase words: on punctuation, `_`, `-`, `.`, camelCase, and CJK runs kept whole."""
    out: list[str] = []
    for run in _RUN.findall(text):
        if run[0] >= _CJK_START:
            out.append(run)
        else:
            out.extend(part.lower() for part in _CAMEL.findall(run))
    return out


def terms(text: str) -> list[str]:
    """Index terms of a text: stemmed words without stopwords or bare numbers, CJK as character pairs."""
    return terms_of(words(text))


def terms_of(split: list[str], with_glossary: bool = True) -> list[str]:
    """Index terms of words already split by `words` (CJK words also give their glossary's English)."""
    out: list[str] = []
    for word in split:
        if word[0] >= _CJK_START:
            out.extend(cjk_pairs(word))
            if with_glossary:
                out.extend(stem(english) for english in glossary(word))
        elif len(word) > 1 and word not in STOPWORDS and not word.isdigit():
            out.append(stem(word))
    return out


def references(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Cut URLs, paths, file names and issue keys out of a text: (the rest, [(kind, reference)])."""
    found: list[tuple[str, str]] = []

    def cut(kind: str) -> object:
        def replace(match: re.Match) -> str:
            ref = match.group(0).rstrip(".,;:!?)'\"")
            if kind == "file" and len(ref.split(".")[0].lstrip("*")) < 2 and not ref.startswith("."):
                return match.group(0)  # "e.g", "i.e": abbreviations, not files
            last = ref.rsplit("/", 1)[-1]
            found.append(("file" if kind == "path" and "." in last.strip(".") else kind, ref))
            return " " + match.group(0)[len(ref):]
        return replace

    text = _URL.sub(cut("url"), text)
    text = _PATH.sub(cut("path"), text)
    text = _FILE.sub(cut("file"), text)
    text = _KEY.sub(cut("key"), text)
    return text, found


def clauses(text: str) -> list[str]:
    """Split a compound request into its clauses ("do X, then Y and Z"); short fragments join the previous."""
    parts = [p.strip() for p in _CLAUSE.split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and not terms(part):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged


def cjk_pairs(run: str) -> list[str]:
    """Overlapping character pairs of a CJK run (the run itself when it is one character)."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def synonyms(word: str) -> tuple[str, ...]:
    """Words tool schemas use for a word people type (lowercase, unstemmed): data/synonyms.txt."""
    return load_pairs("synonyms").get(word, ())


@functools.cache
def _glossary() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    pairs = load_pairs("cjk_glossary")
    return pairs, tuple(sorted(pairs, key=len, reverse=True))


def glossary(text: str) -> list[str]:
    """English words for the CJK words found in a text, longest match first."""
    entries, keys = _glossary()
    found: list[str] = []
    for run in _RUN.findall(text):
        if run[0] < _CJK_START:
            continue
        i = 0
        while i < len(run):
            key = next((k for k in keys if run.startswith(k, i)), None)
            if key is None:
                i += 1
                continue
            found.extend(entries[key])
            i += len(key)
    return found


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """Strip common English inflections (plural, -ing, -ed, -ment, final e) so forms of a word meet."""
    if len(word) <= 3 or not word.isalpha() or not word.isascii():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        root = word[:-len(suffix)]
        if word.endswith(suffix) and len(root) >= 3 and _VOWELS.intersection(root):
            word = root
            if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # stopped -> stop, running -> run
            break
    if word.endswith("ment") and len(word) >= 9:
        word = word[:-4]
    if word.endswith("e") and not word.endswith("ee") and len(word) > 4:
        word = word[:-1]
    return word


@functools.cache
def load_pairs(name: str) -> dict[str, tuple[str, ...]]:
    """A `key: value value` map from broker/text/data/NAME.txt (`#` starts a comment)."""
    pairs: dict[str, tuple[str, ...]] = {}
    text = resources.files("broker.text").joinpath("data").joinpath(f"{name}.txt").read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip() or not value.split():
            raise ValueError(f"{name}.txt:{number}: expected 'key: value ...'")
        pairs[key.strip()] = tuple(value.split())
    return pairs
