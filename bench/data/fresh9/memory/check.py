#!/usr/bin/env python3
"""Check fresh9 journals 35-38: planted lessons meet their thresholds, noise reaches none (stdlib only).

Usage: python3 check.py   (reads journal-NN.jsonl / journal-NN.truth.json next to this file)

Definitions (from the brief):
  signature  first line of the error, with quoted strings, paths/URLs, hex ids and numbers normalised
  work key   shell.run: program (first word, leading VAR=val skipped, basename); fs.*: file base name;
             http.get: URL host; any other ability: the ability itself
  pitfall    >= 3 failures of one ability with one signature, in >= 2 sessions, never fixed (no later success
             of the same ability on the same work key in a session where it failed)
  rule       in one session a failure, then a later success of the same ability on the same work key with
             different arguments; in >= 2 sessions
  playbook   between two progress events, 2-4 calls, all successful, distinct abilities; the same ability
             sequence in >= 2 sessions
  weak link  an ability, or http.get to one host, with >= 8 calls and a success rate under 70%

Checks: every planted lesson is detected with its kind/ability/anchor; every detected lesson is planted.
Stricter checks on noise (so that a looser implementation is not fooled either):
  - no (ability, signature) with >= 3 failures in >= 2 sessions except planted pitfalls, fixed or not;
  - no (ability, work key) failing and later succeeding (any arguments) in >= 2 sessions except planted rules;
  - no ability sequence recurring in >= 2 sessions, also counting the segment after the last progress event and
    the projection of a segment onto its successful calls, except planted playbooks.
Prints one line per check and "ALL PASS" (exit 0) or "FAIL" (exit 1).
"""
import json
import os
import re
import sys
from collections import defaultdict
from datetime import datetime, timezone
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
JOURNALS = [35, 36, 37, 38]
KINDS = ("pitfall", "rule", "playbook", "weak_link")


def signature(err):
    line = err.splitlines()[0] if err else ""
    line = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "<str>", line)
    line = re.sub(r"\S*/\S*", "<path>", line)
    line = re.sub(r"\b0x[0-9a-fA-F]+\b", "<hex>", line)
    line = re.sub(r"\b(?=[0-9a-f]*\d)[0-9a-f]{7,}\b", "<hex>", line)
    line = re.sub(r"\d+(?:\.\d+)*", "<n>", line)
    return line.strip()


def ability_of(ev):
    return f"{ev['organ']}.{ev['ability']}"


def work_key(ev):
    ab = ability_of(ev)
    args = ev.get("args", {})
    if ab == "shell.run":
        for tok in args.get("command", "").split():
            if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", tok):
                continue
            return os.path.basename(tok)
        return ""
    if ab.startswith("fs."):
        return os.path.basename(args.get("path", "").rstrip("/"))
    if ab == "http.get":
        return urlparse(args.get("url", "")).hostname or ""
    return ab


def load(num):
    with open(os.path.join(HERE, f"journal-{num}.jsonl"), encoding="utf-8") as f:
        events = [json.loads(line) for line in f]
    with open(os.path.join(HERE, f"journal-{num}.truth.json"), encoding="utf-8") as f:
        truth = json.load(f)
    return events, truth


def by_session(events):
    sess = defaultdict(list)
    for ev in events:
        sess[ev["session"]].append(ev)
    return sess


def segments(evs, include_trailing):
    """Lists of calls between progress events (optionally also the tail after the last progress event)."""
    out, cur, opened = [], [], False
    for ev in evs:
        if ev["kind"] == "progress":
            if opened and cur:
                out.append(cur)
            cur, opened = [], True
        else:
            cur.append(ev)
    if include_trailing and cur:
        out.append(cur)
    return out


def seq_of(calls):
    abs_ = [ability_of(c) for c in calls]
    if 2 <= len(abs_) <= 4 and len(set(abs_)) == len(abs_):
        return tuple(abs_)
    return None


