#!/usr/bin/env python3
"""Regenerate journal-65..68.jsonl and their truth files, byte for byte.

Inputs: spec<N>.py (sessions, inline), captured-<N>.json (what really happened when
capture.py replayed the spec in a throwaway project), truth.py (planted lessons, queries,
negatives).  Timestamps come from a deterministic clock (jlib.Clock, fixed seed per journal).
"""
import calendar
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from jlib import Clock  # noqa: E402
import truth  # noqa: E402

SEEDS = {65: 6501, 66: 6602, 67: 6703, 68: 6804}


def build(n):
    spec = importlib.import_module("spec%d" % n)
    caps = json.load(open(os.path.join(HERE, "captured-%d.json" % n), encoding="utf-8"))
    clock = Clock(SEEDS[n])
    events, k = [], 0
    for sid, day, hour, items in spec.SESSIONS:
        y, m, d = map(int, day.split("-"))
        t = calendar.timegm((y, m, d, hour, 0, 0)) + clock.between(0, 1500)
        first = True
        for it in items:
            if it["t"] == "hidden":
                continue
            if it["t"] == "p":
                t += 0 if first else clock.between(60, 540)
                first = False
                events.append({"ts": round(t, 1), "session": sid, "kind": "progress", "text": it["text"]})
                continue
            c = caps[k]
            k += 1
            assert c["ability"] == "%s.%s" % (it["organ"], it["ability"]), (n, k, c["ability"])
            t += clock.between(2, 30)
            e = {"ts": round(t, 1), "session": sid, "kind": "call", "organ": it["organ"], "ability": it["ability"],
                 "args": it["args"], "ok": c["ok"], "duration_ms": c["duration_ms"]}
            if "exit_code" in c:
                e["exit_code"] = c["exit_code"]
            if it.get("http"):
                if c["ok"]:
                    e["result"] = it["result"]
                else:
                    e["error"] = it["error"]
            elif c["ok"]:
                e["result"] = c["result"]
            else:
                e["error"] = c["error"]
            events.append(e)
            t += c["duration_ms"] / 1000.0
    assert k == len(caps), (n, k, len(caps))
    for a, b in zip(events, events[1:]):
        assert b["ts"] > a["ts"], (n, a, b)
    with open(os.path.join(HERE, "journal-%d.jsonl" % n), "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
        json.dump(truth.TRUTH[n], f, indent=2, ensure_ascii=False)
        f.write("\n")
    calls = [e for e in events if e["kind"] == "call"]
    print("journal-%d: %d events, %d calls, %d progress, %d failed, %s .. %s" % (
        n, len(events), len(calls), len(events) - len(calls), sum(not e["ok"] for e in calls),
        spec.SESSIONS[0][1], spec.SESSIONS[-1][1]))


if __name__ == "__main__":
    for n in [int(a) for a in sys.argv[1:]] or [65, 66, 67, 68]:
        build(n)
