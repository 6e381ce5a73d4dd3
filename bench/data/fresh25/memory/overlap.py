#!/usr/bin/env python3
"""Step-3 overlap check: word trigrams shared between each query/negative and the journal's texts.

Words are Unicode word runs, lower-cased; Japanese runs are further split where the script changes (kanji,
hiragana, katakana, Latin/digits), a crude segmentation that stands in for words.  Reports, per journal, every
query or negative that shares more than one trigram with one progress text, or any trigram with an error text
(check.py's own error rule only looks at [a-z]+ words).

usage: overlap.py [N ...]   (default 93 94 95 96)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def script(ch):
    o = ord(ch)
    if 0x3040 <= o <= 0x309F:
        return "hira"
    if 0x30A0 <= o <= 0x30FF:
        return "kata"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
        return "kanji"
    return "other"


def words(text):
    out = []
    for w in re.findall(r"\w+", text.lower()):
        cur, kind = "", None
        for ch in w:
            k = script(ch)
            if cur and k != kind:
                out.append(cur)
                cur = ""
            cur += ch
            kind = k
        if cur:
            out.append(cur)
    return out


def tri(text):
    w = words(text)
    return {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    ns = [int(a) for a in sys.argv[1:]] or [93, 94, 95, 96]
    bad = 0
    for n in ns:
        events = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        t = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        prog = [e["text"] for e in events if e["kind"] == "progress"]
        errs = [e["error"] for e in events if e["kind"] == "call" and not e["ok"]]
        errtri = set().union(*[tri(x) for x in errs]) if errs else set()
        worst = 0
        for q in [q["q"] for q in t["queries"]] + t["negatives"]:
            qt = tri(q)
            for p in prog:
                shared = qt & tri(p)
                worst = max(worst, len(shared))
                if len(shared) > 1:
                    bad += 1
                    print("journal-%d: %r shares %s with progress %r" % (n, q, sorted(shared), p))
            if qt & errtri:
                bad += 1
                print("journal-%d: %r shares %s with an error" % (n, q, sorted(qt & errtri)))
        print("journal-%d: most trigrams shared by a query/negative with one progress text: %d" % (n, worst))
    print("OVERLAP OK" if not bad else "OVERLAP PROBLEMS: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
