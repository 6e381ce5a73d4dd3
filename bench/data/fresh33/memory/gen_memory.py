#!/usr/bin/env python3
"""Regenerate journals 125-128 and their truth files (fresh33), byte for byte.

usage: python3 gen_memory.py
"""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from truth import TRUTH  # noqa: E402


def truth_doc(n):
    t = TRUTH[n]
    langs = {}
    for q in t["queries"]:
        langs[q["lang"]] = langs.get(q["lang"], 0) + 1
    for l in t["negatives_lang"]:
        langs[l] = langs.get(l, 0) + 1
    other = ", ".join("%s %d" % (k, v) for k, v in sorted(langs.items()) if k != "en")
    notes = ("Queries and negatives are commit subjects written before the work starts, in the team's convention "
             "(%s); a ' | ' separates the subject from an optional body line. Languages other than English: %s. "
             "Negatives 1-3 are close in topic to lessons p1, p2/p3 and p3/p5 but do not need them; 4-8 are "
             "ordinary work of the same team." % (t["convention"], other))
    return {
        "project": t["project"],
        "planted": t["planted"],
        "queries": [{"q": q["q"], "planted_id": q["planted_id"]} for q in t["queries"]],
        "negatives": t["negatives"],
        "notes": notes,
    }


def main():
    for n in (125, 126, 127, 128):
        mod = importlib.import_module("j%d" % n)
        events = mod.build().write(os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            json.dump(truth_doc(n), f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(1 for e in calls if not e["ok"]),
            events[0]["ts"], events[-1]["ts"]))


if __name__ == "__main__":
    main()
