#!/usr/bin/env python3
"""The fresh41 brief's wording checks: no query or negative shares more than one word trigram with any single
progress text of its journal, none shares a word trigram with any error text; every note is lower case and 12 to
90 characters long."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tri(t):
    w = re.findall(r"[a-z0-9]+", t.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    bad = 0
    for n in [int(a) for a in sys.argv[1:]] or [157, 158, 159, 160]:
        ev = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        t = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        prog = [e["text"] for e in ev if e["kind"] == "progress"]
        errs = set()
        for e in ev:
            if e["kind"] == "call" and not e["ok"]:
                errs |= tri(e["error"])
        notes = [q["q"] for q in t["queries"]] + t["negatives"]
        worst = 0
        for q in notes:
            tq = tri(q)
            for p in prog:
                k = len(tq & tri(p))
                worst = max(worst, k)
                if k > 1:
                    print("journal-%d: %r shares %d trigrams with progress %r" % (n, q, k, p))
                    bad += 1
            if tq & errs:
                print("journal-%d: %r shares a trigram with error text: %s" % (n, q, sorted(tq & errs)))
                bad += 1
            if q != q.lower() or not 12 <= len(q) <= 90:
                print("journal-%d: %r not lower case or length %d" % (n, q, len(q)))
                bad += 1
        lens = [len(q) for q in notes]
        print("journal-%d: %d notes, %d..%d chars, most trigrams shared with one progress text: %d"
              % (n, len(notes), min(lens), max(lens), worst))
    print("OVERLAP OK" if not bad else "OVERLAP FAILURES: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
