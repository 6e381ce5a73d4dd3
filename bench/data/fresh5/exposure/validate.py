"""Validate the fresh5 exposure files: JSON per line, keys, id pattern, unique ids, gold_any shape,
non-empty sets, every organ.tool address exists in its catalogue. Also prints composition stats."""
import json, re, sys, os
HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/data/catalogs"
FILES = [("real-mcp-fresh5.jsonl", "real-mcp.json", r"rm5-\d{3}", 80),
         ("livemcpbench-fresh5.jsonl", "livemcpbench.json", r"lmb5-\d{3}", 60)]
errors = 0
def err(msg):
    global errors; errors += 1; print("ERROR", msg)
for fn, cat, idpat, expect in FILES:
    organs = json.load(open(os.path.join(CAT, cat)))["organs"]
    addrs = {o + "." + t["name"] for o, tools in organs.items() for t in tools}
    ids, rows = set(), []
    for ln, line in enumerate(open(os.path.join(HERE, fn), encoding="utf-8"), 1):
        try:
            r = json.loads(line)
        except Exception as e:
            err(f"{fn}:{ln} bad JSON {e}"); continue
        if set(r) != {"id", "intent", "gold_any"}: err(f"{fn}:{ln} keys {sorted(r)}")
        if not re.fullmatch(idpat, str(r.get("id"))): err(f"{fn}:{ln} id {r.get('id')}")
        if r.get("id") in ids: err(f"{fn}:{ln} duplicate id {r['id']}")
        ids.add(r.get("id"))
        if not isinstance(r.get("intent"), str) or not r["intent"].strip(): err(f"{fn}:{ln} empty intent")
        g = r.get("gold_any")
        if not isinstance(g, list): err(f"{fn}:{ln} gold_any not list"); continue
        for s in g:
            if not isinstance(s, list) or not s: err(f"{fn}:{ln} empty/non-list set {s}"); continue
            if len(set(s)) != len(s): err(f"{fn}:{ln} duplicate tool in set {s}")
            for a in s:
                if a not in addrs: err(f"{fn}:{ln} unknown address {a}")
        # a set that is a strict superset of another set is redundant under any-set semantics
        for i, a in enumerate(g):
            for j, b in enumerate(g):
                if i != j and set(b) < set(a): err(f"{fn}:{ln} set {i} is a superset of set {j}")
        rows.append(r)
    if len(rows) != expect: err(f"{fn}: {len(rows)} rows, expected {expect}")
    pos = [r for r in rows if r["gold_any"]]
    nonascii = sum(1 for r in rows if sum(ord(c) > 127 for c in r["intent"]) >= 3 or
                   re.search(r"\b(qué|cuánto|zeig|euh|oye|Pode|Inoltrato|Weitergeleitet|Transféré)\b", r["intent"]))
    first = [len(r["gold_any"][0]) for r in pos]
    servers = [len({a.split(".")[0] for a in r["gold_any"][0]}) for r in pos]
    print(f"{fn}: {len(rows)} intents, no-tool {len(rows)-len(pos)}, non-English~{nonascii}, "
          f"first-set size min/mean/max {min(first)}/{sum(first)/len(first):.2f}/{max(first)}, "
          f"cross-server {sum(s>1 for s in servers)}, with alternatives {sum(len(r['gold_any'])>1 for r in pos)}")
print("OK" if not errors else f"{errors} error(s)")
sys.exit(1 if errors else 0)
