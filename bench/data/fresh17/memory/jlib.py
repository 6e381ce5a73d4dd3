"""Event helpers and a deterministic clock for the fresh17 journals (standard library only)."""
import calendar
import json
import time

DUR = {  # default duration range (ms) per ability
    "fs.read_file": (1, 9), "fs.write_file": (2, 14), "fs.edit_file": (2, 16), "fs.list_directory": (2, 40),
    "shell.run": (400, 9000), "git.status": (20, 90), "git.diff": (20, 140), "git.add": (15, 70),
    "git.commit": (40, 260), "git.log": (20, 120), "http.get": (90, 1400),
}


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.t = 0.0
        self.s = None

    def rnd(self, lo, hi):
        self.state = (self.state * 1103515245 + 12345) % (2 ** 31)
        return lo + (self.state >> 8) % (hi - lo + 1)

    def session(self, name, start):
        """start: 'YYYY-MM-DD HH:MM' UTC."""
        self.s = name
        self.t = float(calendar.timegm(time.strptime(start, "%Y-%m-%d %H:%M"))) + self.rnd(0, 59)
        self.first = True

    def say(self, text):
        if not self.first:
            self.t += self.rnd(45, 600)
        self.first = False
        self.events.append({"ts": self.t, "session": self.s, "kind": "progress", "text": text})

    def call(self, ab, args, err=None, dur=None):
        self.t += self.rnd(3, 75) + self.rnd(0, 9) / 10.0
        if dur is None:
            lo, hi = DUR[ab]
            dur = self.rnd(lo * 10, hi * 10) / 10.0
        organ, ability = ab.split(".")
        e = {"ts": round(self.t, 1), "session": self.s, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None, "duration_ms": float(dur)}
        if err is not None:
            e["error"] = err
        self.events.append(e)
        self.t += dur / 1000.0

    # shorthands
    def run(self, command, err=None, dur=None):
        self.call("shell.run", {"command": command}, err, dur)

    def read(self, path, err=None):
        self.call("fs.read_file", {"path": path}, err)

    def write(self, path, content, err=None):
        self.call("fs.write_file", {"path": path, "content": content}, err)

    def edit(self, path, old, new, err=None):
        self.call("fs.edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.call("fs.list_directory", {"path": path}, err)

    def status(self):
        self.call("git.status", {})

    def diff(self, paths=None, staged=False, err=None):
        a = {}
        if paths:
            a["paths"] = paths
        if staged:
            a["staged"] = True
        self.call("git.diff", a, err)

    def add(self, paths, err=None):
        self.call("git.add", {"paths": paths}, err)

    def commit(self, message, err=None):
        self.call("git.commit", {"message": message}, err)

    def log(self, max_count=20, path=None, rev=None):
        a = {"max_count": max_count}
        if rev:
            a["revision_range"] = rev
        if path:
            a["path"] = path
        self.call("git.log", a)

    def get(self, url, err=None):
        self.call("http.get", {"url": url}, err)

    def dump(self, path):
        ts = [e["ts"] for e in self.events]
        assert ts == sorted(ts) and len(set(ts)) == len(ts), "clock not strictly increasing"
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
