"""10,000 requests on one MCP connection, then changes: one tools/list_changed per change, server RSS flat.

With the official Python SDK client over stdio and over Streamable HTTP, in handshake mode (`legacy`, the
default: changes come as unsolicited notifications) or 2026-07-28 mode (`--mode auto`: changes come on the
client's `subscriptions/listen` stream, opened before the requests): the requests
alternate a tool call and a tools/list; the server's resident memory is sampled every 1,000 requests;
then the instruction changes three times (each change flips the exposed set) and the notifications the
client received are counted, after waiting five beats for any late duplicate.

Run: python bench/mcp_notify.py [--requests 10000] [--mode legacy|auto]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
import warnings
from contextlib import AsyncExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp import Client, StdioServerParameters, types  # noqa: E402

from actors.client import Client as MeshClient  # noqa: E402
from bench._mesh import REPO, Mesh  # noqa: E402
from bench._stats import verdict  # noqa: E402

CONFIG = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.fs]
module = "actors.organs.fs"

[organs.shell]
module = "actors.organs.shell"

[organs.echo]
module = "bench.organs.echo"
"""
INSTRUCTIONS = ("read the README file", "run the test suite with a shell command", "read the README file again",
                "run the tests in a shell")
RSS_GROWTH_MIB = 5.0

warnings.filterwarnings("ignore")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def server_pid(marker: str) -> int:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if marker in cmdline and "actors" in cmdline and "mcp" in cmdline:
                return int(entry.name)
    raise RuntimeError(f"no server process matching {marker!r}")


def instruct(home: Path, text: str) -> None:
    """Set the instruction and return once two beats carried it (the server reads the same beats)."""
    with MeshClient(home) as client:
        client.control("instruction", text=text)
        carried = 0
        for beat in client.blood(timeout_s=10):
            carried = carried + 1 if beat.instruction == text or carried else 0
            if carried == 2:
                return


async def run(server, pid_of, home: Path, requests: int, mode: str) -> tuple[list[float], int, int]:
    heard = 0

    def hear(message) -> None:
        nonlocal heard
        if isinstance(getattr(message, "root", message), types.ToolListChangedNotification):
            heard += 1

    async def handler(message) -> None:
        hear(message)

    async def listen(subscription) -> None:
        nonlocal heard
        async for _ in subscription:  # typed change events, of the tool list only (the one kind asked for)
            heard += 1

    rss = []
    instruct(home, INSTRUCTIONS[0])
    # a 2026-07-28 client hands its listen stream's notices to the message handler as well: counted once
    async with Client(server, mode=mode, message_handler=handler if mode == "legacy" else None,
                      read_timeout_seconds=30) as client, AsyncExitStack() as stack:
        if mode != "legacy":
            subscription = await stack.enter_async_context(client.listen(tools_list_changed=True))
            stack.callback(asyncio.get_running_loop().create_task(listen(subscription)).cancel)
        pid = pid_of()
        await client.list_tools()
        await client.call_tool("echo__echo", {"x": "warm"})  # the first use of a tool may change the list
        before = heard
        for i in range(requests):
            if i % 2:
                await client.list_tools()
            else:
                await client.call_tool("echo__echo", {"x": f"request {i}"})
            if i % 1000 == 0:
                rss.append(rss_mib(pid))
        rss.append(rss_mib(pid))
        quiet = heard - before  # requests that change nothing tell nothing
        for text in INSTRUCTIONS[1:]:
            instruct(home, text)
        await asyncio.sleep(1.0)  # five beats: a late duplicate would be here
        return rss, heard - before - quiet, quiet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--mode", choices=("legacy", "auto"), default="legacy",
                        help="the SDK client's mode: legacy (handshake) or auto (2026-07-28)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1, 5 min)")
    met = True
    with Mesh(CONFIG) as mesh:
        port = None
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        http = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--home",
                                 str(mesh.home)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(3)
            stdio = StdioServerParameters(command=sys.executable, args=["-m", "actors", "mcp", "--home",
                                                                        str(mesh.home)], env=env)
            for name, server, pid_of in (("stdio", stdio, lambda: server_pid(f"mcp --home {mesh.home}")),
                                         ("http", f"http://127.0.0.1:{port}/mcp", lambda: http.pid)):
                started = time.perf_counter()
                rss, heard, quiet = asyncio.run(run(server, pid_of, mesh.home, args.requests, args.mode))
                took = time.perf_counter() - started
                changes = len(INSTRUCTIONS) - 1
                growth = rss[-1] - rss[1] if len(rss) > 1 else 0.0
                ok = heard == changes and quiet == 0 and growth <= RSS_GROWTH_MIB
                met = met and ok
                print(f"{name:5} ({args.mode}): {args.requests} requests in {took:.1f}s; notifications during them {quiet}; "
                      f"after {changes} changes {heard} (expected {changes}); RSS MiB "
                      f"{' '.join(f'{r:.1f}' for r in rss)} (growth after the first 1000: {growth:+.1f}, "
                      f"target <= {RSS_GROWTH_MIB}) {verdict(ok)}")
        finally:
            http.terminate()
            http.wait(timeout=10)
    print(f"overall: {verdict(met)}")


if __name__ == "__main__":
    main()
