#!/usr/bin/env python3
"""Regenerate journal-77..80.jsonl and their truth files, byte for byte; print counts."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.chdir(HERE)

from queries import QUERIES, NEGATIVES  # noqa: E402
from truth import PROJECT, PLANTED, NOTES  # noqa: E402


def main():
    ns = [int(a) for a in sys.argv[1:]] or [77, 78, 79, 80]
    for n in ns:
        j = importlib.import_module("j%d" % n).build()
        j.dump("journal-%d.jsonl" % n)
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        planted = PLANTED[n]
        queries = []
        for i, qs in enumerate(QUERIES[n]):
            for q, lang in qs:
                queries.append({"q": q, "planted_id": planted[i]["id"], "lang": lang})
        truth = {"project": PROJECT[n], "planted": planted, "queries": queries,
                 "negatives": [q for q, lang in NEGATIVES[n]],
                 "negatives_lang": [lang for q, lang in NEGATIVES[n]],
                 "notes": NOTES[n]}
        with open("journal-%d.truth.json" % n, "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s UTC" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(1 for e in calls if not e["ok"]),
            fmt(ev[0]["ts"]), fmt(ev[-1]["ts"])))


def fmt(ts):
    import time
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(ts))


if __name__ == "__main__":
    main()
