"""Verifies the planted lessons of journal-31..34 meet their thresholds and that noise stays under every threshold.

Definitions (shared with README.md):
  signature(error): lowercased, hex/digits -> '#', path-like tokens -> <path>, whitespace collapsed.
  kind key of a call (what work it does): shell.run -> program + first sub-command (env assignments and
      'exec'/'run'/'-m' skipped, flags skipped); fs.* -> file basename; http.get -> host; git.* -> ability.
  pitfall : >=3 failures of one ability with one signature (planted: args contain the anchor, in >=2 sessions,
            and no successful call of that ability containing the anchor anywhere = never fixed).
  rule    : in one session a failed call whose first later success of the same ability and kind of work has
            different args (a same-args success = plain retry, not a rule); planted: both contain the anchor;
            counted per session, threshold >=2 sessions.
  playbook: a segment (calls between two progress events) of 2-4 calls, all ok, all distinct abilities; its ability
            sequence recurring in >=2 sessions (planted: some call of the segment contains the anchor).
  weak_link: an ability, or http.get to one host, with >=8 calls and <70% success (planted: failures all distinct).
Noise must stay under all four thresholds. Exit code 1 on any violation.
"""
import json, os, re, sys
from collections import defaultdict
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))

def sig(err):
    s = err.lower().splitlines()[0] if err else ""
    s = re.sub(r"(?<!\S)[\w.\-~]*/[\w.\-/~:@]*", "<path>", s)
    s = re.sub(r"0x[0-9a-f]+|[0-9a-f]{7,}", "#", s)
    s = re.sub(r"\d+", "#", s)
    return re.sub(r"\s+", " ", s).strip()

def ab(e): return f"{e['organ']}.{e['ability']}"
def argtext(e): return json.dumps(e.get("args", {}), ensure_ascii=False).lower()
def host(e): return urlparse(e["args"].get("url", "")).netloc.lower()

SKIP = {"exec", "run", "-m", "sudo", "npx", "uv"}
def kindkey(e):
    a = ab(e)
    if a == "shell.run":
        toks = e["args"].get("command", "").split()
        toks = [t for t in toks if not re.match(r"^[A-Z_][A-Z0-9_]*=", t)]
        prog = toks[0] if toks else ""
        rest = [t for t in toks[1:] if t not in SKIP and not t.startswith("-")]
        return f"{a}:{os.path.basename(prog)} {rest[0] if rest else ''}".strip()
    if a.startswith("fs."):
        return f"{a}:{os.path.basename(e['args'].get('path', ''))}"
    if a == "http.get":
        return f"{a}:{host(e)}"
    return a

def has_anchor(e, anchor):
    if ab(e) == "http.get" and "." in anchor and "/" not in anchor:
        return host(e) == anchor.lower()
    return anchor.lower() in argtext(e)

def segments(evs):
    segs, cur, sess = [], None, None
    for e in evs:
        if e["kind"] == "progress" or e["session"] != sess:
            if cur: segs.append((sess, cur))
            cur, sess = [], e["session"]
            if e["kind"] == "progress": continue
        cur.append(e)
    if cur: segs.append((sess, cur))
    return segs

def is_pb_seg(seg):
    return 2 <= len(seg) <= 4 and all(c["ok"] for c in seg) and len({ab(c) for c in seg}) == len(seg)

def rule_instances(calls):
    """yield (session, failed_call, fixing_call) for fail -> later ok, same ability+kind, different args."""
    by_s = defaultdict(list)
    for c in calls: by_s[c["session"]].append(c)
    for s, cs in by_s.items():
        for i, f in enumerate(cs):
            if f["ok"]: continue
            for g in cs[i + 1:]:
                if g["ok"] and ab(g) == ab(f) and kindkey(g) == kindkey(f):
                    if g["args"] != f["args"]:  # first later success of that kind of work; same args = plain retry
                        yield s, f, g
                    break

