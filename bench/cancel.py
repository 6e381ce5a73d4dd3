"""How soon a client's cancel ends the work it cancels, against a trivial call's round trip in the same run.

An MCP client (raw JSON-RPC lines on `actors mcp`'s stdio) starts `shell__run` on a command that writes its
process id and then sleeps, waits for the id, sends `notifications/cancelled` and times how long the process
takes to die (looked at every 0.2 ms with kill(pid, 0)): the front door, the mesh's way to the organ (a lane,
or through the heart with `--no-lanes`), the shell organ's hook and the kill. The baseline is a `shell__run` of
`true` made on the same connection in turn, answer to answer. Prints medians and p90 of both and their ratio.

Run: python bench/cancel.py [--n 60] [--no-lanes]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._mesh import Mesh, repo_env  # noqa: E402
from bench._stats import describe, percentile  # noqa: E402

CONFIG = """
[heart]
beat_s = 0.5
quiet_after_s = 600
lanes = {lanes}

[organs.shell]
module = "actors.organs.shell"
"""
WAIT_S = 30.0
POLL_S = 0.0002
PS = (50, 90)


class Pipe:
    """`actors mcp` on stdio, spoken to in raw JSON-RPC lines."""

    def __init__(self, home: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--home", str(home)], env=repo_env(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.arrived: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.request("init", "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                            "clientInfo": {"name": "bench", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.arrived.put(json.loads(line))

    def send(self, message: dict) -> None:
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, request_id: str, method: str, params: dict) -> dict:
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.arrived.get(timeout=WAIT_S)
            if message.get("id") == request_id and "method" not in message:
                return message

    def run(self, request_id: str, command: str) -> dict:
        return self.request(request_id, "tools/call", {"name": "shell__run", "arguments": {"command": command}})

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=WAIT_S)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def cancel_seconds(pipe: Pipe, n: int, scratch: Path) -> float:
    """Send a long command, wait for it to run, cancel it: seconds from the cancel to the process's death."""
    pid_file = scratch / f"pid-{n}"
    request_id = f"long-{n}"
    pipe.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {
        "name": "shell__run", "arguments": {"command": f"echo $$ > {pid_file}.tmp && mv {pid_file}.tmp {pid_file} "
                                                       "&& exec sleep 60", "timeout_s": 120}}})
    deadline = time.monotonic() + WAIT_S
    while not pid_file.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the command never started")
        time.sleep(POLL_S)
    pid = int(pid_file.read_text())
    started = time.perf_counter()
    pipe.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": request_id}})
    while alive(pid):
        if time.monotonic() > deadline:
            raise TimeoutError("the command outlived its cancel")
        time.sleep(POLL_S)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--no-lanes", action="store_true", help="calls through the heart (4 hops) instead of a lane")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); lanes "
          f"{'off' if args.no_lanes else 'on'}; n={args.n}")
    with Mesh(CONFIG.format(lanes="false" if args.no_lanes else "true")) as mesh, \
            tempfile.TemporaryDirectory(prefix="cancel-") as scratch:
        pipe = Pipe(mesh.home)
        try:
            for n in range(3):  # the tool's first use, and the lane's grant
                pipe.run(f"warm-{n}", "true")
            trivial, cancels = [], []
            for n in range(args.n):
                started = time.perf_counter()
                pipe.run(f"true-{n}", "true")
                trivial.append(time.perf_counter() - started)
                cancels.append(cancel_seconds(pipe, n, Path(scratch)))
        finally:
            pipe.close()
    print(f"a trivial call (shell__run true), answer to answer: {describe(trivial, PS, 'ms', 1e3, 2)}")
    print(f"a cancel, sent to the command's death:             {describe(cancels, PS, 'ms', 1e3, 2)}")
    print(f"p50 ratio, cancel / trivial call: {percentile(cancels, 50) / percentile(trivial, 50):.2f}x")


if __name__ == "__main__":
    main()
