#!/usr/bin/env python3
"""Regenerate fresh29's memory journals 109-112 and their truth files, byte for byte.

usage: python3 gen_memory.py      (standard library only; data inline in j109.py ... j112.py and truth.py)
"""
import json
import os

import j109
import j110
import j111
import j112
import truth

HERE = os.path.dirname(os.path.abspath(__file__))


def truth_doc(n):
    planted = []
    for p in truth.PLANTED[n]:
        d = {k: p[k] for k in ("id", "kind", "ability", "anchor")}
        if "sequence" in p:
            d["sequence"] = p["sequence"]
        d["description"] = p["description"]
        d["evidence"] = truth.EVIDENCE[p["id"]]
        planted.append(d)
    return {
        "project": truth.PROJECTS[n],
        "planted": planted,
        "queries": [{"q": q, "planted_id": pid, "lang": lang} for pid, lang, q in truth.QUERIES[n]],
        "negatives": [q for lang, q in truth.NEGATIVES[n]],
        "negatives_lang": [lang for lang, q in truth.NEGATIVES[n]],
        "notes": truth.NOTES[n],
    }


def main():
    for n, mod in ((109, j109), (110, j110), (111, j111), (112, j112)):
        events = mod.build().dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            json.dump(truth_doc(n), f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(1 for e in calls if not e["ok"]),
            events[0]["session"], events[-1]["session"]))


if __name__ == "__main__":
    main()
