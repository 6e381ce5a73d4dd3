#!/usr/bin/env python3
"""Validate the fresh15 exposure intents against their catalogues.

Checks: valid JSON lines with exactly id/intent/gold_any; ids unique and
sequential (rm15-001.., lmb15-001..); no duplicate intents (case/space
normalised); every gold name `organ.tool` exists exactly in the catalogue;
gold sets non-empty, without repeats, and no two identical sets.
Prints statistics and OK (exit 0) or the problems (exit 1).

usage: validate.py [CATALOG_DIR]   (default /work/shared/data/catalogs)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAT_DIR = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/catalogs"
FILES = [("real-mcp-fresh15.jsonl", "real-mcp.json", "rm15", 60),
         ("livemcpbench-fresh15.jsonl", "livemcpbench.json", "lmb15", 40)]


def names(catalog_path):
    with open(catalog_path, encoding="utf-8") as f:
        organs = json.load(f)["organs"]
    return {"%s.%s" % (o, t["name"]) for o, tools in organs.items() for t in tools}


def main():
    problems = []
    seen_intents = {}
    for fname, cat, prefix, expect in FILES:
        known = names(os.path.join(CAT_DIR, cat))
        rows = []
        with open(os.path.join(HERE, fname), encoding="utf-8") as f:
            for ln, line in enumerate(f, 1):
                try:
                    rows.append(json.loads(line))
                except ValueError as e:
                    problems.append("%s:%d bad JSON %s" % (fname, ln, e))
        if len(rows) != expect:
            problems.append("%s: %d rows, expected %d" % (fname, len(rows), expect))
        multi = empty = nonascii = 0
        servers = set()
        for i, r in enumerate(rows, 1):
            want = "%s-%03d" % (prefix, i)
            if set(r) != {"id", "intent", "gold_any"}:
                problems.append("%s: %s has keys %s" % (fname, r.get("id"), sorted(r)))
            if r.get("id") != want:
                problems.append("%s: row %d id %r, expected %r" % (fname, i, r.get("id"), want))
            key = " ".join(r["intent"].lower().split())
            if key in seen_intents:
                problems.append("%s: duplicate intent %s = %s" % (fname, r["id"], seen_intents[key]))
            seen_intents[key] = r["id"]
            gold = r["gold_any"]
            if not isinstance(gold, list):
                problems.append("%s: gold_any not a list" % r["id"])
                continue
            if not gold:
                empty += 1
            if any(ord(c) > 0x24F and c.isalpha() for c in r["intent"]):
                nonascii += 1
            canon = set()
            for s in gold:
                if not s:
                    problems.append("%s: empty gold set" % r["id"])
                if len(set(s)) != len(s):
                    problems.append("%s: repeated tool in set %s" % (r["id"], s))
                c = tuple(sorted(s))
                if c in canon:
                    problems.append("%s: duplicate gold set %s" % (r["id"], s))
                canon.add(c)
                for n in s:
                    if n not in known:
                        problems.append("%s: unknown tool %s" % (r["id"], n))
                    servers.add(n.split(".", 1)[0])
            if gold and all(len(s) >= 2 for s in gold):
                multi += 1
        print("%s: %d intents, %d multi-step (every set >= 2 tools), %d no-tool, "
              "%d in a non-Latin script, %d servers used as gold" % (fname, len(rows), multi, empty, nonascii, len(servers)))
    if problems:
        for p in problems:
            print("PROBLEM", p)
        print("FAIL (%d problems)" % len(problems))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
