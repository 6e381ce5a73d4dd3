#!/usr/bin/env python3
"""Check journals 39-42 against the lesson thresholds (standard library only).

Independent re-implementation of the four lesson kinds as the fresh10 brief states them:
  pitfall   >= 3 failures of one ability with one error signature (first line of the error with numbers,
            hex ids, paths and quoted strings normalised), in >= 2 sessions, never fixed (no later success in the
            session of the same ability on the same work key with different arguments).
  rule      in one session a failure, then a later success of the same ability on the same work key with
            different arguments; in >= 2 sessions. Work key: shell.run -> program (first word, env assignments
            skipped, path stripped); fs.* -> file base name; http.get -> host; git.* -> the ability alone.
  playbook  between two progress events of a session, 2-4 successful calls of pairwise distinct abilities;
            the same ability sequence in >= 2 sessions.
  weak link an ability, or http.get to one host, with >= 8 calls and a success rate under 70%.
Every planted lesson must reach its threshold; nothing else may reach any threshold. Extra robustness checks:
planted rules also hold when a failure is paired only with the next call on the same work key and when the
program family is the first two words of the command; planted pitfalls
never succeed anywhere on their work key; no error-signature group of >= 3 failures in >= 2 sessions is partly
fixed; playbooks survive if consecutive repeats of an ability are collapsed (informational count for noise).
Prints a report and ALL PASS, or the failures and exits 1.
"""
import json, os, re, sys
from collections import defaultdict
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
JOURNALS = [39, 40, 41, 42]
ENV_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def ability(e):
    return "%s.%s" % (e["organ"], e["ability"])


def work_key(e):
    a, args = ability(e), e.get("args") or {}
    if a == "shell.run":
        toks = args.get("command", "").split()
        while toks and ENV_RE.match(toks[0]):
            toks = toks[1:]
        return toks[0].rsplit("/", 1)[-1] if toks else ""
    if e["organ"] == "fs":
        return args.get("path", "").rstrip("/").rsplit("/", 1)[-1]
    if a == "http.get":
        return urlsplit(args.get("url", "")).hostname or ""
    return ""


def signature(err):
    s = (err or "").splitlines()[0] if err else ""
    s = re.sub(r"'[^']*'|\"[^\"]*\"", "<q>", s)
    s = re.sub(r"\S*/\S*", "<path>", s)
    s = re.sub(r"\b0x[0-9a-fA-F]+\b", "<hex>", s)
    s = re.sub(r"\b(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{7,}\b", "<hex>", s)
    s = re.sub(r"\d+(\.\d+)?", "<n>", s)
    return " ".join(s.split())


def analyse(events):
    calls_by_session = defaultdict(list)
    segments = []  # (session, [calls])
    cur = None
    for e in events:
        if e["kind"] == "progress":
            cur = (e["session"], [])
            segments.append(cur)
        else:
            calls_by_session[e["session"]].append(e)
            if cur is None or cur[0] != e["session"]:
                cur = (e["session"], [])
                segments.append(cur)
            cur[1].append(e)

    # rules and fixes
    rule_sessions = defaultdict(set)
    rule_next_sessions = defaultdict(set)
    fixed = set()
    for sid, calls in calls_by_session.items():
        for i, f in enumerate(calls):
            if f["ok"]:
                continue
            k = (ability(f), work_key(f))
            later = [c for c in calls[i + 1:] if (ability(c), work_key(c)) == k]
            if any(c["ok"] and c["args"] != f["args"] for c in later):
                rule_sessions[k].add(sid)
                fixed.add(id(f))
            if later and later[0]["ok"] and later[0]["args"] != f["args"]:
                rule_next_sessions[k].add(sid)
    rules = {k: s for k, s in rule_sessions.items() if len(s) >= 2}

    # pitfalls
    groups = defaultdict(list)
    for sid, calls in calls_by_session.items():
        for c in calls:
            if not c["ok"]:
                groups[(ability(c), signature(c.get("error")))].append(c)
    pitfalls, mixed, fixed_groups = {}, [], {}
    for k, fs in groups.items():
        sess = {c["session"] for c in fs}
        if len(fs) >= 3 and len(sess) >= 2:
            nfixed = sum(1 for c in fs if id(c) in fixed)
            keys = sorted({work_key(c) for c in fs})
            if nfixed == 0:
                pitfalls[k] = (len(fs), sorted(sess), keys)
            elif nfixed == len(fs):
                fixed_groups[k] = (len(fs), sorted(sess), keys)
            else:
                mixed.append(k)

    # playbooks
    seqs, seqs_collapsed = defaultdict(set), defaultdict(set)
    seg_args = defaultdict(list)
    for sid, calls in segments:
        ok = [c for c in calls if c["ok"]]
        ab = [ability(c) for c in ok]
        if 2 <= len(ab) <= 4 and len(set(ab)) == len(ab):
            seqs[tuple(ab)].add(sid)
            seg_args[tuple(ab)].append(json.dumps([c["args"] for c in ok]))
        col = [a for i, a in enumerate(ab) if i == 0 or ab[i - 1] != a]
        if 2 <= len(col) <= 4 and len(set(col)) == len(col):
            seqs_collapsed[tuple(col)].add(sid)
    playbooks = {k: s for k, s in seqs.items() if len(s) >= 2}
    playbooks_collapsed = {k: s for k, s in seqs_collapsed.items() if len(s) >= 2}

    # weak links
    stats = defaultdict(lambda: [0, 0])
    for calls in calls_by_session.values():
        for c in calls:
            for key in [("ability", ability(c))] + ([("host", work_key(c))] if ability(c) == "http.get" else []):
                stats[key][0] += 1
                stats[key][1] += 1 if c["ok"] else 0
    weak = {k: v for k, v in stats.items() if v[0] >= 8 and v[1] / v[0] < 0.70}
    return dict(rules=rules, rule_next=rule_next_sessions, pitfalls=pitfalls, fixed_groups=fixed_groups, mixed=mixed,
                playbooks=playbooks, playbooks_collapsed=playbooks_collapsed, seg_args=seg_args, weak=weak,
                stats=stats, calls_by_session=calls_by_session)


