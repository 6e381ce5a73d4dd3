"""Checks every gold tool name exists in its catalogue, ids are unique and well-formed, and gold_any is well-shaped."""
import json, re, sys, os
HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/data/catalogs"
SETS = [("real-mcp-fresh8.jsonl", "real-mcp.json", "rm8", 80), ("livemcpbench-fresh8.jsonl", "livemcpbench.json", "lmb8", 60)]
bad = 0
for fn, cat, prefix, n in SETS:
    organs = json.load(open(os.path.join(CAT, cat)))["organs"]
    names = {f"{o}.{t['name']}" for o, ts in organs.items() for t in ts}
    rows = [json.loads(l) for l in open(os.path.join(HERE, fn)) if l.strip()]
    ids = [r["id"] for r in rows]
    if len(rows) != n: print(fn, "expected", n, "rows, got", len(rows)); bad += 1
    if len(set(ids)) != len(ids): print(fn, "duplicate ids"); bad += 1
    if ids != [f"{prefix}-{i:03d}" for i in range(1, n + 1)]: print(fn, "ids not sequential"); bad += 1
    intents = [r["intent"].strip().lower() for r in rows]
    if len(set(intents)) != len(intents): print(fn, "duplicate intents"); bad += 1
    used_organs = set()
    for r in rows:
        g = r.get("gold_any")
        if not (isinstance(g, list) and g and all(isinstance(a, list) and a for a in g)):
            print(r["id"], "bad gold_any shape"); bad += 1; continue
        for alt in g:
            if len(set(alt)) != len(alt): print(r["id"], "duplicate tool inside an alternative"); bad += 1
            for t in alt:
                if t not in names: print(r["id"], "unknown tool", t); bad += 1
                else: used_organs.add(t.split(".", 1)[0])
    multi = sum(1 for r in rows if min(len(a) for a in r["gold_any"]) >= 2)
    nonascii = sum(1 for r in rows if re.search(r"[^\x00-\x7f]", r["intent"]))
    print(f"{fn}: {len(rows)} intents, organs covered {len(used_organs)}/{len(organs)}, multi-tool {multi}, non-ASCII {nonascii}")
print("OK" if bad == 0 else f"FAIL ({bad} problems)")
sys.exit(1 if bad else 0)