def detect(events):
    sess = by_session(events)
    found = []
    # pitfalls
    groups = defaultdict(list)
    for sid, evs in sess.items():
        for i, ev in enumerate(evs):
            if ev["kind"] == "call" and not ev["ok"]:
                groups[(ability_of(ev), signature(ev["error"]))].append((sid, i, ev))
    for (ab, sig), fails in groups.items():
        sessions = {s for s, _, _ in fails}
        if len(fails) < 3 or len(sessions) < 2:
            continue
        fixed = False
        for sid, i, ev in fails:
            key = work_key(ev)
            for later in sess[sid][i + 1:]:
                if later["kind"] == "call" and later["ok"] and ability_of(later) == ab and work_key(later) == key:
                    fixed = True
        if not fixed:
            found.append({"kind": "pitfall", "ability": ab, "sig": sig, "keys": sorted({work_key(e) for _, _, e in fails}),
                          "n": len(fails), "sessions": sorted(sessions)})
    # rules
    rule_sessions = defaultdict(set)
    for sid, evs in sess.items():
        for i, ev in enumerate(evs):
            if ev["kind"] != "call" or ev["ok"]:
                continue
            ab, key = ability_of(ev), work_key(ev)
            for later in evs[i + 1:]:
                if (later["kind"] == "call" and later["ok"] and ability_of(later) == ab and work_key(later) == key
                        and later["args"] != ev["args"]):
                    rule_sessions[(ab, key)].add(sid)
                    break
    for (ab, key), ss in rule_sessions.items():
        if len(ss) >= 2:
            found.append({"kind": "rule", "ability": ab, "key": key, "sessions": sorted(ss)})
    # playbooks
    pb = defaultdict(lambda: defaultdict(list))
    for sid, evs in sess.items():
        for seg in segments(evs, include_trailing=False):
            if all(c["ok"] for c in seg):
                sq = seq_of(seg)
                if sq:
                    pb[sq][sid].append(seg)
    for sq, ss in pb.items():
        if len(ss) >= 2:
            found.append({"kind": "playbook", "sequence": list(sq), "sessions": sorted(ss), "segments": ss})
    # weak links
    stats = defaultdict(lambda: [0, 0])
    for ev in events:
        if ev["kind"] != "call":
            continue
        ab = ability_of(ev)
        targets = [(ab, None)]
        if ab == "http.get":
            targets.append((ab, work_key(ev)))
        for t in targets:
            stats[t][0] += 1
            stats[t][1] += 1 if ev["ok"] else 0
    for (ab, host), (n, ok) in stats.items():
        if n >= 8 and ok / n < 0.7:
            found.append({"kind": "weak_link", "ability": ab, "host": host, "n": n, "ok": ok})
    return found, stats


def strict_noise(events, planted):
    """Looser readings of the thresholds; anything they find must be a planted lesson."""
    problems = []
    sess = by_session(events)
    pit = [p for p in planted if p["kind"] == "pitfall"]
    rules = [p for p in planted if p["kind"] == "rule"]
    pbs = [tuple(p["sequence"]) for p in planted if p["kind"] == "playbook"]
    # pitfall-like groups, fixed or not
    groups = defaultdict(list)
    for ev in events:
        if ev["kind"] == "call" and not ev["ok"]:
            groups[(ability_of(ev), signature(ev["error"]))].append(ev)
    for (ab, sig), fails in groups.items():
        if len(fails) >= 3 and len({e["session"] for e in fails}) >= 2:
            keys = {work_key(e) for e in fails}
            if not any(p["ability"] == ab and (p["anchor"] in keys or p["anchor"] in sig) for p in pit):
                problems.append(f"noise failures look like a pitfall: {ab} '{sig}' x{len(fails)}")
    # fail -> later success on the same key, any arguments
    rs = defaultdict(set)
    for sid, evs in sess.items():
        for i, ev in enumerate(evs):
            if ev["kind"] == "call" and not ev["ok"]:
                ab, key = ability_of(ev), work_key(ev)
                if any(l["kind"] == "call" and l["ok"] and ability_of(l) == ab and work_key(l) == key
                       for l in evs[i + 1:]):
                    rs[(ab, key)].add(sid)
    for (ab, key), ss in rs.items():
        if len(ss) >= 2 and not any(p["ability"] == ab and p["anchor"] == key for p in rules):
            problems.append(f"noise fail->success looks like a rule: {ab} [{key}] in {sorted(ss)}")
    # playbook variants
    seen = defaultdict(set)
    for sid, evs in sess.items():
        for seg in segments(evs, include_trailing=True):
            if all(c["ok"] for c in seg):
                sq = seq_of(seg)
                if sq:
                    seen[sq].add(sid)
            sq2 = seq_of([c for c in seg if c["ok"]])
            if sq2:
                seen[sq2].add(sid)
    for sq, ss in seen.items():
        if len(ss) >= 2 and sq not in pbs:
            problems.append(f"noise ability sequence recurs: {' > '.join(sq)} in {sorted(ss)}")
    return problems


