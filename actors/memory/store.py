"""Cards and judgments in SQLite: an FTS5 trigram index plus a table of short terms (CJK bigrams)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Iterable

import broker.text as text
from actors.memory.db import transaction
from actors.memory.distill import KINDS, Draft
from actors.memory.judgments import Judgment

CARD_COLUMNS = ("id, kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, confirmations, "
                "hits, created_at, confirmed_at, hit_at")
LIVE = "forgotten_at IS NULL AND merged_into IS NULL"


@dataclass(frozen=True, slots=True)
class Card:
    """A stored card."""

    id: int
    kind: str
    title: str
    body: str
    when: str = ""
    wrong: str = ""
    instead: str = ""
    triggers: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    provenance: tuple[int, ...] = ()
    stats: dict = field(default_factory=dict)
    confirmations: int = 0
    hits: int = 0
    created_at: float = 0.0
    confirmed_at: float = 0.0
    hit_at: float | None = None

    def as_dict(self) -> dict:
        """Plain data for JSON output."""
        return {"id": self.id, "kind": self.kind, "title": self.title, "body": self.body, "when": self.when,
                "wrong": self.wrong, "instead": self.instead, "triggers": list(self.triggers),
                "files": list(self.files), "provenance": list(self.provenance), "stats": self.stats,
                "confirmations": self.confirmations, "hits": self.hits, "created_at": self.created_at,
                "confirmed_at": self.confirmed_at}


@dataclass
class SyncReport:
    """What writing a consolidation's drafts changed."""

    created: int = 0
    updated: int = 0
    merged: int = 0
    unchanged: int = 0

    def as_dict(self) -> dict:
        return {"created": self.created, "updated": self.updated, "merged": self.merged, "unchanged": self.unchanged}


def search_text(title: str, triggers: Iterable[str], files: Iterable[str], body: str, extra: str = "") -> str:
    """The lowercased text recall scores against: title and triggers first, then a NUL, then the body."""
    head = " ".join([title, *triggers, *files]).lower()
    return f"{head}\x00{body} {extra}".lower()


