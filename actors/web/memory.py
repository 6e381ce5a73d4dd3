"""What the console asks of memory, in one adapter over the memory service.

The console opens HOME/memory.db itself, as the `actors memory` commands do (SQLite in WAL mode, so it
runs beside a live memory organ): the judgments portrait, cards a page at a time with their evidence,
withdrawing a judgment or a card, exports, snapshots and what memory saved. Every read the page makes is
bounded: cards come a page at a time (ordered in SQL by the same weight recall uses), so 30,000 cards cost
the page no more than 50.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any, Callable, NamedTuple

from actors.memory import export
from actors.memory.db import connect
from actors.memory.distill import KINDS, age_factor
from actors.memory.recall import weight
from actors.memory.service import Memory
from actors.memory.snapshot import SnapshotError
from actors.memory.store import LIVE, CardStore
from actors.web.portrait import portrait

PAGE = 50
MAX_PAGE = 200
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
        self._index: CardIndex | None = None
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
            if self._index is not None:
                self._index.close()
                self._index = None
            if self._memory is not None:
                self._memory.close()
                self._memory = None

    # -- judgments ------------------------------------------------------------------------

    def judgments(self) -> list[dict]:
        """Every standing judgment as plain data, strongest first, with its strength now and its evidence."""
        return [_judgment(j) for j in self.memory().judgments_view()]

    def portrait(self) -> dict:
        """The judgments laid out for the page."""
        return portrait(self.judgments())

    def withdraw(self, judgment_id: int) -> dict | None:
        """Remove one judgment by id; return it, or None when there is no such judgment."""
        found = self.memory().withdraw_judgment(judgment_id)
        return None if found is None else found.as_dict(self.clock())

    # -- cards ----------------------------------------------------------------------------

    def cards(self, kind: str = "", query: str = "", offset: int = 0, limit: int = PAGE, gone: bool = False) -> dict:
        """One page of live cards, heaviest first, optionally of one kind or containing a text; with `gone`, the
        retired and forgotten cards instead, most recently gone first, each with its state and reason."""
        memory = self.memory()
        limit = max(1, min(MAX_PAGE, limit))
        offset = max(0, offset)
        now = self.clock()
        half_life_s = memory.settings.half_life_days * 86400.0
        if gone:
            return self._gone(memory, kind, " ".join(query.split())[:QUERY_CHARS].lower(), offset, limit)
        ranked, counts = self.index(memory).ranked(kind, " ".join(query.split())[:QUERY_CHARS].lower())
        ids = ranked[offset:offset + limit]
        found = CardStore(memory.reader()).fetch(ids)  # fresh rows; a card gone meanwhile is skipped
        return {"counts": counts, "total": len(ranked), "offset": offset, "limit": limit,
                "cards": [_card(found[i], now, half_life_s) for i in ids if i in found]}

    def _gone(self, memory: Memory, kind: str, text: str, offset: int, limit: int) -> dict:
        now, half_life_s = self.clock(), memory.settings.half_life_days * 86400.0
        every = [c for c in CardStore(memory.reader()).every() if c.state != "live"]
        counts = {k: sum(1 for c in every if c.kind == k) for k in KINDS}
        found = sorted((c for c in every if (not kind or c.kind == kind) and (not text or text in " ".join(
            (c.title, c.body, c.when, c.wrong, c.instead, c.retired_reason)).lower())),
            key=lambda c: (-(c.forgotten_at or c.retired_at or 0.0), c.id))
        return {"counts": counts, "total": len(found), "offset": offset, "limit": limit,
                "cards": [_card(c, now, half_life_s) for c in found[offset:offset + limit]]}

    def index(self, memory: Memory) -> CardIndex:
        """The order of the live cards (built on first use)."""
        with self._opening:
            if self._index is None:
                self._index = CardIndex(memory.path, memory.settings.half_life_days * 86400.0)
            return self._index

    def card(self, card_id: int) -> dict | None:
        """One card with its evidence (sessions, counts, example texts), what it is about and its state (live,
        retired or forgotten, with the reason); None for no such card (or one merged into another)."""
        memory = self.memory()
        found, state = CardStore(memory.reader()).get(card_id)
        if found is None or state not in ("live", "retired", "forgotten"):
            return None  # missing, or merged into another card
        shown = _card(found, self.clock(), memory.settings.half_life_days * 86400.0)
        return {**shown, "evidence": found.evidence, "identity": found.identity}

    def forget_card(self, card_id: int) -> str:
        """Withdraw a card for good; say what happened (forgotten, already forgotten, missing, merged...)."""
        memory = self.memory()
        outcome = memory.forget_card(card_id)
        self.index(memory).invalidate()
        return outcome

    # -- moving memory --------------------------------------------------------------------

    def export(self, what: str) -> tuple[str, str, bytes]:
        """An export as (file name, media type, content): skill, agents or snapshot."""
        name, media = EXPORTS[what]
        memory = self.memory()
        if what == "snapshot":
            return name, media, json.dumps(memory.export_snapshot(), ensure_ascii=False, indent=1).encode()
        rows = memory.export_rows()
        text = export.skill_md(rows) if what == "skill" else export.agents_block(rows) + "\n"
        return name, media, text.encode()

    def import_snapshot(self, raw: bytes) -> dict:
        """Merge a snapshot into memory; raise SnapshotRefused (nothing changed) for a bad or newer file."""
        memory = self.memory()
        try:
            report = memory.import_snapshot(raw)
        except SnapshotError as exc:
            raise SnapshotRefused(str(exc)) from None
        self.index(memory).invalidate()
        return report

    # -- what memory saved ----------------------------------------------------------------

    def stats(self) -> dict:
        """What memory saved, each estimate with its inputs, and the database's status."""
        memory = self.memory()
        return {"status": memory.status(), "saved": memory.stats()}


