#!/usr/bin/env python3
"""Regenerate journals 145-148 and their truth files byte for byte (standard library only).

Also checks the wording rules of the brief: no query shares more than one word trigram with any
progress text of its journal, and none shares a word trigram with any error text of the journal.
"""
import importlib
import json
import os
import re
import sys

from jlib import dump
from truth import TRUTH, NOTES

HERE = os.path.dirname(os.path.abspath(__file__))


def trigrams(text):
    w = re.findall(r"[a-z]+", text.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    bad = 0
    print("journal  events  calls  progress  failed  sessions")
    for n in (145, 146, 147, 148):
        ev = importlib.import_module("j%d" % n).events()
        dump(ev, os.path.join(HERE, "journal-%d.jsonl" % n))
        t = dict(TRUTH[n])
        t["notes"] = NOTES[n]
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(t, f, indent=2, ensure_ascii=False)
            f.write("\n")
        calls = [e for e in ev if e["kind"] == "call"]
        prog = [e for e in ev if e["kind"] == "progress"]
        print("%-8d %6d %6d %9d %7d  %s" % (n, len(ev), len(calls), len(prog),
                                            sum(1 for e in calls if not e["ok"]),
                                            ",".join(sorted({e["session"] for e in ev}))))
        errtri = set()
        for e in calls:
            if not e["ok"]:
                errtri |= trigrams(e["error"])
        for q in [x["q"] for x in t["queries"]] + t["negatives"]:
            qt = trigrams(q)
            if qt & errtri:
                bad += 1
                print("  query shares error trigrams: %s %s" % (q, sorted(qt & errtri)))
            for p in prog:
                shared = qt & trigrams(p["text"])
                if len(shared) > 1:
                    bad += 1
                    print("  query shares %d trigrams with progress: %s ~ %r" % (len(shared), q, p["text"]))
    print("wording checks: " + ("ok" if not bad else "%d problem(s)" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
