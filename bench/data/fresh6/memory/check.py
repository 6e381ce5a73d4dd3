"""Checker: recompute every lesson that qualifies under the brief's rules and compare with the truth file.
Conservative choices (so the data holds under stricter and looser readings):
- error signature = first line of the error, normalised (quoted strings, urls, paths, uuids/hex, numbers); the
  planted pitfalls are also checked with the full-text signature.
- rule keys: fs -> (ability, basename); shell -> (ability, program family); http -> (ability, host);
  git -> (ability). Read-only probes are NOT excluded when searching for unplanted rules (stricter), but are
  excluded when confirming planted ones (they must hold with real fixes).
- pitfall: (ability, signature) with >= 3 failures anywhere. For planted pitfalls, no success of the same
  work key anywhere after the first failure.
- playbook: segment between progress events with 2-4 calls, all ok, distinct abilities; tuple of abilities
  recurring in >= 2 sessions.
- weak link: ability or http host with >= 8 calls and success rate < 0.70.
"""
import json, os, re, sys
from collections import defaultdict
from urllib.parse import urlparse

PROBES = {'ls', 'cat', 'which', 'head', 'tail', 'pwd', 'echo', 'find', 'grep', 'rg', 'wc', 'git-status', 'tree', 'stat', 'env', 'type'}
FAM = {'npx': 'npm', 'pnpm': 'npm', 'yarn': 'npm', 'python3': 'python', 'pip3': 'pip', 'py.test': 'pytest'}


def norm(s):
    s = s.lower()
    s = re.sub(r'https?://\S+', '<url>', s)
    s = re.sub(r'`[^`]*`|"[^"]*"|\'[^\']*\'', '<q>', s)
    s = re.sub(r'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', '<uuid>', s)
    s = re.sub(r'\S*/\S*', '<p>', s)
    s = re.sub(r'\b[0-9a-f]{6,}\b', '<h>', s)
    s = re.sub(r'\d+(\.\d+)*', '<n>', s)
    return re.sub(r'\s+', ' ', s).strip()


def sig(err, full=False):
    return norm(err if full else err.strip().splitlines()[0])


def family(cmd):
    toks = cmd.strip().split()
    # skip "cd X &&" and env assignments
    while toks:
        if toks[0] == 'cd' and '&&' in toks:
            toks = toks[toks.index('&&') + 1:]
        elif re.match(r'^[A-Z_][A-Z0-9_]*=', toks[0]):
            toks = toks[1:]
        else:
            break
    if not toks:
        return ''
    p = os.path.basename(toks[0])
    if p in ('python', 'python3') and len(toks) > 2 and toks[1] == '-m':
        return FAM.get(toks[2], toks[2])
    if p == 'git' and len(toks) > 1:
        return 'git-' + toks[1]
    if p == 'docker' and len(toks) > 1 and toks[1] == 'compose':
        return 'docker'
    return FAM.get(p, p)


def ab(e):
    return e['organ'] + '.' + e['ability']


def key(e):
    a = ab(e)
    if e['organ'] == 'fs':
        return (a, os.path.basename(e['args']['path'].rstrip('/')))
    if a == 'shell.run':
        return (a, family(e['args']['command']))
    if a == 'http.get':
        return (a, urlparse(e['args']['url']).hostname)
    return (a,)


def is_probe(e):
    a = ab(e)
    if a in ('git.status', 'git.diff', 'fs.read_file', 'fs.list_directory'):
        return True
    return a == 'shell.run' and family(e['args']['command']) in PROBES


