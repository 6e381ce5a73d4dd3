"""The cards a journal makes: ingest and consolidate in a fresh home, then list them (round 20, a new user's journals).

A source is a journal (`.jsonl`) or a home's `memory.db`, whose events are exported as a journal first. The store
runs on the later of this machine's clock and the journal's last event (as `recall_fresh.journal_clock`).

    python bench/journal_cards.py /tmp/nu6/week.jsonl /tmp/nu6/home/memory.db ...
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_fresh import journal_clock  # noqa: E402

from actors.memory.service import Memory, Settings  # noqa: E402

COLUMNS = ("ts", "session", "kind", "organ", "ability", "args", "ok", "cause", "error", "text", "duration_ms", "origin")


def export(db: Path, out: Path) -> None:
    """A home's journal events as a journal file, in journal order (read-only)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        with open(out, "w", encoding="utf-8") as f:
            for row in conn.execute(f"SELECT {', '.join(COLUMNS)} FROM events ORDER BY id"):
                event = dict(zip(COLUMNS, row))
                event["args"] = json.loads(event["args"] or "{}")
                event["ok"] = True if event["ok"] is None else bool(event["ok"])
                f.write(json.dumps({k: v for k, v in event.items() if v not in ("", None)}) + "\n")
    finally:
        conn.close()


def main() -> None:
    for source in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(source)
            if path.suffix == ".db":
                export(path, journal := Path(tmp) / "journal.jsonl")
                path = journal
            with Memory(Path(tmp) / "home", Settings(), clock=journal_clock(path)) as m:
                with open(path, "rb") as stream:
                    m.ingest(stream)
                m.consolidate()
                cards = m.cards()
            print(f"== {source}: {len(cards)} cards")
            for card in cards:
                print(f"   {card.kind:9} {card.title[:130]}")


if __name__ == "__main__":
    main()
