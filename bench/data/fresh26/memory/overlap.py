#!/usr/bin/env python3
"""Step-3 overlap check: word trigrams shared by a query/negative with a progress text or an error text.

Words are runs of letters, marks and digits (so Devanagari matras stay inside their word), lower-cased, and a run
is split where the script changes (Han, kana, Hangul, Latin, ...), so "module里的" gives "module", "里的".
Passes when no query or negative shares more than one trigram with any one progress text of its journal and none
shares a trigram with any error text (also with check.py's narrower [a-z]+ words).
"""
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))


def script(ch):
    if ch.isdigit() or ch == "_":
        return "LATIN"
    name = unicodedata.name(ch, "")
    for s in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "DEVANAGARI", "LATIN"):
        if name.startswith(s):
            return "KANA" if s in ("HIRAGANA", "KATAKANA") else s
    return "OTHER"


def words(text):
    out, cur, cur_s = [], "", None
    for ch in text.lower():
        cat = unicodedata.category(ch)
        if cat[0] in "LMN" or ch == "_":
            s = script(ch) if cat[0] != "M" else cur_s
            if cur and s != cur_s:
                out.append(cur)
                cur = ""
            cur += ch
            cur_s = s
        else:
            if cur:
                out.append(cur)
            cur, cur_s = "", None
    if cur:
        out.append(cur)
    return out


def tri(ws):
    return {" ".join(ws[i:i + 3]) for i in range(len(ws) - 2)}


def main():
    ns = [int(a) for a in sys.argv[1:]] or [97, 98, 99, 100]
    bad = 0
    for n in ns:
        ev = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        t = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        texts = [q["q"] for q in t["queries"]] + t["negatives"]
        prog = [e["text"] for e in ev if e["kind"] == "progress"]
        errs = [e["error"] for e in ev if e["kind"] == "call" and not e["ok"]]
        errtri = set().union(*[tri(words(x)) for x in errs]) if errs else set()
        errtri_az = set()
        for x in errs:
            w = re.findall(r"[a-z]+", x.lower())
            errtri_az |= tri(w)
        ones = 0
        for q in texts:
            qt = tri(words(q))
            for p in prog:
                sh = qt & tri(words(p))
                if len(sh) > 1:
                    bad += 1
                    print("journal-%d: %r shares %s with progress %r" % (n, q, sorted(sh), p))
                elif sh:
                    ones += 1
            if qt & errtri or tri(re.findall(r"[a-z]+", q.lower())) & errtri_az:
                bad += 1
                print("journal-%d: %r shares error text %s" % (n, q, sorted((qt & errtri) | (tri(re.findall(r"[a-z]+", q.lower())) & errtri_az))))
        print("journal-%d: %d query/negative-progress pairs share exactly one trigram" % (n, ones))
    print("OVERLAP OK" if not bad else "OVERLAP FAIL: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
