"""What the console asks of memory, in one adapter over the memory service.

The console opens HOME/memory.db itself, as the `actors memory` commands do (SQLite in WAL mode, so it
runs beside a live memory organ): the judgments portrait, cards a page at a time with their evidence,
withdrawing a judgment or a card, exports and snapshots. Every read the page makes is bounded (a page of
cards, a card's evidence capped), so 30,000 cards cost no more than 30.
"""

from __future__ import annotations

import json
import math
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from actors.memory import export, judgments
from actors.memory.db import MemoryUnavailable, transaction
from actors.memory.recall import weight
from actors.memory.service import Memory
from actors.memory.store import LIVE, CardStore, JudgmentStore
from actors.web.portrait import portrait

PAGE = 50
MAX_PAGE = 200
EVIDENCE_EVENTS = 200  # journal events read for one card's evidence
EXAMPLES = 5
QUERY_CHARS = 200
EXPORTS = {  # what: (file name, media type)
    "skill": ("SKILL.md", "text/markdown; charset=utf-8"),
    "agents": ("AGENTS-memory.md", "text/markdown; charset=utf-8"),
    "snapshot": ("actors-memory.json", "application/json"),
}


class SnapshotRefused(ValueError):
    """A snapshot file that cannot be imported; nothing was changed."""


class MemoryView:
    """The console's view of memory: reads a page at a time, changes only what the user asks."""

    def __init__(self, home: Path, clock: Callable[[], float] = time.time) -> None:
        self.home = Path(home)
        self.clock = clock
        self._memory: Memory | None = None
        self._opening = threading.Lock()

    def memory(self) -> Memory:
        """The memory service, opened on first use (raise MemoryUnavailable when it cannot be)."""
        with self._opening:
            if self._memory is None:
                self._memory = Memory(self.home, clock=self.clock)
            return self._memory

    def close(self) -> None:
        """Close the database, if it was opened."""
        with self._opening:
            if self._memory is not None:
                self._memory.close()
                self._memory = None

    # -- judgments ------------------------------------------------------------------------

    def judgments(self) -> list[dict]:
        """Every standing judgment as plain data, with its strength now and its evidence."""
        now = self.clock()
        return [_judgment(j, now) for j in self.memory().judgments()]

    def portrait(self) -> dict:
        """The judgments laid out for the page."""
        return portrait(self.judgments())

    def withdraw(self, judgment_id: int) -> dict | None:
        """Remove one judgment by id; return it, or None when there is no such judgment."""
        memory = self.memory()
        with memory.lock, transaction(memory.writer):
            store = JudgmentStore(memory.writer)
            found = next((j for j in store.all() if j.id == judgment_id), None)
            if found is None:
                return None
            store.delete([judgment_id])
        return _judgment(found, self.clock())

    # -- cards ----------------------------------------------------------------------------

    def cards(self, kind: str = "", query: str = "", offset: int = 0, limit: int = PAGE) -> dict:
        """One page of live cards, heaviest first, optionally of one kind or containing a text."""
        memory = self.memory()
        conn = memory.reader()
        limit = max(1, min(MAX_PAGE, limit))
        now = self.clock()
        half_life_s = memory.settings.half_life_days * 86400.0
        where, args = [LIVE], []
        if kind:
            where.append("kind = ?")
            args.append(kind)
        query = " ".join(query.split())[:QUERY_CHARS]
        if len(query) >= 3:  # the trigram index answers substrings of 3 characters or more at once
            where.append("id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)")
            args.append('"' + query.replace('"', '""') + '"')
        elif query:
            where.append("instr(search, ?) > 0")
            args.append(query.lower())
        condition = " AND ".join(where)
        _math_functions(conn)
        total = conn.execute(f"SELECT count(*) FROM cards WHERE {condition}", args).fetchone()[0]
        ids = [r[0] for r in conn.execute(
            f"SELECT id FROM cards WHERE {condition} ORDER BY (1.0 + log2(1 + confirmations + hits)) * "
            "pow(2.0, -max(0.0, ? - confirmed_at) / ?) DESC, id LIMIT ? OFFSET ?",
            [*args, now, half_life_s, limit, max(0, offset)])]
        found = CardStore(conn).fetch(ids)
        return {"counts": memory.card_counts(), "total": total, "offset": offset, "limit": limit,
                "cards": [_card(found[i], now, half_life_s) for i in ids if i in found]}

    def card(self, card_id: int) -> dict | None:
        """One card with its evidence from the journal: sessions, counts and example texts."""
        memory = self.memory()
        conn = memory.reader()
        found = CardStore(conn).fetch([card_id]).get(card_id)
        if found is None:
            return None
        shown = _card(found, self.clock(), memory.settings.half_life_days * 86400.0)
        return {**shown, "evidence": evidence(conn, found.provenance)}

    def forget_card(self, card_id: int) -> str:
        """Withdraw a card for good; say what happened (forgotten, already forgotten, missing, merged...)."""
        return self.memory().forget_card(card_id)

    # -- moving memory --------------------------------------------------------------------

    def export(self, what: str) -> tuple[str, str, bytes]:
        """An export as (file name, media type, content): skill, agents or snapshot."""
        name, media = EXPORTS[what]
        memory = self.memory()
        if what == "snapshot":
            return name, media, json.dumps(self._snapshot(memory), ensure_ascii=False, indent=1).encode()
        rows = memory.export_rows()
        text = export.skill_md(rows) if what == "skill" else export.agents_block(rows) + "\n"
        return name, media, text.encode()

    def import_snapshot(self, raw: bytes) -> dict:
        """Merge a snapshot into memory; raise SnapshotRefused (nothing changed) for a bad or newer file."""
        memory = self.memory()
        importer = getattr(memory, "import_snapshot", None)
        if importer is None:
            raise SnapshotRefused("this version of memory cannot import snapshots (`actors memory import` "
                                  "is not available)")
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise SnapshotRefused(f"not a JSON snapshot: {exc}") from None
        try:
            return _plain(importer(data))
        except (ValueError, TypeError, KeyError) as exc:
            raise SnapshotRefused(str(exc)) from None

    def _snapshot(self, memory: Memory) -> Any:
        exporter = getattr(memory, "export_snapshot", None)
        if exporter is None:
            raise MemoryUnavailable("this version of memory cannot write snapshots (`actors memory export` "
                                    "is not available)")
        return exporter()

    # -- what memory saved ----------------------------------------------------------------

    def stats(self) -> dict:
        """What memory saved, with the inputs of each estimate, plus its size."""
        memory = self.memory()
        status = memory.status()
        report = getattr(memory, "stats", None)
        saved = _plain(report()) if report is not None else None
        return {"status": status, "saved": saved}


