"""A heart that does not answer (SIGSTOPped), seen from the command line: noticed within seconds, exit 6,
stopped by `down`; and the exit codes of names the mesh does not have."""

from __future__ import annotations

import fcntl
import subprocess
import sys
import time

from actors.exit_codes import EXIT_OK, EXIT_TIMEOUT, EXIT_UNHEALTHY, EXIT_USAGE
from actors.heartwatch import PROBE_AFTER_S, SILENT_S
from broker.home import Home
from tests.conftest import guarded, mesh_processes, stopped_heart, wait_for

NOTICED_S = PROBE_AFTER_S + SILENT_S + 3.0  # the ping's wait, plus the interpreter's start and some slack


def timed(mesh, *args: str):
    started = time.monotonic()
    result = mesh.cli(*args, timeout=60)
    return result, time.monotonic() - started


def test_a_call_to_a_stopped_heart_exits_6_within_seconds_naming_the_heart(mesh):
    with stopped_heart(mesh) as pid:
        result, took = timed(mesh, "call", "echo.echo", "--args", '{"x": 1}')

    assert result.returncode == EXIT_TIMEOUT, result.stderr
    assert took < NOTICED_S, took
    assert result.stderr == f"actors: the heart (pid {pid}) does not answer (its process is stopped): " \
                            f"no answer to a ping within {SILENT_S:g}s\n"


def test_a_call_with_a_short_timeout_to_a_stopped_heart_is_noticed_as_fast(mesh):
    with stopped_heart(mesh):
        result, took = timed(mesh, "call", "echo.sleep", "--args", '{"seconds": 1}', "--timeout", "2")

    assert result.returncode == EXIT_TIMEOUT and "does not answer" in result.stderr
    assert took < NOTICED_S, took


def test_a_slow_ability_on_a_healthy_heart_gets_its_whole_deadline(mesh):
    result, took = timed(mesh, "call", "echo.sleep", "--args", '{"seconds": 5}', "--timeout", "10", "--json")

    assert result.returncode == EXIT_OK, result.stderr
    assert '"slept": 5' in result.stdout
    assert took >= 5  # longer than a heart is given to answer a ping: it answered them


def test_status_of_a_stopped_heart_exits_6_naming_its_pid_and_its_state(mesh):
    with stopped_heart(mesh) as pid:
        result, took = timed(mesh, "status")

    assert result.returncode == EXIT_TIMEOUT
    assert took < NOTICED_S, took
    assert result.stdout == ""
    assert result.stderr == f"actors: the heart (pid {pid}) does not answer (its process is stopped): " \
                            f"no answer to a ping within {SILENT_S:g}s\n"


def test_doctor_calls_a_mesh_whose_heart_is_stopped_unhealthy_not_absent(mesh):
    with stopped_heart(mesh) as pid:
        result = mesh.cli("doctor", timeout=60)

    assert result.returncode == EXIT_UNHEALTHY, result.stdout + result.stderr
    assert f"FAIL heart: the heart (pid {pid}) does not answer (its process is stopped)" in result.stdout


def test_down_stops_a_mesh_whose_heart_is_stopped_and_no_process_of_it_remains(mesh):
    assert len(mesh_processes(mesh.home)) >= 2  # the heart and its organ
    with stopped_heart(mesh) as pid:
        result, took = timed(mesh, "down")

        assert result.returncode == EXIT_OK, result.stderr
        assert f"the heart (pid {pid}) does not answer" in result.stderr and "stopping it by signals" in result.stderr
        assert result.stdout.startswith(f"mesh stopped (sent SIGTERM to the heart (pid {pid})")
        assert took < NOTICED_S + 5, took
        assert wait_for(lambda: mesh_processes(mesh.home) == [], timeout=5, what="every process of the mesh gone")
    assert not (mesh.home / "endpoints.json").exists()
    assert mesh.cli("status").returncode == 3  # no mesh now


def test_down_never_signals_a_process_that_took_the_heart_s_pid(tmp_path):
    home = Home(tmp_path / "home")
    home.create()
    stranger = subprocess.Popen(["sleep", "30"])
    try:
        with open(home.lock_file, "wb") as lock:  # as if a heart held the home
            fcntl.flock(lock, fcntl.LOCK_EX)
            # endpoints published an hour ago, by a heart whose pid the sleep has now
            home.write_endpoints({"pid": stranger.pid, "router": "ipc:///nonexistent", "blood": "ipc:///nonexistent",
                                  "started_at": time.time() - 3600})
            result = subprocess.run(guarded([sys.executable, "-c", "from actors.cli import _down_by_signals; "
                                             "from broker.home import Home; import json, sys; h = Home(sys.argv[1]); "
                                             "_down_by_signals(h, json.loads(h.endpoints_file.read_text()), 'x')",
                                             str(home.path)]),
                                    capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        assert "the heart had already exited" in result.stdout
        assert stranger.poll() is None  # never signalled
    finally:
        stranger.kill()
        stranger.wait(timeout=10)


def test_kill_with_an_unknown_signal_is_a_usage_error(mesh):
    result = mesh.cli("kill", "echo", "--signal", "FOO")

    assert result.returncode == EXIT_USAGE
    assert result.stderr == "actors: unknown signal 'FOO' (a name such as KILL, TERM, STOP or CONT)\n"
    assert mesh.organ("echo")["restarts"] == 0


def test_kill_and_revive_of_an_organ_the_mesh_does_not_have_are_usage_errors(mesh):
    for command in ("kill", "revive"):
        result = mesh.cli(command, "nosuch")

        assert result.returncode == EXIT_USAGE, (command, result.stderr)
        assert result.stderr == "actors: no organ named 'nosuch' (organs: echo)\n"


def test_mcp_warns_once_about_a_pin_that_matches_nothing_and_keeps_serving(mesh):
    server = subprocess.Popen(guarded([sys.executable, "-m", "actors", "mcp", "--pin", "nosuch.*", "--pin", "echo.*",
                                       "--home", str(mesh.home)]), cwd=mesh.workdir, env=mesh.env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(3)  # the catalogue is loaded, and reloaded by the beats that follow (every 0.2s here)
        assert server.poll() is None  # it still serves
    finally:
        try:
            out, err = server.communicate(input="", timeout=20)  # end of input: the stdio server ends
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate(timeout=10)
    lines = [line for line in err.splitlines() if "--pin" in line]
    assert lines == ["actors: WARNING: --pin 'nosuch.*' matches no ability of the mesh now (organs: echo); it is "
                     "kept, for an organ that registers later"], err
