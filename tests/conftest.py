"""Fixtures that start real meshes (real processes, real sockets) and end every process they started."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

REPO = Path(__file__).resolve().parents[1]

ECHO_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600

[organs.echo]
module = "tests.organs.echo"
restart = "permanent"
max_restarts = 5
restart_window_s = 60
"""


def wait_for(predicate: Callable[[], object], timeout: float = 10.0, interval: float = 0.05, what: str = "") -> object:
    """Poll until predicate returns something truthy; fail the test after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what or predicate}")
        time.sleep(interval)


def mesh_processes(home: Path) -> list[int]:
    """Pids of live processes that belong to the mesh under home (the heart and every organ)."""
    marker = f"ACTORS_HOME={home}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[-1].split()[0]
        except OSError:
            continue
        if state == "Z":
            continue
        if marker in environ.split(b"\0") or (b"broker" in cmdline and str(home).encode() in cmdline):
            found.append(int(entry.name))
    return found


def stop_process(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """End a process a test started: SIGTERM, then SIGKILL if it lingers."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGCONT)
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@dataclass
class Mesh:
    home: Path
    workdir: Path
    config: Path
    env: dict = field(default_factory=dict)

    def cli(self, *args: str, timeout: float = 30.0, check: bool = False) -> subprocess.CompletedProcess:
        """Run `actors ARGS --home HOME` and return the finished process."""
        result = subprocess.run([sys.executable, "-m", "actors", *args, "--home", str(self.home)],
                                cwd=self.workdir, env=self.env, capture_output=True, text=True, timeout=timeout)
        if check and result.returncode != 0:
            pytest.fail(f"actors {' '.join(args)} exited {result.returncode}: {result.stderr}")
        return result

    def json(self, *args: str) -> dict:
        """Run a --json command and parse its one document."""
        return json.loads(self.cli(*args, "--json", check=True).stdout)

    def status(self) -> dict:
        return self.json("status")

    def organ(self, name: str) -> dict:
        return next(o for o in self.status()["organs"] if o["name"] == name)

    def up(self, *extra: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.cli("up", "--detach", "--config", str(self.config), *extra, check=check, timeout=60)

    def client(self):
        from actors.client import Client

        return Client(self.home)


@pytest.fixture
def make_mesh(tmp_path: Path):
    """Make meshes from TOML text; every process they started is ended after the test."""
    made: list[Mesh] = []

    def make(config_text: str = ECHO_MESH, *, start: bool = True, name: str = "mesh") -> Mesh:
        root = tmp_path / name
        workdir = root / "work"
        workdir.mkdir(parents=True)
        config = root / "mesh.toml"
        config.write_text(textwrap.dedent(config_text))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        env.pop("ACTORS_HOME", None)
        mesh = Mesh(home=root / "home", workdir=workdir, config=config, env=env)
        made.append(mesh)
        if start:
            mesh.up()
        return mesh

    yield make
    for mesh in made:
        if mesh_processes(mesh.home):
            mesh.cli("down", timeout=40)
        kill_all(mesh_processes(mesh.home))


@pytest.fixture
def mesh(make_mesh) -> Mesh:
    """A running mesh with one echo organ and fast beats."""
    return make_mesh()
