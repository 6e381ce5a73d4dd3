"""A trivial tool call through `actors mcp` against the same MCP server called directly, with the same client.

The client is the official Python SDK (`mcp.Client`, handshake mode, which both sides speak). Servers:
mcp-server-time (`get_current_time`) and server-filesystem (`read_text_file` of a small file), both wrapped
as organs of one mesh. Side by side, in alternating rounds after warm-up:
  stdio: `actors mcp` (stdio)  vs  the server's own command (stdio)
  http:  `actors mcp --http`    vs  mcp-server-time's own server object on Streamable HTTP (server-filesystem
         only speaks stdio, so it has no HTTP baseline)
Prints p50/p90/p99 per path and the p50 ratio; target: through the mesh ≤ 1.5× direct, each transport.

Run: python bench/mcp_latency.py [--n 300] [--warmup 50] [--rounds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp import Client, StdioServerParameters  # noqa: E402

from bench._mesh import REPO, Mesh  # noqa: E402
from bench._stats import describe, percentile, verdict  # noqa: E402

TIME_SERVER = "/opt/actors-test/mcp-py/bin/mcp-server-time"
TIME_PYTHON = "/opt/actors-test/mcp-py/bin/python"
FS_SERVER = "/opt/actors-test/node/node_modules/.bin/mcp-server-filesystem"
TARGET = 1.5
PS = (50, 90, 99)

warnings.filterwarnings("ignore")


def config(files: Path) -> str:
    return f"""
[heart]
beat_s = 1.0
quiet_after_s = 600

[organs.time]
mcp = ["{TIME_SERVER}", "--local-timezone", "UTC"]

[organs.filesystem]
mcp = ["{FS_SERVER}", "{files}"]
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


async def measure(server, tool: str, args: dict, n: int, warmup: int) -> list[float]:
    """Seconds per call_tool round trip, one connection, after warm-up."""
    samples = []
    async with Client(server, mode="legacy", read_timeout_seconds=30) as client:
        for i in range(warmup + n):
            started = time.perf_counter()
            result = await client.call_tool(tool, args)
            took = time.perf_counter() - started
            if result.is_error:
                raise RuntimeError(f"{tool} failed: {result.content[0].text[:200]}")
            if i >= warmup:
                samples.append(took)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    for needed in (TIME_SERVER, FS_SERVER):
        if not Path(needed).exists():
            sys.exit(f"{needed} is missing: run bash .ci/install-test-servers")
    files = Path(tempfile.mkdtemp(prefix="ab-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); n={args.n} per path per round, "
          f"{args.rounds} rounds")
    with Mesh(config(files)) as mesh:
        mcp_port, time_port = free_port(), free_port()
        front = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{mcp_port}",
                                  "--home", str(mesh.home)], env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        direct = subprocess.Popen([TIME_PYTHON, "-c", "import uvicorn; from mcp_server_time.server import "
                                   "create_server; uvicorn.run(create_server('UTC').streamable_http_app(), "
                                   f"host='127.0.0.1', port={time_port}, log_level='warning')"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_listening(mcp_port)
            wait_listening(time_port)
            through = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home",
                                                                          str(mesh.home)], env=env)
            paths = {
                ("time", "stdio"): ((through, "time__get_current_time"),
                                    (StdioServerParameters(command=TIME_SERVER, args=["--local-timezone", "UTC"]),
                                     "get_current_time"), {"timezone": "UTC"}),
                ("filesystem", "stdio"): ((through, "filesystem__read_text_file"),
                                          (StdioServerParameters(command=FS_SERVER, args=[str(files)]),
                                           "read_text_file"), {"path": str(files / "note.txt")}),
                ("time", "http"): ((f"http://127.0.0.1:{mcp_port}/mcp", "time__get_current_time"),
                                   (f"http://127.0.0.1:{time_port}/mcp", "get_current_time"), {"timezone": "UTC"}),
            }
            samples = {key: ([], []) for key in paths}
            for _ in range(args.rounds):
                for key, ((mesh_server, mesh_tool), (direct_server, direct_tool), call_args) in paths.items():
                    samples[key][0].extend(asyncio.run(measure(mesh_server, mesh_tool, call_args, args.n,
                                                               args.warmup)))
                    samples[key][1].extend(asyncio.run(measure(direct_server, direct_tool, call_args, args.n,
                                                               args.warmup)))
        finally:
            for proc in (front, direct):
                proc.terminate()
                proc.wait(timeout=10)
    met = True
    for (server, transport), (through_mesh, directly) in samples.items():
        ratio = percentile(through_mesh, 50) / percentile(directly, 50)
        met = met and ratio <= TARGET
        print(f"{server:10} {transport:5} through actors mcp: {describe(through_mesh, PS, 'ms', 1e3, 2)}")
        print(f"{server:10} {transport:5} direct:             {describe(directly, PS, 'ms', 1e3, 2)}")
        print(f"{server:10} {transport:5} p50 ratio {ratio:.2f}x (target <= {TARGET}x) {verdict(ratio <= TARGET)}")
    print(f"overall: {verdict(met)}")


if __name__ == "__main__":
    main()
