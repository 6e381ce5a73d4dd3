"""Event helpers and the deterministic clock for journals 165-168 (standard library only)."""
import json


class LCG:
    def __init__(self, seed):
        self.s = seed

    def next(self):
        self.s = (1103515245 * self.s + 12345) % 2147483648
        return self.s

    def uniform(self, a, b):
        return a + (b - a) * self.next() / 2147483648.0


class Journal:
    def __init__(self, seed, day0):
        self.r = LCG(seed)
        self.day0 = day0          # Unix seconds of s1's midnight (UTC)
        self.events = []
        self.sess = None
        self.t = 0.0

    def session(self, n, hour):
        self.sess = "s%d" % n
        self.t = self.day0 + (n - 1) * 86400 + hour * 3600 + round(self.r.uniform(0, 1200))

    def _ts(self, lo, hi):
        self.t = round(self.t + self.r.uniform(lo, hi), 1)
        return self.t

    # a developer's message to the agent
    def p(self, text):
        self.events.append({"ts": self._ts(30, 420), "session": self.sess, "kind": "progress", "text": text})

    def call(self, organ, ability, args, err=None, lo=4.0, hi=900.0):
        e = {"ts": self._ts(2, 30), "session": self.sess, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        d = round(self.r.uniform(lo, hi), 1)
        e["duration_ms"] = d
        self.t = round(self.t + d / 1000.0, 1)
        self.events.append(e)

    # shorthands
    def sh(self, command, err=None, slow=False):
        self.call("shell", "run", {"command": command}, err, *( (20000.0, 400000.0) if slow else (40.0, 6000.0) ))

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err, 1.0, 30.0)

    def wr(self, path, content, err=None):
        self.call("fs", "write_file", {"path": path, "content": content}, err, 1.0, 40.0)

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err, 1.0, 40.0)

    def ls(self, path, err=None):
        self.call("fs", "list_directory", {"path": path}, err, 1.0, 3000.0)

    def gs(self):
        self.call("git", "status", {}, None, 10.0, 120.0)

    def gd(self, path=None):
        self.call("git", "diff", {"path": path} if path else {}, None, 10.0, 200.0)

    def ga(self, *paths):
        self.call("git", "add", {"paths": list(paths)}, None, 10.0, 150.0)

    def gc(self, message):
        self.call("git", "commit", {"message": message}, None, 30.0, 600.0)

    def gl(self, n, path=None):
        a = {"max_count": n}
        if path:
            a["path"] = path
        self.call("git", "log", a, None, 10.0, 200.0)

    def get(self, url, err=None):
        self.call("http", "get", {"url": url}, err, 80.0, 12000.0 if err else 2500.0)

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
