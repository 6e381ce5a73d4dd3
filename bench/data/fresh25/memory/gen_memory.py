#!/usr/bin/env python3
"""Regenerate journal-93..96.jsonl and journal-93..96.truth.json byte for byte (standard library only)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import j93  # noqa: E402
import j94  # noqa: E402
import j95  # noqa: E402
import j96  # noqa: E402
import queries  # noqa: E402
import truth  # noqa: E402

MODULES = {93: j93, 94: j94, 95: j95, 96: j96}


def main():
    for n, mod in MODULES.items():
        j = mod.build()
        j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = truth.truth(n, queries.QUERIES[n], queries.NEGATIVES[n], queries.LANG[n])
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(t, f, ensure_ascii=False, indent=2)
            f.write("\n")
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(1 for e in calls if not e["ok"]),
            ev[0]["ts"], ev[-1]["ts"]))


if __name__ == "__main__":
    main()
