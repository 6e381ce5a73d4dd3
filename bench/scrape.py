"""Scrape cost under restart churn: series count and /metrics time before and after 1,000 organ restarts.

Two identical meshes of 4 echo organs (restart backoff 0, never fatal): A is churned, B is the
control that is never restarted. Series = sample lines of the exposition; scrape time = one HTTP GET
on a new connection, read to the end. A and B are scraped in turn (--scrapes each), then
one organ of A is restarted --restarts times: the script SIGKILLs it through the heart (`control kill`)
as soon as each new process exists, so most restarts happen before the organ registers. When it is
up again, A and B are scraped in turn again. The control shows the machine's drift
(other load) between the two phases.
Target: the same series after as before, and A's scrape p50 after <= 1.2x B's at the same time.

    python bench/scrape.py [--restarts 1000] [--scrapes 200]
"""

from __future__ import annotations

import argparse
import time
import urllib.request

from _mesh import Mesh, config_text
from _stats import describe, percentile, verdict
from actors.client import Client
from broker.errors import MeshError

ORGAN = "echo"
OTHERS = ("e2", "e3", "e4")
NEVER_FATAL = {"max_restarts": 1_000_000, "restart_window_s": 1}
POLL_S = 0.001
CHURN_TIMEOUT_S = 300.0
PS = (50, 90)
MS = 1e3
TARGET_RATIO = 1.2


def main() -> None:
    args = _parse_args()
    config = config_text({ORGAN: NEVER_FATAL, **{name: {} for name in OTHERS}}, beat_s=1.0)
    with Mesh(config) as churned, Mesh(config) as control, Client(churned.home) as client:
        urls = (client.control("status")["heart"]["metrics"], _metrics_url(control))
        series_before, (before, control_before) = _rounds(urls, args.scrapes)
        started = time.perf_counter()
        kills = _churn(client, args.restarts)
        churn_s = time.perf_counter() - started
        organ = _wait_up(client)
        series_after, (after, control_after) = _rounds(urls, args.scrapes)
    p50 = {name: percentile(times, 50) for name, times in
           (("before", before), ("after", after), ("control_before", control_before), ("control_after", control_after))}
    same = series_after == series_before
    vs_control = p50["after"] / p50["control_after"]
    print(f"restarts: {kills} SIGKILLs in {churn_s:.1f} s; the heart counted {organ['restarts']} restarts "
          f"(state {organ['state']})")
    print(f"series before: {len(series_before)}  after: {len(series_after)}  "
          f"(new: {len(series_after - series_before)}, gone: {len(series_before - series_after)})")
    print(f"scrape before: {describe(before, PS, 'ms', MS, 2)}   control: {describe(control_before, PS, 'ms', MS, 2)}")
    print(f"scrape after:  {describe(after, PS, 'ms', MS, 2)}   control: {describe(control_after, PS, 'ms', MS, 2)}")
    print(f"p50 ratio after/before = {p50['after'] / p50['before']:.2f}x (control drift "
          f"{p50['control_after'] / p50['control_before']:.2f}x); after/control = {vs_control:.2f}x "
          f"(target <= {TARGET_RATIO:g}x), same series: {same}: {verdict(same and vs_control <= TARGET_RATIO)}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--restarts", type=int, default=1000, help="organ restarts (default 1000)")
    parser.add_argument("--scrapes", type=int, default=200, help="scrapes before and after (default 200)")
    return parser.parse_args()


def _rounds(urls: tuple[str, str], n: int) -> tuple[set[str], tuple[list[float], list[float]]]:
    """Scrape the two URLs in turn, n times each; the first URL's series and both URLs' times."""
    times: tuple[list[float], list[float]] = ([], [])
    bodies = [b"", b""]
    for _ in range(n):
        for i, url in enumerate(urls):
            started = time.perf_counter()
            with urllib.request.urlopen(url, timeout=10) as answer:
                bodies[i] = answer.read()
            times[i].append(time.perf_counter() - started)
    series = {line.rsplit(" ", 1)[0] for line in bodies[0].decode().splitlines() if line and not line.startswith("#")}
    return series, times


def _metrics_url(mesh: Mesh) -> str:
    with Client(mesh.home) as client:
        return client.control("status")["heart"]["metrics"]


def _churn(client: Client, restarts: int) -> int:
    """SIGKILL the organ's every new process until the heart has restarted it this many times."""
    first = _organ(client)["restarts"]
    killed, kills = None, 0
    deadline = time.perf_counter() + CHURN_TIMEOUT_S
    while time.perf_counter() < deadline:
        organ = _organ(client)
        if organ["state"] == "fatal":
            raise RuntimeError(f"organ {ORGAN} went fatal: {organ['reason']}")
        if organ["restarts"] - first >= restarts:
            return kills
        pid = organ["pid"]
        if pid and pid != killed:
            try:
                client.control("kill", organ=ORGAN)
                killed, kills = pid, kills + 1
            except MeshError:
                pass  # it died and was reaped between the status and the kill
        else:
            time.sleep(POLL_S)
    raise RuntimeError(f"{restarts} restarts did not happen within {CHURN_TIMEOUT_S:g}s")


def _wait_up(client: Client) -> dict:
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        organ = _organ(client)
        if organ["state"] == "up":
            return organ
        time.sleep(0.01)
    raise RuntimeError(f"organ {ORGAN} is not up again after the churn")


def _organ(client: Client) -> dict:
    return next(o for o in client.control("status")["organs"] if o["name"] == ORGAN)


if __name__ == "__main__":
    main()
