"""Event helpers and the deterministic clock for the fresh36 journals (stdlib only)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.session = None
        self.t = 0.0

    def rnd(self):
        # fixed LCG (Numerical Recipes constants)
        self.state = (1664525 * self.state + 1013904223) % (2 ** 32)
        return self.state / float(2 ** 32)

    def between(self, lo, hi):
        return lo + (hi - lo) * self.rnd()

    def day(self, session, date, hh, mm):
        y, m, d = (int(x) for x in date.split("-"))
        self.session = session
        self.t = float(calendar.timegm((y, m, d, hh, mm, 0))) + int(self.between(0, 240))

    def p(self, text):
        self.t += int(self.between(90, 1500)) + round(self.rnd(), 1)
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, slow=False):
        self.t += int(self.between(4, 50)) + round(self.rnd(), 1)
        dur = round(self.between(800, 90000) if slow else self.between(2, 400), 1)
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ,
             "ability": ability, "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = dur
        self.events.append(e)
        if slow:
            self.t += dur / 1000.0

    # shorthands
    def sh(self, command, err=None, slow=True):
        self.c("shell", "run", {"command": command}, err, slow)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def gs(self):
        self.c("git", "status", {})

    def gd(self, path=None):
        self.c("git", "diff", {"path": path} if path else {})

    def ga(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def gc(self, message, err=None):
        self.c("git", "commit", {"message": message}, err)

    def gl(self, n=10):
        self.c("git", "log", {"max_count": n})

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err)

    def write(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
