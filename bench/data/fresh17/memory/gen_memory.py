#!/usr/bin/env python3
"""Regenerate journal-61..64.jsonl and their truth files (fresh17), byte for byte; prints the counts."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import j61, j62, j63, j64  # noqa: E402
from truth import T  # noqa: E402

LIMIT = 1796587200.0  # 2026-12-06 20:00 UTC


def main():
    for n, mod in ((61, j61), (62, j62), (63, j63), (64, j64)):
        ev = mod.build().dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        assert ev[-1]["ts"] < LIMIT
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            json.dump(T[n], f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %d queries, %d negatives"
              % (n, len(ev), len(calls), len(ev) - len(calls), sum(not e["ok"] for e in calls),
                 len(T[n]["queries"]), len(T[n]["negatives"])))


if __name__ == "__main__":
    main()
