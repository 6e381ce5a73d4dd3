#!/usr/bin/env python3
"""Regenerate journal-89..92.jsonl and their truth files byte for byte (standard library only)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import truth  # noqa: E402
import j89, j90, j91, j92  # noqa: E402,E401

MODS = {89: j89, 90: j90, 91: j91, 92: j92}


def main():
    for n, mod in MODS.items():
        j = mod.build()
        ev = j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = truth.TRUTH[n]
        out = {"project": t["project"], "planted": t["planted"],
               "queries": [{"q": q, "planted_id": pid} for pid, q in t["queries"]],
               "negatives": t["negatives"], "notes": t["notes"]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(not e["ok"] for e in calls),
            ev[0]["ts"], ev[-1]["ts"]))


if __name__ == "__main__":
    main()
