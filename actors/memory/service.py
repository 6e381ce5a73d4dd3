"""Memory as one object over HOME/memory.db: what the organ and the CLI both use.

One writer connection per process, guarded by a lock; reads use a connection per thread, so recall never
waits for a write (WAL). Other processes may write the same file at the same time: SQLite serialises
them with a busy timeout, and every rule that must survive a concurrent writer is checked inside the
writer's transaction.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import IO, Callable, Iterable

from actors.memory import db, distill, export, inject, judgments
from actors.memory.db import MemoryUnavailable, get_meta, set_meta, transaction
from actors.memory.distill import Distiller, Thresholds
from actors.memory.journal import Entry, IngestReport, Journal
from actors.memory.judgments import Judgment
from actors.memory.recall import MIN_RELEVANCE, Hit, Recaller
from actors.memory.store import Card, CardStore, JudgmentStore

STATE_KEY = "distill_state"
OPTIMIZE_AFTER = 100  # card changes in one consolidation after which the FTS index is merged into one segment


@dataclass(frozen=True, slots=True)
class Settings:
    """Memory's options (the organ's `options` table in the mesh file)."""

    thresholds: Thresholds = field(default_factory=Thresholds)
    half_life_days: float = 30.0  # cards' weight halves after this long without a new confirmation
    min_relevance: float = MIN_RELEVANCE
    inject_budget: int = inject.DEFAULT_BUDGET
    reinject_after_turns: int = inject.REINJECT_AFTER_TURNS
    inject_cards: int = 8  # cards considered for one injection
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
                                 min_relevance=self.settings.min_relevance)

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

    def append(self, entries: Iterable[Entry]) -> tuple[int, int]:
        """Append journal entries (redacted on the way in); return (appended, duplicates)."""
        with self.lock:
            return self._guard(lambda: Journal(self.writer).append(entries))

    def ingest(self, stream: IO[bytes]) -> IngestReport:
        """Append every good line of a JSON-lines stream; bad lines are reported and skipped."""
        with self.lock:
            return self._guard(lambda: Journal(self.writer).ingest(stream))

    # -- consolidation --------------------------------------------------------------------

    def consolidate(self) -> dict:
        """Fold what the journal gained since the last consolidation into cards (idempotent)."""
        with self.lock:
            return self._guard(self._consolidate)

    def _consolidate(self) -> dict:
        started = time.monotonic()
        t = self.settings.thresholds
        with transaction(self.writer):
            try:
                distiller = Distiller(get_meta(self.writer, STATE_KEY), ignore_organs=self.settings.ignore_organs)
            except (ValueError, TypeError, KeyError):
                distiller = Distiller(None, ignore_organs=self.settings.ignore_organs)  # rebuilt from the journal
            folded = distiller.feed(Journal(self.writer).rows_since(distiller.last_id))
            previous = get_meta(self.writer, "consolidation", {})
            settings_key = repr((t, self.settings.ignore_organs))
            store = CardStore(self.writer)
            if folded == 0 and previous.get("settings") == settings_key:
                return {**previous, "folded": 0, "changed": False, "cards": store.counts()}
            merged = distill.cluster(distiller.drafts(t), store.blocked_keys(), t.merge_jaccard)
            report = store.sync(merged, self.clock())
            if report.created + report.updated + report.merged >= OPTIMIZE_AFTER:
                store.optimize()
            set_meta(self.writer, STATE_KEY, distiller.to_state())
            summary = {"at": self.clock(), "last_event": distiller.last_id, "settings": settings_key,
                       "consolidations": previous.get("consolidations", 0) + 1}
            set_meta(self.writer, "consolidation", summary)
        return {**summary, "folded": folded, "changed": report.created + report.updated + report.merged > 0,
                **report.as_dict(), "cards": CardStore(self.writer).counts(),
                "seconds": round(time.monotonic() - started, 4)}

    # -- recall and injection -------------------------------------------------------------

    def recall(self, query: str, limit: int = 5) -> tuple[list[Hit], float]:
        """Cards about the query, best first, and the seconds it took; hits are counted for a later flush."""
        started = time.perf_counter()
        hits = self._guard(lambda: self.recaller.search(self.reader(), query, limit))
        elapsed = time.perf_counter() - started
        self.recaller.note(hit.card.id for hit in hits)
        self.flush()
        return hits, elapsed

    def inject(self, query: str, session: str = "", budget: int | None = None) -> Injection:
        """The advisory block for a prompt; the same set is held back for a few turns of a session."""
        budget = budget or self.settings.inject_budget
        conn = self.reader()
        hits = self._guard(lambda: self.recaller.search(conn, query, self.settings.inject_cards)) if query else []
        now = self.clock()
        standing = sorted(self._guard(lambda: JudgmentStore(conn).all()),
                          key=lambda j: (j.kind != "redline", -judgments.strength(j, now), j.id))
        block = inject.build(
            [(j.id, inject.judgment_line(j.kind, judgments.statement(j))) for j in standing],
            [(h.card.id, inject.card_line(h.card.kind, h.card.title, h.card.when, h.card.wrong, h.card.instead))
             for h in hits], budget)
        if not session or not block.text:
            self.recaller.note(block.cards)
            return Injection(block)
        with self.lock:
            turn, suppressed = self._guard(lambda: self._turn(session, block))
        if suppressed:
            return Injection(inject.Block("", (), (), 0), suppressed=True, turn=turn)
        self.recaller.note(block.cards)
        self.flush()
        return Injection(block, turn=turn)

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
        return turn, False

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
            new, removed = judgments.remember(store.all(), kind, statement, reason, self.clock())
            store.delete(removed)
            ident = store.put(new)
        return Judgment(**{**{f.name: getattr(new, f.name) for f in fields(Judgment)}, "id": ident}), removed

    def forget_judgment(self, statement: str) -> list[Judgment]:
        """Remove the judgments a statement names; return them."""
        with self.lock:
            return self._guard(lambda: self._forget_judgment(statement))

    def _forget_judgment(self, statement: str) -> list[Judgment]:
        with transaction(self.writer):
            store = JudgmentStore(self.writer)
            existing = store.all()
            ids = set(judgments.forget(existing, statement))
            store.delete(ids)
        return [j for j in existing if j.id in ids]

    # -- state ----------------------------------------------------------------------------

    def status(self) -> dict:
        """Journal size, the last consolidation, cards by kind, judgments, lost events."""
        conn = self.reader()

        def read() -> dict:
            journal = Journal(conn)
            last = get_meta(conn, "consolidation", {})
            return {"db": str(self.path), "events": journal.count(), "last_event": journal.last_id(),
                    "consolidated_through": last.get("last_event", 0), "consolidated_at": last.get("at"),
                    "consolidations": last.get("consolidations", 0), "cards": CardStore(conn).counts(),
                    "judgments": len(JudgmentStore(conn).all()), "last_progress": journal.last_progress(),
                    "lost_events": get_meta(conn, "lost_events", 0)}
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
