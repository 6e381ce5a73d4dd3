#!/usr/bin/env python3
"""Checks journals 43-46 against their truth files (standard library only).

It re-derives every lesson the four definitions of the brief would find, from the journal alone, and requires:
  * format: ts ascending, sessions s1..s6 (one day each), 100-170 events, call fields as in the contract;
  * every planted lesson is found with its kind, its ability and its anchor;
  * nothing else is found (noise stays under every threshold), under the strict definitions and under the
    looser variants listed below (so that a reasonable reading of the definitions does not turn noise into a lesson);
  * the truth file is complete (5 planted, 15 queries, 8 negatives, ids and kinds consistent).

Definitions used
  signature  first line of the error; quoted strings, paths, hex ids and numbers normalised.
  work key   shell.run: program family (first word of the command, skipping VAR=value and sudo);
             fs.*: file base name; http.get: host; git.*: none (the ability itself).
  pitfall    >= 3 failures of one ability with one signature, in >= 2 sessions, none of them fixed
             (fixed = a later success in the same session of the same ability and work key).
             Loose variant: count only the unfixed failures of a group.
  rule       a failure, then later in the same session a success of the same ability and work key with
             different arguments; the (ability, work key, signature) pattern occurs in >= 2 sessions.
             Loose variant: (ability, work key) without the signature.
  playbook   the calls between two progress events (or a progress event and the session end): 2-4 calls,
             all successful, of distinct abilities; the same ability sequence in >= 2 sessions.
             Loose variant: drop the failed calls of a segment first.
  weak link  an ability, or http.get to one host, with >= 8 calls and a success rate under 70%.
"""
import json, os, re, sys
from collections import defaultdict
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
JOURNALS = [int(a) for a in sys.argv[1:]] or [43, 44, 45, 46]
ABILITIES = {"fs.read_file", "fs.write_file", "fs.edit_file", "fs.list_directory", "shell.run", "git.status",
             "git.diff", "git.add", "git.commit", "git.log", "http.get"}


