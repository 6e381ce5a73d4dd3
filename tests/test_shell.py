"""The shell organ's bounds: deadlines on the pipes, capped output, contained processes, a clean environment."""

from __future__ import annotations

import math
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from actors.organs import containment
from actors.organs.shell import ShellOrgan, command_env, signal_name
from broker.home import pid_alive
from broker import protocol
from broker.protocol import Call
from tests.conftest import guarded, wait_for

ISOLATION = ["cgroup", "tag"] if containment.cgroup_parent() is not None else ["tag"]

SHELL_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600

[organs.shell]
module = "actors.organs.shell"
"""


def run(organ: ShellOrgan, deadline: float | None = None, **args):
    return organ.handle(Call(id="t", organ=organ.name, ability="run", args=args), deadline)


@pytest.fixture(params=ISOLATION)
def shell(request, tmp_path: Path):
    organ = ShellOrgan(options={"cgroups": request.param == "cgroup"}, workdir=tmp_path)
    organ.on_start()
    assert organ.commands.isolation == request.param
    yield organ
    organ.on_stop()


def read_pid(path: Path) -> int:
    return int(wait_for(lambda: path.exists() and path.read_text().strip(), timeout=5, what=str(path)))


def test_a_setsid_grandchild_holding_the_pipes_cannot_stretch_the_call(shell, tmp_path):
    started = time.monotonic()
    result = run(shell, command="setsid sleep 25 & echo $! > bg.pid; echo started", timeout_s=2).result
    took = time.monotonic() - started

    assert took < 1.5, f"the call took {took:.1f}s"
    assert result["stdout"] == "started\n" and result["exitCode"] == 0 and result["timedOut"] is False
    assert "background process still held the output" in result["stderr"]
    background = read_pid(tmp_path / "bg.pid")
    shell.on_stop()  # a finished command's background processes end with the organ
    wait_for(lambda: not pid_alive(background), timeout=5, what="the background sleep to be ended")


def test_a_timeout_ends_everything_the_command_started_even_in_another_session(shell, tmp_path):
    started = time.monotonic()
    result = run(shell, command="setsid sh -c 'echo $$ > inner.pid; exec sleep 30' & sleep 30; echo never",
                 timeout_s=0.5).result

    assert time.monotonic() - started < 3
    assert result["timedOut"] is True and "never" not in result["stdout"]
    assert "[timed out after 0.5s]" in result["stderr"]
    inner = read_pid(tmp_path / "inner.pid")
    wait_for(lambda: not pid_alive(inner), timeout=5, what="the setsid grandchild to be killed")


@pytest.mark.skipif("cgroup" not in ISOLATION, reason="cgroup v2 is not writable here")
def test_in_a_cgroup_even_a_process_that_clears_its_environment_and_leaves_the_group_is_ended(tmp_path):
    organ = ShellOrgan(options={}, workdir=tmp_path)
    organ.on_start()
    try:
        result = run(organ, command="env -i setsid sh -c 'echo $$ > inner.pid; exec sleep 30' & sleep 30",
                     timeout_s=0.5).result
        assert result["timedOut"] is True
        inner = read_pid(tmp_path / "inner.pid")
        wait_for(lambda: not pid_alive(inner), timeout=5, what="the untagged grandchild to be killed")
    finally:
        organ.on_stop()


def test_a_gigabyte_of_output_keeps_the_organ_s_memory_flat(shell):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run(shell, command="yes | head -c 1000000000; echo end >&2", timeout_s=120).result
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before

    assert result["exitCode"] == 0
    assert grown_kib < 32 * 1024, f"peak memory grew by {grown_kib} KiB"
    assert result["stdout"].startswith("y\ny\n") and result["stdout"].endswith("y\ny\n")
    assert "[... 999737856 bytes cut ...]" in result["stdout"]
    assert result["stderr"] == "end\n"


def test_the_call_s_deadline_cuts_a_command_short_before_its_side_effect(shell, tmp_path):
    result = run(shell, deadline=time.monotonic() + 0.5, command="sleep 2; echo ran >> ran.log", timeout_s=30).result

    assert result["timedOut"] is True
    assert "the call's deadline" in result["stderr"]
    time.sleep(2)
    assert not (tmp_path / "ran.log").exists()


def test_a_command_killed_by_a_real_time_signal_keeps_its_output(shell):
    result = run(shell, command="echo before; kill -s RTMIN+3 $$").result

    assert result["stdout"] == "before\n"
    assert result["signal"] == "SIGRTMIN+3"
    assert result["exitCode"] == 128 + signal.SIGRTMIN + 3
    assert signal_name(signal.SIGRTMIN + 3) == "SIGRTMIN+3" and signal_name(9) == "SIGKILL"


@pytest.mark.parametrize("timeout_s", [math.nan, math.inf, -1.0, 0.0, 601.0])
def test_a_timeout_that_is_not_a_usable_number_never_starts_the_command(shell, tmp_path, timeout_s):
    reply = run(shell, command="touch ran", timeout_s=timeout_s)

    assert reply.error.cause == "bad_params"
    assert not (tmp_path / "ran").exists()


def test_a_command_sees_only_allowed_variables_never_the_organ_s_token(tmp_path, monkeypatch):
    monkeypatch.delenv("ACTORS_HEART_PID", raising=False)  # an organ started by hand, in its launcher's environment
    monkeypatch.setenv("ACTORS_TOKEN", "s3cret")
    monkeypatch.setenv("CLOUD_SECRET", "hush")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("PROJECT_FLAG", "on")
    organ = ShellOrgan(options={"env_allow": ["PROJECT_*"], "env": {"EXTRA": "1"}}, workdir=tmp_path)
    organ.on_start()
    try:
        seen = dict(line.split("=", 1) for line in run(organ, command="env").result["stdout"].splitlines()
                    if "=" in line)
    finally:
        organ.on_stop()

    assert "ACTORS_TOKEN" not in seen and "CLOUD_SECRET" not in seen
    assert seen["LC_ALL"] == "C.UTF-8" and seen["PROJECT_FLAG"] == "on" and seen["EXTRA"] == "1"
    assert seen["PATH"] and seen[containment.TAG]  # the tag that finds its processes again


def test_the_command_environment_never_takes_actors_variables_even_when_asked():
    env = command_env({"PATH": "/bin", "ACTORS_TOKEN": "t", "HOME": "/h"}, ["ACTORS_*"], {"ACTORS_X": "1"})
    assert env == {"PATH": "/bin", "HOME": "/h"}
    assert command_env({})["PATH"]  # a command always has a PATH
    # spawned by a heart, the organ's environment was built from an allow-list and the mesh file already
    spawned = {"ACTORS_HEART_PID": "1", "ACTORS_TOKEN": "t", "GIVEN_BY_MESH": "yes", "PATH": "/bin"}
    assert command_env(spawned) == {"GIVEN_BY_MESH": "yes", "PATH": "/bin"}
    assert "ACTORS_" in ShellOrgan.check_options({"env_allow": ["ACTORS_TOKEN"]})
    assert "options.env" in ShellOrgan.check_options({"env": {"A": "x\x00y"}})
    assert "options.env" in ShellOrgan.check_options({"env": {"A=B": "x"}})


def test_a_new_shell_organ_ends_what_commands_of_a_dead_one_left_running(tmp_path):
    # a shell organ killed with SIGKILL cannot end its commands; the next one does, when it starts
    script = (f"import sys, time; sys.path.insert(0, {str(Path(__file__).parents[1])!r})\n"
              "from actors.organs.shell import ShellOrgan\n"
              "from broker.protocol import Call\n"
              f"o = ShellOrgan(options={{}}, workdir={str(tmp_path)!r}); o.on_start()\n"
              "o.handle(Call(id='t', organ='shell', ability='run', args={'command': "
              "'setsid sleep 60 > /dev/null 2>&1 & echo $! > bg.pid'}))\n"
              "print('ready', flush=True); time.sleep(60)\n")
    dead = subprocess.Popen(guarded([sys.executable, "-c", script]), stdout=subprocess.PIPE, text=True)
    try:
        assert dead.stdout.readline().strip() == "ready"
        background = read_pid(tmp_path / "bg.pid")
        dead.kill()
        dead.wait(timeout=5)
        assert pid_alive(background)  # nobody ended it

        organ = ShellOrgan(options={}, workdir=tmp_path)
        organ.on_start()
        organ.on_stop()
        wait_for(lambda: not pid_alive(background), timeout=5, what="the dead organ's leftover to be ended")
    finally:
        dead.kill()
        dead.wait(timeout=5)


# -- in a mesh: the heart killed, the mesh stopped -------------------------------------------------

def start_leftovers(mesh) -> tuple[int, int]:
    """A finished command's background `setsid sleep`, and a command still running: return their pids."""
    with mesh.client() as client:
        done = client.call("shell", "run", {"command": "setsid sleep 601 > /dev/null 2>&1 & echo $!"})
        assert done.ok, done.error
        background = int(done.result["stdout"])
        client.dealer.send_multipart(protocol.encode(Call(  # sent, never waited for
            id="inflight", organ="shell", ability="run", args={"command": "echo $$ > inflight.pid; exec sleep 602",
                                                                "timeout_s": 600})))
    inflight = read_pid(mesh.workdir / "inflight.pid")
    assert pid_alive(background) and pid_alive(inflight)
    return background, inflight


