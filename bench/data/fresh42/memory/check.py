#!/usr/bin/env python3
"""Check journal-161..164 against the lesson thresholds of the fresh42 brief.

Derives lessons from the journal alone, then compares with journal-N.truth.json:
every planted lesson must meet its threshold, and nothing else may reach any
threshold (noise).  Definitions used (stricter than the brief where it is vague):

  signature  first line of the error; quoted strings -> <Q>, paths -> <P>,
             hex ids -> <H>, numbers -> <N>
  work key   shell.run: program (first word after VAR=value prefixes);
             fs.*: basename of path; http.get: host; git.*: none
  pitfall    >= 3 failures of one ability with one signature, in >= 2 sessions,
             never followed (same session) by a success of that ability+work key.
             Noise check ignores the "never fixed" clause (any such group must be planted).
  rule       failure, then later in the same session a success of the same ability
             and work key with different args; the (ability, work key, signature)
             occurs in >= 2 sessions.  Noise check also on (ability, work key) alone.
  playbook   calls between two progress events (or after the last one): 2-4 calls,
             all successful, distinct abilities; same ordered sequence in >= 2 sessions.
             Noise check is looser: failed calls dropped, and sequences compared both
             ordered and as sets.
  weak link  ability (all calls) or http.get to one host: >= 8 calls and success < 70%.
             The ability-level http.get figure is reported but not counted as noise
             when it is below 70% only because of a planted weak-link host.

usage: check.py [N ...]   (default 161 162 163 164)
"""
import json
import os
import re
import sys
from collections import defaultdict
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
ABILITIES = {"fs.read_file", "fs.write_file", "fs.edit_file", "fs.list_directory", "shell.run",
             "git.status", "git.diff", "git.add", "git.commit", "git.log", "http.get"}


