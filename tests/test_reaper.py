"""No test run leaves anything behind, even when it is interrupted: by SIGTERM, or killed outright."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from actors.organs.containment import owner_id
from broker.home import pid_alive
from tests.conftest import NETNS_DIR, REPO, _owner_alive, guarded, mesh_processes, reap, wait_for


def interrupted_run(tmp_path: Path, sig: signal.Signals) -> dict:
    """Start tests/interrupted_run.py in a pytest of its own, wait for its mesh, send it sig; return what it made."""
    env = {**os.environ, "INTERRUPTED_RUN_DIR": str(tmp_path)}
    env.pop("ACTORS_TEST_RUN", None)  # the inner run marks its processes as its own
    inner = subprocess.Popen(guarded([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
                                      "no:xdist", "-o", "addopts=", str(REPO / "tests" / "interrupted_run.py")]),
                             cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        started = wait_for(lambda: (tmp_path / "started.json").exists()
                           and json.loads((tmp_path / "started.json").read_text()), timeout=60,
                           what="the interrupted run's mesh")
        assert mesh_processes(Path(started["home"])) and pid_alive(started["sleep"])
        inner.send_signal(sig)
        inner.wait(timeout=60)
    finally:
        inner.kill()
        inner.wait()
    return started


def left_by(started: dict) -> list[str]:
    left = [f"mesh process {pid}" for pid in mesh_processes(Path(started["home"]))]
    left += [f"setsid sleep {started['sleep']}"] if pid_alive(started["sleep"]) else []
    left += [f"netns {started['netns']}"] if started["netns"] and (NETNS_DIR / started["netns"]).exists() else []
    return left


def test_a_run_stopped_with_sigterm_ends_its_meshes_commands_and_namespaces_itself(tmp_path):
    started = interrupted_run(tmp_path, signal.SIGTERM)

    wait_for(lambda: not left_by(started), timeout=15, what="nothing of the interrupted run left")


def test_what_a_run_killed_outright_left_is_reaped_by_the_next_run(tmp_path):
    started = interrupted_run(tmp_path, signal.SIGKILL)
    assert left_by(started)  # nothing could clean up after SIGKILL

    reap(lambda owner: not _owner_alive(owner))  # what the next run does first

    wait_for(lambda: not left_by(started), timeout=15, what="the killed run's leftovers reaped")


def test_a_run_mark_is_alive_only_for_the_same_process_not_a_reused_pid():
    assert _owner_alive(owner_id(os.getpid())) is True
    assert _owner_alive(f"{os.getpid()}.0") is False  # this pid, started at another time
    assert _owner_alive("999999999.1") is False
    assert _owner_alive("not-a-pid") is False
