"""Check real-mcp-fresh.jsonl: shape, unique ids, and that every gold tool exists in the catalogue."""
import json, sys
CAT = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/catalogs/real-mcp.json"
tools = {f"{o}.{t['name']}" for o, ts in json.load(open(CAT))["organs"].items() for t in ts}
seen, errs, n = set(), [], 0
for ln, line in enumerate(open("real-mcp-fresh.jsonl"), 1):
    r = json.loads(line); n += 1
    if set(r) != {"id", "intent", "gold_any"}: errs.append(f"line {ln}: keys {sorted(r)}")
    if r["id"] in seen: errs.append(f"line {ln}: duplicate id {r['id']}")
    seen.add(r["id"])
    if not isinstance(r["intent"], str) or not r["intent"].strip(): errs.append(f"line {ln}: empty intent")
    for s in r["gold_any"]:
        if not s or len(set(s)) != len(s): errs.append(f"line {ln}: empty or repeated set {s}")
        for t in s:
            if t not in tools: errs.append(f"line {ln}: unknown tool {t}")
print(f"{n} intents, {len(tools)} catalogue tools, {len(errs)} problems")
for e in errs: print("  ", e)
sys.exit(1 if errs else 0)
