#!/usr/bin/env python3
"""Checks journal-47..50 against their truth files. Standard library only.

Re-derives every lesson candidate from the journal with the brief's definitions and verifies
(a) each planted lesson meets its thresholds, (b) no candidate exists that is not a planted lesson.
Where a definition is open ("program family", "fixed"), planted lessons must pass under the
stricter reading for them and noise must stay clear under the stricter reading for noise:
  shell work key   coarse = first program word (env assignments skipped), fine = program + subcommand word
  pitfall          planted must be "never fixed" even with the coarse key; noise is checked with the fine key
  rule             planted must hold with the fine key; noise is checked with the coarse key
  playbook         ability sequence of a whole segment between progress events (head/tail segments are
                   checked for noise too)
  weak link        per ability, per http host, and (extra, for noise only) per shell program
"""
import collections, json, os, re, sys
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
ABILITIES = {"fs.read_file", "fs.write_file", "fs.edit_file", "fs.list_directory", "shell.run", "git.status",
             "git.diff", "git.add", "git.commit", "git.log", "http.get"}

def ab(e):
    return e["organ"] + "." + e["ability"]

def shell_keys(cmd):
    toks = [t for t in cmd.split()]
    while toks and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", toks[0]):
        toks = toks[1:]
    coarse = toks[0] if toks else ""
    fine = coarse
    if len(toks) > 1 and re.match(r"^[a-z][a-z0-9_-]*$", toks[1]):
        fine = coarse + " " + toks[1]
    return coarse, fine

def work_key(e, g):
    a = ab(e)
    if a == "shell.run":
        c, f = shell_keys(e["args"]["command"])
        return c if g == "coarse" else f
    if a.startswith("fs."):
        return os.path.basename(e["args"]["path"].rstrip("/"))
    if a == "http.get":
        return urlparse(e["args"]["url"]).hostname
    return ""

