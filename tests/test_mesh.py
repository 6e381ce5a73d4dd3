"""The supervised mesh end to end: real heart, real organ processes, real sockets, the real CLI."""

from __future__ import annotations

import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
import zmq

from broker import protocol
from broker.home import pid_alive
from broker.protocol import Refused, Register
from broker.vocab import FAULT_DRILL
from tests.conftest import ECHO_MESH, end_mesh, guarded, mesh_processes, new_mesh, wait_for

CRASHY_MESH = """
[heart]
beat_s = 0.3
heartbeat_s = 0.2

[organs.echo]
module = "tests.organs.echo"

[organs.crashy]
module = "tests.organs.crashy"
max_restarts = 3
restart_window_s = 60
backoff_initial_s = 0.2
backoff_max_s = 5
"""

SHARED = pytest.mark.xdist_group("mesh-shared")  # the tests on `shared` run on one worker: one mesh for them


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One echo mesh for the tests that only call and look: none kills, stops, instructs or holds echo busy."""
    made = new_mesh(tmp_path_factory.mktemp("shared"))
    made.up()
    yield made
    end_mesh(made)


def metric(mesh, name: str, **labels: str) -> float:
    """Read one sample from the heart's Prometheus endpoint."""
    url = mesh.status()["heart"]["metrics"]
    body = urllib.request.urlopen(url, timeout=5).read().decode()
    wanted = name + ("{" + ",".join(f'{k}="{v}"' for k, v in sorted(labels.items())) + "}" if labels else "")
    total = 0.0
    for line in body.splitlines():
        if line.startswith(wanted + " ") or (not labels and line.startswith(name + "{")):
            total += float(line.rsplit(" ", 1)[1])
    return total


@SHARED
def test_organs_register_with_their_abilities_and_declared_flags(shared):
    status = shared.status()
    echo = shared.organ("echo")
    assert echo["state"] == "up"
    assert pid_alive(echo["pid"])
    assert echo["abilities"] == ["echo", "missing", "report_metric", "sleep"]
    assert status["heart"]["endpoints"]["router"].startswith("ipc://")
    assert status["heart"]["stage"] == "awake"
    with shared.client() as client:
        assert client.call("echo", "echo", {"x": "hi"}).result["pid"] == echo["pid"]


@SHARED
def test_a_call_round_trips_through_the_heart_from_the_cli(shared):
    out = shared.json("call", "echo.echo", "--args", '{"x": [1, "two", {"three": 3}]}')
    assert out["ok"] is True
    assert out["result"]["x"] == [1, "two", {"three": 3}]


@SHARED
def test_unknown_organs_and_abilities_get_a_clear_error_and_exit_2_not_a_hang(shared):
    for target, names in (("nosuch.echo", "echo"), ("echo.nosuch", "echo, missing, report_metric, sleep")):
        result = shared.cli("call", target, "--json", timeout=10)
        assert result.returncode == 2
        error = json.loads(result.stdout)["error"]
        assert error["cause"] == "tool_missing"
        assert names in error["message"]


@SHARED
def test_bad_arguments_are_refused_by_the_organ_as_bad_params(shared):
    out = json.loads(shared.cli("call", "echo.sleep", "--args", '{"seconds": "soon"}', "--json").stdout)
    assert out["error"]["cause"] == "bad_params"
    assert "args.seconds" in out["error"]["message"]


def test_a_call_past_its_deadline_fails_with_timeout(mesh):
    with mesh.client() as client:
        reply = client.call("echo", "sleep", {"seconds": 3}, timeout_s=0.3)
    assert not reply.ok
    assert reply.error.cause == "timeout"


@SHARED
def test_an_infinite_or_nan_timeout_gets_an_answer_from_the_heart_not_a_crash_in_the_client(shared):
    with shared.client() as client:
        for timeout_s in (math.inf, math.nan):
            reply = client.call("echo", "echo", {"x": "hi"}, timeout_s=timeout_s)
            assert not reply.ok and reply.error.type == "BadTimeout"
        assert client.control("status", timeout_s=math.inf)["organs"]
        assert client.call("echo", "echo", {"x": "after"}).ok


