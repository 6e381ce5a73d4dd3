#!/usr/bin/env python3
"""The overlap and nickname checks of the fresh37 brief, on journals 141-144 and their truth files.

- no query or negative shares more than one word trigram with any single progress text;
- none shares a word trigram with any error text of the journal (check.py enforces it too);
- queries and negatives are 20..160 characters;
- every nickname appears in at least two progress texts of its journal (case-insensitive, without "the").
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from truth import TRUTH  # noqa: E402


def tri(text):
    w = re.findall(r"[a-z]+", text.lower())
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    bad = 0
    for n in sorted(TRUTH):
        events = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        truth = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        progress = [e["text"] for e in events if e["kind"] == "progress"]
        errors = [e["error"] for e in events if e["kind"] == "call" and not e["ok"]]
        errtri = set().union(*[tri(x) for x in errors])
        texts = [q["q"] for q in truth["queries"]] + truth["negatives"]
        worst, lens = 0, []
        for t in texts:
            lens.append(len(t))
            tt = tri(t)
            for p in progress:
                k = len(tt & tri(p))
                worst = max(worst, k)
                if k > 1:
                    bad += 1
                    print("  FAIL  %r shares %s with progress %r" % (t, sorted(tt & tri(p)), p))
            if tt & errtri:
                bad += 1
                print("  FAIL  %r shares %s with error text" % (t, sorted(tt & errtri)))
            if not 20 <= len(t) <= 160:
                bad += 1
                print("  FAIL  length %d: %r" % (len(t), t))
        counts = {}
        for nick in TRUTH[n]["nicknames"]:
            key = re.sub(r"^the ", "", nick.lower())
            counts[nick] = sum(key in p.lower() for p in progress)
            if counts[nick] < 2:
                bad += 1
                print("  FAIL  nickname %r in %d progress texts" % (nick, counts[nick]))
        print("journal-%d: %d query/negative lines, max trigrams shared with one progress text %d, lengths %d..%d; "
              "nickname uses in progress texts: %s" % (n, len(texts), worst, min(lens), max(lens),
                                                        ", ".join("%s %d" % kv for kv in counts.items())))
    print("OVERLAP OK" if not bad else "OVERLAP FAILURES: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