class _Weighed(NamedTuple):
    """What recall's weight reads of a card."""

    confirmations: int
    hits: int
    confirmed_at: float


class CardIndex:
    """The live cards heaviest first, with their kinds and searchable text, kept while the cards are unchanged.

    A card weighs e(confirmations, hits) · 2^(−(now − confirmed)/half-life) (recall's own `weight`); the factor
    2^(−now/half-life) is the same for every card, so the order does not change with time, only with the
    cards. The index is read
    again (one scan) when the database changed since it was read (`PRAGMA data_version`: commits by other
    connections) and it is older than `STALE_S`, or at once after a change made here. A card that stopped
    being live meanwhile is skipped when its page is read, so nothing gone is ever shown.
    """

    STALE_S = 5.0

    def __init__(self, path: Path, half_life_s: float) -> None:
        self.half_life_s = half_life_s
        self.conn = connect(path)
        self.lock = threading.Lock()
        self.version: int | None = None
        self.read_at = 0.0
        self.entries: list[tuple[int, str, str]] = []  # (id, kind, lowercased text), heaviest first
        self.counts: dict[str, int] = {}
        self.ids: dict[str, list[int]] = {}

    def invalidate(self) -> None:
        """Read the cards again on the next request."""
        with self.lock:
            self.version = None

    def close(self) -> None:
        """Close the index's own connection."""
        with self.lock:
            self.conn.close()

    def ranked(self, kind: str = "", text: str = "") -> tuple[list[int], dict[str, int]]:
        """Ids of the live cards, heaviest first (of one kind, containing a lowercased text), and counts by kind."""
        with self.lock:
            self._refresh()
            if not text:
                return self.ids.get(kind, []), dict(self.counts)  # replaced on refresh, never changed in place
            return [i for i, k, t in self.entries if (not kind or k == kind) and text in t], dict(self.counts)

    def _refresh(self) -> None:
        version = self.conn.execute("PRAGMA data_version").fetchone()[0]
        if self.version is not None and (version == self.version or time.monotonic() - self.read_at < self.STALE_S):
            return
        rows = self.conn.execute(
            "SELECT id, kind, confirmations, hits, confirmed_at, lower(title || ' ' || body || ' ' || when_ || ' ' "
            f"|| wrong || ' ' || instead || ' ' || files || ' ' || triggers) FROM cards WHERE {LIVE}").fetchall()
        now = time.time()
        rows.sort(key=lambda r: (-weight(_Weighed(r[2], r[3], r[4]), now, self.half_life_s), r[0]))
        self.entries = [(r[0], r[1], r[5]) for r in rows]
        self.ids = {"": [r[0] for r in rows]}  # by kind ("": every kind), heaviest first
        for r in rows:
            self.ids.setdefault(r[1], []).append(r[0])
        self.counts = {k: len(self.ids.get(k, ())) for k in (*KINDS, *sorted(set(self.ids) - set(KINDS) - {""}))}
        self.version, self.read_at = version, time.monotonic()


def _judgment(entry: dict) -> dict:
    """A judgment as the page shows it: its evidence spelled out in lines."""
    said = entry.get("evidence") or {}
    times = said.get("confirmations", entry.get("confirmations", 1))
    lines = [f"said {times} time{'s' if times != 1 else ''}, first {_day(said.get('created_at'))}, "
             f"last {_day(said.get('confirmed_at'))}",
             f"strength {entry['strength']:.2f}" + (" (a red line does not fade)" if entry["kind"] == "redline"
                                                     else " (halves every 30 days without being said again)")]
    if said.get("reason"):
        lines.insert(0, f"because {said['reason']}")
    return {**entry, "evidence": lines}


def _day(at: float | None) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at)) if at else "?"


def _card(card: Any, now: float, half_life_s: float) -> dict:
    evidence = card.evidence or {}
    return {"id": card.id, "kind": card.kind, "title": card.title, "body": card.body, "when": card.when,
            "wrong": card.wrong, "instead": card.instead, "files": list(card.files)[:10],
            "triggers": list(card.triggers)[:10], "stats": card.stats, "confirmations": card.confirmations,
            "hits": card.hits, "weight": round(weight(card, now, half_life_s), 4),
            "decay": round(age_factor(now - card.confirmed_at, half_life_s), 4),
            "age_days": round(max(0.0, now - card.confirmed_at) / 86400.0, 1),
            "evidence_events": evidence.get("events", len(card.provenance)),
            "sessions": evidence.get("session_count", 0), "state": card.state, "reason": _reason(card)}


def _reason(card: Any) -> str:
    """Why a card is no longer recalled ('' for a live one)."""
    if card.state == "forgotten":
        return f"forgotten on {_day(card.forgotten_at)} (`actors cards forget`, the console or an imported tombstone)"
    return card.retired_reason if card.state == "retired" else ""


