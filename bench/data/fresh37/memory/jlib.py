"""Event helpers and the deterministic clock for the fresh37 journals (standard library only)."""
import calendar
import json


class Journal:
    def __init__(self, seed, first_day):
        self.state = seed & 0x7FFFFFFF
        y, m, d = (int(x) for x in first_day.split("-"))
        self.day0 = calendar.timegm((y, m, d, 0, 0, 0))
        self.events = []
        self.session = None
        self.t = 0.0

    # fixed LCG (Numerical Recipes constants), 31 bits
    def rand(self, lo, hi):
        self.state = (1103515245 * self.state + 12345) & 0x7FFFFFFF
        return lo + self.state % (hi - lo + 1)

    def start(self, session, day, hour, minute):
        self.session = session
        self.t = float(self.day0 + day * 86400 + hour * 3600 + minute * 60 + self.rand(0, 59))

    def _tick(self, lo, hi):
        self.t += self.rand(lo, hi) + self.rand(0, 9) / 10.0
        return round(self.t, 1)

    def p(self, text):
        self.events.append({"ts": self._tick(40, 600), "session": self.session, "kind": "progress", "text": text})

    def call(self, organ, ability, args, err=None, dur=None):
        e = {"ts": self._tick(3, 45), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = float(dur) if dur is not None else self.rand(3, 400) + self.rand(0, 9) / 10.0
        if dur is not None:
            self.t += dur / 1000.0
        self.events.append(e)

    # shorthands
    def sh(self, command, err=None, dur=None):
        self.call("shell", "run", {"command": command}, err, dur if dur is not None else self.rand(300, 9000))

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.call("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.call("fs", "list_directory", {"path": path}, err, self.rand(20, 3000))

    def get(self, url, err=None):
        self.call("http", "get", {"url": url}, err, self.rand(80, 6000))

    def status(self):
        self.call("git", "status", {})

    def diff(self, path=None):
        self.call("git", "diff", {"path": path} if path else {})

    def add(self, *paths):
        self.call("git", "add", {"paths": list(paths)})

    def commit(self, message, err=None):
        self.call("git", "commit", {"message": message}, err)

    def log(self, path=None, n=5):
        self.call("git", "log", {"max_count": n, "path": path} if path else {"max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
