#!/usr/bin/env python3
"""Regenerate journal-97..100.jsonl and journal-97..100.truth.json byte for byte (standard library only)."""
import importlib
import json
import os

import queries
import truth

HERE = os.path.dirname(os.path.abspath(__file__))
NUMS = [97, 98, 99, 100]


def truth_doc(n):
    planted = []
    for p in truth.PLANTED[n]:
        d = {k: p[k] for k in ("id", "kind", "ability", "anchor")}
        if "sequence" in p:
            d["sequence"] = p["sequence"]
        d["description"] = p["description"]
        d["evidence"] = truth.EVIDENCE.get(p["id"], "")
        planted.append(d)
    return {
        "project": truth.PROJECTS[n],
        "planted": planted,
        "queries": [{"q": q, "planted_id": pid, "lang": lang} for pid, lang, q in queries.QUERIES[n]],
        "negatives": [q for lang, q in queries.NEGATIVES[n]],
        "negatives_lang": [lang for lang, q in queries.NEGATIVES[n]],
        "notes": truth.NOTES.get(n, []),
    }


def main():
    for n in NUMS:
        mod = importlib.import_module("j%d" % n)
        j = mod.build()
        j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(truth_doc(n), f, ensure_ascii=False, indent=2)
            f.write("\n")
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(1 for e in calls if not e["ok"]),
            ev[0]["ts"], ev[-1]["ts"]))


if __name__ == "__main__":
    main()
