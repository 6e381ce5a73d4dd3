"""The journal: every routed call and every session-progress event, redacted, appended to SQLite."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import sqlite3
from dataclasses import dataclass, field, replace
from typing import IO, Any, Callable, ContextManager, Iterable, Iterator

from actors.memory.db import get_meta, set_meta, transaction
from actors.memory.distill import Row
from broker import hooks
from broker.causes import classify
from broker.redact import clip, redact_value
from broker.times import finite, ts_problem
from broker.vocab import HOST_ORGAN, Cause

KNOWN = frozenset({"ts", "session", "kind", "organ", "ability", "args", "ok", "error", "cause", "text", "origin",
                   "duration_ms"})
MAX_TEXT = 2000
_CAUSES = frozenset(Cause)
MAX_NAME = 128  # an organ's or an ability's (MCP asks 64 of a tool's name; API clients take 128 at most)
MAX_LINE_BYTES = 1_000_000
BATCH = 1000
MAX_BAD_LISTED = 1000  # bad lines a report lists by number; the rest are counted (a file of nothing else is no list)
MAX_SESSIONS_HELD = 4096  # sessions whose "journalled live?" answer an ingest keeps (one look each in the index)
CHUNK = 1024 * 1024  # what is read at a time of a line too long to be taken, to pass it by
Opener = Callable[[], ContextManager[IO[bytes]]]  # a stream opened when it is read, closed once read


class BadLine(ValueError):
    """A journal line that cannot be taken; the message says why."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A journal event ready to be stored (already redacted when it comes out of `redacted`)."""

    ts: float
    kind: str
    session: str = ""
    organ: str = ""
    ability: str = ""
    args: dict = field(default_factory=dict)
    ok: bool | None = None
    cause: str = ""
    error: str = ""
    text: str = ""
    duration_ms: float | None = None
    origin: str = ""
    source: str = ""
    extra: dict = field(default_factory=dict)


@dataclass
class IngestReport:
    """What an ingest did: lines appended, duplicates skipped, bad lines with their numbers."""

    appended: int = 0
    duplicates: int = 0
    bad: list[tuple[int, str]] = field(default_factory=list)  # the first MAX_BAD_LISTED
    bad_not_listed: int = 0  # bad lines past them
    milliseconds: int = 0  # refused lines whose ts look like Unix milliseconds
    format: str = "journal"  # journal | claude-code: what the lines were read as
    converted: dict[str, int] = field(default_factory=dict)  # a transcript's prompts, calls and stops journalled
    left_out: dict[str, int] = field(default_factory=dict)  # a transcript's events not journalled, by reason
    capped: bool = False  # the file was longer than the bytes it was allowed: the rest was not read

    def skipped(self, number: int, reason: str) -> None:
        """Note a bad line: listed with its number and reason while the list is short, counted after."""
        if len(self.bad) < MAX_BAD_LISTED:
            self.bad.append((number, reason))
        else:
            self.bad_not_listed += 1

    def bad_lines(self) -> int:
        """How many lines were bad, listed or not."""
        return len(self.bad) + self.bad_not_listed

    def as_dict(self) -> dict:
        return {"appended": self.appended, "duplicates": self.duplicates,
                "bad": [{"line": n, "reason": r} for n, r in self.bad], "bad_not_listed": self.bad_not_listed,
                "milliseconds": self.milliseconds,
                "format": self.format, "converted": self.converted, "left_out": self.left_out, "capped": self.capped}


# -- pure: parsing and shaping --------------------------------------------------------------

def parse_line(line: str, now: float | None = None) -> Entry:
    """Read one JSON line of the contract's journal format, or raise BadLine saying what is wrong; with `now`
    (the ingesting machine's clock), a time it cannot trust is refused too."""
    data = json_line(line)
    if not isinstance(data, dict):
        raise BadLine(f"expected a JSON object, got {type(data).__name__}")
    return from_mapping(data, source="ingest", now=now)


