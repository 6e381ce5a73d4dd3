"""Event helpers and the deterministic clock for journals 145-148 (standard library only)."""
import datetime
import json


class LCG:
    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def next(self):
        self.s = (1103515245 * self.s + 12345) & 0x7FFFFFFF
        return self.s

    def uniform(self, a, b):
        return a + (b - a) * (self.next() / 0x7FFFFFFF)


DUR = {"shell.run": (400, 38000), "fs.read_file": (1, 9), "fs.write_file": (1, 14), "fs.edit_file": (2, 16),
       "fs.list_directory": (2, 40), "git.status": (18, 90), "git.diff": (20, 140), "git.add": (12, 60),
       "git.commit": (40, 900), "git.log": (15, 80), "http.get": (90, 2400)}


def call(organ, ability, args, error=None, dur=None):
    return {"organ": organ, "ability": ability, "args": args, "error": error, "dur": dur}


def sh(cmd, error=None, dur=None):
    return call("shell", "run", {"command": cmd}, error, dur)


def rd(path, error=None):
    return call("fs", "read_file", {"path": path}, error)


def wr(path, content, error=None):
    return call("fs", "write_file", {"path": path, "content": content}, error)


def ed(path, old, new, error=None):
    return call("fs", "edit_file", {"path": path, "old_string": old, "new_string": new}, error)


def ls(path, error=None, dur=None):
    return call("fs", "list_directory", {"path": path}, error, dur)


def get(url, error=None, dur=None):
    return call("http", "get", {"url": url}, error, dur)


def gstatus():
    return call("git", "status", {})


def gdiff(*paths):
    return call("git", "diff", {"paths": list(paths)} if paths else {})


def gadd(*paths, error=None):
    return call("git", "add", {"paths": list(paths)}, error)


def gcommit(msg, error=None):
    return call("git", "commit", {"message": msg}, error)


def glog(n=10):
    return call("git", "log", {"max_count": n})


def build(sessions, seed):
    """sessions: [(sid, 'YYYY-MM-DD', 'HH:MM', [str | call, ...]), ...] -> list of event dicts."""
    r = LCG(seed)
    events = []
    for sid, day, start, items in sessions:
        t = datetime.datetime.fromisoformat(day + "T" + start + ":00+00:00").timestamp()
        t += round(r.uniform(0, 50), 1)
        prev = None
        for it in items:
            if isinstance(it, str):
                if prev is not None:
                    t += r.uniform(70, 780)
                events.append({"ts": round(t, 1), "session": sid, "kind": "progress", "text": it})
                prev = "p"
                continue
            a = it["organ"] + "." + it["ability"]
            t += r.uniform(6, 48) if prev == "p" else r.uniform(3, 30)
            lo, hi = DUR[a]
            d = it["dur"] if it["dur"] is not None else r.uniform(lo, hi)
            ev = {"ts": round(t, 1), "session": sid, "kind": "call", "organ": it["organ"],
                  "ability": it["ability"], "args": it["args"], "ok": it["error"] is None}
            if it["error"] is not None:
                ev["error"] = it["error"]
            ev["duration_ms"] = round(d, 1)
            events.append(ev)
            t += d / 1000.0
            prev = "c"
    return events


def dump(events, path):
    with open(path, "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