def signature(err):
    s = err.splitlines()[0] if err else ""
    s = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "<Q>", s)
    s = re.sub(r"[^\s<>]*/[^\s<>]*", "<P>", s)
    s = re.sub(r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b", "<H>", s)
    s = re.sub(r"\d+(\.\d+)?", "<N>", s)
    return s.strip()


def ability(e):
    return "%s.%s" % (e["organ"], e["ability"])


def workkey(e):
    a = ability(e)
    if a == "shell.run":
        for tok in e["args"]["command"].split():
            if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", tok):
                continue
            return os.path.basename(tok)
        return ""
    if a.startswith("fs."):
        return os.path.basename(e["args"]["path"].rstrip("/"))
    if a == "http.get":
        return urlparse(e["args"]["url"]).hostname
    return ""


def analyse(events):
    sessions = defaultdict(list)
    for e in events:
        sessions[e["session"]].append(e)
    calls = [e for e in events if e["kind"] == "call"]

    # pitfalls
    fails = defaultdict(list)
    for e in calls:
        if not e["ok"]:
            fails[(ability(e), signature(e["error"]))].append(e)
    pit = {}
    for key, es in fails.items():
        fixed = False
        for f in es:
            later = [x for x in sessions[f["session"]] if x["kind"] == "call" and x["ts"] > f["ts"]]
            if any(x["ok"] and ability(x) == ability(f) and workkey(x) == workkey(f) for x in later):
                fixed = True
        pit[key] = {"count": len(es), "sessions": sorted({f["session"] for f in es}), "fixed": fixed,
                    "workkeys": sorted({workkey(f) for f in es})}

    # rules
    rule = defaultdict(set)
    coarse = defaultdict(set)
    for s, evs in sessions.items():
        cs = [x for x in evs if x["kind"] == "call"]
        for i, f in enumerate(cs):
            if f["ok"]:
                continue
            for x in cs[i + 1:]:
                if x["ok"] and ability(x) == ability(f) and workkey(x) == workkey(f) and x["args"] != f["args"]:
                    rule[(ability(f), workkey(f), signature(f["error"]))].add(s)
                    coarse[(ability(f), workkey(f))].add(s)
                    break

    # playbooks
    strict = defaultdict(set)
    loose = defaultdict(set)
    loose_set = defaultdict(set)
    for s, evs in sessions.items():
        segs, cur = [], []
        for x in evs:
            if x["kind"] == "progress":
                if cur:
                    segs.append(cur)
                cur = []
            else:
                cur.append(x)
        if cur:
            segs.append(cur)
        for seg in segs:
            seq = tuple(ability(x) for x in seg)
            if all(x["ok"] for x in seg) and 2 <= len(seq) <= 4 and len(set(seq)) == len(seq):
                strict[seq].add(s)
            ok = tuple(ability(x) for x in seg if x["ok"])
            if 2 <= len(ok) <= 4 and len(set(ok)) == len(ok):
                loose[ok].add(s)
                loose_set[frozenset(ok)].add(s)

    # weak links
    stats = defaultdict(lambda: [0, 0])
    for e in calls:
        for k in [ability(e)] + (["http.get@" + workkey(e)] if ability(e) == "http.get" else []):
            stats[k][0] += 1
            stats[k][1] += 1 if e["ok"] else 0
    return {"sessions": sessions, "calls": calls, "pit": pit, "rule": rule, "coarse": coarse,
            "strict": strict, "loose": loose, "loose_set": loose_set, "stats": stats}


def check_journal(n):
    jpath = os.path.join(HERE, "journal-%d.jsonl" % n)
    tpath = os.path.join(HERE, "journal-%d.truth.json" % n)
    events = [json.loads(l) for l in open(jpath, encoding="utf-8")]
    truth = json.load(open(tpath, encoding="utf-8"))
    out, bad = [], []

    def ok(msg):
        out.append("  ok    " + msg)

    def fail(msg):
        out.append("  FAIL  " + msg)
        bad.append(msg)

    # ---- format
    if not 100 <= len(events) <= 170:
        fail("event count %d not in 100..170" % len(events))
    else:
        ok("%d events" % len(events))
    ts = [e["ts"] for e in events]
    if ts != sorted(ts) or len(set(ts)) != len(ts):
        fail("events not strictly ordered by ts")
    sess = sorted({e["session"] for e in events})
    if sess != ["s%d" % i for i in range(1, 7)]:
        fail("sessions %s" % sess)
    for s in sess:
        days = {int(e["ts"]) // 86400 for e in events if e["session"] == s}
        if len(days) != 1:
            fail("session %s spans %d days" % (s, len(days)))
    for e in events:
        if e["kind"] == "progress":
            if set(e) != {"ts", "session", "kind", "text"}:
                fail("bad progress event %s" % e)
        elif e["kind"] == "call":
            need = {"ts", "session", "kind", "organ", "ability", "args", "ok", "duration_ms"}
            if not need <= set(e) or ability(e) not in ABILITIES or (not e["ok"]) != ("error" in e):
                fail("bad call event %s" % e)
        else:
            fail("bad kind %s" % e)
    ok("sessions s1..s6, one day each, ordered, fields valid") if not bad else None

    A = analyse(events)
    planted = truth["planted"]
    kinds = defaultdict(list)
    for p in planted:
        kinds[p["kind"]].append(p)
    if len(planted) != 5:
        fail("%d planted lessons, expected 5" % len(planted))

    def anchored(p, es):
        a = p["anchor"].lower()
        if a in (p["ability"].lower(), p["ability"].split(".")[1].lower()):
            return bool(es)
        return any(a in json.dumps(e["args"]).lower() or a == (workkey(e) or "").lower() for e in es)

    matched = set()
    # ---- pitfalls
    for p in kinds["pitfall"]:
        hit = None
        for key, v in A["pit"].items():
            if key[0] == p["ability"] and v["count"] >= 3 and len(v["sessions"]) >= 2 and not v["fixed"]:
                es = [e for e in A["calls"] if not e["ok"] and (ability(e), signature(e["error"])) == key]
                if anchored(p, es):
                    hit = key
        if hit:
            v = A["pit"][hit]
            matched.add(("pitfall", hit))
            ok("%s pitfall %s: %d failures, sessions %s, never fixed, signature %r"
               % (p["id"], p["ability"], v["count"], ",".join(v["sessions"]), hit[1]))
        else:
            fail("%s pitfall %s/%s not found at threshold" % (p["id"], p["ability"], p["anchor"]))
    for key, v in A["pit"].items():
        if v["count"] >= 3 and len(v["sessions"]) >= 2 and ("pitfall", key) not in matched:
            fail("noise reaches pitfall threshold: %s %r (%d failures, %s)" % (key[0], key[1], v["count"], v["sessions"]))
    near = [(k, v) for k, v in A["pit"].items() if ("pitfall", k) not in matched]
    ok("noise failure groups: %d, largest %d failure(s)" % (len(near), max([v["count"] for k, v in near] or [0])))

    # ---- rules
    rule_keys = set()
    for p in kinds["rule"]:
        hit = None
        for key, ss in A["rule"].items():
            if key[0] == p["ability"] and len(ss) >= 2 and p["anchor"].lower() in (key[1] or "").lower():
                hit = key
        if hit:
            matched.add(("rule", hit))
            rule_keys.add(hit[:2])
            ok("%s rule %s [%s]: fail->fix in sessions %s, signature %r"
               % (p["id"], p["ability"], hit[1], ",".join(sorted(A["rule"][hit])), hit[2]))
        else:
            fail("%s rule %s/%s not found at threshold" % (p["id"], p["ability"], p["anchor"]))
    for key, ss in A["rule"].items():
        if len(ss) >= 2 and ("rule", key) not in matched:
            fail("noise reaches rule threshold: %s %s" % (key, sorted(ss)))
    for key, ss in A["coarse"].items():
        if len(ss) >= 2 and key not in rule_keys:
            fail("noise fail->fix on %s in sessions %s" % (key, sorted(ss)))
    singles = sum(1 for k, ss in A["rule"].items() if len(ss) == 1)
    ok("one-session fail->fix patterns (allowed noise): %d" % singles)

    # ---- playbooks
    pb_seqs = set()
    for p in kinds["playbook"]:
        seq = tuple(p.get("sequence", []))
        ss = A["strict"].get(seq, set())
        segs_ok = False
        if len(ss) >= 3:
            es = [e for e in A["calls"] if ability(e) in seq]
            segs_ok = anchored(p, es) and p["ability"] in seq
        if segs_ok:
            pb_seqs.add(seq)
            ok("%s playbook %s: in sessions %s" % (p["id"], " > ".join(seq), ",".join(sorted(ss))))
        else:
            fail("%s playbook %s not found in >= 3 sessions" % (p["id"], seq))
    for seq, ss in A["strict"].items():
        if len(ss) >= 2 and seq not in pb_seqs:
            fail("noise reaches playbook threshold: %s %s" % (seq, sorted(ss)))
    for seq, ss in A["loose"].items():
        if len(ss) >= 2 and seq not in pb_seqs:
            fail("noise (failures dropped) recurring sequence: %s %s" % (seq, sorted(ss)))
    pb_sets = {frozenset(s) for s in pb_seqs}
    for st, ss in A["loose_set"].items():
        if len(ss) >= 2 and st not in pb_sets:
            fail("noise recurring ability set: %s %s" % (sorted(st), sorted(ss)))
    ok("candidate segments: %d distinct sequences, only planted ones recur" % len(A["loose"]))

    # ---- weak links
    wl_keys = set()
    for p in kinds["weak_link"]:
        k = p["ability"] + ("@" + p["anchor"] if p["ability"] == "http.get" else "")
        c, s = A["stats"].get(k, (0, 0))
        anchor_ok = p["ability"] == "http.get" or anchored(p, [e for e in A["calls"] if ability(e) == p["ability"]])
        if c >= 8 and s / c < 0.7 and anchor_ok:
            wl_keys.add(k)
            ok("%s weak link %s: %d calls, %d ok (%.0f%%)" % (p["id"], k, c, s, 100.0 * s / c))
        else:
            fail("%s weak link %s: %d calls, %d ok" % (p["id"], k, c, s))
    for k, (c, s) in sorted(A["stats"].items()):
        if k in wl_keys or c < 8:
            continue
        if s / c < 0.7:
            if k == "http.get" and any(w.startswith("http.get@") for w in wl_keys):
                rest = [e for e in A["calls"] if ability(e) == "http.get"
                        and "http.get@" + workkey(e) not in wl_keys]
                rc, rs = len(rest), sum(e["ok"] for e in rest)
                if rc < 8 or rs / rc >= 0.7:
                    ok("ability-level http.get %d/%d (%.0f%%) is the planted host; other hosts %d/%d"
                       % (s, c, 100.0 * s / c, rs, rc))
                    continue
            fail("noise reaches weak-link threshold: %s %d/%d" % (k, s, c))
    rates = ", ".join("%s %d/%d" % (k, s, c) for k, (c, s) in sorted(A["stats"].items()) if c >= 8 and k not in wl_keys)
    ok("other abilities with >= 8 calls: " + rates)

    # ---- truth file shape
    ids = [p["id"] for p in planted]
    if ids != ["j%d-p%d" % (n, i) for i in range(1, len(planted) + 1)]:
        fail("planted ids %s" % ids)
    for p in planted:
        if set(p) - {"id", "kind", "ability", "anchor", "description", "sequence", "evidence"} or \
                not {"id", "kind", "ability", "anchor", "description"} <= set(p):
            fail("planted fields %s" % sorted(p))
        if " " in p["anchor"].strip():
            fail("anchor not one word: %r" % p["anchor"])
    qs = truth["queries"]
    per = defaultdict(int)
    for q in qs:
        per[q["planted_id"]] += 1
    if len(qs) != 15 or any(per[i] != 3 for i in ids):
        fail("queries: %d, per lesson %s" % (len(qs), dict(per)))
    if len(truth["negatives"]) != 8:
        fail("negatives: %d" % len(truth["negatives"]))
    texts = [q["q"] for q in qs] + truth["negatives"]
    if len(set(t.lower() for t in texts)) != len(texts):
        fail("duplicate query/negative text")
    errwords = set()
    for e in A["calls"]:
        if not e["ok"]:
            w = re.findall(r"[a-z]+", e["error"].lower())
            errwords |= {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}
    for t in texts:
        w = re.findall(r"[a-z]+", t.lower())
        tri = {" ".join(w[i:i + 3]) for i in range(len(w) - 2)}
        if tri & errwords:
            fail("query quotes error text: %r ~ %s" % (t, sorted(tri & errwords)))
    ok("truth: 5 planted, 15 queries (3 each), 8 negatives, no error text quoted")

    kc = {k: len(v) for k, v in kinds.items()}
    return out, bad, kc


def main():
    ns = [int(a) for a in sys.argv[1:]] or [161, 162, 163, 164]
    allbad = 0
    total = defaultdict(int)
    for n in ns:
        out, bad, kc = check_journal(n)
        print("journal-%d: %s" % (n, "PASS" if not bad else "FAIL (%d)" % len(bad)))
        print("\n".join(out))
        allbad += len(bad)
        for k, v in kc.items():
            total[k] += v
    print("planted kinds over the set: " + ", ".join("%s %d" % (k, total[k]) for k in ("pitfall", "rule", "playbook", "weak_link")))
    print("ALL PASS" if not allbad else "FAILURES: %d" % allbad)
    return 1 if allbad else 0


if __name__ == "__main__":
    sys.exit(main())