def test_a_call_whose_organ_dies_mid_call_gets_a_crashed_error_that_names_the_fault_drill(mesh):
    replies = []
    with mesh.client() as client:
        worker = threading.Thread(target=lambda: replies.append(client.call("echo", "sleep", {"seconds": 20})))
        worker.start()
        time.sleep(0.3)
        mesh.cli("kill", "echo", check=True)
        worker.join(timeout=10)
        wait_for(lambda: mesh.organ("echo")["state"] == "up", timeout=20, what="echo back")
        later = client.call("echo", "echo", {"x": 1})
    assert not worker.is_alive()
    assert replies[0].ok is False
    assert replies[0].error.cause == "crashed"
    assert replies[0].error.message.startswith("organ echo ")
    assert replies[0].error.message.endswith(f"(SIGKILL sent by {FAULT_DRILL})")  # memory learns nothing from it
    assert later.ok  # up again: the drill is over


@SHARED
def test_a_late_joiner_gets_the_current_state_then_only_newer_beats(shared):
    time.sleep(0.5)  # let a few beats go by unobserved
    with shared.client() as client:
        snapshot = client.snapshot()
        beats = list(client.blood(count=4, timeout_s=5))
    assert snapshot.seq > 1
    assert beats[0].seq >= snapshot.seq
    assert [b.seq for b in beats] == sorted(set(b.seq for b in beats))
    assert beats[0].organs["echo"].state == "up"


@SHARED
def test_blood_from_the_cli_carries_the_contract_fields(shared):
    lines = shared.cli("blood", "--count", "3", "--json", check=True).stdout.splitlines()
    beats = [json.loads(line) for line in lines]
    assert len(beats) == 3
    for beat in beats:
        assert {"seq", "at", "interval_s", "instruction", "stage", "organs", "alerts"} <= set(beat)
        assert beat["organs"]["echo"]["state"] == "up"
    assert beats[0]["seq"] < beats[1]["seq"] < beats[2]["seq"]


def test_an_instruction_set_by_control_rides_in_blood_and_status(mesh):
    mesh.cli("instruct", "make the login tests pass", check=True)
    assert mesh.status()["heart"]["instruction"] == "make the login tests pass"
    beat = json.loads(mesh.cli("blood", "--count", "1", "--json", check=True).stdout)
    assert beat["instruction"] == "make the login tests pass"


def test_a_killed_organ_is_back_up_with_a_new_pid_and_the_restart_is_counted_and_alerted(mesh):
    old = mesh.organ("echo")["pid"]
    out = mesh.cli("kill", "echo", check=True)
    assert str(old) in out.stdout
    echo = wait_for(lambda: (o := mesh.organ("echo"))["state"] == "up" and o["pid"] != old and o, what="echo back up")
    assert echo["restarts"] == 1
    assert not pid_alive(old)
    messages = [a["message"] for a in mesh.status()["alerts"]]
    assert any("killed by SIGKILL; restarting" in m for m in messages)
    assert metric(mesh, "actors_organ_restarts_total", organ="echo") == 1.0
    with mesh.client() as client:
        assert client.call("echo", "echo", {"x": 1}).ok


# One call in flight when its organ dies opens the organ's breaker (threshold 1), with a critical alert.
BREAKER_MESH = ECHO_MESH.replace("quiet_after_s = 600", "quiet_after_s = 600\nbreaker_threshold = 1")


