"""A trivial tool call through `actors mcp` against the same MCP server called directly, with the same client.

The client is the official Python SDK (`mcp.Client`, handshake mode, which both sides speak). Servers:
mcp-server-time (`get_current_time`) and server-filesystem (`read_text_file` of a small file), both wrapped
as organs of one mesh. Both sides of a pair are connected at once and called in turn, one call each, the
order swapped every call, so drift in machine load hits both alike:
  stdio: `actors mcp` (stdio)  vs  the server's own command (stdio)
  http:  `actors mcp --http`    vs  mcp-server-time's own server object on Streamable HTTP (server-filesystem
         only speaks stdio, so it has no HTTP baseline)
Prints p50/p90/p99 per path and the p50 ratio; target: through the mesh ≤ 1.5× direct, each transport.

Then where the time of a stdio call through the mesh goes, measured the same way (in turn, one call each):
the server answering a bare JSON-RPC line on its own pipes (no SDK on either side), the organ's own time for
the call (Reply.duration_s: from the call reaching the organ to the server's answer), `Client.call` (the mesh
without the front door), and the call through `actors mcp`. The differences are the organ's overhead, the
mesh's path with its client, and the front door with the SDK client's own cost. Lanes are on (the default:
docs/protocol.md §7.8), so after a first call both `Client.call` and the front door's calls go client ->
organ -> client on a lane (2 ipc hops); `ACTORS_LANES=0 python bench/mcp_latency.py` measures the heart path
(4 hops) instead.

Last, the front door's shortcut alone, on one stdio connection: the same call made plain (answered beside
the SDK's server) and with an empty `_meta` (which always takes the SDK's path), in turn, with the CPU the
`actors mcp` process's main thread spent per call on each (from its schedstat).

Run: python bench/mcp_latency.py [--n 300] [--warmup 50] [--rounds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # call_roundtrip imports its siblings as top-level

from mcp import Client, StdioServerParameters  # noqa: E402

from actors.client import Client as MeshClient  # noqa: E402
from bench._mesh import REPO, Mesh  # noqa: E402
from bench._stats import describe, percentile, verdict  # noqa: E402
from bench.call_roundtrip import heart_call_seconds  # noqa: E402

TIME_SERVER = "/opt/actors-test/mcp-py/bin/mcp-server-time"
TIME_PYTHON = "/opt/actors-test/mcp-py/bin/python"
FS_SERVER = "/opt/actors-test/node/node_modules/.bin/mcp-server-filesystem"
TARGET = 1.5
PS = (50, 90, 99)
RAW_TIMEOUT_S = 30.0

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


async def measure_pair(through: tuple, direct: tuple, args: dict, n: int, warmup: int) -> tuple[list, list]:
    """Seconds per call_tool round trip on each side, both connected at once and called in turn."""
    (mesh_server, mesh_tool), (direct_server, direct_tool) = through, direct
    samples: tuple[list[float], list[float]] = ([], [])
    async with Client(mesh_server, mode="legacy", read_timeout_seconds=30) as via_mesh, \
            Client(direct_server, mode="legacy", read_timeout_seconds=30) as directly:
        sides = [(via_mesh, mesh_tool, samples[0]), (directly, direct_tool, samples[1])]
        for i in range(warmup + n):
            for client, tool, into in sides if i % 2 else reversed(sides):
                started = time.perf_counter()
                result = await client.call_tool(tool, args)
                took = time.perf_counter() - started
                if result.is_error:
                    raise RuntimeError(f"{tool} failed: {result.content[0].text[:200]}")
                if i >= warmup:
                    into.append(took)
    return samples


class RawServer:
    """An MCP server on its own pipes, spoken to with bare JSON-RPC lines: the server's own time per call."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.ids = 0
        self.unread = b""
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "1"}})
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

    def request(self, method: str, params: dict) -> dict:
        self.ids += 1
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.ids, "method": method,
                                          "params": params}).encode() + b"\n")
        while True:
            line, found, rest = self.unread.partition(b"\n")
            if not found:
                if not select.select([self.proc.stdout], [], [], RAW_TIMEOUT_S)[0]:
                    raise RuntimeError(f"the server did not answer {method}")
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise RuntimeError("the server closed its output")
                self.unread += chunk
                continue
            self.unread = rest
            message = json.loads(line)
            if message.get("id") == self.ids:
                return message

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)