class CardStore:
    """Reads and writes cards; every write keeps the FTS and short-term indexes in step."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    # -- consolidation --------------------------------------------------------------------

    def blocked_keys(self) -> set[str]:
        """Draft keys of cards that were forgotten, or deleted outright: they must not come back."""
        rows = self.conn.execute(
            "SELECT k.key FROM card_keys k LEFT JOIN cards c ON c.id = k.card_id "
            "WHERE c.id IS NULL OR c.forgotten_at IS NOT NULL")
        return {r[0] for r in rows}

    def sync(self, drafts: list[Draft], now: float) -> SyncReport:
        """Write merged drafts as cards (inside the caller's transaction): create, update or merge by key."""
        report = SyncReport()
        keymap = dict(self.conn.execute("SELECT key, card_id FROM card_keys"))
        live = {r[0] for r in self.conn.execute(f"SELECT id FROM cards WHERE {LIVE}")}
        for draft in drafts:
            keys = draft.keys or (draft.key,)
            ids = sorted({keymap[k] for k in keys if k in keymap and keymap[k] in live})
            if any(k in keymap and keymap[k] not in live and not self._merged(keymap[k]) for k in keys):
                continue  # forgotten or deleted meanwhile: a concurrent writer won, the card stays gone
            if not ids:
                card_id = self._insert(draft, now)
                live.add(card_id)
                report.created += 1
            else:
                card_id = ids[0]
                for other in ids[1:]:
                    self._merge_into(other, card_id, now)
                    live.discard(other)
                    report.merged += 1
                if self._update(card_id, draft, now):
                    report.updated += 1
                else:
                    report.unchanged += 1
            for key in keys:
                if keymap.get(key) != card_id:
                    self.conn.execute("INSERT INTO card_keys (key, card_id) VALUES (?, ?) ON CONFLICT (key) "
                                      "DO UPDATE SET card_id = excluded.card_id", (key, card_id))
                    keymap[key] = card_id
        if report.created or report.updated or report.merged:
            self._bump()
        return report

    def _bump(self) -> None:
        """Say that card texts changed, so recall's cached vocabulary is read again."""
        self.conn.execute("INSERT INTO meta (key, value) VALUES ('cards_generation', '1') ON CONFLICT (key) "
                          "DO UPDATE SET value = CAST(value AS INTEGER) + 1")

    def optimize(self) -> None:
        """Merge the FTS index's segments into one (after many writes: recall reads fewer b-trees)."""
        self.conn.execute("INSERT INTO cards_fts (cards_fts) VALUES ('optimize')")

    def _merged(self, card_id: int) -> bool:
        row = self.conn.execute("SELECT merged_into FROM cards WHERE id = ?", (card_id,)).fetchone()
        return row is not None and row[0] is not None

    def _insert(self, d: Draft, now: float) -> int:
        cursor = self.conn.execute(
            "INSERT INTO cards (kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, "
            "confirmations, created_at, confirmed_at, updated_at, search) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (d.kind, d.title, d.body, d.when, d.wrong, d.instead, _dump(d.triggers), _dump(d.files),
             _dump(d.provenance), _dump(d.stats), d.confirmations, d.first_ts, d.last_ts, now, _search(d)))
        card_id = cursor.lastrowid
        self._index(card_id, d.title, d.body, d.triggers, d.files, d.when)
        return card_id

    def _update(self, card_id: int, d: Draft, now: float) -> bool:
        row = self.conn.execute(
            "SELECT kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, confirmations, "
            "created_at, confirmed_at FROM cards WHERE id = ?", (card_id,)).fetchone()
        new = (d.kind, d.title, d.body, d.when, d.wrong, d.instead, _dump(d.triggers), _dump(d.files),
               _dump(d.provenance), _dump(d.stats), d.confirmations, d.first_ts, d.last_ts)
        if tuple(row) == new:
            return False
        self.conn.execute(
            "UPDATE cards SET kind = ?, title = ?, body = ?, when_ = ?, wrong = ?, instead = ?, triggers = ?, "
            "files = ?, provenance = ?, stats = ?, confirmations = ?, created_at = ?, confirmed_at = ?, "
            f"updated_at = ?, search = ? WHERE id = ? AND {LIVE}", (*new, now, _search(d), card_id))
        if row[1:3] != new[1:3] or row[6:8] != new[6:8] or row[3] != new[3]:
            self._index(card_id, d.title, d.body, d.triggers, d.files, d.when)
        return True

    def _merge_into(self, other: int, target: int, now: float) -> None:
        hits = self.conn.execute("SELECT hits FROM cards WHERE id = ?", (other,)).fetchone()[0]
        self.conn.execute("UPDATE cards SET hits = hits + ?, updated_at = ? WHERE id = ?", (hits, now, target))
        self.conn.execute("UPDATE cards SET merged_into = ?, updated_at = ? WHERE id = ? OR merged_into = ?",
                          (target, now, other, other))
        self.conn.execute("UPDATE card_keys SET card_id = ? WHERE card_id = ?", (target, other))
        self._unindex(other)

    def _index(self, card_id: int, title: str, body: str, triggers: Iterable[str], files: Iterable[str],
               when: str) -> None:
        self._unindex(card_id)
        trigger_text = " ".join([*triggers, *files, when])
        self.conn.execute("INSERT INTO cards_fts (rowid, title, body, triggers) VALUES (?, ?, ?, ?)",
                          (card_id, title, body, trigger_text))
        shorts = short_terms(f"{title}\n{body}\n{trigger_text}")
        self.conn.executemany("INSERT OR IGNORE INTO card_shorts (term, card_id) VALUES (?, ?)",
                              [(t, card_id) for t in shorts])

    def _unindex(self, card_id: int) -> None:
        self.conn.execute("DELETE FROM cards_fts WHERE rowid = ?", (card_id,))
        self.conn.execute("DELETE FROM card_shorts WHERE card_id = ?", (card_id,))

    # -- reading --------------------------------------------------------------------------

    def live(self, kind: str | None = None) -> list[Card]:
        """Every live card (not forgotten, not merged away), oldest first."""
        where = f"{LIVE}" + (" AND kind = ?" if kind else "")
        rows = self.conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE {where} ORDER BY id",
                                 (kind,) if kind else ())
        return [_card(r) for r in rows]

    def get(self, card_id: int) -> tuple[Card | None, str]:
        """A card by id and its state: live, forgotten, merged into N, or missing."""
        row = self.conn.execute(f"SELECT {CARD_COLUMNS}, forgotten_at, merged_into FROM cards WHERE id = ?",
                                (card_id,)).fetchone()
        if row is None:
            return None, "missing"
        if row[-1] is not None:
            return _card(row[:-2]), f"merged into {row[-1]}"
        return _card(row[:-2]), "forgotten" if row[-2] is not None else "live"

    def fetch(self, ids: Iterable[int]) -> dict[int, Card]:
        """Live cards by id."""
        ids = list(ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE id IN ({marks}) AND {LIVE}", ids)
        return {r[0]: _card(r) for r in rows}

    def counts(self) -> dict[str, int]:
        """Live cards by kind (every kind present, zero included)."""
        found = dict(self.conn.execute(f"SELECT kind, count(*) FROM cards WHERE {LIVE} GROUP BY kind").fetchall())
        return {kind: found.get(kind, 0) for kind in KINDS}

    # -- user actions ---------------------------------------------------------------------

    def forget(self, card_id: int, now: float) -> str:
        """Tombstone a card so nothing brings it back; return what happened (forgotten, already, missing...)."""
        with transaction(self.conn):
            _, state = self.get(card_id)
            if state != "live":
                return "already forgotten" if state == "forgotten" else state
            self.conn.execute("UPDATE cards SET forgotten_at = ?, updated_at = ? WHERE id = ?", (now, now, card_id))
            self._unindex(card_id)
            self._bump()
        return "forgotten"

    def add_hits(self, pending: dict[int, int], now: float) -> int:
        """Add batched hit counts to live cards (a forgotten or deleted card gains nothing); return rows touched."""
        if not pending:
            return 0
        with transaction(self.conn):
            before = self.conn.total_changes
            self.conn.executemany(
                f"UPDATE cards SET hits = hits + ?, hit_at = ? WHERE id = "
                f"(SELECT coalesce(merged_into, id) FROM cards WHERE id = ?) AND {LIVE}",
                [(n, now, card_id) for card_id, n in sorted(pending.items())])
            return self.conn.total_changes - before


class JudgmentStore:
    """The user's standing judgments."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def all(self) -> list[Judgment]:
        """Every judgment, oldest first."""
        rows = self.conn.execute("SELECT id, kind, text, reason, topic, confirmations, created_at, confirmed_at "
                                 "FROM judgments ORDER BY id")
        return [Judgment(id=r[0], kind=r[1], text=r[2], reason=r[3], topic=tuple(json.loads(r[4])),
                         confirmations=r[5], created_at=r[6], confirmed_at=r[7]) for r in rows]

    def put(self, judgment: Judgment) -> int:
        """Insert or overwrite a judgment (inside the caller's transaction); return its id."""
        values = (judgment.kind, judgment.text, judgment.reason, _dump(judgment.topic), judgment.confirmations,
                  judgment.created_at, judgment.confirmed_at)
        if judgment.id:
            self.conn.execute("UPDATE judgments SET kind = ?, text = ?, reason = ?, topic = ?, confirmations = ?, "
                              "created_at = ?, confirmed_at = ? WHERE id = ?", (*values, judgment.id))
            return judgment.id
        return self.conn.execute("INSERT INTO judgments (kind, text, reason, topic, confirmations, created_at, "
                                 "confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?)", values).lastrowid

    def delete(self, ids: Iterable[int]) -> None:
        """Remove judgments (inside the caller's transaction)."""
        self.conn.executemany("DELETE FROM judgments WHERE id = ?", [(i,) for i in ids])


def short_terms(source: str) -> list[str]:
    """What the trigram index cannot find: CJK bigrams and two-letter words (ls, go, rm)."""
    two = [w for w in dict.fromkeys(text.words(source)) if len(w) == 2 and not w.isdigit() and not text.is_stopword(w)]
    return text.cjk_bigrams(source) + two


def _card(r: Any) -> Card:
    return Card(id=r[0], kind=r[1], title=r[2], body=r[3], when=r[4], wrong=r[5], instead=r[6],
                triggers=tuple(json.loads(r[7])), files=tuple(json.loads(r[8])), provenance=tuple(json.loads(r[9])),
                stats=json.loads(r[10]), confirmations=r[11], hits=r[12], created_at=r[13], confirmed_at=r[14],
                hit_at=r[15])


def _search(d: Draft) -> str:
    return search_text(d.title, d.triggers, d.files, d.body, f"{d.when} {d.wrong} {d.instead}")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
