"""Spec helpers shared by spec65..spec68, capture.py and gen_memory.py (stdlib only).

A spec is a list of sessions; each session is a list of items built with the helpers
below.  capture.py replays the items for real in a throwaway project under /tmp and
stores what happened (exit codes, stdout/stderr, python OSError texts, git output) in
captured-N.json; gen_memory.py turns spec + captured results into the journal.
"""

def P(text):                      # progress event (what the developer typed)
    return {"t": "p", "text": text}

def H(bash):                      # hidden step: the world changing between calls (teammates, daemons); not journaled
    return {"t": "hidden", "bash": bash}

def SH(cmd, expect=True, first=None):
    """shell.run; `first`: regex of the line where the recorded error text starts (trimming only)"""
    return {"t": "call", "organ": "shell", "ability": "run", "args": {"command": cmd}, "expect": expect, "first": first}

def READ(path, expect=True):
    return {"t": "call", "organ": "fs", "ability": "read_file", "args": {"path": path}, "expect": expect}

def WRITE(path, content, expect=True):
    return {"t": "call", "organ": "fs", "ability": "write_file", "args": {"path": path, "content": content}, "expect": expect}

def EDIT(path, old, new, expect=True):
    return {"t": "call", "organ": "fs", "ability": "edit_file", "args": {"path": path, "old_string": old, "new_string": new},
            "expect": expect}

def LS(path, expect=True):
    return {"t": "call", "organ": "fs", "ability": "list_directory", "args": {"path": path}, "expect": expect}

def GSTATUS(expect=True):
    return {"t": "call", "organ": "git", "ability": "status", "args": {}, "expect": expect}

def GDIFF(path=None, expect=True):
    return {"t": "call", "organ": "git", "ability": "diff", "args": ({"path": path} if path else {}), "expect": expect}

def GADD(paths, expect=True):
    return {"t": "call", "organ": "git", "ability": "add", "args": {"paths": paths}, "expect": expect}

def GCOMMIT(msg, expect=True):
    return {"t": "call", "organ": "git", "ability": "commit", "args": {"message": msg}, "expect": expect}

def GLOG(n=5, expect=True):
    return {"t": "call", "organ": "git", "ability": "log", "args": {"max_count": n}, "expect": expect}

def HTTP(url, ok, text, ms):
    """http.get: nothing outside is reachable here, so hosts and their answers are invented"""
    d = {"t": "call", "organ": "http", "ability": "get", "args": {"url": url}, "expect": ok, "http": True, "ms": ms}
    d["result" if ok else "error"] = text
    return d


class Clock:
    """deterministic clock: LCG with a fixed seed per journal"""
    def __init__(self, seed):
        self.x = seed

    def rand(self):
        self.x = (self.x * 1103515245 + 12345) % (2 ** 31)
        return self.x / float(2 ** 31)

    def between(self, a, b):
        return a + (b - a) * self.rand()
