"""Restart latency: SIGKILL an organ, time until the heart shows it "up" again with a new pid.

Each repetition reads the organ's pid from `status`, kills it with SIGKILL and polls `status` every
~2 ms over the same Client until the organ is up with another pid. The organ's config has
stable_after_s = 0 (every run counts as stable, so the backoff stays 0) and max_restarts = 1000
(it never goes fatal). Baseline in the same run: spawning `python -c "import zmq, msgpack"` and
waiting for it (subprocess.run).
Target: median restart latency <= 250 ms.

    python bench/restart.py [--n 20]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import time

from _mesh import ECHO_MODULE, FAST_RESTART, Mesh, config_text, repo_env
from _stats import describe, verdict
from actors.client import Client

ORGAN = "echo"
TARGET_S = 0.250
POLL_S = 0.002
RESTART_TIMEOUT_S = 30.0
SETTLE_S = 0.1  # pause between repetitions
PS = (50, 90)
MS = 1e3
BASELINE = [sys.executable, "-c", "import zmq, msgpack"]
ORGAN_IMPORTS = [sys.executable, "-c", f"import actors.runner, {ECHO_MODULE}"]
BACKOFF = re.compile(r"restarting in ([0-9.]+)s")


def main() -> None:
    args = _parse_args()
    with Mesh(config_text({ORGAN: {}}, beat_s=1.0)) as mesh, Client(mesh.home) as client:
        latencies = []
        for _ in range(args.n):
            latencies.append(_restart_once(client))
            time.sleep(SETTLE_S)
        final = _organ(client)
        backoffs = [float(m.group(1)) for a in client.control("status")["alerts"]
                    if a["organ"] == ORGAN and (m := BACKOFF.search(a["message"]))]
        baseline = _spawn_times(BASELINE, args.n)
        organ_imports = _spawn_times(ORGAN_IMPORTS, args.n)
    median, base = statistics.median(latencies), statistics.median(baseline)
    print(f"organ config: {', '.join(f'{k}={v}' for k, v in FAST_RESTART.items())} "
          "-> backoff 0 s, never fatal")
    print(f"restarts counted by the heart: {final['restarts']} (state {final['state']}); backoff announced "
          f"in {len(backoffs)} alerts: max {max(backoffs, default=0):.2f} s")
    print(f"kill -9 -> registered again: {describe(latencies, PS, 'ms', MS)}")
    print(f"baseline spawn+wait of `python -c 'import zmq, msgpack'`: {describe(baseline, PS, 'ms', MS)}")
    print(f"for reference, spawn+wait of `python -c 'import actors.runner, {ECHO_MODULE}'`: "
          f"{describe(organ_imports, PS, 'ms', MS)}")
    print(f"median ratio restart/baseline = {median / base:.2f}x; "
          f"median {median * MS:.1f} ms (target <= {TARGET_S * MS:.0f} ms): {verdict(median <= TARGET_S)}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=20, help="restarts, and baseline spawns (default 20)")
    return parser.parse_args()


def _organ(client: Client) -> dict:
    return next(o for o in client.control("status")["organs"] if o["name"] == ORGAN)


def _restart_once(client: Client) -> float:
    """Seconds from SIGKILL to the organ being up again under a new pid."""
    organ = _organ(client)
    if organ["state"] != "up":
        raise RuntimeError(f"organ {ORGAN} is {organ['state']} before the kill: {organ['reason']}")
    old_pid = organ["pid"]
    started = time.perf_counter()
    os.kill(old_pid, signal.SIGKILL)
    while time.perf_counter() - started < RESTART_TIMEOUT_S:
        organ = _organ(client)
        if organ["state"] == "up" and organ["pid"] not in (None, old_pid):
            return time.perf_counter() - started
        if organ["state"] == "fatal":
            raise RuntimeError(f"organ {ORGAN} went fatal: {organ['reason']}")
        time.sleep(POLL_S)
    raise RuntimeError(f"organ {ORGAN} was not up again within {RESTART_TIMEOUT_S:g}s (state {organ['state']})")


def _spawn_times(command: list[str], n: int) -> list[float]:
    env = repo_env()
    took = []
    for _ in range(n):
        started = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        took.append(time.perf_counter() - started)
    return took


if __name__ == "__main__":
    main()
