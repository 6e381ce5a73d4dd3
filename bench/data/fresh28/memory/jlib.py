"""Event helpers and the deterministic clock for the fresh28 journals (standard library only)."""
import calendar
import json

DUR = {"shell.run": (400, 40000), "fs.read_file": (1, 9), "fs.write_file": (2, 12), "fs.edit_file": (2, 14),
       "fs.list_directory": (2, 20), "http.get": (90, 1800), "git.status": (15, 60), "git.diff": (15, 90),
       "git.add": (10, 50), "git.commit": (30, 160), "git.log": (15, 70)}


class Journal:
    def __init__(self, seed, year, month, day):
        self.state = seed
        self.base = calendar.timegm((year, month, day, 0, 0, 0))
        self.events = []
        self.sid = None
        self.t = 0.0

    def rnd(self):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state / 2147483648.0

    def session(self, sid, day, hour, minute):
        self.sid = sid
        self.t = self.base + day * 86400 + hour * 3600 + minute * 60 + int(self.rnd() * 50)

    def p(self, text):
        self.t += 60 + int(self.rnd() * 900)
        self.events.append({"ts": float(self.t), "session": self.sid, "kind": "progress", "text": text})

    def c(self, organ, ab, args, err=None, ms=None):
        self.t += 4 + int(self.rnd() * 50)
        lo, hi = DUR["%s.%s" % (organ, ab)]
        d = ms if ms is not None else round(lo + (hi - lo) * self.rnd(), 1)
        e = {"ts": float(self.t), "session": self.sid, "kind": "call", "organ": organ, "ability": ab,
             "args": args, "ok": err is None, "duration_ms": d}
        if err is not None:
            e["error"] = err
        self.events.append(e)
        self.t += int(d / 1000.0)

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.c("shell", "run", {"command": cmd}, err, ms)

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

    def gs(self):
        self.c("git", "status", {})

    def gd(self, *paths, ref=None):
        a = {"paths": list(paths)}
        if ref:
            a["ref"] = ref
        self.c("git", "diff", a)

    def ga(self, *paths):
        self.c("git", "add", {"paths": list(paths)})

    def gc(self, msg, all_=False):
        a = {"message": msg}
        if all_:
            a["all"] = True
        self.c("git", "commit", a)

    def gl(self, n=10, path=None):
        a = {"max_count": n}
        if path:
            a["path"] = path
        self.c("git", "log", a)

    def dump(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        return self.events