def evidence(conn: sqlite3.Connection, provenance: tuple[int, ...]) -> dict:
    """Where a card comes from: its journal events by session, outcome counts and a few example texts."""
    ids = list(provenance)[-EVIDENCE_EVENTS:]
    if not ids:
        return {"events": 0, "sessions": {}, "ok": 0, "failed": 0, "examples": []}
    marks = ",".join("?" * len(ids))
    rows = conn.execute(f"SELECT session, kind, organ, ability, args, ok, error, text FROM events "
                        f"WHERE id IN ({marks}) ORDER BY id", ids).fetchall()
    sessions: dict[str, int] = {}
    examples: list[str] = []
    ok = failed = 0
    for session, kind, organ, ability, args, good, error, text in rows:
        sessions[session or "-"] = sessions.get(session or "-", 0) + 1
        ok += good == 1
        failed += good == 0
        if len(examples) < EXAMPLES:
            examples.append(_example(kind, organ, ability, args, good, error, text))
    return {"events": len(provenance), "sessions": sessions, "ok": ok, "failed": failed, "examples": examples}


def _example(kind: str, organ: str, ability: str, args: str, ok: int | None, error: str, text: str) -> str:
    if kind == "progress":
        return f"progress: {text[:200]}"
    outcome = "ok" if ok else f"failed: {error[:200]}"
    return f"{organ}.{ability} {args[:200]} → {outcome}"


def _judgment(j: judgments.Judgment, now: float) -> dict:
    entry = j.as_dict(now)
    said = entry.get("evidence") or []
    first = time.strftime("%Y-%m-%d", time.localtime(j.created_at)) if j.created_at else "?"
    last = time.strftime("%Y-%m-%d", time.localtime(j.confirmed_at)) if j.confirmed_at else "?"
    facts = [f"said {j.confirmations} time{'s' if j.confirmations != 1 else ''}, first {first}, last {last}",
             f"strength {entry['strength']:.2f}" + (" (a red line does not fade)" if j.kind == "redline"
                                                     else " (halves every 30 days without a confirmation)")]
    if j.reason:
        facts.insert(0, f"because {j.reason}")
    return {**entry, "evidence": [*said, *facts]}


def _card(card: Any, now: float, half_life_s: float) -> dict:
    age_days = max(0.0, now - card.confirmed_at) / 86400.0
    return {"id": card.id, "kind": card.kind, "title": card.title, "body": card.body, "when": card.when,
            "wrong": card.wrong, "instead": card.instead, "files": list(card.files)[:10],
            "triggers": list(card.triggers)[:10], "stats": card.stats, "confirmations": card.confirmations,
            "hits": card.hits, "weight": round(weight(card, now, half_life_s), 4),
            "decay": round(math.pow(2.0, -age_days * 86400.0 / half_life_s), 4), "age_days": round(age_days, 1),
            "evidence_events": len(card.provenance)}


def _math_functions(conn: sqlite3.Connection) -> None:
    """SQLite built without its math functions gets Python's (slower, but the same order)."""
    try:
        conn.execute("SELECT log2(2.0), pow(2.0, 1.0)").fetchone()
    except sqlite3.OperationalError:
        conn.create_function("log2", 1, math.log2, deterministic=True)
        conn.create_function("pow", 2, math.pow, deterministic=True)


def _plain(value: Any) -> Any:
    as_dict = getattr(value, "as_dict", None)
    return as_dict() if callable(as_dict) else value
