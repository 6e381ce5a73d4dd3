"""The journal: every routed call and every session-progress event, redacted, appended to SQLite."""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import sqlite3
from dataclasses import dataclass, field, replace
from typing import IO, Any, Callable, Iterable, Iterator

from actors.memory.db import get_meta, set_meta, transaction
from actors.memory.distill import Row
from broker.causes import classify
from broker.redact import clip, redact_value
from broker.times import finite, ts_problem
from broker.vocab import HOST_ORGAN

KNOWN = frozenset({"ts", "session", "kind", "organ", "ability", "args", "ok", "error", "cause", "text", "origin",
                   "duration_ms"})
MAX_TEXT = 2000
MAX_LINE_BYTES = 1_000_000
BATCH = 1000


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
    bad: list[tuple[int, str]] = field(default_factory=list)
    milliseconds: int = 0  # refused lines whose ts look like Unix milliseconds
    format: str = "journal"  # journal | claude-code: what the lines were read as
    converted: dict[str, int] = field(default_factory=dict)  # a transcript's prompts, calls and stops journalled
    left_out: dict[str, int] = field(default_factory=dict)  # a transcript's events not journalled, by reason
    capped: bool = False  # the file was longer than the bytes it was allowed: the rest was not read

    def as_dict(self) -> dict:
        return {"appended": self.appended, "duplicates": self.duplicates,
                "bad": [{"line": n, "reason": r} for n, r in self.bad], "milliseconds": self.milliseconds,
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
    """A line's JSON value, or BadLine saying why there is none."""
    try:
        return json.loads(line)
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
    cause = _string(data, "cause") or ("" if ok else classify(error))
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


def read_lines(stream: Iterable[bytes], limit: Callable[[], int] = lambda: MAX_LINE_BYTES
               ) -> Iterator[tuple[int, str | None, str]]:
    """Yield (line number, text or None, reason) for each non-blank line of a byte stream; a line longer than
    limit() bytes (asked at each line: the format can be known only once a line is read) is refused."""
    for number, raw in enumerate(stream, start=1):
        if len(raw) > (longest := limit()):
            yield number, None, f"line longer than {longest} bytes"
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, None, f"not UTF-8: {exc.reason} at byte {exc.start}"
            continue
        if line.strip():
            yield number, line, ""


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
            if not values:
                return 0, 0
            before = self.conn.total_changes
            self.conn.executemany(
                "INSERT OR IGNORE INTO events (ts, session, kind, organ, ability, args, ok, cause, error, text, "
                "duration_ms, origin, source, extra, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values)
            appended = self.conn.total_changes - before
        return appended, len(values) - appended

    def ingest(self, stream: IO[bytes], now: float, fmt: str = "auto", max_bytes: int | None = None) -> IngestReport:
        """Append every good line of a JSON-lines stream, in the contract's journal format or a Claude Code
        transcript (`fmt`: auto, the first line that parses decides); report bad lines by number and skip them (a
        time more than a day past `now`, the ingesting machine's clock, is a bad line). Past `max_bytes` the rest
        of the stream is not read (`capped`)."""
        return self.ingest_together([stream], now, fmt, max_bytes)[0]

    def ingest_together(self, streams: list[IO[bytes]], now: float, fmt: str = "auto", max_bytes: int | None = None,
                        seen: MeshSeen | None = None) -> list[IngestReport]:
        """Ingest several streams as one, their events merged by time (a session's transcript and its subagents',
        whose hooks ran interleaved); a report for each. `seen` may be shared by the calls of one ingest."""
        reports = [IngestReport() for _ in streams]
        seen = seen or MeshSeen(self.conn)
        merged = heapq.merge(*(_tagged(self._entries(stream, now, fmt, max_bytes, report, seen), report)
                               for stream, report in zip(streams, reports)), key=lambda pair: pair[0].ts)
        batch: list[tuple[Entry, IngestReport]] = []
        for pair in merged:
            batch.append(pair)
            if len(batch) >= BATCH:
                self._flush(batch)
        self._flush(batch)
        return reports

    def _entries(self, stream: IO[bytes], now: float, fmt: str, max_bytes: int | None, report: IngestReport,
                 seen: MeshSeen) -> Iterator[Entry]:
        """The entries of one stream's good lines, in its order; bad lines, format and what a transcript left out
        go to its report."""
        from actors.memory import transcripts  # it builds on this module's entries

        reader: transcripts.Transcript | None = None

        def limit() -> int:  # a transcript's line holds a tool's whole output
            return MAX_LINE_BYTES if fmt == transcripts.Format.JOURNAL else transcripts.MAX_LINE_BYTES

        for number, line, reason in read_lines(_capped(stream, max_bytes, report), limit):
            if line is None:
                report.bad.append((number, reason))
                continue
            if fmt == transcripts.Format.AUTO:
                fmt = _detected(line)
            try:
                if fmt == transcripts.Format.CLAUDE_CODE:
                    reader = reader or transcripts.Transcript(seen.wires, now)
                    entries = _not_live(reader.read(json_line(line)), seen, reader)
                else:
                    entries = [parse_line(line, now)]
            except BadLine as exc:
                report.bad.append((number, str(exc)))
                report.milliseconds += "looks like Unix milliseconds" in str(exc)
                continue
            yield from entries
        if reader is not None:
            yield from _not_live(reader.end(), seen, reader)
            report.converted = dict(reader.converted)
            report.left_out = {str(k): v for k, v in reader.left.items()}
        report.format = str(fmt) if fmt != transcripts.Format.AUTO else str(transcripts.Format.JOURNAL)

    def _flush(self, batch: list[tuple[Entry, IngestReport]]) -> None:
        """Append a batch in order, each run of one stream's entries counted in that stream's report."""
        start = 0
        for end in range(1, len(batch) + 1):
            if end == len(batch) or batch[end][1] is not batch[start][1]:
                appended, duplicates = self.append(entry for entry, _ in batch[start:end])
                batch[start][1].appended += appended
                batch[start][1].duplicates += duplicates
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


def _tagged(entries: Iterator[Entry], report: IngestReport) -> Iterator[tuple[Entry, IngestReport]]:
    for entry in entries:
        yield entry, report


def _not_live(entries: list[Entry], seen: MeshSeen, reader: Any) -> list[Entry]:
    """A transcript's entries but those of sessions journalled live already (counted as left out)."""
    kept = [e for e in entries if not seen.live(e.session)]
    if len(kept) < len(entries):
        reader.left["live"] += len(entries) - len(kept)
    return kept


def _capped(stream: IO[bytes], max_bytes: int | None, report: IngestReport) -> Iterator[bytes]:
    """The stream's lines while they come within max_bytes in all; `report.capped` says when the rest was left."""
    read = 0
    for raw in stream:
        read += len(raw)
        if max_bytes is not None and read > max_bytes:
            report.capped = True
            return
        yield raw


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
