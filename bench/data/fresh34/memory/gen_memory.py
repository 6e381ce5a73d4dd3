#!/usr/bin/env python3
"""Regenerate fresh34's memory journals 129-132 and their truth files, byte for byte.

Data inline in j129.py .. j132.py (sessions) and truth.py (lessons, queries, negatives);
each lesson's `evidence` is computed from the journal with check.py's own helpers.
usage: python3 gen_memory.py
"""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check  # noqa: E402  (definitions shared with the checker)
from truth import TRUTH  # noqa: E402

NUMS = [int(a) for a in sys.argv[1:]] or [129, 130, 131, 132]


def evidence(p, events):
    A = check.analyse(events)
    calls = A["calls"]
    if p["kind"] == "pitfall":
        best = None
        for key, v in A["pit"].items():
            es = [e for e in calls if not e["ok"] and (check.ability(e), check.signature(e["error"])) == key]
            if key[0] == p["ability"] and v["count"] >= 3 and any(p["anchor"].lower() in json.dumps(e["args"]).lower() for e in es):
                best = (key, v)
        key, v = best
        return "%d failures in %s, one signature (%s); never followed by a success of that program in the same session" % (
            v["count"], ", ".join(v["sessions"]), key[1])
    if p["kind"] == "rule":
        for key, ss in A["rule"].items():
            if key[0] == p["ability"] and p["anchor"].lower() in (key[1] or "").lower() and len(ss) >= 2:
                return "fail then fix with other arguments in %s; signature (%s)" % (", ".join(sorted(ss)), key[2])
    if p["kind"] == "playbook":
        ss = A["strict"].get(tuple(p["sequence"]), set())
        return "whole segment %s in %s" % (" > ".join(p["sequence"]), ", ".join(sorted(ss)))
    if p["kind"] == "weak_link":
        k = p["ability"] + ("@" + p["anchor"] if p["ability"] == "http.get" else "")
        c, s = A["stats"][k]
        errs = sorted({check.signature(e["error"]) for e in calls if not e["ok"] and (
            (p["ability"] == "http.get" and check.ability(e) == "http.get" and check.workkey(e) == p["anchor"]) or
            (p["ability"] != "http.get" and check.ability(e) == p["ability"]))})
        return "%d calls, %d ok (%.0f%%), %d different errors" % (c, s, 100.0 * s / c, len(errs))
    raise ValueError(p)


def main():
    for n in NUMS:
        mod = importlib.import_module("j%d" % n)
        j = mod.build()
        jpath = os.path.join(HERE, "journal-%d.jsonl" % n)
        j.dump(jpath)
        events = [json.loads(l) for l in open(jpath, encoding="utf-8")]
        t = TRUTH[n]
        planted = []
        for p in t["planted"]:
            q = dict(p)
            q["evidence"] = evidence(p, events)
            planted.append(q)
        out = {"project": t["project"], "planted": planted, "queries": t["queries"], "negatives": t["negatives"],
               "notes": {"method": "the user names the wrong tool: 7 of the 15 queries name a tool, command, file "
                                   "or host the project does not use for that work; the rest name nothing specific. "
                                   "Negatives 1-3 are close in topic to a lesson; 4-8 are ordinary work.",
                         "wrong_names": t["wrong_names"]}}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(1 for e in calls if not e["ok"]),
            events[0]["session"], events[-1]["session"]))


if __name__ == "__main__":
    main()
