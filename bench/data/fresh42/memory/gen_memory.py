#!/usr/bin/env python3
"""Regenerate journal-161..164.jsonl and their truth files (fresh42), byte for byte; prints the counts."""
import json
import os
import re

import j161
import j162
import j163
import j164
from truth import TRUTH, EVIDENCE, NOTES

HERE = os.path.dirname(os.path.abspath(__file__))


def trigrams(t):
    w = re.findall(r"[a-z]+", t.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def overlap_check(n, events, truth):
    """No query or negative shares more than one word trigram with any progress text, none with any error text."""
    prog = [trigrams(e["text"]) for e in events if e["kind"] == "progress"]
    errs = set()
    for e in events:
        if e["kind"] == "call" and not e["ok"]:
            errs |= trigrams(e["error"])
    bad = []
    for q in [q for _, q in truth["queries"]] + truth["negatives"]:
        tq = trigrams(q)
        worst = max(len(tq & p) for p in prog)
        if worst > 1 or tq & errs:
            bad.append((n, q, worst, sorted(tq & errs)))
    return bad


def main():
    problems = []
    for n, mod in ((161, j161), (162, j162), (163, j163), (164, j164)):
        j = mod.build()
        j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = TRUTH[n]
        planted = []
        for p in t["planted"]:
            p = dict(p)
            if p["id"] in EVIDENCE:
                p["evidence"] = EVIDENCE[p["id"]]
            planted.append(p)
        out = {"project": t["project"], "planted": planted,
               "queries": [{"q": q, "planted_id": pid} for pid, q in t["queries"]],
               "negatives": list(t["negatives"]), "notes": NOTES.get(n, "")}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2, ensure_ascii=False)
            f.write("\n")
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        days = sorted({int(e["ts"]) // 86400 for e in ev})
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, last event ts %.1f"
              % (n, len(ev), len(calls), len(ev) - len(calls), sum(not e["ok"] for e in calls), ev[-1]["ts"]))
        problems += overlap_check(n, ev, t)
    for p in problems:
        print("OVERLAP", p)
    print("overlap check: %s" % ("ok" if not problems else "%d problem(s)" % len(problems)))


if __name__ == "__main__":
    main()
