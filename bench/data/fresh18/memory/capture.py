#!/usr/bin/env python3
"""Replay a journal spec for real and store what happened in captured-N.json.

usage: capture.py N [N ...]
For journal N, spec<N>.py gives ROOT (a throwaway project directory under /tmp), SETUP (bash
that creates the project: real files, a git repository, hooks, remotes) and SESSIONS.  Every
call is executed for real in ROOT: shell commands through bash, file tools through Python's
file API (their error texts are the real OSError texts), git tools through the git CLI.
Hidden steps (teammates' pushes, a daemon holding a lock) run between calls and are not
journaled.  Only http.get is invented (nothing outside is reachable from this machine).
The output files are committed; gen_memory.py builds the journals from them, byte for byte.
"""
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def trim(text, lines=14, width=220, total=1400):
    ls = [l.rstrip()[:width] for l in text.strip("\n").splitlines()]
    if len(ls) > lines:
        ls = ls[:lines] + ["... (%d more lines)" % (len(ls) - lines)]
    s = "\n".join(ls)
    return s[:total]


def run(cmd, root, env):
    t = time.time()
    try:
        r = subprocess.run(["bash", "-c", cmd], cwd=root, capture_output=True, text=True, timeout=180, env=env)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = 124, "", "timed out after 180 s"
    return rc, out, err, round((time.time() - t) * 1000.0, 1)


def errtext(out, err, first):
    text = err if err.strip() else out
    if first:
        both = (err + "\n" + out).splitlines()
        for i, l in enumerate(both):
            if re.search(first, l):
                text = "\n".join(both[i:])
                break
    return trim(text, lines=8)


def do_call(c, root, env):
    a = "%s.%s" % (c["organ"], c["ability"])
    args = c["args"]
    res = {"ability": a}
    t = time.time()
    if a == "shell.run":
        rc, out, err, ms = run(args["command"], root, env)
        res.update(ok=rc == 0, exit_code=rc, duration_ms=ms)
        if rc == 0:
            res["result"] = trim(out) if out.strip() else trim(err)
        else:
            res["error"] = errtext(out, err, c.get("first"))
        return res
    if a.startswith("git."):
        if a == "git.status":
            cmd = "git status --short --branch"
        elif a == "git.diff":
            cmd = "git diff" + (" -- " + args["path"] if "path" in args else "")
        elif a == "git.add":
            cmd = "git add -- " + " ".join(args["paths"])
        elif a == "git.commit":
            cmd = "git commit -q -m " + json.dumps(args["message"])
        else:
            cmd = "git log --oneline -n %d" % args["max_count"]
        rc, out, err, ms = run(cmd, root, env)
        if a == "git.commit" and rc == 0:
            _, out, _, _ = run("git log --oneline -n 1 --stat", root, env)
        res.update(ok=rc == 0, duration_ms=ms)
        if rc == 0:
            res["result"] = trim(out) if out.strip() else "(no output)"
        else:
            res["error"] = trim(err if err.strip() else out, lines=8)
        return res
    p = os.path.join(root, os.path.expanduser(args["path"]))
    try:
        if a == "fs.read_file":
            with open(p, encoding="utf-8") as f:
                res["result"] = trim(f.read(), lines=30, total=1500)
        elif a == "fs.write_file":
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(args["content"])
            res["result"] = "wrote %d bytes to %s" % (len(args["content"].encode()), args["path"])
        elif a == "fs.edit_file":
            with open(p, encoding="utf-8") as f:
                s = f.read()
            n = s.count(args["old_string"])
            if n != 1:
                raise ValueError("old_string %s in %s" % ("not found" if n == 0 else "matches %d times" % n, args["path"]))
            with open(p, "w", encoding="utf-8") as f:
                f.write(s.replace(args["old_string"], args["new_string"]))
            res["result"] = "edited %s (1 replacement)" % args["path"]
        elif a == "fs.list_directory":
            es = sorted(os.listdir(p))
            res["result"] = "\n".join(e + ("/" if os.path.isdir(os.path.join(p, e)) else "") for e in es)
        res["ok"] = True
    except (OSError, ValueError) as e:
        res["ok"] = False
        res["error"] = str(e).replace(root + "/", "")
    res["duration_ms"] = round((time.time() - t) * 1000.0, 1)
    return res


def capture(n):
    spec = importlib.import_module("spec%d" % n)
    root = spec.ROOT
    shutil.rmtree(os.path.dirname(root), ignore_errors=True)
    os.makedirs(root)
    env = dict(os.environ, HOME=os.path.dirname(root) + "/home", GIT_AUTHOR_DATE="", LC_ALL="C.UTF-8")
    os.makedirs(env["HOME"], exist_ok=True)
    rc, out, err, _ = run(spec.SETUP, root, env)
    if rc != 0:
        sys.exit("setup of %d failed: %s %s" % (n, out, err))
    results, warn = [], 0
    for s, (sid, day, hour, items) in enumerate(spec.SESSIONS):
        for it in items:
            if it["t"] == "hidden":
                rc, out, err, _ = run(it["bash"], root, env)
                if rc != 0:
                    print("  hidden step failed in %s: %s %s" % (sid, out, err))
                    warn += 1
            elif it["t"] == "call":
                if it.get("http"):
                    r = {"ability": "http.get", "ok": it["expect"], "duration_ms": it["ms"]}
                else:
                    r = do_call(it, root, env)
                if r["ok"] != it["expect"]:
                    warn += 1
                    print("  %s: %s %s expected ok=%s got ok=%s: %s" % (
                        sid, r["ability"], json.dumps(it["args"])[:90], it["expect"], r["ok"],
                        (r.get("error") or r.get("result") or "")[:300]))
                results.append(r)
    with open(os.path.join(HERE, "captured-%d.json" % n), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("journal-%d: %d calls captured, %d unexpected" % (n, len(results), warn))


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    for a in sys.argv[1:]:
        capture(int(a))
