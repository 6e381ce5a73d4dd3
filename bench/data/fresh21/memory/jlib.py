"""Event helpers and a deterministic clock (a fixed LCG seed per journal)."""
import calendar
import json


class Clock:
    def __init__(self, seed):
        self.x = seed

    def rnd(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return lo + (self.x >> 8) % (hi - lo + 1)


class Journal:
    def __init__(self, seed):
        self.clock = Clock(seed)
        self.events = []
        self.t = 0.0
        self.session = None

    def day(self, session, date, hhmm):
        y, m, d = (int(p) for p in date.split("-"))
        h, mi = (int(p) for p in hhmm.split(":"))
        t = float(calendar.timegm((y, m, d, h, mi, 0)))
        assert t > self.t
        self.t = t + self.clock.rnd(0, 50)
        self.session = session

    def _tick(self, lo, hi):
        self.t += self.clock.rnd(lo, hi) + self.clock.rnd(0, 9) / 10.0

    def say(self, text):
        self._tick(40, 600)
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def call(self, organ, ab, args, err=None, ms=None):
        self._tick(4, 70)
        if ms is None:
            ms = self.clock.rnd(3, 900) + self.clock.rnd(0, 9) / 10.0
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ, "ability": ab,
             "args": args, "ok": err is None, "duration_ms": float(ms)}
        if err is not None:
            e["error"] = err
        self.events.append(e)

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.call("shell", "run", {"command": cmd}, err, ms)

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.call("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "old": old, "new": new}, err)

    def ls(self, path, err=None):
        self.call("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None, ms=None):
        self.call("http", "get", {"url": url}, err, ms)

    def gst(self):
        self.call("git", "status", {})

    def gdiff(self, paths=None):
        self.call("git", "diff", {"paths": paths} if paths else {})

    def gadd(self, paths):
        self.call("git", "add", {"paths": paths})

    def gcommit(self, msg):
        self.call("git", "commit", {"message": msg})

    def glog(self, n=10, path=None):
        a = {"max_count": n}
        if path:
            a["path"] = path
        self.call("git", "log", a)

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
