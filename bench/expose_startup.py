"""Offline `actors expose --catalog F` as a new user runs it: one process per intent, wall, CPU and peak RSS.

Cold: a fresh, empty cache directory (`ACTORS_CACHE`) for every run, so every table is derived again and
kept. Warm: the cache filled by one run first, then read. With several `--repo` checkouts (base and branch)
the runs alternate between them, so a load change on a shared machine hits both alike. Medians of `--runs`.

    python bench/expose_startup.py --catalog F [--take github:7,time:2,fetch:1] [--intent "open a PR"] [--runs 5] \
        [--repo /work/wt-base --repo .]

`--take` keeps the first tools of the named organs only (the 10-tool catalogue a new user tried: github:7,time:2,fetch:1).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 120.0
ENTRY = "import sys; from actors.cli_fast import main; sys.argv[0] = 'actors'; main()"


def run_once(repo: Path, catalog: Path, intent: str, cache: Path) -> tuple[float, float, int]:
    """(wall s, user+system CPU s, peak RSS MB) of one `actors expose INTENT --catalog F` process."""
    env = {**os.environ, "PYTHONPATH": str(repo), "ACTORS_CACHE": str(cache), "ACTORS_EMBEDDING": "off"}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, "expose", intent, "--catalog", str(catalog)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=repo)
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            raise SystemExit(f"{repo}: expose did not finish in {TIMEOUT_S} s")
        time.sleep(0.005)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{repo}: expose failed: {proc.stderr.read()[-2000:]}")
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def taken(path: Path, take: str) -> dict:
    """The catalogue of the first n tools of each named organ (`github:7,time:2`), in that order."""
    organs = json.loads(path.read_text(encoding="utf-8"))["organs"]
    return {"organs": {organ: organs[organ][:int(n)] for organ, _, n in (p.partition(":") for p in take.split(","))}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", type=Path, required=True)
    parser.add_argument("--take", default="", help="organ:n,..: the first n tools of these organs only")
    parser.add_argument("--intent", default="open a PR")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repo", type=Path, action="append", help="checkouts to compare (default: this one)")
    args = parser.parse_args()
    repos = [r.resolve() for r in (args.repo or [ROOT])]
    scratch = Path(tempfile.mkdtemp(prefix="expose-startup-"))
    try:
        catalog = args.catalog.resolve()
        if args.take:
            catalog = scratch / "catalog.json"
            catalog.write_text(json.dumps(taken(args.catalog, args.take)))
        timings: dict[tuple[Path, str], list[tuple[float, float, int]]] = {}
        warm_cache = {repo: scratch / f"warm{i}" for i, repo in enumerate(repos)}
        for repo in repos:  # fill each warm cache once
            run_once(repo, catalog, args.intent, warm_cache[repo])
        for n in range(args.runs):
            for i, repo in enumerate(repos):
                cold = scratch / f"cold{i}-{n}"
                timings.setdefault((repo, "cold"), []).append(run_once(repo, catalog, args.intent, cold))
                shutil.rmtree(cold, ignore_errors=True)
                timings.setdefault((repo, "warm"), []).append(
                    run_once(repo, catalog, args.intent, warm_cache[repo]))
        print(f"catalog {args.catalog} {args.take}, intent {args.intent!r}, {args.runs} runs each, load {os.getloadavg()[0]:.1f}")
        for (repo, kind), found in timings.items():
            wall, cpu, rss = (statistics.median(column) for column in zip(*found))
            print(f"{str(repo):<24} {kind}: wall {wall:.2f} s  cpu {cpu:.2f} s  rss {rss:.0f} MB  "
                  f"(wall {min(f[0] for f in found):.2f}-{max(f[0] for f in found):.2f})")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
