"""Event helpers and the deterministic clock for the fresh29 journals (standard library only)."""
import calendar
import json


class Journal:
    """Builds contract-format events; a fixed LCG seed per journal makes every run identical."""

    def __init__(self, seed, repo):
        self.state = seed
        self.repo = repo
        self.events = []
        self.session = None
        self.t = 0.0

    def rnd(self, lo, hi):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return lo + (self.state >> 8) % (hi - lo + 1)

    def day(self, session, date, hh, mm):
        y, mo, d = (int(x) for x in date.split("-"))
        self.session = session
        self.t = float(calendar.timegm((y, mo, d, hh, mm, 0))) + self.rnd(0, 240)

    def p(self, text):
        self.t += self.rnd(240, 1500) + self.rnd(0, 9) / 10.0
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def _call(self, organ, ability, args, err):
        self.t += self.rnd(4, 75) + self.rnd(0, 9) / 10.0
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ,
             "ability": ability, "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = float(self.rnd(3, 900)) + self.rnd(0, 9) / 10.0
        if organ == "shell" and err is None:
            e["duration_ms"] = float(self.rnd(400, 60000)) + self.rnd(0, 9) / 10.0
        self.events.append(e)

    # shorthand per ability
    def run(self, command, err=None):
        self._call("shell", "run", {"command": command}, err)

    def read(self, path, err=None):
        self._call("fs", "read_file", {"path": path}, err)

    def write(self, path, content, err=None):
        self._call("fs", "write_file", {"path": path, "content": content}, err)

    def edit(self, path, old, new, err=None):
        self._call("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)

    def ls(self, path, err=None):
        self._call("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None):
        self._call("http", "get", {"url": url}, err)

    def status(self, err=None):
        self._call("git", "status", {"repo_path": self.repo}, err)

    def diff(self, target=None, err=None):
        args = {"repo_path": self.repo}
        if target:
            args["target"] = target
        self._call("git", "diff", args, err)

    def add(self, files, err=None):
        self._call("git", "add", {"repo_path": self.repo, "files": list(files)}, err)

    def commit(self, message, err=None):
        self._call("git", "commit", {"repo_path": self.repo, "message": message}, err)

    def log(self, n=10, err=None):
        self._call("git", "log", {"repo_path": self.repo, "max_count": n}, err)

    def dump(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
