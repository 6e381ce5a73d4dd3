"""Event helpers and the deterministic clock for journals 149-152 (fixed LCG seed per journal)."""
import calendar
import json


class Journal:
    def __init__(self, seed, first_day):
        self.state = seed & 0xFFFFFFFF
        y, m, d = first_day
        self.base = calendar.timegm((y, m, d, 0, 0, 0))
        self.events = []
        self.session = None
        self.t = 0.0

    def rnd(self, lo, hi):
        self.state = (1103515245 * self.state + 12345) & 0x7FFFFFFF
        return lo + (self.state % 100000) / 100000.0 * (hi - lo)

    def day(self, session, index, hour, minute):
        """Start session `session` on day `index` (0-based) at hour:minute UTC."""
        self.session = session
        self.t = self.base + index * 86400 + hour * 3600 + minute * 60 + round(self.rnd(0, 50), 1)

    def p(self, text):
        self.t += round(self.rnd(25, 240), 1)
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def c(self, ab, args, err=None, ms=None):
        organ, ability = ab.split(".")
        self.t += round(self.rnd(4, 70), 1)
        if ms is None:
            ms = round(self.rnd(3, 900), 1)
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None, "duration_ms": ms}
        if err is not None:
            e["error"] = err
        self.events.append(e)
        self.t += ms / 1000.0

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.c("shell.run", {"command": cmd}, err, ms if ms is not None else round(self.rnd(400, 9000), 1))

    def rd(self, path, err=None):
        self.c("fs.read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs.write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs.edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs.list_directory", {"path": path}, err, round(self.rnd(5, 4000), 1))

    def get(self, url, err=None):
        self.c("http.get", {"url": url}, err, round(self.rnd(80, 6000), 1))

    def add(self, *paths):
        self.c("git.add", {"paths": list(paths)})

    def commit(self, msg, err=None):
        self.c("git.commit", {"message": msg}, err)

    def status(self):
        self.c("git.status", {})

    def diff(self, path=None):
        self.c("git.diff", {"path": path} if path else {})

    def log(self, n=10):
        self.c("git.log", {"max_count": n})

    def write(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
