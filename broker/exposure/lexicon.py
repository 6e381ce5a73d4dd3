"""Exposure's view of the shared text layer: index terms with the CJK glossary, references and clauses.

Words, stems, stop words and CJK pairs come from `broker.text` (the project's one text layer); this module
adds what only exposure needs: the English of CJK words (data/cjk_glossary.txt), the words tool schemas use
for words people type (data/synonyms.txt), and cutting a request into references and clauses.
"""

from __future__ import annotations

import functools
import re

from broker import text
from broker.text import stem, words

__all__ = ["asks_identity", "clause_of", "clauses", "glossary", "hints", "is_statement", "is_stopword", "names_command",
           "names_percentile", "names_symbol", "references", "stem", "synonyms", "terms", "terms_of", "words"]

is_stopword = text.is_stopword
# references inside a request: a URL, a path (absolute, home, relative or ending in /), a file name, owner/name
# a host with a port is an address on the web even without a scheme (localhost:3000/cart, 10.0.0.5:8080)
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+|\bwww\.\S+"
                  r"|(?<![\w.:/-])(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{2,5}\b(?:/\S*)?",
                  re.IGNORECASE)
_PATH = re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[\w.*@+-]+(?:/[\w.*@+-]*)*|(?<![\w/.])[\w.*@+-]+/(?:[\w.*@+-]+/)*(?:[\w.*@+-]+\.[A-Za-z]\w{0,11}\b|(?=\s|$))")
# a dotted name followed by a path, without a scheme (lufthansa.com/flightstatus): a page when the name ends
# in a top-level domain, else a relative path (config.d/nginx.conf); selection tells which
_HOST_PATH = re.compile(r"(?<![\w.:/@~-])[a-z0-9-]+(?:\.[a-z0-9-]+)+/[^\s\"'<>]*", re.IGNORECASE)
_IMAGE_TAG = re.compile(r"/[\w.-]+(?::[\w][\w.-]*|@sha256:[0-9a-f]+)$")
# a quotation in a request is a literal: a title, a status, a message, a label ('API Style Guide', « doc: maj »)
_QUOTE = re.compile(r"(?<![\w])(?:'[^'\n]{2,80}'|\"[^\"\n]{2,80}\"|\u2018[^\u2019\n]{2,80}\u2019|"
                    r"\u201c[^\u201d\n]{2,80}\u201d|\u00ab[^\u00bb\n]{2,80}\u00bb)(?![\w])")
# an account and its secret written together, as a test account is given: a mailbox, then `/` (spaced or not) or
# `:` and a word without spaces (qa@example.com / hunter2, admin@acme.test:s3cret): what a login form is filled with.
# Not a mailbox before a colon and a sentence ("mail qa@example.com: the build"), nor two mailboxes (a@x.io/b@x.io)
_CREDENTIALS = re.compile(r"(?<![\w.@+-])[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\s*/\s*|:)[^\s/:,;@]+(?=[\s,;)]|$)",
                          re.IGNORECASE)
_KEY = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-[0-9]+\b")  # an issue tracker key: PAY-88, INC-77
# git's abbreviated object name (7 hex digits by default, up to the full 40), with a digit and a letter so that
# neither a number nor a word reads as one: 3f9a2c1, a1b2c3d4e5 (not a colour #ff0000, not inside a UUID)
_REVISION = re.compile(r"(?<![\w#/.-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w/.-])")
# owner/name (acme/api, acme/api#610): how hosted repositories, images and charts are named; a bare
# relative path of two parts reads the same and is told apart by what it names (a file has an extension)
_SLUG = re.compile(r"(?<![\w/.~])[A-Za-z0-9][\w-]*/[A-Za-z0-9][\w.-]*(?:#\d+)?(?![\w/])")
_FILE = re.compile(r"(?<![\w/])[\w*@+-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,11}\b(?![/(])")
# command-line syntax: a quoted command, an option after a space (--version, -k), an operator that chains
# commands, a Windows drive (D:\\)
_COMMAND = re.compile(r"`[^`]*\s[^`]*`|(?<!\S)--?[a-z][\w-]*|\s(?:&&|\|\|)\s|\b[A-Za-z]:\\\\?", re.IGNORECASE)
# a name written as code: snake_case, camelCase after a lowercase word (useMutation, not iPhone), or a call (f())
_SYMBOL = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b|\b[A-Za-z_]\w*\(\)")
# a percentile as monitoring writes it: p50, p95, p99.9, p999 (a single digit is a priority: P1, p4)
_PERCENTILE = re.compile(r"(?<![A-Za-z0-9_.])p(?:[1-9]\d(?:\.\d+)?|99\d)(?![A-Za-z0-9]|\.\d)", re.IGNORECASE)
# a question of identity: who is X, what was X (what is the forecast, what's in the folder: not identity)
_IDENTITY = re.compile(r"\s*(who|what)(?:'s|\u2019s|\s+(?:is|was|are|were))\s+(\w+)", re.IGNORECASE)
_PUNCTUATION_BREAK = r"[,;!?]\s+|\.\s+|[，。；！？]"


def terms(value: str) -> list[str]:
    """Index terms of a text: the text layer's terms, and the glossary's English for its CJK words."""
    return terms_of(words(value))


def terms_of(split: list[str], with_glossary: bool = True) -> list[str]:
    """Index terms of words already split by `words` (CJK words also give their glossary's English)."""
    out = text.terms_of(split)
    if with_glossary:
        for word in split:
            if text.is_cjk(word):
                out.extend(stem(english) for english in glossary(word))
    return out


