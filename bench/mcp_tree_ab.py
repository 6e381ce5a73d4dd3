"""The whole MCP path of two source trees, and the server called directly, in one run: each tree's own mesh.

Each tree gets a mesh of its own (heart, organs and wrapped servers started from that tree's code) and its own
`actors mcp` (stdio); the same server is also started directly. One SDK client (handshake mode) per side, all
connected at once and called in turn, one call each, the order rotated every call, so drift in the machine's
load hits every side alike: the p50 ratios of the trees are comparable even on a busy machine, where two runs
of bench/mcp_latency.py minutes apart are not. (bench/mcp_front_ab.py shares one mesh and compares the front
doors alone; this compares everything a call through `actors mcp` crosses: front door, lane, organ.)

Run: python bench/mcp_tree_ab.py BASE_TREE [--tree THIS_TREE] [--n 1500] [--server filesystem|time]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcp import Client, StdioServerParameters  # noqa: E402

import bench._mesh as mesh_module  # noqa: E402
from bench._mesh import REPO, Mesh  # noqa: E402
from bench._stats import percentile  # noqa: E402
from bench.mcp_latency import FS_SERVER, TIME_SERVER, config  # noqa: E402

WARMUP = 200
warnings.filterwarnings("ignore")


async def measure(servers: list, tools: list[str], args: dict, n: int) -> list[list[float]]:
    """Seconds per call of each side, called in turn (the first side moves to the back after every round)."""
    async with contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(s, mode="legacy", read_timeout_seconds=30))
                   for s in servers]
        samples: list[list[float]] = [[] for _ in servers]
        order = list(range(len(servers)))
        for i in range(WARMUP + n):
            order = order[1:] + order[:1]
            for k in order:
                started = time.perf_counter()
                result = await clients[k].call_tool(tools[k], args)
                took = time.perf_counter() - started
                if result.is_error:
                    raise RuntimeError(f"{tools[k]} failed: {result.content[0].text[:200]}")
                if i >= WARMUP:
                    samples[k].append(took)
        return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="the source tree to compare with")
    parser.add_argument("--tree", type=Path, default=REPO, help="the source tree measured against it")
    parser.add_argument("--n", type=int, default=1500)
    parser.add_argument("--server", choices=("filesystem", "time"), default="filesystem")
    opts = parser.parse_args()
    files = Path(tempfile.mkdtemp(prefix="ab-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    if opts.server == "filesystem":
        tool, args, direct = "read_text_file", {"path": str(files / "note.txt")}, [FS_SERVER, str(files)]
    else:
        tool, args, direct = "get_current_time", {"timezone": "UTC"}, [TIME_SERVER, "--local-timezone", "UTC"]
    trees = [opts.base.resolve(), opts.tree.resolve()]
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); {opts.server}, n={opts.n} each")
    with contextlib.ExitStack() as stack:
        servers = []
        for tree in trees:
            mesh_module.REPO = tree  # `actors up` and the organs it starts run this tree's code
            mesh = stack.enter_context(Mesh(config(files)))
            servers.append(StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home",
                                                                               str(mesh.home)],
                                                 env={**os.environ, "PYTHONPATH": str(tree)}, cwd=str(tree)))
        mesh_module.REPO = REPO
        servers.append(StdioServerParameters(command=direct[0], args=direct[1:]))
        samples = asyncio.run(measure(servers, [f"{opts.server}__{tool}"] * 2 + [tool], args, opts.n))
    direct_p50 = percentile(samples[-1], 50)
    for label, took in zip([*map(str, trees), "direct"], samples):
        p50 = percentile(took, 50)
        print(f"{label:<40} p50 {p50 * 1e3:.2f} ms  p90 {percentile(took, 90) * 1e3:.2f} ms  "
              f"{p50 / direct_p50:.2f}x direct")
    print(f"load at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min)")


if __name__ == "__main__":
    main()
