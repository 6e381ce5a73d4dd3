"""Event helpers and a deterministic clock (own LCG, fixed seed per journal)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.session = None
        self.t = 0.0

    def rand(self):
        self.state = (1103515245 * self.state + 12345) % 2147483648
        return self.state / 2147483648.0

    def day(self, session, date, hhmm):
        y, m, d = (int(x) for x in date.split("-"))
        h, mi = (int(x) for x in hhmm.split(":"))
        self.session = session
        self.t = float(calendar.timegm((y, m, d, h, mi, 0, 0, 0, 0))) + int(self.rand() * 50)

    def _adv(self, lo, hi):
        self.t += lo + (hi - lo) * self.rand()

    def p(self, text):
        self._adv(40, 420)
        self.events.append({"ts": round(self.t, 1), "session": self.session, "kind": "progress", "text": text})

    def call(self, organ, ability, args, err=None, dur=None):
        self._adv(3, 35)
        if dur is None:
            dur = 5 + 900 * self.rand()
        e = {"ts": round(self.t, 1), "session": self.session, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(dur, 1)
        self.t += dur / 1000.0
        self.events.append(e)

    # shorthands
    def sh(self, command, err=None, dur=None):
        self.call("shell", "run", {"command": command}, err, dur)

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err, 2 + 20 * self.rand())

    def wr(self, path, content):
        self.call("fs", "write_file", {"path": path, "content": content}, None, 2 + 20 * self.rand())

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err,
                  2 + 20 * self.rand())

    def ls(self, path, err=None, dur=None):
        self.call("fs", "list_directory", {"path": path}, err, dur if dur else 3 + 60 * self.rand())

    def add(self, *paths):
        self.call("git", "add", {"paths": list(paths)}, None, 10 + 60 * self.rand())

    def commit(self, message):
        self.call("git", "commit", {"message": message}, None, 20 + 120 * self.rand())

    def status(self):
        self.call("git", "status", {}, None, 10 + 50 * self.rand())

    def diff(self, staged=False):
        self.call("git", "diff", {"staged": True} if staged else {}, None, 10 + 50 * self.rand())

    def log(self, n=5):
        self.call("git", "log", {"max_count": n}, None, 10 + 40 * self.rand())

    def get(self, url, err=None, dur=None):
        if dur is None:
            dur = (10000.0 if err and "timed out" in err else 80 + 900 * self.rand())
        self.call("http", "get", {"url": url}, err, dur)

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
