#!/usr/bin/env python3
"""Validate the fresh10 exposure sets against their catalogues (standard library only).

Checks: every gold name exists exactly as organ.tool in its catalogue; ids unique and sequential;
no duplicate intents; no empty or duplicate alternative sets. Prints counts and OK, or the problems and exits 1.
Catalogue directory: $FRESH10_CATALOGS or /work/shared/data/catalogs.
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAT_DIR = os.environ.get("FRESH10_CATALOGS", "/work/shared/data/catalogs")
SETS = [("real-mcp-fresh10.jsonl", "real-mcp.json", "rm10"),
        ("livemcpbench-fresh10.jsonl", "livemcpbench.json", "lmb10")]


def main():
    problems = []
    for fname, cat, prefix in SETS:
        with open(os.path.join(CAT_DIR, cat), encoding="utf-8") as f:
            organs = json.load(f)["organs"]
        names = {"%s.%s" % (o, t["name"]) for o, tools in organs.items() for t in tools}
        seen_intents = set()
        n = no_tool = multi = 0
        used = set()
        with open(os.path.join(HERE, fname), encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                rec = json.loads(line)
                n += 1
                want = "%s-%03d" % (prefix, lineno)
                if rec.get("id") != want:
                    problems.append("%s:%d id %r, expected %r" % (fname, lineno, rec.get("id"), want))
                if set(rec) != {"id", "intent", "gold_any"}:
                    problems.append("%s:%d unexpected keys %s" % (fname, lineno, sorted(rec)))
                key = " ".join(rec["intent"].lower().split())
                if not key:
                    problems.append("%s:%d empty intent" % (fname, lineno))
                if key in seen_intents:
                    problems.append("%s:%d duplicate intent" % (fname, lineno))
                seen_intents.add(key)
                gold = rec["gold_any"]
                if not gold:
                    no_tool += 1
                seen_sets = set()
                for alt in gold:
                    if not alt:
                        problems.append("%s:%d empty alternative" % (fname, lineno))
                    if len(set(alt)) != len(alt):
                        problems.append("%s:%d repeated tool in a set" % (fname, lineno))
                    fs = frozenset(alt)
                    if fs in seen_sets:
                        problems.append("%s:%d duplicate alternative %s" % (fname, lineno, alt))
                    seen_sets.add(fs)
                    for name in alt:
                        used.add(name.split(".", 1)[0])
                        if name not in names:
                            problems.append("%s:%d unknown tool %s" % (fname, lineno, name))
                if gold and all(len(a) >= 2 for a in gold):
                    multi += 1
        print("%s: %d intents, %d no-tool, %d multi-step (every alternative >= 2 tools), %d of %d servers used in gold"
              % (fname, n, no_tool, multi, len(used), len(organs)))
    if problems:
        for p in problems:
            print("PROBLEM", p)
        print("FAIL (%d problems)" % len(problems))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
