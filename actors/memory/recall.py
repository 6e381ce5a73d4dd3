"""Recall: how much of a card's identity a task-phrased query touches, with BM25-style weights and a floor.

A card's identity is a few fields of terms (see `distill.identity`): the ability it is about, the programs,
files and hosts, topic words and the words of the calls it saw. A query is what the agent is about to do, in its own words; it always says
more than a card, so the score asks which of the card's fields the query touches, not how much of the query
the card covers. Each touched field counts its best term's weight: a BM25 idf over the live cards (read as at
least `PRIOR_CARDS` of them, so that a new user's few cards do not make every shared name common), scaled to
[0, 1] by the largest possible idf, and lowered for words that name work in general (`data/generic.txt`).
A word of work also touches, more weakly, the programs that do that work (`data/related.txt`: "tests"
touches pytest and jest), a library an install verb names the package managers of its language ("install
pandas" touches pip, poetry, uv: `text.libraries`, round 23), and a word the other words of its ring
(`data/memory-synonyms.txt`: "handbook" touches docs). A word of work written in another language is read with
its English (`text.gloss`, round 26: "despliega" says deploy too). A query naming a card's file, host, resource,
whole ability ("git commit") or command (its program and subcommand: "npm test") outright lifts it. A
card whose score stays under the floor is not recalled, which keeps unrelated queries empty; nor is one that only
one word of the query reaches, unless that word is its program, the query names it outright or says little else
(`corroborated`, `share`); nor is
one that the query touches only in the words around it, the everyday words of its names, its calls' operands and
its tools' documentation, without naming or implying what it is about (`conditioned`, round 10); nor, when the
query's work is prose (a title typed `docs:`: `prose_work`, rounds 11-12), one it does not name
outright. A query
word that is no English word and that no card holds reaches the cards' words one edit away, more weakly
(`broker/text/fuzzy.py`: `breakpont` touches breakpoint).

The index is built in memory from the cards table and kept until the cards change (a generation counter in
`meta`). Its postings are ordered by impact: by the field a term sits in (a file before a topic word), then by
the card's standing (evidence and recency). A query reads its terms rarest first and at most `MAX_POSTINGS`
postings in all (`MAX_TERM_POSTINGS` per term), adds up each card's upper bound, and scores exactly only the
best `candidates`; so its cost is bounded whatever the query and whatever the store (a term held by every card
reads only the strongest of them).
"""

from __future__ import annotations

import functools
import json
import logging
import math
import re
import sqlite3
import sys
import threading
import time
from array import array
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, Iterable

import numpy as np

import broker.text as text
from actors.memory import meaning, normalise, sense
from broker.text import fuzzy
from actors.memory.store import LIVE, Card, CardStore

# round 17 re-chose ability, action and name by leaving one dev hand out (bench/recall_loho.py; they were 0.6, 0.5,
# 0.5); program stays 0.8, so a program named alone is enough (docs/memory.md, seventeenth round)
FIELD_WEIGHTS = {"file": 1.0, "host": 1.0, "program": 0.8, "ability": 0.75, "action": 0.625, "name": 0.625,
                 "resource": 0.5, "topic": 0.45, "command": 0.35, "gloss": 0.35, "workflow": 0.8}
KNOWLEDGE = frozenset({"gloss", "workflow"})  # fields of general knowledge about a card's tools, not of what it saw
SUMMED = frozenset({"topic", "command", "gloss", "name", "resource"})  # fields of words about the work: several of them add up
TOPIC_TERMS = 3  # words of a summed field that count (the best ones), each less than the one before
GENERIC = 0.5  # the weight left to a word that names work in general (run, file, test, error…; 0.35 until round 17)
RELATED = 0.5  # the weight left to a program reached through a word of work (tests -> pytest)
SIMILAR = 0.3  # the weight left to a word reached through a word of its ring (handbook -> documentation; 0.5 until
# round 18, when leaving one hand out chose 0.3 in every set fold and three of four style folds)
TYPO = 0.5  # the weight left to a card's word reached through a misspelling of it (breakpont -> breakpoint)
REACHED_PROGRAM = frozenset({"program", "ability", "name"})  # where a program reached through a word of work counts
# what a card is about, by how strictly a query must touch it (`conditioned`, round 10): the fields where any word
# of the card's that the query says is its condition, and the fields where only a word that is no everyday English
# word is (`github`, `sdk`, `pytest`: a name; `local`, `report`, `restore`: anyone's errand). "strict" also reads
# the words of a card's ability (commit, write, read) and a folder named by an everyday word (orders/) that way.
class Condition(StrEnum):
    """How a query must touch what a card is about (`conditioned`); the setting `recall_condition`."""

    OFF = "off"
    IMPLIED = "implied"
    STRICT = "strict"


CONDITION_FIELDS = {Condition.IMPLIED: (frozenset({"program", "action", "file", "host", "resource", "ability", "topic",
                                                   "workflow"}),
                                        frozenset({"name", "command", "gloss"})),
                    Condition.STRICT: (frozenset({"program", "action", "file", "host", "resource", "topic", "workflow"}),
                                       frozenset({"name", "command", "gloss", "ability"}))}
# where a word of a ring names what it reaches as well as the word itself (a staging host's label for "pre-production", had a ring said so)
RING_NAMED = frozenset({"program", "file", "host", "name"})
CONDITION = Condition.IMPLIED  # the default: a card is recalled only when the query names or implies its condition
MIN_RELEVANCE = 0.55  # a card must reach this score to be recalled at all
PATH_BOOST = 1.5  # a card about a file or host the query names outright
SAYS_HALF = 0.4  # one word reaching a card is enough when it carries this share of what the query says (round 12;
# 0.5 until round 25, chosen again leaving one of eleven sets out)
# the floor asks about this many words' worth of evidence: a query saying less is held to what it says (round 12;
# 2.0 until round 17)
FLOOR_WORDS = 3.0
# idf as if the store held at least this many cards: in a new user's store of three cards a term two of them share
# is no common word, yet plain idf weighs it as one (npm in 2 of 2 cards: 0.26 of the top weight, under any floor).
# Chosen on the dev sets (fresh–fresh8; their stores hold 4–10 cards): 10 gave R@3 362 → 370 of 447 and false
# positives 19 → 21 of 240; 20 and 50 gave +12 / +3 and +14 / +5.
PRIOR_CARDS = 10
MAX_QUERY_CHARS = 8000
MAX_TERMS_CHARS = 500  # an agent's search words beside its query (`memory.recall`'s terms)
ROOM_STEP = 512  # characters of a query first read beside the words (`_room_for`; then twice as many, and so on)
MAX_TASKS = 8  # tasks a card is compared by at most (distill keeps five)
INLINE_TASKS = 16  # new tasks a query embeds itself when its store changed (~7 ms each); more wait for a thread
MAX_TASK_CHARS = 1000  # a task is read as its first 1,000 characters (distill keeps 200, a few more once redacted)
MAX_QUERY_TERMS = 256
MAX_RELATED_TERMS = 256
MAX_POSTINGS = 4096  # postings one query reads at most
MAX_TERM_POSTINGS = 1024  # postings one term contributes at most
CANDIDATES = 64  # cards scored exactly per query (at least; more for a large limit)
PROPOSALS = 5  # cards a reader chooses from (`Recaller.proposals`; dev queries' words touch 2.7 on average)
HALF_LIFE_S = 30 * 86400.0
FLUSH_AFTER_HITS = 32
FLUSH_AFTER_S = 30.0
log = logging.getLogger(__name__)
# a host is tried where every word of a run of its characters begins, and was read to the run's end each time: 0.5 s
# for a query of 8,000 characters of `x.x.x…` (docs/security.md O60); a host's name is 253 characters at most
_HOST = re.compile(r"\b(?=[a-z0-9.-]{1,253}+(?![a-z0-9.-]))(?:[a-z0-9-]+\.)+[a-z]{2,}\b", re.I)


