"""Event helpers and the deterministic clock for the fresh33 journals (standard library only)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF
        self.events = []
        self.sid = None
        self.t = 0.0

    # a fixed linear congruential generator, so every run gives the same bytes
    def rnd(self):
        self.state = (1103515245 * self.state + 12345) & 0x7FFFFFFF
        return self.state / 0x7FFFFFFF

    def between(self, lo, hi):
        return lo + (hi - lo) * self.rnd()

    def session(self, sid, date, hh, mm):
        y, m, d = (int(x) for x in date.split("-"))
        self.sid = sid
        self.t = float(calendar.timegm((y, m, d, hh, mm, 0, 0, 0, 0))) + int(self.between(0, 50))

    def _tick(self, lo, hi):
        self.t = round(self.t + self.between(lo, hi), 1)
        return self.t

    def p(self, text, gap=(90, 1500)):
        ts = self._tick(*gap) if self.events and self.events[-1]["session"] == self.sid else self._tick(0, 5)
        self.events.append({"ts": ts, "session": self.sid, "kind": "progress", "text": text})

    def call(self, ab, args, err=None, dur=None):
        organ, ability = ab.split(".")
        ts = self._tick(3, 55)
        e = {"ts": ts, "session": self.sid, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(dur if dur is not None else self.between(2, 900), 1)
        self.events.append(e)
        if dur is not None:
            self.t = round(self.t + dur / 1000.0, 1)

    # shorthands
    def sh(self, command, err=None, dur=None):
        self.call("shell.run", {"command": command}, err, dur if dur is not None else self.between(300, 9000))

    def rd(self, path, err=None):
        self.call("fs.read_file", {"path": path}, err, self.between(1, 15))

    def wr(self, path, content, err=None):
        self.call("fs.write_file", {"path": path, "content": content}, err, self.between(1, 20))

    def ed(self, path, old, new, err=None):
        self.call("fs.edit_file", {"path": path, "old_string": old, "new_string": new}, err, self.between(2, 25))

    def ls(self, path, err=None):
        self.call("fs.list_directory", {"path": path}, err, self.between(3, 400))

    def get(self, url, err=None):
        self.call("http.get", {"url": url}, err, self.between(80, 2500) if err is None else self.between(900, 30000))

    def gst(self):
        self.call("git.status", {}, None, self.between(20, 200))

    def gdiff(self, *paths, staged=False):
        a = {"paths": list(paths)} if paths else {}
        if staged:
            a["staged"] = True
        self.call("git.diff", a, None, self.between(20, 300))

    def gadd(self, *paths):
        self.call("git.add", {"paths": list(paths)}, None, self.between(10, 120))

    def gcommit(self, message):
        self.call("git.commit", {"message": message}, None, self.between(40, 600))

    def glog(self, n=10, path=None):
        a = {"max_count": n}
        if path:
            a["path"] = path
        self.call("git.log", a, None, self.between(20, 200))

    def write(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