def test_the_beat_is_calm_from_the_beat_an_organ_killed_mid_call_is_back_up_while_its_alert_still_rides(make_mesh):
    mesh = make_mesh(BREAKER_MESH)
    old = mesh.organ("echo")["pid"]
    replies, seen, back = [], [], []
    with mesh.client() as watcher, mesh.client() as caller:
        beats = watcher.blood(timeout_s=5)
        next(beats)  # subscribed before anything happens
        in_flight = threading.Thread(target=lambda: replies.append(caller.call("echo", "sleep", {"seconds": 30},
                                                                              timeout_s=20)))
        in_flight.start()
        time.sleep(1.0)  # for the call to reach echo (one refused instead would open nothing: the asserts say so)
        mesh.cli("kill", "echo", check=True)
        in_flight.join(10)
        deadline = time.monotonic() + 15
        try:
            for beat in beats:
                seen.append(beat)
                back = [b for b in seen if b.organs["echo"].state == "up" and b.organs["echo"].pid != old]
                if len(back) >= 5 or time.monotonic() > deadline:
                    break
        finally:
            beats.close()
    assert replies and replies[0].error.cause == "crashed"
    assert len(back) >= 5, "echo back up within the wait"
    # the breaker's critical alert rides in blood, as news, for alert_ttl_s (30 s) ...
    assert all(any(a.level == "critical" and "breaker is open" in a.message for a in b.alerts) for b in back)
    # ... but from the first beat that shows echo back (a fresh process, its breaker closed) the beat is calm
    assert [(b.reason, b.interval_s) for b in back] == [("alerts", pytest.approx(0.2))] * len(back)


def test_a_crash_loop_backs_off_and_ends_fatal_with_a_critical_alert(make_mesh):
    mesh = make_mesh(CRASHY_MESH, start=False)
    result = mesh.up(check=False)
    assert result.returncode != 0
    assert "fatal organs: crashy" in result.stderr
    log = (mesh.home / "logs" / "heart.log").read_text()
    said = "it said: RuntimeError: crashy organ refuses to start"  # why, from the end of its run's log
    delays = [float(d) for d in re.findall(rf"organ crashy exited with code \d+; {said}; restarting in ([0-9.]+)s",
                                           log)]
    assert delays == sorted(delays) and len(delays) == 3 and delays[-1] > delays[0]
    assert f"organ crashy turned fatal: exited with code 1; 3 restarts within 60s; {said}" in log
    assert said in result.stderr
    assert mesh_processes(mesh.home) == []


def test_a_fatal_organ_raises_a_critical_alert_and_speeds_up_the_beat(make_mesh):
    mesh = make_mesh(CRASHY_MESH.replace("[organs.crashy]", "[organs.crashy]\nstable_after_s = 100"), start=False)
    subprocess.Popen(guarded([sys.executable, "-m", "actors", "up", "--config", str(mesh.config), "--home",
                              str(mesh.home)]),
                     cwd=mesh.workdir, env=mesh.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)
    wait_for(lambda: mesh.home.joinpath("endpoints.json").exists() and mesh.organ("crashy")["state"] == "fatal",
             timeout=20, what="crashy fatal")
    # the beat that follows the organ's death carries the critical alert: wait for it, do not race it
    status = wait_for(lambda: (s := mesh.status())["heart"]["reason"] == "critical alert: crashy" and s, timeout=5,
                      what="the first beat after crashy turned fatal")
    assert status["heart"]["interval_s"] == pytest.approx(0.1)
    assert any(a["level"] == "critical" and a["organ"] == "crashy" for a in status["alerts"])
    assert mesh.organ("echo")["state"] == "up"


def test_a_stopped_organ_is_marked_lost_then_up_again_when_it_resumes(make_mesh):
    # not killed as hung while the test looks at it, however slow the machine is
    mesh = make_mesh(ECHO_MESH.replace("liveness = 3", "liveness = 3\nhang_kill_s = 120"))
    pid = mesh.organ("echo")["pid"]
    try:
        mesh.cli("kill", "echo", "--signal", "STOP", check=True)
        stopped = time.monotonic()
        lost = wait_for(lambda: (o := mesh.organ("echo"))["state"] == "lost" and o, timeout=5, what="lost")
        silent = float(re.search(r"no heartbeat for ([0-9.]+)s", lost["reason"]).group(1))
        assert silent <= 0.2 * 3 + 0.5  # the liveness window plus one heartbeat check and scheduling slack
        with mesh.client() as client:
            assert client.call("echo", "echo").error.cause == "network"
        # stopped longer than its orphan window (3 s): its own pause is not the heart's silence
        time.sleep(max(0.0, 3.5 - (time.monotonic() - stopped)))
        still = mesh.organ("echo")
        assert still["reason"] == lost["reason"] and still["silent_s"] >= 3.0  # how long by now, not when lost
        assert "; silent " in mesh.cli("status", check=True).stdout
    finally:
        os.kill(pid, signal.SIGCONT)
    wait_for(lambda: mesh.organ("echo")["state"] == "up", timeout=5, what="up again")
    assert mesh.organ("echo")["pid"] == pid
    assert "reconnecting" not in (mesh.home / "logs" / "echo.log").read_text()


