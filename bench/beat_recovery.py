"""How long the beat stays critical after a killed organ is back: the truth, or a lingering alarm.

    python bench/beat_recovery.py [--runs 3] [--wait 40]

A mesh with one shell organ (beat_s 0.5, breaker_threshold 1, alert_ttl_s 30 by default): a call is put in
flight, the organ is killed, the call fails `crashed` and opens the organ's breaker (a critical alert), the
supervisor restarts the organ. From the first beat that shows the organ back up (a new pid), it counts the
beats still critical and the seconds until the first calm one. Run it from each checkout to compare (the
mesh runs the code of the checkout the script is in). Target: calm from the first beat that shows it back.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors.client import Client  # noqa: E402
from bench._mesh import Mesh, config_text  # noqa: E402

ORGAN = "shell"  # its `run` of `sleep 30` is the call in flight
SETTLE_S = 1.0  # for the call to reach the organ before it is killed


def one_run(wait_s: float) -> tuple[int, float | None]:
    """Kill the organ mid-call; return the critical beats seen once it is back, and the seconds to calm."""
    config = config_text({ORGAN: {"module": "actors.organs.shell"}}, beat_s=0.5, breaker_threshold=1)
    with Mesh(config) as mesh, Client(mesh.home) as watcher, Client(mesh.home) as caller:
        beats = watcher.blood(timeout_s=5)
        old = next(beats).organs[ORGAN].pid
        in_flight = threading.Thread(target=caller.call, args=(ORGAN, "run", {"command": "sleep 30"}),
                                     kwargs={"timeout_s": 20})
        in_flight.start()
        time.sleep(SETTLE_S)
        watcher.control("kill", organ=ORGAN)
        in_flight.join(10)
        back_at, critical = None, 0
        deadline = time.monotonic() + wait_s
        try:
            for beat in beats:
                organ = beat.organs[ORGAN]
                if back_at is None and organ.state == "up" and organ.pid != old:
                    back_at = beat.at
                if back_at is not None:
                    if not beat.reason.startswith("critical"):
                        return critical, beat.at - back_at
                    critical += 1
                if time.monotonic() > deadline:
                    break
        finally:
            beats.close()
    return critical, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--wait", type=float, default=40.0, help="seconds to wait for a calm beat")
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        critical, calm_s = one_run(args.wait)
        verdict = "PASS" if critical == 0 and calm_s is not None else "MISS"
        after = f"{calm_s:.2f}s" if calm_s is not None else f"not within {args.wait:g}s"
        print(f"run {run}: {critical} critical beats after {ORGAN} was back; calm {after} after it  {verdict}")


if __name__ == "__main__":
    main()
