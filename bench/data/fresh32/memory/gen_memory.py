#!/usr/bin/env python3
"""Regenerate fresh32's memory journals 121-124 and their truth files, byte for byte.

usage: gen_memory.py   (writes journal-N.jsonl and journal-N.truth.json here, prints counts)
"""
import importlib
import json
import os
import sys
from collections import defaultdict

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check  # noqa: E402  (only its signature/ability/workkey/analyse helpers)
import truth  # noqa: E402

NUMS = [121, 122, 123, 124]


def evidence(p, events):
    A = check.analyse(events)
    calls = A["calls"]
    if p["kind"] == "pitfall":
        best = None
        for key, v in A["pit"].items():
            if key[0] == p["ability"] and v["count"] >= 3 and not v["fixed"]:
                es = [e for e in calls if not e["ok"] and (check.ability(e), check.signature(e["error"])) == key]
                if any(p["anchor"].lower() in json.dumps(e["args"]).lower() for e in es):
                    best = (key, v, es)
        key, v, es = best
        per = defaultdict(int)
        for e in es:
            per[e["session"]] += 1
        ss = ", ".join(s + (" (%d)" % per[s] if per[s] > 1 else "") for s in sorted(per))
        wk = sorted({check.workkey(e) for e in es})
        return "%d failures in %s, one signature; never followed in the same session by a %s success" % (
            v["count"], ss, " or ".join(wk))
    if p["kind"] == "rule":
        for key, ss in A["rule"].items():
            if key[0] == p["ability"] and len(ss) >= 2 and p["anchor"].lower() in (key[1] or "").lower():
                return "fail then fix with other arguments in %s" % ", ".join(sorted(ss))
    if p["kind"] == "playbook":
        ss = sorted(A["strict"][tuple(p["sequence"])])
        return "same %d-call segment in %s" % (len(p["sequence"]), ", ".join(ss))
    if p["kind"] == "weak_link":
        if p["ability"] == "http.get":
            es = [e for e in calls if check.ability(e) == "http.get" and check.workkey(e) == p["anchor"]]
        else:
            es = [e for e in calls if check.ability(e) == p["ability"]]
        ok = sum(e["ok"] for e in es)
        errs = {check.signature(e["error"]) for e in es if not e["ok"]}
        return "%d calls, %d ok (%.0f%%), %d different errors" % (len(es), ok, 100.0 * ok / len(es), len(errs))
    raise ValueError(p)


def main():
    for n in NUMS:
        mod = importlib.import_module("j%d" % n)
        events = mod.build().dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        planted = []
        for p in truth.PLANTED[n]:
            q = dict(p)
            q["evidence"] = evidence(p, events)
            order = ["id", "kind", "ability", "anchor", "sequence", "description", "evidence"]
            planted.append({k: q[k] for k in order if k in q})
        doc = {"project": truth.PROJECTS[n], "planted": planted,
               "queries": [{"q": q, "planted_id": pid} for pid, q in truth.QUERIES[n]],
               "negatives": truth.NEGATIVES[n], "notes": truth.NOTES[n]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        calls = [e for e in events if e["kind"] == "call"]
        days = sorted({e["session"] for e in events})
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s, last %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(not e["ok"] for e in calls),
            "..".join([days[0], days[-1]]),
            __import__("time").strftime("%Y-%m-%d %H:%M UTC", __import__("time").gmtime(events[-1]["ts"]))))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        NUMS = [int(a) for a in sys.argv[1:]]
    main()