def test_organs_exit_soon_after_their_heart_is_killed(mesh):
    heart = mesh.status()["heart"]["pid"]
    organ = mesh.organ("echo")["pid"]
    os.kill(heart, signal.SIGKILL)
    wait_for(lambda: not pid_alive(organ), timeout=8, what="orphaned organ to exit")
    wait_for(lambda: mesh_processes(mesh.home) == [], timeout=5, what="every process of the mesh to end")


def test_garbage_sent_to_the_heart_is_counted_and_the_heart_keeps_serving(mesh):
    router = mesh.status()["heart"]["endpoints"]["router"]
    garbage = [
        [b"hello"],
        [b"ACT9", b"call", b"\x80"],
        [protocol.VERSION, b"nonsense", b"\x80"],
        [protocol.VERSION, b"call", b"\xc1\xc1"],
        [protocol.VERSION, b"call", b"\xdb\xff\xff\xff\xff"],
        [protocol.VERSION, b"call", b"\x91" * 5000],
        [protocol.VERSION, b"call", protocol.pack_value({"id": 7})],
        [protocol.VERSION, b"reply", protocol.pack_value([1, 2, 3])],
        [protocol.VERSION, b"welcome", protocol.pack_value({"organ": "x", "heartbeat_s": 1, "liveness": 1,
                                                            "blood": "x"})],
    ]
    ctx = zmq.Context()
    try:
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.connect(router)
        for frames in garbage:
            dealer.send_multipart(frames)
        raw = socket.socket(socket.AF_UNIX)
        raw.connect(router.removeprefix("ipc://"))
        raw.sendall(random.Random(7).randbytes(4096))  # not ZMTP: libzmq may read frames out of it, or drop it
        raw.close()
        wait_for(lambda: metric(mesh, "actors_protocol_errors_total") >= len(garbage), timeout=5, what="counted")
    finally:
        ctx.destroy(linger=0)
    with mesh.client() as client:
        assert client.call("echo", "echo", {"x": "still here"}).result["x"] == "still here"
    assert "dropped a malformed message" in (mesh.home / "logs" / "heart.log").read_text()


def test_only_the_spawned_process_may_register_under_a_declared_name(mesh):
    router = mesh.status()["heart"]["endpoints"]["router"]
    ctx = zmq.Context()
    try:
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.connect(router)
        for name in ("echo", "stranger"):
            dealer.send_multipart(protocol.encode(Register(organ=name, pid=os.getpid(), token="guess")))
            assert dealer.poll(5000), "the heart did not answer a registration"
            reply = protocol.decode(dealer.recv_multipart())
            assert isinstance(reply, Refused)
        assert "not declared" in reply.reason
    finally:
        ctx.destroy(linger=0)
    assert mesh.organ("echo")["state"] == "up"


def test_down_leaves_no_process_of_the_mesh_behind(mesh):
    assert len(mesh_processes(mesh.home)) >= 2  # the heart, the echo organ (and the exposure worker)
    out = mesh.cli("down", check=True)
    assert "mesh stopped" in out.stdout
    wait_for(lambda: mesh_processes(mesh.home) == [], timeout=5, what="the last process to finish exiting")
    assert not (mesh.home / "endpoints.json").exists()


