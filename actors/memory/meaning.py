"""What a card's work means, in words: the tools' own descriptions, and the verbs a query may use for them. Pure.

A card about `git.commit` is about "recording changes to the repository" (git's manual page); a card about
`pip install` is about "installing packages". Those words are its *gloss*: an identity field recall matches
like a topic. They come from `broker/text/data/memory-glosses.txt`, generated from the tools' documentation
(manual pages' NAME lines, pip's and npm's help, MCP servers' tool descriptions, the project's organs'
docstrings) by `bench/memory_glosses.py`, never from queries; `memory-tools.txt` (what tools, subcommands and
hosted services are for) and `memory-files.txt` (what well-known files and folders hold), written by hand as
general knowledge, add the plain words people use for that work. In a live mesh, the descriptions the organs
registered their abilities with (the heart's manifest) are glosses too, and win over the file's.

A query word reaches the words of its ring, words developers use for the same thing (`memory-synonyms.txt`:
handbook, docs, documentation); recall weighs such a match lower than the word itself.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from typing import Iterable

import broker.text as text
from actors.memory import normalise

MAX_GLOSS = 16  # gloss terms kept per card
MAX_DESCRIBED = 4096  # abilities of a manifest kept as glosses
_CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]*)+\b")  # GitHub, TypeScript, PostgreSQL


def _stems(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(text.stem(w) for w in words if len(w) > 1 and not text.is_stopword(w)))


@functools.cache
def _glosses() -> dict[str, tuple[str, ...]]:
    """tool key -> the stems of its description's content words."""
    return {key.lower(): _stems(words) for key, words in text.load_pairs("memory-glosses").items()}


@functools.cache
def _tools() -> dict[str, tuple[str, ...]]:
    """tool key -> the stems of the plain words for what the tool is for (`memory-tools.txt`)."""
    return {key.lower(): _stems(words) for key, words in text.load_pairs("memory-tools").items()}


@functools.cache
def _files() -> dict[str, tuple[str, ...]]:
    """file or folder name -> the stems of the plain words for what it holds (`memory-files.txt`)."""
    return {key.lower(): _stems(words) for key, words in text.load_pairs("memory-files").items()}


@functools.cache
def workflows() -> tuple[tuple[tuple[str, ...], frozenset[str]], ...]:
    """The well-known workflows a playbook may be (round 13, data/memory-workflows.txt): (the stems of the words
    that ask for one, the stems of the marks its steps leave)."""
    found = []
    for name, values in sorted(text.load_pairs("memory-workflows").items()):
        words, bar, marks = " ".join(values).partition("|")
        if not bar or not words.split() or not marks.split():
            raise ValueError(f"broker/text/data/memory-workflows.txt: {name!r} needs `words | marks`")
        found.append((tuple(dict.fromkeys(text.stem(w) for w in words.split())),
                      frozenset(text.stem(m) for m in marks.split())))
    return tuple(found)


@functools.cache
def _names() -> frozenset[str]:
    """The one-word tool and service names the shipped knowledge describes (github, typescript)."""
    return frozenset(k for k in (*_glosses(), *_tools()) if k.isalnum())


def join_names(source: str) -> str:
    """Write the tool and service names a text spells in CamelCase (GitHub, TypeScript) as the one lower-case
    word the knowledge knows them by, so the text layer does not split them into words of their own (git, hub):
    "my GitHub account" is not about git. A CamelCase word the knowledge does not name (KeyError) is left as it is."""
    names = _names()
    return _CAMEL.sub(lambda m: m.group(0).lower() if m.group(0).lower() in names else m.group(0), source)


@functools.cache
def knowledge_digest() -> str:
    """A digest of the shipped knowledge a card's gloss is rendered from: when it changes, every card is again."""
    tables = [_glosses(), _tools(), _files(), sorted(normalise.generic_stems()),
              [(words, sorted(marks)) for words, marks in workflows()]]
    return hashlib.sha1(json.dumps(tables, sort_keys=True).encode()).hexdigest()[:16]


