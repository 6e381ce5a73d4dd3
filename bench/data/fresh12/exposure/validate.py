#!/usr/bin/env python3
"""Validates the fresh12 exposure intents against their catalogues. Standard library only.
Usage: python3 validate.py [CATALOG_DIR]   (default /work/shared/data/catalogs)"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/catalogs"
FILES = [("real-mcp-fresh12.jsonl", "real-mcp.json", "rm12", 80),
         ("livemcpbench-fresh12.jsonl", "livemcpbench.json", "lmb12", 60)]

def main():
    errors = []
    for fn, cat, prefix, expected in FILES:
        organs = json.load(open(os.path.join(CAT, cat), encoding="utf-8"))["organs"]
        names = {o + "." + t["name"] for o, ts in organs.items() for t in ts}
        rows = [json.loads(l) for l in open(os.path.join(HERE, fn), encoding="utf-8") if l.strip()]
        seen_text = set()
        stats = {"intents": len(rows), "no_tool": 0, "multi_step": 0, "non_ascii": 0, "sets": 0, "gold_names": set()}
        if len(rows) != expected:
            errors.append("%s: %d rows, expected %d" % (fn, len(rows), expected))
        for i, r in enumerate(rows, 1):
            want = "%s-%03d" % (prefix, i)
            if set(r) != {"id", "intent", "gold_any"}:
                errors.append("%s line %d: keys %s" % (fn, i, sorted(r)))
            if r.get("id") != want:
                errors.append("%s line %d: id %r, expected %r" % (fn, i, r.get("id"), want))
            t = " ".join(r["intent"].lower().split())
            if t in seen_text:
                errors.append("%s %s: duplicate intent" % (fn, r["id"]))
            seen_text.add(t)
            g = r["gold_any"]
            if not isinstance(g, list):
                errors.append("%s %s: gold_any not a list" % (fn, r["id"]))
                continue
            if not g:
                stats["no_tool"] += 1
            elif all(len(s) >= 2 for s in g):
                stats["multi_step"] += 1
            if re.search(r"[^\x00-\x7f\u2014\u2019\u00d7\u2192]", r["intent"]):
                stats["non_ascii"] += 1
            keys = set()
            for s in g:
                stats["sets"] += 1
                if not s or len(set(s)) != len(s):
                    errors.append("%s %s: empty set or repeated tool in %s" % (fn, r["id"], s))
                k = tuple(sorted(s))
                if k in keys:
                    errors.append("%s %s: duplicate alternative %s" % (fn, r["id"], s))
                keys.add(k)
                for n in s:
                    stats["gold_names"].add(n)
                    if n not in names:
                        errors.append("%s %s: unknown tool %s" % (fn, r["id"], n))
        print("%s: %d intents, %d gold sets, %d distinct gold tools over %d servers, %d no-tool, %d multi-step "
              "(every alternative >= 2 tools), %d with non-ASCII letters (a rough proxy for other languages)"
              % (fn, stats["intents"], stats["sets"], len(stats["gold_names"]),
                 len({n.split(".")[0] for n in stats["gold_names"]}), stats["no_tool"], stats["multi_step"],
                 stats["non_ascii"]))
    if errors:
        for e in errors:
            print("ERROR", e)
        print("FAILED: %d errors" % len(errors))
        return 1
    print("OK")
    return 0

if __name__ == "__main__":
    sys.exit(main())
