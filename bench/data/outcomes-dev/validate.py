#!/usr/bin/env python3
"""Validate the outcomes DEV set: gold names exist in the catalogue, ids unique and sequential, no duplicate intents."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGS = os.environ.get("CATALOG_DIR", "/work/shared/data/catalogs")
SETS = [("real-mcp-outcomes.jsonl", "real-mcp.json", "rmo", 90),
        ("livemcpbench-outcomes.jsonl", "livemcpbench.json", "lmo", 60)]

def names(catalog):
    with open(catalog, encoding="utf-8") as f:
        organs = json.load(f)["organs"]
    return {"%s.%s" % (organ, tool["name"]) for organ, tools in organs.items() for tool in tools}

def check(fname, catname, prefix, expected):
    errs, known = [], names(os.path.join(CATALOGS, catname))
    path = os.path.join(HERE, fname)
    if not os.path.exists(path):
        return ["%s: missing" % fname], {}
    seen_intents, n, empty, multi, sizes = set(), 0, 0, 0, []
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                rec = json.loads(line)
            except ValueError as e:
                errs.append("%s:%d: bad JSON (%s)" % (fname, ln, e)); continue
            n += 1
            if set(rec) != {"id", "intent", "gold_any"}:
                errs.append("%s:%d: keys %s" % (fname, ln, sorted(rec)))
            want = "%s-%03d" % (prefix, ln)
            if rec.get("id") != want:
                errs.append("%s:%d: id %r, expected %r" % (fname, ln, rec.get("id"), want))
            intent = rec.get("intent", "")
            if not isinstance(intent, str) or not intent.strip():
                errs.append("%s:%d: empty intent" % (fname, ln))
            key = " ".join(intent.lower().split())
            if key in seen_intents:
                errs.append("%s:%d: duplicate intent" % (fname, ln))
            seen_intents.add(key)
            gold = rec.get("gold_any")
            if not isinstance(gold, list):
                errs.append("%s:%d: gold_any not a list" % (fname, ln)); continue
            if not gold:
                empty += 1
            for alt in gold:
                if not isinstance(alt, list) or not alt:
                    errs.append("%s:%d: empty or non-list alternative" % (fname, ln)); continue
                if len(set(alt)) != len(alt):
                    errs.append("%s:%d: repeated tool inside one set" % (fname, ln))
                for t in alt:
                    if t not in known:
                        errs.append("%s:%d: unknown tool %r" % (fname, ln, t))
            if gold and all(isinstance(a, list) and len(a) >= 2 for a in gold):
                multi += 1
            sizes.append(len(gold))
    if n != expected:
        errs.append("%s: %d records, expected %d" % (fname, n, expected))
    stats = {"records": n, "no_tool": empty, "multi_step": multi,
             "max_alternatives": max(sizes) if sizes else 0}
    return errs, stats

def main():
    allerrs = []
    for fname, catname, prefix, expected in SETS:
        errs, stats = check(fname, catname, prefix, expected)
        allerrs += errs
        print("%s (%s): %s" % (fname, catname, ", ".join("%s=%s" % kv for kv in stats.items())))
    for e in allerrs:
        print("ERROR", e)
    print("OK" if not allerrs else "FAILED: %d error(s)" % len(allerrs))
    return 0 if not allerrs else 1

if __name__ == "__main__":
    sys.exit(main())
