#!/usr/bin/env python3
"""Regenerate journal-85..88.jsonl and their truth files; print counts.  usage: gen_memory.py [N ...]"""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jlib  # noqa: E402
from truth import TRUTH  # noqa: E402


def main():
    for n in [int(a) for a in sys.argv[1:]] or (85, 86, 87, 88):
        mod = importlib.import_module("j%d" % n)
        ev = jlib.build(mod.DAYS, mod.SESSIONS, mod.SEED)
        jlib.dump(ev, os.path.join(HERE, "journal-%d.jsonl" % n))
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(TRUTH[n], f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s" % (
            n, len(ev), len(calls), len(ev) - len(calls), sum(not e["ok"] for e in calls),
            __import__("time").strftime("%Y-%m-%d %H:%M", __import__("time").gmtime(ev[0]["ts"])),
            __import__("time").strftime("%Y-%m-%d %H:%M", __import__("time").gmtime(ev[-1]["ts"]))))


if __name__ == "__main__":
    main()