def two_word_rule_sessions(events, ab, anchor):
    """Sessions where a failure is fixed when the program family is the first two words of the command."""
    if ab != "shell.run":
        return None
    fam = lambda c: " ".join([t for t in c["args"].get("command", "").split() if not ENV_RE.match(t)][:2])
    by = defaultdict(list)
    for e in events:
        if e["kind"] == "call" and ability(e) == ab:
            by[e["session"]].append(e)
    out = set()
    for sid, calls in by.items():
        for i, f in enumerate(calls):
            if f["ok"] or work_key(f) != anchor:
                continue
            if any(c["ok"] and fam(c) == fam(f) and c["args"] != f["args"] for c in calls[i + 1:]):
                out.add(sid)
    return out


def check_journal(n, out):
    fails = []
    with open(os.path.join(HERE, "journal-%d.jsonl" % n), encoding="utf-8") as f:
        events = [json.loads(l) for l in f]
    with open(os.path.join(HERE, "journal-%d.truth.json" % n), encoding="utf-8") as f:
        truth = json.load(f)

    # format
    if not 100 <= len(events) <= 170:
        fails.append("event count %d outside 100-170" % len(events))
    if [e["ts"] for e in events] != sorted(e["ts"] for e in events):
        fails.append("events not ordered by ts")
    sess = sorted({e["session"] for e in events}, key=lambda s: int(s[1:]))
    if sess != ["s%d" % i for i in range(1, 7)]:
        fails.append("sessions %s" % sess)
    order = [e["session"] for e in events]
    if order != sorted(order, key=lambda s: int(s[1:])):
        fails.append("sessions interleave")
    for e in events:
        if e["kind"] == "progress":
            if set(e) != {"ts", "session", "kind", "text"} or not e["text"]:
                fails.append("bad progress event %s" % e)
        elif e["kind"] == "call":
            need = {"ts", "session", "kind", "organ", "ability", "args", "ok", "duration_ms"}
            if not need <= set(e) or (not e["ok"]) != ("error" in e):
                fails.append("bad call event %s" % e)
            if ability(e) not in {"fs.read_file", "fs.write_file", "fs.edit_file", "fs.list_directory", "shell.run",
                                  "git.status", "git.diff", "git.add", "git.commit", "git.log", "http.get"}:
                fails.append("unknown ability %s" % ability(e))
        else:
            fails.append("bad kind %s" % e["kind"])
    days = defaultdict(set)
    for e in events:
        days[e["session"]].add(int(e["ts"] // 86400))
    if any(len(d) != 1 for d in days.values()) or len({min(d) for d in days.values()}) != 6:
        fails.append("sessions are not one distinct day each")

    # truth shape
    planted = truth["planted"]
    if len(planted) != 5:
        fails.append("%d planted lessons, expected 5" % len(planted))
    ids = [p["id"] for p in planted]
    if ids != ["j%d-p%d" % (n, i) for i in range(1, 6)]:
        fails.append("planted ids %s" % ids)
    qs = truth["queries"]
    if len(qs) != 15 or any(sum(1 for q in qs if q["planted_id"] == i) != 3 for i in ids):
        fails.append("queries: need 3 per planted lesson, 15 in all")
    if len(truth["negatives"]) != 8:
        fails.append("need 8 negatives")

    a = analyse(events)
    matched = set()
    out.append("journal-%d: %d events, %d calls (%d failed)" % (
        n, len(events), sum(1 for e in events if e["kind"] == "call"),
        sum(1 for e in events if e["kind"] == "call" and not e["ok"])))
    for p in planted:
        kind, ab, anchor = p["kind"], p["ability"], p["anchor"]
        hit = None
        if kind == "pitfall":
            for k, (cnt, ss, keys) in a["pitfalls"].items():
                if k[0] == ab and (anchor in keys or anchor in k[1]):
                    hit = ("pitfall", k)
                    ev = "%d failures in %s, signature %r" % (cnt, ",".join(ss), k[1])
                    # robustness: the work key never succeeds anywhere in the journal
                    for sid, calls in a["calls_by_session"].items():
                        for c in calls:
                            if c["ok"] and ability(c) == ab and work_key(c) in keys:
                                fails.append("%s: %s succeeds somewhere (%s)" % (p["id"], anchor, sid))
        elif kind == "rule":
            k = (ab, anchor)
            if k in a["rules"]:
                hit = ("rule", k)
                ev = "fail->fix in %s" % ",".join(sorted(a["rules"][k]))
                if len(a["rule_next"].get(k, ())) < 2:
                    fails.append("%s: rule does not hold with next-call pairing" % p["id"])
                tw = two_word_rule_sessions(events, ab, anchor)
                if tw is not None and len(tw) < 2:
                    fails.append("%s: rule does not hold with a two-word program family" % p["id"])
        elif kind == "playbook":
            k = tuple(ab.split(">"))
            if k in a["playbooks"] and any(anchor in s for s in a["seg_args"][k]):
                hit = ("playbook", k)
                ev = "sequence in %s" % ",".join(sorted(a["playbooks"][k]))
                if k not in a["playbooks_collapsed"]:
                    fails.append("%s: playbook lost when repeats are collapsed" % p["id"])
        elif kind == "weak_link":
            k = ("host", anchor) if ab == "http.get" else ("ability", ab)
            if k in a["weak"]:
                hit = ("weak", k)
                tot, ok = a["weak"][k]
                ev = "%d/%d ok = %.0f%%" % (ok, tot, 100.0 * ok / tot)
        if hit is None:
            fails.append("%s (%s %s %s) does not reach its threshold" % (p["id"], kind, ab, anchor))
            out.append("  %s %-9s %-38s %-24s MISSING" % (p["id"], kind, ab, anchor))
        else:
            matched.add(hit)
            out.append("  %s %-9s %-38s %-24s %s" % (p["id"], kind, ab, anchor, ev))

    # noise: nothing else may fire
    for k in a["pitfalls"]:
        if ("pitfall", k) not in matched:
            fails.append("unplanned pitfall %s %s" % (k, a["pitfalls"][k]))
    for k in a["rules"]:
        if ("rule", k) not in matched:
            fails.append("unplanned rule %s in %s" % (k, sorted(a["rules"][k])))
    for k in a["playbooks"]:
        if ("playbook", k) not in matched:
            fails.append("unplanned playbook %s in %s" % (k, sorted(a["playbooks"][k])))
    for k in a["weak"]:
        if ("weak", k) not in matched:
            fails.append("unplanned weak link %s %s" % (k, a["weak"][k]))
    for k in a["mixed"]:
        fails.append("error signature group partly fixed: %s" % (k,))
    planted_pb = {m[1] for m in matched if m[0] == "playbook"}
    extra_col = sorted(k for k in a["playbooks_collapsed"] if k not in planted_pb)
    for k in extra_col:
        fails.append("noise playbook when repeats are collapsed: %s in %s" % (k, sorted(a["playbooks_collapsed"][k])))
    for k, (cnt, ss, keys) in sorted(a["fixed_groups"].items()):
        out.append("  (not a pitfall: %d failures of %s %r in %s, all fixed -> rule on %s)" % (cnt, k[0], k[1], ",".join(ss), ",".join(keys)))
    rate = {k: v for k, v in a["stats"].items() if v[0] >= 8}
    lows = sorted(rate.items(), key=lambda kv: kv[1][1] / kv[1][0])[:4]
    out.append("  lowest success rates (>= 8 calls): " + "; ".join(
        "%s %s %d/%d" % (k[0], k[1], v[1], v[0]) for k, v in lows))
    return fails, [p["kind"] for p in planted]


def main():
    out, all_fails, kinds = [], [], defaultdict(int)
    for n in JOURNALS:
        fails, ks = check_journal(n, out)
        for k in ks:
            kinds[k] += 1
        for f in fails:
            out.append("  FAIL " + f)
        all_fails += fails
    out.append("planted kinds over the four journals: " + ", ".join("%s %d" % (k, kinds[k]) for k in sorted(kinds)))
    if any(kinds[k] != 5 for k in ("pitfall", "rule", "playbook", "weak_link")):
        all_fails.append("kinds not 5 each")
        out.append("FAIL kinds not 5 each")
    out.append("ALL PASS" if not all_fails else "FAILED (%d)" % len(all_fails))
    print("\n".join(out))
    return 0 if not all_fails else 1


if __name__ == "__main__":
    sys.exit(main())
