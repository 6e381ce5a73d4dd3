"""Event helpers and the deterministic clock of fresh40's journals (standard library only).

A journal is written as sessions of segments: (progress text, [calls]).  A call is a tuple made by the helpers
below; a third element, when present, is the error text of a failed call.
"""
import calendar
import json


class Clock:
    """Linear congruential generator with a fixed seed per journal."""

    def __init__(self, seed):
        self.x = seed

    def rnd(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return lo + (self.x >> 8) % (hi - lo + 1)


# ---- call helpers
def S(cmd, err=None):
    return ("shell", "run", {"command": cmd}, err)


def R(path, err=None):
    return ("fs", "read_file", {"path": path}, err)


def W(path, content):
    return ("fs", "write_file", {"path": path, "content": content}, None)


def E(path, old, new):
    return ("fs", "edit_file", {"path": path, "old": old, "new": new}, None)


def L(path, err=None):
    return ("fs", "list_directory", {"path": path}, err)


def H(url, err=None):
    return ("http", "get", {"url": url}, err)


def GS():
    return ("git", "status", {}, None)


def GD(*paths):
    return ("git", "diff", {"paths": list(paths)} if paths else {}, None)


def GA(*paths):
    return ("git", "add", {"paths": list(paths)}, None)


def GC(msg):
    return ("git", "commit", {"message": msg}, None)


def GL(n=5):
    return ("git", "log", {"max_count": n}, None)


DUR = {"shell": (400, 48000), "fs": (1, 30), "git": (8, 160), "http": (90, 2400)}


def build(seed, sessions):
    """sessions: [(sid, 'YYYY-MM-DD', 'HH:MM', [(progress text, [calls]), ...]), ...] -> list of events."""
    clk = Clock(seed)
    events = []
    for sid, day, hhmm, segs in sessions:
        y, m, d = (int(v) for v in day.split("-"))
        hh, mm = (int(v) for v in hhmm.split(":"))
        t = float(calendar.timegm((y, m, d, hh, mm, 0)) + clk.rnd(0, 59))
        first = True
        for text, calls in segs:
            if not first:
                t += clk.rnd(90, 1500)
            first = False
            events.append({"ts": t, "session": sid, "kind": "progress", "text": text})
            for organ, ab, args, err in calls:
                t += clk.rnd(6, 150) + clk.rnd(0, 9) / 10.0
                t = round(t, 1)
                lo, hi = DUR[organ]
                if err and organ == "http" and "timed out" in err:
                    dur = 30000.0 + clk.rnd(0, 90)
                else:
                    dur = clk.rnd(lo * 10, hi * 10) / 10.0
                e = {"ts": t, "session": sid, "kind": "call", "organ": organ, "ability": ab, "args": args,
                     "ok": err is None}
                if err is not None:
                    e["error"] = err
                e["duration_ms"] = dur
                events.append(e)
        assert int(events[-1]["ts"]) // 86400 == int(t) // 86400
    return events


def dump(events, path):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
