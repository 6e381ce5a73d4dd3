#!/usr/bin/env python3
"""Validates the fresh11 exposure intents against their catalogues (standard library only)."""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
CATS = os.environ.get("CATALOGS", "/work/shared/data/catalogs")
FILES = [("real-mcp-fresh11.jsonl", "real-mcp.json", "rm11", 80), ("livemcpbench-fresh11.jsonl", "livemcpbench.json", "lmb11", 60)]
errors = []
seen_intents = set()
for fn, cat, prefix, want in FILES:
    organs = json.load(open(os.path.join(CATS, cat), encoding="utf-8"))["organs"]
    names = {o + "." + t["name"] for o, ts in organs.items() for t in ts}
    rows = [json.loads(l) for l in open(os.path.join(HERE, fn), encoding="utf-8") if l.strip()]
    if len(rows) != want:
        errors.append("%s: %d rows, want %d" % (fn, len(rows), want))
    n_empty = n_multi = 0
    for i, r in enumerate(rows, 1):
        if set(r) != {"id", "intent", "gold_any"}:
            errors.append("%s line %d: keys %s" % (fn, i, sorted(r)))
        if r.get("id") != "%s-%03d" % (prefix, i):
            errors.append("%s line %d: id %r not sequential" % (fn, i, r.get("id")))
        it = r.get("intent", "")
        if not isinstance(it, str) or not it.strip():
            errors.append("%s %s: empty intent" % (fn, r.get("id")))
        key = " ".join(it.lower().split())
        if key in seen_intents:
            errors.append("%s %s: duplicate intent" % (fn, r.get("id")))
        seen_intents.add(key)
        g = r.get("gold_any")
        if not isinstance(g, list):
            errors.append("%s %s: gold_any not a list" % (fn, r.get("id"))); continue
        if not g:
            n_empty += 1
        if g and all(len(s) >= 2 for s in g):
            n_multi += 1
        sets_seen = set()
        for s in g:
            if not isinstance(s, list) or not s:
                errors.append("%s %s: empty or non-list set" % (fn, r.get("id"))); continue
            if len(set(s)) != len(s):
                errors.append("%s %s: repeated tool in a set" % (fn, r.get("id")))
            fs = frozenset(s)
            if fs in sets_seen:
                errors.append("%s %s: duplicate alternative" % (fn, r.get("id")))
            sets_seen.add(fs)
            for n in s:
                if n not in names:
                    errors.append("%s %s: %r not in %s" % (fn, r.get("id"), n, cat))
    print("%s: %d intents, %d multi-step, %d no-tool, %d distinct gold tools" % (
        fn, len(rows), n_multi, n_empty, len({n for r in rows for s in r["gold_any"] for n in s})))
if errors:
    print("\n".join(errors)); print("FAIL (%d errors)" % len(errors)); sys.exit(1)
print("OK")
