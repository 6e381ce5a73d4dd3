"""Meaning in recall: what a card's sessions were doing when it happened, and when that decides recall. Optional.

Lexical recall (`recall.py`) is sure of a card when several of the query's words reach it; when one or two do, it
cannot tell the word the query is about ("add a Celery worker that sends order *confirmation* emails") from a word
it shares by chance with the card's sessions. A card knows the tasks it was learned under: the progress text of
each of its first sessions when the card's evidence happened there (`evidence["tasks"]`, distill.py; "RUST-142:
builds are slow locally, try the shared compiler cache first"). A task is written the way a query is, so a
sentence encoder compares the two well, where a card's own text (a title, files, tool names: the first version of
this module) compared badly: it moved nothing on the dev sets.

The decision is a pure function (`fuse`) of the lexical verdicts and each card's best cosine with the query over
its tasks:
- a card the words admit on at least `SURE_WORDS` of the query's words (words of work left out) stays;
- one they admit on fewer stays only when one of its tasks means what the query does (`KEEP_COSINE`);
- one they touch but refuse (under the floor, one word, the condition) is admitted when one of its tasks is close
  (`ADMIT_COSINE`), after the cards the words admitted;
- a card with no task (a journal without progress events) keeps its lexical verdict, and a card the words do not
  touch at all is never recalled on meaning alone.
The three constants were chosen in 14 of the 16 leave-one-hand-out folds of the dev sets (the other two chose
`ADMIT_COSINE` 0.6; `python bench/recall_tasks.py`, docs/memory.md "Twenty-seventh round").

Each distinct task is embedded once by the shared encoder (`broker/text/embedding.py`) when the recall index is
built (the organ builds it right after each consolidation: `Memory.warm`) and kept, keyed by a digest of the text
and the model, in a bounded cache, so a later consolidation embeds only new tasks. An index reads a task as its
first 1,000 characters and keeps at most `MAX_EMBEDDED` distinct tasks, the best-standing cards' first (`within`):
an imported snapshot of a million cards costs no more (docs/security.md O29). Only the lexical candidates are
compared (at most `recall.CANDIDATES`, five tasks each), and a query is embedded only when meaning decides one of
them: ~7 ms on one core, above lexical recall's budget, which is why it stays optional.

On with the shared encoder (`ACTORS_EMBEDDING=on`, `pip install 'actors[meaning]'`), which is off by default;
`ACTORS_MEMORY_MEANING=off` keeps memory lexical beside it, `=on` asks for it (`rerank` and `agree`, the first
version's names, mean on).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from enum import StrEnum
from typing import Iterable, NamedTuple, Sequence

import numpy as np

from broker.text import embedding

log = logging.getLogger(__name__)

SWITCH_ENV = "ACTORS_MEMORY_MEANING"
MAX_CACHED = 65536  # task vectors kept (384 float32 each: 100 MB at most)
MAX_EMBEDDED = 4096  # distinct tasks an index embeds at most (~40 s of one core the first time, then cached; 6 MB)
SURE_WORDS = 3  # query words reaching a card that make the words sure of it
KEEP_COSINE = 0.25  # the cosine a card the words admit on fewer needs with one of its tasks to stay
ADMIT_COSINE = 0.5  # the cosine a card the words touch but refuse needs with one of its tasks to be admitted
LEGACY = frozenset({"rerank", "agree"})  # the first version's modes: both mean on now


class Fusion(StrEnum):
    """Whether meaning decides what the words are unsure of."""

    OFF = "off"  # lexical only
    ON = "on"


class Meaning(StrEnum):
    """Whether a recaller reads meaning, as `memory.status` and `actors doctor` say it."""

    OFF = "off"
    ON = "on"
    MISSING = "asked for, model not installed"  # recall works with words alone


def fusion_from_env(environ: dict[str, str] | None = None) -> Fusion:
    """The fusion asked for by $ACTORS_MEMORY_MEANING; when unset, on with the shared encoder ($ACTORS_EMBEDDING),
    else off (and off when unknown)."""
    environ = os.environ if environ is None else environ
    value = environ.get(SWITCH_ENV, "").strip().lower()
    if not value:
        return Fusion.ON if embedding.switched_on(environ) else Fusion.OFF
    if value in LEGACY:
        return Fusion.ON
    try:
        return Fusion(value)
    except ValueError:
        log.warning("unknown %s=%r: memory recall works without meaning", SWITCH_ENV, value)
        return Fusion.OFF


class Judged(NamedTuple):
    """A card the words touched: its position, whether they admit it, and how many query words reach it."""

    pos: int
    admitted: bool
    words: int


def undecided(lexical: Sequence[Judged], has_tasks: Sequence[bool], sure: int = SURE_WORDS,
              learned_here: Sequence[bool] | None = None) -> list[int]:
    """The positions whose fate meaning decides: cards with tasks the words admit on few words, or refuse when the
    card was learned here (an imported card's tasks are its author's words: they may keep or drop it, never admit
    it, docs/security.md O32)."""
    return [j.pos for j in lexical if has_tasks[j.pos] and not (j.admitted and j.words >= sure)
            and (j.admitted or learned_here is None or learned_here[j.pos])]


def fuse(lexical: Sequence[Judged], cosines: dict[int, float], *, sure: int = SURE_WORDS, keep: float = KEEP_COSINE,
         admit: float = ADMIT_COSINE) -> list[int]:
    """The cards to recall, from the cards the words touched (best lexical score first) and the best cosine of
    each undecided one's tasks with the query (a card absent from `cosines` keeps its lexical verdict): the cards
    the words admit and meaning does not overrule, in lexical order, then those meaning admits."""
    kept, admitted = [], []
    for j in lexical:
        cosine = cosines.get(j.pos)
        if j.admitted and (cosine is None or j.words >= sure or cosine >= keep):
            kept.append(j.pos)
        elif not j.admitted and cosine is not None and cosine >= admit:
            admitted.append(j.pos)
    return kept + admitted


def within(tasks: Sequence[Sequence[str]], limit: int = MAX_EMBEDDED) -> list[tuple[str, ...]]:
    """Each position's tasks, in position order (an index's: best standing first), until `limit` distinct tasks are
    taken: the later cards' new tasks are left out (a card left with none keeps its lexical verdict), so what an
    index holds and embeds is bounded whatever the store holds (a snapshot of a million cards)."""
    taken: set[str] = set()
    kept = []
    for card in tasks:
        for t in card:
            if t and len(taken) < limit:
                taken.add(t)
        kept.append(tuple(t for t in card if t in taken))
    return kept


class Tasks:
    """The tasks of an index's cards as vectors: one row a distinct task, and each position's rows."""

    def __init__(self, vectors: Vectors, tasks: Sequence[Sequence[str]]) -> None:
        texts = list(dict.fromkeys(t for card in tasks for t in card if t))
        row = {t: i for i, t in enumerate(texts)}
        self.matrix = vectors.matrix(texts)
        self.rows = [np.array([row[t] for t in card if t], dtype=np.int32) for card in tasks]
        self.has = [len(r) > 0 for r in self.rows]

    def cosines(self, positions: Iterable[int], query: np.ndarray) -> dict[int, float]:
        """Each position's best cosine with the query over its tasks (positions without tasks left out)."""
        return {pos: float(np.max(self.matrix[self.rows[pos]] @ query)) for pos in positions if self.has[pos]}


