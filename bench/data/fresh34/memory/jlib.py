"""Event helpers and the deterministic clock for the fresh34 journals (fixed LCG seed per journal)."""
import calendar
import json
import time


class LCG:
    def __init__(self, seed):
        self.s = seed

    def next(self):
        self.s = (1103515245 * self.s + 12345) % (2 ** 31)
        return self.s

    def uniform(self, a, b):
        return a + (b - a) * self.next() / float(2 ** 31)


DUR = {  # (min, max) duration in ms per ability
    "shell.run": (180, 24000), "fs.read_file": (1, 9), "fs.write_file": (2, 12), "fs.edit_file": (2, 14),
    "fs.list_directory": (3, 60), "git.status": (20, 90), "git.diff": (20, 120), "git.add": (15, 70),
    "git.commit": (40, 180), "git.log": (20, 90), "http.get": (90, 2400),
}


class Journal:
    def __init__(self, seed):
        self.r = LCG(seed)
        self.events = []
        self.t = None
        self.sid = None

    def session(self, sid, day, hm):
        """Start session `sid` on `day` (YYYY-MM-DD) at `hm` (HH:MM, UTC)."""
        self.t = float(calendar.timegm(time.strptime(day + " " + hm, "%Y-%m-%d %H:%M")))
        self.sid = sid
        self.first = True

    def gap(self, a, b):
        self.t = round(self.t + self.r.uniform(a, b), 1)

    def p(self, text):
        if self.first:
            self.first = False
        else:
            self.gap(40, 720)
        self.events.append({"ts": self.t, "session": self.sid, "kind": "progress", "text": text})

    def call(self, ab, args, err=None, dur=None):
        self.gap(2, 35)
        organ, ability = ab.split(".")
        lo, hi = DUR[ab]
        d = dur if dur is not None else round(self.r.uniform(lo, hi), 1)
        e = {"ts": self.t, "session": self.sid, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = d
        self.events.append(e)
        if ab in ("shell.run", "http.get"):
            self.t = round(self.t + d / 1000.0, 1)

    # shorthands
    def sh(self, cmd, err=None, dur=None):
        self.call("shell.run", {"command": cmd}, err, dur)

    def rd(self, path, err=None):
        self.call("fs.read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.call("fs.write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.call("fs.edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.call("fs.list_directory", {"path": path}, err)

    def get(self, url, err=None, dur=None):
        self.call("http.get", {"url": url}, err, dur)

    def gs(self):
        self.call("git.status", {})

    def gd(self, paths=None, staged=False):
        a = {}
        if paths:
            a["paths"] = paths
        if staged:
            a["staged"] = True
        self.call("git.diff", a)

    def ga(self, paths):
        self.call("git.add", {"paths": paths})

    def gc(self, msg):
        self.call("git.commit", {"message": msg})

    def gl(self, n=5):
        self.call("git.log", {"max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