@dataclass(frozen=True, slots=True)
class Query:
    """A query as the index sees it: its terms, the terms its words of work relate to, and the files and hosts
    it names outright."""

    terms: frozenset[str]
    named: frozenset[str]  # file names, paths and hosts
    named_stems: frozenset[str] = frozenset()  # the stems of the base names of the paths it names (/healthz)
    related: frozenset[str] = frozenset()  # programs reached through words of work, not named
    related_from: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (query word, the programs it reached)
    similar: frozenset[str] = frozenset()  # words reached through a word that may stand for them, not said
    similar_from: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (query word, the words it reached)
    unknown: tuple[str, ...] = ()  # the query's words that are no English word: maybe misspelt (broker/text/fuzzy)
    prose: bool = False  # its work is prose (explain, draft, write the README…): no tool of a card is called
    said: tuple[str, ...] = ()  # the stems of the words it says (no ticket key, stop word or number; CJK runs whole)


@dataclass(frozen=True, slots=True)
class Hit:
    """A recalled card with its score and how it was reached."""

    card: Card
    score: float
    relevance: float
    weight: float
    touched: tuple[str, ...] = ()
    chosen: bool = True  # recall's own choice holds it: not a proposal it refused, nor the nearest in meaning

    def as_dict(self) -> dict:
        """The contract's recall entry, plus the parts of the score."""
        return {"id": self.card.id, "kind": self.card.kind, "title": self.card.title, "body": self.card.body,
                "score": float(f"{self.score:.4g}"), "relevance": round(self.relevance, 4),
                "weight": float(f"{self.weight:.4g}"), "when": self.card.when, "wrong": self.card.wrong,
                "instead": self.card.instead, "hits": self.card.hits, "files": list(self.card.files),
                "touched": list(self.touched)}


class Refusal(StrEnum):
    """Why a card a query reaches is not recalled (`Index.verdict`)."""

    UNTOUCHED = "untouched"  # no term of the query is the card's
    FLOOR = "floor"  # under the relevance floor
    PROSE = "prose"  # the query's work is prose and it does not name the card outright
    ONE_WORD = "one word"  # one word of the query reaches it (`corroborated`, `share`)
    CONDITION = "condition"  # only the words around it (`conditioned`)


@dataclass(frozen=True, slots=True)
class Asking:
    """What one query brings to every card it is scored against (`Index.asking`)."""

    q: Query
    weights: dict[str, float]  # the query's terms the cards hold, weighted
    sources: dict[str, str]  # a term reached through another word -> that word
    only: dict[str, frozenset[str]]  # a reached program -> the fields it may count in
    typos: frozenset[str]  # the cards' words reached through misspellings
    info: dict[str, float]  # what each word it says tells (`Index.information`)
    floor: float  # the floor it is held to (`held_to`)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A card scored for a query: its relevance, the fields and parts that made it, and what refuses it."""

    relevance: float
    touched: tuple[str, ...]
    parts: tuple[tuple[str, str, str, float], ...]
    refused: Refusal | None
    named: bool = False  # the query names one of its files, hosts, resources, its ability or command outright


# -- pure -----------------------------------------------------------------------------------

def with_terms(query: str, terms: str) -> str:
    """What recall reads for a query and the agent's search words for it (`memory.recall`'s terms: programs, files,
    hosts and English words for a step told in its user's words or language): the query, cut so that the words fit
    `MAX_QUERY_CHARS`, then the words. Round 32: writers who saw only the queries gave the fourteen dev sets' queries
    words that lift the proposals' reach from 800 to 829 of 837 positives (docs/memory.md)."""
    terms = " ".join(terms[:MAX_TERMS_CHARS].split())
    if not terms:
        return query
    return f"{_room_for(query[:MAX_QUERY_CHARS - len(terms) - 1], terms)}\n{terms}"


def _room_for(query: str, terms: str) -> str:
    """The longest start of a query beside which `parse_query` reads every term of the agent's words (O56): it
    keeps the first MAX_QUERY_TERMS terms it reads and the words come last, so a query of 600 different words left
    none of them. Cut at a blank where the start has one; the whole query when it leaves room, as any step does (one
    read of it). Starts are tried from ROOM_STEP characters up, twice as long each time, since the cut is near the
    start: a query past the cap costs about 20 ms, at 4,000 characters as at 8,000."""
    own = _read(_prepared(terms))[2].keys()
    def fits(start: str) -> bool:
        return own <= _read(_prepared(f"{start}\n{terms}"))[2].keys()
    low, high = 0, ROOM_STEP  # a start that fits, and one that may not
    while high < len(query) and fits(query[:high]):
        low, high = high, 2 * high
    if high >= len(query) and fits(query):
        return query
    high = min(high, len(query))  # query[:low] fits, query[:high] does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(query[:middle]) else (low, middle)
    start = query[:low]
    blank = max(start.rfind(" "), start.rfind("\n"))
    return start[:blank] if blank > 0 else start


