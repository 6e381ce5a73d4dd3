#!/usr/bin/env python3
"""Validate the fresh13 exposure intents against their catalogues."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAT_DIR = os.environ.get("CATALOG_DIR", "/work/shared/data/catalogs")
FILES = [("real-mcp-fresh13.jsonl", "real-mcp.json", "rm13", 80),
         ("livemcpbench-fresh13.jsonl", "livemcpbench.json", "lmb13", 60)]

def main():
    errors = []
    for fname, cat, prefix, expected in FILES:
        organs = json.load(open(os.path.join(CAT_DIR, cat), encoding="utf-8"))["organs"]
        names = {"%s.%s" % (o, t["name"]) for o, tools in organs.items() for t in tools}
        rows = [json.loads(l) for l in open(os.path.join(HERE, fname), encoding="utf-8") if l.strip()]
        if len(rows) != expected:
            errors.append("%s: %d rows, expected %d" % (fname, len(rows), expected))
        seen_int = set()
        used_organs = set()
        for i, r in enumerate(rows, 1):
            if set(r) != {"id", "intent", "gold_any"}:
                errors.append("%s line %d: keys %s" % (fname, i, sorted(r)))
            if r["id"] != "%s-%03d" % (prefix, i):
                errors.append("%s line %d: id %s not sequential" % (fname, i, r["id"]))
            key = " ".join(r["intent"].lower().split())
            if key in seen_int:
                errors.append("%s: duplicate intent %s" % (fname, r["id"]))
            seen_int.add(key)
            gsets = [tuple(sorted(s)) for s in r["gold_any"]]
            if len(set(gsets)) != len(gsets):
                errors.append("%s %s: duplicate alternative set" % (fname, r["id"]))
            for s in r["gold_any"]:
                if not s:
                    errors.append("%s %s: empty alternative set" % (fname, r["id"]))
                if len(set(s)) != len(s):
                    errors.append("%s %s: repeated tool in a set" % (fname, r["id"]))
                for t in s:
                    if t not in names:
                        errors.append("%s %s: unknown tool %s" % (fname, r["id"], t))
                    used_organs.add(t.split(".")[0])
        n = len(rows)
        empty = sum(1 for r in rows if not r["gold_any"])
        multi = sum(1 for r in rows if r["gold_any"] and all(len(s) >= 2 for s in r["gold_any"]))
        nonascii = sum(1 for r in rows if any(ord(c) > 127 for c in r["intent"]))
        alts = sum(1 for r in rows if len(r["gold_any"]) >= 2)
        words = [len(r["intent"].split()) for r in rows]
        print("%s: %d intents, %d no-tool (%.0f%%), %d multi-step (%.0f%%), %d with >=2 alternatives, "
              "%d non-ASCII intents, length %d-%d words, %d/%d servers used in gold"
              % (fname, n, empty, 100.0 * empty / n, multi, 100.0 * multi / n, alts, nonascii,
                 min(words), max(words), len(used_organs), len(organs)))
    if errors:
        for e in errors:
            print("ERROR", e)
        print("FAILED (%d errors)" % len(errors))
        return 1
    print("OK")
    return 0

if __name__ == "__main__":
    sys.exit(main())
