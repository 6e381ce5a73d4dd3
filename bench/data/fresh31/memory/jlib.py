"""Event helpers and the deterministic clock for the fresh31 journals (standard library only)."""
import json


class Journal:
    """Builds contract events with a fixed-seed LCG clock; one session per UTC day."""

    def __init__(self, seed, day0):
        self.state = seed
        self.day0 = day0
        self.events = []
        self.session = None
        self.t = 0.0

    def rnd(self, lo, hi):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return lo + (self.state >> 8) % (hi - lo + 1)

    def start(self, session, day, hour):
        self.session = session
        self.t = float(self.day0 + day * 86400 + hour * 3600 + self.rnd(0, 1500))

    def p(self, text):
        self.t += self.rnd(40, 420) + self.rnd(0, 9) / 10.0
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, lo=20, hi=2500):
        self.t += self.rnd(3, 75) + self.rnd(0, 9) / 10.0
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(self.rnd(lo, hi) + self.rnd(0, 9) / 10.0, 1)
        self.t += e["duration_ms"] / 1000.0
        self.events.append(e)

    # shortcuts
    def sh(self, command, err=None, lo=300, hi=40000):
        self.c("shell", "run", {"command": command}, err, lo, hi)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err, 2, 40)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err, 2, 60)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err, 2, 60)

    def ls(self, path, err=None, lo=3, hi=90):
        self.c("fs", "list_directory", {"path": path}, err, lo, hi)

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err, 80, 9000)

    def status(self):
        self.c("git", "status", {}, None, 10, 200)

    def diff(self, path=None, staged=False):
        a = {}
        if path:
            a["path"] = path
        if staged:
            a["staged"] = True
        self.c("git", "diff", a, None, 10, 300)

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)}, None, 10, 200)

    def commit(self, message, err=None):
        self.c("git", "commit", {"message": message}, err, 40, 900)

    def log(self, path=None, n=10):
        a = {"max_count": n}
        if path:
            a["path"] = path
        self.c("git", "log", a, None, 10, 300)

    def write(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
