"""Helpers to write gold_any compactly: a slot is a list of alternative tool sets; prod() takes the
cartesian product of slots, alt() joins alternatives; both drop duplicate and superset sets."""
import itertools, json

def norm(sets):
    out = []
    for s in sets:
        s = list(dict.fromkeys(s))
        if s not in out: out.append(s)
    fs = [frozenset(s) for s in out]
    return [s for s, f in zip(out, fs) if not any(g < f for g in fs)]

def S(*tools):            # one slot with a single set
    return [list(tools)]

def A(*tools):            # one slot: any single one of these tools
    return [[t] for t in tools]

def prod(*slots):
    res = []
    for combo in itertools.product(*slots):
        res.append([t for s in combo for t in s])
    return norm(res)

def alt(*golds):
    return norm([s for g in golds for s in g])

def write(path, prefix, rows):
    with open(path, "w") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            f.write(json.dumps({"id": f"{prefix}-{i:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
    print(path, len(rows))
