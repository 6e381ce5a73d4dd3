#!/usr/bin/env python3
"""Regenerate journal-81..84.jsonl and their truth files byte for byte; print counts."""
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jlib  # noqa: E402
import check  # noqa: E402
import queries  # noqa: E402
import truth  # noqa: E402
import j81, j82, j83, j84  # noqa: E402,E401

MODS = {81: j81, 82: j82, 83: j83, 84: j84}


def evidence(kind, ability, anchor, seq, A, events):
    calls = A["calls"]
    if kind == "pitfall":
        for key, v in A["pit"].items():
            if key[0] == ability and v["count"] >= 3 and any(anchor.lower() == (check.workkey(e) or "").lower() or anchor.lower() in json.dumps(e["args"]).lower()
                                                              for e in calls if not e["ok"] and (check.ability(e), check.signature(e["error"])) == key):
                return "%d failures in %s, one signature, never followed by a success of that work in the session" % (v["count"], ", ".join(v["sessions"]))
    if kind == "rule":
        for key, ss in A["rule"].items():
            if key[0] == ability and anchor.lower() in (key[1] or "").lower() and len(ss) >= 2:
                return "fail then fix with other arguments in %s, one signature" % ", ".join(sorted(ss))
    if kind == "playbook":
        return "same %d-call segment in %s" % (len(seq), ", ".join(sorted(A["strict"][tuple(seq)])))
    if kind == "weak_link":
        es = [e for e in calls if check.ability(e) == ability and (ability != "http.get" or check.workkey(e) == anchor)]
        if not es:
            return ""
        okn = sum(e["ok"] for e in es)
        errs = len({check.signature(e["error"]) for e in es if not e["ok"]})
        return "%d calls, %d ok (%.0f%%), %d different errors" % (len(es), okn, 100.0 * okn / len(es), errs)
    return ""


def main():
    for n, mod in MODS.items():
        events = jlib.build(mod.SEED, mod.SESSIONS)
        jlib.dump(events, os.path.join(HERE, "journal-%d.jsonl" % n))
        A = check.analyse(events)
        planted = []
        for i, (kind, ab, anchor, seq, desc) in enumerate(truth.PLANTED[n], 1):
            p = {"id": "j%d-p%d" % (n, i), "kind": kind, "ability": ab, "anchor": anchor}
            if seq:
                p["sequence"] = seq
            p["description"] = desc
            p["evidence"] = evidence(kind, ab, anchor, seq, A, events)
            planted.append(p)
        Q = queries.Q[n]
        doc = {
            "project": truth.PROJECT[n],
            "planted": planted,
            "queries": [{"q": t, "planted_id": pid, "lang": lang, "misheard": mh} for pid, lang, mh, t in Q["queries"]],
            "negatives": [t for lang, mh, t in Q["negatives"]],
            "negatives_lang": [lang for lang, mh, t in Q["negatives"]],
            "notes": truth.NOTES[n],
        }
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        days = sorted({e["session"] + ":" + __import__("time").strftime("%Y-%m-%d", __import__("time").gmtime(e["ts"])) for e in events})
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s, last %s UTC" % (
            n, len(events), len(calls), len(events) - len(calls), sum(not e["ok"] for e in calls),
            days[0].split(":")[1], days[-1].split(":")[1],
            __import__("time").strftime("%Y-%m-%d %H:%M", __import__("time").gmtime(events[-1]["ts"]))))
        print("  shell.run %s" % dict(Counter(e["ok"] for e in calls if e["organ"] == "shell")))


if __name__ == "__main__":
    main()
