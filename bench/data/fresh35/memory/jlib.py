"""Event helpers and a deterministic clock for the fresh35 journals (standard library only)."""
import calendar
import json


class Journal:
    def __init__(self, seed):
        self.state = seed
        self.events = []
        self.t = 0.0
        self.sess = None

    def rnd(self, lo, hi):
        # fixed LCG (Numerical Recipes constants), one stream per journal
        self.state = (1664525 * self.state + 1013904223) % (2 ** 32)
        return lo + (hi - lo) * (self.state / 2 ** 32)

    def day(self, session, date, hhmm):
        y, m, d = (int(x) for x in date.split("-"))
        hh, mm = (int(x) for x in hhmm.split(":"))
        self.t = float(calendar.timegm((y, m, d, hh, mm, 0, 0, 0, 0))) + round(self.rnd(0, 50))
        self.sess = session

    def p(self, text, gap=(25, 260)):
        self.t += round(self.rnd(*gap), 1)
        self.events.append({"ts": round(self.t, 1), "session": self.sess, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, dur=None):
        self.t += round(self.rnd(2, 30), 1)
        if dur is None:
            dur = self.rnd(3, 900) if organ != "shell" else self.rnd(300, 40000)
        e = {"ts": round(self.t, 1), "session": self.sess, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None, "duration_ms": round(dur, 1)}
        if err is not None:
            e["error"] = err
        self.events.append(e)
        self.t += round(dur / 1000.0, 1)

    # shortcuts
    def sh(self, cmd, err=None, dur=None):
        self.c("shell", "run", {"command": cmd}, err, dur)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, err=None):
        self.c("fs", "write_file", {"path": path}, err)

    def ed(self, path, err=None):
        self.c("fs", "edit_file", {"path": path}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err)

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err)

    def gst(self):
        self.c("git", "status", {})

    def gd(self, paths=None):
        self.c("git", "diff", {"paths": paths} if paths else {})

    def ga(self, paths):
        self.c("git", "add", {"paths": paths})

    def gc(self, msg):
        self.c("git", "commit", {"message": msg})

    def gl(self, args=None):
        self.c("git", "log", args or {"max_count": 10})

    def write(self, path):
        with open(path, "w", encoding="utf-8") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        calls = [e for e in self.events if e["kind"] == "call"]
        return len(self.events), len(calls), len(self.events) - len(calls), sum(1 for e in calls if not e["ok"])
