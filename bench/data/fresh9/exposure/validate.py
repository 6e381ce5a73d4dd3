#!/usr/bin/env python3
"""Validate the fresh9 exposure sets against their catalogues (standard library only).

Usage: python3 validate.py [CATALOG_DIR]   (default /work/shared/data/catalogs)
Checks: every gold name `organ.tool` exists exactly in its catalogue; ids unique and sequential;
no duplicate intents; gold_any is a list of non-empty, duplicate-free sets; expected counts.
Prints statistics and a final line "OK" (exit 0) or the problems (exit 1).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAT_DIR = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/catalogs"
SETS = [
    ("real-mcp-fresh9.jsonl", "real-mcp.json", "rm9", 80),
    ("livemcpbench-fresh9.jsonl", "livemcpbench.json", "lmb9", 60),
]


def load_names(path):
    with open(path, encoding="utf-8") as f:
        organs = json.load(f)["organs"]
    return {f"{organ}.{tool['name']}" for organ, tools in organs.items() for tool in tools}


def is_non_english(text):
    # rough marker: any CJK/Hangul/kana, or one of a few language-specific words/characters
    if any(ord(c) > 0x2E80 for c in text):
        return True
    markers = [" bitte ", "für ", " zeigt ", " gib mir", "añade", "corre ", " dime ", "qué ", "¿",
               " m'a ", " tu peux", "colle ", " une ", "abre ", " uma ", " horas ", " à ", "tengo "]
    low = " " + text.lower() + " "
    return any(m in low for m in markers)


problems = []
for jsonl, catalog, prefix, expected in SETS:
    names = load_names(os.path.join(CAT_DIR, catalog))
    rows = []
    with open(os.path.join(HERE, jsonl), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                problems.append(f"{jsonl}:{n}: bad JSON: {e}")
    if len(rows) != expected:
        problems.append(f"{jsonl}: {len(rows)} intents, expected {expected}")
    seen_intents = set()
    used_organs = set()
    n_empty = n_multi = n_alt = n_lang = 0
    for i, row in enumerate(rows, 1):
        want_id = f"{prefix}-{i:03d}"
        if set(row) != {"id", "intent", "gold_any"}:
            problems.append(f"{jsonl}:{i}: keys {sorted(row)}")
        if row.get("id") != want_id:
            problems.append(f"{jsonl}:{i}: id {row.get('id')!r}, expected {want_id}")
        intent = row.get("intent", "")
        if not isinstance(intent, str) or not intent.strip():
            problems.append(f"{want_id}: empty intent")
        key = " ".join(intent.lower().split())
        if key in seen_intents:
            problems.append(f"{want_id}: duplicate intent")
        seen_intents.add(key)
        gold = row.get("gold_any")
        if not isinstance(gold, list):
            problems.append(f"{want_id}: gold_any is not a list")
            continue
        if not gold:
            n_empty += 1
        seen_sets = set()
        for s in gold:
            if not isinstance(s, list) or not s:
                problems.append(f"{want_id}: a gold set is empty or not a list")
                continue
            if len(set(s)) != len(s):
                problems.append(f"{want_id}: duplicate tool inside a set {s}")
            fs = frozenset(s)
            if fs in seen_sets:
                problems.append(f"{want_id}: duplicate set {s}")
            seen_sets.add(fs)
            for name in s:
                if name not in names:
                    problems.append(f"{want_id}: unknown tool {name!r} in {catalog}")
                else:
                    used_organs.add(name.split(".", 1)[0])
        if gold and all(len(s) >= 2 for s in gold):
            n_multi += 1
        if len(gold) >= 2:
            n_alt += 1
        if is_non_english(intent):
            n_lang += 1
    print(f"{jsonl}: {len(rows)} intents over {catalog} ({len(names)} tools); "
          f"no-tool {n_empty}, multi-step (every set >=2 tools) {n_multi}, "
          f"with alternatives {n_alt}, non-English/mixed (heuristic) {n_lang}, "
          f"servers used {len(used_organs)}")

if problems:
    for p in problems:
        print("PROBLEM:", p)
    print("FAILED")
    sys.exit(1)
print("OK")