def analyse(path):
    evs = [json.loads(l) for l in open(path)]
    # format checks
    last = -1
    for e in evs:
        assert e['ts'] > last, ('ts not increasing', e)
        last = e['ts']
        assert e['kind'] in ('progress', 'call')
        if e['kind'] == 'call':
            assert ('error' in e) == (not e['ok']), e
    calls = [e for e in evs if e['kind'] == 'call']
    sessions = []
    for e in evs:
        if e['session'] not in sessions:
            sessions.append(e['session'])
    res = {'events': len(evs), 'sessions': len(sessions), 'calls': len(calls)}
    # pitfalls
    fails = defaultdict(list)
    for i, e in enumerate(evs):
        if e['kind'] == 'call' and not e['ok']:
            fails[(ab(e), sig(e['error']))].append(i)
    pit = {k: v for k, v in fails.items() if len(v) >= 3}
    res['pitfalls'] = {}
    for k, idx in pit.items():
        keys = {key(evs[i]) for i in idx}
        fixed = any(evs[j]['kind'] == 'call' and evs[j]['ok'] and key(evs[j]) in keys for j in range(idx[0], len(evs)))
        fullsigs = {sig(evs[i]['error'], True) for i in idx}
        res['pitfalls'][k] = {'n': len(idx), 'keys': sorted(map(str, keys)), 'fixed_later': fixed,
                              'fulltext_signatures': len(fullsigs), 'sessions': len({evs[i]['session'] for i in idx})}
    res['max_nonpit_sig'] = max([len(v) for k, v in fails.items() if k not in pit] or [0])
    # rules
    def rules(strict_fix):
        r = defaultdict(lambda: {'sessions': set(), 'failures': 0, 'sigs': set()})
        for s in sessions:
            se = [e for e in calls if e['session'] == s]
            seen = set()
            for i, e in enumerate(se):
                if e['ok']:
                    continue
                k = key(e)
                for f in se[i + 1:]:
                    if f['ok'] and key(f) == k and not (strict_fix and is_probe(f)):
                        r[k]['sessions'].add(s)
                        r[k]['failures'] += 1
                        r[k]['sigs'].add(sig(e['error']))
                        break
        return {k: v for k, v in r.items()}
    loose = rules(False)
    strict = rules(True)
    res['rules_loose'] = {k: v for k, v in loose.items() if len(v['sessions']) >= 2}
    res['rules_strict'] = {k: v for k, v in strict.items() if len(v['sessions']) >= 2}
    res['rule_failures_total'] = {k: sum(1 for e in calls if not e['ok'] and key(e) == k) for k in res['rules_strict']}
    res['fixpairs_one_session'] = sorted(str(k) for k, v in loose.items() if len(v['sessions']) == 1)
    # playbooks
    pb = defaultdict(set)
    seg = None
    segs = []
    for e in evs:
        if e['kind'] == 'progress':
            seg = (e['session'], [])
            segs.append(seg)
        else:
            seg[1].append(e)
    for s, cs in segs:
        if 2 <= len(cs) <= 4 and all(c['ok'] for c in cs) and len({ab(c) for c in cs}) == len(cs):
            pb[tuple(ab(c) for c in cs)].add(s)
    res['playbooks'] = {k: sorted(v) for k, v in pb.items() if len(v) >= 2}
    res['playbook_singletons'] = sum(1 for v in pb.values() if len(v) == 1)
    # weak links
    tot = defaultdict(lambda: [0, 0])
    for e in calls:
        for k in [ab(e)] + (['host:' + urlparse(e['args']['url']).hostname] if ab(e) == 'http.get' else []):
            tot[k][0] += 1
            tot[k][1] += e['ok']
    res['rates'] = {k: (v[0], round(v[1] / v[0], 3)) for k, v in sorted(tot.items())}
    res['weak'] = {k: v for k, v in res['rates'].items() if v[0] >= 8 and v[1] < 0.70}
    return res


