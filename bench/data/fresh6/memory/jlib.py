"""Shared serialiser for the hand-written journals. Data lives in build_journal_N.py;
this module only assigns timestamps/durations and writes JSON lines."""
import json

ORG = {
    'read': ('fs', 'read_file'), 'write': ('fs', 'write_file'), 'edit': ('fs', 'edit_file'),
    'ls': ('fs', 'list_directory'), 'sh': ('shell', 'run'), 'gst': ('git', 'status'),
    'gdiff': ('git', 'diff'), 'gadd': ('git', 'add'), 'gcommit': ('git', 'commit'), 'get': ('http', 'get'),
}
DUR = {'read': 3.1, 'write': 4.4, 'edit': 5.2, 'ls': 2.3, 'sh': 2150.0, 'gst': 38.0, 'gdiff': 45.0,
       'gadd': 31.0, 'gcommit': 160.0, 'get': 420.0}


def args_of(c):
    k = c[0]
    if k == 'read' or k == 'ls':
        return {'path': c[1]}
    if k == 'write':
        return {'path': c[1], 'content': c[2]}
    if k == 'edit':
        return {'path': c[1], 'old_string': c[2], 'new_string': c[3]}
    if k == 'sh':
        return {'command': c[1]}
    if k in ('gst', 'gdiff'):
        return {}
    if k == 'gadd':
        return {'paths': c[1]}
    if k == 'gcommit':
        return {'message': c[1]}
    if k == 'get':
        return {'url': c[1]}
    raise ValueError(k)


NARGS = {'read': 1, 'ls': 1, 'write': 2, 'edit': 3, 'sh': 1, 'gst': 0, 'gdiff': 0, 'gadd': 1, 'gcommit': 1, 'get': 1}


def build(sessions, out, base_ts):
    """sessions: list of (session_id, [(progress_text, [call, ...]), ...]).
    A call is a tuple (kind, *args[, error]); an extra trailing element is the error text (failure)."""
    lines = []
    t = float(base_ts)
    for si, (sid, segs) in enumerate(sessions):
        t = base_ts + si * 86400.0 + 9 * 3600.0 + 60.0 * si
        for n, (text, calls) in enumerate(segs):
            t += 41.0 + (n * 7) % 23
            lines.append({'ts': round(t, 3), 'session': sid, 'kind': 'progress', 'text': text})
            for m, c in enumerate(calls):
                k = c[0]
                na = NARGS[k]
                err = c[1 + na] if len(c) > 1 + na else None
                d = DUR[k] * (1.0 + ((n * 5 + m * 3) % 7) / 10.0)
                t += 1.7 + ((n + m) % 5) * 0.9
                o, a = ORG[k]
                ev = {'ts': round(t, 3), 'session': sid, 'kind': 'call', 'organ': o, 'ability': a,
                      'args': args_of(c), 'ok': err is None}
                if err is not None:
                    ev['error'] = err
                ev['duration_ms'] = round(d, 1)
                lines.append(ev)
                t += d / 1000.0
    with open(out, 'w') as f:
        for ev in lines:
            f.write(json.dumps(ev, ensure_ascii=False) + '\n')
    return len(lines)
