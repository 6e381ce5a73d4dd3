"""Cards and judgments in SQLite: an FTS5 trigram index plus a table of short terms (CJK bigrams)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Iterable

from actors.memory.db import transaction
from actors.memory.distill import KINDS, Draft
from actors.memory.judgments import Judgment

CARD_COLUMNS = ("id, kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, confirmations, "
                "hits, created_at, confirmed_at, hit_at, card_key, identity, evidence, retired_at, retired_reason, "
                "repeats, forgotten_at")
LIVE = "forgotten_at IS NULL AND merged_into IS NULL AND retired_at IS NULL"
RETIRE_AFTER = 3  # the same failure this often after the card was injected in that session: it does not help


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
    key: str = ""
    identity: dict = field(default_factory=dict)
    evidence: dict = field(default_factory=dict)
    retired_at: float | None = None
    retired_reason: str = ""
    repeats: int = 0
    forgotten_at: float | None = None

    @property
    def state(self) -> str:
        """live, retired or forgotten."""
        return "forgotten" if self.forgotten_at is not None else "retired" if self.retired_at is not None else "live"

    def as_dict(self) -> dict:
        """Plain data for JSON output."""
        return {"id": self.id, "kind": self.kind, "title": self.title, "body": self.body, "when": self.when,
                "wrong": self.wrong, "instead": self.instead, "triggers": list(self.triggers),
                "files": list(self.files), "provenance": list(self.provenance), "stats": self.stats,
                "confirmations": self.confirmations, "hits": self.hits, "created_at": self.created_at,
                "confirmed_at": self.confirmed_at, "key": self.key, "identity": self.identity,
                "evidence": self.evidence, "state": self.state, "retired_at": self.retired_at,
                "retired_reason": self.retired_reason, "repeats": self.repeats,
                "forgotten_at": self.forgotten_at}


@dataclass
class SyncReport:
    """What writing a consolidation's drafts changed."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    retired: int = 0
    removed: int = 0  # cards the rules no longer support (after a change of rules or thresholds)

    def as_dict(self) -> dict:
        return {"created": self.created, "updated": self.updated, "unchanged": self.unchanged,
                "retired": self.retired, "removed": self.removed}


