"""Instructions per call, counted by valgrind: a figure for comparing two versions on a busy machine.

Wall and CPU times on a shared 2-core machine swing by 2x from one run to the next; an instruction count
does not. A real Heart, a real organ loop (bench/organs/echo.py) and a real `actors.client.Client` run on
threads of one process (the heart on ipc:// in a temporary home, metrics off, no zygote); the process runs
under `valgrind --tool=cachegrind` twice, making `--warmup` calls and then 0 or `--n` more, and the
difference of the two totals divided by `--n` is what one call costs every thread: client, heart, organ
loop and libzmq. Waiting costs nothing here, but timers do (a slower run turns its loops' timeouts more
often), so counts vary by about 1% between runs of one version. A difference under 2% is noise.

Each checkout given is measured (default: this one), worker and inline abilities, and the first is the
baseline of the ratios. Needs valgrind (Debian's package). About 1 minute per checkout. With --lanes, both
abilities are measured on a lane too (the organ loop binds one, the client takes it after its first call):
the client -> organ -> client path of docs/protocol.md §7.8, with the heart only tallying.

    python bench/instructions.py [--n 1000] [--trees /path/to/other/checkout,.] [--lanes]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ABILITIES = ("echo", "echo_inline")
MESH = """
[heart]
metrics = ""
zygote = false
beat_s = 1.0

[organs.echo]
external = true
"""
MCP_MESH = MESH.replace("[organs.echo]", "[organs.fs]")
MCP_TOOL = "read_text_file"
FS_SERVER = "/opt/actors-test/node/node_modules/.bin/mcp-server-filesystem"  # .ci/install-test-servers
ON_LANE = "+lane"  # an ability name so marked is called on a lane
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
RUN_TIMEOUT_S = 900


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=1000, help="measured calls (default 1000)")
    parser.add_argument("--warmup", type=int, default=200, help="calls before the measured ones (default 200)")
    parser.add_argument("--trees", default=str(HERE.parent), help="comma-separated checkouts (default: this one)")
    parser.add_argument("--lanes", action="store_true", help="also measure both abilities on a lane")
    parser.add_argument("--mcp", action="store_true", help="call a wrapped MCP server's tool instead of echo")
    parser.add_argument("--harness", nargs=3, metavar=("TREE", "ABILITY", "CALLS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.harness:
        tree, ability, calls = args.harness
        _harness(Path(tree), ability, int(calls))
        return
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    baseline: dict[str, float] = {}
    for tree in trees:
        abilities = (MCP_TOOL,) if args.mcp else ABILITIES
        for ability in (*abilities, *(f"{a}{ON_LANE}" for a in abilities if args.lanes)):
            base = _count(tree, ability, args.warmup)
            per_call = (_count(tree, ability, args.warmup + args.n) - base) / args.n
            ratio = f" ({per_call / baseline[ability]:.3f}x the first)" if ability in baseline else ""
            baseline.setdefault(ability, per_call)
            print(f"{tree}: {ability}: {per_call:,.0f} instructions per call{ratio}", flush=True)


def _count(tree: Path, ability: str, calls: int) -> int:
    """Instructions the harness process executes, all threads, for this many calls."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--harness", str(tree), ability, str(calls)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    found = REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the harness failed under valgrind ({done.returncode}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def _harness(tree: Path, ability: str, calls: int) -> None:
    """Heart, organ loop and client of the given checkout on threads of this process; make `calls` calls."""
    sys.path[:0] = [str(tree), str(tree / "bench")]
    from actors._loop import OrganLoop
    from actors.client import Client
    from broker.config import parse
    from broker.heart import Heart
    from broker.home import Home
    from organs.echo import Echo

    with tempfile.TemporaryDirectory(prefix="ai", dir="/tmp") as root:  # short: ipc paths are limited
        home = Home(Path(root) / "h")
        mcp = ability.removesuffix(ON_LANE) == MCP_TOOL
        heart = Heart(parse(MCP_MESH if mcp else MESH), home, Path(root), exposure=False)
        threads = [threading.Thread(target=heart.run, daemon=True)]
        threads[0].start()
        deadline = time.monotonic() + 60
        while home.read_endpoints() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        lanes = ability.endswith(ON_LANE)
        ability = ability.removesuffix(ON_LANE)
        organ, args = Echo(), {"x": "hi"}
        if mcp:
            from actors.mcp_organ import McpOrgan
            (Path(root) / "a.txt").write_text("hello\n")
            organ, args = McpOrgan("fs", command=[FS_SERVER, root]), {"path": f"{root}/a.txt"}
        loop = OrganLoop(organ, home.read_endpoints()["router"], lanes=lanes)
        threads.append(threading.Thread(target=loop.run, kwargs={"signals": False}, daemon=True))
        threads[1].start()
        try:
            with Client(home) as client:
                name = organ.name or "echo"
                while not _up(client, name, ability, args) and time.monotonic() < deadline:
                    time.sleep(0.01)
                if lanes and name not in client.lanes:
                    raise SystemExit("the organ's lane was not granted")
                for _ in range(calls):
                    reply = client.call(name, ability, args)
                    if not reply.ok:
                        raise SystemExit(f"{name}.{ability} failed: {reply.error}")
        finally:
            loop.stop("measured")
            heart.stop("measured")
            for thread in threads:
                thread.join(timeout=10)


def _up(client, organ: str, ability: str, args: dict) -> bool:
    try:
        return client.call(organ, ability, args, timeout_s=1.0).ok
    except Exception:  # not registered yet, or the heart not listening yet
        return False


if __name__ == "__main__":
    main()
