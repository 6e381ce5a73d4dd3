#!/usr/bin/env python3
"""Regenerate fresh30's memory journals 113-116 and their truth files, byte for byte (standard library only)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import j113  # noqa: E402
import j114  # noqa: E402
import j115  # noqa: E402
import j116  # noqa: E402
from truth import T, EVIDENCE  # noqa: E402

MODS = {113: j113, 114: j114, 115: j115, 116: j116}


def main():
    for n, mod in MODS.items():
        j = mod.build()
        events = j.dump(os.path.join(HERE, "journal-%d.jsonl" % n))
        truth = json.loads(json.dumps(T[n]))
        for p in truth["planted"]:
            p["evidence"] = EVIDENCE[p["id"]]
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            json.dump(truth, f, ensure_ascii=False, indent=2)
            f.write("\n")
        calls = [e for e in events if e["kind"] == "call"]
        prog = [e for e in events if e["kind"] == "progress"]
        fails = [e for e in calls if not e["ok"]]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s"
              % (n, len(events), len(calls), len(prog), len(fails),
                 j.day_str(events[0]["ts"]), j.day_str(events[-1]["ts"])))


if __name__ == "__main__":
    main()
