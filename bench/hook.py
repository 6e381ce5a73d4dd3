"""Latency of the commands on the agent's path: `actors hook` and the small commands, against bare Python.

A host runs `actors hook EVENT` synchronously before and after every tool call of the agent, so its
interpreter start-up and imports are the agent's latency. On a mesh of the memory organ and an echo
organ, each round runs, in this order, every command once (wall time of spawn + exit, as the host
sees it):
- baseline: `python -c "import zmq, msgpack"` (the least a Python client of the mesh must load);
- `actors hook PostToolUse` with a Claude Code payload on stdin (a failed Bash call);
- `actors hook UserPromptSubmit` with a prompt (sets the instruction, asks memory for context);
- `actors hook PreToolUse` with the Bash call about to be made (asks memory for the lessons about it);
- `actors status`; `actors call echo.echo --args '{"x": "hi"}'`.
Afterwards the heart's `actors_calls_total{organ="host"}` must have grown by exactly the number of
PostToolUse hooks run: a hook that does not wait for an answer must still deliver every record.
Target: median PostToolUse wall <= 1.5x the baseline's median.

    python bench/hook.py [--n 30]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from _mesh import Mesh, config_text, repo_env
from _stats import describe, verdict
from broker.home import Home

TARGET_RATIO = 1.5
PS = (50, 90)
MS = 1e3
TIMEOUT_S = 30.0
POST_TOOL_USE = {"hook_event_name": "PostToolUse", "session_id": "bench", "tool_name": "Bash",
                 "tool_input": {"command": "pytest -q"},
                 "tool_response": {"stdout": "", "stderr": "E   assert 1 == 2", "exitCode": 1}}
PROMPT = {"hook_event_name": "UserPromptSubmit", "session_id": "bench", "prompt": "make the login tests pass"}
PRE_TOOL_USE = {"hook_event_name": "PreToolUse", "session_id": "bench", "tool_name": "Bash",
                "tool_input": {"command": "pytest -q"}}


def main() -> None:
    args = _parse_args()
    actors = str(Path(sys.executable).with_name("actors"))
    config = config_text({"echo": {}, "memory": {"module": "actors.memory.organ"}}, beat_s=1.0)
    with Mesh(config) as mesh:
        home = ["--home", str(mesh.home)]
        commands = {
            "baseline: python -c 'import zmq, msgpack'": ([sys.executable, "-c", "import zmq, msgpack"], None),
            "actors hook PostToolUse": ([actors, "hook", "PostToolUse", *home], POST_TOOL_USE),
            "actors hook UserPromptSubmit": ([actors, "hook", "UserPromptSubmit", *home], PROMPT),
            "actors hook PreToolUse": ([actors, "hook", "PreToolUse", *home], PRE_TOOL_USE),
            "actors status": ([actors, "status", *home], None),
            "actors call echo.echo": ([actors, "call", "echo.echo", "--args", '{"x": "hi"}', *home], None),
        }
        metrics = Home(mesh.home).read_endpoints()["metrics"]
        recorded_before = _host_calls(metrics)
        took: dict[str, list[float]] = {label: [] for label in commands}
        env = repo_env()
        for _ in range(args.n):
            for label, (argv, payload) in commands.items():
                took[label].append(_run(argv, payload, env))
        recorded = _await_records(metrics, recorded_before, args.n)
    base = statistics.median(took[next(iter(commands))])
    print(f"{args.n} rounds, each command once per round in turn; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs")
    for label, samples in took.items():
        print(f"{label:<40} {describe(samples, PS, 'ms', MS)}  median {statistics.median(samples) / base:.2f}x")
    ratio = statistics.median(took["actors hook PostToolUse"]) / base
    print(f"PostToolUse records counted by the heart: {recorded:.0f} of {args.n}: {verdict(recorded == args.n)}")
    print(f"median ratio PostToolUse/baseline = {ratio:.2f}x (target <= {TARGET_RATIO:g}x): "
          f"{verdict(ratio <= TARGET_RATIO)}")


def _run(argv: list[str], payload: dict | None, env: dict[str, str]) -> float:
    data = json.dumps(payload).encode() if payload is not None else b""
    started = time.perf_counter()
    done = subprocess.run(argv, input=data, capture_output=True, env=env, timeout=TIMEOUT_S)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:3])} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    if done.stderr and argv[0] != sys.executable:
        raise RuntimeError(f"{' '.join(argv[:3])} complained: {done.stderr.decode()[-500:]}")
    return took


def _host_calls(metrics_url: str) -> float:
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never via a proxy
    with direct.open(metrics_url, timeout=5) as response:
        text = response.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith('actors_calls_total{organ="host"'))


def _await_records(metrics_url: str, before: float, expected: int, wait_s: float = 5.0) -> float:
    """Host calls recorded since `before`, once they reach `expected` or wait_s has passed."""
    deadline = time.monotonic() + wait_s
    while (recorded := _host_calls(metrics_url) - before) < expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return recorded


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=30, help="rounds (default 30)")
    return parser.parse_args()


if __name__ == "__main__":
    main()
