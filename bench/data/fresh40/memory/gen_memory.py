#!/usr/bin/env python3
"""Regenerate fresh40's memory journals 153-156 and their truth files, byte for byte (standard library only)."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jlib  # noqa: E402
from truth import TRUTH, NOTES_COMMON  # noqa: E402
from evidence import EVIDENCE, NOTES  # noqa: E402

NUMBERS = [153, 154, 155, 156]


def truth_doc(n):
    t = TRUTH[n]
    planted = []
    for p in t["planted"]:
        q = dict(p)
        if p["id"] in EVIDENCE:
            q["evidence"] = EVIDENCE[p["id"]]
        order = ["id", "kind", "ability", "anchor", "sequence", "description", "evidence"]
        planted.append({k: q[k] for k in order if k in q})
    return {
        "project": t["project"],
        "planted": planted,
        "queries": [{"q": q, "planted_id": pid} for pid, q in t["queries"]],
        "negatives": list(t["negatives"]),
        "notes": NOTES_COMMON % t["mishearings"] + " " + NOTES.get(n, ""),
    }


def main():
    for n in NUMBERS:
        mod = importlib.import_module("j%d" % n)
        events = jlib.build(mod.SEED, mod.SESSIONS)
        jlib.dump(events, os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(truth_doc(n), ensure_ascii=False, indent=2) + "\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(1 for e in calls if not e["ok"]),
            events[0]["ts"], events[-1]["ts"]))


if __name__ == "__main__":
    main()