def main(n):
    p = f'journal-{n}.jsonl'
    truth = json.load(open(f'journal-{n}.truth.json'))
    r = analyse(p)
    ok = True
    def bad(m):
        nonlocal ok
        ok = False
        print('  FAIL:', m)
    print(f'== journal-{n}: {r["events"]} events, {r["sessions"]} sessions, {r["calls"]} calls')
    if not (100 <= r['events'] <= 150): bad('event count')
    if r['sessions'] != 6: bad('sessions')
    planted = truth['planted']
    if len(planted) != 5: bad('not 5 planted')
    found = {'pitfall': [], 'rule': [], 'playbook': [], 'weak_link': []}
    for k, v in r['pitfalls'].items():
        found['pitfall'].append((k, v))
    for k, v in r['rules_loose'].items():
        found['rule'].append((k, v))
    for k, v in r['playbooks'].items():
        found['playbook'].append((k, v))
    for k, v in r['weak'].items():
        found['weak_link'].append((k, v))
    used = set()
    for p_ in planted:
        kind, a, anc = p_['kind'], p_['ability'], p_['anchor']
        match = []
        for i, (k, v) in enumerate(found[kind]):
            if kind == 'pitfall' and k[0] == a and any(anc in s for s in v['keys']):
                match.append(i)
            if kind == 'rule' and k[0] == a and anc in k:
                match.append(i)
            if kind == 'playbook' and a in k:
                match.append(i)
            if kind == 'weak_link' and (k == a or k == 'host:' + anc):
                match.append(i)
        if kind == 'playbook' and len(match) > 1:
            match = [i for i in match if p_.get('abilities') and list(found[kind][i][0]) == p_['abilities']]
        if not match:
            bad(f'planted {p_["id"]} ({kind} {a} {anc}) does not qualify')
            continue
        for i in match:
            used.add((kind, i))
        k, v = found[kind][match[0]]
        detail = ''
        if kind == 'pitfall':
            detail = f'{v["n"]} failures in {v["sessions"]} sessions, fixed_later={v["fixed_later"]}, fulltext sigs={v["fulltext_signatures"]}'
            if v['fixed_later']: bad(f'{p_["id"]} is fixed later')
            if v['fulltext_signatures'] != 1: bad(f'{p_["id"]} full-text signatures differ')
            if v['n'] < 4: print('  note: pitfall has no margin')
        if kind == 'rule':
            sv = r['rules_strict'].get(k)
            if not sv: bad(f'{p_["id"]} only qualifies with a probe as fix')
            nf = r['rule_failures_total'].get(k, 0)
            detail = f'sessions={sorted(v["sessions"])}, failures of this key in journal={nf}, sigs={len(v["sigs"])}'
            if nf >= 3: bad(f'{p_["id"]} rule has >=3 failures')
        if kind == 'playbook':
            detail = f'{list(k)} in {v}'
            if len(v) < 3: print('  note: playbook in fewer than 3 sessions')
        if kind == 'weak_link':
            allw = [(kk, vv) for kk, vv in r['weak'].items()]
            detail = f'{allw}'
        print(f'  ok  {p_["id"]:7} {kind:9} {a:18} anchor={anc:22} {detail}')
    for kind, lst in found.items():
        for i, (k, v) in enumerate(lst):
            if (kind, i) not in used:
                bad(f'UNPLANTED {kind} qualifies: {k} {v}')
    others = {k: v for k, v in r['rates'].items() if k not in r['weak']}
    low = {k: v for k, v in others.items() if v[1] < 0.75 and v[0] >= 4}
    print(f'  non-weak abilities/hosts min rate: {min(v[1] for v in others.values())}  (those under 0.75 with >=4 calls: {low})')
    print(f'  max failures of any unplanted (ability, signature): {r["max_nonpit_sig"]}')
    print(f'  one-session failure->fix pairs (noise): {r["fixpairs_one_session"]}')
    print(f'  playbook-shaped segments that occur in one session only: {r["playbook_singletons"]}')
    # queries/negatives
    ids = {p_['id'] for p_ in planted}
    qs = truth['queries']
    cnt = defaultdict(int)
    for q in qs:
        if q['planted_id'] not in ids: bad('query id ' + q['planted_id'])
        cnt[q['planted_id']] += 1
    if any(cnt[i] != 3 for i in ids): bad(f'query counts {dict(cnt)}')
    if len(truth['negatives']) != 8: bad('negatives != 8')
    print(f'  queries={len(qs)} negatives={len(truth["negatives"])}')
    print('  RESULT:', 'PASS' if ok else 'FAIL')
    return ok


if __name__ == '__main__':
    ns = sys.argv[1:] or ['23', '24', '25', '26']
    res = [main(n) for n in ns]
    sys.exit(0 if all(res) else 1)
