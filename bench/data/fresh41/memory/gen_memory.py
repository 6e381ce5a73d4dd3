#!/usr/bin/env python3
"""Regenerate journal-157..160.jsonl and their truth files byte for byte (standard library only, data inline,
fixed LCG seed per journal). Evidence strings are computed from the journal with check.py's own analysis."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check  # noqa: E402
import truth  # noqa: E402
import j157, j158, j159, j160  # noqa: E402,E401

BUILDERS = {157: j157.build, 158: j158.build, 159: j159.build, 160: j160.build}


def evidence(p, A):
    a = p["ability"]
    if p["kind"] == "pitfall":
        for key, v in A["pit"].items():
            if key[0] == a and v["count"] >= 3 and len(v["sessions"]) >= 2 and not v["fixed"]:
                es = [e for e in A["calls"] if not e["ok"] and (check.ability(e), check.signature(e["error"])) == key]
                if any(p["anchor"].lower() in json.dumps(e["args"]).lower() for e in es):
                    return "%d failures in %s, one signature (%s); never followed by a success of the same work" % (
                        v["count"], ", ".join(v["sessions"]), key[1])
    if p["kind"] == "rule":
        for key, ss in A["rule"].items():
            if key[0] == a and len(ss) >= 2 and p["anchor"].lower() in (key[1] or "").lower():
                return "fail then fix with other arguments in %s (work key %s, signature %s)" % (
                    ", ".join(sorted(ss)), key[1], key[2])
    if p["kind"] == "playbook":
        ss = A["strict"].get(tuple(p["sequence"]), set())
        return "same %d-call segment in %s" % (len(p["sequence"]), ", ".join(sorted(ss)))
    if p["kind"] == "weak_link":
        k = a + ("@" + p["anchor"] if a == "http.get" else "")
        c, s = A["stats"][k]
        errs = sorted({check.signature(e["error"]) for e in A["calls"] if not e["ok"] and check.ability(e) == a
                       and (a != "http.get" or check.workkey(e) == p["anchor"])})
        return "%d calls, %d ok (%.0f%%), %d different errors" % (c, s, 100.0 * s / c, len(errs))
    return ""


def main():
    for n, build in BUILDERS.items():
        j = build()
        j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        A = check.analyse(j.events)
        planted = []
        for p in truth.PLANTED[n]:
            q = {k: p[k] for k in ("id", "kind", "ability", "anchor")}
            if "sequence" in p:
                q["sequence"] = p["sequence"]
            q["description"] = p["description"]
            q["evidence"] = evidence(p, A)
            planted.append(q)
        t = {"project": truth.PROJECTS[n], "planted": planted,
             "queries": [{"q": q, "planted_id": pid} for q, pid in truth.QUERIES[n]],
             "negatives": truth.NEGATIVES[n], "notes": truth.NOTES[n]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(t, ensure_ascii=False, indent=2) + "\n")
        calls = [e for e in j.events if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(j.events), len(calls), len(j.events) - len(calls), sum(not e["ok"] for e in calls),
            j.events[0]["ts"], j.events[-1]["ts"]))


if __name__ == "__main__":
    main()
