import json, sys, re
def check(jsonl, catalog, prefix):
    org = json.load(open(catalog))["organs"]
    names = {f"{o}.{t['name']}" for o, ts in org.items() for t in ts}
    n = empty = bad = 0; ids = set(); sizes = []; servers = []
    for ln, line in enumerate(open(jsonl), 1):
        r = json.loads(line)
        assert set(r) == {"id", "intent", "gold_any"}, (ln, r.keys())
        assert re.fullmatch(prefix + r"-\d{3}", r["id"]) and r["id"] not in ids, r["id"]
        ids.add(r["id"]); n += 1
        assert isinstance(r["intent"], str) and r["intent"].strip()
        if not r["gold_any"]: empty += 1
        for g in r["gold_any"]:
            assert isinstance(g, list) and g and len(set(g)) == len(g), (r["id"], g)
            for a in g:
                if a not in names: bad += 1; print("UNKNOWN", r["id"], a)
        if r["gold_any"]:
            sizes.append(len(r["gold_any"][0])); servers.append(len({a.split('.')[0] for a in r["gold_any"][0]}))
    print(f"{jsonl}: {n} intents, {empty} no-tool, {n-empty} with gold, unknown addresses: {bad}, "
          f"multi-tool (first set >=2): {sum(s>=2 for s in sizes)}, mean first-set size {sum(sizes)/len(sizes):.2f}, "
          f"mean servers {sum(servers)/len(servers):.2f}, with alternatives: {sum(1 for l in open(jsonl) if len(json.loads(l)['gold_any'])>1)}")
    return bad == 0
C = "/work/shared/data/catalogs/"
ok = True
for f, c, p in [("real-mcp-fresh3.jsonl", "real-mcp.json", "rm3"), ("livemcpbench-fresh3.jsonl", "livemcpbench.json", "lmb3")]:
    try: ok &= check(f, C + c, p)
    except FileNotFoundError: print("missing", f)
sys.exit(0 if ok else 1)