def parse_query(query: str) -> Query:
    """The terms of a query (stems, CJK pairs, file names, hosts), bounded whatever its length."""
    query = _prepared(query)
    paths, named, terms = _read(query)
    compounds = _compounds(query)
    for term in compounds:  # "pull request" is said as much as "pullrequest" would be
        terms.setdefault(term, None)
    kept = list(terms)[:MAX_QUERY_TERMS]
    libraries = {text.stem(name): managers for name, managers in text.libraries(query).items()}
    related, sources = _reach(kept, terms, lambda t: programs_of(t, libraries))
    similar, similar_from = _reach(kept, terms, meaning.similar)
    named_stems = frozenset(text.stem(text.basename(p)) for p in paths)
    content = text.content_words(query)
    unknown = tuple(w for w in content if fuzzy.may_be_typo(w))[:MAX_QUERY_TERMS]
    said = tuple(dict.fromkeys([*text.stems(query), *text.runs(query)]))[:MAX_QUERY_TERMS]
    return Query(terms=frozenset(kept), named=frozenset(named), named_stems=named_stems, related=frozenset(related),
                 related_from=sources, similar=frozenset(similar), similar_from=similar_from, unknown=unknown,
                 prose=prose_work(query), said=said)


def _prepared(query: str) -> str:
    """A query as its terms are read: its tickets blanked, its English said, the names it spells in CamelCase joined."""
    # `RUST-201:` names a queue; `despliega el servicio` asks to deploy it (round 26)
    return meaning.join_names(text.gloss(text.without_tickets(query[:MAX_QUERY_CHARS])))


def _read(query: str) -> tuple[list[str], dict[str, None], dict[str, None]]:
    """A prepared query's files, what it names outright (its files, their names and its hosts), and the terms
    `parse_query` keeps of it before compounds: those, stems and CJK pairs, then words as written and the names it
    spells in CamelCase, whole, in the order said, at most MAX_QUERY_TERMS."""
    named: dict[str, None] = {}
    paths = text.paths(query)
    for path in paths:
        named.setdefault(path, None)
        named.setdefault(text.basename(path), None)
    for host in _HOST.findall(query):
        named.setdefault(host.lower(), None)
    terms: dict[str, None] = dict.fromkeys(named)
    for term in text.terms(query):
        terms.setdefault(term, None)
        if len(terms) >= MAX_QUERY_TERMS:
            break
    for word in text.words(query):  # programs are matched unstemmed too (pytest, npm, k8s)
        if len(terms) >= MAX_QUERY_TERMS:
            break
        if word[0] < "\u3040" and len(word) > 1 and not word.isdigit():
            terms.setdefault(word, None)
    for name in text.camel_names(query)[: max(0, MAX_QUERY_TERMS - len(terms))]:  # whole, as a card's commands keep it
        terms.setdefault(name, None)
    return paths, named, terms


