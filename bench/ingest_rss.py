"""Peak memory and time of `actors memory ingest` on a generated Claude Code transcript of a given size.

    PYTHONPATH=$PWD python bench/ingest_rss.py --mb 300 --shape turns unanswered bad

Shapes (each one file of about --mb megabytes, lines built with the helpers of tests/test_memory_transcripts.py):
- turns: each turn a prompt, a Bash run with 2 KB of output, a Read of 20 KB, a failed Edit and a reply;
- unanswered: tool uses that never get a result (a hostile or cut file: each is held waiting for one);
- bad: lines that are not JSON (each is a bad line reported by number);
- subagents: a folder holding one session and 1,000 subagents' files under SESSION/subagents/ (each of the
  turns above, in a sidechain), merged by time into the session.
Each ingest runs as its own process (`python -m actors memory ingest F --home H --json`) into a fresh home;
its peak resident set is the kernel's (wait4's ru_maxrss).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.test_memory_transcripts import T0_S, prompt, reply, result, use  # noqa: E402


def turns(out, size: int, start: float = 0.0, **side) -> int:
    written, turn = 0, 0
    while written < size:
        s = start + turn * 10.0
        lines = [prompt(f"make the tests pass {turn}", s, **side),
                 use(f"b{turn}", "Bash", {"command": f"npm test -- --shard {turn}"}, s + 1),
                 result(f"b{turn}", "ok\n" + "x" * 2048, s + 2,
                        whole={"stdout": "x" * 2048, "stderr": "", "interrupted": False}),
                 use(f"r{turn}", "Read", {"file_path": f"/home/me/shop/src/m{turn}.py"}, s + 3),
                 result(f"r{turn}", "y" * 20_000, s + 4, whole={"type": "text", "file": {"content": "y" * 20_000}}),
                 use(f"e{turn}", "Edit", {"file_path": "/home/me/shop/a.py", "old_string": "a", "new_string": "b"},
                     s + 5),
                 result(f"e{turn}", "<tool_use_error>String to replace not found in file.</tool_use_error>", s + 6,
                        is_error=True),
                 reply("Done.", s + 7)]
        for line in lines[1:]:
            line.update(side)
        written += _write(out, lines)
        turn += 1
    return turn


def unanswered(out, size: int) -> int:
    written, n = 0, 0
    while written < size:
        written += _write(out, [use(f"toolu_{n:012d}", "Bash", {"command": f"make target-{n} " + "v" * 200},
                                    n / 10)])
        n += 1
    return n


def bad(out, size: int) -> int:
    line = b"{not json " + b"z" * 89 + b"\n"
    count = size // len(line) + 1
    for start in range(0, count, 10_000):  # in pieces: this process stays small (a child starts as its copy)
        out.write(line * min(10_000, count - start))
    return count


def subagents(folder: Path, size: int) -> int:
    from tests.test_memory_transcripts import SESSION

    agents = 1000
    with Path(folder, f"{SESSION}.jsonl").open("wb") as out:
        _write(out, [prompt("split the work", 0.0), reply("Done.", 3600.0)])
    Path(folder, SESSION, "subagents").mkdir(parents=True)
    for i in range(agents):
        with Path(folder, SESSION, "subagents", f"agent-a{i:04d}.jsonl").open("wb") as out:
            turns(out, size // agents, i / agents, isSidechain=True, agentId=f"a{i}")
    return agents


def _write(out, lines: list) -> int:
    for line in lines:  # the helpers' clock counts minutes within an hour: a long session needs days
        line["timestamp"] = _iso(T0_S + float(line["uuid"][1:]))
    raw = "".join(json.dumps(line) + "\n" for line in lines).encode()
    out.write(raw)
    return len(raw)


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


SHAPES = {"turns": turns, "unanswered": unanswered, "bad": bad, "subagents": subagents}


def measure(path: Path, home: Path) -> tuple[float, int, dict]:
    """Wall seconds, peak RSS in MB, and the --json report (totals only) of one ingest."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = time.monotonic()
    child = subprocess.Popen([sys.executable, "-m", "actors", "memory", "ingest", str(path), "--home", str(home),
                              "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    report = json.loads(out) if out else {"exit": child.returncode}
    return time.monotonic() - started, usage.ru_maxrss // 1024, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=300)
    parser.add_argument("--shape", nargs="+", choices=sorted(SHAPES), default=sorted(SHAPES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shape:
            if shape == "subagents":
                path = Path(tmp, shape)
                path.mkdir()
                units = subagents(path, args.mb * 1_000_000)
            else:
                path = Path(tmp, f"{shape}.jsonl")
                with path.open("wb") as out:
                    units = SHAPES[shape](out, args.mb * 1_000_000)
            seconds, rss, report = measure(path, Path(tmp, f"home-{shape}"))
            summary = {k: report.get(k) for k in ("appended", "converted", "left_out")}
            summary["bad"] = len(report.get("bad", [])) + report.get("bad_not_listed", 0)
            size = sum(f.stat().st_size for f in path.rglob("*")) if path.is_dir() else path.stat().st_size
            print(f"{shape}: {size / 1e6:.0f} MB ({units} units), {seconds:.1f} s, peak RSS {rss} MB; "
                  f"{json.dumps(summary)}", flush=True)
            shutil.rmtree(path) if path.is_dir() else path.unlink()


if __name__ == "__main__":
    main()