class CardStore:
    """Reads and writes cards; every write that changes what recall sees bumps the cards generation."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    # -- consolidation --------------------------------------------------------------------

    def blocked_keys(self) -> set[str]:
        """Draft keys of cards that were forgotten, retired or deleted outright: they must not come back."""
        rows = self.conn.execute(
            "SELECT k.key FROM card_keys k LEFT JOIN cards c ON c.id = k.card_id "
            "WHERE c.id IS NULL OR c.forgotten_at IS NOT NULL OR c.retired_at IS NOT NULL")
        return {r[0] for r in rows}

    def sync(self, drafts: list[Draft], now: float, complete: bool = False,
             withdrawn: Iterable[str] = ()) -> SyncReport:
        """Write drafts as cards (inside the caller's transaction): create or update by key; blocked keys stay out.

        `complete` says the drafts are every card the journal supports: a live card of the journal's own that is
        not among them (the rules or thresholds changed) is removed, and may come back with new evidence.
        `withdrawn` names keys whose live card of the journal's own goes even so (a pitfall a rule now covers).
        Imported cards stay: their evidence is elsewhere.
        """
        report = SyncReport()
        self._carry_over(drafts)
        keep = {d.key for d in drafts}
        dropped = set(withdrawn) - keep
        if complete or dropped:
            gone = [(card_id, key) for card_id, key, evidence in self.conn.execute(
                        f"SELECT id, card_key, evidence FROM cards WHERE {LIVE}")
                    if (key in dropped or complete and key not in keep)
                    and not json.loads(evidence or "{}").get("imported")]
            self.conn.executemany("DELETE FROM card_keys WHERE key = ?", [(key,) for _, key in gone])
            self.conn.executemany("DELETE FROM cards WHERE id = ?", [(card_id,) for card_id, _ in gone])
            report.removed = len(gone)
            if gone:
                self._bump()
        keymap = dict(self.conn.execute("SELECT key, card_id FROM card_keys"))
        blocked = self.blocked_keys()
        for draft in drafts:
            if draft.key in blocked:
                continue  # forgotten or retired, perhaps by another process meanwhile: it stays gone
            card_id = keymap.get(draft.key)
            if card_id is None:
                card_id = self._insert(draft, now)
                self.conn.execute("INSERT INTO card_keys (key, card_id) VALUES (?, ?) ON CONFLICT (key) "
                                  "DO UPDATE SET card_id = excluded.card_id", (draft.key, card_id))
                keymap[draft.key] = card_id
                report.created += 1
            elif self._update(card_id, draft, now):
                report.updated += 1
            else:
                report.unchanged += 1
        if report.created or report.updated:
            self._bump()
        return report

    def _carry_over(self, drafts: list[Draft]) -> None:  # inside sync's transaction
        """Give a draft with a new key the card that stands for the same evidence under an older key (after a change
        of the error normaliser re-keys a pitfall or a rule), so the card keeps its id, hits and injections, and a
        forgotten or retired one stays so. The same evidence: the same kind, and at least half of the smaller of the
        two provenances (journal event ids) shared."""
        carried: set[int] = set()
        known = dict(self.conn.execute("SELECT key, card_id FROM card_keys"))
        new = [d for d in drafts if d.key not in known and d.provenance and d.kind in ("pitfall", "rule")]
        if not new:
            return
        drafted = {d.key for d in drafts}
        cards: dict[str, list[tuple[int, set[int]]]] = {}
        for card_id, kind, key, provenance in self.conn.execute(
                "SELECT id, kind, card_key, provenance FROM cards WHERE merged_into IS NULL "
                "AND kind IN ('pitfall', 'rule')"):
            if key not in drafted:  # a card no draft stands for any more (a draft of its own key keeps it)
                cards.setdefault(kind, []).append((card_id, set(json.loads(provenance or "[]"))))
        for draft in new:
            ids = set(draft.provenance)
            shared, card_id = max(((len(ids & p), c) for c, p in cards.get(draft.kind, ())
                                   if c not in carried and p and 2 * len(ids & p) >= min(len(ids), len(p))),
                                  default=(0, 0))
            if shared:
                self.conn.execute("INSERT INTO card_keys (key, card_id) VALUES (?, ?)", (draft.key, card_id))
                self.conn.execute("UPDATE cards SET card_key = ? WHERE id = ?", (draft.key, card_id))
                carried.add(card_id)

    def _bump(self) -> None:
        """Say that cards changed, so recall's index is built again."""
        self.conn.execute("INSERT INTO meta (key, value) VALUES ('cards_generation', '1') ON CONFLICT (key) "
                          "DO UPDATE SET value = CAST(value AS INTEGER) + 1")

    def _insert(self, d: Draft, now: float) -> int:
        cursor = self.conn.execute(
            "INSERT INTO cards (kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, "
            "confirmations, created_at, confirmed_at, updated_at, card_key, identity, evidence) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*_values(d), now, d.key, _dump(d.identity), _dump(d.evidence)))
        return cursor.lastrowid

    def _update(self, card_id: int, d: Draft, now: float) -> bool:
        row = self.conn.execute(
            "SELECT kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, confirmations, "
            "created_at, confirmed_at, identity, evidence FROM cards WHERE id = ?", (card_id,)).fetchone()
        new = (*_values(d), _dump(d.identity), _dump(d.evidence))
        if row is None or tuple(row) == new:
            return False
        self.conn.execute(
            "UPDATE cards SET kind = ?, title = ?, body = ?, when_ = ?, wrong = ?, instead = ?, triggers = ?, "
            "files = ?, provenance = ?, stats = ?, confirmations = ?, created_at = ?, confirmed_at = ?, "
            f"identity = ?, evidence = ?, updated_at = ? WHERE id = ? AND {LIVE}", (*new, now, card_id))
        return True

    # -- reading --------------------------------------------------------------------------

    def live(self, kind: str | None = None) -> list[Card]:
        """Every live card (not forgotten, retired or merged away), oldest first."""
        where = f"{LIVE}" + (" AND kind = ?" if kind else "")
        rows = self.conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE {where} ORDER BY id",
                                 (kind,) if kind else ())
        return [_card(r) for r in rows]

    def every(self, kind: str | None = None) -> list[Card]:
        """Every card, live, retired or forgotten, oldest first."""
        where = "merged_into IS NULL" + (" AND kind = ?" if kind else "")
        rows = self.conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE {where} ORDER BY id",
                                 (kind,) if kind else ())
        return [_card(r) for r in rows]

    def get(self, card_id: int) -> tuple[Card | None, str]:
        """A card by id and its state: live, forgotten, retired, merged into N, or missing."""
        row = self.conn.execute(f"SELECT {CARD_COLUMNS}, merged_into FROM cards WHERE id = ?",
                                (card_id,)).fetchone()
        if row is None:
            return None, "missing"
        card = _card(row[:-1])
        if row[-1] is not None:
            return card, f"merged into {row[-1]}"
        return card, card.state

    def fetch(self, ids: Iterable[int]) -> dict[int, Card]:
        """Live cards by id."""
        ids = list(ids)
        found: dict[int, Card] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE id IN ({marks}) AND {LIVE}", chunk)
            found.update((r[0], _card(r)) for r in rows)
        return found

    def by_keys(self, keys: Iterable[str]) -> dict[str, int]:
        """Card ids by draft key, for the keys that have a card."""
        keys = list(keys)
        found: dict[str, int] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            marks = ",".join("?" * len(chunk))
            found.update(self.conn.execute(f"SELECT key, card_id FROM card_keys WHERE key IN ({marks})", chunk))
        return found

    def counts(self) -> dict[str, int]:
        """Live cards by kind (every kind present, zero included)."""
        found = dict(self.conn.execute(f"SELECT kind, count(*) FROM cards WHERE {LIVE} GROUP BY kind").fetchall())
        return {kind: found.get(kind, 0) for kind in KINDS}

    # -- user actions and retirement ------------------------------------------------------

    def forget(self, card_id: int, now: float) -> str:
        """Tombstone a card so nothing brings it back; return what happened (forgotten, already, missing...)."""
        with transaction(self.conn):
            return self.forget_in_transaction(card_id, now)

    def forget_in_transaction(self, card_id: int, now: float) -> str:
        """Tombstone a card inside the caller's transaction."""
        _, state = self.get(card_id)
        if state not in ("live", "retired"):
            return "already forgotten" if state == "forgotten" else state
        self.conn.execute("UPDATE cards SET forgotten_at = ?, updated_at = ? WHERE id = ?", (now, now, card_id))
        self._bump()
        return "forgotten"

    def tombstone(self, key: str, kind: str, title: str, now: float) -> int:
        """Record a forgotten card known only by its key (from a snapshot), so no consolidation creates it."""
        card_id = self.conn.execute(
            "INSERT INTO cards (kind, title, body, created_at, confirmed_at, updated_at, forgotten_at, card_key) "
            "VALUES (?, ?, '', ?, ?, ?, ?, ?)", (kind, title or "(forgotten elsewhere)", now, now, now, now, key)
        ).lastrowid
        self.conn.execute("INSERT OR REPLACE INTO card_keys (key, card_id) VALUES (?, ?)", (key, card_id))
        return card_id

    def insert_imported(self, card: dict, now: float) -> int:
        """Add a card from a snapshot (no local journal evidence: its provenance is empty)."""
        card_id = self.conn.execute(
            "INSERT INTO cards (kind, title, body, when_, wrong, instead, triggers, files, provenance, stats, "
            "confirmations, hits, created_at, confirmed_at, updated_at, card_key, identity, evidence) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (card["kind"], card["title"], card["body"], card.get("when", ""), card.get("wrong", ""),
             card.get("instead", ""), _dump(_flatten(card.get("identity", {}))), _dump(card.get("files", [])),
             _dump(card.get("stats", {})), card["confirmations"], card.get("hits", 0), card["created_at"],
             card["confirmed_at"], now, card["key"], _dump(card.get("identity", {})),
             _dump({**card.get("evidence", {}), "imported": True}))).lastrowid
        self.conn.execute("INSERT OR REPLACE INTO card_keys (key, card_id) VALUES (?, ?)", (card["key"], card_id))
        return card_id

    def merge_imported(self, card_id: int, card: dict, now: float) -> None:
        """Merge a snapshot's card into the local one with its key: the larger counts, the later confirmation."""
        self.conn.execute(
            f"UPDATE cards SET confirmations = max(confirmations, ?), hits = max(hits, ?), "
            f"confirmed_at = max(confirmed_at, ?), updated_at = ? WHERE id = ? AND {LIVE}",
            (card["confirmations"], card.get("hits", 0), card["confirmed_at"], now, card_id))

    def bump(self) -> None:
        """Say that cards changed (inside the caller's transaction)."""
        self._bump()

    def repeated(self, card_id: int, now: float) -> bool:
        """Count one more failure that came after the card was injected; retire it at RETIRE_AFTER (True then)."""
        self.conn.execute(f"UPDATE cards SET repeats = repeats + 1 WHERE id = ? AND {LIVE}", (card_id,))
        row = self.conn.execute(f"SELECT repeats FROM cards WHERE id = ? AND {LIVE}", (card_id,)).fetchone()
        if row is None or row[0] < RETIRE_AFTER:
            return False
        self.conn.execute(
            "UPDATE cards SET retired_at = ?, updated_at = ?, retired_reason = ? WHERE id = ?",
            (now, now, f"retired: its advice was injected and the same failure followed {row[0]} times", card_id))
        self._bump()
        return True

    def add_hits(self, pending: dict[int, int], now: float) -> int:
        """Add batched hit counts to live cards (a forgotten or deleted card gains nothing); return rows touched."""
        if not pending:
            return 0
        with transaction(self.conn):
            before = self.conn.total_changes
            self.conn.executemany(
                f"UPDATE cards SET hits = hits + ?, hit_at = ? WHERE id = ? AND {LIVE}",
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


def _card(r: Any) -> Card:
    return Card(id=r[0], kind=r[1], title=r[2], body=r[3], when=r[4], wrong=r[5], instead=r[6],
                triggers=tuple(json.loads(r[7])), files=tuple(json.loads(r[8])), provenance=tuple(json.loads(r[9])),
                stats=json.loads(r[10]), confirmations=r[11], hits=r[12], created_at=r[13], confirmed_at=r[14],
                hit_at=r[15], key=r[16], identity=json.loads(r[17]), evidence=json.loads(r[18]), retired_at=r[19],
                retired_reason=r[20], repeats=r[21], forgotten_at=r[22])


def _flatten(identity: dict) -> list[str]:
    return list(dict.fromkeys(t for terms in identity.values() for t in terms))


def _values(d: Draft) -> tuple:
    return (d.kind, d.title, d.body, d.when, d.wrong, d.instead, _dump(d.triggers), _dump(d.files),
            _dump(d.provenance), _dump(d.stats), d.confirmations, d.first_ts, d.last_ts)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
