"""How failures are classified, this checkout against another: real MCP servers' errors and the dev journals.

    python bench/causes_ab.py [--base /work/wt-base]

1. Calls the real test servers (.ci/install-test-servers: mcp-server-time, mcp-server-git, the filesystem
   server) over stdio with arguments they reject, and classifies each failure as the heart would
   (broker.outcome.detect, actors.mcp_organ.reply_of, broker.causes.classify) with each checkout's rules.
2. Classifies the error text of every failed call in the dev journals (bench/data's memory journals, never a
   held-out set: bench/recall_fresh.py's HELD_OUT) with each checkout's rules.
Prints the causes counted by each checkout and every text they name differently. Never asserts.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from actors.mcp_organ import reply_of  # noqa: E402
from bench.recall_fresh import HELD_OUT  # noqa: E402  the journals nobody tuning reads
from broker.outcome import detect  # noqa: E402
from broker.protocol import Call  # noqa: E402

SERVERS = Path(os.environ.get("ACTORS_TEST_SERVERS", "/opt/actors-test"))
ANSWER_S = 20.0


def calls(root: Path) -> list[tuple[list[str], list[tuple[str, dict]]]]:
    """Each real server's command and the calls it is given: values it rejects, names that name nothing."""
    (root / "files").mkdir()
    (root / "files" / "a.txt").write_text("hello\n")
    (root / "norepo").mkdir()
    files = str(root / "files")
    return [
        ([str(SERVERS / "mcp-py/bin/mcp-server-time")], [
            ("get_current_time", {"timezone": "Mars/Olympus"}), ("get_current_time", {}),
            ("get_current_time", {"timezone": 5}), ("no_such_tool", {}),
            ("convert_time", {"source_timezone": "UTC", "time": "25:99", "target_timezone": "Europe/Paris"}),
            ("convert_time", {"source_timezone": "UTC", "time": "12:00", "target_timezone": "Nowhere/Land"})]),
        ([str(SERVERS / "mcp-py/bin/mcp-server-git")], [
            ("git_status", {"repo_path": str(root / "norepo")}), ("git_status", {}),
            ("git_log", {"repo_path": str(REPO), "max_count": "many"}),
            ("git_show", {"repo_path": str(REPO), "revision": "no-such-revision"}),
            ("git_diff", {"repo_path": str(REPO), "target": "no-such-branch"})]),
        ([str(SERVERS / "node/node_modules/.bin/mcp-server-filesystem"), files], [
            ("read_text_file", {"path": f"{files}/missing.txt"}), ("read_text_file", {"path": "/etc/passwd"}),
            ("read_text_file", {}), ("read_text_file", {"path": f"{files}/a.txt", "head": "x"}),
            ("list_directory", {"path": f"{files}/a.txt"}),
            ("edit_file", {"path": f"{files}/a.txt", "edits": [{"oldText": "absent", "newText": "y"}]})]),
    ]


def answers(command: list[str], wanted: list[tuple[str, dict]], cwd: Path) -> list[tuple[str, dict, dict | None]]:
    """Run one server, hand it the calls in turn, and return each call with the server's response (None: none)."""
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              cwd=cwd, text=True, start_new_session=True)

    def request(rid: int, method: str, params: dict) -> dict | None:
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        deadline = time.monotonic() + ANSWER_S
        while time.monotonic() < deadline:
            if select.select([server.stdout], [], [], 1.0)[0]:
                line = server.stdout.readline()
                if not line:
                    return None
                message = json.loads(line)
                if message.get("id") == rid:
                    return message
        return None

    try:
        request(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                  "clientInfo": {"name": "causes_ab", "version": "1"}})
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
        server.stdin.flush()
        return [(tool, args, request(i, "tools/call", {"name": tool, "arguments": args}))
                for i, (tool, args) in enumerate(wanted, 1)]
    finally:
        server.kill()
        server.wait(5)


def server_failures() -> list[tuple[str, str, str]]:
    """(message, type, declared cause) of every failed call to the real servers, as the heart receives them."""
    found = []
    with tempfile.TemporaryDirectory(prefix="causes-") as tmp:
        for command, wanted in calls(Path(tmp)):
            if not Path(command[0]).exists():
                print(f"skipped {command[0]}: not installed (.ci/install-test-servers)")
                continue
            for tool, args, response in answers(command, wanted, Path(tmp)):
                reply = reply_of(Call(id="x", organ="s", ability=tool, args=args), response, 0.1, ANSWER_S)
                failure = detect(reply)
                if failure is not None:
                    found.append((failure.message, failure.type, failure.cause))
    return found


def journal_failures() -> list[tuple[str, str, str]]:
    """(error text, "", "") of every failed call in the dev journals, the held-out sets left unread (memory's journals
    only: an exposure part of a set may still be held out when its memory part is dev, fresh10's and fresh11's)."""
    found = []
    for path in sorted((REPO / "bench" / "data").rglob("memory/*.jsonl")):
        if any(held in path.parts for held in HELD_OUT):
            continue
        for line in path.open(encoding="utf-8", errors="replace"):
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("kind") == "call" and event.get("ok") is False:
                found.append((str(event.get("error") or ""), "", ""))
    return found


def rules_of(root: Path):
    """The classify function of a checkout's broker/causes.py."""
    spec = importlib.util.spec_from_file_location(f"causes_{abs(hash(str(root)))}", root / "broker" / "causes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.classify


def compare(title: str, failures: list[tuple[str, str, str]], base: Path) -> None:
    """Print the causes each checkout names for these failures, and the texts they name differently."""
    ours, theirs = rules_of(REPO), rules_of(base)
    named = [(theirs(*f), ours(*f), f[0]) for f in failures]
    print(f"\n{title}: {len(failures)} failures")
    for side, index in ((f"  base   {base}", 0), (f"  branch {REPO}", 1)):
        print(side, dict(sorted(Counter(str(n[index]) for n in named).items())))
    for before, after, text in named:
        if before != after:
            print(f"    {before} -> {after}: {text[:120]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, default=Path("/work/wt-base"), help="the checkout to compare with")
    args = parser.parse_args()
    compare("real MCP servers' failures (JSON-RPC errors as this checkout's reply_of gives them)",
            server_failures(), args.base)
    compare(f"dev journals' failed calls (bench/data, {HELD_OUT} unread)", journal_failures(), args.base)


if __name__ == "__main__":
    main()
