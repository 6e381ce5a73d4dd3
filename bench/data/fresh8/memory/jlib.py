"""Tiny helpers shared by the journal builders (build_3N.py hold all the data inline)."""
import json, random, os

def P(text):
    return {"kind": "progress", "text": text}

def C(ability, args, ok=True, err=None, ms=None):
    organ, ab = ability.split(".", 1)
    e = {"kind": "call", "organ": organ, "ability": ab, "args": args, "ok": err is None and ok}
    if err is not None:
        e["ok"] = False
        e["error"] = err
    e["_ms"] = ms
    return e

def R(path, err=None): return C("fs.read_file", {"path": path}, err=err)
def W(path, err=None): return C("fs.write_file", {"path": path}, err=err)
def E(path, err=None): return C("fs.edit_file", {"path": path}, err=err)
def L(path, err=None): return C("fs.list_directory", {"path": path}, err=err)
def SH(cmd, err=None, ms=None): return C("shell.run", {"command": cmd}, err=err, ms=ms)
def ST(): return C("git.status", {})
def DF(path=None): return C("git.diff", {"path": path} if path else {})
def ADD(*paths): return C("git.add", {"paths": list(paths) or ["."]})
def CM(msg, err=None): return C("git.commit", {"message": msg}, err=err)
def GET(url, err=None, ms=None): return C("http.get", {"url": url}, err=err, ms=ms)

DEFAULT_MS = {"fs": (1.0, 9.0), "git": (8.0, 120.0), "http": (80.0, 1400.0), "shell": (300.0, 9000.0)}

def write(path, sessions, base_ts, seed):
    """sessions: dict session-id -> list of events (from P/C helpers). Sessions are laid out one per day."""
    rng = random.Random(seed)
    out = []
    for i, (sid, evs) in enumerate(sessions.items()):
        ts = base_ts + i * 86400 + rng.randint(0, 7200)
        for ev in evs:
            ev = dict(ev)
            ms = ev.pop("_ms", None)
            ts += rng.uniform(1.0, 6.0) if ev["kind"] == "call" else rng.uniform(20.0, 240.0)
            rec = {"ts": round(ts, 1), "session": sid}
            rec.update(ev)
            if ev["kind"] == "call":
                if ms is None:
                    lo, hi = DEFAULT_MS[ev["organ"]]
                    ms = rng.uniform(lo, hi)
                rec["duration_ms"] = round(float(ms), 1)
                ts += ms / 1000.0
                # key order as in the contract
                rec = {k: rec[k] for k in ["ts", "session", "kind", "organ", "ability", "args", "ok", "error", "duration_ms"] if k in rec}
            out.append(rec)
    with open(path, "w") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return out

def write_truth(path, truth):
    with open(path, "w") as f:
        json.dump(truth, f, ensure_ascii=False, indent=2)
        f.write("\n")