def test_after_the_heart_is_killed_no_command_of_its_shell_organ_lives_on(make_mesh):
    mesh = make_mesh(SHELL_MESH)
    background, inflight = start_leftovers(mesh)

    os.kill(mesh.status()["heart"]["pid"], signal.SIGKILL)

    wait_for(lambda: not pid_alive(background) and not pid_alive(inflight), timeout=10,
             what="the shell organ's commands to end with it")


def test_actors_down_leaves_no_setsid_background_process_alive(make_mesh):
    mesh = make_mesh(SHELL_MESH)
    background, inflight = start_leftovers(mesh)

    mesh.cli("down", check=True)

    assert not pid_alive(background) and not pid_alive(inflight)


def test_five_failing_commands_leave_the_shell_breaker_closed_and_raise_no_alert(make_mesh):
    mesh = make_mesh(SHELL_MESH)
    with mesh.client() as client:
        for _ in range(6):
            reply = client.call("shell", "run", {"command": "grep -q needle /dev/null"})
            assert reply.error.cause == "unknown" and reply.result["exitCode"] == 1  # the caller's news
    shell = mesh.organ("shell")
    assert shell["breaker"] == "closed" and shell["consecutive_failures"] == 0
    assert not [a for a in mesh.status()["alerts"] if a["level"] == "critical"]
