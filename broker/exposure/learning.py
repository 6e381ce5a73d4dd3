"""Learning from use: abilities called after similar instructions, and abilities called together.

The journal (see the contract) holds `progress` events (an instruction) and the `call` events that
followed it in the same session. Each instruction and the abilities called for it make an episode.
An exposure for a new intent then gets the abilities of the most similar past episodes (cosine over
TF-IDF term vectors) and those whose centroid (the instructions each was used for) is near the intent,
and an ability it exposes brings those that were called together with it.
Old episodes count less (a half-life), and a forgotten ability (a tombstone) is never suggested again,
whatever the journal says later. Pure: no sockets, no actors imports; the state is a small JSON document.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

import numpy as np

from broker.exposure import lexicon
from broker.home import private_file
from broker.times import finite, ts_problem

VERSION = 1
HALF_LIFE_S = 30 * 86400.0  # an episode a month old counts half
MAX_EPISODES = 20_000  # the newest are kept; older ones have decayed to little anyway
MAX_TEXT = 500  # characters of an instruction kept
MAX_ABILITIES = 32  # abilities of one episode kept (a runaway loop of calls is one use, not hundreds)
MAX_OPEN_SESSIONS = 10_000  # sessions with an instruction still open while a journal is read
LOCK_WAIT_S = 10.0  # the longest another writer of the file may hold it
LOCK_POLL_S = 0.05
NEIGHBOURS = 5  # similar episodes consulted for a new intent
# another hand's phrasing of a request needing the same tools shares few of its words: of the dev requests that
# learning from the other hands misses, the past instructions that used their tools are at cosine 0 to 0.25
# (docs/exposure.md, round 21). Below MIN_SIMILARITY an old instruction says nothing of a new one; above it, its
# cosine counts as cosine ** SIMILARITY_POWER (0.05 -> 0.22, 0.2 -> 0.45, 1 -> 1): a few shared rare words are
# evidence. Both chosen leaving one writer's dev sets out at a time (bench/exposure_loho.py --transfer-constants)
MIN_SIMILARITY = 0.05
SIMILARITY_POWER = 0.5
# an ability's centroid generalises over the instructions it was used for; used after a single instruction, its
# centroid is that instruction, which the neighbour search already weighs (among the NEIGHBOURS most similar): as a
# centroid too, every such ability sharing a word with the intent was suggested past that limit (BFCL's functions,
# each used once, brought about 20 to a request warm). Chosen leaving one writer out (docs/exposure.md, round 23)
MIN_CENTROID_USES = 2
MIN_TOGETHER = 0.2  # P(b | a) below this is chance, not a habit
MIN_REPORTS = 2  # an ability used after fewer past statements (problem reports) than this is no habit of them
MAX_ROWS_PER_REFRESH = 200_000  # one sleep learns at most this many new events; the next goes on
AGENT = "agent"  # the origin of calls the agent chose; a journal without origins is taken as the agent's
FILE_NAME = "associations.json"  # in the mesh's home: written by the memory organ, read by exposure


class JournalError(ValueError):
    """A journal line that cannot be read."""


@dataclass(frozen=True, slots=True)
class Episode:
    """One instruction and the abilities called for it."""

    text: str
    abilities: tuple[str, ...]  # organ.ability, in order of first call
    at: float  # Unix seconds of the instruction


class Associations:
    """What use taught exposure, ready to answer: similar episodes and companions by co-use."""

    def __init__(self, episodes: Iterable[Episode] = (), tombstones: Iterable[str] = (),
                 half_life_s: float = HALF_LIFE_S, mark: int = 0) -> None:
        kept = sorted(episodes, key=lambda e: e.at)[-MAX_EPISODES:]
        self.episodes: tuple[Episode, ...] = tuple(kept)
        self.tombstones: frozenset[str] = frozenset(tombstones)
        self.half_life_s = half_life_s
        self.mark = mark  # the id of the last journal event learned (live learning goes on from there)
        self.now = max((e.at for e in kept), default=0.0)
        self._weights = [self._decay(e.at) for e in kept]
        self._postings, self._idf = _vectorise([lexicon.terms(e.text) for e in kept])
        self._posting_arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # a term's postings as arrays, once asked
        self._centroids = self._centroid_postings()
        self._together = self._co_use()
        self._popularity = self._popular()
        self._after_statements = self._statements()

    def __len__(self) -> int:
        return len(self.episodes)

    def _decay(self, at: float) -> float:
        return 0.5 ** (max(0.0, self.now - at) / self.half_life_s) if self.half_life_s > 0 else 1.0

    def _centroid_postings(self) -> dict[str, tuple[tuple[str, float], ...]]:
        # each ability's centroid: the decayed sum of the instructions it was used for, as a unit vector (for an
        # ability used after at least MIN_CENTROID_USES of them)
        sums: dict[str, dict[str, float]] = {}
        self._recency: dict[str, float] = {}  # the decay weight of each ability's latest use
        uses: dict[str, int] = {}  # the instructions each ability was used for
        for episode, weight in zip(self.episodes, self._weights, strict=True):
            for address in episode.abilities:
                self._recency[address] = max(self._recency.get(address, 0.0), weight)
                uses[address] = uses.get(address, 0) + 1
        for term, postings in self._postings.items():
            for doc, w in postings:
                for address in self.episodes[doc].abilities:
                    vector = sums.setdefault(address, {})
                    vector[term] = vector.get(term, 0.0) + w * self._weights[doc]
        postings: dict[str, list[tuple[str, float]]] = {}
        for address, vector in sums.items():
            if address in self.tombstones or uses[address] < MIN_CENTROID_USES:
                continue
            for term, w in _unit(vector).items():
                postings.setdefault(term, []).append((address, w))
        return {t: tuple(p) for t, p in postings.items()}

    def _co_use(self) -> dict[str, dict[str, float]]:
        alone: dict[str, float] = {}
        pairs: dict[str, dict[str, float]] = {}
        for episode, weight in zip(self.episodes, self._weights, strict=True):
            used = [a for a in dict.fromkeys(episode.abilities) if a not in self.tombstones]
            for a in used:
                alone[a] = alone.get(a, 0.0) + weight
                for b in used:
                    if b != a:
                        pairs.setdefault(a, {})[b] = pairs.setdefault(a, {}).get(b, 0.0) + weight
        # P(b | a) with one pseudo-episode of a alone, so a single co-use is a hint, not a certainty
        return {a: {b: n / (alone[a] + 1.0) for b, n in others.items() if n / (alone[a] + 1.0) >= MIN_TOGETHER}
                for a, others in pairs.items()}

    def _popular(self) -> dict[str, float]:
        # how often each ability was used, decayed, as a share of the most used one's: log-scaled, so that
        # a habit counts but a tool called in every episode does not swamp everything else
        uses: dict[str, float] = {}
        for episode, weight in zip(self.episodes, self._weights, strict=True):
            for address in dict.fromkeys(episode.abilities):
                if address not in self.tombstones:
                    uses[address] = uses.get(address, 0.0) + weight
        top = max(uses.values(), default=0.0)
        return {a: math.log1p(n) / math.log1p(top) for a, n in uses.items()} if top > 0 else {}

    def _statements(self) -> dict[str, float]:
        # what was used after past instructions that open as statements (a problem report, a goal: "the site
        # looks broken"), as a share of the most used one's, decayed; an ability used once is chance
        uses: dict[str, float] = {}
        counts: dict[str, int] = {}
        for episode, weight in zip(self.episodes, self._weights, strict=True):
            if lexicon.is_statement(episode.text):
                for address in dict.fromkeys(episode.abilities):
                    if address not in self.tombstones:
                        uses[address] = uses.get(address, 0.0) + weight
                        counts[address] = counts.get(address, 0) + 1
        top = max(uses.values(), default=0.0)
        return {a: n / top for a, n in uses.items() if counts[a] >= MIN_REPORTS} if top > 0 else {}

    def after_statements(self) -> Mapping[str, float]:
        """Abilities used after past statements (problem reports, goals), with their share of the most used."""
        return self._after_statements

    def popularity(self, address: str) -> float:
        """How much this ability was used, in [0, 1]: 1 for the most used, 0 for one never used."""
        return self._popularity.get(address, 0.0)

    def popular(self) -> Mapping[str, float]:
        """Every ability used, with its popularity (the others have 0)."""
        return self._popularity

    def suggest(self, intent: str) -> dict[str, float]:
        """Abilities called after instructions similar to this one: address -> weight in [0, 1]."""
        query = _unit(_tf_idf(lexicon.terms(intent), self._idf))
        if not query:
            return {}
        sims = self._similarities(query)
        best = sorted(((s ** SIMILARITY_POWER * self._weights[d], d) for d, s in sims.items() if s >= MIN_SIMILARITY),
                      reverse=True)[:NEIGHBOURS]
        found: dict[str, float] = {}
        for score, doc in best:
            for address in self.episodes[doc].abilities:
                if address not in self.tombstones:
                    found[address] = max(found.get(address, 0.0), score)
        centroid: dict[str, float] = {}
        for term, q in query.items():
            for address, w in self._centroids.get(term, ()):
                centroid[address] = centroid.get(address, 0.0) + q * w
        for address, sim in centroid.items():
            if sim >= MIN_SIMILARITY:
                found[address] = max(found.get(address, 0.0), sim ** SIMILARITY_POWER * self._recency[address])
        return found

    def _similarities(self, query: Mapping[str, float]) -> dict[int, float]:
        """Each past instruction sharing a term with the query (a unit TF-IDF vector): episode -> cosine. Summed
        in numpy, in the order a loop over the query's terms and their postings would add (the same floats): a
        common term's postings are thousands of episodes long."""
        parts = [(self._arrays(term), q) for term, q in query.items() if term in self._postings]
        if not parts:
            return {}
        docs = np.concatenate([docs for (docs, _), _ in parts])
        products = np.concatenate([q * weights for (_, weights), q in parts])
        sums = np.bincount(docs, weights=products, minlength=len(self.episodes))
        shared = np.flatnonzero(np.bincount(docs, minlength=len(self.episodes)))
        return dict(zip(shared.tolist(), sums[shared].tolist()))

    def _arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """A term's postings as (episodes, weights) arrays, made the first time a query has the term."""
        found = self._posting_arrays.get(term)
        if found is None:
            postings = self._postings[term]
            found = self._posting_arrays[term] = (
                np.fromiter((doc for doc, _ in postings), dtype=np.intp, count=len(postings)),
                np.fromiter((w for _, w in postings), dtype=float, count=len(postings)))
        return found

    def together(self, address: str) -> Mapping[str, float]:
        """Abilities called with this one in the same episode: address -> P(called | this one called)."""
        return self._together.get(address, {})

    def used_together(self) -> Mapping[str, Mapping[str, float]]:
        """Every ability called with others, with `together`'s answer for it."""
        return self._together

    def taught(self, intent: str, address: str) -> str:
        """The past instruction most like this intent (TF-IDF cosine, as `suggest` weighs them) after which the
        ability was called: what taught exposure to suggest it ("" when no such instruction shares a word)."""
        sims = self._similarities(_unit(_tf_idf(lexicon.terms(intent), self._idf)))
        used = [doc for doc in sims if address in self.episodes[doc].abilities]
        best = max(used, key=lambda doc: (sims[doc] * self._weights[doc], doc), default=None)
        return "" if best is None else self.episodes[best].text

    def forget(self, address: str) -> Associations:
        """The same associations with one ability tombstoned: never suggested again, whatever is learned."""
        return Associations(self.episodes, self.tombstones | {address}, self.half_life_s, self.mark)

    def learn(self, events: Iterable[Mapping[str, Any]], mark: int | None = None) -> Associations:
        """These associations with the episodes of more journal events added (mark: the last event's id)."""
        return Associations(self.episodes + tuple(episodes(events)), self.tombstones, self.half_life_s,
                            self.mark if mark is None else mark)

    def as_dict(self) -> dict:
        """The JSON document saved between sleeps."""
        return {"version": VERSION, "half_life_s": self.half_life_s, "mark": self.mark,
                "tombstones": sorted(self.tombstones),
                "episodes": [{"text": e.text, "abilities": list(e.abilities), "at": e.at} for e in self.episodes]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Associations:
        """Read the saved document; ValueError when it is not one."""
        if not isinstance(data, Mapping) or data.get("version") != VERSION:
            raise ValueError(f"not an associations document of version {VERSION}")
        found = []
        for item in data.get("episodes") or ():
            if not isinstance(item, Mapping):
                continue
            text, abilities, at = item.get("text"), item.get("abilities"), item.get("at")
            if isinstance(text, str) and isinstance(abilities, list) and isinstance(at, (int, float)):
                found.append(Episode(text[:MAX_TEXT], tuple(str(a) for a in abilities[:MAX_ABILITIES]), float(at)))
        tombstones = [str(t) for t in data.get("tombstones") or () if isinstance(t, str)]
        mark = data.get("mark", 0)
        return cls(found, tombstones, float(data.get("half_life_s", HALF_LIFE_S)), mark if isinstance(mark, int) else 0)


def episodes(events: Iterable[Mapping[str, Any]]) -> list[Episode]:
    """Episodes of journal events: each progress event and the calls that followed it in its session."""
    open_: dict[str, tuple[str, float, dict[str, None]]] = {}  # session -> (text, ts, abilities called)
    done: list[Episode] = []

    def close(session: str) -> None:
        text, at, called = open_.pop(session)
        if called:
            done.append(Episode(text, tuple(called), at))

    for event in events:
        kind, session = event.get("kind"), str(event.get("session", ""))
        if kind == "progress" and isinstance(event.get("text"), str) and event["text"].strip():
            if session in open_:
                close(session)
            elif len(open_) >= MAX_OPEN_SESSIONS:
                close(next(iter(open_)))  # the session that started longest ago is over by now
            open_[session] = (event["text"][:MAX_TEXT], _ts(event), {})
        elif (kind == "call" and session in open_ and event.get("organ") and event.get("ability")
              and event.get("origin", AGENT) in (AGENT, "")):  # a healer's retry or a reflex is not a choice
            called = open_[session][2]
            if len(called) < MAX_ABILITIES:
                called.setdefault(f"{event['organ']}.{event['ability']}", None)
    for session in list(open_):
        close(session)
    return done


def read_journal(path: str | Path) -> Iterator[dict]:
    """The events of a journal file (JSON lines), read as they are used; JournalError names a bad line."""
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
            except ValueError as exc:
                raise JournalError(f"{path}:{number}: not JSON: {exc}") from None
            if not isinstance(event, dict):
                raise JournalError(f"{path}:{number}: not a JSON object")
            if (problem := _bad_ts(event.get("ts"), time.time())) is not None:
                raise JournalError(f"{path}:{number}: {problem}")
            yield event


def _bad_ts(ts: Any, now: float) -> str | None:
    """Why a journal event's ts cannot be learned from (broker.times: as memory's ingest refuses it), or None."""
    if ts is None:
        return None  # no time: taken as the journal's start
    seconds = finite(ts)
    if seconds is None:
        return f"`ts` {str(ts)[:40]!r} is not a finite number of Unix seconds"
    return ts_problem(seconds, now)


def load(path: str | Path) -> Associations:
    """Associations saved at path (empty when there is no file); ValueError when it is damaged."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return Associations()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    return Associations.from_dict(json.loads(text))


def save(associations: Associations, path: str | Path) -> None:
    """Write associations atomically, so a reader never sees half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".associations-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(associations.as_dict(), out, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """One writer of the file at a time (the memory organ after a sleep, `actors expose --forget`); the lock file
    is the owner's alone (0600, never through a symlink), and a lock held past LOCK_WAIT_S (by a process that
    hangs, or by anyone who could open the file) is an error, not a wait without end."""
    path.parent.mkdir(parents=True, exist_ok=True)
    name = path.with_name(f".{path.name}.lock")
    fd = private_file(name, os.O_RDWR)
    try:
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"{name} has been held by another process for over {LOCK_WAIT_S:g}s") from None
                time.sleep(LOCK_POLL_S)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def refresh(path: str | Path, rows_since: Callable[[int], Iterable[Mapping[str, Any]]]) -> Associations:
    """Learn the journal events after the last one learned (each with an "id") into the file at path."""
    path = Path(path)
    with _locked(path):
        try:
            current = load(path)
        except ValueError:
            current = Associations()  # a damaged file is learned again from the whole journal
        rows = list(itertools.islice(rows_since(current.mark), MAX_ROWS_PER_REFRESH))
        if not rows:
            return current
        learned = current.learn(rows, mark=max(int(r["id"]) for r in rows))
        save(learned, path)
        return learned


def forget(path: str | Path, address: str) -> Associations:
    """Tombstone an ability in the file at path: learning never suggests it again."""
    path = Path(path)
    with _locked(path):
        forgotten = load(path).forget(address)
        save(forgotten, path)
        return forgotten


def _ts(event: Mapping[str, Any]) -> float:
    ts = finite(event.get("ts"))
    return 0.0 if ts is None else ts


def _vectorise(docs: list[list[str]]) -> tuple[dict[str, tuple], dict[str, float]]:
    frequency: dict[str, int] = {}
    for terms in docs:
        for term in set(terms):
            frequency[term] = frequency.get(term, 0) + 1
    idf = {term: math.log(1 + len(docs) / df) for term, df in frequency.items()}
    vectors = [_unit(_tf_idf(terms, idf)) for terms in docs]
    postings: dict[str, list[tuple[int, float]]] = {}
    for i, vector in enumerate(vectors):
        for term, w in vector.items():
            postings.setdefault(term, []).append((i, w))
    return {t: tuple(p) for t, p in postings.items()}, idf


def _tf_idf(terms: list[str], idf: Mapping[str, float]) -> dict[str, float]:
    vector: dict[str, float] = {}
    for term in terms:
        if term in idf:
            vector[term] = vector.get(term, 0.0) + idf[term]
    return vector


def _unit(vector: dict[str, float]) -> dict[str, float]:
    norm = math.sqrt(sum(w * w for w in vector.values()))
    return {t: w / norm for t, w in vector.items()} if norm else {}


class Watched:
    """The associations in a file, read again whenever the file changes (the exposure worker's view)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.stamp: tuple | None = None
        self.current = Associations()
        self.error = ""

    def get(self) -> Associations:
        """The latest associations; a damaged file leaves the previous ones in place (error says why)."""
        try:
            info = self.path.stat()
            stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
        except OSError:
            stamp = None
        if stamp != self.stamp:
            self.stamp = stamp
            try:
                self.current, self.error = (load(self.path) if stamp else Associations()), ""
            except ValueError as exc:
                self.error = str(exc)
        return self.current
