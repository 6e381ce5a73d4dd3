"""Memory as one object over HOME/memory.db: what the organ and the CLI both use.

One writer connection per process, guarded by a lock; reads use a connection per thread, so recall never
waits for a write (WAL). Other processes may write the same file at the same time: SQLite serialises
them with a busy timeout, and every rule that must survive a concurrent writer is checked inside the
writer's transaction.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

from actors import schema
from actors.memory import before, confirm, db, distill, export, inject, judgments, meaning, normalise, savings, snapshot
from actors.memory.confirm import InjectJudge, Judge
from actors.memory.db import MemoryUnavailable, get_meta, set_meta, transaction
from actors.memory.distill import Distiller, Thresholds
from actors.memory.journal import Entry, IngestReport, Journal, MeshSeen, Opener, json_object
from actors.memory.judgments import Judgment
from actors.memory.recall import CONDITION, MIN_RELEVANCE, Hit, Recaller, with_terms
from actors.memory.recall import weight as recall_weight
from actors.memory.store import LIVE, Card, CardStore, JudgmentStore
from broker.redact import redact_text, scrub
from broker.times import FUTURE_SLACK_S
from broker.vocab import FAULT_DRILL

log = logging.getLogger(__name__)

STATE_KEY = "distill_state"
FORGOTTEN_JUDGMENTS_KEY = "forgotten_judgments"  # digest of the text -> {kind, forgotten_at}: never imported again
MAX_FORGOTTEN_JUDGMENTS = 1000
OPTIONS_KEY = "organ_options"  # the options the memory organ last started with (`Memory.as_the_organ`)
DESCRIPTIONS_KEY = "descriptions"  # the mesh's own descriptions of its abilities, as glosses (meaning.described)


def _value_schema(default: Any) -> dict:
    """The JSON Schema of an option, from the kind of its default: a list of names, a member of a vocabulary (the
    recall condition: one of its words), an integer, a number."""
    if isinstance(default, tuple):
        return {"type": "array", "items": {"type": "string"}}
    if isinstance(default, StrEnum):
        return {"type": "string", "enum": [str(member) for member in type(default)]}
    return {"type": "integer"} if isinstance(default, int) else {"type": "number"}


@dataclass(frozen=True, slots=True)
class Settings:
    """Memory's options (the organ's `options` table in the mesh file)."""

    thresholds: Thresholds = field(default_factory=Thresholds)
    half_life_days: float = 30.0  # cards' weight halves after this long without a new confirmation
    min_relevance: float = MIN_RELEVANCE
    recall_condition: str = CONDITION  # how a query must touch what a card is about: off, implied, strict (round 10)
    inject_budget: int = inject.DEFAULT_BUDGET
    reinject_after_turns: int = inject.REINJECT_AFTER_TURNS
    inject_cards: int = 8  # cards considered for one injection
    # who chooses a prompt's cards: the agent, among recall's proposals (round 31; the default since round 40), or
    # recall itself (words)
    inject_judge: str = InjectJudge.AGENT
    ignore_organs: tuple[str, ...] = ("memory",)

    @classmethod
    def from_options(cls, options: dict) -> Settings:
        """Build settings from a flat options map; unknown keys and bad values raise ValueError naming them."""
        threshold_names = {f.name for f in fields(Thresholds)}
        own_names = {f.name for f in fields(cls)} - {"thresholds"}
        unknown = sorted(set(options) - threshold_names - own_names)
        if unknown:
            raise ValueError(f"unknown memory option(s): {', '.join(unknown)}; known: "
                             f"{', '.join(sorted(threshold_names | own_names))}")
        base = cls()
        defaults = {**{f.name: getattr(base.thresholds, f.name) for f in fields(Thresholds)},
                    **{f.name: getattr(base, f.name) for f in fields(cls) if f.name != "thresholds"}}
        if options.get("inject_judge") == Judge.MODEL:
            raise ValueError('inject_judge must be "words" or "agent": a hook cannot ask a model')
        problem = schema.check({"type": "object", "properties": {n: _value_schema(d) for n, d in defaults.items()}},
                               options, "options")
        if problem:
            raise ValueError(problem)
        try:
            thresholds = Thresholds(**{k: v for k, v in options.items() if k in threshold_names})
            own = {k: v for k, v in options.items() if k in own_names}
            if "ignore_organs" in own:
                own["ignore_organs"] = tuple(own["ignore_organs"])
            settings = cls(thresholds=thresholds, **own)
        except TypeError as exc:
            raise ValueError(f"bad memory option: {exc}") from None
        if settings.half_life_days <= 0 or settings.inject_budget <= 0 or settings.reinject_after_turns < 0:
            raise ValueError("half_life_days and inject_budget must be positive, reinject_after_turns >= 0")
        return settings


@dataclass(frozen=True, slots=True)
class Injection:
    """What inject returns: the block, and whether the same set was held back as too recent."""

    block: inject.Block
    suppressed: bool = False
    turn: int = 0

    def as_dict(self) -> dict:
        return {**self.block.as_dict(), "suppressed": self.suppressed, "turn": self.turn}


@dataclass(frozen=True, slots=True)
class Forgetting:
    """What a forget by text did: the judgments removed, and those it only matched by topic (left in place
    until confirmed)."""

    removed: list[Judgment]
    unconfirmed: list[Judgment]


@functools.lru_cache(maxsize=4096)  # a journal repeats its commands
def _families(organ: str, ability: str, args: str) -> tuple[str, ...]:
    """The program families of a journalled call (its stored arguments), as distillation reads them."""
    return normalise.work_of(organ, ability, json_object(args)).families


def _last_id(state: object) -> int:
    """How far a stored distillation state has folded (0 for none, or for something unreadable)."""
    value = state.get("last_id", 0) if isinstance(state, dict) else 0
    return value if isinstance(value, int) else 0



class Memory:
    """Journal, consolidation, cards, judgments, recall and injection over one database file."""

    def __init__(self, home: Path | str, settings: Settings | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = db.path_in(Path(home))
        self.settings = settings or Settings()
        self.clock = clock
        self.writer = db.connect(self.path)
        self.lock = threading.RLock()
        self.local = threading.local()
        self.readers: list[sqlite3.Connection] = []
        self.recaller = Recaller(clock=clock, half_life_s=self.settings.half_life_days * 86400.0,
                                 min_relevance=self.settings.min_relevance, condition=self.settings.recall_condition)
        # called with each consolidation's report, on the consolidating thread (other parts of the mesh
        # learn from sleep here); a hook that raises is logged and skipped
        self.after_sleep: list[Callable[[dict], None]] = []
        self.consolidating_since: float | None = None  # when the consolidation under way began (clock time)
        self.lessons: tuple[object, before.Lessons | None] = (None, None)  # (recall's index, its cards by call)

    @classmethod
    def as_the_organ(cls, home: Path | str) -> tuple[Memory, str]:
        """Open a memory with the options its organ last started with (the mesh file's `[organs.memory] options`,
        kept in the database), so a command consolidates and recalls as the organ would; say why not when they
        cannot be used (then the defaults are)."""
        conn = db.connect(db.path_in(Path(home)))
        try:
            stored = get_meta(conn, OPTIONS_KEY, {})
        finally:
            conn.close()
        try:
            return cls(home, Settings.from_options(stored if isinstance(stored, dict) else {})), ""
        except ValueError as exc:
            return cls(home), f"the memory organ's stored options are not usable here ({exc}); using the defaults"

    def keep_options(self, options: dict) -> None:
        """Keep the organ's options in the database, for the commands that open it without a mesh."""
        def work() -> None:
            with self.lock, transaction(self.writer):
                if get_meta(self.writer, OPTIONS_KEY) != options:
                    set_meta(self.writer, OPTIONS_KEY, options)
        self._guard(work)

    def close(self) -> None:
        """Write pending hits and close every connection."""
        try:
            self.flush(force=True)
        except (sqlite3.Error, MemoryUnavailable):
            pass
        for conn in [*self.readers, self.writer]:
            conn.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def reader(self) -> sqlite3.Connection:
        """This thread's read connection."""
        conn = getattr(self.local, "conn", None)
        if conn is None:
            conn = self.local.conn = db.connect(self.path)
            with self.lock:
                self.readers.append(conn)
        return conn

    # -- journal --------------------------------------------------------------------------

    def append(self, entries: Iterable[Entry], *, last_seq: int | None = None, lost: int = 0) -> tuple[int, int]:
        """Append journal entries (redacted on the way in); return (appended, duplicates).

        With `last_seq`, the heart's sequence number of the last event seen and the events found missing are
        stored in the same transaction as the entries, so a restart resumes exactly where the journal stopped.
        """
        marks = {"last_seq": last_seq, "lost": lost} if last_seq is not None else None
        with self.lock:
            return self._guard(lambda: Journal(self.writer).append(entries, marks))

    def last_seq(self) -> int:
        """The heart's sequence number of the last event journalled (0 when none)."""
        return int(self._guard(lambda: get_meta(self.reader(), "last_seq", 0)))

    def ingest(self, stream: IO[bytes], fmt: str = "auto", max_bytes: int | None = None) -> IngestReport:
        """Append every good line of a JSON-lines stream, journal events or a Claude Code transcript (`fmt`); bad
        lines (a time not to be trusted among them: negative, or more than a day past this clock) are reported and
        skipped; past `max_bytes` the rest is not read."""
        with self.lock:
            return self._guard(lambda: Journal(self.writer).ingest(stream, self.clock(), fmt, max_bytes))

    def ingest_files(self, groups: list[list[Opener]], fmt: str = "auto", max_bytes: int | None = None
                     ) -> list[IngestReport]:
        """Ingest files, each group as one, its events merged by time (a session's transcript and its subagents');
        a report for each file, in order. Each file is opened when it is read (`folder.open_regular`,
        `Folder.open`) and closed before the next; OSError when one cannot be."""
        def work() -> list[IngestReport]:
            seen = MeshSeen(self.writer)  # one look at what the mesh journalled, for every file
            return [report for group in groups
                    for report in Journal(self.writer).ingest_together(group, self.clock(), fmt, max_bytes, seen)]
        with self.lock:
            return self._guard(work)

    # -- consolidation --------------------------------------------------------------------

    def consolidate(self) -> dict:
        """Fold what the journal gained since the last consolidation into cards (idempotent).

        The fold reads the journal on this thread's read connection, outside any write transaction, so
        ingestion and recall go on meanwhile; only writing the cards takes the write lock, briefly. When another
        process consolidated in between, the fold is done again from its newer state.
        """
        started = time.monotonic()
        self.consolidating_since = self.clock()
        try:
            return self._consolidate_retrying(started)
        finally:
            self.consolidating_since = None

    def describe(self, manifest: dict) -> bool:
        """Keep the descriptions the mesh's organs give their abilities (the heart's manifest) as glosses for the
        next consolidation; tell whether they changed."""
        glosses = meaning.described(manifest)

        def work() -> bool:
            with self.lock, transaction(self.writer):
                if get_meta(self.writer, DESCRIPTIONS_KEY, {}) == glosses:
                    return False
                set_meta(self.writer, DESCRIPTIONS_KEY, glosses)
                return True
        return self._guard(work)

    def teach_exposure(self, report: dict | None = None) -> None:
        """After a sleep, hand exposure which abilities followed which instructions (HOME/associations.json): an
        `after_sleep` hook of the memory organ's deep sleep and of `actors memory sleep` alike."""
        from broker.exposure import learning  # only after a sleep: start-up stays lean

        learned = learning.refresh(self.path.parent / learning.FILE_NAME,
                                   lambda last_id: journal_events(self, last_id))
        log.info("exposure learned from the journal up to event %d (%d episodes)", learned.mark, len(learned))

    def warm(self) -> None:
        """Build the recall index now, with meaning's vectors (a process starting up does it here, not on its first
        query's time)."""
        self._guard(lambda: self.recaller.warm(self.reader()))

    def _consolidate_retrying(self, started: float) -> dict:
        for _ in range(3):
            result = self._guard(lambda: self._consolidate(started))
            if result is not None:
                for hook in list(self.after_sleep):
                    try:
                        hook(result)
                    except Exception:  # a listener must not undo a consolidation
                        log.exception("a post-sleep hook failed")
                return result
        raise MemoryUnavailable("another process kept consolidating the same memory; try again")

    def _consolidate(self, started: float) -> dict | None:
        t = self.settings.thresholds
        conn = self.reader()
        raw = get_meta(conn, STATE_KEY)
        base = _last_id(raw)  # what the stored state has folded, usable or not
        glosses = get_meta(conn, DESCRIPTIONS_KEY, {})
        try:
            distiller = Distiller(raw, ignore_organs=self.settings.ignore_organs, glosses=glosses)
            rebuilt = False
        except (ValueError, TypeError, KeyError, AttributeError):
            # an older state (the rules changed) or a damaged one: fold the whole journal again
            distiller = Distiller(None, ignore_organs=self.settings.ignore_organs, glosses=glosses)
            rebuilt = True
        previous = get_meta(conn, "consolidation", {})
        # new descriptions of the mesh's abilities, or new shipped knowledge of what tools and files are for,
        # change what every card is about: all are rendered again
        settings_key = repr((t, self.settings.ignore_organs, distill.STATE_VERSION,
                             hashlib.sha1(json.dumps(glosses, sort_keys=True).encode()).hexdigest()[:16],
                             meaning.knowledge_digest()))
        # an event more than a day past this clock (journalled before ingest refused such times: milliseconds read
        # as seconds) would keep its cards from ever decaying: it is not learned from
        horizon, skipped = self.clock() + FUTURE_SLACK_S, [0]

        def trusted(rows: Iterable) -> Iterator:
            for row in rows:
                if row.ts > horizon:
                    skipped[0] += 1
                else:
                    yield row
        folded = distiller.feed(trusted(Journal(conn).rows_since(distiller.last_id)))
        if skipped[0]:
            log.info("consolidation left out %d journal events dated more than a day ahead", skipped[0])
        complete = rebuilt or previous.get("settings") != settings_key
        if folded == 0 and not complete:
            return {**previous, "folded": 0, "changed": False, "cards": CardStore(conn).counts(),
                    "seconds": round(time.monotonic() - started, 4)}
        # only the cards whose evidence this fold touched, unless the rules or thresholds changed
        drafts = distiller.drafts(t) if complete else distiller.drafts(t, only=distiller.dirty)
        state = distiller.to_state()
        with self.lock, transaction(self.writer):
            if _last_id(get_meta(self.writer, STATE_KEY)) != base:
                return None  # someone else consolidated meanwhile: fold again from their state
            store = CardStore(self.writer)
            retired = self._repeats(store, distiller.failures)
            report = store.sync(drafts, self.clock(), complete=complete, withdrawn=distiller.withdrawn)
            report.retired = retired
            set_meta(self.writer, STATE_KEY, state)
            summary = {"at": self.clock(), "last_event": distiller.last_id, "settings": settings_key,
                       "consolidations": previous.get("consolidations", 0) + 1}
            set_meta(self.writer, "consolidation", summary)
            counts = store.counts()
        return {**summary, "folded": folded, "future_events_skipped": skipped[0],
                "changed": report.created + report.updated + report.removed + retired > 0,
                **report.as_dict(), "cards": counts, "seconds": round(time.monotonic() - started, 4)}

    def _repeats(self, store: CardStore, failures: list[tuple[str, float, tuple[str, ...]]]) -> int:
        """Count failures that came after a card warning about them was injected in their session; retire."""
        if not failures:
            return 0
        injected: dict[tuple[str, int], float] = {
            (r[0], r[1]): r[2] for r in self.writer.execute("SELECT session, card_id, at FROM injected")}
        if not injected:
            return 0
        ids = store.by_keys({k for _, _, keys in failures for k in keys})
        retired = 0
        for session, ts, keys in failures:
            for card_id in {ids[k] for k in keys if k in ids}:
                at = injected.get((session, card_id))
                if at is None or ts < at:
                    continue
                self.writer.execute("UPDATE injected SET repeated = repeated + 1 WHERE session = ? AND card_id = ?",
                                    (session, card_id))
                retired += int(store.repeated(card_id, self.clock()))
        return retired

    # -- recall and injection -------------------------------------------------------------

    def recall(self, query: str, limit: int = 5, *, hit: bool = True, terms: str = "") -> tuple[list[Hit], float]:
        """Cards about the query (and the agent's search words for it, `with_terms`), best first, and the seconds it
        took. With `hit` (an agent's recall), each card found counts a hit, for a later flush; inspection
        (`actors recall`) passes hit=False and counts none."""
        started = time.perf_counter()
        hits = self._guard(lambda: self.recaller.search(self.reader(), with_terms(query, terms), limit))
        elapsed = time.perf_counter() - started
        if hit:
            self.recaller.note(found.card.id for found in hits)  # written by a later flush: a read never writes
        return hits, elapsed

    def proposals(self, query: str, terms: str = "") -> tuple[list[Hit], float]:
        """The cards a reader chooses from for a query and the agent's search words (`Recaller.proposals`,
        `with_terms`) and the seconds it took; no hit counted (`chose` counts the chosen)."""
        started = time.perf_counter()
        hits = self._guard(lambda: self.recaller.proposals(self.reader(), with_terms(query, terms)))
        return hits, time.perf_counter() - started

    def chose(self, hits: list[Hit]) -> None:
        """Count a hit for each card a reader chose, for a later flush."""
        self.recaller.note(found.card.id for found in hits)

    def inject(self, query: str, session: str = "", budget: int | None = None) -> Injection:
        """The advisory block for a prompt; the same set is held back for a few turns of a session."""
        budget = budget or self.settings.inject_budget
        conn = self.reader()
        agent = self.settings.inject_judge == Judge.AGENT
        hits = self._guard(lambda: self.recaller.proposals(conn, query) if agent else
                           self.recaller.search(conn, query, self.settings.inject_cards)) if query else []
        now = self.clock()
        standing = sorted(self._guard(lambda: JudgmentStore(conn).all()),
                          key=lambda j: (j.kind != "redline", -judgments.strength(j, now), j.id))
        # stored before judgments were checked (or by hand in the database): never put in front of a model
        standing = [j for j in standing if judgments.injection(j.text) is None]
        held = [(j.id, inject.judgment_line(j.kind, judgments.statement(j))) for j in standing]
        if agent:
            candidates = zip([h.card.id for h in hits], confirm.lines([h.card for h in hits]))
            block = inject.build(held, list(candidates), budget, guide=confirm.GUIDE, cap=confirm.LINE_CAP)
            if not block.cards:  # none fits after the guide (a small budget): recall's own choice, as words give it
                agent, hits = False, [h for h in hits if h.chosen]
        if not agent:
            block = inject.build(held, [(h.card.id, _advisory(h.card)) for h in hits], budget)
        # of the candidates the agent chooses among, those recall's own choice holds count a hit, as they would
        # have with the words' block
        hit = tuple(h.card.id for h in hits if h.chosen and h.card.id in block.cards) if agent else block.cards
        if not session or not block.text:
            self.recaller.note(hit)
            return Injection(block)
        with self.lock:
            turn, suppressed = self._guard(lambda: self._turn(session, block))
        if suppressed:
            with self.lock:
                self._guard(lambda: self._count_held_back(block.tokens))
            return Injection(inject.Block("", (), (), 0), suppressed=True, turn=turn)
        self.recaller.note(hit)
        return Injection(block, turn=turn)

    def before_call(self, organ: str, ability: str, args: dict, session: str = "",
                    budget: int | None = None) -> Injection:
        """The cards that speak to a call about to be made (before.py), each told once a session: a card a
        prompt's block or an earlier call already brought to this session is not told again."""
        conn = self.reader()
        call = before.call_of(organ, ability, args)
        told = {row[0] for row in self._guard(lambda: conn.execute(
            "SELECT card_id FROM injected WHERE session = ?", (session,)).fetchall())} if session else set()
        cards = self._guard(lambda: self._lessons_for(conn, call, told))
        block = inject.build([], [(c.id, _advisory(c)) for c in cards], budget or self.settings.inject_budget)
        if session and block.cards:
            def record() -> None:
                with self.lock, transaction(self.writer):
                    self.writer.executemany("INSERT OR IGNORE INTO injected (session, card_id, at) VALUES (?, ?, ?)",
                                            [(session, card_id, self.clock()) for card_id in block.cards])
            self._guard(record)
        self.recaller.note(block.cards)
        return Injection(block)

    def _lessons_for(self, conn: sqlite3.Connection, call: before.Call, told: set[int]) -> list[Card]:
        """The best cards that speak to a call, leaving out those already told (before the limit: a fourth card
        about a call is told once the first three were)."""
        index = self.recaller.current(conn)
        built_for, lessons = self.lessons
        if built_for is not index or lessons is None:
            marks = ",".join("?" * len(before.KINDS))
            kinds = {i: (kind, n) for i, kind, n in conn.execute(
                f"SELECT id, kind, confirmations FROM cards WHERE {LIVE} AND kind IN ({marks})", before.KINDS)}
            lessons = before.Lessons(index.ids, index.identities, kinds)
            self.lessons = (index, lessons)
        found: list[Card] = []
        candidates = [i for i in lessons.candidates(call, before.MAX_READ) if i not in told]
        for start in range(0, len(candidates), before.MAX_LESSONS * 2):  # best first: most calls read a few
            chunk = candidates[start:start + before.MAX_LESSONS * 2]
            fetched = CardStore(conn).fetch(chunk)
            found += [card for card in (fetched[i] for i in chunk if i in fetched)
                      if before.speaks_to(card.kind, card.identity, card.wrong, call)
                      and not (card.kind == "rule" and before.already_fixed(
                          card.instead, (c.partition(" -> ")[2] for c in card.evidence.get("calls", ())), call))]
            if len(found) >= before.MAX_LESSONS:
                break
        return found[:before.MAX_LESSONS]

    def _turn(self, session: str, block: inject.Block) -> tuple[int, bool]:
        fingerprint = inject.fingerprint(block.cards, block.judgments)
        with transaction(self.writer):
            row = self.writer.execute("SELECT turn FROM turns WHERE session = ?", (session,)).fetchone()
            turn = (row[0] if row else 0) + 1
            self.writer.execute("INSERT INTO turns (session, turn, at) VALUES (?, ?, ?) ON CONFLICT (session) "
                                "DO UPDATE SET turn = excluded.turn, at = excluded.at", (session, turn, self.clock()))
            last = self.writer.execute("SELECT turn FROM injections WHERE session = ? AND fingerprint = ?",
                                       (session, fingerprint)).fetchone()
            if inject.suppressed(turn, last[0] if last else None, self.settings.reinject_after_turns):
                return turn, True
            self.writer.execute("INSERT INTO injections (session, fingerprint, turn) VALUES (?, ?, ?) "
                                "ON CONFLICT (session, fingerprint) DO UPDATE SET turn = excluded.turn",
                                (session, fingerprint, turn))
            # what was injected where, so a failure that follows the advice anyway is counted against the card
            self.writer.executemany("INSERT OR IGNORE INTO injected (session, card_id, at) VALUES (?, ?, ?)",
                                    [(session, card_id, self.clock()) for card_id in block.cards])
        return turn, False

    def _count_held_back(self, tokens: int) -> None:
        with transaction(self.writer):
            held = get_meta(self.writer, "held_back", {"blocks": 0, "tokens": 0})
            set_meta(self.writer, "held_back", {"blocks": held["blocks"] + 1, "tokens": held["tokens"] + tokens})

    def flush(self, force: bool = False) -> int:
        """Write batched hit counts when due (or now, when forced)."""
        pending = self.recaller.take_due(force)
        if not pending:
            return 0
        with self.lock:
            try:
                return CardStore(self.writer).add_hits(pending, self.clock())
            except sqlite3.OperationalError:
                self.recaller.restore(pending)  # busy: keep the counts for the next flush
                return 0

    # -- cards ----------------------------------------------------------------------------

    def cards(self, kind: str | None = None) -> list[Card]:
        """Live cards, oldest first."""
        return self._guard(lambda: CardStore(self.reader()).live(kind))

    def card_counts(self) -> dict[str, int]:
        """Live cards by kind."""
        return self._guard(lambda: CardStore(self.reader()).counts())

    def forget_card(self, card_id: int) -> str:
        """Tombstone a card; say what happened."""
        with self.lock:
            return self._guard(lambda: CardStore(self.writer).forget(card_id, self.clock()))

    def export_rows(self, min_hits: int = 0) -> list[export.RuleRow]:
        """The rules to export, from live cards with at least min_hits hits."""
        self.flush(force=True)
        return export.rows(self.cards(), min_hits)

    # -- judgments ------------------------------------------------------------------------

    def judgments(self) -> list[Judgment]:
        """Every standing judgment."""
        return self._guard(lambda: JudgmentStore(self.reader()).all())

    def remember(self, statement: str, kind: str, reason: str = "") -> tuple[Judgment, list[int]]:
        """Record a judgment (same topic overwrites, cap evicts the weakest); return it and the ids removed."""
        with self.lock:
            return self._guard(lambda: self._remember(statement, kind, reason))

    def _remember(self, statement: str, kind: str, reason: str) -> tuple[Judgment, list[int]]:
        with transaction(self.writer):
            store = JudgmentStore(self.writer)
            new, removed = judgments.remember(store.all(), kind, redact_text(statement), redact_text(reason),
                                              self.clock())
            store.delete(removed)
            ident = store.put(new)
            stones = get_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, {})
            if judgments.tombstone(new.text) in stones:  # said again by the user: no longer forgotten
                del stones[judgments.tombstone(new.text)]
                set_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, stones)
        return Judgment(**{**{f.name: getattr(new, f.name) for f in fields(Judgment)}, "id": ident}), removed

    def forget_judgment(self, statement: str, confirm: bool = False) -> Forgetting:
        """Remove the judgments a statement names exactly (its text, or the id); those it only matches by topic
        are removed when confirmed, else returned unremoved. Each removed text is tombstoned: no import brings
        it back."""
        with self.lock:
            return self._guard(lambda: self._forget_judgment(statement, confirm))

    def _forget_judgment(self, statement: str, confirm: bool) -> Forgetting:
        with transaction(self.writer):
            store = JudgmentStore(self.writer)
            existing = store.all()
            ids, exact = judgments.forget(existing, statement)
            named = [j for j in existing if j.id in set(ids)]
            if not exact and not confirm:
                return Forgetting([], named)
            store.delete(ids)
            self._bury(named)
        return Forgetting(named, [])

    def _bury(self, gone: list[Judgment]) -> None:
        """Tombstone forgotten judgments' texts (inside the caller's transaction), the oldest beyond the cap
        dropped."""
        if not gone:
            return
        stones = get_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, {})
        for j in gone:
            stones.pop(judgments.tombstone(j.text), None)
            stones[judgments.tombstone(j.text)] = {"kind": j.kind, "forgotten_at": self.clock()}
        set_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, dict(list(stones.items())[-MAX_FORGOTTEN_JUDGMENTS:]))

    def _forgotten_judgments(self, conn: sqlite3.Connection) -> list[dict]:
        """The tombstones of forgotten judgments ({digest, kind, forgotten_at}), oldest first."""
        return [{"digest": d, **v} for d, v in get_meta(conn, FORGOTTEN_JUDGMENTS_KEY, {}).items()]

    # -- the console's view: cards, judgments, snapshots, stats ----------------------------

    def cards_view(self, kind: str | None = None, include_gone: bool = False) -> list[dict]:
        """Cards with their evidence, hits, weight now and decay factor (retired and forgotten too, on request)."""
        now = self.clock()
        half_life = self.settings.half_life_days * 86400.0

        def read() -> list[dict]:
            store = CardStore(self.reader())
            found = store.every(kind) if include_gone else store.live(kind)
            return [{**c.as_dict(), "weight": round(recall_weight(c, now, half_life), 4),
                     "decay": round(distill.age_factor(now - c.confirmed_at, half_life), 4)} for c in found]
        return self._guard(read)

    def judgments_view(self) -> list[dict]:
        """Judgments, strongest first, with their weight (strength now) and evidence (confirmations, times)."""
        now = self.clock()
        found = sorted(self.judgments(), key=lambda j: (j.kind != "redline", -judgments.strength(j, now), j.id))
        return [{**j.as_dict(now), "weight": round(judgments.strength(j, now), 4),
                 "evidence": {"confirmations": j.confirmations, "created_at": j.created_at,
                              "confirmed_at": j.confirmed_at, "reason": j.reason}} for j in found]

    def withdraw_judgment(self, judgment_id: int) -> Judgment | None:
        """Remove one judgment by id; return it, or None when there is no such judgment."""
        def work() -> Judgment | None:
            with transaction(self.writer):
                store = JudgmentStore(self.writer)
                found = next((j for j in store.all() if j.id == judgment_id), None)
                if found is not None:
                    store.delete([judgment_id])
                    self._bury([found])
                return found
        with self.lock:
            return self._guard(work)

    def export_snapshot(self) -> dict:
        """A versioned snapshot of live cards, judgments and the keys of forgotten cards."""
        self.flush(force=True)

        def read() -> dict:
            store = CardStore(self.reader())
            gone = [c for c in store.every() if c.state != "live"]
            return snapshot.build(store.live(), JudgmentStore(self.reader()).all(), gone, self.clock(),
                                  self._forgotten_judgments(self.reader()))
        return self._guard(read)

    def import_snapshot(self, raw: bytes) -> dict:
        """Merge a snapshot file's bytes into this memory in one transaction; raise SnapshotError, changing nothing."""
        data = scrub(snapshot.parse(raw))  # a snapshot may come from anywhere: nothing is stored unredacted
        with self.lock:
            return self._guard(lambda: self._import(data))

    def _import(self, data: dict) -> dict:
        report = {"cards_added": 0, "cards_merged": 0, "cards_refused_forgotten": 0, "tombstones_added": 0,
                  "judgments_added": 0, "judgments_confirmed": 0, "judgments_refused_forgotten": 0,
                  "judgments_forgotten": 0, "judgment_tombstones_not_kept": 0}
        now = self.clock()
        with transaction(self.writer):
            store = CardStore(self.writer)
            blocked = store.blocked_keys()
            keymap = dict(self.writer.execute("SELECT key, card_id FROM card_keys"))
            for stone in data["tombstones"]:
                if stone["key"] in blocked:
                    continue
                if stone["key"] in keymap:
                    store.forget_in_transaction(keymap[stone["key"]], now)
                else:
                    keymap[stone["key"]] = store.tombstone(stone["key"], stone["kind"], stone.get("title", ""), now)
                blocked.add(stone["key"])
                report["tombstones_added"] += 1
            for card in data["cards"]:
                if card["key"] in blocked:
                    report["cards_refused_forgotten"] += 1  # never resurrect what someone forgot
                elif card["key"] in keymap:
                    store.merge_imported(keymap[card["key"]], card, now)
                    report["cards_merged"] += 1
                else:
                    keymap[card["key"]] = store.insert_imported(card, now)
                    report["cards_added"] += 1
            jstore = JudgmentStore(self.writer)
            stones = get_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, {})
            for stone in data.get("forgotten_judgments", []):  # forgotten there: forgotten here too
                gone = [j for j in jstore.all() if judgments.tombstone(j.text) == stone["digest"]]
                jstore.delete([j.id for j in gone])
                report["judgments_forgotten"] += len(gone)
                if stone["digest"] in stones:
                    continue
                if len(stones) >= MAX_FORGOTTEN_JUDGMENTS:  # an import never pushes out what was forgotten here
                    report["judgment_tombstones_not_kept"] += 1
                    continue
                stones[stone["digest"]] = {"kind": stone["kind"], "forgotten_at": now}
            set_meta(self.writer, FORGOTTEN_JUDGMENTS_KEY, stones)
            for item in data["judgments"]:
                if judgments.tombstone(item["text"]) in stones:
                    report["judgments_refused_forgotten"] += 1  # never bring back what the user forgot
                    continue
                existing = jstore.all()
                same = next((j for j in existing if j.text.lower() == item["text"].lower() and j.kind == item["kind"]),
                            None)
                if same is not None:
                    jstore.put(replace(same, confirmations=max(same.confirmations, item["confirmations"]),
                                       confirmed_at=max(same.confirmed_at, item["confirmed_at"])))
                    report["judgments_confirmed"] += 1
                    continue
                new, removed = judgments.remember(existing, item["kind"], item["text"], item.get("reason", ""),
                                                  item["confirmed_at"])
                jstore.delete(removed)
                jstore.put(replace(new, confirmations=item["confirmations"], created_at=item["created_at"]))
                report["judgments_added"] += 1
            store.bump()
        return report

    def stats(self) -> dict:
        """What memory saved, each estimate with its inputs."""
        def read() -> dict:
            conn = self.reader()
            held = get_meta(conn, "held_back", {"blocks": 0, "tokens": 0})
            retired = conn.execute("SELECT count(*) FROM cards WHERE retired_at IS NOT NULL").fetchone()[0]
            return {
                "suppressed_repeats": savings.suppressed(*self._savings_inputs(conn)),
                "held_back_blocks": {"estimate_tokens": held["tokens"],
                                     "inputs": {"blocks": held["blocks"], "tokens": held["tokens"],
                                                "reinject_after_turns": self.settings.reinject_after_turns}},
                "retired_cards": retired, "cards": CardStore(conn).counts(),
            }
        return self._guard(read)

    def _savings_inputs(self, conn: sqlite3.Connection) -> tuple[list[savings.Injected], list[savings.Call]]:
        """The injected warnings, and the journal's calls that can tell whether they saved anything: every
        failure (its warning keys say which card it repeats) and the calls of the abilities those cards are on."""
        injections = [savings.Injected(*r) for r in conn.execute(
            "SELECT i.session, i.card_id, i.at, c.kind, c.card_key FROM injected i JOIN cards c ON c.id = i.card_id "
            "WHERE c.kind IN ('pitfall', 'rule') ORDER BY i.session, i.card_id")]
        if not injections:
            return [], []
        keys = {i.key for i in injections}
        calls: list[savings.Call] = []
        abilities: set[tuple[str, str]] = set()
        for session, ts, organ, ability, args, error, origin in conn.execute(
                "SELECT session, ts, organ, ability, args, error, origin FROM events WHERE kind = 'call' AND ok = 0"):
            if not self._learned_from(organ, origin, error):
                continue
            name = f"{organ}.{ability}"
            families = _families(organ, ability, args)
            found = distill.warning_keys(name, families[-1] if families else "", normalise.error_signature(error))
            calls.append(savings.Call(session, ts, name, families, found))
            if keys & set(found):
                abilities.add((organ, ability))
        for organ, ability in sorted(abilities):
            for session, ts, args, origin in conn.execute(
                    "SELECT session, ts, args, origin FROM events WHERE kind = 'call' AND ok = 1 AND organ = ? "
                    "AND ability = ?", (organ, ability)):
                if self._learned_from(organ, origin, ""):
                    calls.append(savings.Call(session, ts, f"{organ}.{ability}", _families(organ, ability, args)))
        return injections, calls

    def _learned_from(self, organ: str, origin: str, error: str) -> bool:
        """Tell whether distillation learns from a call (the agent's own work, not background or a fault drill)."""
        return (organ not in self.settings.ignore_organs and origin not in distill.BACKGROUND_ORIGINS
                and FAULT_DRILL not in error)

    # -- state ----------------------------------------------------------------------------

    def status(self) -> dict:
        """Journal size, the last consolidation, cards by kind, judgments, lost events, whether recall reads
        meaning."""
        conn = self.reader()

        def read() -> dict:
            journal = Journal(conn)
            last = get_meta(conn, "consolidation", {})
            return {"db": str(self.path), "events": journal.count(), "last_event": journal.last_id(),
                    "consolidated_through": last.get("last_event", 0), "consolidated_at": last.get("at"),
                    "consolidations": last.get("consolidations", 0), "cards": CardStore(conn).counts(),
                    "judgments": len(JudgmentStore(conn).all()), "last_progress": journal.last_progress(),
                    "lost_events": get_meta(conn, "lost_events", 0), "meaning": str(self.recaller.meaning)}
        return self._guard(read)

    def add_lost(self, n: int) -> None:
        """Count events the heart published that never arrived (a PUB high-water mark drop)."""
        with self.lock:
            def add() -> None:
                with transaction(self.writer):
                    set_meta(self.writer, "lost_events", get_meta(self.writer, "lost_events", 0) + n)
            self._guard(add)

    def _guard(self, work: Callable):
        try:
            return work()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise MemoryUnavailable(f"the memory database {self.path} stayed locked for "
                                        f"{db.BUSY_TIMEOUT_S:g}s by another writer; try again") from None
            if isinstance(exc, sqlite3.OperationalError):
                raise
            raise db.corrupt(self.path, exc) from None


def journal_events(memory: Memory, last_id: int) -> Iterator[dict]:
    """The journal's events after last_id, as exposure learns them (contract fields and the event id)."""
    for row in Journal(memory.reader()).rows_since(last_id):
        yield {"id": row.id, "ts": row.ts, "session": row.session, "kind": row.kind, "organ": row.organ,
               "ability": row.ability, "text": row.text, "origin": row.origin}


def _advisory(card: Card) -> str:
    """A card's advisory line, as a prompt's block and a call's lessons show it (`inject.card_line`)."""
    return inject.card_line(card.kind, card.title, card.when, card.wrong, card.instead, card.stats.get("error", ""))
