"""The zygote: organs forked from a pre-loaded interpreter are the same processes a fresh spawn makes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from broker.home import pid_alive
from broker.supervisor import reap_strays
from broker.zygote import FORK_SAFE_ENV, ROOM_BYTES, forkable, with_room
from tests.conftest import mesh_processes, wait_for

PROBE_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600
{heart}

[organs.probe]
module = "tests.organs.probe"
restart = "permanent"
max_restarts = 20
restart_window_s = 60
stable_after_s = 0
"""
OTHER_PROBE = """
[organs.other]
module = "tests.organs.probe"
"""
ENV = {"PATH": "/usr/bin", "PYTHONPATH": "/repo", "LANG": "C.UTF-8", "API_KEY": "x"}


# -- decisions, no processes ----------------------------------------------------------------

def test_a_python_module_organ_with_the_meshs_directory_and_start_up_variables_can_be_forked():
    assert forkable("pkg.organ", ENV, Path("/w"), ENV, Path("/w")) == ""


def test_an_organ_that_is_not_a_python_module_is_never_forked():
    assert forkable("", ENV, Path("/w"), ENV, Path("/w")) == "not a Python organ module"


def test_an_organ_whose_environment_exec_would_refuse_is_left_to_exec():
    assert "cannot be set" in forkable("pkg.organ", {**ENV, "BAD": "a\0b"}, Path("/w"), with_room(ENV), Path("/w"))


def test_an_organ_with_its_own_working_directory_is_started_fresh():
    assert "working directory /elsewhere" in forkable("pkg.organ", ENV, Path("/elsewhere"), ENV, Path("/w"))


@pytest.mark.parametrize("name", ["PYTHONPATH", "PYTHONHASHSEED", "LC_ALL", "LANG", "LD_PRELOAD", "MALLOC_ARENA_MAX"])
def test_an_organ_whose_start_up_variables_differ_from_the_zygotes_is_started_fresh(name):
    assert name in forkable("pkg.organ", {**ENV, name: "other"}, Path("/w"), ENV, Path("/w"))


def test_other_variables_of_an_organ_may_differ_from_the_zygotes_within_the_room_it_keeps():
    own = {**ENV, "API_KEY": "y", "ACTORS_ORGAN": "a"}
    assert forkable("pkg.organ", own, Path("/w"), with_room(ENV), Path("/w")) == ""
    huge = {**own, "BIG": "x" * (ROOM_BYTES + 1)}
    assert "larger than the room" in forkable("pkg.organ", huge, Path("/w"), with_room(ENV), Path("/w"))


def test_stray_zombies_from_other_sessions_are_reaped_and_waited_or_own_session_children_are_not():
    stray = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    waited = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    helper = subprocess.Popen([sys.executable, "-c", "pass"])  # same session, like the heart's own helpers
    try:
        for proc in (stray, waited, helper):
            wait_for(lambda p=proc: _state(p.pid) == "Z", timeout=10, what=f"pid {proc.pid} to become a zombie")
        assert reap_strays({waited.pid}) == [stray.pid]
        assert _state(stray.pid) is None
        assert _state(waited.pid) == "Z" and _state(helper.pid) == "Z"
    finally:
        for proc in (waited, helper):
            proc.wait(timeout=10)


# -- real meshes ----------------------------------------------------------------------------

def test_organs_are_forked_by_the_zygote_as_children_of_the_heart_in_sessions_of_their_own(make_mesh):
    mesh = make_mesh(PROBE_MESH.format(heart=""))
    status = mesh.status()
    heart, zygote = status["heart"]["pid"], status["heart"]["zygote"]
    assert zygote["state"] == "ready" and zygote["forks"] >= 1 and zygote["fresh_starts"] == 0
    me = _describe(mesh)
    assert me["ppid"] == heart and me["pgid"] == me["sid"] == me["pid"]
    assert me["stdout"] == str(mesh.home / "logs" / "probe.log") and me["stdin"] == "/dev/null"
    assert "registered as probe" in (mesh.home / "logs" / "probe.log").read_text()
    assert _threads(zygote["pid"]) == 1, "the zygote must never run a thread (nor a ZeroMQ context's)"
    assert not {"anon_inode:[eventfd]", "anon_inode:[eventpoll]"} & set(_fd_targets(zygote["pid"]))


def test_an_organ_killed_with_sigkill_is_forked_again_and_its_exit_is_reported_at_once(make_mesh):
    mesh = make_mesh(PROBE_MESH.format(heart=""))
    wait_for(lambda: "tests.organs.probe" in mesh.status()["heart"]["zygote"]["preloaded"], timeout=10,
             what="the zygote to import the probe organ")
    forks = mesh.status()["heart"]["zygote"]["forks"]
    old = mesh.organ("probe")["pid"]
    os.kill(old, signal.SIGKILL)
    back = wait_for(lambda: (o := mesh.organ("probe"))["state"] == "up" and o["pid"] != old and o, timeout=10,
                    what="the organ to be up again")
    assert back["restarts"] == 1 and not pid_alive(old)
    assert any("organ probe killed by SIGKILL; restarting" in a["message"] for a in mesh.status()["alerts"])
    assert mesh.status()["heart"]["zygote"]["forks"] == forks + 1
    assert _describe(mesh)["ppid"] == mesh.status()["heart"]["pid"]