def json_line(line: str) -> Any:
    """A line's JSON value, or BadLine saying why there is none; half of a UTF-16 pair in it is read as `?`
    (`hooks.loads`: SQLite holds text only)."""
    try:
        return hooks.loads(line)
    except ValueError as exc:
        raise BadLine(f"not JSON: {exc}") from None
    except RecursionError:
        raise BadLine("JSON nested deeper than it can be read") from None


def from_mapping(data: dict, source: str = "", now: float | None = None) -> Entry:
    """Validate a journal event given as a map; unknown fields are kept in `extra`. With `now`, a time that is
    negative or more than a day past it is refused (`ts_problem`)."""
    ts = finite(data.get("ts"))
    if ts is None:
        raise BadLine("`ts` must be a finite number of Unix seconds")
    problem = ts_problem(ts, now) if now is not None else None
    if problem:
        raise BadLine(problem)
    kind = data.get("kind")
    if kind not in ("call", "progress"):
        raise BadLine(f"`kind` must be \"call\" or \"progress\", not {kind!r}")
    session = _string(data, "session")
    extra = {k: v for k, v in data.items() if k not in KNOWN}
    if kind == "progress":
        return Entry(ts=float(ts), kind=kind, session=session, text=_string(data, "text"), origin=_string(data, "origin"),
                     source=source, extra=extra)
    organ, ability = _string(data, "organ"), _string(data, "ability")
    if not organ and "." in ability:
        organ, ability = ability.split(".", 1)
    if not ability:
        raise BadLine("a call needs an `ability` (and an `organ`)")
    for key, name in (("organ", organ), ("ability", ability)):  # said in every title of a card about the call (O49)
        if len(name) > MAX_NAME or not name.isprintable():
            raise BadLine(f"`{key}` must be a name: printable, at most {MAX_NAME} characters")
    ok = data.get("ok")
    if not isinstance(ok, bool):
        raise BadLine("a call needs `ok`: true or false")
    args = data.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise BadLine("`args` must be a JSON object")
    duration = data.get("duration_ms")
    if duration is not None and finite(duration) is None:
        raise BadLine("`duration_ms` must be a number")
    error = _string(data, "error")
    cause = _string(data, "cause")  # one of the causes the heart names; any other text is read as if unsaid (it
    if cause not in _CAUSES:  # reached a pitfall's title whole: docs/security.md O49)
        cause = "" if ok else classify(error)
    return Entry(ts=float(ts), kind=kind, session=session, organ=organ or "host", ability=ability, args=args, ok=ok,
                 cause=cause, error=error, duration_ms=None if duration is None else float(duration),
                 origin=_string(data, "origin"), source=source, extra=extra)


def from_event(event: Any) -> Entry | None:
    """Turn a heart event (event.call, event.progress) into a journal entry; other kinds are not journalled."""
    if event.kind == "progress":
        return Entry(ts=event.at, kind="progress", session=event.session, text=event.message, source="mesh",
                     extra={"seq": event.seq})
    if event.kind != "call":
        return None
    return Entry(ts=event.at, kind="call", session=event.session, organ=event.organ, ability=event.ability,
                 args=dict(event.args), ok=event.ok, cause=event.cause, error="" if event.ok else event.message,
                 duration_ms=event.duration_s * 1000.0, origin=event.origin, source="mesh",
                 extra={"seq": event.seq, **({"retried": event.retried} if event.retried else {})})


def redacted(entry: Entry) -> Entry:
    """The entry with secrets removed from arguments, error and text, and over-long texts cut."""
    return replace(entry, args=redact_value(entry.args), error=clip(entry.error, MAX_TEXT),
                   text=clip(entry.text, MAX_TEXT), extra=redact_value(entry.extra))


