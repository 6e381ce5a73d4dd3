"""A versioned JSON snapshot of learned state: cards, judgments and tombstones. Pure.

`actors memory export --out F.json` writes one; `actors memory import F.json` merges one into another
memory. A file is checked whole against `SCHEMA` (jsonschema) before anything is written, so a malformed or
newer-version file changes nothing. Journal ids are local to one database and are not carried.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import jsonschema

from actors.memory.distill import FIELDS, KINDS
from actors.memory.judgments import JUDGMENT_KINDS, InstructionRefused, check

FORMAT = "actors-memory-snapshot"
VERSION = 4  # 2: identities may hold the action and name fields; 3: the gloss field; 4: a playbook's workflow field
# (round 13). Older files are still read
MAX_BYTES = 64 * 1024 * 1024
MAX_ERRORS = 20  # problems looked at before the first is named

_TEXT = {"type": "string", "maxLength": 20000}
_TIME = {"type": "number", "minimum": 0}
_COUNT = {"type": "integer", "minimum": 0}
_CARD = {
    "type": "object",
    "required": ["key", "kind", "title", "body", "confirmations", "created_at", "confirmed_at"],
    "properties": {
        "key": {"type": "string", "minLength": 1, "maxLength": 200}, "kind": {"enum": list(KINDS)},
        "title": _TEXT, "body": _TEXT, "when": _TEXT, "wrong": _TEXT, "instead": _TEXT,
        "identity": {"type": "object", "propertyNames": {"enum": list(FIELDS)},
                     "additionalProperties": {"type": "array", "items": {"type": "string", "maxLength": 300},
                                              "maxItems": 200}},
        "files": {"type": "array", "items": {"type": "string", "maxLength": 1000}, "maxItems": 100},
        "stats": {"type": "object"}, "evidence": {"type": "object"},
        "confirmations": _COUNT, "hits": _COUNT, "created_at": _TIME, "confirmed_at": _TIME,
    },
}
_JUDGMENT = {
    "type": "object",
    "required": ["kind", "text", "confirmations", "created_at", "confirmed_at"],
    "properties": {"kind": {"enum": list(JUDGMENT_KINDS)}, "text": {"type": "string", "minLength": 1, "maxLength": 300},
                   "reason": {"type": "string", "maxLength": 1000}, "confirmations": {"type": "integer", "minimum": 1},
                   "created_at": _TIME, "confirmed_at": _TIME},
}
_TOMBSTONE = {
    "type": "object", "required": ["key", "kind"],
    "properties": {"key": {"type": "string", "minLength": 1, "maxLength": 200}, "kind": {"enum": list(KINDS)},
                   "title": _TEXT, "forgotten_at": _TIME},
}
_FORGOTTEN = {  # a forgotten judgment: the digest of its text (judgments.tombstone), never the text
    "type": "object", "required": ["digest", "kind"],
    "properties": {"digest": {"type": "string", "pattern": "^[0-9a-f]{32}$"}, "kind": {"enum": list(JUDGMENT_KINDS)},
                   "forgotten_at": _TIME},
}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "cards", "judgments", "tombstones"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"type": "integer", "minimum": 1, "maximum": VERSION},
        "exported_at": _TIME,
        "cards": {"type": "array", "items": _CARD, "maxItems": 1_000_000},
        "judgments": {"type": "array", "items": _JUDGMENT, "maxItems": 100_000},
        "tombstones": {"type": "array", "items": _TOMBSTONE, "maxItems": 1_000_000},
        # optional (older files have none, older readers ignore it): judgments forgotten, by their text's digest
        "forgotten_judgments": {"type": "array", "items": _FORGOTTEN, "maxItems": 100_000},
    },
}


class SnapshotError(ValueError):
    """A snapshot file that cannot be imported; the message says why. Nothing was changed."""


def build(cards: list, judgments: list, tombstones: list, now: float, forgotten_judgments: list = ()) -> dict:
    """The snapshot document of live cards, judgments, forgotten cards' keys and forgotten judgments' digests."""
    return {
        "format": FORMAT, "version": VERSION, "exported_at": now,
        "cards": [{"key": c.key, "kind": c.kind, "title": c.title, "body": c.body, "when": c.when, "wrong": c.wrong,
                   "instead": c.instead, "identity": c.identity, "files": list(c.files), "stats": c.stats,
                   "evidence": c.evidence, "confirmations": c.confirmations, "hits": c.hits,
                   "created_at": c.created_at, "confirmed_at": c.confirmed_at} for c in cards if c.key],
        "judgments": [{"kind": j.kind, "text": j.text, "reason": j.reason, "confirmations": j.confirmations,
                       "created_at": j.created_at, "confirmed_at": j.confirmed_at} for j in judgments],
        "tombstones": [{"key": c.key, "kind": c.kind, "title": c.title, "forgotten_at": c.forgotten_at or 0.0}
                       for c in tombstones if c.key],
        "forgotten_judgments": [{"digest": f["digest"], "kind": f["kind"], "forgotten_at": f.get("forgotten_at", 0.0)}
                                for f in forgotten_judgments],
    }


def parse(raw: bytes) -> dict[str, Any]:
    """Read and check a snapshot file's bytes; raise SnapshotError saying precisely what is wrong."""
    if len(raw) > MAX_BYTES:
        raise SnapshotError(f"the file is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
        # JSON may spell half of a UTF-16 pair (`"\\ud800"`): no text SQLite can hold, so the import would fail late
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SnapshotError(f"not a memory snapshot: a string holds {exc.object[exc.start]!r}, half of a UTF-16 "
                            "pair, which is no text") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise SnapshotError(f"not a JSON document: {exc}") from None
    except RecursionError:
        raise SnapshotError("not a memory snapshot: the JSON is nested too deeply") from None
    if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("version"), int) \
            and not isinstance(data.get("version"), bool) and data["version"] > VERSION:
        raise SnapshotError(f"snapshot version {data['version']} is newer than this actors reads ({VERSION}); "
                            "upgrade actors to import it")
    # the first few problems are enough to say what is wrong; a million bad entries must not become a million
    # error objects (each holds its schema path and instance)
    errors = sorted(itertools.islice(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data), MAX_ERRORS + 1),
                    key=lambda e: [(isinstance(p, str), p if isinstance(p, int) else str(p)) for p in e.absolute_path])
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top level)"
        more = "" if len(errors) == 1 else (f" (and {len(errors) - 1} more problems)" if len(errors) <= MAX_ERRORS
                                            else f" (and more than {MAX_ERRORS - 1} more problems)")
        raise SnapshotError(f"not a valid memory snapshot: at {where}: {first.message[:300]}{more}")
    for index, item in enumerate(data["judgments"]):  # a file from elsewhere must not carry text aimed at a model
        try:
            check(item["text"], item.get("reason", ""))
        except InstructionRefused as exc:
            raise SnapshotError(f"at judgments/{index}: {exc}") from None
    return data
