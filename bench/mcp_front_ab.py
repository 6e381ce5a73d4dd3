"""Two `actors mcp` front doors, each from its own source tree, on one mesh, called in turn: the front door alone.

Both front doors serve the same mesh (started from this tree, with mcp-server-time and server-filesystem as
organs), so the heart, the organs and the servers are shared and only the front door differs. One SDK client
(handshake mode) per front door, both connected at once and called in turn, one call each, the order swapped
every call, so drift in the machine's load hits both alike. Prints the p50/p90 of each and the CPU the front
door's main thread spent per call (from its schedstat).

Run: python bench/mcp_front_ab.py BASE_TREE [--tree THIS_TREE] [--n 1500] [--transport stdio|http]
       [--tool time__get_current_time|filesystem__read_text_file]
BASE_TREE is a checkout of the version to compare with (e.g. `git worktree add /tmp/base main`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcp import Client, StdioServerParameters  # noqa: E402

from bench._mesh import REPO, Mesh  # noqa: E402
from bench._stats import percentile  # noqa: E402
from bench.mcp_latency import config, free_port, wait_listening  # noqa: E402

WARMUP = 200
warnings.filterwarnings("ignore")


def thread_cpu_s(pid: int) -> float:
    """CPU seconds of a process's main thread (schedstat, ns)."""
    return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0]) / 1e9


async def measure(servers: list, pids, tool: str, args: dict, n: int) -> list[tuple[list[float], float]]:
    """Seconds per call and main-thread CPU per call of each front door, called in turn."""
    async with Client(servers[0], mode="legacy", read_timeout_seconds=30) as a, \
            Client(servers[1], mode="legacy", read_timeout_seconds=30) as b:
        sides = [(a, []), (b, [])]
        for _ in range(WARMUP):
            for client, _ in sides:
                await client.call_tool(tool, args)
        ids = pids()
        before = [thread_cpu_s(pid) for pid in ids]
        for i in range(n):
            for client, into in sides if i % 2 else reversed(sides):
                started = time.perf_counter()
                result = await client.call_tool(tool, args)
                into.append(time.perf_counter() - started)
                if result.is_error:
                    raise RuntimeError(f"{tool} failed: {result.content[0].text[:200]}")
        after = [thread_cpu_s(pid) for pid in ids]
    return [(into, (after[k] - before[k]) / n) for k, (_, into) in enumerate(sides)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="the source tree to compare with")
    parser.add_argument("--tree", type=Path, default=REPO, help="the source tree measured against it")
    parser.add_argument("--n", type=int, default=1500)
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--tool", default="time__get_current_time",
                        choices=("time__get_current_time", "filesystem__read_text_file"))
    opts = parser.parse_args()
    files = Path(tempfile.mkdtemp(prefix="ab-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    args = {"timezone": "UTC"} if opts.tool.startswith("time") else {"path": str(files / "note.txt")}
    trees = (opts.base.resolve(), opts.tree.resolve())
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); {opts.transport}, {opts.tool}, "
          f"n={opts.n} each")
    procs: list[subprocess.Popen] = []
    with Mesh(config(files)) as mesh:
        try:
            if opts.transport == "stdio":
                pid_files = [mesh.home / f"front{k}.pid" for k in range(2)]
                servers = [StdioServerParameters(command="/bin/sh", args=[
                    "-c", f"echo $$ > {pid_file}; exec {sys.executable} -m actors mcp --home {mesh.home}"],
                    env={**os.environ, "PYTHONPATH": str(tree)}, cwd=str(tree))  # `-m` puts the cwd first
                    for tree, pid_file in zip(trees, pid_files)]
                got = asyncio.run(measure(servers, lambda: [int(f.read_text()) for f in pid_files], opts.tool, args,
                                          opts.n))
            else:
                servers = []
                for tree in trees:
                    port = free_port()
                    procs.append(subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}",
                                                   "--home", str(mesh.home)], env={**os.environ, "PYTHONPATH": str(tree)},
                                                  cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
                    wait_listening(port)
                    servers.append(f"http://127.0.0.1:{port}/mcp")
                got = asyncio.run(measure(servers, lambda: [p.pid for p in procs], opts.tool, args, opts.n))
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=10)
    for tree, (took, cpu) in zip(trees, got):
        print(f"{str(tree):<40} p50 {percentile(took, 50) * 1e3:.2f} ms  p90 {percentile(took, 90) * 1e3:.2f} ms  "
              f"front door main thread {cpu * 1e6:.0f} µs CPU per call")
    print(f"load at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min)")


if __name__ == "__main__":
    main()