def test_foreground_up_stops_everything_on_sigterm(make_mesh):
    mesh = make_mesh(start=False)
    heart = subprocess.Popen(guarded([sys.executable, "-m", "actors", "up", "--config", str(mesh.config),
                                      "--home", str(mesh.home)]), cwd=mesh.workdir, env=mesh.env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_for(lambda: mesh.home.joinpath("endpoints.json").exists() and mesh.organ("echo")["state"] == "up",
                 timeout=15, what="foreground mesh up")
        heart.send_signal(signal.SIGTERM)
        assert heart.wait(timeout=15) == 0
    finally:
        heart.kill()
        heart.communicate(timeout=5)
    assert mesh_processes(mesh.home) == []


def test_commands_without_a_mesh_say_so_in_one_line_and_fail(make_mesh):
    mesh = make_mesh(start=False)
    for args in (["status"], ["blood", "--count", "1"], ["call", "echo.echo"], ["kill", "echo"], ["down"]):
        result = mesh.cli(*args, timeout=10)
        assert result.returncode == 3, args
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and "no mesh is running" in result.stderr


def test_a_bad_config_is_rejected_naming_the_file_line_and_key(make_mesh):
    mesh = make_mesh(ECHO_MESH.replace('restart = "permanent"', 'restart = "always"'), start=False)
    line = mesh.config.read_text().splitlines().index('restart = "always"') + 1
    result = mesh.up(check=False)
    assert result.returncode == 5
    assert f"{mesh.config}:{line}: organs.echo.restart: must be one of permanent" in result.stderr
    assert mesh_processes(mesh.home) == []


def test_a_second_heart_on_the_same_home_is_refused_and_two_homes_run_side_by_side(make_mesh):
    first = make_mesh(name="one")
    second = make_mesh(name="two")
    again = first.up(check=False)
    assert again.returncode == 7 and "already running" in again.stderr
    assert first.status()["heart"]["pid"] != second.status()["heart"]["pid"]
    assert first.organ("echo")["state"] == second.organ("echo")["state"] == "up"
    with first.client() as client:
        assert client.call("echo", "echo", {"x": 1}).ok


def test_doctor_passes_on_a_healthy_mesh_and_fails_without_one(make_mesh):
    mesh = make_mesh()
    report = json.loads(mesh.cli("doctor", "--json", check=True).stdout)
    assert report["ok"] and {c["name"] for c in report["checks"]} >= {"mesh", "organ echo", "metrics"}
    mesh.cli("down", check=True)
    failed = mesh.cli("doctor", "--json")
    assert failed.returncode == 3  # the installation is fine; no mesh runs (an unhealthy one would be 8)
    assert not json.loads(failed.stdout)["ok"]
    assert mesh.cli("doctor", "--no-mesh").returncode == 0


def test_organ_metric_reports_are_exported_by_the_heart_and_bad_ones_are_counted(mesh):
    with mesh.client() as client:
        assert client.call("echo", "report_metric", {"metric": "actors_memory_cards", "value": 7,
                                                     "labels": {"kind": "pitfall"}}).ok
        assert client.call("echo", "report_metric", {"metric": "actors_made_up", "value": 1}).ok
        assert client.call("echo", "report_metric", {"metric": "actors_memory_cards", "value": 1,
                                                     "labels": {"kind": "has spaces and {braces}"}}).ok
    wait_for(lambda: metric(mesh, "actors_memory_cards", kind="pitfall") == 7, timeout=5, what="the report")
    wait_for(lambda: metric(mesh, "actors_protocol_errors_total", reason="report") == 2, timeout=5,
             what="two refused observations")


def test_the_doctor_notes_a_running_mesh_without_memory_or_healer_and_still_passes(make_mesh):
    mesh = make_mesh()  # the test mesh declares neither
    result = mesh.cli("doctor", check=True)
    notes = [line for line in result.stdout.splitlines() if line.startswith("note ")]
    assert [line.split(":")[0] for line in notes] == ["note memory", "note healer"]
    assert "[organs.memory]" in notes[0] and "replaces the built-in mesh whole" in notes[0]
    report = json.loads(mesh.cli("doctor", "--json", check=True).stdout)
    assert report["ok"] and {c["name"] for c in report["checks"] if c["note"]} == {"memory", "healer"}


def test_a_mesh_with_its_memory_and_healer_gets_no_note_and_a_missing_one_names_the_mesh_file():
    from actors.doctor import missing_roles

    assert missing_roles({"memory", "healer", "fs"}, "/p/mesh.toml") == []
    [note] = missing_roles({"healer", "git"}, "/p/mesh.toml")
    assert (note.name, note.ok, note.note) == ("memory", True, True) and "declare it in /p/mesh.toml" in note.detail
