"""The project's one text layer: words, stems, stop words and CJK pairs, shared by memory and exposure. Pure.

    words(text)            lowercase latin words (identifiers split at case, `_`, `-`; other alphabets and Latin
                           beyond Latin-1 transliterated by anyascii) and whole CJK runs
    split_identifier(name) the words of one identifier: PullRequest, pull_requests -> pull, request(s)
    stem(word)             the Snowball English stem (PyStemmer), cached
    is_stopword(word)      whether a lowercase word is in the stop list (data/stopwords.txt)
    cjk_bigrams(text)      character pairs of CJK runs, pairs holding a stop character dropped
    terms(text)            index terms: stemmed words without stop words or bare numbers, plus CJK pairs
    content_words(text)    unstemmed words without stop words or bare numbers, unique, in order
    paths(text)            paths and file names a text mentions; basename(path)
    load_words(name)       a word list from data/NAME.txt (one entry a line, `#` comments)
    load_lines(name)       a list of phrases from data/NAME.txt, one a line, in order
    load_section(name, h)  the entries of the section of data/NAME.txt under the comment line `# h`
    load_pairs(name)       a `key: value value …` map from data/NAME.txt
    related(term)          the programs and tools a stemmed word of work relates to (data/related.txt)
    libraries(text)        the words of a text that name a library an install verb takes (install pandas),
                           each with its language's package managers
    library_managers(name) the package managers that install a library of that name (data/library-managers.txt)
    is_everyday(word)      whether a lowercase word is common in everyday English (data/everyday.txt, wordfreq)
    english_frequency(t)   the share of English running words that are a stem's words (data/zipf.txt, wordfreq)
    derived(word)          WordNet's derivationally related words (data/derivations.tsv.gz): remember -> memory
    opposites(word)        WordNet's antonyms of a word (data/opposites.tsv.gz): forget -> remember, unlock -> lock
    without_tickets(text)  the text with issue-tracker keys (`RUST-190`, `INFRA-372`) blanked out
    gloss(text)            the text with the words of work written in another language as their English
                           (data/work-glossary.txt: despliega -> deploy, テスト -> test, сборка -> build)

No word list lives in code: lists are data files under broker/text/data/, declared as package data.
"""

from __future__ import annotations

import functools
import gzip
import logging
import re
from importlib import resources

from broker.text.cjk import cjk_bigrams, is_cjk, pairs, runs
from broker.text.glossary import gloss
from broker.text.lists import load_lines, load_pairs, load_section, load_words
from broker.text.split import basename, camel_names, paths, split_identifier, words
from broker.text.stemming import stem

__all__ = ["basename", "camel_names", "cjk_bigrams", "content_words", "derived", "english_frequency", "everyday", "gloss", "is_cjk", "is_everyday", "is_stopword",
           "load_lines", "load_pairs", "load_section", "load_words", "libraries", "library_managers", "opposites", "pairs", "paths", "related", "runs", "split_identifier", "stem", "stems", "stopwords", "terms",
           "terms_of", "without_tickets", "words"]


log = logging.getLogger(__name__)

# punctuation that ends an install verb's operand (`install pandas, then plot …`)
_OPERAND_END = re.compile(r"[,;:.!?()]\s")
_NAME = re.compile(r"(?<![\w.-])[A-Za-z][\w.-]*[A-Za-z0-9]")  # a name as a registry writes it (scikit-learn)


@functools.cache
def _wordnet(name: str) -> dict[str, tuple[str, ...]]:
    # word -> related words, from data/NAME.tsv.gz (scripts/make_derivations.py writes both files)
    try:
        raw = resources.files("broker.text").joinpath("data", f"{name}.tsv.gz").read_bytes()
        lines = gzip.decompress(raw).decode("utf-8").splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        log.warning("cannot read WordNet's %s (%s): words are read without them", name, exc)
        return {}
    return {word: tuple(related.split()) for word, _, related in (line.partition("\t") for line in lines)}


def derived(word: str) -> tuple[str, ...]:
    """WordNet's derivationally related words of a lowercase word (remember -> memory, store -> storage)."""
    return _wordnet("derivations").get(word, ())


def opposites(word: str) -> tuple[str, ...]:
    """WordNet's antonyms of a lowercase word (forget -> remember, unlock -> lock, disable -> enable)."""
    return _wordnet("opposites").get(word, ())


@functools.cache
def stopwords() -> frozenset[str]:
    """The project's stop words (data/stopwords.txt)."""
    return load_words("stopwords")


@functools.cache
def everyday() -> frozenset[str]:
    """The everyday English words (data/everyday.txt: Zipf frequency >= 4 in wordfreq's English list)."""
    return load_words("everyday")


def is_everyday(word: str) -> bool:
    """Tell whether a lowercase word is common in everyday English (`stack`, `swift`, `database`; not `docker`)."""
    return word in everyday()


@functools.cache
def _zipf() -> tuple[dict[str, float], float]:
    # stem -> Zipf value (log10 of the frequency per billion words), and the list's floor: the smallest value
    found: dict[str, float] = {}
    for line in load_lines("zipf"):
        value, _, listed = line.partition(":")
        found.update(dict.fromkeys(listed.split(), float(value)))
    return found, min(found.values(), default=0.0)


def english_frequency(term: str) -> float:
    """The share of English running words that are this stem's words (data/zipf.txt, wordfreq): 6e-4 for `next`,
    3e-5 for `databas`; a stem the list does not hold is rarer than its floor, and gets the floor's share."""
    found, floor = _zipf()
    return 10.0 ** (found.get(term, floor) - 9.0)


def common_in_english(term: str) -> bool:
    """Tell whether wordfreq lists a stem as common in English (data/zipf.txt: Zipf 3.5 or more; `pls`, `torch`)."""
    return term in _zipf()[0]