def signature(err):
    line = (err or "").strip().splitlines()[0] if (err or "").strip() else ""
    line = re.sub(r'"[^"]*"|\'[^\']*\'|`[^`]*`', "<str>", line)
    line = re.sub(r"(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:/[\w.@+-]+)+/?", "<path>", line)
    line = re.sub(r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{7,40}\b", "<hex>", line)
    line = re.sub(r"\d+(?:\.\d+)*", "<n>", line)
    return " ".join(line.split())


def family(cmd):
    toks = cmd.split()
    while toks and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", toks[0]) or toks[0] == "sudo"):
        toks = toks[1:]
    return os.path.basename(toks[0]) if toks else ""


def ability(e):
    return e["organ"] + "." + e["ability"]


def work_key(e):
    a, args = ability(e), e.get("args", {})
    if a == "shell.run":
        return family(args.get("command", ""))
    if a.startswith("fs."):
        return os.path.basename(args.get("path", "").rstrip("/"))
    if a == "http.get":
        return urlparse(args.get("url", "")).hostname or ""
    return ""


def text_of(e):
    return json.dumps(e.get("args", {}), ensure_ascii=False) + " " + (e.get("error") or "")


def load(n):
    evs = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8") if l.strip()]
    truth = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
    return evs, truth


def check_format(n, evs, problems):
    if not 100 <= len(evs) <= 170:
        problems.append("j%d: %d events (want 100-170)" % (n, len(evs)))
    last = None
    days = defaultdict(set)
    for i, e in enumerate(evs):
        if last is not None and e["ts"] < last:
            problems.append("j%d: event %d out of order" % (n, i))
        last = e["ts"]
        days[e["session"]].add(int(e["ts"] // 86400))
        if e["kind"] == "progress":
            if not isinstance(e.get("text"), str) or not e["text"]:
                problems.append("j%d: event %d progress without text" % (n, i))
        elif e["kind"] == "call":
            for k in ("organ", "ability", "args", "ok", "duration_ms"):
                if k not in e:
                    problems.append("j%d: event %d lacks %s" % (n, i, k))
            if ability(e) not in ABILITIES:
                problems.append("j%d: event %d unknown ability %s" % (n, i, ability(e)))
            if (not e["ok"]) != bool(e.get("error")):
                problems.append("j%d: event %d ok/error mismatch" % (n, i))
        else:
            problems.append("j%d: event %d bad kind" % (n, i))
    if sorted(days) != ["s%d" % i for i in range(1, 7)]:
        problems.append("j%d: sessions %s" % (n, sorted(days)))
    for s, d in days.items():
        if len(d) != 1:
            problems.append("j%d: session %s spans %d days" % (n, s, len(d)))
    order = [e["session"] for e in evs]
    firsts = sorted(set(order), key=order.index)
    if firsts != sorted(firsts, key=lambda s: int(s[1:])):
        problems.append("j%d: sessions not in order" % n)


def findings(evs):
    """Every lesson the definitions find: list of dicts with kind, abilities, key, text, strict flag."""
    by_s = defaultdict(list)
    for e in evs:
        by_s[e["session"]].append(e)
    calls = [e for e in evs if e["kind"] == "call"]
    out = []

    # fixes: failure -> later success, same ability and work key (different args for rules)
    fixed_any = set()  # id(event) of failures followed by a same-work success
    rule_inst = defaultdict(list)  # (ab, wk, sig) -> [(session, fail, fix)]
    for s, es in by_s.items():
        cs = [e for e in es if e["kind"] == "call"]
        for i, f in enumerate(cs):
            if f["ok"]:
                continue
            later = [g for g in cs[i + 1:] if g["ok"] and ability(g) == ability(f) and work_key(g) == work_key(f)]
            if later:
                fixed_any.add(id(f))
            diff = [g for g in later if g.get("args") != f.get("args")]
            if diff:
                rule_inst[(ability(f), work_key(f), signature(f.get("error")))].append((s, f, diff[0]))

    # pitfalls
    groups = defaultdict(list)
    for e in calls:
        if not e["ok"]:
            groups[(ability(e), signature(e.get("error")))].append(e)
    for (ab, sig), fs in groups.items():
        strict = len(fs) >= 3 and len({f["session"] for f in fs}) >= 2 and not any(id(f) in fixed_any for f in fs)
        unfixed = [f for f in fs if id(f) not in fixed_any]
        loose = len(unfixed) >= 3 and len({f["session"] for f in unfixed}) >= 2
        if strict or loose:
            out.append({"kind": "pitfall", "abilities": [ab], "key": sig, "strict": strict,
                        "text": " ".join(text_of(f) for f in fs), "sessions": sorted({f["session"] for f in fs})})

    # rules
    loose_rules = defaultdict(list)
    for (ab, wk, sig), inst in rule_inst.items():
        loose_rules[(ab, wk)] += inst
        sess = {i[0] for i in inst}
        if len(sess) >= 2:
            out.append({"kind": "rule", "abilities": [ab], "key": "%s|%s|%s" % (ab, wk, sig), "strict": True,
                        "text": wk + " " + " ".join(text_of(f) + " " + text_of(g) for _, f, g in inst),
                        "sessions": sorted(sess)})
    strict_keys = {(f["abilities"][0], f["key"].split("|")[1]) for f in out if f["kind"] == "rule"}
    for (ab, wk), inst in loose_rules.items():
        if len({i[0] for i in inst}) >= 2 and (ab, wk) not in strict_keys:
            out.append({"kind": "rule", "abilities": [ab], "key": "%s|%s|*" % (ab, wk), "strict": False,
                        "text": wk + " " + " ".join(text_of(f) + " " + text_of(g) for _, f, g in inst),
                        "sessions": sorted({i[0] for i in inst})})

    # playbooks
    seqs = {True: defaultdict(list), False: defaultdict(list)}
    for s, es in by_s.items():
        segs, cur = [], None
        for e in es:
            if e["kind"] == "progress":
                if cur is not None:
                    segs.append(cur)
                cur = []
            elif cur is not None:
                cur.append(e)
        if cur is not None:
            segs.append(cur)
        for seg in segs:
            for strict in (True, False):
                cs = seg if strict else [c for c in seg if c["ok"]]
                abl = [ability(c) for c in cs]
                if 2 <= len(cs) <= 4 and all(c["ok"] for c in cs) and len(set(abl)) == len(abl):
                    seqs[strict][tuple(abl)].append((s, cs))
    for strict in (True, False):
        for seq, inst in seqs[strict].items():
            sess = {i[0] for i in inst}
            if len(sess) >= 2 and not (not strict and any(f["kind"] == "playbook" and f["key"] == " > ".join(seq) for f in out)):
                out.append({"kind": "playbook", "abilities": list(seq), "key": " > ".join(seq), "strict": strict,
                            "text": " ".join(text_of(c) for _, cs in inst for c in cs), "sessions": sorted(sess)})

    # weak links
    per = defaultdict(list)
    for e in calls:
        per[ability(e)].append(e)
        if ability(e) == "http.get":
            per["http.get@" + work_key(e)].append(e)
    for k, es in per.items():
        rate = sum(e["ok"] for e in es) / len(es)
        if len(es) >= 8 and rate < 0.70:
            out.append({"kind": "weak_link", "abilities": [k.split("@")[0]], "key": k, "strict": True,
                        "text": k + " " + " ".join(text_of(e) for e in es), "sessions": sorted({e["session"] for e in es}),
                        "rate": rate, "calls": len(es)})
    return out, per


def matches(p, f):
    return (p["kind"] == f["kind"] and p["ability"] in f["abilities"]
            and p["anchor"].lower() in (f["key"] + " " + f["text"]).lower())


def main():
    problems, lines = [], []
    tot = defaultdict(int)
    for n in JOURNALS:
        evs, truth = load(n)
        check_format(n, evs, problems)
        planted = truth.get("planted", [])
        if len(planted) != 5:
            problems.append("j%d: %d planted (want 5)" % (n, len(planted)))
        for i, p in enumerate(planted, 1):
            if p.get("id") != "j%d-p%d" % (n, i):
                problems.append("j%d: planted id %r" % (n, p.get("id")))
            if p.get("kind") not in ("pitfall", "rule", "playbook", "weak_link"):
                problems.append("j%d: planted kind %r" % (n, p.get("kind")))
            if p.get("ability") not in ABILITIES or not p.get("anchor") or " " in p["anchor"] or not p.get("description"):
                problems.append("j%d: planted %s incomplete" % (n, p.get("id")))
            tot[p.get("kind")] += 1
        qs = truth.get("queries", [])
        ids = [p["id"] for p in planted]
        if len(qs) != 15 or any(sum(q.get("planted_id") == i for q in qs) != 3 for i in ids):
            problems.append("j%d: queries must be 3 per planted lesson (15)" % n)
        if len(truth.get("negatives", [])) != 8:
            problems.append("j%d: %d negatives (want 8)" % (n, len(truth.get("negatives", []))))
        allq = [q["q"] for q in qs] + truth.get("negatives", [])
        if len(set(map(str.lower, allq))) != len(allq):
            problems.append("j%d: duplicate query/negative" % n)

        found, per = findings(evs)
        used = set()
        lines.append("journal-%d: %d events, %d calls, %d progress" % (
            n, len(evs), sum(e["kind"] == "call" for e in evs), sum(e["kind"] == "progress" for e in evs)))
        for p in planted:
            hits = [i for i, f in enumerate(found) if matches(p, f) and f["strict"]]
            if not hits:
                problems.append("j%d: planted %s (%s %s %s) NOT found" % (n, p["id"], p["kind"], p["ability"], p["anchor"]))
                lines.append("  %s %-9s %-16s %-28s MISSING" % (p["id"], p["kind"], p["ability"], p["anchor"]))
                continue
            f = found[hits[0]]
            used.update(i for i, g in enumerate(found) if matches(p, g))
            extra = ""
            if f["kind"] == "weak_link":
                extra = "%d calls, %.0f%% ok" % (f["calls"], 100 * f["rate"])
            elif f["kind"] == "pitfall":
                extra = "%d failures" % len([1 for e in evs if e["kind"] == "call" and not e["ok"]
                                            and ability(e) == p["ability"] and signature(e.get("error")) == f["key"]])
            lines.append("  %s %-9s %-16s %-28s ok  sessions %s %s" % (
                p["id"], p["kind"], p["ability"], p["anchor"], ",".join(f["sessions"]), extra))
        for i, f in enumerate(found):
            if i not in used:
                problems.append("j%d: unplanted %s%s: %s (sessions %s)" % (
                    n, f["kind"], "" if f["strict"] else " (loose variant)", f["key"], ",".join(f["sessions"])))
        # margins, for the record
        sh = per.get("shell.run", [])
        lines.append("  noise margins: shell.run %d calls %.0f%% ok; http.get %d calls %.0f%% ok" % (
            len(sh), 100 * sum(e["ok"] for e in sh) / max(1, len(sh)),
            len(per.get("http.get", [])), 100 * sum(e["ok"] for e in per.get("http.get", [])) / max(1, len(per.get("http.get", [])))))
    lines.append("kinds over the four journals: " + ", ".join("%s %d" % (k, tot[k]) for k in ("pitfall", "rule", "playbook", "weak_link")))
    if any(tot[k] != 5 for k in ("pitfall", "rule", "playbook", "weak_link")):
        problems.append("kinds not 5 each: %s" % dict(tot))
    print("\n".join(lines))
    if problems:
        print("\n".join("PROBLEM " + p for p in problems))
        print("FAIL (%d problems)" % len(problems))
        return 1
    print("ALL PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
