"""Where a filesystem call's time goes, by the kernel's own record: which process ran when, on which CPU.

The official SDK client calls server-filesystem's `read_text_file` through `actors mcp` (stdio) and then
directly, N calls each, with the kernel's scheduler events traced (tracefs: `sched_switch`, `sched_wakeup`)
and a marker written at each call's start and end. For each side it prints the p50 of a call, each process's
median time on a CPU per call (the client, the front door, the organ, the server's main thread, the server's
other threads, everything else), how many calls ran on both CPUs, and in how many calls the client lost its
CPU while still runnable (preempted by the process its write woke). Needs root and tracefs
(/sys/kernel/tracing); other traces are off while it runs. bench/README "Eleventh round".

Run: python bench/mcp_sched.py [--n 300] [--warmup 200]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import re
import statistics
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcp import Client, StdioServerParameters  # noqa: E402

from bench._mesh import REPO, Mesh  # noqa: E402
from bench.mcp_latency import FS_SERVER, config  # noqa: E402

TRACING = Path("/sys/kernel/tracing")
EVENTS = ("sched/sched_switch", "sched/sched_wakeup")
EVENT = re.compile(r"^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+([\d.]+): (\w+): (.*)$")
FIELD = re.compile(r"(\w+)=(\S+)")

warnings.filterwarnings("ignore")


def _set(name: str, value: str) -> None:
    (TRACING / name).write_text(value)


class Trace:
    """The scheduler's events while calls run, each call between two markers."""

    def __enter__(self) -> Trace:
        _set("tracing_on", "0")
        _set("trace", "")
        for event in EVENTS:
            _set(f"events/{event}/enable", "1")
        self.marker = open(TRACING / "trace_marker", "w", buffering=1)
        _set("tracing_on", "1")
        return self

    def mark(self, text: str) -> None:
        self.marker.write(text + "\n")

    def __exit__(self, *exc: object) -> None:
        _set("tracing_on", "0")
        self.marker.close()
        self.text = (TRACING / "trace").read_text()
        for event in EVENTS:
            _set(f"events/{event}/enable", "0")
        _set("trace", "")


def per_call(text: str, client: int) -> list[dict]:
    """Each call's wall time, each pid's time on a CPU within it, its CPUs, and whether the client was
    switched out while runnable (preempted)."""
    calls: list[dict] = []
    current: dict | None = None
    running: dict[int, tuple[int, float]] = {}  # cpu -> (pid, since when, within the current call)
    for line in text.splitlines():
        found = EVENT.match(line)
        if found is None:
            continue
        cpu, at, kind, rest = int(found.group(3)), float(found.group(4)), found.group(5), found.group(6)
        if kind == "tracing_mark_write":
            if rest.startswith("start"):
                current = {"t0": at, "busy": collections.Counter(), "cpus": set(), "preempted": False}
                running = {c: (pid, at) for c, (pid, _) in running.items()}
            elif current is not None:
                for pid, since in running.values():
                    current["busy"][pid] += at - since
                current["t1"] = at
                calls.append(current)
                current = None
            continue
        if kind != "sched_switch":
            continue
        fields = dict(FIELD.findall(rest))
        before, after = int(fields["prev_pid"]), int(fields["next_pid"])
        if current is not None:
            if cpu in running:
                pid, since = running[cpu]
                current["busy"][pid] += at - since
            if before == client and fields["prev_state"] == "R":
                current["preempted"] = True
            if after:
                current["cpus"].add(cpu)
        running[cpu] = (after, at)
    return calls


def report(label: str, calls: list[dict], roles: dict[int, str]) -> None:
    walls = [c["t1"] - c["t0"] for c in calls]
    print(f"{label}: {len(calls)} calls, p50 {statistics.median(walls) * 1e6:.0f} µs; on both CPUs in "
          f"{sum(len(c['cpus']) > 1 for c in calls)}; the client preempted in {sum(c['preempted'] for c in calls)}")
    for role in dict.fromkeys([*roles.values(), "everything else"]):
        spent = [1e6 * sum(t for pid, t in c["busy"].items() if roles.get(pid, "everything else") == role and pid)
                 for c in calls]
        print(f"  {role:<24} median {statistics.median(spent):5.0f} µs on a CPU per call")


def threads(pid: int) -> list[int]:
    return [int(t) for t in os.listdir(f"/proc/{pid}/task")]


def find(predicate) -> list[int]:
    """Pids whose command line matches."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if predicate([part.decode(errors="replace") for part in command]):
                found.append(int(entry))
    return found


def roles_of(home: Path, files: Path, direct: bool) -> dict[int, str]:
    """Each thread on a call's path, named by its role."""
    roles: dict[int, str] = {tid: "client" for tid in threads(os.getpid())}
    organ = "actors.runner"  # python -m actors.runner --mcp -- COMMAND...: the organ wrapping the server
    servers = find(lambda cmd: organ not in cmd and str(files) in cmd
                   and any("mcp-server-filesystem" in part for part in cmd))
    if not direct:
        for pid in find(lambda cmd: cmd[1:4] == ["-m", "actors", "mcp"] and str(home) in cmd):
            roles.update({tid: "front door" for tid in threads(pid)})
        for pid in find(lambda cmd: organ in cmd and str(files) in cmd):
            roles.update({tid: "organ" for tid in threads(pid)})
    for pid in servers:
        for tid in threads(pid):
            roles[tid] = "server, main thread" if tid == pid else "server, other threads"
    return roles


async def measure(home: Path, files: Path, n: int, warmup: int) -> None:
    front = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home", str(home)],
                                  env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=str(REPO))
    direct = StdioServerParameters(command=FS_SERVER, args=[str(files)])
    args = {"path": str(files / "note.txt")}
    for label, server, tool in (("through actors mcp", front, "filesystem__read_text_file"),
                                ("direct", direct, "read_text_file")):
        async with Client(server, mode="legacy", read_timeout_seconds=30) as client:
            for _ in range(warmup):
                await client.call_tool(tool, args)
            roles = roles_of(home, files, server is direct)
            with Trace() as trace:
                for i in range(n):
                    trace.mark(f"start {i}")
                    await client.call_tool(tool, args)
                    trace.mark(f"end {i}")
            report(label, per_call(trace.text, os.getpid()), roles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=200)
    opts = parser.parse_args()
    if not os.access(TRACING / "trace_marker", os.W_OK):
        sys.exit(f"needs root and tracefs at {TRACING}")
    files = Path(tempfile.mkdtemp(prefix="sched-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    with Mesh(config(files)) as mesh:
        asyncio.run(measure(mesh.home, files, opts.n, opts.warmup))
    print(f"load at the end: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
