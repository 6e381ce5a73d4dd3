"""Small builder shared by gen_memory.py: sessions of segments -> contract journal events."""
import calendar
import json
import random


def R(path, err=None):
    return ("fs", "read_file", {"path": path}, err)


def W(path, content, err=None):
    return ("fs", "write_file", {"path": path, "content": content}, err)


def E(path, old, new, err=None):
    return ("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)


def L(path, err=None):
    return ("fs", "list_directory", {"path": path}, err)


def S(cmd, err=None):
    return ("shell", "run", {"command": cmd}, err)


def GS(err=None):
    return ("git", "status", {}, err)


def GD(path=None, staged=False, err=None):
    a = {}
    if path:
        a["path"] = path
    if staged:
        a["staged"] = True
    return ("git", "diff", a, err)


def GA(*paths, err=None):
    return ("git", "add", {"paths": list(paths)}, err)


def GC(msg, err=None):
    return ("git", "commit", {"message": msg}, err)


def GL(n=5, path=None, err=None):
    a = {"max_count": n}
    if path:
        a["path"] = path
    return ("git", "log", a, err)


def H(url, err=None):
    return ("http", "get", {"url": url}, err)


def build(days, sessions, seed):
    """days: list of 'YYYY-MM-DD'; sessions: list of lists of (progress text, [calls])."""
    rnd = random.Random(seed)
    events = []
    for i, (day, segs) in enumerate(zip(days, sessions), 1):
        y, m, d = (int(x) for x in day.split("-"))
        t = calendar.timegm((y, m, d, 8, 0, 0)) + rnd.randint(0, 3600)
        sid = "s%d" % i
        for text, calls in segs:
            t += rnd.randint(60, 600)
            events.append({"ts": float(t), "session": sid, "kind": "progress", "text": text})
            for organ, ab, args, err in calls:
                t += rnd.randint(4, 90)
                dur = round(rnd.uniform(2, 40), 1)
                if organ == "shell":
                    dur = round(rnd.uniform(300, 60000), 1)
                elif organ == "http":
                    dur = round(rnd.uniform(80, 2500), 1)
                e = {"ts": float(t) + round(rnd.random(), 1) / 2, "session": sid, "kind": "call",
                     "organ": organ, "ability": ab, "args": args, "ok": err is None}
                if err is not None:
                    e["error"] = err
                    if "timed out" in err.lower() or "timeout" in err.lower():
                        dur = round(rnd.uniform(10000, 30000), 1)
                e["duration_ms"] = dur
                events.append(e)
    return events


def write(path, events):
    with open(path, "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
