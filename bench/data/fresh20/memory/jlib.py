"""Event helpers and a deterministic clock for the fresh20 journals (standard library only)."""
import calendar
import json


class LCG:
    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFF

    def next(self):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return self.x

    def uniform(self, a, b):
        return a + (b - a) * (self.next() / 0x7FFFFFFF)

    def randint(self, a, b):
        return a + self.next() % (b - a + 1)


# --- call constructors: each returns a dict describing one item of a session
def P(text):
    return {"kind": "progress", "text": text}


def _call(organ, ab, args, err=None, slow=None):
    d = {"kind": "call", "organ": organ, "ability": ab, "args": args}
    if err is not None:
        d["error"] = err
    if slow is not None:
        d["slow"] = slow
    return d


def sh(command, err=None, slow=None):
    return _call("shell", "run", {"command": command}, err, slow)


def rd(path, err=None):
    return _call("fs", "read_file", {"path": path}, err)


def wr(path, content, err=None):
    return _call("fs", "write_file", {"path": path, "content": content}, err)


def ed(path, old, new, err=None):
    return _call("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)


def ls(path, err=None):
    return _call("fs", "list_directory", {"path": path}, err)


def gst():
    return _call("git", "status", {})


def gdf(path=None, staged=False):
    a = {}
    if path:
        a["path"] = path
    if staged:
        a["staged"] = True
    return _call("git", "diff", a)


def gad(paths):
    return _call("git", "add", {"paths": paths})


def gcm(message, err=None):
    return _call("git", "commit", {"message": message}, err)


def glg(n=5, path=None):
    a = {"max_count": n}
    if path:
        a["path"] = path
    return _call("git", "log", a)


def get(url, err=None, slow=None):
    return _call("http", "get", {"url": url}, err, slow)


DUR = {"shell.run": (250, 24000), "fs.read_file": (0.4, 9.0), "fs.write_file": (0.8, 12.0),
       "fs.edit_file": (0.9, 14.0), "fs.list_directory": (0.5, 8.0), "git.status": (12, 90),
       "git.diff": (14, 140), "git.add": (9, 60), "git.commit": (40, 420), "git.log": (10, 80),
       "http.get": (90, 1900)}


def build(sessions, days, seed):
    """sessions: list of lists of items; days: list of (Y, M, D) one per session."""
    rng = LCG(seed)
    out = []
    for i, (items, (y, m, d)) in enumerate(zip(sessions, days)):
        sid = "s%d" % (i + 1)
        t = calendar.timegm((y, m, d, 8, 0, 0)) + rng.randint(20, 150) * 60 + rng.randint(0, 59)
        first = True
        for it in items:
            if it["kind"] == "progress":
                if not first:
                    t += rng.randint(90, 1500)
                first = False
                out.append({"ts": float(t), "session": sid, "kind": "progress", "text": it["text"]})
                continue
            ab = it["organ"] + "." + it["ability"]
            lo, hi = DUR[ab]
            if it.get("slow"):
                dur = float(it["slow"])
            else:
                dur = round(rng.uniform(lo, hi), 1)
            t += rng.randint(3, 40)
            e = {"ts": float(t), "session": sid, "kind": "call", "organ": it["organ"],
                 "ability": it["ability"], "args": it["args"], "ok": "error" not in it}
            if "error" in it:
                e["error"] = it["error"]
            e["duration_ms"] = dur
            out.append(e)
            t += int(dur // 1000)
        assert calendar.timegm((y, m, d, 23, 59, 59)) > t, sid
    return out


def dump(events, path):
    with open(path, "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
