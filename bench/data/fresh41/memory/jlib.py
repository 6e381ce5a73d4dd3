"""Event helpers and the deterministic clock for the fresh41 journals (standard library only)."""
import calendar
import json


class Journal:
    def __init__(self, seed, first_day):
        self.state = seed & 0xFFFFFFFFFFFF
        self.first_day = first_day          # "YYYY-MM-DD" of s1
        self.events = []
        self.session = None
        self.t = 0.0

    def rnd(self, lo, hi):
        # 48-bit LCG (java.util.Random constants), fixed seed per journal
        self.state = (self.state * 0x5DEECE66D + 0xB) & 0xFFFFFFFFFFFF
        return lo + (self.state >> 16) % (hi - lo + 1)

    def day(self, n, start_hhmm):
        y, m, d = map(int, self.first_day.split("-"))
        base = calendar.timegm((y, m, d, 0, 0, 0)) + 86400 * (n - 1)
        hh, mm = start_hhmm
        self.session = "s%d" % n
        self.t = float(base + hh * 3600 + mm * 60 + self.rnd(0, 240))

    def p(self, text):
        self.t += self.rnd(45, 420) + self.rnd(0, 9) / 10.0
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, ms=None):
        self.t += self.rnd(4, 70) + self.rnd(0, 9) / 10.0
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        if ms is None:
            ms = self.rnd(3, 400) + self.rnd(0, 9) / 10.0
        e["duration_ms"] = float(ms)
        self.events.append(e)
        self.t += ms / 1000.0

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.c("shell", "run", {"command": cmd}, err, ms)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def ed(self, path, old, new):
        self.c("fs", "edit_file", {"path": path, "old_string": old, "new_string": new})

    def wr(self, path, content):
        self.c("fs", "write_file", {"path": path, "content": content})

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None, ms=None):
        self.c("http", "get", {"url": url}, err, ms)

    def st(self):
        self.c("git", "status", {})

    def df(self, *paths):
        self.c("git", "diff", {"paths": list(paths)} if paths else {})

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def cm(self, msg):
        self.c("git", "commit", {"message": msg})

    def log(self, args):
        self.c("git", "log", args)

    def dump(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
