"""server-filesystem's `read_text_file` by bare JSON-RPC lines, through `actors mcp` (stdio) and directly, in turn.

No SDK on the client's side: what is left is the front door, the organ and the server. Both sides are called
one call each in turn (drift in the machine's load hits both alike). Prints the p50 of each side and the CPU
per call (user + system, from /proc) of every process on the path: the front door, the filesystem organ, the
server it wraps, and the server called directly. The difference of the p50s against the front door's and the
organ's CPU says whether the overhead is their work or the wake-ups between them (bench/README "Seventh
round").

Run: python bench/mcp_bare.py [--n 3000] [--warmup 300] [--tree TREE]   (TREE: a checkout to run the mesh from)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
HANDSHAKE = {"jsonrpc": "2.0", "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "mcp_bare", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
ANSWER_TIMEOUT_S = 30.0


class Pipe:
    """A child speaking newline-delimited JSON-RPC on its stdio; `ask` waits (bounded) for the answer of its id."""

    def __init__(self, command: list[str], env: dict | None = None) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0, env=env)
        self.ids = iter(range(1, 1 << 62))
        self.lines = self.proc.stdout

    def ask(self, message: dict) -> dict:
        wanted = next(self.ids)
        self.proc.stdin.write((json.dumps({**message, "id": wanted}) + "\n").encode())
        deadline = time.monotonic() + ANSWER_TIMEOUT_S
        while time.monotonic() < deadline:  # notifications (tools/list_changed) come between answers
            line = self.lines.readline()
            if not line:
                raise RuntimeError(f"{self.proc.args[0]} closed its output")
            answer = json.loads(line)
            if answer.get("id") == wanted:
                return answer
        raise TimeoutError("no answer within the bench's deadline")

    def tell(self, message: dict) -> None:
        self.proc.stdin.write((json.dumps(message) + "\n").encode())

    def close(self) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


def cpu_s(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of a process (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def organ_and_server(files: str) -> tuple[int, int]:
    """The pids of the filesystem organ and of the node server it started (the one serving `files`)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            command = Path(f"/proc/{entry}/cmdline").read_text()
            parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            continue
        if files in command and "server-filesystem" in command and "node" in command.split("\0")[0]:
            return parent, int(entry)
    raise RuntimeError("the filesystem organ's server was not found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    from bench._mesh import Mesh
    from bench.mcp_latency import FS_SERVER, config

    with tempfile.TemporaryDirectory(prefix="bare") as files:
        Path(files, "a.txt").write_text("hello world\n")
        with Mesh(config(Path(files))) as mesh:
            env = dict(os.environ, PYTHONPATH=str(args.tree))
            through = Pipe([sys.executable, "-m", "actors", "mcp", "--home", str(mesh.home)], env)
            direct = Pipe([FS_SERVER, files])
            try:
                sides = {"through": (through, "filesystem__read_text_file"), "direct": (direct, "read_text_file")}
                calls = {}
                for name, (pipe, tool) in sides.items():
                    pipe.ask(HANDSHAKE)
                    pipe.tell(INITIALIZED)
                    calls[name] = {"jsonrpc": "2.0", "method": "tools/call",
                                   "params": {"name": tool, "arguments": {"path": f"{files}/a.txt"}}}
                    for _ in range(args.warmup):
                        answer = pipe.ask(calls[name])
                    if "hello world" not in json.dumps(answer):
                        raise RuntimeError(f"{name}: unexpected answer {answer!r:.300}")
                organ, server = organ_and_server(files)
                pids = {"front door": through.proc.pid, "organ": organ, "its server": server,
                        "server, direct": direct.proc.pid}
                before = {k: cpu_s(p) for k, p in pids.items()}
                took: dict[str, list[float]] = {"through": [], "direct": []}
                for i in range(args.n):
                    for name in (("through", "direct") if i % 2 else ("direct", "through")):
                        started = time.perf_counter()
                        sides[name][0].ask(calls[name])
                        took[name].append(time.perf_counter() - started)
                after = {k: cpu_s(p) for k, p in pids.items()}
            finally:
                through.close()
                direct.close()
    p50 = {k: statistics.median(v) * 1e6 for k, v in took.items()}
    print(f"n={args.n} each; p50 through actors mcp {p50['through']:.0f} µs, direct {p50['direct']:.0f} µs, "
          f"difference {p50['through'] - p50['direct']:.0f} µs ({p50['through'] / p50['direct']:.2f}x)")
    for name in pids:
        user, system = ((a - b) / args.n * 1e6 for a, b in zip(after[name], before[name]))
        print(f"  CPU per call, {name:15s} user {user:4.0f} µs + system {system:3.0f} µs")


if __name__ == "__main__":
    main()