def digest(entry: Entry) -> str:
    """A fingerprint of the event, so the same line ingested twice is stored once."""
    key = [entry.ts, entry.kind, entry.session, entry.organ, entry.ability, entry.args, entry.ok, entry.cause,
           entry.error, entry.text, entry.duration_ms, entry.origin, entry.extra]
    raw = json.dumps(key, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()


def _string(data: dict, key: str) -> str:
    value = data.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadLine(f"`{key}` must be a string")
    return value


def read_lines(stream: IO[bytes], limit: Callable[[], int] = lambda: MAX_LINE_BYTES, max_bytes: int | None = None,
               report: IngestReport | None = None) -> Iterator[tuple[int, str | None, str]]:
    """Yield (line number, text or None, reason) for each non-blank line of a byte stream; a line longer than
    limit() bytes (asked at each line: the format can be known only once a line is read) is refused, and passed by
    a chunk at a time, never held whole. Past max_bytes in all the rest is not read (`report.capped` says so)."""
    read, number = 0, 0
    while raw := stream.readline((longest := limit()) + 1):
        number += 1
        whole = len(raw) <= longest or raw.endswith(b"\n")
        size = len(raw) + (0 if whole else _passed(stream, None if max_bytes is None else max_bytes - read))
        read += size
        if max_bytes is not None and read > max_bytes:
            if report is not None:
                report.capped = True
            return
        if size > longest:
            yield number, None, f"line longer than {longest} bytes"
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, None, f"not UTF-8: {exc.reason} at byte {exc.start}"
            continue
        if line.strip():
            yield number, line, ""


def _passed(stream: IO[bytes], most: int | None) -> int:
    """Read the rest of a line a chunk at a time, keeping none of it, up to its end or past `most` bytes; how many
    bytes were read."""
    size = 0
    while (most is None or size <= most) and (chunk := stream.readline(CHUNK)):
        size += len(chunk)
        if chunk.endswith(b"\n"):
            break
    return size


# -- storage --------------------------------------------------------------------------------

class Journal:
    """Appends entries to the events table and reads them back as rows for distillation."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def append(self, entries: Iterable[Entry], marks: dict | None = None) -> tuple[int, int]:
        """Redact and append entries in one transaction; return (appended, duplicates).

        `marks` ({"last_seq", "lost"}) records the last sequence number seen and adds to the lost count, in the
        same transaction.
        """
        values = [_values(redacted(e)) for e in entries]
        if not values and not marks:
            return 0, 0
        with transaction(self.conn):
            if marks:
                set_meta(self.conn, "last_seq", marks["last_seq"])
                if marks["lost"]:
                    set_meta(self.conn, "lost_events", get_meta(self.conn, "lost_events", 0) + marks["lost"])
            return self._insert(values)

    def _insert(self, values: list[tuple]) -> tuple[int, int]:
        """Insert rows (`_values`) inside the caller's transaction; (appended, duplicates)."""
        if not values:
            return 0, 0
        before = self.conn.total_changes
        self.conn.executemany(
            "INSERT OR IGNORE INTO events (ts, session, kind, organ, ability, args, ok, cause, error, text, "
            "duration_ms, origin, source, extra, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
        appended = self.conn.total_changes - before
        return appended, len(values) - appended

    def ingest(self, stream: IO[bytes], now: float, fmt: str = "auto", max_bytes: int | None = None) -> IngestReport:
        """Append every good line of a JSON-lines stream, in the contract's journal format or a Claude Code
        transcript (`fmt`: auto, the first line that parses decides); report bad lines by number and skip them (a
        time more than a day past `now`, the ingesting machine's clock, is a bad line). Past `max_bytes` the rest
        of the stream is not read (`capped`)."""
        return self.ingest_together([lambda: contextlib.nullcontext(stream)], now, fmt, max_bytes)[0]

    def ingest_together(self, sources: list[Opener], now: float, fmt: str = "auto", max_bytes: int | None = None,
                        seen: MeshSeen | None = None) -> list[IngestReport]:
        """Ingest several streams as one, their events merged by time (a session's transcript and its subagents',
        whose hooks ran interleaved); a report for each. `seen` may be shared by the calls of one ingest.

        One stream is appended as it is read, in batches. Several are opened one at a time, each read to its end
        and closed (a session may have more subagent files than a process may hold open), their events put aside,
        redacted, in a temporary database (`by_time`) and appended from it in time order: memory holds a batch,
        whatever the files' number or size."""
        reports = [IngestReport() for _ in sources]
        seen = seen or MeshSeen(self.conn)

        def rows(i: int) -> Iterator[tuple]:
            with sources[i]() as stream:
                for entry in self._entries(stream, now, fmt, max_bytes, reports[i], seen):
                    yield _values(redacted(entry))
        if len(sources) == 1:
            ordered: Iterator[tuple[int, tuple]] = ((0, row) for row in rows(0))
        else:
            ordered = by_time(rows(i) for i in range(len(sources)))
        batch: list[tuple[int, tuple]] = []
        for pair in ordered:
            batch.append(pair)
            if len(batch) >= BATCH:
                self._flush(batch, reports)
        self._flush(batch, reports)
        return reports

    def _entries(self, stream: IO[bytes], now: float, fmt: str, max_bytes: int | None, report: IngestReport,
                 seen: MeshSeen) -> Iterator[Entry]:
        """The entries of one stream's good lines, in its order; bad lines, format and what a transcript left out
        go to its report."""
        from actors.memory import transcripts  # it builds on this module's entries

        reader: transcripts.Transcript | None = None

        def limit() -> int:  # a transcript's line holds a tool's whole output
            return MAX_LINE_BYTES if fmt == transcripts.Format.JOURNAL else transcripts.MAX_LINE_BYTES

        for number, line, reason in read_lines(stream, limit, max_bytes, report):
            if line is None:
                report.skipped(number, reason)
                continue
            if fmt == transcripts.Format.AUTO:
                fmt = _detected(line)
            try:
                if fmt == transcripts.Format.CLAUDE_CODE:
                    reader = reader or transcripts.Transcript(seen.wires, now)
                    entries = _not_live(reader.read(json_line(line), len(line)), seen, reader)
                else:
                    entries = [parse_line(line, now)]
            except BadLine as exc:
                report.skipped(number, str(exc))
                report.milliseconds += "looks like Unix milliseconds" in str(exc)
                continue
            yield from entries
        if reader is not None:
            yield from _not_live(reader.end(), seen, reader)
            report.converted = dict(reader.converted)
            report.left_out = {str(k): v for k, v in reader.left.items()}
        report.format = str(fmt) if fmt != transcripts.Format.AUTO else str(transcripts.Format.JOURNAL)

    def _flush(self, batch: list[tuple[int, tuple]], reports: list[IngestReport]) -> None:
        """Append a batch of (stream, row) in order, in one transaction, each stream's rows counted in its report."""
        if not batch:
            return
        with transaction(self.conn):
            start = 0
            for end in range(1, len(batch) + 1):
                if end == len(batch) or batch[end][0] != batch[start][0]:
                    appended, duplicates = self._insert([row for _, row in batch[start:end]])
                    reports[batch[start][0]].appended += appended
                    reports[batch[start][0]].duplicates += duplicates
                    start = end
        batch.clear()

    def rows_since(self, last_id: int) -> Iterator[Row]:
        """Every event after last_id, in journal order."""
        cursor = self.conn.execute(
            "SELECT id, ts, session, kind, organ, ability, args, ok, cause, error, text, origin FROM events "
            "WHERE id > ? ORDER BY id", (last_id,))
        for r in cursor:
            yield Row(id=r[0], ts=r[1], session=r[2], kind=r[3], organ=r[4], ability=r[5], args=json_object(r[6]),
                      ok=bool(r[7]) if r[7] is not None else True, cause=r[8], error=r[9], text=r[10], origin=r[11])

    def count(self) -> dict[str, int]:
        """How many events of each kind the journal holds."""
        counts = dict(self.conn.execute("SELECT kind, count(*) FROM events GROUP BY kind").fetchall())
        return {"call": counts.get("call", 0), "progress": counts.get("progress", 0)}

    def last_id(self) -> int:
        """The id of the newest event (0 when empty)."""
        return self.conn.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()[0]

    def last_progress(self) -> float | None:
        """When the last session progress was journalled (Unix seconds), or None."""
        return self.conn.execute("SELECT max(ts) FROM events WHERE kind = 'progress'").fetchone()[0]


class MeshSeen:
    """What the journal has from the mesh, asked once an ingest needs it: the sessions journalled live (the hook
    path, the front door) and the wire names (`actors mcp`'s organ__tool) of the abilities it called."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._live: dict[str, bool] = {}

    @functools.cached_property
    def wires(self) -> dict[str, str]:
        from broker.wirenames import wire_name

        rows = self.conn.execute("SELECT DISTINCT organ, ability FROM events WHERE source = 'mesh' AND kind = 'call' "
                                 "AND organ != ?", (HOST_ORGAN,))
        return {wire_name(organ, ability): f"{organ}.{ability}" for organ, ability in rows}

    def live(self, session: str) -> bool:
        """Whether the mesh journalled events of this session (by the session index: one look a session)."""
        if session not in self._live:
            if len(self._live) >= MAX_SESSIONS_HELD:  # the oldest answer goes: a file may name a session a line
                del self._live[next(iter(self._live))]
            self._live[session] = self.conn.execute(
                "SELECT 1 FROM events WHERE session = ? AND source = 'mesh' LIMIT 1", (session,)).fetchone() is not None
        return self._live[session]


def _detected(line: str) -> str:
    """The format the first line that parses says (auto until one does)."""
    from actors.memory import transcripts

    try:
        return transcripts.detect(json_line(line))
    except BadLine:
        return transcripts.Format.AUTO


def _not_live(entries: list[Entry], seen: MeshSeen, reader: Any) -> list[Entry]:
    """A transcript's entries but those of sessions journalled live already (counted as left out)."""
    kept = [e for e in entries if not seen.live(e.session)]
    if len(kept) < len(entries):
        reader.left["live"] += len(entries) - len(kept)
    return kept


def by_time(runs: Iterable[Iterable[tuple]]) -> Iterator[tuple[int, tuple]]:
    """Rows (`_values`) of several runs, each read to its end in turn, as (run, row) in time order (a run's own
    order kept among equal times, and the earlier run first), put aside meanwhile in a temporary database on disk
    (SQLite's, deleted when closed) so that memory holds none of them."""
    with contextlib.closing(sqlite3.connect("", isolation_level=None)) as aside:
        aside.execute("CREATE TABLE aside (ts REAL, session, kind, organ, ability, args, ok, cause, error, text, "
                      "duration_ms, origin, source, extra, digest, run INTEGER)")
        aside.execute("BEGIN")
        for run, rows in enumerate(runs):
            batch: list[tuple] = []
            for row in rows:
                batch.append((*row, run))
                if len(batch) >= BATCH:
                    aside.executemany(f"INSERT INTO aside VALUES ({', '.join('?' * 16)})", batch)
                    batch.clear()
            aside.executemany(f"INSERT INTO aside VALUES ({', '.join('?' * 16)})", batch)
        for row in aside.execute("SELECT * FROM aside ORDER BY ts, rowid"):
            yield row[15], row[:15]


def _values(e: Entry) -> tuple:
    return (e.ts, e.session, e.kind, e.organ, e.ability, _dump(e.args), None if e.ok is None else int(e.ok), e.cause,
            e.error, e.text, e.duration_ms, e.origin, e.source, _dump(e.extra), digest(e))


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str, separators=(",", ":"))


def json_object(raw: str) -> dict:
    """A stored JSON object (empty for something unreadable or not an object)."""
    try:
        value = json.loads(raw)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
