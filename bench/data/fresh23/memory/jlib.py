"""Event helpers and a deterministic clock (a fixed LCG seed per journal)."""
import calendar
import json


class Clock:
    def __init__(self, seed):
        self.x = seed

    def rand(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % (2 ** 31)
        return lo + self.x % (hi - lo + 1)


def R(path):
    return ("fs", "read_file", {"path": path})


def W(path, content):
    return ("fs", "write_file", {"path": path, "content": content})


def E(path, old, new):
    return ("fs", "edit_file", {"path": path, "old_text": old, "new_text": new})


def L(path):
    return ("fs", "list_directory", {"path": path})


def SH(cmd):
    return ("shell", "run", {"command": cmd})


def H(url):
    return ("http", "get", {"url": url})


def GS():
    return ("git", "status", {})


def GD(path=None):
    return ("git", "diff", {"path": path} if path else {})


def GA(*paths):
    return ("git", "add", {"paths": list(paths)})


def GC(msg):
    return ("git", "commit", {"message": msg})


def GL(n=5, path=None):
    a = {"max_count": n}
    if path:
        a["path"] = path
    return ("git", "log", a)


def X(call, err):
    """A failed call."""
    return call + (err,)


def build(days, sessions, seed):
    """days: list of 'YYYY-MM-DD HH:MM' session starts (UTC); sessions: lists of str (progress) or call tuples."""
    clk = Clock(seed)
    events = []
    for i, (start, items) in enumerate(zip(days, sessions)):
        sid = "s%d" % (i + 1)
        t = float(calendar.timegm(tuple(int(v) for v in start.replace("-", " ").replace(":", " ").split()) + (0, 0, 0, 0)))
        t += clk.rand(0, 59)
        for it in items:
            if isinstance(it, str):
                t += clk.rand(40, 300) + clk.rand(0, 9) / 10.0
                events.append({"ts": round(t, 1), "session": sid, "kind": "progress", "text": it})
                continue
            t += clk.rand(3, 45) + clk.rand(0, 9) / 10.0
            organ, ab, args = it[:3]
            dur = clk.rand(5, 90) + clk.rand(0, 9) / 10.0
            if organ == "shell":
                dur = clk.rand(300, 48000) + clk.rand(0, 9) / 10.0
            elif organ == "http":
                dur = clk.rand(120, 2400) + clk.rand(0, 9) / 10.0
            e = {"ts": round(t, 1), "session": sid, "kind": "call", "organ": organ, "ability": ab, "args": args,
                 "ok": len(it) == 3}
            if len(it) == 4:
                e["error"] = it[3]
                if "timed out" in it[3] or "timeout" in it[3]:
                    dur = 30000.0 + clk.rand(0, 900)
            e["duration_ms"] = dur
            t += dur / 1000.0
            events.append(e)
    return events


def dump(events, path):
    with open(path, "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
