#!/usr/bin/env python3
"""Regenerate journal-69..72.jsonl and their truth files (fresh19). Standard library only, deterministic."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import j69, j70, j71, j72  # noqa: E402
from queries import QUERIES, NEGATIVES  # noqa: E402
from truth import PROJECTS, PLANTED, NOTES  # noqa: E402

BUILDERS = {69: j69.build, 70: j70.build, 71: j71.build, 72: j72.build}


def main():
    for n, build in BUILDERS.items():
        J = build()
        count = J.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        calls = [e for e in J.events if e["kind"] == "call"]
        truth = {
            "project": PROJECTS[n],
            "planted": PLANTED[n],
            "queries": [{"q": text, "planted_id": pid, "form": form, "lang": lang}
                        for pid, form, lang, text in QUERIES[n]],
            "negatives": [text for lang, text in NEGATIVES[n]],
            "negatives_lang": [lang for lang, text in NEGATIVES[n]],
            "notes": NOTES[n],
        }
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, sessions %s"
              % (n, count, len(calls), count - len(calls), sum(1 for e in calls if not e["ok"]),
                 ",".join(sorted({e["session"] for e in J.events}))))


if __name__ == "__main__":
    main()
