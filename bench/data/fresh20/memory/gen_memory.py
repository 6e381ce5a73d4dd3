#!/usr/bin/env python3
"""Regenerate journal-73..76.jsonl and journal-73..76.truth.json byte for byte (standard library only).

Journals come from j73.py .. j76.py (sessions inline) through jlib.build (deterministic clock, fixed seed
per journal); planted lessons and notes from truth.py; plans (queries, negatives) from plans.py.
The `evidence` of each planted lesson is computed from the journal with check.py's own analysis.
"""
import json
import os
import sys
import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import jlib  # noqa: E402
import truth  # noqa: E402
import plans  # noqa: E402
import check  # noqa: E402

MODS = {73: "j73", 74: "j74", 75: "j75", 76: "j76"}


def evidence(p, events):
    A = check.analyse(events)
    calls = A["calls"]
    ab = p["ability"]
    if p["kind"] == "pitfall":
        best = None
        for (a, sig), v in A["pit"].items():
            es = [e for e in calls if not e["ok"] and check.ability(e) == a and check.signature(e["error"]) == sig]
            if a == ab and any(p["anchor"] in json.dumps(e["args"]) for e in es):
                if best is None or v["count"] > best["count"]:
                    best = v
        return "%d failures in %s, one signature, never followed by a %s success in the same session" % (
            best["count"], ", ".join(best["sessions"]), p["anchor"])
    if p["kind"] == "rule":
        for (a, wk, sig), ss in A["rule"].items():
            if a == ab and p["anchor"] in (wk or "") and len(ss) >= 2:
                return "failure then a different %s command succeeds, in %s (one signature)" % (wk, ", ".join(sorted(ss)))
    if p["kind"] == "playbook":
        ss = A["strict"].get(tuple(p["sequence"]), set())
        return "the same %d-call segment between progress events in %s" % (len(p["sequence"]), ", ".join(sorted(ss)))
    if p["kind"] == "weak_link":
        es = [e for e in calls if check.ability(e) == "http.get" and check.workkey(e) == p["anchor"]]
        ok = sum(e["ok"] for e in es)
        errs = {check.signature(e["error"]) for e in es if not e["ok"]}
        sess = sorted({e["session"] for e in es})
        return "%d calls in %s, %d ok (%.0f%%), %d different errors" % (
            len(es), ", ".join(sess), ok, 100.0 * ok / len(es), len(errs))
    raise ValueError(p["id"])


def main():
    for n, mod in MODS.items():
        m = __import__(mod)
        events = jlib.build(m.SESSIONS, m.DAYS, m.SEED)
        jlib.dump(events, os.path.join(HERE, "journal-%d.jsonl" % n))
        planted = []
        for p in truth.PLANTED[n]:
            q = dict(p)
            q["evidence"] = evidence(p, events)
            planted.append(q)
        t = {"project": truth.PROJECT[n], "planted": planted,
             "queries": [{"q": q, "planted_id": pid} for pid, q in plans.QUERIES[n]],
             "negatives": list(plans.NEGATIVES[n]), "notes": truth.NOTES[n]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(t, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        prog = len(events) - len(calls)
        fails = sum(1 for e in calls if not e["ok"])
        utc = datetime.timezone.utc
        d0 = datetime.datetime.fromtimestamp(events[0]["ts"], utc).strftime("%Y-%m-%d")
        d1 = datetime.datetime.fromtimestamp(events[-1]["ts"], utc).strftime("%Y-%m-%d %H:%M")
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s UTC; %d queries, %d negatives"
              % (n, len(events), len(calls), prog, fails, d0, d1, len(t["queries"]), len(t["negatives"])))


if __name__ == "__main__":
    main()
