"""Robustness probes (not the contract rules): does anything unplanted qualify under looser readings?
 A. playbook from the *successful* calls of a segment only (failures dropped), 2-4 distinct abilities.
 B. pitfall with an aggressive signature: alphabetic words only, first 8 words of the first line.
 (planted rules are also checked in check.py with probes excluded as fixes.)"""
import json, re, sys
from collections import defaultdict
from check import key, ab, family
for n in ['23', '24', '25', '26']:
    evs = [json.loads(l) for l in open(f'journal-{n}.jsonl')]
    truth = json.load(open(f'journal-{n}.truth.json'))
    pb_planted = [tuple(p['abilities']) for p in truth['planted'] if p['kind'] == 'playbook']
    segs = []
    for e in evs:
        if e['kind'] == 'progress': segs.append((e['session'], []))
        else: segs[-1][1].append(e)
    A = defaultdict(set)
    for s, cs in segs:
        ok = [c for c in cs if c['ok']]
        if 2 <= len(ok) <= 4 and len({ab(c) for c in ok}) == len(ok):
            A[tuple(ab(c) for c in ok)].add(s)
    A = {k: sorted(v) for k, v in A.items() if len(v) >= 2 and k not in pb_planted}
    B = defaultdict(list)
    for e in evs:
        if e['kind'] == 'call' and not e['ok']:
            w = [x for x in re.findall(r'[a-z_]+', e['error'].splitlines()[0].lower()) if len(x) > 1][:8]
            B[(ab(e), ' '.join(w))].append(key(e))
    planted_pit = {(p['ability'], p['anchor']) for p in truth['planted'] if p['kind'] == 'pitfall'}
    Bx = {k: len(v) for k, v in B.items() if len(v) >= 3 and not any(k[0] == a and any(anc in str(kk) for kk in v) for a, anc in planted_pit)}
    print(n, 'A (success-only playbooks, unplanted):', A or 'none')
    print(n, 'B (aggressive signature pitfalls, unplanted):', Bx or 'none')