class Vectors:
    """Text vectors by digest of (model, text), bounded, least recently used dropped first; thread-safe."""

    def __init__(self, encoder, max_cached: int = MAX_CACHED) -> None:
        self.encoder = encoder
        self.max_cached = max_cached
        self.cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.lock = threading.Lock()
        self.embedded = 0  # texts the encoder was run on (misses of the cache)

    def matrix(self, texts: Iterable[str]) -> np.ndarray:
        """One unit vector a row for each text, from the cache or the encoder."""
        rows = [self.vector(t) for t in texts]
        return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

    def missing(self, texts: Iterable[Iterable[str]]) -> int:
        """How many distinct texts of these groups the cache does not hold (what embedding them would cost)."""
        keys = {self._key(t) for group in texts for t in group if t}
        with self.lock:
            return sum(1 for key in keys if key not in self.cache)

    def _key(self, text_: str) -> str:
        return hashlib.sha1(f"{self.encoder.digest}\0{text_}".encode()).hexdigest()

    def vector(self, text_: str) -> np.ndarray:
        """The unit vector of one text."""
        key = self._key(text_)
        with self.lock:
            found = self.cache.get(key)
            if found is not None:
                self.cache.move_to_end(key)
                return found
        found = self.encoder.embed(text_)
        with self.lock:
            self.embedded += 1
            self.cache[key] = found
            while len(self.cache) > self.max_cached:
                self.cache.popitem(last=False)
        return found

    def query(self, text_: str) -> np.ndarray:
        """The unit vector of a query (never cached: queries rarely repeat word for word)."""
        return self.encoder.embed(text_)
