# -*- coding: utf-8 -*-
"""Event helpers and the deterministic clock (one fixed LCG seed per journal)."""
import json


class Journal:
    def __init__(self, seed, day0, repo):
        self.x = seed
        self.day0 = day0          # Unix seconds, 00:00 UTC of the day of s1
        self.repo = repo
        self.events = []
        self.t = None
        self.s = None

    def rnd(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return lo + (self.x >> 8) % (hi - lo + 1)

    def session(self, i, hour, minute):
        self.s = "s%d" % i
        self.t = self.day0 + (i - 1) * 86400 + hour * 3600 + minute * 60

    def p(self, text):
        self.t += self.rnd(35, 420)
        self.events.append({"ts": self.t + self.rnd(0, 9) / 10.0, "session": self.s,
                            "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, ms=None):
        self.t += self.rnd(3, 45)
        if ms is None:
            ms = self.rnd(4, 900) + self.rnd(0, 9) / 10.0
        e = {"ts": self.t + self.rnd(0, 9) / 10.0, "session": self.s, "kind": "call",
             "organ": organ, "ability": ability, "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = float(ms)
        self.events.append(e)
        self.t += int(ms // 1000) + 1

    # ---- shorthands
    def sh(self, cmd, err=None, ms=None):
        self.c("shell", "run", {"command": cmd, "cwd": self.repo}, err, ms)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None, ms=None):
        self.c("http", "get", {"url": url}, err, ms)

    def status(self):
        self.c("git", "status", {"repo_path": self.repo})

    def diff(self, target=None):
        a = {"repo_path": self.repo}
        if target:
            a["target"] = target
        self.c("git", "diff", a)

    def add(self, *files, err=None):
        self.c("git", "add", {"repo_path": self.repo, "files": list(files)}, err)

    def commit(self, msg, err=None):
        self.c("git", "commit", {"repo_path": self.repo, "message": msg}, err)

    def log(self, n=5):
        self.c("git", "log", {"repo_path": self.repo, "max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
