"""Restart churn against a real heart: restarts are counted, and no series is added or lost."""

from __future__ import annotations

import time
import urllib.request

from broker.errors import MeshError
from tests.conftest import wait_for

CHURN_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2

[organs.echo]
module = "tests.organs.echo"
max_restarts = 1000000
restart_window_s = 1
stable_after_s = 0

[organs.steady]
module = "tests.organs.echo"
"""
RESTARTS = 50


def series(url: str) -> set[str]:
    """Name and labels of every sample the heart exports."""
    body = urllib.request.urlopen(url, timeout=5).read().decode()
    return {line.rsplit(" ", 1)[0] for line in body.splitlines() if line and not line.startswith("#")}


def organ(client, name: str) -> dict:
    return next(o for o in client.control("status")["organs"] if o["name"] == name)


def test_many_restarts_of_an_organ_add_no_series_to_the_exposition(make_mesh):
    mesh = make_mesh(CHURN_MESH)
    url = mesh.status()["heart"]["metrics"]
    before = series(url)

    with mesh.client() as client:
        killed = None
        deadline = time.monotonic() + 60
        while (echo := organ(client, "echo"))["restarts"] < RESTARTS:
            assert time.monotonic() < deadline, "the restarts took too long"
            pid = echo["pid"]
            if pid and pid != killed:
                try:
                    client.control("kill", organ="echo")  # often before it even registers
                    killed = pid
                except MeshError:
                    pass  # already dead and reaped
            time.sleep(0.002)
        wait_for(lambda: organ(client, "echo")["state"] == "up", timeout=15, what="echo up after the churn")

    after = series(url)
    assert after == before
    body = urllib.request.urlopen(url, timeout=5).read().decode()
    assert f'actors_organ_restarts_total{{organ="echo"}} {RESTARTS}.0' in body
