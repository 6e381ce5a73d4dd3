"""Restart latency: SIGKILL an organ, time until the heart shows it "up" again with a new pid.

Two meshes run side by side, identical but for `[heart] zygote`: in one the organ is forked from the
zygote (a pre-loaded interpreter), in the other it starts as a fresh interpreter. Each repetition kills
the organ of one mesh, then of the other (alternating, so drift in machine load hits both alike): it
reads the organ's pid from `status`, sends SIGKILL and polls `status` every ~2 ms over the same Client
until the organ is up with another pid. The organ's config has stable_after_s = 0 (every run counts as
stable, so the backoff stays 0) and max_restarts = 1000 (it never goes fatal). Before measuring, each
organ is restarted twice unmeasured and the zygote has imported the organ's module. Baseline in the same
run: spawning `python -c "import zmq, msgpack"` and waiting for it (subprocess.run).
Targets: zygote median <= 30 ms; fresh interpreter median <= 250 ms.

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
TARGET_S = {"zygote": 0.030, "fresh": 0.250}
WARMUP = 2
READY_TIMEOUT_S = 30.0
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
    configs = {"zygote": config_text({ORGAN: {}}, beat_s=1.0),
               "fresh": config_text({ORGAN: {}}, beat_s=1.0, zygote=False)}
    with Mesh(configs["zygote"]) as forked, Mesh(configs["fresh"]) as fresh, \
            Client(forked.home) as forked_client, Client(fresh.home) as fresh_client:
        clients = {"zygote": forked_client, "fresh": fresh_client}
        _await_preload(forked_client)
        for client in clients.values():
            for _ in range(WARMUP):
                _restart_once(client)
                time.sleep(SETTLE_S)
        _await_preload(forked_client)
        before = forked_client.control("status")["heart"]["zygote"]
        latencies: dict[str, list[float]] = {kind: [] for kind in clients}
        for _ in range(args.n):
            for kind, client in clients.items():
                latencies[kind].append(_restart_once(client))
                time.sleep(SETTLE_S)
        after = forked_client.control("status")["heart"]["zygote"]
        finals = {kind: _organ(client) for kind, client in clients.items()}
        backoffs = [float(m.group(1)) for client in clients.values() for a in client.control("status")["alerts"]
                    if a["organ"] == ORGAN and (m := BACKOFF.search(a["message"]))]
        baseline = _spawn_times(BASELINE, args.n)
        organ_imports = _spawn_times(ORGAN_IMPORTS, args.n)
    base = statistics.median(baseline)
    print(f"organ config: {', '.join(f'{k}={v}' for k, v in FAST_RESTART.items())} "
          f"-> backoff 0 s, never fatal; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print("restarts counted by the hearts: " + ", ".join(
        f"{kind} {o['restarts']} ({o['state']})" for kind, o in finals.items())
        + f"; backoff announced in {len(backoffs)} alerts: max {max(backoffs, default=0):.2f} s")
    print(f"zygote: {after['forks'] - before['forks']} of the {args.n} measured restarts forked, "
          f"{after['fresh_starts'] - before['fresh_starts']} started fresh")
    for kind, label in (("zygote", "forked from the zygote"), ("fresh", "fresh interpreter (zygote = false)")):
        median = statistics.median(latencies[kind])
        print(f"kill -9 -> registered again, {label}: {describe(latencies[kind], PS, 'ms', MS)}; "
              f"median {median / base:.2f}x baseline (target <= {TARGET_S[kind] * MS:.0f} ms): "
              f"{verdict(median <= TARGET_S[kind])}")
    print(f"baseline spawn+wait of `python -c 'import zmq, msgpack'`: {describe(baseline, PS, 'ms', MS)}")
    print(f"for reference, spawn+wait of `python -c 'import actors.runner, {ECHO_MODULE}'`: "
          f"{describe(organ_imports, PS, 'ms', MS)}")
    ratio = statistics.median(latencies["fresh"]) / statistics.median(latencies["zygote"])
    print(f"median fresh/zygote = {ratio:.1f}x")


def _await_preload(client: Client) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        zygote = client.control("status")["heart"]["zygote"]
        if zygote["state"] == "ready" and ECHO_MODULE in zygote["preloaded"] and not zygote["importing"]:
            return
        time.sleep(0.05)
    raise RuntimeError(f"the zygote did not import {ECHO_MODULE} within {READY_TIMEOUT_S:g}s: {zygote}")


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
