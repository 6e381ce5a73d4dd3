"""Event helpers and the deterministic clock for the fresh27 journals (standard library only)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.t = 0.0
        self.session = None

    def rnd(self, lo, hi):
        # fixed LCG (numerical recipes constants), one stream per journal
        self.state = (1664525 * self.state + 1013904223) % (2 ** 32)
        return lo + (hi - lo) * (self.state / 2 ** 32)

    def day(self, session, date, hour, minute=0):
        y, m, d = (int(x) for x in date.split("-"))
        self.t = float(calendar.timegm((y, m, d, hour, minute, 0)))
        self.session = session

    def p(self, text, gap=(240, 1500)):
        self.t += round(self.rnd(*gap), 1)
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, dur=None):
        self.t += round(self.rnd(4, 75), 1)
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ,
             "ability": ability, "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(dur if dur is not None else self.rnd(3, 900), 1)
        self.events.append(e)
        if dur is not None:
            self.t += dur / 1000.0

    # shorthands
    def sh(self, command, err=None, dur=None):
        self.c("shell", "run", {"command": command}, err, dur if dur is not None else round(self.rnd(200, 9000), 1))

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err, round(self.rnd(80, 2500), 1) if err is None else None)

    def status(self):
        self.c("git", "status", {})

    def diff(self, path=None):
        self.c("git", "diff", {"path": path} if path else {})

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def commit(self, message):
        self.c("git", "commit", {"message": message})

    def log(self, n=5):
        self.c("git", "log", {"max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