def described(manifest: dict) -> dict[str, list[str]]:
    """Glosses from the heart's manifest: `organ ability` -> the stems of the first sentence of its description."""
    found: dict[str, list[str]] = {}
    for organ, entry in sorted(manifest.items()) if isinstance(manifest, dict) else ():
        for ability in entry.get("abilities", ()) if isinstance(entry, dict) else ():
            name, description = ability.get("name"), ability.get("description")
            if not isinstance(name, str) or not isinstance(description, str) or len(found) >= MAX_DESCRIBED:
                continue
            sentence = description.strip().split(". ", 1)[0].split("\n", 1)[0]
            stems = _stems(text.content_words(sentence))
            if stems:
                found[f"{organ.lower()} {name.lower()}"] = list(stems[:MAX_GLOSS])
    return found


def _keys(organ: str, ability: str, programs: Iterable[str], actions: Iterable[str]) -> list[str]:
    """The names a card's work may be described under: `git_commit`, `git commit`, `fs read_file`, `pip install`."""
    keys: list[str] = []
    if ability:
        organ, ability = organ.lower(), ability.lower()
        words = list(dict.fromkeys([organ, *text.split_identifier(ability)])) if organ else text.split_identifier(ability)
        keys += [ability, f"{organ} {ability}".strip(), " ".join(words)]
    programs, actions = list(programs), list(actions)
    for program in programs:
        keys.append(program.lower())
        keys += [f"{program.lower()} {action.lower()}" for action in actions]
    return list(dict.fromkeys(keys))


def gloss(organ: str, ability: str, programs: Iterable[str] = (), actions: Iterable[str] = (),
          live: dict[str, list[str]] | None = None, files: Iterable[str] = (), hosts: Iterable[str] = ()
          ) -> list[str]:
    """The stems of the descriptions of a card's ability, programs and subcommands, unique, at most MAX_GLOSS.

    `live` (from `described`) describes the mesh's own abilities and wins over the shipped file. A well-known file
    or folder among the card's `files` (`changelog.md`: `memory-files.txt`) and a host named for a tool or service
    (a label of one of its `hosts`, `vault.ops.internal`: `memory-tools.txt`) say what the work was for. Words
    that name work in general (`generic.txt`: new, file, change, list, …) are left out: they say nothing about
    which tool, unless the text layer ties the word to this very tool (`related.txt`: changes are git's)."""
    table, tools = _glosses(), _tools()
    programs = list(programs)
    own_tools = {text.stem(t.lower()) for t in (organ, *programs) if t}
    found: dict[str, None] = {}
    own = (live or {}).get(f"{organ.lower()} {ability.lower()}") if ability else None
    if own:  # the mesh's own words for this ability; the file still describes its programs
        found.update(dict.fromkeys(own))
        organ = ability = ""
    for key in _keys(organ, ability, programs, actions):
        found.update(dict.fromkeys(table.get(key, ())))
        found.update(dict.fromkeys(tools.get(key, ())))
    for name in files:
        found.update(dict.fromkeys(_files().get(name.lower().rsplit("/", 1)[-1], ())))
    for host in hosts:
        for label in host.lower().split("."):
            found.update(dict.fromkeys(tools.get(label, ())))
    generic = normalise.generic_stems()
    return [t for t in found if t not in generic or own_tools.intersection(text.related(t))][:MAX_GLOSS]


@functools.cache
def _rings() -> dict[str, tuple[str, ...]]:
    """stemmed word -> the stems of the other words of its rings (`memory-synonyms.txt`)."""
    found: dict[str, dict[str, None]] = {}
    generic = normalise.generic_stems()
    for head, words in text.load_pairs("memory-synonyms").items():
        ring = [s for s in dict.fromkeys(text.stem(w.lower().replace("-", "")) for w in (head, *words))
                if s not in generic]
        for word in ring:
            found.setdefault(word, {}).update(dict.fromkeys(s for s in ring if s != word))
    return {word: tuple(others) for word, others in found.items()}


def similar(term: str) -> tuple[str, ...]:
    """The stems of the words a stemmed query word (or two or three words joined: `preprod`) may stand for
    (`handbook` -> document, doc, manual)."""
    return _rings().get(term, ())
