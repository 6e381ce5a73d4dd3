"""Event helpers and the deterministic clock for the fresh32 journals (fixed LCG seed per journal)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.t = None
        self.session = None

    def rnd(self, lo, hi):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return lo + (self.state >> 8) % (hi - lo + 1)

    def day(self, session, date, hh, mm):
        y, m, d = (int(x) for x in date.split("-"))
        self.session = session
        self.t = float(calendar.timegm((y, m, d, hh, mm, 0))) + self.rnd(0, 59)

    def p(self, text):
        if self.events and self.events[-1]["session"] == self.session:
            self.t += self.rnd(45, 420)
        self.events.append({"ts": self.t, "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, lo=3, hi=90):
        self.t += self.rnd(lo, hi) + self.rnd(0, 9) / 10.0
        self.t = round(self.t, 1)
        e = {"ts": self.t, "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(self.rnd(2, 900) + self.rnd(0, 9) / 10.0, 1)
        self.events.append(e)

    # shorthands
    def sh(self, command, err=None):
        self.c("shell", "run", {"command": command}, err, 8, 150)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "old_string": old, "new_string": new}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def st(self):
        self.c("git", "status", {})

    def df(self, *paths):
        self.c("git", "diff", {"paths": list(paths)} if paths else {})

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def cm(self, message, err=None):
        self.c("git", "commit", {"message": message}, err)

    def log(self, n=10):
        self.c("git", "log", {"max_count": n})

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err, 2, 40)

    def dump(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
