#!/usr/bin/env python3
"""Regenerate journal-105..108.jsonl and journal-105..108.truth.json byte for byte (standard library only).

Also checks the query/progress overlap rule of the brief: no query or negative shares more than one word trigram
with any single progress text of its journal (check.py separately rejects any trigram shared with error text).
"""
import importlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from truth import TRUTH  # noqa: E402

JOURNALS = [int(a) for a in sys.argv[1:]] or [105, 106, 107, 108]


def trigrams(text):
    w = re.findall(r"[a-z]+", text.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    bad = 0
    for n in JOURNALS:
        mod = importlib.import_module("j%d" % n)
        j = mod.build()
        events = j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        truth = TRUTH[n]
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(truth, ensure_ascii=False, indent=2) + "\n")
        calls = [e for e in events if e["kind"] == "call"]
        prog = [e["text"] for e in events if e["kind"] == "progress"]
        fails = sum(1 for e in calls if not e["ok"])
        worst = 0
        for t in [q["q"] for q in truth["queries"]] + truth["negatives"]:
            tq = trigrams(t)
            for p in prog:
                shared = tq & trigrams(p)
                worst = max(worst, len(shared))
                if len(shared) > 1:
                    bad += 1
                    print("  OVERLAP %r ~ %r: %s" % (t, p, sorted(shared)))
        days = sorted({int(e["ts"]) // 86400 for e in events})
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, max shared trigrams with a progress "
              "text %d, last event %s" % (n, len(events), len(calls), len(prog), fails, worst,
                                           __import__("time").strftime("%Y-%m-%d %H:%M UTC",
                                                                       __import__("time").gmtime(events[-1]["ts"]))))
    print("overlap check: %s" % ("ok" if not bad else "%d problems" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
