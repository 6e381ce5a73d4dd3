"""The words of work in other languages, read as their English (data/work-glossary.txt, round 26).

A user writes to an agent in their own language and keeps the trade's names in English (`despliega el servicio
de pagos en staging`, `テストを実行して`, `почини сборку`); the cards hold English words, and sometimes the user's own
(a session's words). `gloss(text)` is the text with the English of each foreign word of work said after it
(`despliega deploy el servicio service de pagos en staging`), everything as written kept, so every reader after it
(terms, said words, typos) sees both: the English reaches the cards' words, and a word that only looks foreign
(`prod`, a card's word in the user's language) still reaches what it did.

The glossary maps a foreign form (an infinitive, an imperative, a noun; es, de, fr, pt, it, ru, ja, zh, ko) to words
of data/work-words.txt. A Latin or Cyrillic form is compared folded: lowercase, transliterated as `words` reads
other scripts (деплой -> deploy), accents dropped (migración and migracion are one form); a form may be a phrase
(base de datos). A form inside a path, a file name or an identifier is left alone
(prueba.py, feature/despliegue). A CJK or Hangul form is found inside a run, longest first, as those scripts write
words without spaces or with particles attached (テストを, 배포를). No form is an English word (wordfreq's common
words and stems, the word-piece vocabulary, the project's English lists) or a package's name
(tests/test_text_glossary.py checks it): a word both languages write is read as English only.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterator

from broker.text.cjk import RANGES, is_cjk
from broker.text.lists import load_pairs
from broker.text.split import words

MAX_PHRASE = 4  # the longest phrase of the glossary, in words (base de données, file d'attente)
# a run of letters of one kind: CJK and Hangul, or any other letters (Latin, Cyrillic, Greek…)
_RUN = re.compile(f"[{RANGES}]+|(?:(?![{RANGES}])[^\\W\\d_])+")
_GLUED = frozenset("/\\._-@#$:=~")  # a neighbour that makes a word part of a path, a name or an address
_BETWEEN = re.compile(r"[\s'\u2019]+")  # what may separate the words of a phrase


@functools.lru_cache(maxsize=4096)
def fold(word: str) -> str:
    """A word as the glossary compares it: lowercase, transliterated, without accents (Déploiement -> deploiement)."""
    latin = "".join(words(word))
    plain = unicodedata.normalize("NFKD", latin.replace("ß", "ss"))
    return "".join(c for c in plain if not unicodedata.combining(c))


@functools.cache
def _entries() -> tuple[dict[tuple[str, ...], str], frozenset[tuple[str, ...]], dict[str, dict[str, str]]]:
    """(folded Latin phrase -> its English, the beginnings of its phrases of several words, first CJK character ->
    {CJK form -> its English})."""
    latin: dict[tuple[str, ...], str] = {}
    cjk: dict[str, dict[str, str]] = {}
    for form, english in load_pairs("work-glossary").items():
        if is_cjk(form):
            cjk.setdefault(form[0], {})[form] = " ".join(english)
        else:
            latin[tuple(fold(w) for w in _RUN.findall(form))] = " ".join(english)
    for first, forms in cjk.items():  # longest first: 依存関係 before 依存
        cjk[first] = dict(sorted(forms.items(), key=lambda item: -len(item[0])))
    starts = frozenset(key[:n] for key in latin for n in range(1, len(key)))
    return latin, starts, cjk


def gloss(text: str) -> str:
    """The text with the English of each word of work written in another language said after it (`despliega el
    servicio` -> `despliega deploy el servicio service`), everything as written kept."""
    out: list[str] = []
    done = 0
    for at, english in _additions(text):
        out.extend((text[done:at], english))
        done = at
    out.append(text[done:])
    return "".join(out) if done else text


def _additions(text: str) -> Iterator[tuple[int, str]]:
    """(where, the English to add there) for each form of the glossary the text holds, in order."""
    runs = list(_RUN.finditer(text))
    latin, starts, cjk = _entries()
    i = 0
    while i < len(runs):
        run = runs[i]
        if is_cjk(run.group()):
            yield from ((run.start() + end, f" {english} ") for end, english in _in_run(run.group(), cjk))
            i += 1
            continue
        n, english = _phrase(text, runs, i, latin, starts)
        if english is not None:
            yield runs[i + n - 1].end(), f" {english}"
        i += max(n, 1)


def _phrase(text: str, runs: list[re.Match], i: int, latin: dict[tuple[str, ...], str],
            starts: frozenset[tuple[str, ...]]) -> tuple[int, str | None]:
    """The longest glossary phrase starting at runs[i]: (its length in runs, its English), or (0, None)."""
    if _glued(text, runs[i].start() - 1):
        return 0, None
    key: list[str] = []
    found: tuple[int, str | None] = (0, None)
    for j in range(i, min(i + MAX_PHRASE, len(runs))):
        if j > i and not _BETWEEN.fullmatch(text[runs[j - 1].end():runs[j].start()]):
            break
        if is_cjk(runs[j].group()):
            break
        key.append(fold(runs[j].group()))
        english = latin.get(tuple(key))
        if english is not None and not _glued(text, runs[j].end()):
            found = (j - i + 1, english)
        if tuple(key) not in starts:  # no longer phrase begins so: most words end here
            break
    return found


def _glued(text: str, at: int) -> bool:
    """Whether the character at `at` joins the word beside it to a path, a file name or an identifier."""
    if not 0 <= at < len(text) or text[at] not in _GLUED:
        return False
    if text[at] in ".:":  # a sentence's full stop or colon, not a file's extension or a host's port
        return 0 < at < len(text) - 1 and text[at - 1].isalnum() and text[at + 1].isalnum()
    return True


def _in_run(run: str, cjk: dict[str, dict[str, str]]) -> Iterator[tuple[int, str]]:
    """(where a form ends, its English) for the glossary's forms in a CJK or Hangul run, longest first, in order."""
    i = 0
    while i < len(run):
        form = next((f for f in cjk.get(run[i], ()) if run.startswith(f, i)), None)
        if form is None:
            i += 1
            continue
        i += len(form)
        yield i, cjk[run[i - len(form)]][form]