def references(text: str, quotes: bool = False, revisions: bool = False,
               credentials: bool = False) -> tuple[str, list[tuple[str, str]]]:
    """Cut URLs, paths, file names, owner/name slugs, issue keys (and quotations, revisions, an account with its
    secret) out of a text: (the rest, [(kind, reference)])."""
    rest, found = _references(text, quotes, revisions, credentials)
    return rest, list(found)


@functools.lru_cache(maxsize=64)  # one selection reads a request's references several times
def _references(text: str, quotes: bool, revisions: bool, credentials: bool) -> tuple[str, tuple[tuple[str, str], ...]]:
    found: list[tuple[str, str]] = []

    def cut(kind: str) -> object:
        def replace(match: re.Match) -> str:
            ref = match.group(0) if kind == "quote" else match.group(0).rstrip(".,;:!?)'\"")
            if kind == "file" and len(ref.split(".")[0].lstrip("*")) < 2 and not ref.startswith("."):
                return match.group(0)  # "e.g", "i.e": abbreviations, not files
            if kind == "hostpath" and _IMAGE_TAG.search(ref):
                return match.group(0)  # registry.acme.io/web:1.8.2 names an image (OCI's host/path:tag), not a page
            last = ref.rsplit("/", 1)[-1]
            found.append(("file" if kind == "path" and "." in last.strip(".") else kind, ref))
            return " " + match.group(0)[len(ref):]
        return replace

    text = _URL.sub(cut("url"), text)
    if credentials:  # before paths: `qa@example.com / hunter2` is not a mailbox and a path
        text = _CREDENTIALS.sub(cut("credentials"), text)
    text = _HOST_PATH.sub(cut("hostpath"), text)
    text = _PATH.sub(cut("path"), text)
    text = _FILE.sub(cut("file"), text)
    text = _SLUG.sub(cut("slug"), text)
    text = _KEY.sub(cut("key"), text)
    if revisions:
        text = _REVISION.sub(cut("revision"), text)
    if quotes:  # last: a file or a URL inside quotes is still one
        text = _QUOTE.sub(cut("quote"), text)
    return text, tuple(found)


def names_command(text: str) -> bool:
    """Tell whether a request writes a command line: `pytest -x`, docker --version, a && b, dir D:\\."""
    return _COMMAND.search(text) is not None


def names_symbol(text: str) -> bool:
    """Tell whether a request names something as code does: parse_invoice, useMutation, calculate_tax()."""
    return _SYMBOL.search(text) is not None


def names_percentile(text: str) -> bool:
    """Tell whether a request names a percentile the way monitoring writes it: p95 latency, p99.9."""
    return _PERCENTILE.search(text) is not None


def asks_identity(text: str) -> bool:
    """Tell whether a request asks who or what something is (who is ji sung park, what is Imjin war): a question
    that starts with who and a copula, or with what and a copula before a content word."""
    match = _IDENTITY.match(text)
    return match is not None and (match.group(1).lower() == "who" or not is_stopword(match.group(2).lower()))


def is_statement(text: str) -> bool:
    """Tell whether a request opens as a statement about something ("the site looks broken", "my students can't
    submit", "customers say..."): its first word is an article, a pronoun or a determiner of the stop-word list,
    and not one that asks (what, which, who). An order opens with its verb, a question with its question word."""
    first = _FIRST_WORD.search(text)  # one regular expression, not the splitter: learning reads every episode
    return first is not None and first.group().lower() in _openers()


@functools.cache
def _openers() -> frozenset[str]:
    # a section of the one stop-word list (data/stopwords.txt), without the words that open questions
    return text.load_section("stopwords", "articles, pronouns, determiners") - _ASKING


_FIRST_WORD = re.compile(r"[^\W\d_]+")  # letters: "I'm" opens with I
_ASKING = frozenset({"who", "whom", "whose", "which", "what", "whatever"})  # they open questions, not statements


def clauses(text: str) -> list[str]:
    """Split a compound request into its clauses ("do X, then Y and Z"); short fragments join the previous."""
    parts = [p.strip() for p in _clause_break().split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and not terms(part):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged


def clause_of(text: str, part: str) -> str:
    """The clause of a compound request that holds part (the whole text when none does)."""
    return next((clause for clause in clauses(text) if part in clause), text)


def hints(kind: str) -> tuple[str, ...]:
    """Words tool schemas use for what a request names (a file, a path, a place): data/hints.txt."""
    return text.load_pairs("hints").get(kind, ())


def synonyms(word: str) -> tuple[str, ...]:
    """Words tool schemas use for a word people type (lowercase, unstemmed): data/synonyms.txt."""
    return text.load_pairs("synonyms").get(word, ())


@functools.cache
def _glossary() -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    pairs = text.load_pairs("cjk_glossary")
    return pairs, tuple(sorted(pairs, key=len, reverse=True))


def glossary(value: str) -> list[str]:
    """English words for the CJK words found in a text, longest match first."""
    entries, keys = _glossary()
    found: list[str] = []
    for run in text.runs(value):
        i = 0
        while i < len(run):
            key = next((k for k in keys if run.startswith(k, i)), None)
            if key is None:
                i += 1
                continue
            found.extend(entries[key])
            i += len(key)
    return found


@functools.cache
def _clause_break() -> re.Pattern:
    # words that join the steps of a compound request ("and", "then", 然后): data/clause_breaks.txt
    # longest first, then by the word: a set's order follows the process's string hashing
    joins = sorted(text.load_words("clause_breaks"), key=lambda j: (-len(j), j))
    latin = [re.escape(j).replace("_", r"\s+") for j in joins if j.isascii()]
    cjk = [re.escape(j) for j in joins if not j.isascii()]
    return re.compile("|".join([_PUNCTUATION_BREAK, rf"\s+(?:{'|'.join(latin)})\s+", *cjk]), re.IGNORECASE)
