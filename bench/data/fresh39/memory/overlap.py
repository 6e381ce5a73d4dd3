#!/usr/bin/env python3
"""Overlap check of the brief: no query or negative shares more than one word trigram with any single progress
text, and none shares a word trigram with any error text of its journal.  usage: overlap.py [N ...]"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tri(s):
    w = re.findall(r"[a-z0-9]+", s.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    bad = 0
    for n in [int(a) for a in sys.argv[1:]] or [149, 150, 151, 152]:
        ev = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        t = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        prog = [tri(e["text"]) for e in ev if e["kind"] == "progress"]
        errs = set().union(*[tri(e["error"]) for e in ev if e["kind"] == "call" and not e["ok"]])
        worst = 0
        for q in [x["q"] for x in t["queries"]] + t["negatives"]:
            tq = tri(q)
            m = max(len(tq & p) for p in prog)
            worst = max(worst, m)
            if m > 1 or tq & errs:
                bad += 1
                print("journal-%d: %r progress-overlap %d error-overlap %s" % (n, q, m, sorted(tq & errs)))
        print("journal-%d: max trigrams shared with one progress text %d, with error text 0" % (n, worst))
    print("OVERLAP OK" if not bad else "OVERLAP FAILURES: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
