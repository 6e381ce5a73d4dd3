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

Round 29 added seventeen languages and three ways of finding a word (cs, pl, uk, nl, da, sv, nb, fi, id/ms, ca, el,
he, th, tr, vi, hu, ro). A form ending in `*` is a stem: any word beginning with it is read (virhe* reads virhe,
virheen, virheitä: Finnish, Hungarian and Turkish write a noun's case and a verb's person as endings); a stem is
at least MIN_STEM letters and begins no English word, no word of the project's lists and no package's name. A
Hebrew word is also read without the letters written joined before it (data/glossary-proclitics.txt: and, the, in,
to, from, that, as: בקובץ reads as קובץ). A Thai form is found inside its run like a CJK one, Thai writing no
spaces between words, but only where a syllable may begin and end (not on a vowel sign or a tone mark, not after a
vowel written before its consonant). A Catalan middle dot joins a word's halves (instal·lar).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterator, NamedTuple

from broker.text.cjk import RANGES, is_cjk
from broker.text.lists import load_pairs, load_words
from broker.text.split import words

MAX_PHRASE = 4  # the longest phrase of the glossary, in words (base de données, file d'attente)
MIN_STEM = 5  # the fewest letters of a stem form (virhe*): a shorter one begins too many words of other languages
STEM = "*"  # a form ending so is a stem
_THAI = "\u0e00-\u0e7f"
_UNSPACED = RANGES + _THAI  # scripts written without spaces between words: CJK, Hangul, Thai
# a run of letters of one kind: CJK, Hangul and Thai (with its vowel signs and tone marks), or any other letters
_RUN = re.compile(f"[{_UNSPACED}]+|(?:(?![{_UNSPACED}])[^\\W\\d_])+")
_THAI_RUN = re.compile(f"[{_THAI}]+")
_THAI_LEADING = frozenset("\u0e40\u0e41\u0e42\u0e43\u0e44")  # เ แ โ ใ ไ: written before their consonant
_THAI_FOLLOWING = frozenset("\u0e30\u0e32\u0e33\u0e45")  # ะ า ำ ๅ: vowels written after their consonant
_GLUED = frozenset("/\\._-@#$:=~")  # a neighbour that makes a word part of a path, a name or an address
_BETWEEN = re.compile(r"[\s'\u2019\u00b7]+")  # what may separate the words of a phrase (or a word's halves: l·l)


@functools.lru_cache(maxsize=4096)
def fold(word: str) -> str:
    """A word as the glossary compares it: lowercase, transliterated, without accents (Déploiement -> deploiement)."""
    latin = "".join(words(word))
    plain = unicodedata.normalize("NFKD", latin.replace("ß", "ss"))
    return "".join(c for c in plain if not unicodedata.combining(c))


class _Entries(NamedTuple):
    latin: dict[tuple[str, ...], str]  # folded phrase -> its English
    starts: frozenset[tuple[str, ...]]  # the beginnings of the phrases of several words
    unspaced: dict[str, dict[str, str]]  # first character -> {CJK, Hangul or Thai form -> its English}, longest first
    stems: dict[str, str]  # folded stem -> its English
    proclitics: tuple[str, ...]  # letters written joined before a word (Hebrew)


@functools.cache
def _entries() -> _Entries:
    latin: dict[tuple[str, ...], str] = {}
    unspaced: dict[str, dict[str, str]] = {}
    stems: dict[str, str] = {}
    for form, english in load_pairs("work-glossary").items():
        if is_unspaced(form):
            unspaced.setdefault(form[0], {})[form] = " ".join(english)
        elif form.endswith(STEM):
            stems[fold(form[:-1])] = " ".join(english)
        else:
            latin[tuple(fold(w) for w in _RUN.findall(form))] = " ".join(english)
    for first, forms in unspaced.items():  # longest first: 依存関係 before 依存
        unspaced[first] = dict(sorted(forms.items(), key=lambda item: -len(item[0])))
    starts = frozenset(key[:n] for key in latin for n in range(1, len(key)))
    return _Entries(latin, starts, unspaced, stems, tuple(sorted(load_words("glossary-proclitics"))))