def check(n):
    path = os.path.join(HERE, f"journal-{n}.jsonl")
    evs = [json.loads(l) for l in open(path)]
    truth = json.load(open(os.path.join(HERE, f"journal-{n}.truth.json")))
    problems, lines = [], []
    # format checks
    ts = [e["ts"] for e in evs]
    if ts != sorted(ts): problems.append("events not ordered by ts")
    sessions = sorted({e["session"] for e in evs})
    for e in evs:
        if e["kind"] == "call":
            for k in ("organ", "ability", "args", "ok", "duration_ms"):
                if k not in e: problems.append(f"call missing {k}")
            if not e["ok"] and not e.get("error"): problems.append("failed call without error text")
    calls = [e for e in evs if e["kind"] == "call"]
    lines.append(f"journal-{n}: {len(evs)} events, {len(calls)} calls, {len(evs) - len(calls)} progress, sessions {','.join(sessions)}")
    if not (100 <= len(evs) <= 160): problems.append(f"event count {len(evs)} outside 100-160")
    planted = truth["planted"]
    if len(planted) != 5: problems.append("expected 5 planted lessons")
    q_ids = defaultdict(int)
    for q in truth["queries"]: q_ids[q["planted_id"]] += 1
    for p in planted:
        if q_ids[p["id"]] != 3: problems.append(f"{p['id']}: {q_ids[p['id']]} queries, expected 3")
    if len(truth["negatives"]) != 8: problems.append("expected 8 negatives")

    failgroups = defaultdict(list)  # (ability, sig) -> calls
    for c in calls:
        if not c["ok"]: failgroups[(ab(c), sig(c["error"]))].append(c)
    claimed_fail_groups, claimed_rule_keys, claimed_pb_seqs, claimed_weak = set(), [], set(), set()

    for p in planted:
        k, a, anc = p["kind"], p["ability"], p["anchor"]
        if k == "pitfall":
            mine = [c for c in calls if ab(c) == a and not c["ok"] and has_anchor(c, anc)]
            g = defaultdict(list)
            for c in mine: g[sig(c["error"])].append(c)
            best = max(g.items(), key=lambda kv: len(kv[1])) if g else ("", [])
            nsess = len({c["session"] for c in best[1]})
            fixed = [c for c in calls if ab(c) == a and c["ok"] and has_anchor(c, anc)]
            ok = len(best[1]) >= 3 and nsess >= 2 and not fixed
            claimed_fail_groups.add((a, best[0]))
            lines.append(f"  {p['id']} pitfall {a} [{anc}]: {len(best[1])} same-signature failures in {nsess} sessions, later successes with anchor: {len(fixed)} -> {'OK' if ok else 'FAIL'}")
            if not ok: problems.append(f"{p['id']} below threshold")
        elif k == "rule":
            inst = [(s, f, g) for s, f, g in rule_instances(calls) if ab(f) == a and has_anchor(f, anc) and has_anchor(g, anc)]
            # anchor-based: also allow a fix whose kind key differs (e.g. prefixing `bundle exec`)
            by_s = defaultdict(list)
            for c in calls: by_s[c["session"]].append(c)
            ss = set(s for s, _, _ in inst)
            for s, cs in by_s.items():
                for i, f in enumerate(cs):
                    if not f["ok"] and ab(f) == a and has_anchor(f, anc):
                        nxt = next((g for g in cs[i + 1:] if g["ok"] and ab(g) == a and has_anchor(g, anc)), None)
                        if nxt is not None and nxt["args"] != f["args"]:
                            ss.add(s)
                        claimed_fail_groups.add((a, sig(f["error"])))
                        claimed_rule_keys.append((a, anc))
            ok = len(ss) >= 2
            lines.append(f"  {p['id']} rule {a} [{anc}]: fail->different-success in sessions {sorted(ss)} -> {'OK' if ok else 'FAIL'}")
            if not ok: problems.append(f"{p['id']} below threshold")
        elif k == "playbook":
            seqs = defaultdict(set)
            for s, seg in segments(evs):
                if is_pb_seg(seg) and any(has_anchor(c, anc) for c in seg):
                    seqs[tuple(ab(c) for c in seg)].add(s)
            best = max(seqs.items(), key=lambda kv: len(kv[1])) if seqs else ((), set())
            claimed_pb_seqs.add(best[0])
            ok = len(best[1]) >= 2
            lines.append(f"  {p['id']} playbook [{anc}]: {' -> '.join(best[0])} in sessions {sorted(best[1])} -> {'OK' if ok else 'FAIL'}")
            if not ok: problems.append(f"{p['id']} below threshold")
        elif k == "weak_link":
            if a == "http.get" and "." in anc:
                mine = [c for c in calls if ab(c) == a and host(c) == anc.lower()]
                claimed_weak.add(("host", anc.lower())); claimed_weak.add(("ability", a))
            else:
                mine = [c for c in calls if ab(c) == a]
                claimed_weak.add(("ability", a))
            nok = sum(c["ok"] for c in mine)
            fails = [sig(c["error"]) for c in mine if not c["ok"]]
            rate = nok / len(mine) if mine else 1.0
            distinct = len(set(fails)) == len(fails)
            for f in set(fails): claimed_fail_groups.add((a, f))
            ok = len(mine) >= 8 and rate < 0.7 and distinct
            lines.append(f"  {p['id']} weak_link {a} [{anc}]: {len(mine)} calls, success {rate:.0%}, {len(fails)} failures, all distinct={distinct} -> {'OK' if ok else 'FAIL'}")
            if not ok: problems.append(f"{p['id']} below threshold")

    # ---- noise ----
    noise = []
    for (a, s), cs in failgroups.items():
        if (a, s) not in claimed_fail_groups and len(cs) >= 3:
            noise.append(f"noise pitfall: {a} '{s[:70]}' x{len(cs)}")
    rk = defaultdict(set)
    for s, f, g in rule_instances(calls):
        if any(ab(f) == a and has_anchor(f, anc) for a, anc in claimed_rule_keys):
            continue
        rk[kindkey(f)].add(s)
    for key, ss in rk.items():
        if len(ss) >= 2: noise.append(f"noise rule: {key} in sessions {sorted(ss)}")
    seqs = defaultdict(set)
    for s, seg in segments(evs):
        if is_pb_seg(seg): seqs[tuple(ab(c) for c in seg)].add(s)
    for seq, ss in seqs.items():
        if seq not in claimed_pb_seqs and len(ss) >= 2:
            noise.append(f"noise playbook: {' -> '.join(seq)} in sessions {sorted(ss)}")
    groups = defaultdict(list)
    for c in calls:
        groups[("ability", ab(c))].append(c)
        if ab(c) == "http.get": groups[("host", host(c))].append(c)
    for key, cs in sorted(groups.items()):
        rate = sum(c["ok"] for c in cs) / len(cs)
        if len(cs) >= 8 and rate < 0.7 and key not in claimed_weak:
            noise.append(f"noise weak_link: {key[0]} {key[1]} {len(cs)} calls {rate:.0%}")
    stats = ", ".join(f"{k[1]} {sum(c['ok'] for c in v)}/{len(v)}" for k, v in sorted(groups.items()) if k[0] == "ability")
    lines.append(f"  per-ability ok/calls: {stats}")
    hosts = ", ".join(f"{k[1]} {sum(c['ok'] for c in v)}/{len(v)}" for k, v in sorted(groups.items()) if k[0] == "host")
    lines.append(f"  http hosts ok/calls: {hosts}")
    lines.append(f"  noise: {'none over threshold' if not noise else '; '.join(noise)}")
    problems += noise
    lines.append(f"  => {'PASS' if not problems else 'FAIL: ' + '; '.join(problems)}")
    return problems, lines

if __name__ == "__main__":
    ns = [int(a) for a in sys.argv[1:]] or [31, 32, 33, 34]
    allp = []
    for n in ns:
        p, lines = check(n)
        print("\n".join(lines))
        allp += p
    print("ALL PASS" if not allp else f"FAILURES: {len(allp)}")
    sys.exit(1 if allp else 0)