_TICKET = re.compile(r"(?<![\w/.-])[A-Z][A-Z0-9]{1,9}-[0-9]{2,7}(?![\w/.-])")


def without_tickets(text: str) -> str:
    """The text with issue-tracker keys blanked out (`RUST-190: local builds are slow` -> `: local builds are slow`):
    a key names a project's queue and a number, not the work, and every ticket of a queue shares its prefix."""
    return _TICKET.sub(" ", text)


def is_stopword(word: str) -> bool:
    """Tell whether a lowercase word says nothing about a text's topic."""
    return word in stopwords()


def _content(word: str) -> bool:
    return len(word) > 1 and not word.isdigit() and word not in stopwords()


def content_words(text: str) -> list[str]:
    """The latin words that carry meaning (no stop words, bare numbers or single letters): unique, in order."""
    return list(dict.fromkeys(w for w in words(text) if w[0] < "\u3040" and _content(w)))


def stems(text: str) -> list[str]:
    """The stems of a text's content words, unique, in order."""
    return list(dict.fromkeys(stem(w) for w in content_words(text)))


def terms(text: str) -> list[str]:
    """Index terms of a text in order (repeats kept): stems of content words, and CJK pairs."""
    return terms_of(words(text))


def terms_of(split: list[str]) -> list[str]:
    """Index terms of words already split by `words`."""
    out: list[str] = []
    for word in split:
        if word[0] >= "\u3040":
            out.extend(cjk_bigrams(word, unique=False))
        elif _content(word):
            out.append(stem(word))
    return out


@functools.cache
def _related() -> dict[str, tuple[str, ...]]:
    found: dict[str, dict[str, None]] = {}
    for word, values in load_pairs("related").items():
        bucket = found.setdefault(stem(word.lower()), {})
        for value in values:
            bucket.setdefault(stem(value.lower()), None)
    return {key: tuple(values) for key, values in found.items()}


def related(term: str) -> tuple[str, ...]:
    """The stems of the programs and tools a stemmed word of work relates to (`test` -> pytest, jest, …)."""
    return _related().get(term, ())


def libraries(text: str) -> dict[str, tuple[str, ...]]:
    """The words of a text that name a published library (Debian's library packages, `_languages`) as what an
    install verb takes, unique, in order, each -> the stems of its language's package managers (`install pandas
    and plot the forecast`: pandas, not forecast; `install the new printer driver`: none). Its operand is the run of
    names right after the verb (installs, installing), determiners skipped: any other word ends it (`and`, `then`,
    `driver`). A name that is an everyday English word (build, want, rich) is as often that word; words of paths and
    file names (forecast.png) name no library. A registry's name for a library Debian names otherwise
    (data/library-aliases.txt: scikit-learn) is that library, under the first word the text's words give it."""
    verbs = _install_verbs()
    if verbs.isdisjoint(map(stem, words(text))):
        return {}  # most texts install nothing: the gazetteer is not even read
    known = _languages()
    determiners = load_section("stopwords", "articles, pronouns, determiners")  # the, my, these: no break
    found: dict[str, None] = {}
    for path in paths(text):
        text = text.replace(path, " ")
    aliased: dict[str, str] = {}  # the word a registry's name reads as -> the library it names

    def alias(match: re.Match) -> str:
        name, said = _aliases().get(match.group(0).lower()), words(match.group(0))
        if name is None or not said:
            return match.group(0)
        aliased[said[0]] = name
        return said[0]
    text = _NAME.sub(alias, text)
    for clause in _OPERAND_END.split(text + " "):
        operand = False
        for word in words(clause):
            if stem(word) in verbs:
                operand = True
            elif word in stopwords():
                operand = operand and word in determiners
            elif operand and (word in aliased or word in known and not is_everyday(word)):
                found.setdefault(word, None)
            else:
                operand = False
    return {word: library_managers(aliased.get(word, word)) for word in found}


@functools.cache
def _aliases() -> dict[str, str]:
    """A library's registry name -> the name Debian gives it (data/library-aliases.txt: scikit-learn -> sklearn)."""
    return {name.lower(): debian[0] for name, debian in load_pairs("library-aliases").items()}


@functools.cache
def _install_verbs() -> frozenset[str]:
    """The stems of the install subcommands (data/memory-installs.txt) whose work is the library package managers'
    by data/related.txt (install, upgrade, uninstall): `add` and `remove` are as often any edit's."""
    managers = set(related(stem("library")))
    return frozenset(stem(v) for v in load_words("memory-installs") if managers.intersection(related(stem(v))))


def is_install_verb(term: str) -> bool:
    """Tell whether a stemmed word is an install verb whose operand `libraries` reads (install, upgrade, uninstall)."""
    return term in _install_verbs()


@functools.cache
def _languages() -> dict[str, tuple[str, ...]]:
    # library name -> the languages Debian packages it for (data/packages.tsv.gz's last column, scripts/make_packages.py)
    try:
        raw = resources.files("broker.text").joinpath("data", "packages.tsv.gz").read_bytes()
        lines = gzip.decompress(raw).decode("utf-8").splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        log.warning("cannot read the libraries' languages (%s): no library reaches a package manager", exc)
        return {}
    return {name: tuple(languages.split()) for name, _, languages in (line.split("\t") for line in lines)}


def library_managers(name: str) -> tuple[str, ...]:
    """The stems of the package managers that install a library of this name, by the languages it is published for
    (pandas -> pip, poetry, uv…; lodash -> npm, pnpm, yarn; data/library-managers.txt)."""
    managers = load_pairs("library-managers")
    return tuple(dict.fromkeys(stem(p) for language in _languages().get(name, ()) for p in managers.get(language, ())))
