"""The memory database: one SQLite file (WAL) under the state directory, its schema and its errors."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Iterator

from broker.errors import MeshError

FILENAME = "memory.db"
SCHEMA_VERSION = 2
BUSY_TIMEOUT_S = 10.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    session TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL CHECK (kind IN ('call', 'progress')),
    organ TEXT NOT NULL DEFAULT '',
    ability TEXT NOT NULL DEFAULT '',
    args TEXT NOT NULL DEFAULT '{}',
    ok INTEGER,
    cause TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    duration_ms REAL,
    origin TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    extra TEXT NOT NULL DEFAULT '{}',
    digest TEXT NOT NULL UNIQUE
);
CREATE INDEX IF NOT EXISTS events_session ON events (session, id);
CREATE TABLE IF NOT EXISTS cards (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    when_ TEXT NOT NULL DEFAULT '',
    wrong TEXT NOT NULL DEFAULT '',
    instead TEXT NOT NULL DEFAULT '',
    triggers TEXT NOT NULL DEFAULT '[]',
    files TEXT NOT NULL DEFAULT '[]',
    provenance TEXT NOT NULL DEFAULT '[]',
    stats TEXT NOT NULL DEFAULT '{}',
    confirmations INTEGER NOT NULL DEFAULT 0,
    hits INTEGER NOT NULL DEFAULT 0,
    hit_at REAL,
    created_at REAL NOT NULL,
    confirmed_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    forgotten_at REAL,
    merged_into INTEGER,
    search TEXT NOT NULL DEFAULT '',
    card_key TEXT NOT NULL DEFAULT '',
    identity TEXT NOT NULL DEFAULT '{}',
    evidence TEXT NOT NULL DEFAULT '{}',
    retired_at REAL,
    retired_reason TEXT NOT NULL DEFAULT '',
    repeats INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS cards_live ON cards (kind) WHERE forgotten_at IS NULL AND merged_into IS NULL;
CREATE INDEX IF NOT EXISTS cards_by_key ON cards (card_key);
CREATE TABLE IF NOT EXISTS card_keys (key TEXT PRIMARY KEY, card_id INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS judgments (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('principle', 'redline', 'workflow', 'taste')),
    text TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    topic TEXT NOT NULL DEFAULT '[]',
    confirmations INTEGER NOT NULL DEFAULT 1,
    created_at REAL NOT NULL,
    confirmed_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS injections (
    session TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    turn INTEGER NOT NULL,
    PRIMARY KEY (session, fingerprint)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS turns (session TEXT PRIMARY KEY, turn INTEGER NOT NULL, at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS injected (
    session TEXT NOT NULL,
    card_id INTEGER NOT NULL,
    at REAL NOT NULL,
    repeated INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session, card_id)
) WITHOUT ROWID;
"""

# from schema 1: cards gain their key, identity, evidence and retirement; the trigram index goes (recall keeps
# its own index); cards are distilled again from the journal under the new rules, tombstones stay
MIGRATE_1_TO_2 = """
ALTER TABLE cards ADD COLUMN card_key TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN identity TEXT NOT NULL DEFAULT '{}';
ALTER TABLE cards ADD COLUMN evidence TEXT NOT NULL DEFAULT '{}';
ALTER TABLE cards ADD COLUMN retired_at REAL;
ALTER TABLE cards ADD COLUMN retired_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
DROP TABLE IF EXISTS cards_vocab;
DROP TABLE IF EXISTS cards_fts;
DROP TABLE IF EXISTS card_shorts;
DELETE FROM card_keys WHERE card_id IN (SELECT id FROM cards WHERE forgotten_at IS NULL);
DELETE FROM cards WHERE forgotten_at IS NULL;
DELETE FROM meta WHERE key IN ('distill_state', 'consolidation');
"""


class MemoryUnavailable(MeshError):
    """The memory database cannot be used (corrupt, unreadable, or too new); nothing was changed."""


def path_in(home: Path) -> Path:
    """Where the memory database of a state directory lives."""
    return Path(home) / FILENAME


def _create_private(path: Path) -> None:
    """Make the database file 0600 if it does not exist yet (SQLite gives its -wal and -shm files its mode).

    Only a new file is opened here: closing a descriptor of a file drops every POSIX lock this process holds
    on it, so opening an existing database beside a live connection would undo that connection's locks."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_CLOEXEC, 0o600))
    except FileExistsError:
        pass


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open the database in WAL mode with a busy timeout, creating the schema; raise MemoryUnavailable."""
    path = Path(path)
    if not create and not path.exists():
        raise MemoryUnavailable(f"no memory database at {path}")
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            _create_private(path)
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    except (sqlite3.Error, OSError) as exc:
        raise MemoryUnavailable(f"cannot open the memory database {path}: {exc}") from None
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")  # a committed journal line survives a power cut
        conn.execute("PRAGMA foreign_keys = OFF")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise MemoryUnavailable(f"the memory database {path} has schema {version}; this actors knows "
                                    f"{SCHEMA_VERSION} (upgrade actors)")
        if version < SCHEMA_VERSION:
            with transaction(conn):
                if version == 1:
                    for statement in _statements(MIGRATE_1_TO_2):
                        conn.execute(statement)
                for statement in _statements(SCHEMA):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise corrupt(path, exc) from None
    except MemoryUnavailable:
        conn.close()
        raise
    return conn


def corrupt(path: Path, exc: BaseException) -> MemoryUnavailable:
    """Say precisely that the database file is damaged, and how to recover without losing it."""
    return MemoryUnavailable(
        f"the memory database {path} is unusable ({exc}); nothing was changed. Move it aside "
        f"(mv {path} {path}.bad) to start a fresh memory, or recover it with `sqlite3 {path} .recover`")


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection, immediate: bool = True) -> Iterator[sqlite3.Connection]:
    """Run a block in one transaction; IMMEDIATE takes the write lock up front (waiting up to the busy timeout)."""
    conn.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def get_meta(conn: sqlite3.Connection, key: str, default: Any = None) -> Any:
    """Read a JSON value from the meta table."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return default if row is None else json.loads(row[0])


def set_meta(conn: sqlite3.Connection, key: str, value: Any) -> None:
    """Write a JSON value to the meta table."""
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                 (key, json.dumps(value, ensure_ascii=False, separators=(",", ":"))))


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";\n") if s.strip()]
