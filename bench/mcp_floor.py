"""How far `actors mcp` is from the least a Python front door of this design can be, on server-filesystem over stdio.

Three paths, one SDK client each (handshake mode): `actors mcp` (filesystem__read_text_file), the floor relay
(`bench/_floor_relay.py`: blocking reads, `Client.call` on a lane, nothing else; the same mesh and organ), and the
server directly. Prints the p50 of each, the ratios to direct, and how much of `actors mcp`'s own cost the floor
leaves: if the floor's ratio is above the target, no front door of this shape (a Python process between the client
and a Python organ) can meet it on this machine.

Two orders: `rotate` (the default) calls the three in turn, the order rotated every call; `pairs` measures each of
`actors mcp` and the floor against direct with `bench/mcp_latency.py`'s own pairing (two clients, one call each in
turn, the order swapped every call), the two pairs taking turns in three rounds, each ratio to its own direct
samples. The two orders give different ratios on the same machine in the same minutes; `pairs` is the issue's.

Run: python bench/mcp_floor.py [--n 600] [--warmup 60] [--order rotate|pairs]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp import Client, StdioServerParameters  # noqa: E402

from bench._mesh import REPO, Mesh, repo_env  # noqa: E402
from bench.mcp_latency import measure_pair  # noqa: E402

FS_SERVER = "/opt/actors-test/node/node_modules/.bin/mcp-server-filesystem"
TARGET = 1.5
PAIR_ROUNDS = 3


async def measure(paths: dict[str, tuple[StdioServerParameters, str]], args: dict, n: int,
                  warmup: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {name: [] for name in paths}
    async with Client(paths["actors mcp"][0], mode="legacy") as a, Client(paths["floor"][0], mode="legacy") as b, \
            Client(paths["direct"][0], mode="legacy") as c:
        order = [("actors mcp", a), ("floor", b), ("direct", c)]
        for i in range(warmup + n):
            for name, client in order[i % 3:] + order[:i % 3]:
                started = time.perf_counter()
                result = await client.call_tool(paths[name][1], args)
                took = time.perf_counter() - started
                if result.is_error:
                    raise RuntimeError(f"{name}: {result.content[0].text[:200]}")
                if i >= warmup:
                    samples[name].append(took)
    return samples


def measure_pairs(paths: dict[str, tuple[StdioServerParameters, str]], args: dict, n: int,
                  warmup: int) -> dict[str, list[float]]:
    """Each of `actors mcp` and the floor paired with direct as `mcp_latency.py` pairs them (its own
    `measure_pair`: two clients, one call each in turn, the order swapped every call), the two pairs taking turns
    in PAIR_ROUNDS rounds of n / PAIR_ROUNDS calls."""
    samples: dict[str, list[float]] = {}
    for _ in range(PAIR_ROUNDS):
        for name in ("actors mcp", "floor"):
            through, directly = asyncio.run(measure_pair(paths[name], paths["direct"], args,
                                                         max(1, n // PAIR_ROUNDS), warmup))
            samples.setdefault(name, []).extend(through)
            samples.setdefault(f"direct ({name})", []).extend(directly)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=600)
    parser.add_argument("--warmup", type=int, default=60)
    parser.add_argument("--order", choices=("rotate", "pairs"), default="rotate",
                        help="the three paths in turn, or each of actors mcp and the floor paired with direct")
    args = parser.parse_args()
    if not Path(FS_SERVER).exists():
        sys.exit(f"{FS_SERVER} is missing: run bash .ci/install-test-servers")
    files = Path(tempfile.mkdtemp(prefix="floor-fs-", dir="/tmp"))
    (files / "note.txt").write_text("a small file\n")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min); n={args.n} per path; order {args.order}")
    config = f'[heart]\nbeat_s = 1.0\nquiet_after_s = 600\n\n[organs.filesystem]\nmcp = ["{FS_SERVER}", "{files}"]\n'
    direct = StdioServerParameters(command=FS_SERVER, args=[str(files)])
    with Mesh(config) as mesh:
        async def tools() -> list[dict]:
            async with Client(direct, mode="legacy") as client:
                return [t.model_dump(by_alias=True, exclude_none=True) for t in (await client.list_tools()).tools]
        listing = files / "tools.json"
        listing.write_text(json.dumps(asyncio.run(tools())))
        env = repo_env()
        paths = {
            "actors mcp": (StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home",
                                                                              str(mesh.home)], env=env, cwd=str(REPO)),
                           "filesystem__read_text_file"),
            "floor": (StdioServerParameters(command=sys.executable, args=[str(REPO / "bench" / "_floor_relay.py"),
                                                                         str(mesh.home), "filesystem", str(listing)],
                                            env=env, cwd=str(REPO)), "read_text_file"),
            "direct": (direct, "read_text_file"),
        }
        call_args = {"path": str(files / "note.txt")}
        samples = (asyncio.run(measure(paths, call_args, args.n, args.warmup)) if args.order == "rotate"
                   else measure_pairs(paths, call_args, args.n, args.warmup))
    p50 = {name: statistics.median(values) * 1000 for name, values in samples.items()}
    versus = {name: value if name.startswith("direct") else p50.get(f"direct ({name})", p50.get("direct"))
              for name, value in p50.items()}
    for name, value in p50.items():
        print(f"{name:19} p50 {value:.3f} ms  ({value / versus[name]:.2f}x direct)")
    own, floor_own = p50["actors mcp"] - versus["actors mcp"], p50["floor"] - versus["floor"]
    print(f"actors mcp adds {own:.3f} ms, the floor {floor_own:.3f} ms: the front door's own part beyond the floor "
          f"{own - floor_own:.3f} ms; target {TARGET}x direct")
    print(f"load at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
