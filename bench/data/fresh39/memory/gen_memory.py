#!/usr/bin/env python3
"""Regenerate journal-149..152.jsonl and their truth files, byte for byte (standard library only)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import j149  # noqa: E402
import j150  # noqa: E402
import j151  # noqa: E402
import j152  # noqa: E402
from truth import TRUTH  # noqa: E402

MODULES = {149: j149, 150: j150, 151: j151, 152: j152}


def main():
    ns = [int(a) for a in sys.argv[1:]] or sorted(MODULES)
    for n in ns:
        j = MODULES[n].build()
        j.write(os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(TRUTH[n], f, indent=2, ensure_ascii=False)
            f.write("\n")
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(1 for e in calls if not e["ok"]),
            ev[0]["ts"], ev[-1]["ts"]))


if __name__ == "__main__":
    main()
