#!/usr/bin/env python3
"""Overlap check of fresh35: no query or negative shares more than one word trigram with any progress
text of its journal (counted per text and over all progress texts together), and none shares a word
trigram with any error text.  Tokenisation as check.py: runs of [a-z] after lower-casing."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tri(s):
    w = re.findall(r"[a-z]+", s.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    ns = [int(a) for a in sys.argv[1:]] or [133, 134, 135, 136]
    bad = 0
    for n in ns:
        ev = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        t = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        prog = [tri(e["text"]) for e in ev if e["kind"] == "progress"]
        errs = set().union(*[tri(e["error"]) for e in ev if e["kind"] == "call" and not e["ok"]])
        allp = set().union(*prog)
        worst_text, worst_all = 0, 0
        for q in [x["q"] for x in t["queries"]] + t["negatives"]:
            qt = tri(q)
            per = max(len(qt & p) for p in prog)
            tot = len(qt & allp)
            worst_text, worst_all = max(worst_text, per), max(worst_all, tot)
            if per > 1 or tot > 1 or qt & errs:
                bad += 1
                print("journal-%d BAD %r: per-text %d, all-progress %s, errors %s"
                      % (n, q, per, sorted(qt & allp), sorted(qt & errs)))
        print("journal-%d: max trigrams shared with one progress text %d, with all progress texts %d, with errors 0"
              % (n, worst_text, worst_all) if not bad else "journal-%d: see above" % n)
    print("OVERLAP OK" if not bad else "OVERLAP FAILURES: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
