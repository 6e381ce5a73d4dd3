"""Event helpers and the deterministic clock for the fresh42 journals (standard library only)."""
import calendar
import json


class Journal:
    """Builds contract-format events.  The clock is a fixed-seed LCG, so output is byte for byte reproducible."""

    def __init__(self, seed, first_day):
        self.state = seed
        y, m, d = (int(x) for x in first_day.split("-"))
        self.day0 = calendar.timegm((y, m, d, 0, 0, 0, 0, 0, 0))
        self.events = []
        self.session = None
        self.ts = None

    def rnd(self, lo, hi):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return lo + (self.state >> 33) % (hi - lo + 1)

    def start(self, session, day, hour, minute):
        self.session = session
        self.ts = float(self.day0 + day * 86400 + hour * 3600 + minute * 60 + self.rnd(0, 59))

    def p(self, text):
        self.ts += self.rnd(45, 600)
        self.events.append({"ts": self.ts, "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, lo=15, hi=240):
        self.ts += self.rnd(lo, hi) + self.rnd(0, 9) / 10.0
        e = {"ts": round(self.ts, 1), "session": self.session, "kind": "call", "organ": organ,
             "ability": ability, "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(self.rnd(3, 900) + self.rnd(0, 9) / 10.0, 1)
        self.ts = e["ts"]
        self.events.append(e)

    # shorthands
    def read(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def write(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def edit(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def sh(self, command, err=None):
        self.c("shell", "run", {"command": command}, err, 20, 400)

    def status(self):
        self.c("git", "status", {})

    def diff(self, *paths):
        self.c("git", "diff", {"paths": list(paths)} if paths else {})

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def commit(self, message):
        self.c("git", "commit", {"message": message})

    def log(self, n=5):
        self.c("git", "log", {"max_count": n})

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err, 10, 120)

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
