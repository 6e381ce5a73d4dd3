"""Event helpers and the deterministic clock for the fresh30 journals (contract event format)."""
import calendar
import json
import time


class Journal:
    def __init__(self, seed, first_day):
        self.state = seed & 0xFFFFFFFFFFFFFFFF
        self.day0 = calendar.timegm(time.strptime(first_day, "%Y-%m-%d"))
        self.events = []
        self.sess = None
        self.t = 0.0

    # fixed 64-bit LCG (Knuth's MMIX constants)
    def rnd(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 11) / float(1 << 53)

    def ri(self, a, b):
        return a + int(self.rnd() * (b - a + 1))

    def session(self, name, day, hh, mm):
        self.sess = name
        self.t = float(self.day0 + day * 86400 + hh * 3600 + mm * 60 + self.ri(0, 50))

    def wait(self, minutes):
        self.t += minutes * 60 + self.ri(0, 59)

    def p(self, text):
        self.t += self.ri(35, 420) + self.ri(0, 9) / 10.0
        self.events.append({"ts": round(self.t, 1), "session": self.sess, "kind": "progress", "text": text})

    def c(self, organ, ability, args, err=None, ms=None):
        self.t += self.ri(3, 45) + self.ri(0, 9) / 10.0
        if ms is None:
            ms = self.ri(3, 900) + self.ri(0, 9) / 10.0
        e = {"ts": round(self.t, 1), "session": self.sess, "kind": "call", "organ": organ, "ability": ability,
             "args": args, "ok": err is None}
        if err is not None:
            e["error"] = err
        e["duration_ms"] = round(float(ms), 1)
        self.events.append(e)
        self.t += ms / 1000.0

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.c("shell", "run", {"command": cmd}, err, ms if ms is not None else self.ri(400, 9000) + 0.5)

    def rd(self, path, err=None):
        self.c("fs", "read_file", {"path": path}, err)

    def wr(self, path, content, err=None):
        self.c("fs", "write_file", {"path": path, "content": content}, err)

    def ed(self, path, old, new, err=None):
        self.c("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.c("fs", "list_directory", {"path": path}, err, self.ri(20, 3000) + 0.3)

    def get(self, url, err=None):
        self.c("http", "get", {"url": url}, err, self.ri(90, 2500) + 0.7 if err is None else self.ri(2000, 10000) + 0.2)

    def status(self):
        self.c("git", "status", {})

    def diff(self, path=None):
        self.c("git", "diff", {"path": path} if path else {})

    def add(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def commit(self, msg, err=None):
        self.c("git", "commit", {"message": msg}, err)

    def log(self, n=5):
        self.c("git", "log", {"max_count": n})

    def dump(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events

    @staticmethod
    def day_str(ts):
        return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts))
