#!/usr/bin/env python3
"""Regenerate journal-165..168.jsonl and their truth files byte for byte (standard library only).

Also checks the wording rules of the brief: every query/negative is 15..160 characters, shares no word
trigram with any error text of its journal and at most one with any progress text.
"""
import importlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from truth import TRUTH, NOTES, METHOD  # noqa: E402

NUMS = [int(a) for a in sys.argv[1:]] or [165, 166, 167, 168]


def tri(text):
    w = re.findall(r"[a-z]+", text.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    problems = 0
    for n in NUMS:
        J = importlib.import_module("j%d" % n).build()
        J.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = dict(TRUTH[n])
        t["notes"] = METHOD + " " + NOTES[n]
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(t, f, indent=2, ensure_ascii=False)
            f.write("\n")
        ev = J.events
        calls = [e for e in ev if e["kind"] == "call"]
        fails = [e for e in calls if not e["ok"]]
        prog = [e["text"] for e in ev if e["kind"] == "progress"]
        errs = set()
        for e in fails:
            errs |= tri(e["error"])
        texts = [q["q"] for q in t["queries"]] + t["negatives"]
        for q in texts:
            if not 15 <= len(q) <= 160:
                print("  length %d: %s" % (len(q), q)); problems += 1
            if tri(q) & errs:
                print("  error trigram %s: %s" % (sorted(tri(q) & errs), q)); problems += 1
            for p in prog:
                shared = tri(q) & tri(p)
                if len(shared) > 1:
                    print("  progress trigrams %s: %s ~ %s" % (sorted(shared), q, p)); problems += 1
        days = sorted({e["session"] for e in ev})
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, sessions %s, last %s" % (
            n, len(ev), len(calls), len(prog), len(fails), ",".join(days),
            __import__("time").strftime("%Y-%m-%d %H:%M UTC", __import__("time").gmtime(ev[-1]["ts"]))))
    print("wording problems: %d" % problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