async def breakdown(mesh: Mesh, front: StdioServerParameters, raw_command: list[str], organ: str, tool: str,
                    args: dict, n: int, warmup: int) -> dict[str, list[float]]:
    """The four legs of one server's call, each called in turn."""
    legs: dict[str, list[float]] = {"raw": [], "organ": [], "heart": [], "front": [], "waited": []}
    raw = RawServer(raw_command)
    try:
        with MeshClient(mesh.home) as client:
            metrics_url = client.control("status")["heart"]["metrics"]
            async with Client(front, mode="legacy", read_timeout_seconds=30) as via_front:
                for i in range(warmup + n):
                    started = time.perf_counter()
                    answer = raw.request("tools/call", {"name": tool, "arguments": args})
                    raw_s = time.perf_counter() - started
                    started = time.perf_counter()
                    reply = client.call(organ, tool, args)
                    heart_s = time.perf_counter() - started
                    started = time.perf_counter()
                    result = await via_front.call_tool(f"{organ}__{tool}", args)
                    front_s = time.perf_counter() - started
                    if "error" in answer or not reply.ok or result.is_error:
                        raise RuntimeError(f"{organ}.{tool} failed: {answer} {reply.error} {result}")
                    if i == warmup - 1:
                        before = heart_call_seconds(metrics_url, organ)
                    if i >= warmup:
                        for leg, took in (("raw", raw_s), ("organ", reply.duration_s), ("heart", heart_s),
                                          ("front", front_s)):
                            legs[leg].append(took)
            after = heart_call_seconds(metrics_url, organ)
            # the heart's mean wait for the organ (forward to reply), over both kinds of call: one sample
            legs["waited"] = [(after[0] - before[0]) / (after[1] - before[1])]
    finally:
        raw.close()
    return legs