def programs_of(term: str, libraries: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The programs a query's term reaches: those of its work (`text.related`: tests -> pytest), and for a library an
    install verb names (`libraries`: stem -> its package managers) the package managers of its language (round 23:
    the name says what is installed, so the card of what installs it is touched by two words). An install verb
    whose operand names libraries reaches only their languages' managers: `install numpy` is no npm's work."""
    reached = text.related(term)
    if libraries and text.is_install_verb(term):
        managers = {m for found in libraries.values() for m in found}
        reached = tuple(p for p in reached if p in managers)
    return tuple(dict.fromkeys((*reached, *libraries.get(term, ()))))


def _compounds(query: str) -> list[str]:
    """Two or three words in a row written as one (`pull request` -> pullrequest; `end-to-end` -> endtoend),
    when that is a word of a ring."""
    split = [w for w in text.words(query) if w[0] < "\u3040"][:MAX_QUERY_TERMS]
    joined = [*(a + b for a, b in zip(split, split[1:])), *(a + b + c for a, b, c in zip(split, split[1:], split[2:]))]
    return list(dict.fromkeys(j for j in map(text.stem, joined) if meaning.similar(j)))


def _reach(kept: list[str], said: dict[str, None], lookup: Callable[[str], tuple[str, ...]]
           ) -> tuple[dict[str, None], tuple[tuple[str, tuple[str, ...]], ...]]:
    """The terms the query's words reach through a lookup (not said themselves), at most MAX_RELATED_TERMS."""
    reached_all: dict[str, None] = {}
    sources = []
    for term in kept:
        reached = tuple(t for t in lookup(term) if t not in said)[: max(0, MAX_RELATED_TERMS - len(reached_all))]
        if reached:
            reached_all.update(dict.fromkeys(reached))
            sources.append((term, reached))
    return reached_all, tuple(sources)


PROSE_CHARS = 120  # the start of a query, where its type is


_TYPED = re.compile(r"\s*([A-Za-z]+)(?:\([^()\n]{0,40}\))?!?:\s")  # `docs: `, `fix(parser): `, `feat!: `


def prose_work(query: str) -> bool:
    """Tell whether a query's work is prose, not work with tools: a title typed as the Conventional Commits
    convention types a change (`docs:`, `docs(readme):`) as a change to documentation only, prose whatever follows;
    or (round 29) a query that says so itself: “docs only”, “(text only)”, “just the content”, “no config change”.
    (Round 11's verbs of prose work, “explain …”, “draft …”, “write the README section …”, went in round 19: they
    had no evidence on the cells they were not made on.)"""
    typed = _TYPED.match(text.without_tickets(query[:PROSE_CHARS]))
    if typed and typed.group(1).lower() in _prose_types():
        return True
    return _prose_scope().search(query[:MAX_QUERY_CHARS]) is not None


@functools.cache
def _prose_types() -> frozenset[str]:
    """The change types that are prose: documentation only (`docs`)."""
    return frozenset(text.load_pairs("memory-prose")["prose_types"])


@functools.cache
def _prose_scope() -> re.Pattern:
    """What a query says to keep its work to prose (data/memory-prose.txt): `<prose> only`, `only the <prose>`,
    `just (the) <prose>`, `no <tooling> change(s)`."""
    lists = text.load_pairs("memory-prose")
    prose = "|".join(map(re.escape, lists["prose_words"]))
    tooling = "|".join(map(re.escape, lists["untouched"]))
    # said as words, not as part of a path, a URL, an option or a file's name (`site/docs-only/`, `--text-only`,
    # `content-only.yaml`: docs/security.md O43)
    return re.compile(rf"(?<![\w/\\.@~-])(?:(?:{prose})[ -]only|only (?:the )?(?:{prose})|just (?:the )?(?:{prose})"
                      rf"|no (?:{tooling}) changes?)(?![\w/\\@~-]|\.\w)", re.IGNORECASE)


def weight(card: Card, now: float, half_life_s: float = HALF_LIFE_S) -> float:
    """How much a card counts now: its evidence and use, halved for every half-life since last confirmed."""
    return _weight(card.confirmations, card.hits, card.confirmed_at, now, half_life_s)


def _weight(confirmations: int, hits: int, confirmed_at: float, now: float, half_life_s: float) -> float:
    evidence = 1.0 + math.log2(1 + confirmations + hits)
    age = max(0.0, now - confirmed_at)
    return evidence * math.pow(2.0, -age / half_life_s)


def idf(df: int, total: int) -> float:
    """BM25's inverse document frequency (always positive)."""
    return math.log(1.0 + (total - df + 0.5) / (df + 0.5))


def relevance(identity: dict[str, list[str]], weights: dict[str, float], sources: dict[str, str] | None = None,
              only: dict[str, frozenset[str]] | None = None, said: frozenset[str] = frozenset()
              ) -> tuple[float, tuple[str, ...]]:
    """Score the card fields a query touches (see `contributions` for the rule); the score and the fields touched."""
    total, touched, _, _ = contributions(identity, weights, sources, only, said)
    return total, touched


def contributions(identity: dict[str, list[str]], weights: dict[str, float], sources: dict[str, str] | None = None,
                  only: dict[str, frozenset[str]] | None = None, said: frozenset[str] = frozenset()
                  ) -> tuple[float, tuple[str, ...], tuple[tuple[str, str, str, float], ...], tuple[tuple[str, str, str], ...]]:
    """Score the card fields a query touches: each term's weight × its field's weight.

    `weights` holds only the query's terms (term -> weight in [0, 1]). A field counts its best term; topic, gloss
    and name words add up, each counting half the one before, up to TOPIC_TERMS of them. `sources` names the query
    word each term came from (a program reached through a word of work): one query word counts once, where it
    adds the most (taken greedily, the largest gain first: a word a card holds in two fields does not crowd out
    another word of the one field it shares). `only` names the fields a reached term may count in: a program
    reached through a word of work is a program, not a topic word; a gloss verb counts as a gloss. An ability the
    query names outright (every word of it, organ included, among the words `said`: "git commit") is one name:
    its words add up, in full, and count nowhere else. Also the parts of the score: (field, term, query word,
    value) for each term that counted, and (field, term, query word) for every term that reached the card,
    whether or not its field still had room for it (a workflow's ability field counts one of its words).
    """
    reaching: list[tuple[str, str, str]] = []  # (field, term, word) for every term that reaches the card
    values: list[float] = []
    reach: dict[str, int] = {}
    filled: dict[str, int] = {}
    used: set[str] = set()
    parts: list[tuple[str, str, str, float]] = []
    total = 0.0
    whole = identity.get("ability", ())
    if names_ability(identity, said):
        parts = [("ability", t, t, FIELD_WEIGHTS["ability"] * weights.get(t, 0.0)) for t in whole]
        total = sum(p[3] for p in parts)
        filled["ability"] = 1
        used.update(whole)
    for field, terms in identity.items():
        if field in filled:
            continue
        factor = FIELD_WEIGHTS.get(field, 0.5)
        for t in terms:
            if t in weights and (not only or t not in only or field in only[t]):
                source = sources.get(t, t) if sources else t
                if source in used:
                    continue
                reach[source] = reach.get(source, 0) + 1
                reaching.append((field, t, source))
                values.append(factor * weights[t])
    if not reaching and not filled:
        return 0.0, (), (), ()
    # (gain now, -fields the word could go to, term, field, word, raw value): the largest gain first, then the
    # word that could go to fewer fields, then by term and field; compared as tuples (no key function)
    options = [(v, -reach[w], t, f, w, v) for v, (f, t, w) in zip(values, reaching)]
    while options:
        gain, _, term, field, word, _ = max(options)
        total += gain
        parts.append((field, term, word, gain))
        count = filled[field] = filled.get(field, 0) + 1
        used.add(word)
        if count >= (TOPIC_TERMS if field in SUMMED else 1):
            options = [o for o in options if o[4] not in used and o[3] != field]
        else:
            halved = 2 ** count
            options = [o if o[3] != field else (o[5] / halved, *o[1:]) for o in options if o[4] not in used]
    touched = tuple(f for f in identity if f in filled)
    return total, touched, tuple(parts), tuple(reaching)


def document_frequencies(identities: Iterable[dict[str, list[str]]]) -> dict[str, int]:
    """How many cards hold each term. A card counts once, however many of its fields hold the term; and a term
    counts where cards saw it (their abilities, programs, files, topics), the gloss (general knowledge of what
    their tools do) only for a term no card saw: knowing that npm is about "node packages" does not make "node"
    a common word among the cards."""
    seen: Counter[str] = Counter()
    glossed: Counter[str] = Counter()
    for ident in identities:
        own: set[str] = set()
        for f, terms in ident.items():
            if f not in KNOWLEDGE:
                own.update(terms)
        seen.update(own)
        for f in KNOWLEDGE.intersection(ident):
            glossed.update(set(ident[f]) - own)
    return {**glossed, **seen}


def names_ability(identity: dict[str, list[str]], said: frozenset[str]) -> bool:
    """Tell whether a query says every word of a card's ability, its organ included (`git commit` for git.commit;
    a workflow's several abilities are never named at once)."""
    whole = identity.get("ability", ())
    return len(whole) >= 2 and all(t in said for t in whole)


def share(parts: Iterable[tuple[str, str, str, float]], info: dict[str, float]) -> float:
    """How much of what a query says (`Index.information`: each word it says, weighted by its rarity among the
    cards) the words that reach a card account for (round 12). One word of a long plan step is one errand's word
    among many, and as often another errand's (`corroborated`); the one telling word of a terse ticket title
    (“Changelog for BKP-18”) is most of what it says."""
    total = sum(info.values())
    if not total:
        return 0.0
    # a part's word is the query's term: a stem already (`releas`) or a word as written (`release`); stemming a
    # stem again may change it (releas -> relea), so both are looked up among the stems the query says
    covered = {w for _, _, word, _ in parts for w in (word, text.stem(word))}
    return sum(v for s, v in info.items() if s in covered) / total


def held_to(floor: float, said: float) -> float:
    """The relevance floor a query is held to (round 12): the floor asks about two words' worth of evidence (one
    word of a card's work is never enough on its own, round 7); a query whose words say less than two words'
    worth (`said`: the sum of `Index.information`, a terse title of one telling word and a ticket key) is held
    to what it says: the floor × said / FLOOR_WORDS. A query of no telling word keeps the floor."""
    return floor * min(1.0, said / FLOOR_WORDS) if said > 0 else floor


def corroborated(parts: Iterable[tuple[str, str, str, float]], generic: frozenset[str] = frozenset(),
                 reaching: Iterable[tuple[str, str, str]] = ()) -> bool:
    """Tell whether what reaches a card is more than one word of work: two different words of the query reach it
    (told apart by stem): words that count in its score (a term reached through a ring or a word of work counts as
    the word that reached it), and words the query says itself that the card holds where its field had room for
    one word only (`git diff … commit` for a git.status → git.diff → git.commit workflow), no word of work among
    those; or the query says the card's program (`pytest`, `pip`), no word of work. Any other word is never
    enough on its own: a word of work (`commit`, `install`, `docs`) is as often another errand's word as this
    card's, and so is a folder or file said as a plain word (`ingest`, `topics`, `Dockerfile`: round 21, “set up a
    Grafana dashboard for ingest lag” is no errand of a card about the `ingest/` crate's tests). A query naming the
    card's file, host, resource, whole ability or command outright needs nothing more (see `names_touched`)."""
    parts = list(parts)
    words = {text.stem(word) for _, _, word, _ in parts}
    words.update(text.stem(w) for _, t, w in reaching if t == w and t not in generic)
    if len(words) >= 2:
        return True
    return any(field == "program" and term == word and term not in generic for field, term, word, _ in parts)


def conditioned(parts: Iterable[tuple[str, str, str, float]], generic: frozenset[str] = frozenset(), *,
                mode: Condition = CONDITION, reached_programs: frozenset[str] = frozenset(),
                ring_words: frozenset[str] = frozenset(), typos: frozenset[str] = frozenset()) -> bool:
    """Tell whether the query touches what a card is about, not only the words around it (round 10).

    A card's word counts when it is no word of work (`generic.txt`) and the query says it (or misspells it): in
    the fields that name what the card is about (`CONDITION_FIELDS[mode][0]`: its program, subcommand, file,
    host, resource, ability, the task words it was learned under), or, in the fields of words around it (the
    words of its names, of its calls' operands, of its tools' documentation), when it is no everyday English word
    (`github`, `sdk` count; `local`, `report`, `restore` do not: they are as often anyone else's errand). The query
    may also imply it: a program through a word of work (`tests` -> pytest), a program, file, host or name through
    a word of its ring (`postgresql` -> postgres). Nothing else reached counts (a ring word that reaches an
    ability, `repository` -> git, is the work around the card, not the card; nor one that reaches its subcommand,
    task words, resource, its tools' documentation or its calls' operands: round 16's reach into the subcommand,
    resource and task words went in round 17). "strict" reads the words of the card's ability and a folder named by an everyday word as
    words around it; "off" asks nothing.
    A query naming the card's file, host or whole ability outright needs nothing more (`names_touched`)."""
    if mode == Condition.OFF:
        return True
    about, around = CONDITION_FIELDS[mode]
    everyday = everyday_stems()
    for field, term, word, _ in parts:
        if term in generic:
            continue
        if term == word or term in typos:
            if field == "file" and mode == Condition.STRICT and term in everyday:
                field = "name"  # a folder named by an everyday word (orders/): a word of a name
            if field in about or (field in around and term not in everyday):
                return True
        elif (field == "program" and term in reached_programs) or (field in RING_NAMED and term in ring_words):
            return True
    return False


@functools.cache
def everyday_stems() -> frozenset[str]:
    """The everyday English words (`text.everyday`), as written and stemmed, as cards hold them."""
    return frozenset({*text.everyday(), *map(text.stem, text.everyday())})


def names_touched(identity: dict[str, list[str]], named: frozenset[str], named_stems: frozenset[str] = frozenset(),
                  said: frozenset[str] = frozenset()) -> bool:
    """Tell whether a query names one of a card's files, hosts, resources, its ability or its command outright
    (`conf.yaml`, `api.example.com`, `/healthz`, `git commit`, `npm test`)."""
    return (bool(named) and (any(t in named for f in ("file", "host") for t in identity.get(f, ()))
                             or any(t in named_stems for t in identity.get("resource", ())))
            or names_ability(identity, said) or names_command(identity, said))


def names_command(identity: dict[str, list[str]], said: frozenset[str]) -> bool:
    """Tell whether a query says a card's command, its program and the subcommand it ran (`npm test`, `cargo
    build`): as precise as naming its file."""
    return (any(t in said for t in identity.get("action", ()))
            and any(t in said for t in identity.get("program", ())))


def score(relevance_: float, card_weight: float) -> float:
    """A recalled card's rank: relevance first, the card's weight as a tie-breaker that can lift it by half."""
    return relevance_ * (1.0 + math.log1p(card_weight)) / 2.0


# -- the index ------------------------------------------------------------------------------

class Index:
    """Impact-ordered postings of the live cards' identity terms, with document frequencies.

    Cards are numbered by standing (evidence and recency, best first), so each posting list, grouped by the
    field its term sits in, is already in the order a bounded query wants to read it.
    """

    def __init__(self, rows: Iterable[tuple], generic: frozenset[str], half_life_s: float = HALF_LIFE_S) -> None:
        parsed = []
        ln2 = math.log(2)
        for card_id, raw, confirmations, hits, confirmed_at in rows:
            ident = _identity(raw)
            if ident:
                # the log of the weight at any fixed time: the order of cards by weight never changes with time
                standing = math.log(1.0 + math.log2(1 + confirmations + hits)) + confirmed_at / half_life_s * ln2
                parsed.append((-standing, card_id, ident, (confirmations, hits, confirmed_at)))
        parsed.sort(key=lambda p: (p[0], p[1]))
        self.ids = array("q", (p[1] for p in parsed))
        self.identities: list[dict[str, list[str]]] = [p[2] for p in parsed]
        self.stats: list[tuple[int, int, float]] = [p[3] for p in parsed]
        lists: dict[tuple[str, float], list[int]] = {}
        for pos, ident in enumerate(self.identities):
            for field, terms in ident.items():
                impact = FIELD_WEIGHTS.get(field, 0.5)
                for term in terms:
                    found = lists.get((term, impact))
                    if found is None:
                        lists[(term, impact)] = [pos]
                    elif found[-1] != pos:  # one posting a card in each list: two fields of one weight are one
                        found.append(pos)
        # term -> [(impact, positions best card first)], strongest field first
        self.postings: dict[str, list[tuple[float, np.ndarray]]] = {}
        for (term, impact), positions in sorted(lists.items(), key=lambda kv: -kv[0][1]):
            self.postings.setdefault(term, []).append((impact, np.array(positions, dtype=np.int32)))
        self.df = document_frequencies(self.identities)
        self.total = max(len(self.ids), PRIOR_CARDS)  # the count idf reads (see PRIOR_CARDS)
        self.generic = generic
        self.half_life_s = half_life_s
        self.top = idf(1, self.total)
        self.task_texts: list[tuple[str, ...]] | None = None  # each card's tasks, when recall uses meaning (sense.py)
        self.tasks: sense.Tasks | None = None  # their vectors, once made (Recaller.give_meaning)
        self.learned_here: np.ndarray | None = None  # each card's: learned from this journal, not imported
        self.neighbours = fuzzy.Neighbours(self.df)

    @functools.cached_property
    def position(self) -> dict[int, int]:
        """Each card's position by its id (made once an index, when a query first asks)."""
        return {card_id: pos for pos, card_id in enumerate(self.ids)}

    def misspelt(self, q: Query) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(query word's stem, the cards' words one edit from it) for the query's unknown words the cards do not
        hold as written: `breakpont` reaches breakpoint, `pytset` pytest."""
        found = []
        for word in q.unknown:
            stem = text.stem(word)
            if stem in self.df or word in self.df:
                continue
            near = self.neighbours.near(stem) or self.neighbours.near(word)
            if near:
                found.append((stem, near))
        return tuple(found)

    def weights(self, q: Query, misspelt: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> dict[str, float]:
        """Each query term the cards hold, weighted in [0, 1]: idf over the largest idf, generic words lowered;
        terms reached through words of work (q.related), rings, gloss verbs or misspellings weighted lower still."""
        found: dict[str, float] = {}
        for term in q.terms:
            df = self.df.get(term)
            if df:
                w = min(1.0, idf(df, self.total) / self.top)
                found[term] = w * (GENERIC if term in self.generic else 1.0)
        for reached, factor in ((q.related, RELATED), (q.similar, SIMILAR)):
            for term in reached:
                df = self.df.get(term)
                if df and term not in found:
                    found[term] = min(1.0, idf(df, self.total) / self.top) * factor
        for _, near in misspelt:
            for term in near:
                if term not in found:
                    found[term] = min(1.0, idf(self.df[term], self.total) / self.top) * TYPO
        return found

    def information(self, q: Query) -> dict[str, float]:
        """What each word the query says tells, in [0, 1]: its weight among the cards (idf over the largest idf),
        1 for a word no card holds (as rare as a word can be), nothing for a word of work."""
        info = {}
        for s in q.said:
            if s not in self.generic:
                df = self.df.get(s)
                info[s] = min(1.0, idf(df, self.total) / self.top) if df else 1.0
        return info

    def candidates(self, weights: dict[str, float], n: int) -> list[int]:
        """The positions of at most n cards with the best upper bounds, reading a bounded number of postings (the
        bounds added up in numpy in one pass, in the order the postings were read; ties go to the card of better
        standing, the lower position)."""
        read: list[np.ndarray] = []
        values: list[np.ndarray] = []
        budget = MAX_POSTINGS
        for term in sorted(weights, key=lambda t: (-weights[t], t)):  # rarest (heaviest) first
            w, left = weights[term], min(MAX_TERM_POSTINGS, budget)
            for impact, positions in self.postings[term]:
                taken = positions if len(positions) <= left else positions[:left]
                read.append(taken)
                values.append(np.full(len(taken), w * impact))  # a card is in each list once (see __init__)
                left -= len(taken)
                if left <= 0:
                    break
            budget -= min(MAX_TERM_POSTINGS, budget) - left
            if budget <= 0:
                break
        if not read:
            return []
        positions = np.concatenate(read)
        bound = np.bincount(positions, weights=np.concatenate(values))
        reached = np.flatnonzero(np.bincount(positions))
        if len(reached) > n:
            reached = reached[np.lexsort((reached, -bound[reached]))[:n]]
        return reached.tolist()

    def asking(self, q: Query, floor: float) -> Asking | None:
        """What a query brings to every card it is scored against; None when no term of it is any card's."""
        misspelt = self.misspelt(q)
        weights = self.weights(q, misspelt)
        if not weights:
            return None
        sources = {t: s for s, ts in (*q.similar_from, *q.related_from, *misspelt) for t in ts
                   if t in weights and t not in q.terms}
        only: dict[str, frozenset[str]] = {}
        for _, ts in q.related_from:
            for t in ts:
                if t in sources:
                    only[t] = only.get(t, frozenset()) | REACHED_PROGRAM
        typos = frozenset(t for _, near in misspelt for t in near)
        info = self.information(q)
        return Asking(q, weights, sources, only, typos, info, held_to(floor, sum(info.values())))

    def verdict(self, a: Asking, pos: int, condition: Condition = CONDITION) -> Verdict:
        """Score one card for a query and say which rule, if any, refuses it (the first that does, in this order:
        untouched, the floor even with the path boost, prose work, one word, the condition, the floor)."""
        q = a.q
        ident = self.identities[pos]
        rel, touched, parts, reaching = contributions(ident, a.weights, a.sources, a.only, q.terms)
        if not parts:
            return Verdict(rel, touched, parts, Refusal.UNTOUCHED)
        if rel * PATH_BOOST < a.floor:
            return Verdict(rel, touched, parts, Refusal.FLOOR)
        named = names_touched(ident, q.named, q.named_stems, q.terms)
        if q.prose and condition != Condition.OFF and not named:
            return Verdict(rel, touched, parts, Refusal.PROSE)  # writing about the work calls no tool
        if not (named or corroborated(parts, self.generic, reaching) or share(parts, a.info) >= SAYS_HALF):
            return Verdict(rel, touched, parts, Refusal.ONE_WORD)
        if not (named or conditioned(parts, self.generic, mode=condition, reached_programs=q.related,
                                     ring_words=q.similar, typos=a.typos)):
            return Verdict(rel, touched, parts, Refusal.CONDITION)
        if named:
            rel *= PATH_BOOST
        return Verdict(rel, touched, parts, Refusal.FLOOR if rel < a.floor else None, named)

    def search(self, q: Query, floor: float, limit: int = 5, now: float | None = None,
               condition: Condition = CONDITION) -> list[tuple[float, int, float, tuple[str, ...]]]:
        """(estimated score, position, relevance, fields touched) of the best cards at or above the floor."""
        return admitted(self.judge(q, floor, limit, now, condition))

    def judge(self, q: Query, floor: float, limit: int = 5, now: float | None = None,
              condition: Condition = CONDITION) -> list[tuple[float, int, Verdict]]:
        """(estimated score, position, verdict) of the candidate cards the query's words touch, best first,
        refused or not."""
        a = self.asking(q, floor)
        if a is None:
            return []
        now = time.time() if now is None else now
        found = []
        for pos in self.candidates(a.weights, max(CANDIDATES, 4 * limit)):
            v = self.verdict(a, pos, condition)
            if v.parts:
                confirmations, hits, confirmed_at = self.stats[pos]
                w = _weight(confirmations, hits, confirmed_at, now, self.half_life_s)
                found.append((score(v.relevance, w), pos, v))
        found.sort(key=lambda f: (-f[0], self.ids[f[1]]))
        return found

    def words(self, v: Verdict) -> int:
        """How many of the query's words reach a card, words of work left out."""
        return len({word for _, term, word, _ in v.parts if term not in self.generic})


class Recaller:
    """Ranks cards for queries on any connection; counts hits in memory until a flush takes them."""

    def __init__(self, *, clock: Callable[[], float] = time.time, half_life_s: float = HALF_LIFE_S,
                 min_relevance: float = MIN_RELEVANCE, fusion: sense.Fusion | None = None, encoder=None,
                 condition: Condition | str = CONDITION) -> None:
        if condition not in tuple(Condition):
            raise ValueError(f"recall condition must be one of {', '.join(Condition)}, not {condition!r}")
        self.clock = clock
        self.condition = Condition(condition)
        self.fusion, self.meaning, encoder = sense.vectors_for(
            sense.fusion_from_env() if fusion is None else fusion, encoder)
        self.thresholds = sense.THRESHOLDS.get(self.fusion)
        self.vectors = sense.Vectors(encoder) if encoder is not None else None
        self.half_life_s = half_life_s
        self.min_relevance = min_relevance
        self.pending: dict[int, int] = {}
        self.lock = threading.Lock()
        self.build_lock = threading.Lock()
        self.meaning_lock = threading.Lock()  # one thread embeds an index's tasks; the others find them made
        self.flushed_at = time.monotonic()
        self.index: tuple[str, Index | None] = ("", None)  # (cards generation, index)

    def search(self, conn: sqlite3.Connection, query: str, limit: int = 5) -> list[Hit]:
        """Rank cards for a query, best first (hits are not counted here: see note)."""
        asked = self._asked(conn, query, limit)
        return self._ranked(conn, *asked, limit) if asked else []

    def proposals(self, conn: sqlite3.Connection, query: str, limit: int = PROPOSALS) -> list[Hit]:
        """The cards a reader should choose from: what `search` recalls, then the other cards the query's words touch
        and recall refuses, best first, `limit` in all; then, with meaning, the card nearest in meaning when one of
        its tasks is close enough (`sense.NEAR`; its relevance 0, since no word reached it). Round 30: the words'
        cards hold the right one for 92–96% of dev queries, and a reader choosing among them reached R@3 92% with
        2% false positives (docs/memory.md); round 31: the nearest card lifts the share to 95.6% of the fourteen dev
        sets' positives."""
        asked = self._asked(conn, query, limit)
        if not asked:
            return []
        index, q, query, now = asked
        judged = index.judge(q, self.min_relevance, limit, now, self.condition)
        fetched: dict[int, Card] = {}  # a card the ranking read and refused is read once
        chosen = self._ranked(conn, index, q, query, now, limit, judged, fetched)
        have = {h.card.id for h in chosen}
        refused = [(pos, v.relevance, v.touched) for _, pos, v in judged if index.ids[pos] not in have]
        proposed = (chosen + self._hits(conn, index, refused[:limit], now, False, fetched))[:limit]
        return proposed + self._hits(conn, index, self._near(index, query, {h.card.id for h in proposed}), now,
                                     False, fetched)

    def _near(self, index: Index, query: str, proposed: set[int]) -> list[tuple[int, float, tuple[str, ...]]]:
        """The card nearest the query in meaning, not already proposed and learned here, when close enough
        (`sense.NEAR`); none without meaning or while its tasks are being embedded. An imported card's tasks are
        its author's words: they never bring a card the words did not (O32), here no more than in `fuse` (O50)."""
        if self.vectors is None or index.tasks is None:
            return []
        skip = np.zeros(len(index.ids), dtype=bool) if index.learned_here is None else ~index.learned_here
        skip[[index.position[card_id] for card_id in proposed if card_id in index.position]] = True
        near = index.tasks.nearest(self.vectors.query(query[:MAX_QUERY_CHARS]), skip)
        return [(near[0], 0.0, ())] if near and near[1] >= sense.NEAR[self.fusion] else []

    def _asked(self, conn: sqlite3.Connection, query: str, limit: int) -> tuple[Index, Query, str, float] | None:
        """The index, the parsed query, the query and the time a search reads; None when nothing can be found."""
        if limit <= 0 or not query.strip():
            return None
        index = self.current(conn)
        q = parse_query(query)
        if not len(index.ids) or not q.terms:
            return None
        return index, q, query, self.clock()

    def _ranked(self, conn: sqlite3.Connection, index: Index, q: Query, query: str, now: float, limit: int,
                judged: list[tuple[float, int, Verdict]] | None = None,
                fetched: dict[int, Card] | None = None) -> list[Hit]:
        """What `search` recalls, once the query is parsed (and its cards judged: `Index.judge`, when given; the
        cards read kept in `fetched`, when given)."""
        if judged is None:
            judged = index.judge(q, self.min_relevance, limit, now, self.condition)
        if self.vectors is not None and index.tasks is not None:
            found = self._fused(index, q, query, limit, judged)
        else:
            found = admitted(judged)[: 2 * limit]
        scored = self._hits(conn, index, [(pos, rel, touched) for _, pos, rel, touched in found], now, True, fetched)
        if self.vectors is None or index.tasks is None:  # fused hits keep the order fusion gave them
            scored.sort(key=lambda h: (-h.score, h.card.id))
        return scored[:limit]

    def _hits(self, conn: sqlite3.Connection, index: Index, found: list[tuple[int, float, tuple[str, ...]]],
              now: float, chosen: bool = True, fetched: dict[int, Card] | None = None) -> list[Hit]:
        """The hits of an index's positions (relevance, fields touched), the cards as stored now; `chosen`: whether
        recall's own choice holds them; `fetched`: cards read already, to which those read here are added."""
        cards = {} if fetched is None else fetched
        wanted = [index.ids[pos] for pos, _, _ in found if index.ids[pos] not in cards]
        if wanted:
            cards.update(CardStore(conn).fetch(wanted))
        hits = []
        for pos, rel, touched in found:
            card = cards.get(index.ids[pos])
            if card is None:
                continue  # forgotten since the index was built
            w = weight(card, now, self.half_life_s)  # the card as stored now: hits flushed since the build count
            hits.append(Hit(card=card, score=score(rel, w), relevance=rel, weight=w, touched=touched, chosen=chosen))
        return hits

    def _fused(self, index: Index, q: Query, query: str, limit: int,
               judged: list[tuple[float, int, Verdict]]) -> list[tuple[float, int, float, tuple[str, ...]]]:
        """The cards the words touch (`judged`), chosen with their tasks' cosines where the words are unsure
        (sense.fuse)."""
        judged = open_to_meaning(q, judged, self.condition)
        lexical = [sense.Judged(pos, v.refused is None, index.words(v), v.named) for _, pos, v in judged]
        undecided = sense.undecided(lexical, index.tasks.has, self.thresholds.sure, learned_here=index.learned_here)
        # the query as the words read it: its vector costs what its length does (O33)
        cosines = index.tasks.cosines(undecided, self.vectors.query(query[:MAX_QUERY_CHARS])) if undecided else {}
        # a task the query says in its words is as close as a task can be: read where the cosine does not decide
        for pos in index.tasks.echoes(sense.open_to_echo(lexical, cosines, self.thresholds), sense.telling(q.said)):
            cosines[pos] = sense.ECHOED
        by_pos = {pos: (s, pos, v.relevance, v.touched) for s, pos, v in judged}
        return [by_pos[pos] for pos in sense.fuse(lexical, cosines, **self.thresholds._asdict())][: 2 * limit]

    def current(self, conn: sqlite3.Connection, meaning_later: bool = True) -> Index:
        """The index of the live cards, rebuilt when they changed.

        While another thread rebuilds it, the last index answers: a query never waits for a rebuild. With meaning,
        the index this call builds has meaning before it answers: when it is the process's first (a command's one
        query), each task embedded the first time a query compares its card (O35); when few of its tasks are new
        (`INLINE_TASKS`: the vectors are cached, and a consolidation adds few), all of them; else they are embedded
        on a thread of their own, the words answering until then (`meaning_later`; `warm` embeds them all itself).
        """
        generation = _generation(conn)
        gen, index = self.index
        if gen == generation and index is not None:
            return index
        if not self.build_lock.acquire(blocking=index is None):
            return index
        try:
            gen, index = self.index
            if gen == generation and index is not None:
                return index
            first = index is None
            rows = conn.execute(f"SELECT id, identity, confirmations, hits, confirmed_at FROM cards WHERE {LIVE} "
                                "ORDER BY id").fetchall()
            index = Index(rows, generic_words(), self.half_life_s)
            if self.vectors is not None:
                tasks, local = {}, set()
                for card_id, evidence, provenance in conn.execute(
                        f"SELECT id, evidence, provenance FROM cards WHERE {LIVE}"):
                    tasks[card_id] = _tasks(evidence)
                    if provenance not in ("", "[]"):  # a snapshot's card has no event of this journal
                        local.add(card_id)
                index.task_texts = sense.within([tasks.get(card_id, ()) for card_id in index.ids],
                                                says=sense.says_the_work)
                index.learned_here = np.array([card_id in local for card_id in index.ids], dtype=bool)
            self.index = (generation, index)
        finally:
            self.build_lock.release()
        if self.vectors is not None and meaning_later:
            if first or self.vectors.missing(index.task_texts) <= INLINE_TASKS:
                self.give_meaning(index, whole=not first)  # a first index's query embeds the tasks it compares
            else:
                threading.Thread(target=self.give_meaning, args=(index,), name="memory-meaning", daemon=True).start()
        return index

    def warm(self, conn: sqlite3.Connection) -> None:
        """Build the index now, then its tasks' vectors (the organ's sleep thread: the words answer the queries
        that come meanwhile, even at start)."""
        index = self.current(conn, meaning_later=False)
        if self.vectors is not None:
            self.give_meaning(index)

    def give_meaning(self, index: Index, whole: bool = True) -> None:
        """Embed an index's tasks once (new ones only: the vectors are cached across indexes), or, not `whole`, have
        each embedded when a query first compares its card (a command's one query, sense.Tasks)."""
        with self.meaning_lock:
            if index.task_texts is None or self.vectors is None:
                return
            if index.tasks is None or (whole and not index.tasks.made.all()):
                try:
                    index.tasks = sense.Tasks(self.vectors, index.task_texts, whole=whole)
                except sense.NotLoaded as exc:  # files there, but unreadable: the words answer from now on
                    log.warning("memory recall works without meaning: %s", exc)
                    self.fusion, self.meaning, self.vectors = sense.Fusion.OFF, sense.Meaning.OFF, None

    # -- hits -----------------------------------------------------------------------------

    def note(self, card_ids: Iterable[int]) -> None:
        """Count a hit for each card (kept in memory until a flush takes them)."""
        with self.lock:
            for card_id in card_ids:
                self.pending[card_id] = self.pending.get(card_id, 0) + 1

    def take_due(self, force: bool = False) -> dict[int, int]:
        """The pending hits when a flush is due (enough of them, or long enough), else nothing."""
        with self.lock:
            due = force or sum(self.pending.values()) >= FLUSH_AFTER_HITS or (
                bool(self.pending) and time.monotonic() - self.flushed_at >= FLUSH_AFTER_S)
            if not due or not self.pending:
                return {}
            pending, self.pending = self.pending, {}
            self.flushed_at = time.monotonic()
            return pending

    def restore(self, pending: dict[int, int]) -> None:
        """Put back hits a flush could not write."""
        with self.lock:
            for card_id, n in pending.items():
                self.pending[card_id] = self.pending.get(card_id, 0) + n


def admitted(judged: list[tuple[float, int, Verdict]]) -> list[tuple[float, int, float, tuple[str, ...]]]:
    """(estimated score, position, relevance, fields touched) of the judged cards no rule refuses."""
    return [(s, pos, v.relevance, v.touched) for s, pos, v in judged if v.refused is None]


def open_to_meaning(q: Query, judged: list[tuple[float, int, Verdict]], condition: Condition
                    ) -> list[tuple[float, int, Verdict]]:
    """The judged cards meaning may decide: every one, but for a query whose work is prose (`prose_work`) only those
    the words admit, which it names outright: writing about the work calls no tool, whatever task the query echoes
    (docs/security.md O44)."""
    if not q.prose or condition == Condition.OFF:
        return judged
    return [j for j in judged if j[2].refused is None]


def generic_words() -> frozenset[str]:
    """Stems of words that name work in general: they count, but little (data/generic.txt)."""
    return normalise.generic_stems()


def _generation(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT value FROM meta WHERE key = 'cards_generation'").fetchone()
    return row[0] if row else "0"


def _identity(raw: str) -> dict[str, tuple[str, ...]]:
    """A card's identity from its stored JSON, terms interned (the index holds each term once) in tuples: tuples
    and dicts of plain strings leave the garbage collector's lists once it has seen them, so a full collection
    in a process holding 30,000 cards does not walk them all again (it took 250 ms, in the middle of a query)."""
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    intern = sys.intern
    return {f: tuple(intern(t) for t in terms if isinstance(t, str))
            for f, terms in value.items() if isinstance(terms, list)}


def _tasks(raw: str) -> tuple[str, ...]:
    """The tasks a card was learned under, from its stored evidence (none when it is not what it should be)."""
    try:
        value = json.loads(raw)
    except ValueError:
        return ()
    tasks = value.get("tasks") if isinstance(value, dict) else None
    return tuple(t[:MAX_TASK_CHARS] for t in tasks[:MAX_TASKS] if isinstance(t, str)) if isinstance(tasks, list) else ()