def test_a_forked_organ_gets_exactly_the_process_a_fresh_interpreter_would_get(make_mesh):
    forked_mesh = make_mesh(PROBE_MESH.format(heart=""), name="forked")
    forked = _describe(forked_mesh)
    fresh_mesh = make_mesh(PROBE_MESH.format(heart="zygote = false"), name="fresh")
    assert fresh_mesh.status()["heart"]["zygote"] is None
    fresh = _describe(fresh_mesh)
    assert forked_mesh.status()["heart"]["zygote"]["forks"] >= 1
    for probe, mesh in ((forked, forked_mesh), (fresh, fresh_mesh)):  # what differs by mesh, by design
        assert probe["env"].pop("ACTORS_HEART_PID") == str(mesh.status()["heart"]["pid"])
        for key in ("ACTORS_HOME", "ACTORS_ROUTER", "ACTORS_WORKDIR", "ACTORS_TOKEN"):
            probe["env"].pop(key, None)
        shown = dict(item.partition("=")[::2] for item in probe.pop("shown_environ"))
        assert shown.pop("ACTORS_TICKET_FD").isdigit()  # read (and dropped) by the runner; its number varies
        assert shown == {**probe["env"], "ACTORS_HEART_PID": shown["ACTORS_HEART_PID"],
                         **{k: shown[k] for k in ("ACTORS_HOME", "ACTORS_ROUTER", "ACTORS_WORKDIR")}}
        assert probe["shown_cmdline"] == [sys.executable, "-m", "actors.runner", "tests.organs.probe"]
        probe["cwd"] = os.path.relpath(probe["cwd"], mesh.workdir)
        probe["path0"] = os.path.relpath(probe["path0"], mesh.workdir)
        probe["stdout"] = os.path.relpath(probe["stdout"], mesh.home)
        for key in ("pid", "ppid", "pgid", "sid"):
            probe.pop(key)
    assert forked == fresh


def test_a_killed_zygote_leaves_organs_running_restarts_start_fresh_until_it_is_back(make_mesh):
    mesh = make_mesh(PROBE_MESH.format(heart="") + OTHER_PROBE)
    zygote, organ = mesh.status()["heart"]["zygote"]["pid"], mesh.organ("probe")["pid"]
    other = mesh.organ("other")["pid"]
    os.kill(zygote, signal.SIGKILL)
    os.kill(organ, signal.SIGKILL)  # at once: the heart restarts it long before a new zygote (1 s later)
    wait_for(lambda: (o := mesh.organ("probe"))["state"] == "up" and o["pid"] != organ, timeout=20,
             what="the organ restarted fresh")
    assert mesh.status()["heart"]["zygote"]["fresh_starts"] == 1
    # organs are the heart's children: the zygote's death is not theirs
    assert mesh.organ("other")["pid"] == other and mesh.organ("other")["restarts"] == 0
    again = wait_for(lambda: (z := mesh.status()["heart"]["zygote"])["state"] == "ready" and z["pid"] != zygote
                     and "tests.organs.probe" in z["preloaded"] and z, timeout=30, what="a new zygote")
    organ = mesh.organ("probe")["pid"]
    os.kill(organ, signal.SIGKILL)
    wait_for(lambda: (o := mesh.organ("probe"))["state"] == "up" and o["pid"] != organ, timeout=20,
             what="the organ forked again")
    assert mesh.status()["heart"]["zygote"]["forks"] == again["forks"] + 1


def test_down_and_a_killed_heart_each_end_the_zygote_and_every_forked_organ(make_mesh):
    stopped = make_mesh(PROBE_MESH.format(heart=""), name="stopped")
    pids = [stopped.status()["heart"]["zygote"]["pid"], stopped.organ("probe")["pid"]]
    stopped.cli("down", check=True)
    wait_for(lambda: mesh_processes(stopped.home) == [], timeout=5, what="every process of the stopped mesh")
    assert not any(map(pid_alive, pids))
    assert "did not end" not in (stopped.home / "logs" / "heart.log").read_text()  # it ended itself, unkilled
    killed = make_mesh(PROBE_MESH.format(heart=""), name="killed")
    status = killed.status()
    pids = [status["heart"]["zygote"]["pid"], killed.organ("probe")["pid"]]
    os.kill(status["heart"]["pid"], signal.SIGKILL)
    wait_for(lambda: not any(map(pid_alive, pids)), timeout=10, what="the zygote and the organ to end")
    wait_for(lambda: mesh_processes(killed.home) == [], timeout=5, what="every process of the killed mesh")


# -- helpers --------------------------------------------------------------------------------

def _describe(mesh) -> dict:
    with mesh.client() as client:
        reply = client.call("probe", "describe", timeout_s=10)
    assert reply.ok, reply.error
    return reply.result


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def _threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def _fd_targets(pid: int) -> list[str]:
    targets = []
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            targets.append(os.readlink(f"/proc/{pid}/fd/{name}"))
        except OSError:
            pass
    return targets


@pytest.mark.parametrize("module", ["actors.memory.organ", "actors.organs.fs", "actors.organs.shell", "actors.healer"])
def test_the_default_organs_leave_an_interpreter_safe_to_fork_in_the_environment_organs_get(module):
    # numpy's OpenBLAS starts a thread per core when imported, unless told otherwise: organs are told
    env = {**os.environ, **FORK_SAFE_ENV}
    code = f"import {module}; from broker.zygote import _unsafe; print(repr(_unsafe()))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "''"
