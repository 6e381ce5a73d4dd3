"""Event helpers and a deterministic clock for the fresh19 journals (standard library only)."""
import calendar
import json


class LCG:
    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFF

    def next(self):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return self.x / 0x7FFFFFFF

    def between(self, a, b):
        return a + (b - a) * self.next()


DUR = {"shell.run": (300, 9000), "fs.read_file": (1, 12), "fs.write_file": (2, 15), "fs.edit_file": (2, 18),
       "fs.list_directory": (1, 10), "git.status": (15, 60), "git.diff": (15, 90), "git.add": (10, 40),
       "git.commit": (30, 120), "git.log": (15, 60), "http.get": (80, 1800)}


class Journal:
    def __init__(self, seed, first_day):
        self.r = LCG(seed)
        y, m, d = (int(x) for x in first_day.split("-"))
        self.day0 = calendar.timegm((y, m, d, 0, 0, 0))
        self.events = []
        self.session = None
        self.t = 0.0

    def start(self, session, day, hour, minute):
        self.session = session
        self.t = self.day0 + day * 86400 + hour * 3600 + minute * 60 + int(self.r.between(0, 59))

    def p(self, text, gap=(60, 420)):
        """A progress event: what a person typed, or the session moving on."""
        self.t += int(self.r.between(*gap))
        self.events.append({"ts": float(self.t), "session": self.session, "kind": "progress", "text": text})

    def c(self, ab, args, err=None, dur=None, gap=(4, 40)):
        self.t += int(self.r.between(*gap))
        organ, ability = ab.split(".")
        lo, hi = DUR[ab]
        e = {"ts": float(self.t), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(dur if dur is not None else self.r.between(lo, hi), 1)
        self.events.append(e)
        if e["duration_ms"] > 2000:
            self.t += int(e["duration_ms"] / 1000)

    # shorthands
    def sh(self, cmd, err=None, dur=None, cwd=None):
        self.c("shell.run", {"command": cmd, "cwd": cwd} if cwd else {"command": cmd}, err, dur)

    def rd(self, path, err=None):
        self.c("fs.read_file", {"path": path}, err)

    def wr(self, path, content):
        self.c("fs.write_file", {"path": path, "content": content})

    def ed(self, path, old, new, err=None):
        self.c("fs.edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs.list_directory", {"path": path}, err)

    def get(self, url, err=None, dur=None):
        self.c("http.get", {"url": url}, err, dur)

    def st(self):
        self.c("git.status", {})

    def diff(self, staged=False):
        self.c("git.diff", {"staged": True} if staged else {})

    def add(self, *paths):
        self.c("git.add", {"paths": list(paths)})

    def commit(self, msg, all_=False):
        self.c("git.commit", {"message": msg, "all": True} if all_ else {"message": msg})

    def log(self, n=10):
        self.c("git.log", {"max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return len(self.events)