def is_unspaced(text: str) -> bool:
    """Tell whether a text starts with a letter of a script written without spaces (CJK, Hangul, Thai)."""
    return bool(text) and text[0] >= _THAI[0] and (is_cjk(text) or _THAI_RUN.match(text) is not None)


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
    entries = _entries()
    i = 0
    while i < len(runs):
        run = runs[i]
        if is_unspaced(run.group()):
            yield from ((run.start() + end, f" {english} ") for end, english in _in_run(run.group(), entries.unspaced))
            i += 1
            continue
        n, english = _phrase(text, runs, i, entries)
        if english is not None:
            yield runs[i + n - 1].end(), f" {english}"
        i += max(n, 1)


def _phrase(text: str, runs: list[re.Match], i: int, entries: _Entries) -> tuple[int, str | None]:
    """The longest glossary phrase starting at runs[i]: (its length in runs, its English), or (0, None); its first
    word may be read without its proclitics, a word alone as a stem's."""
    if _glued(text, runs[i].start() - 1):
        return 0, None
    found: tuple[int, str | None] = (0, None)
    for first in _bare(runs[i].group(), entries.proclitics):
        key = [first]
        for j in range(i, min(i + MAX_PHRASE, len(runs))):
            if j > i:
                if not _BETWEEN.fullmatch(text[runs[j - 1].end():runs[j].start()]) or is_unspaced(runs[j].group()):
                    break
                key.append(fold(runs[j].group()))
            phrase = tuple(key)
            english = entries.latin.get(phrase) or (_stem(first) if j == i else None)
            if english is not None and j - i + 1 > found[0] and not _glued(text, runs[j].end()):
                found = (j - i + 1, english)
            if phrase not in entries.starts:  # no longer phrase begins so: most words end here
                break
    return found


def _bare(word: str, proclitics: tuple[str, ...]) -> list[str]:
    """A word folded, then folded without one, then two, of the letters written joined before it, each leaving two
    letters or more (ובקובץ: itself, בקובץ, קובץ; a word of a script without proclitics: itself alone)."""
    found = [fold(word)]
    rest = word
    for _ in range(2):
        if len(rest) < 3 or rest[0] not in proclitics:
            break
        rest = rest[1:]
        found.append(fold(rest))
    return found


@functools.lru_cache(maxsize=4096)
def _stem(folded: str) -> str | None:
    """The English of the longest stem a folded word begins with, or None."""
    stems = _entries().stems
    if folded[:MIN_STEM] not in _stem_beginnings():
        return None
    # from the longest stem's length down, not the word's: a word of 8,000 letters took 14 ms, one of 80,000 0.9 s
    for n in range(min(len(folded), _longest_stem()), MIN_STEM - 1, -1):
        english = stems.get(folded[:n])
        if english is not None:
            return english
    return None


def _glued(text: str, at: int) -> bool:
    """Whether the character at `at` joins the word beside it to a path, a file name or an identifier."""
    if not 0 <= at < len(text) or text[at] not in _GLUED:
        return False
    if text[at] in ".:":  # a sentence's full stop or colon, not a file's extension or a host's port
        return 0 < at < len(text) - 1 and text[at - 1].isalnum() and text[at + 1].isalnum()
    return True


def _in_run(run: str, unspaced: dict[str, dict[str, str]]) -> Iterator[tuple[int, str]]:
    """(where a form ends, its English) for the glossary's forms in a CJK, Hangul or Thai run, longest first, in
    order; a Thai form only where a syllable may begin and end."""
    i = 0
    while i < len(run):
        form = next((f for f in unspaced.get(run[i], ()) if run.startswith(f, i) and _edges(run, i, i + len(f))),
                    None)
        if form is None:
            i += 1
            continue
        i += len(form)
        yield i, unspaced[form[0]][form]


@functools.cache
def _longest_stem() -> int:
    """The letters of the longest stem form."""
    return max(map(len, _entries().stems), default=0)


@functools.cache
def _stem_beginnings() -> frozenset[str]:
    """The first MIN_STEM letters of every stem: most words begin none, and are done with at one look."""
    return frozenset(stem[:MIN_STEM] for stem in _entries().stems)


def _edges(run: str, start: int, end: int) -> bool:
    """Whether run[start:end] may be a word of its own: in Thai, it neither begins after a vowel written before its
    consonant nor ends before a vowel sign, a tone mark or a vowel written after its consonant."""
    if not _THAI_RUN.match(run[start]):
        return True
    if start > 0 and run[start - 1] in _THAI_LEADING:
        return False
    return end == len(run) or not (unicodedata.category(run[end]).startswith("M") or run[end] in _THAI_FOLLOWING)
