#!/usr/bin/env python3
"""Regenerate journal-101..104.jsonl and their truth files, byte for byte (standard library only)."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.chdir(HERE)

from truth import TRUTH, NOTES  # noqa: E402


def main():
    for n in (101, 102, 103, 104):
        mod = importlib.import_module("j%d" % n)
        events = mod.build().dump("journal-%d.jsonl" % n)
        t = TRUTH[n]
        doc = {"project": t["project"], "planted": t["planted"], "queries": t["queries"],
               "negatives": t["negatives"], "notes": NOTES[n]}
        with open("journal-%d.truth.json" % n, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(not e["ok"] for e in calls),
            events[0]["session"], events[-1]["session"]))


if __name__ == "__main__":
    main()
