#!/usr/bin/env python3
"""Regenerate journal-137..140 and their truth files byte for byte (stdlib only, data inline)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import j137  # noqa: E402
import j138  # noqa: E402
import j139  # noqa: E402
import j140  # noqa: E402
from truth import TRUTH, EVIDENCE  # noqa: E402

MODULES = {137: j137, 138: j138, 139: j139, 140: j140}


def main():
    for n, mod in MODULES.items():
        j = mod.build()
        j.write(os.path.join(HERE, "journal-%d.jsonl" % n))
        t = json.loads(json.dumps(TRUTH[n]))
        for p in t["planted"]:
            if p["id"] in EVIDENCE:
                p["evidence"] = EVIDENCE[p["id"]]
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(t, f, indent=2, ensure_ascii=False)
            f.write("\n")
        ev = j.events
        calls = [e for e in ev if e["kind"] == "call"]
        print("journal-%d: %d events, %d calls, %d progress, %d failed calls, %s .. %s"
              % (n, len(ev), len(calls), len(ev) - len(calls), sum(not e["ok"] for e in calls),
                 ev[0]["ts"], ev[-1]["ts"]))


if __name__ == "__main__":
    main()
