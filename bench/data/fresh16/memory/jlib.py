"""Tiny helpers to write contract-format journals deterministically (standard library only).

A session is a list of items: P(text) for a progress event, or a call built by one of the
helpers below (sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get).  A call with err=... failed.
Timestamps are assigned by build(): the session starts at a given UTC time, and every event
follows the previous one after a pseudo-random but fixed gap (LCG seeded per journal).
"""
import datetime
import json


def P(text):
    return {"kind": "progress", "text": text}


def _call(organ, ability, args, err=None, ms=None):
    c = {"kind": "call", "organ": organ, "ability": ability, "args": args, "ok": err is None}
    if err is not None:
        c["error"] = err
    if ms is not None:
        c["duration_ms"] = ms
    return c


def sh(command, err=None, ms=None, cwd=None):
    args = {"command": command}
    if cwd:
        args["cwd"] = cwd
    return _call("shell", "run", args, err, ms)


def rd(path, err=None):
    return _call("fs", "read_file", {"path": path}, err)


def wr(path, content, err=None):
    return _call("fs", "write_file", {"path": path, "content": content}, err)


def ed(path, old, new, err=None):
    return _call("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)


def ls(path, err=None):
    return _call("fs", "list_directory", {"path": path}, err)


def gst(err=None):
    return _call("git", "status", {}, err)


def gdf(paths=None, staged=False, err=None):
    args = {}
    if paths:
        args["paths"] = paths
    if staged:
        args["staged"] = True
    return _call("git", "diff", args, err)


def gad(paths, err=None):
    return _call("git", "add", {"paths": paths}, err)


def gcm(message, err=None):
    return _call("git", "commit", {"message": message}, err)


def glg(max_count=10, path=None, err=None):
    args = {"max_count": max_count}
    if path:
        args["path"] = path
    return _call("git", "log", args, err)


def get(url, err=None, ms=None):
    return _call("http", "get", {"url": url}, err, ms)


class Clock:
    def __init__(self, seed):
        self.x = seed

    def rand(self, lo, hi):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return lo + (self.x >> 8) % (hi - lo + 1)


def base_ms(c):
    """Plausible call durations (ms) before jitter."""
    a = "%s.%s" % (c["organ"], c["ability"])
    if a == "shell.run":
        return 9000 if c["ok"] else 2500
    if a == "http.get":
        return 420 if c["ok"] else 6000
    if a.startswith("git."):
        return 60
    return 4


def build(sessions, seed):
    """sessions: list of (session id, 'YYYY-MM-DDTHH:MM', items).  Returns ordered events."""
    clk = Clock(seed)
    events = []
    for sid, start, items in sessions:
        t = datetime.datetime.fromisoformat(start + ":00+00:00").timestamp() + clk.rand(0, 59)
        first = True
        for it in items:
            if not first:
                t += clk.rand(40, 420) if it["kind"] == "progress" else clk.rand(4, 75)
            first = False
            e = {"ts": float(t), "session": sid, "kind": it["kind"]}
            if it["kind"] == "progress":
                e["text"] = it["text"]
            else:
                e["organ"] = it["organ"]
                e["ability"] = it["ability"]
                e["args"] = it["args"]
                e["ok"] = it["ok"]
                if not it["ok"]:
                    e["error"] = it["error"]
                ms = it.get("duration_ms")
                if ms is None:
                    b = base_ms(it)
                    ms = round(b * clk.rand(60, 180) / 100.0, 1)
                e["duration_ms"] = ms
                t += int(ms // 1000)
            events.append(e)
    return events


def write_jsonl(path, events):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")


def write_json(path, obj):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(obj, f, ensure_ascii=False, indent=2)
        f.write("\n")
