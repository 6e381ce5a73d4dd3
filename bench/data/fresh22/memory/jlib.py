"""Event helpers and a deterministic clock (own LCG, fixed seed per journal)."""
import calendar
import json


class Clock:
    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def rnd(self, lo, hi):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return lo + (self.x >> 8) % (hi - lo + 1)


# session items: ("P", text) or ("C", organ.ability, args, error-or-None)
def P(text):
    return ("P", text)


def C(ab, args, err=None):
    return ("C", ab, args, err)


def sh(cmd, err=None):
    return C("shell.run", {"command": cmd}, err)


def rd(path, err=None):
    return C("fs.read_file", {"path": path}, err)


def wr(path, content, err=None):
    return C("fs.write_file", {"path": path, "content": content}, err)


def ed(path, old, new, err=None):
    return C("fs.edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)


def ls(path, err=None):
    return C("fs.list_directory", {"path": path}, err)


def gst():
    return C("git.status", {})


def gdf(target=None):
    return C("git.diff", {"target": target} if target else {})


def gadd(*paths):
    return C("git.add", {"paths": list(paths)})


def gcm(msg):
    return C("git.commit", {"message": msg})


def glog(n=5):
    return C("git.log", {"max_count": n})


def get(url, err=None):
    return C("http.get", {"url": url}, err)


def build(seed, sessions):
    """sessions: list of (session id, 'YYYY-MM-DD', start 'HH:MM', items)."""
    clk = Clock(seed)
    events = []
    for sid, day, start, items in sessions:
        y, m, d = map(int, day.split("-"))
        hh, mm = map(int, start.split(":"))
        t = calendar.timegm((y, m, d, hh, mm, 0)) + clk.rnd(0, 59)
        prev = None
        for it in items:
            if it[0] == "P":
                t += clk.rnd(40, 420) if prev else 0
                events.append({"ts": float(t), "session": sid, "kind": "progress", "text": it[1]})
            else:
                _, ab, args, err = it
                t += clk.rnd(3, 45)
                organ, ability = ab.split(".")
                cmd = args.get("command", "")
                slow = any(w in cmd for w in ("test", "build", "run", "compile", "publish", "uber", "mkoctfile", "migrate"))
                dur = clk.rnd(800, 60000) if ab == "shell.run" and slow else clk.rnd(2, 900) if ab != "http.get" else clk.rnd(60, 3000)
                if err and ("timed out" in err or "Timeout" in err):
                    dur = clk.rnd(10000, 30000)
                e = {"ts": float(t), "session": sid, "kind": "call", "organ": organ, "ability": ability,
                     "args": args, "ok": err is None}
                if err is not None:
                    e["error"] = err
                e["duration_ms"] = round(dur + clk.rnd(0, 9) / 10.0, 1)
                t += int(dur / 1000)
                events.append(e)
            prev = it
    return events


def dump(events, path):
    with open(path, "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
