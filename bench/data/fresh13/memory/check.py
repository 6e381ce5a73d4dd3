#!/usr/bin/env python3
"""Check fresh13 memory journals: planted lessons reach their thresholds, noise reaches none.

Detectors follow the brief literally, and where the brief is open to two readings both are run:
  * shell program family: first token (coarse) and first two tokens (fine);
  * playbook segments: all calls of the segment must succeed (strict) or failures are dropped (lenient).
A planted lesson must be found under every reading; anything found under any reading must be planted."""
import json, os, re, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
JOURNALS = [47, 48, 49, 50]
# the ability sequence each planted playbook is expected to produce
PLAYBOOK_SEQ = {
    "j47-p4": ["git.log", "fs.edit_file", "shell.run", "git.add"],
    "j48-p4": ["fs.list_directory", "shell.run", "fs.write_file", "git.add"],
    "j49-p3": ["fs.list_directory", "fs.read_file", "shell.run"],
    "j49-p4": ["fs.edit_file", "shell.run", "git.diff", "git.commit"],
    "j50-p3": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
}

def signature(err):
    s = err.splitlines()[0] if err else ""
    s = re.sub(r"'[^']*'|\"[^\"]*\"", "<s>", s)
    s = re.sub(r"(?:[A-Za-z]:)?(?:\.{0,2}/)?(?:[\w.@-]+/)+[\w.@-]*", "<path>", s)
    s = re.sub(r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{7,40}\b", "<hex>", s)
    s = re.sub(r"\d+(?:\.\d+)*", "<n>", s)
    return s.strip()

def program(cmd, fine):
    toks = cmd.split()
    while toks and (re.match(r"^[A-Z_][A-Z0-9_]*=", toks[0]) or toks[0] in ("sudo", "env", "time")):
        toks = toks[1:]
    if not toks:
        return ""
    first = os.path.basename(toks[0])
    if fine and len(toks) > 1 and not toks[1].startswith(("'", '"')):
        return first + " " + toks[1]
    return first

def host(url):
    m = re.match(r"^[a-z]+://([^/:?#]+)", url)
    return m.group(1) if m else url

def ability(e):
    return e["organ"] + "." + e["ability"]

def workkey(e, fine):
    a, args = ability(e), e.get("args", {})
    if a == "shell.run":
        return program(args.get("command", ""), fine)
    if a == "http.get":
        return host(args.get("url", ""))
    if e["organ"] == "fs":
        return os.path.basename(args.get("path", "").rstrip("/"))
    return ""

def detect(events, fine, lenient):
    calls = [e for e in events if e["kind"] == "call"]
    found = {}
    # pitfall
    fails = defaultdict(list)
    for i, e in enumerate(events):
        if e["kind"] == "call" and not e["ok"]:
            fails[(ability(e), signature(e.get("error", "")))].append(i)
    for (ab, sig), idx in fails.items():
        sessions = {events[i]["session"] for i in idx}
        fixed = False
        for i in idx:
            f = events[i]
            for e in events[i + 1:]:
                if (e["kind"] == "call" and e["session"] == f["session"] and e["ok"] and ability(e) == ab
                        and workkey(e, fine) == workkey(f, fine)):
                    fixed = True
        if len(idx) >= 3 and len(sessions) >= 2 and not fixed:
            found[("pitfall", ab, workkey(events[idx[0]], False))] = "%d failures in %s: %s" % (len(idx), ",".join(sorted(sessions)), sig)
    # rule
    pat = defaultdict(set)
    for i, f in enumerate(events):
        if f["kind"] != "call" or f["ok"]:
            continue
        for e in events[i + 1:]:
            if (e["kind"] == "call" and e["session"] == f["session"] and e["ok"] and ability(e) == ability(f)
                    and workkey(e, fine) == workkey(f, fine) and e["args"] != f["args"]):
                pat[(ability(f), workkey(f, fine))].add(f["session"])
                break
    for (ab, key), ss in pat.items():
        if len(ss) >= 2:
            found[("rule", ab, key.split()[0] if ab == "shell.run" else key)] = "fail->fix in %s (key %r)" % (",".join(sorted(ss)), key)
    # playbook
    seqs = defaultdict(set)
    by_sess = defaultdict(list)
    for e in events:
        by_sess[e["session"]].append(e)
    for s, evs in by_sess.items():
        seg = []
        for e in evs + [{"kind": "progress"}]:
            if e["kind"] == "progress":
                cs = [c for c in seg if c["ok"]] if lenient else seg
                if all(c["ok"] for c in cs):
                    abil = [ability(c) for c in cs]
                    if 2 <= len(abil) <= 4 and len(set(abil)) == len(abil):
                        seqs[tuple(abil)].add(s)
                seg = []
            else:
                seg.append(e)
    for seq, ss in seqs.items():
        if len(ss) >= 2:
            found[("playbook", seq[0], " > ".join(seq))] = "in %s" % ",".join(sorted(ss))
    # weak link
    stats = defaultdict(lambda: [0, 0])
    for e in calls:
        for k in [ability(e)] + (["http.get@" + host(e["args"].get("url", ""))] if ability(e) == "http.get" else []):
            stats[k][0] += 1
            stats[k][1] += e["ok"]
    for k, (n, ok) in stats.items():
        if n >= 8 and ok / n < 0.7:
            ab, _, h = k.partition("@")
            found[("weak_link", ab, h or ab)] = "%d calls, %d ok (%.0f%%)" % (n, ok, 100.0 * ok / n)
    return found, stats

def planted_key(p):
    return (p["kind"], p["ability"], p["anchor"])

def matches(p, key, seq_anchor_text):
    kind, ab, anchor = key
    if kind != p["kind"]:
        return False
    if kind == "playbook":
        return " > ".join(PLAYBOOK_SEQ[p["id"]]) == anchor
    if kind == "weak_link" and anchor == ab:  # ability-wide weak link: anchor is the tool name
        return ab == p["ability"] and ab.split(".", 1)[1] == p["anchor"]
    return ab == p["ability"] and anchor == p["anchor"]

def check_format(n, events, truth, problems):
    if not 100 <= len(events) <= 170:
        problems.append("journal-%d: %d events (want 100-170)" % (n, len(events)))
    ts = [e["ts"] for e in events]
    if ts != sorted(ts) or len(set(ts)) != len(ts):
        problems.append("journal-%d: ts not strictly increasing" % n)
    if sorted({e["session"] for e in events}) != ["s%d" % i for i in range(1, 7)]:
        problems.append("journal-%d: sessions are not s1..s6" % n)
    for e in events:
        if e["kind"] == "progress":
            if set(e) != {"ts", "session", "kind", "text"}:
                problems.append("journal-%d: bad progress event %s" % (n, e))
        else:
            need = {"ts", "session", "kind", "organ", "ability", "args", "ok", "duration_ms"}
            if set(e) - {"error"} != need or (("error" in e) == e["ok"]):
                problems.append("journal-%d: bad call event %s" % (n, e))
    pl = truth["planted"]
    if len(pl) != 5:
        problems.append("journal-%d: %d planted (want 5)" % (n, len(pl)))
    ids = [p["id"] for p in pl]
    if ids != ["j%d-p%d" % (n, i) for i in range(1, 6)]:
        problems.append("journal-%d: planted ids %s" % (n, ids))
    q = truth["queries"]
    for pid in ids:
        if sum(1 for x in q if x["planted_id"] == pid) != 3:
            problems.append("journal-%d: %s does not have 3 queries" % (n, pid))
    if len(q) != 15 or len(truth["negatives"]) != 8:
        problems.append("journal-%d: %d queries, %d negatives" % (n, len(q), len(truth["negatives"])))
    allq = [x["q"].lower() for x in q] + [x.lower() for x in truth["negatives"]]
    if len(set(allq)) != len(allq):
        problems.append("journal-%d: duplicate query text" % n)

def main():
    problems, lines, kinds = [], [], defaultdict(int)
    for n in JOURNALS:
        events = [json.loads(l) for l in open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8")]
        truth = json.load(open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8"))
        check_format(n, events, truth, problems)
        planted = truth["planted"]
        for p in planted:
            kinds[p["kind"]] += 1
        per_reading = {}
        for fine in (False, True):
            for lenient in (False, True):
                found, stats = detect(events, fine, lenient)
                per_reading[(fine, lenient)] = found
                for p in planted:
                    hit = [k for k in found if matches(p, k, None)]
                    if not hit:
                        problems.append("journal-%d: planted %s (%s %s) NOT detected [fine=%s lenient=%s]"
                                        % (n, p["id"], p["kind"], p["anchor"], fine, lenient))
                for k, why in found.items():
                    if not any(matches(p, k, None) for p in planted):
                        problems.append("journal-%d: UNPLANTED %s %s %s: %s [fine=%s lenient=%s]"
                                        % (n, k[0], k[1], k[2], why, fine, lenient))
        lines.append("journal-%d: %d events, %d sessions, %d progress, %d calls (%d failed)" % (
            n, len(events), len({e['session'] for e in events}), sum(e["kind"] == "progress" for e in events),
            sum(e["kind"] == "call" for e in events), sum(e["kind"] == "call" and not e["ok"] for e in events)))
        found = per_reading[(False, False)]
        for p in planted:
            ev = [why for k, why in found.items() if matches(p, k, None)]
            lines.append("  %s %-9s %-14s %-16s %s" % (p["id"], p["kind"], p["ability"], p["anchor"], "; ".join(ev)))
        _, stats = detect(events, False, False)
        near = ["%s %d/%d" % (k, ok, c) for k, (c, ok) in sorted(stats.items()) if c >= 8]
        lines.append("  abilities/hosts with >=8 calls (ok/calls): " + ", ".join(near))
    lines.append("kinds over the four journals: " + ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
    if any(v != 5 for v in kinds.values()) or len(kinds) != 4:
        problems.append("kind mix is not 5 of each")
    print("\n".join(lines))
    if problems:
        print("\n".join("FAIL " + p for p in problems))
        return 1
    print("ALL PASS")
    return 0

if __name__ == "__main__":
    sys.exit(main())
