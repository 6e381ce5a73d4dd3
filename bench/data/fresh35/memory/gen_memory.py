#!/usr/bin/env python3
"""Regenerate fresh35's memory journals 133-136 and their truth files, byte for byte."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from truth import LANGS, TRUTH  # noqa: E402

NOTES = {
    133: ["Developers: s1/s4 Ioana (Romanian), s2/s5 Arjun (Hindi), s3/s6 Emre (Turkish); journal progress is terse, as typed to the agent."],
    134: ["Developers: s1/s4 Larissa (Brazilian Portuguese), s2/s5 Min-jun (Korean), s3/s6 Joost (Dutch); journal progress is terse, as typed to the agent."],
    135: ["Developers: s1/s4 Dmitri (Russian), s2/s5 Catalina (Spanish, Colombia), s3/s6 Thanh (Vietnamese); journal progress is terse, as typed to the agent."],
    136: ["Developers: s1/s4 Friederike (German), s2/s5 Matteo (Italian), s3/s6 Li Na (Mandarin Chinese); journal progress is terse, as typed to the agent."],
}
COMMON = [
    "Every query and negative is written in English by a developer whose first language is another one: grammar slips, literal translations, false friends, dropped or added articles. No other language appears.",
    "Queries name the work the agent is about to do, never the lesson and never error text. Negatives 1-3 are close in topic to a lesson but need none; 4-8 are ordinary work of the same team.",
]


def main():
    ns = [int(a) for a in sys.argv[1:]] or [133, 134, 135, 136]
    for n in ns:
        mod = importlib.import_module("j%d" % n)
        j = mod.build()
        ev, calls, prog, fails = j.write(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = TRUTH[n]
        authors = ["query %d (%s): %s, %s" % (i + 1, q["planted_id"], a, LANGS[a])
                   for i, (q, a) in enumerate(zip(t["queries"], t["authors"]))]
        nauth = ["negative %d: %s, %s" % (i + 1, a, LANGS[a]) for i, a in enumerate(t["neg_authors"])]
        out = {"project": t["project"], "planted": t["planted"], "queries": t["queries"],
               "negatives": t["negatives"],
               "notes": NOTES[n] + COMMON + ["Authors: " + "; ".join(authors + nauth)]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls" % (n, ev, calls, prog, fails))


if __name__ == "__main__":
    main()
