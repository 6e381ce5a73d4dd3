#!/usr/bin/env python3
"""Regenerate journal-57..60.jsonl and their truth files byte for byte (standard library only)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jlib  # noqa: E402
import truth  # noqa: E402
import j57, j58, j59, j60  # noqa: E402,E401

MODS = {57: j57, 58: j58, 59: j59, 60: j60}
SEEDS = {57: 5701, 58: 5802, 59: 5903, 60: 6004}


def main():
    for n, mod in MODS.items():
        ev = jlib.build(mod.SESSIONS, SEEDS[n])
        jlib.write_jsonl(os.path.join(HERE, "journal-%d.jsonl" % n), ev)
        jlib.write_json(os.path.join(HERE, "journal-%d.truth.json" % n), truth.truth_json(n))
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls"
              % (n, len(ev), len(calls), len(ev) - len(calls), sum(1 for e in calls if not e["ok"])))


if __name__ == "__main__":
    main()
