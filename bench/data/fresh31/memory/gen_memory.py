#!/usr/bin/env python3
"""Regenerate journal-117..120.jsonl and their truth files byte for byte (standard library only)."""
import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import j117  # noqa: E402
import j118  # noqa: E402
import j119  # noqa: E402
import j120  # noqa: E402
from truth import TRUTH  # noqa: E402

BUILDERS = {117: j117.build, 118: j118.build, 119: j119.build, 120: j120.build}


def main():
    for n, build in BUILDERS.items():
        j = build()
        events = j.write(os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            f.write(json.dumps(TRUTH[n], indent=2, ensure_ascii=False) + "\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls" % (
            n, len(events), len(calls), len(events) - len(calls), sum(1 for e in calls if not e["ok"])))


if __name__ == "__main__":
    main()
