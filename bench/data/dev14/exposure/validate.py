#!/usr/bin/env python3
"""Checks gold names against catalogues, id sequence/uniqueness, duplicate intents, counts."""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
CAT = os.environ.get("CATALOGS", "/work/shared/data/catalogs")
SETS = [("real-mcp-dev14.jsonl", "real-mcp.json", "rm14d", 60), ("livemcpbench-dev14.jsonl", "livemcpbench.json", "lmb14d", 40)]

def names(cat):
    organs = json.load(open(os.path.join(CAT, cat), encoding="utf-8"))["organs"]
    out = set()
    for organ, tools in organs.items():
        if isinstance(tools, dict):
            tools = tools.get("tools", [])
        for t in tools:
            out.add(organ + "." + t["name"])
    return out

errors = []
for fn, cat, prefix, n in SETS:
    valid = names(cat)
    rows = [json.loads(l) for l in open(os.path.join(HERE, fn), encoding="utf-8")]
    if len(rows) != n:
        errors.append("%s: %d rows, expected %d" % (fn, len(rows), n))
    seen = set()
    empty = multi = 0
    for i, r in enumerate(rows, 1):
        if set(r) != {"id", "intent", "gold_any"}:
            errors.append("%s: bad keys %s" % (fn, sorted(r)))
        if r["id"] != "%s-%03d" % (prefix, i):
            errors.append("%s: id %s out of sequence (expected %s-%03d)" % (fn, r["id"], prefix, i))
        key = " ".join(r["intent"].lower().split())
        if key in seen:
            errors.append("%s: duplicate intent in %s" % (fn, r["id"]))
        seen.add(key)
        if not r["gold_any"]:
            empty += 1
        elif all(len(s) >= 2 for s in r["gold_any"]):
            multi += 1
        for s in r["gold_any"]:
            if not s or len(set(s)) != len(s):
                errors.append("%s: %s empty or repeated set" % (fn, r["id"]))
            for t in s:
                if t not in valid:
                    errors.append("%s: %s unknown tool %s" % (fn, r["id"], t))
    print("%s: %d intents, %d no-tool, %d multi-step, catalogue %s (%d tools)" % (fn, len(rows), empty, multi, cat, len(valid)))
for e in errors:
    print("ERROR", e)
print("OK" if not errors else "FAIL (%d errors)" % len(errors))
sys.exit(1 if errors else 0)
