#!/usr/bin/env python3
"""Regenerate fresh37's memory journals 141-144 and their truth files byte for byte (standard library only).

usage: python3 gen_memory.py      (writes journal-N.jsonl and journal-N.truth.json here, prints the counts)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check  # noqa: E402  (fresh17's checker, definitions unchanged)
import j141, j142, j143, j144  # noqa: E402
from truth import TRUTH  # noqa: E402

BUILDERS = {141: j141.build, 142: j142.build, 143: j143.build, 144: j144.build}


def evidence(p, A):
    calls = A["calls"]
    if p["kind"] == "pitfall":
        for key, v in A["pit"].items():
            es = [e for e in calls if not e["ok"] and (check.ability(e), check.signature(e["error"])) == key]
            if key[0] == p["ability"] and v["count"] >= 3 and any(
                    p["anchor"].lower() in json.dumps(e["args"]).lower() for e in es):
                return "%d failures in %s, one signature (%s); never a later %s success on %s in those sessions" % (
                    v["count"], ", ".join(v["sessions"]), key[1], p["ability"], "/".join(v["workkeys"]))
    if p["kind"] == "rule":
        for key, ss in A["rule"].items():
            if key[0] == p["ability"] and len(ss) >= 2 and p["anchor"].lower() in (key[1] or "").lower():
                return "fail then fix (same ability, work key %s, other args) in %s; signature %s" % (
                    key[1], ", ".join(sorted(ss)), key[2])
    if p["kind"] == "playbook":
        ss = A["strict"].get(tuple(p["sequence"]), set())
        return "same %d-call segment (%s) in %s" % (len(p["sequence"]), " > ".join(p["sequence"]),
                                                   ", ".join(sorted(ss)))
    if p["kind"] == "weak_link":
        if p["ability"] == "http.get":
            es = [e for e in calls if check.ability(e) == "http.get" and check.workkey(e) == p["anchor"]]
        else:
            es = [e for e in calls if check.ability(e) == p["ability"]]
        ok = sum(e["ok"] for e in es)
        errs = {check.signature(e["error"]) for e in es if not e["ok"]}
        return "%d calls, %d ok (%.0f%%), %d different errors" % (len(es), ok, 100.0 * ok / len(es), len(errs))
    return "NOT FOUND"


def main():
    for n, build in BUILDERS.items():
        j = build()
        jpath = os.path.join(HERE, "journal-%d.jsonl" % n)
        j.dump(jpath)
        events = [json.loads(l) for l in open(jpath, encoding="utf-8")]
        A = check.analyse(events)
        t = TRUTH[n]
        planted = []
        for p in t["planted"]:
            q = dict(p)
            q["evidence"] = evidence(p, A)
            planted.append(q)
        nick = "; ".join("%s = %s" % (k, v) for k, v in t["nicknames"].items())
        out = {"project": t["project"], "planted": planted, "queries": t["queries"], "negatives": t["negatives"],
               "notes": t["notes"] + " Nicknames: " + nick + "."}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2, ensure_ascii=False)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(events), len(calls), len(events) - len(calls), sum(not e["ok"] for e in calls),
            check_day(events[0]["ts"]), check_day(events[-1]["ts"])))


def check_day(ts):
    import time
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts))


if __name__ == "__main__":
    main()
