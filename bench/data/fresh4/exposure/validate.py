#!/usr/bin/env python3
"""Validate fresh-eval4 exposure files: JSON well-formed, ids unique and prefixed, gold addresses exist."""
import json, sys, collections
CAT = "/work/shared/data/catalogs/"
FILES = [("real-mcp-fresh4.jsonl", "real-mcp.json", "rm4-"), ("livemcpbench-fresh4.jsonl", "livemcpbench.json", "lmb4-")]
ok = True
for fn, cat, pre in FILES:
    try:
        lines = open(f"/work/fresh-eval4/exposure/{fn}", encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        print(f"{fn}: missing"); continue
    organs = json.load(open(CAT + cat))["organs"]
    known = {f"{o}.{t['name']}" for o, ts in organs.items() for t in ts}
    ids = set(); errs = []; n_empty = 0; sizes = collections.Counter(); servers = collections.Counter()
    for i, line in enumerate(lines, 1):
        try:
            r = json.loads(line)
        except Exception as e:
            errs.append(f"line {i}: bad JSON {e}"); continue
        if set(r) != {"id", "intent", "gold_any"}: errs.append(f"line {i}: keys {sorted(r)}")
        if not str(r.get("id", "")).startswith(pre): errs.append(f"line {i}: id {r.get('id')}")
        if r["id"] in ids: errs.append(f"line {i}: dup id {r['id']}")
        ids.add(r["id"])
        if not isinstance(r["intent"], str) or not r["intent"].strip(): errs.append(f"line {i}: empty intent")
        g = r["gold_any"]
        if not isinstance(g, list): errs.append(f"line {i}: gold_any not list"); continue
        if not g: n_empty += 1
        for s in g:
            if not isinstance(s, list) or not s: errs.append(f"line {i}: bad set {s}"); continue
            if len(set(s)) != len(s): errs.append(f"line {i}: dup tool in set {s}")
            for a in s:
                if a not in known: errs.append(f"line {i}: unknown address {a}")
        if g:
            sizes[len(g[0])] += 1
            servers[len({a.split('.', 1)[0] for a in g[0]})] += 1
    print(f"{fn}: {len(lines)} intents, {n_empty} no-tool, first-set sizes {dict(sorted(sizes.items()))}, "
          f"first-set servers {dict(sorted(servers.items()))}, with alternatives {sum(1 for l in lines if len(json.loads(l)['gold_any'])>1)}")
    for e in errs: print("  ERROR", e)
    ok &= not errs
print("OK" if ok else "FAILED"); sys.exit(0 if ok else 1)