def _front_thread_seconds(parent: int) -> float:
    """CPU seconds of the main thread of the stdio `actors mcp` this process started (schedstat, ns)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
            if (int(stat.rsplit(")", 1)[1].split()[1]) == parent and b"mcp" in command and b"actors" in command
                    and b"--http" not in command):
                return int((entry / "task" / entry.name / "schedstat").read_text().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            continue
    raise RuntimeError("the actors mcp process is not found")


async def shortcut_legs(front: StdioServerParameters, tool: str, args: dict, n: int,
                        warmup: int) -> dict[str, tuple[list[float], list[float]]]:
    """A plain call and the same call through the SDK's path, in turn: (seconds per call, CPU per block)."""
    legs: dict[str, tuple[list[float], list[float]]] = {"plain": ([], []), "sdk": ([], [])}
    block = max(1, n // 8)
    async with Client(front, mode="legacy", read_timeout_seconds=30) as client:
        for i in range(warmup):
            await client.call_tool(tool, args, meta={"path": "sdk"} if i % 2 else None)
        for b in range(8):
            for leg in ("plain", "sdk") if b % 2 else ("sdk", "plain"):
                started_cpu = _front_thread_seconds(os.getpid())
                for _ in range(block):
                    started = time.perf_counter()
                    result = await client.call_tool(tool, args, meta={"path": "sdk"} if leg == "sdk" else None)
                    legs[leg][0].append(time.perf_counter() - started)
                    if result.is_error:
                        raise RuntimeError(f"{tool} failed: {result.content[0].text[:200]}")
                legs[leg][1].append((_front_thread_seconds(os.getpid()) - started_cpu) / block)
    return legs


def print_shortcut(server: str, legs: dict[str, tuple[list[float], list[float]]]) -> None:
    print(f"{server} stdio, the front door's shortcut on one connection (blocks of calls in turn):")
    for leg, label in (("plain", "a plain call, answered beside the SDK's server"),
                       ("sdk", "the same call with a _meta, through the SDK's server")):
        took, cpu = legs[leg]
        print(f"  {label:<56} {describe(took, PS, 'ms', 1e3, 2)}; front door main thread "
              f"{statistics.median(cpu) * 1e6:.0f} µs CPU per call")


def print_breakdown(server: str, legs: dict[str, list[float]]) -> None:
    p50 = {leg: percentile(samples, 50) * 1e3 for leg, samples in legs.items()}
    print(f"{server} stdio, where a call's p50 goes (ms), each leg called in turn:")
    rows = [("the server itself (bare JSON-RPC line, no SDK)", p50["raw"]),
            ("+ the organ (its loop, pipes, JSON)", p50["organ"] - p50["raw"]),
            ("+ the mesh (a lane: 2 ipc hops; lanes off: the heart, 4) and Client.call", p50["heart"] - p50["organ"]),
            ("+ the front door (actors mcp, SDK server) and the SDK client", p50["front"] - p50["heart"])]
    for label, ms in rows:
        print(f"  {label:<72} {ms:6.2f}")
    print(f"  {'= through actors mcp':<72} {p50['front']:6.2f}")
    mean = {leg: statistics.fmean(samples) * 1e3 for leg, samples in legs.items()}
    print(f"  the heart's own share, by means (its actors_call_duration_seconds: forward to reply): client <-> "
          f"heart {mean['heart'] - mean['waited']:.2f} ms (2 ipc hops, the heart's decode, routing and accounting, "
          f"the client's codec), heart <-> organ {mean['waited'] - mean['organ']:.2f} ms (2 ipc hops, the organ "
          f"loop's decode and send), the organ {mean['organ']:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="measured calls per path per round")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    if args.warmup < 1:
        parser.error("--warmup must be at least 1 (the breakdown reads the heart's metrics after it)")
    for needed in (TIME_SERVER, FS_SERVER):
        if not Path(needed).exists():
            sys.exit(f"{needed} is missing: run bash .ci/install-test-servers")
    files = Path(tempfile.mkdtemp(prefix="ab-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); n={args.n} per path per round, "
          f"{args.rounds} rounds")
    time_command = [TIME_SERVER, "--local-timezone", "UTC"]
    fs_command = [FS_SERVER, str(files)]
    time_args, fs_args = {"timezone": "UTC"}, {"path": str(files / "note.txt")}
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
                                    (StdioServerParameters(command=time_command[0], args=time_command[1:]),
                                     "get_current_time"), time_args),
                ("filesystem", "stdio"): ((through, "filesystem__read_text_file"),
                                          (StdioServerParameters(command=fs_command[0], args=fs_command[1:]),
                                           "read_text_file"), fs_args),
                ("time", "http"): ((f"http://127.0.0.1:{mcp_port}/mcp", "time__get_current_time"),
                                   (f"http://127.0.0.1:{time_port}/mcp", "get_current_time"), time_args),
            }
            samples = {key: ([], []) for key in paths}
            for _ in range(args.rounds):
                for key, (via_mesh, directly, call_args) in paths.items():
                    got = asyncio.run(measure_pair(via_mesh, directly, call_args, args.n, args.warmup))
                    samples[key][0].extend(got[0])
                    samples[key][1].extend(got[1])
            legs = {
                "time": asyncio.run(breakdown(mesh, through, time_command, "time", "get_current_time", time_args,
                                              args.n, args.warmup)),
                "filesystem": asyncio.run(breakdown(mesh, through, fs_command, "filesystem", "read_text_file",
                                                    fs_args, args.n, args.warmup)),
            }
            shortcut = asyncio.run(shortcut_legs(through, "time__get_current_time", time_args, args.n * args.rounds,
                                                 args.warmup))
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
    for server, measured in legs.items():
        print_breakdown(server, measured)
    print_shortcut("time", shortcut)
    print(f"load at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min)")


if __name__ == "__main__":
    main()