def check_format(num, events, truth):
    problems = []
    if not 100 <= len(events) <= 170:
        problems.append(f"{len(events)} events, want 100-170")
    last = -1
    sess_days = defaultdict(set)
    for n, ev in enumerate(events, 1):
        if ev["ts"] < last:
            problems.append(f"event {n}: ts not ordered")
        last = ev["ts"]
        sess_days[ev["session"]].add(datetime.fromtimestamp(ev["ts"], timezone.utc).date())
        if ev["kind"] == "progress":
            if set(ev) != {"ts", "session", "kind", "text"} or not ev["text"]:
                problems.append(f"event {n}: bad progress event")
        elif ev["kind"] == "call":
            need = {"ts", "session", "kind", "organ", "ability", "args", "ok", "duration_ms"}
            if not need <= set(ev):
                problems.append(f"event {n}: missing {need - set(ev)}")
            if (not ev["ok"]) != ("error" in ev):
                problems.append(f"event {n}: error field must be present exactly when ok is false")
            if ability_of(ev) not in {"fs.read_file", "fs.write_file", "fs.edit_file", "fs.list_directory", "shell.run",
                                      "git.status", "git.diff", "git.add", "git.commit", "git.log", "http.get"}:
                problems.append(f"event {n}: unknown ability {ability_of(ev)}")
        else:
            problems.append(f"event {n}: kind {ev['kind']}")
    if sorted(sess_days) != [f"s{i}" for i in range(1, 7)]:
        problems.append(f"sessions {sorted(sess_days)}")
    days = [sess_days[f"s{i}"] for i in range(1, 7) if f"s{i}" in sess_days]
    if any(len(d) != 1 for d in days) or len({min(d) for d in days}) != len(days):
        problems.append("each session must be one distinct day")
    planted = truth["planted"]
    if len(planted) != 5:
        problems.append(f"{len(planted)} planted, want 5")
    ids = [p["id"] for p in planted]
    if len(set(ids)) != len(ids) or not all(i.startswith(f"j{num}-") for i in ids):
        problems.append("planted ids")
    for p in planted:
        if p["kind"] not in KINDS or not p.get("anchor") or not p.get("description"):
            problems.append(f"{p['id']}: kind/anchor/description")
        if " " in p["anchor"]:
            problems.append(f"{p['id']}: anchor must be one word")
    qs = truth["queries"]
    if len(qs) != 15 or any(sum(q["planted_id"] == i for q in qs) != 3 for i in ids):
        problems.append("want exactly 3 queries per planted lesson")
    if len(truth["negatives"]) != 8:
        problems.append("want 8 negatives")
    texts = [q["q"] for q in qs] + truth["negatives"]
    if len(set(texts)) != len(texts):
        problems.append("duplicate query/negative text")
    if set(truth) != {"planted", "queries", "negatives", "notes"}:
        problems.append(f"truth keys {sorted(truth)}")
    return problems


def match(p, d):
    if p["kind"] != d["kind"]:
        return False
    a = p["anchor"]
    if d["kind"] == "pitfall":
        return d["ability"] == p["ability"] and (a in d["keys"] or a in d["sig"])
    if d["kind"] == "rule":
        return d["ability"] == p["ability"] and d["key"] == a
    if d["kind"] == "playbook":
        if d["sequence"] != p["sequence"] or d["sequence"][0] != p["ability"]:
            return False
        # the anchor must be in the arguments of every planted segment
        return all(any(a in json.dumps(c["args"]) for c in seg)
                   for segs in d["segments"].values() for seg in segs)
    if d["kind"] == "weak_link":
        if d["ability"] != p["ability"]:
            return False
        return d["host"] == a if d["host"] is not None else a in p["ability"]
    return False


def describe(d):
    if d["kind"] == "pitfall":
        return f"pitfall {d['ability']} '{d['sig']}' x{d['n']} in {','.join(d['sessions'])}"
    if d["kind"] == "rule":
        return f"rule {d['ability']} [{d['key']}] fail->fix in {','.join(d['sessions'])}"
    if d["kind"] == "playbook":
        return f"playbook {' > '.join(d['sequence'])} in {','.join(d['sessions'])}"
    where = f" host {d['host']}" if d["host"] else ""
    return f"weak_link {d['ability']}{where}: {d['ok']}/{d['n']} ok ({100 * d['ok'] / d['n']:.0f}%)"


def main():
    all_ok = True
    kinds_total = defaultdict(int)
    for num in JOURNALS:
        events, truth = load(num)
        planted = truth["planted"]
        problems = check_format(num, events, truth)
        found, stats = detect(events)
        for p in planted:
            kinds_total[p["kind"]] += 1
            hits = [d for d in found if match(p, d)]
            if len(hits) != 1:
                problems.append(f"{p['id']} ({p['kind']} {p['anchor']}): detected {len(hits)} times")
            else:
                d = hits[0]
                extra = ""
                if d["kind"] == "playbook" and len(d["sessions"]) < 3:
                    extra = " (planted in fewer than 3 sessions)"
                    problems.append(f"{p['id']}: playbook in {len(d['sessions'])} sessions, want 3")
                print(f"  journal-{num} {p['id']}: PASS  {describe(d)}{extra}")
        for d in found:
            if not any(match(p, d) for p in planted):
                problems.append(f"unplanted lesson reached a threshold: {describe(d)}")
        problems += strict_noise(events, planted)
        rates = ", ".join(f"{ab}{'@' + h if h else ''} {ok}/{n}" for (ab, h), (n, ok) in sorted(
            stats.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")) if n >= 8)
        print(f"  journal-{num}: {len(events)} events, calls with >=8 uses: {rates}")
        if problems:
            all_ok = False
            for pr in problems:
                print(f"  journal-{num}: PROBLEM {pr}")
        else:
            print(f"  journal-{num}: PASS (5 planted detected, noise reaches no threshold, strict checks clean)")
    print("planted kinds over the four journals: " + ", ".join(f"{k} {kinds_total[k]}" for k in KINDS))
    if any(kinds_total[k] != 5 for k in KINDS):
        all_ok = False
        print("PROBLEM: want 5 of each kind")
    print("ALL PASS" if all_ok else "FAIL")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