def signature(err):
    s = err.splitlines()[0] if err else ""
    s = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "<s>", s)
    s = re.sub(r"\S*[/\\]\S*", "<path>", s)
    s = re.sub(r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b", "<hex>", s)
    s = re.sub(r"\d+", "<n>", s)
    return s.strip()

def sessions_of(events):
    by = collections.OrderedDict()
    for e in events:
        by.setdefault(e["session"], []).append(e)
    return by

def segments(evs):
    """(calls, closed) for each run of calls; closed = a progress event before and after it."""
    out, cur, opened = [], [], False
    for e in evs:
        if e["kind"] == "progress":
            if cur:
                out.append((cur, opened))
            cur, opened = [], True
        else:
            cur.append(e)
    if cur:
        out.append((cur, False))
    return out

def pitfalls(events, g):
    groups = collections.defaultdict(list)
    for e in events:
        if e["kind"] == "call" and not e["ok"]:
            groups[(ab(e), signature(e["error"]))].append(e)
    out = {}
    for (a, sig), fails in groups.items():
        sess = {f["session"] for f in fails}
        if len(fails) < 3 or len(sess) < 2:
            continue
        fixed = False
        for s, evs in sessions_of(events).items():
            for i, f in enumerate(evs):
                if f in fails:
                    for x in evs[i + 1:]:
                        if x["kind"] == "call" and x["ok"] and ab(x) == a and work_key(x, g) == work_key(f, g):
                            fixed = True
        if not fixed:
            out[(a, sig)] = {"failures": len(fails), "sessions": sorted(sess),
                             "keys": sorted({work_key(f, "coarse") for f in fails} | {work_key(f, "fine") for f in fails})}
    return out

def rules(events, g):
    pat = collections.defaultdict(set)
    sigs = collections.defaultdict(set)
    for s, evs in sessions_of(events).items():
        for i, f in enumerate(evs):
            if f["kind"] != "call" or f["ok"]:
                continue
            for x in evs[i + 1:]:
                if (x["kind"] == "call" and x["ok"] and ab(x) == ab(f) and work_key(x, g) == work_key(f, g)
                        and x["args"] != f["args"]):
                    pat[(ab(f), work_key(f, g))].add(s)
                    sigs[(ab(f), work_key(f, g))].add(signature(f["error"]))
                    break
    return {k: {"sessions": sorted(v), "signatures": sorted(sigs[k])} for k, v in pat.items() if len(v) >= 2}

def playbooks(events, closed_only):
    seen = collections.defaultdict(list)
    for s, evs in sessions_of(events).items():
        for calls, closed in segments(evs):
            if closed_only and not closed:
                continue
            seq = tuple(ab(c) for c in calls)
            if 2 <= len(calls) <= 4 and all(c["ok"] for c in calls) and len(set(seq)) == len(seq):
                seen[seq].append((s, calls))
    out = {}
    for seq, occ in seen.items():
        sess = sorted({s for s, _ in occ})
        if len(sess) >= 2:
            keys = set()
            for _, calls in occ:
                for c in calls:
                    keys |= {work_key(c, "coarse"), work_key(c, "fine")}
                    for q in [c["args"].get("path")] + list(c["args"].get("paths", [])):
                        if q:
                            keys.add(os.path.basename(q.rstrip("/")))
            out[seq] = {"sessions": sess, "keys": sorted(k for k in keys if k)}
    return out

def weak_links(events, with_programs):
    stats = collections.defaultdict(lambda: [0, 0])
    for e in events:
        if e["kind"] != "call":
            continue
        keys = [("ability", ab(e))]
        if ab(e) == "http.get":
            keys.append(("host", work_key(e, "coarse")))
        if with_programs and ab(e) == "shell.run":
            keys.append(("program", work_key(e, "coarse")))
        for k in keys:
            stats[k][0] += 1
            stats[k][1] += e["ok"]
    return {k: {"calls": n, "ok": ok, "rate": round(ok / n, 3)} for k, (n, ok) in stats.items()
            if n >= 8 and ok / n < 0.7}

def check(n):
    msgs, bad = [], 0
    def fail(m):
        nonlocal bad
        bad += 1
        msgs.append("  FAIL " + m)
    def ok(m):
        msgs.append("  ok   " + m)
    events = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
    truth = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
    planted = truth["planted"]
    # format
    if not 100 <= len(events) <= 170:
        fail("event count %d outside 100..170" % len(events))
    if [e["ts"] for e in events] != sorted(e["ts"] for e in events) or len({e["ts"] for e in events}) != len(events):
        fail("ts not strictly increasing")
    if list(sessions_of(events)) != ["s%d" % i for i in range(1, 7)]:
        fail("sessions are not s1..s6 in order")
    days = collections.defaultdict(set)
    for e in events:
        days[e["session"]].add(int(e["ts"] // 86400))
        if e["kind"] == "call":
            if ab(e) not in ABILITIES or ("error" in e) == e["ok"] or "duration_ms" not in e:
                fail("bad call event %r" % e)
        elif e["kind"] != "progress" or not e.get("text"):
            fail("bad event %r" % e)
    if any(len(d) != 1 for d in days.values()) or len({min(d) for d in days.values()}) != 6:
        fail("each session must be one distinct day")
    ok("%d events, %d calls, %d progress, 6 sessions on 6 days" % (
        len(events), sum(e["kind"] == "call" for e in events), sum(e["kind"] == "progress" for e in events)))
    # truth shape
    kinds = collections.Counter(p["kind"] for p in planted)
    if len(planted) != 5:
        fail("%d planted lessons, expected 5" % len(planted))
    if len(truth["queries"]) != 15 or collections.Counter(q["planted_id"] for q in truth["queries"]) != {p["id"]: 3 for p in planted}:
        fail("queries must be 3 per planted lesson")
    if len(truth["negatives"]) != 8:
        fail("negatives must be 8")
    # candidates
    strict_noise = {
        "pitfall": pitfalls(events, "fine"),
        "rule": rules(events, "coarse"),
        "playbook": playbooks(events, closed_only=False),
        "weak_link": weak_links(events, with_programs=True),
    }
    strict_planted = {
        "pitfall": pitfalls(events, "coarse"),
        "rule": rules(events, "fine"),
        "playbook": playbooks(events, closed_only=True),
        "weak_link": weak_links(events, with_programs=False),
    }
    def matches(p, kind, key, info):
        if p["kind"] != kind:
            return False
        if kind in ("pitfall",):
            return p["ability"] == key[0] and p["anchor"] in info["keys"]
        if kind == "rule":
            return p["ability"] == key[0] and p["anchor"] in {key[1]} | set(key[1].split())
        if kind == "playbook":
            return p["ability"] in key and p["anchor"] in info["keys"]
        if kind == "weak_link":
            if key[0] == "host":
                return p["ability"] == "http.get" and p["anchor"] == key[1]
            if key[0] == "ability":
                if p["ability"] == key[1] and p["anchor"] in (key[1], key[1].split(".")[1]):
                    return True
                # an ability that is weak only because of one planted weak host is the same lesson
                if key[1] == "http.get":
                    bad_hosts = {work_key(e, "coarse") for e in events
                                 if e["kind"] == "call" and ab(e) == "http.get" and not e["ok"]}
                    return p["ability"] == "http.get" and bad_hosts == {p["anchor"]}
            return False
    # (a) every planted lesson present under the stricter reading for planted lessons
    for p in planted:
        found = [(k, v) for k, v in strict_planted[p["kind"]].items() if matches(p, p["kind"], k, v)]
        if not found:
            fail("%s %s %s/%s not detected" % (p["id"], p["kind"], p["ability"], p["anchor"]))
            continue
        k, v = found[0]
        if p["kind"] == "pitfall":
            ev = "%d failures of one signature in sessions %s, never fixed" % (v["failures"], ",".join(v["sessions"]))
            if v["failures"] < 3 or len(v["sessions"]) < 2:
                fail(p["id"] + " below threshold")
        elif p["kind"] == "rule":
            ev = "failure then success with other arguments in sessions %s (%d signature)" % (
                ",".join(v["sessions"]), len(v["signatures"]))
        elif p["kind"] == "playbook":
            ev = "%s in sessions %s" % (" > ".join(k), ",".join(v["sessions"]))
            if len(v["sessions"]) < 3:
                fail(p["id"] + " planted playbook should recur in 3 sessions")
        else:
            ev = "%d calls, %d ok, success %.0f%%" % (v["calls"], v["ok"], 100 * v["rate"])
        ok("%s %-9s %-16s %-24s %s" % (p["id"], p["kind"], p["ability"], p["anchor"], ev))
    # (b) no candidate that is not planted, under the stricter reading for noise
    for kind, cands in strict_noise.items():
        for k, v in cands.items():
            owners = [p["id"] for p in planted if matches(p, kind, k, v)]
            if kind == "rule" and not owners:
                # the coarse key of a planted rule (e.g. "npx" for "npx hardhat") is the same lesson
                # when it covers exactly the planted sessions
                for pk, pv in strict_planted["rule"].items():
                    if pk[0] == k[0] and pk[1].split()[0] == k[1] and pv["sessions"] == v["sessions"]:
                        owners += [p["id"] for p in planted if matches(p, "rule", pk, pv)]
            if not owners:
                fail("unplanted %s candidate %s %s" % (kind, k, v))
    # planted rules use one error signature across sessions
    for k, v in strict_planted["rule"].items():
        if len(v["signatures"]) != 1:
            fail("rule %s mixes signatures %s" % (k, v["signatures"]))
    if not bad:
        ok("no noise reaches a threshold (pitfall/rule/playbook/weak link, strict readings)")
    return bad, msgs

def main():
    total = 0
    for n in (47, 48, 49, 50):
        bad, msgs = check(n)
        total += bad
        print("journal-%d: %s" % (n, "PASS" if not bad else "FAIL (%d)" % bad))
        print("\n".join(msgs))
    kinds = collections.Counter()
    for n in (47, 48, 49, 50):
        for p in json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n)))["planted"]:
            kinds[p["kind"]] += 1
    print("planted kinds over the four journals: %s" % dict(sorted(kinds.items())))
    if dict(kinds) != {"pitfall": 5, "rule": 5, "playbook": 5, "weak_link": 5}:
        total += 1
        print("FAIL kinds must be 5 of each")
    print("ALL PASS" if not total else "FAILED")
    return 1 if total else 0

if __name__ == "__main__":
    sys.exit(main())
