"""Event helpers and a deterministic clock (own LCG, fixed seed per journal)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF
        self.events = []
        self.t = 0.0
        self.sid = None

    def rnd(self, lo, hi):
        self.state = (1103515245 * self.state + 12345) & 0x7FFFFFFF
        return lo + (self.state % 10000) / 10000.0 * (hi - lo)

    def session(self, sid, date, hhmm):
        y, m, d = (int(x) for x in date.split("-"))
        hh, mm = (int(x) for x in hhmm.split(":"))
        self.sid = sid
        self.t = float(calendar.timegm((y, m, d, hh, mm, 0, 0, 0, 0))) + round(self.rnd(0, 50), 1)

    def p(self, text):
        self.t += round(self.rnd(120, 2400), 1)
        self.events.append({"ts": round(self.t, 1), "session": self.sid, "kind": "progress", "text": text})

    def call(self, organ, ability, args, err=None, dur=None):
        if dur is None:
            dur = self.rnd(3, 900) if organ != "shell" else self.rnd(400, 40000)
        self.t += round(self.rnd(4, 60), 1) + dur / 1000.0
        e = {"ts": round(self.t, 1), "session": self.sid, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(dur, 1)
        self.events.append(e)

    # shorthands
    def sh(self, cmd, err=None, dur=None):
        self.call("shell", "run", {"command": cmd}, err, dur)

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.call("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.call("fs", "list_directory", {"path": path}, err)

    def gs(self):
        self.call("git", "status", {})

    def gd(self, path=None):
        self.call("git", "diff", {"path": path} if path else {})

    def ga(self, paths):
        self.call("git", "add", {"paths": paths})

    def gc(self, msg, err=None):
        self.call("git", "commit", {"message": msg}, err)

    def gl(self, n=10):
        self.call("git", "log", {"max_count": n})

    def get(self, url, err=None):
        self.call("http", "get", {"url": url}, err, self.rnd(80, 3000) if err is None else self.rnd(2000, 30000))

    def dump(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
