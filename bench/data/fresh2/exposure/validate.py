#!/usr/bin/env python3
"""Validate exposure eval files: JSON well-formed, fields, unique ids, every gold address exists in its catalogue."""
import json, sys, collections
CAT = "/work/shared/data/catalogs/"
FILES = {"real-mcp-fresh2.jsonl": "real-mcp.json", "livemcpbench-fresh.jsonl": "livemcpbench.json"}

def check(fn, cat):
    organs = json.load(open(CAT + cat))["organs"]
    known = {f"{o}.{t['name']}" for o, ts in organs.items() for t in ts}
    errs, ids, n, empty, sizes, servers = [], set(), 0, 0, collections.Counter(), collections.Counter()
    for ln, line in enumerate(open(fn), 1):
        if not line.strip():
            errs.append(f"{fn}:{ln}: blank line"); continue
        try:
            r = json.loads(line)
        except Exception as e:
            errs.append(f"{fn}:{ln}: bad JSON {e}"); continue
        n += 1
        if set(r) != {"id", "intent", "gold_any"}: errs.append(f"{fn}:{ln}: keys {sorted(r)}")
        if r.get("id") in ids: errs.append(f"{fn}:{ln}: duplicate id {r.get('id')}")
        ids.add(r.get("id"))
        if not isinstance(r.get("intent"), str) or not r["intent"].strip(): errs.append(f"{fn}:{ln}: empty intent")
        g = r.get("gold_any")
        if not isinstance(g, list): errs.append(f"{fn}:{ln}: gold_any not a list"); continue
        if not g: empty += 1
        seen = set()
        for s in g:
            if not isinstance(s, list) or not s: errs.append(f"{fn}:{ln}: empty/non-list gold set"); continue
            if len(set(s)) != len(s): errs.append(f"{fn}:{ln}: duplicate tool in a set {s}")
            key = frozenset(s)
            if key in seen: errs.append(f"{fn}:{ln}: duplicate gold set {s}")
            seen.add(key)
            for a in s:
                if a not in known: errs.append(f"{fn}:{ln}: unknown tool {a}")
        sets = [frozenset(s) for s in g if isinstance(s, list)]
        for a in sets:
            for b in sets:
                if a < b: errs.append(f"{fn}:{ln}: redundant superset {sorted(b)} of {sorted(a)}")
        if g:
            m = min(g, key=len); sizes[len(m)] += 1
            servers[len({a.split('.')[0] for a in m})] += 1
    print(f"{fn}: {n} intents, {empty} no-tool, {n-empty} with gold; "
          f"smallest-set size {dict(sorted(sizes.items()))}; servers in smallest set {dict(sorted(servers.items()))}; "
          f"{len(errs)} errors")
    for e in errs: print("  ERROR", e)
    return not errs

ok = True
for fn, cat in FILES.items():
    if len(sys.argv) > 1 and fn not in sys.argv[1:]: continue
    try: ok &= check(fn, cat)
    except FileNotFoundError: print(f"{fn}: missing"); ok = False
sys.exit(0 if ok else 1)
