"""Lanes end to end, with real organ processes: successes go straight, everything else through the heart."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from broker.home import Home, lane_folder, lane_socket
from tests.conftest import ECHO_MESH, wait_for
from tests.test_healer import HEALER_MESH, NO_HEALER_MESH
from tests.test_mesh import metric


@pytest.fixture
def laned(make_mesh):
    """Make a mesh with lanes forced on (whatever the mesh file says)."""
    def make(config_text: str = ECHO_MESH):
        mesh = make_mesh(config_text, start=False)
        mesh.env["ACTORS_LANES"] = "1"
        mesh.up()
        return mesh
    return make


def counting(client):
    """Count the calls that go through the heart (the client's _request)."""
    through_heart = []
    request = client._request

    def counted(msg, expect, limit_s):
        if type(msg).__name__ == "Call":  # not the manifest the client reads once for ability timeouts
            through_heart.append(msg.ability)
        return request(msg, expect, limit_s)
    client._request = counted
    return through_heart


def test_a_lane_call_succeeds_straight_from_the_organ_after_the_first_call_earns_the_grant(laned):
    mesh = laned()
    with mesh.client() as client:
        heart = counting(client)
        first = client.call("echo", "echo", {"x": 0})
        assert first.ok and "echo" in client.lanes
        for i in range(1, 20):
            reply = client.call("echo", "echo", {"x": i})
            assert reply.ok and reply.result["x"] == i
        assert heart == ["echo"]  # only the first went through the heart


def test_a_mesh_with_lanes_off_grants_none(make_mesh):
    mesh = make_mesh(start=False)
    mesh.env["ACTORS_LANES"] = "0"
    mesh.up()
    with mesh.client() as client:
        for _ in range(3):
            assert client.call("echo", "echo", {"x": 1}).ok
        assert client.lanes == {}


def test_a_failing_lane_call_is_healed_and_answered_through_the_heart(laned):
    mesh = laned(HEALER_MESH)
    with mesh.client() as client:
        assert client.call("flaky", "attempts_of", {"key": "warm"}).ok
        assert "flaky" in client.lanes
        reply = client.call("flaky", "flaky_read", {"key": "k", "fails": 2}, timeout_s=20)
        assert reply.ok, reply.error
        assert reply.retried == 2 and reply.result["attempt"] == 3
        refused = client.call("flaky", "always_fail", {"message": "no luck"}, timeout_s=20)
        assert not refused.ok and refused.error.decision and "no luck" in refused.error.message


def test_an_open_breaker_revokes_the_lanes_and_calls_fail_fast_through_the_heart(laned, tmp_path):
    mesh = laned(NO_HEALER_MESH)
    with mesh.client() as client:
        assert client.call("flaky", "service").ok and "flaky" in client.lanes
        (mesh.workdir / "down").write_text("")
        failures = [client.call("flaky", "service").error.type for _ in range(5)]
        assert failures == ["ConnectionRefusedError"] * 5, failures  # handed off on the lane, concluded by the heart
        assert "flaky" not in client.lanes  # the heart withdrew it before it answered the failure that opened the breaker
        fast = client.call("flaky", "service")
        assert fast.error.type == "BreakerOpen"  # so the next call went to the heart, which refuses it
        (mesh.workdir / "down").unlink()
        wait_for(lambda: client.call("flaky", "service").ok, timeout=15, what="the breaker to close")
        wait_for(lambda: client.call("flaky", "service").ok and "flaky" in client.lanes, timeout=10,
                 what="a lane granted anew")


def test_an_organ_killed_during_a_lane_call_answers_it_promptly_and_its_restart_needs_a_new_grant(laned):
    mesh = laned()
    with mesh.client() as client:
        pid = client.call("echo", "echo", {"x": 1}).result["pid"]
        old = client.lanes["echo"]
        assert client.call("echo", "echo", {"x": 1}).ok  # on the lane
        found: dict = {}

        def kill_soon():
            time.sleep(0.3)
            found["killed"] = time.monotonic()
            os.kill(pid, signal.SIGKILL)
        threading.Thread(target=kill_soon, daemon=True).start()
        reply = client.call("echo", "sleep", {"seconds": 5}, timeout_s=10)
        took = time.monotonic() - found["killed"]
        assert not reply.ok and reply.error.type == "OrganDied" and reply.error.cause == "crashed"
        assert took < 1.0, took
        assert "echo" not in client.lanes
        restarted = wait_for(lambda: (r := client.call("echo", "echo", {"x": 2})).ok and r.result["pid"] != pid,
                             timeout=15, what="the organ to come back")
        assert restarted
        assert "echo" in client.lanes and client.lanes["echo"] is not old
        assert client.call("echo", "echo", {"x": 3}).result["pid"] != pid



def test_a_killed_organs_lane_socket_file_is_removed_and_a_stopped_mesh_leaves_none(laned):
    mesh = laned()
    folder = lane_folder(Home(mesh.home).read_endpoints()["router"])
    with mesh.client() as client:
        pid = client.call("echo", "echo", {"x": 1}).result["pid"]
        path = lane_socket(folder, pid)
        assert os.path.exists(path) and "echo" in client.lanes
        os.kill(pid, signal.SIGKILL)  # the organ cannot remove its own file
        wait_for(lambda: not os.path.exists(path), timeout=10, what="the dead organ's lane file to go")
        new_pid = wait_for(lambda: (r := client.call("echo", "echo", {"x": 2})).ok and r.result["pid"] != pid
                           and r.result["pid"], timeout=15, what="the organ to come back")
        assert os.path.exists(lane_socket(folder, new_pid))
    mesh.cli("down", check=True, timeout=40)
    assert not [name for name in (os.listdir(folder) if os.path.isdir(folder) else ()) if name.startswith("lane-")]

def test_lane_calls_are_counted_in_metrics_and_published_as_call_events(laned):
    mesh = laned()
    with mesh.client() as client:
        assert client.call("echo", "echo", {"x": 0}).ok and "echo" in client.lanes
        before = metric(mesh, "actors_call_duration_seconds_count", organ="echo")
        with client.events(["call"]) as events:
            for i in range(5):
                assert client.call("echo", "echo", {"x": i}, session="lane-s").ok
            seen = []
            deadline = time.monotonic() + 5
            while len(seen) < 5 and time.monotonic() < deadline:
                event = events.next(0.5)
                if event is not None and event.session == "lane-s":
                    seen.append(event)
        assert [e.args["x"] for e in seen] == [0, 1, 2, 3, 4]
        assert all(e.ok and e.organ == "echo" and e.ability == "echo" for e in seen)
        wait_for(lambda: metric(mesh, "actors_call_duration_seconds_count", organ="echo") >= before + 5,
                 timeout=5, what="the tallied calls in the metrics")


def test_a_lane_failure_after_lane_successes_opens_a_wound_the_earlier_successes_do_not_heal(laned):
    mesh = laned()
    with mesh.client() as client:
        for i in range(5):  # the first earns the lane; the rest succeed on it and wait in the organ's tally
            assert client.call("echo", "echo", {"x": i}).ok
        assert "echo" in client.lanes
        failed = client.call("echo", "missing", {"what": "the file"})
        assert not failed.ok and failed.error.cause == "not_found"
        time.sleep(0.3)  # past the tally's batch (25 ms): everything has been accounted
        (echo,) = [o for o in client.control("status")["organs"] if o["name"] == "echo"]
        assert [w["cause"] for w in echo["wounds"]] == ["not_found"]
