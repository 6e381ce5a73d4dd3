"""A throw-away mesh for one benchmark run: config text, `actors up --detach`, `actors down`, cleanup.

    with Mesh(config_text({"echo": {}}, beat_s=1.0)) as mesh:
        with Client(mesh.home) as client: ...

The home is a fresh short directory under /tmp (ipc socket paths must stay short). On leaving the
block the mesh is always taken down with `actors down`, then every process the heart started that is
still alive is killed; the home is removed unless the block raised (then its logs are kept).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from broker.home import Home

REPO = Path(__file__).resolve().parent.parent
ECHO_MODULE = "bench.organs.echo"
UP_WAIT_S = 60.0
DOWN_TIMEOUT_S = 45.0  # `actors down` itself gives the heart 30 s
REAP_WAIT_S = 2.0

Process = tuple[int, str]  # (pid, start time in clock ticks since boot): survives pid reuse

# Restarts are immediate (no backoff: every run counts as stable) and never exhaust the intensity limit.
FAST_RESTART = {"restart": "permanent", "max_restarts": 1000, "restart_window_s": 60, "stable_after_s": 0}


def config_text(organs: dict[str, dict], **heart: object) -> str:
    """A mesh file: [heart] with these settings, one [organs.NAME] table per organ (echo by default)."""
    tables = [_table("heart", heart)]
    tables += [_table(f"organs.{name}", {"module": ECHO_MODULE, **FAST_RESTART, **settings})
               for name, settings in organs.items()]
    return "\n".join(tables)


def _table(header: str, values: dict) -> str:
    # JSON scalars (strings, numbers, true/false) are valid TOML values
    return "\n".join([f"[{header}]", *(f"{key} = {json.dumps(value)}" for key, value in values.items()), ""])


class Mesh:
    """A mesh under a fresh temporary home; a context manager that always takes it down again."""

    def __init__(self, config: str) -> None:
        self.config = config
        self.home = Path(tempfile.mkdtemp(prefix="ab-", dir="/tmp"))
        self.started: list[Process] = []  # the mesh's processes right after `up`, in case the heart dies

    def __enter__(self) -> Mesh:
        config_file = self.home / "mesh.toml"
        config_file.write_text(self.config, encoding="utf-8")
        try:
            self._actors(["up", "--detach", "--wait", f"{UP_WAIT_S:g}", "--config", str(config_file)],
                         UP_WAIT_S + 30)
        except BaseException:
            self._teardown(keep=True)
            raise
        self.started = self._processes()
        return self

    def __exit__(self, exc_type: type | None, *_: object) -> None:
        self._teardown(keep=exc_type is not None)

    def stop(self) -> None:
        """Stop the mesh now with `actors down` (leaving the block then finds nothing to stop)."""
        self._actors(["down"], DOWN_TIMEOUT_S)

    def _teardown(self, keep: bool) -> None:
        running = self._processes()
        try:
            if running:
                self._actors(["down"], DOWN_TIMEOUT_S)
        finally:
            _kill_survivors(sorted({*self.started, *running}))
            if keep:
                print(f"mesh home kept for its logs: {self.home}", file=sys.stderr)
            else:
                shutil.rmtree(self.home, ignore_errors=True)

    def _processes(self) -> list[Process]:
        """The heart and every process below it (organs, and whatever they started)."""
        endpoints = Home(self.home).read_endpoints()
        return _process_tree(endpoints["pid"]) if endpoints else []

    def _actors(self, args: list[str], timeout_s: float) -> None:
        done = subprocess.run([_actors_command(), *args, "--home", str(self.home)], env=repo_env(), cwd=REPO,
                              capture_output=True, text=True, timeout=timeout_s)
        if done.returncode != 0:
            raise RuntimeError(f"actors {args[0]} failed ({done.returncode}): {done.stderr.strip()}")


def repo_env() -> dict[str, str]:
    """This environment with the repository root on PYTHONPATH, so bench.organs.* can be imported."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def _actors_command() -> str:
    beside = Path(sys.executable).with_name("actors")
    found = str(beside) if beside.exists() else shutil.which("actors")
    if found is None:
        raise RuntimeError("the `actors` command is not installed (pip install -e '.[test]')")
    return found


def _process_tree(root: int) -> list[Process]:
    """root and its descendants, each as (pid, start time), from /proc."""
    started, children = {}, {}
    for entry in os.scandir("/proc"):
        fields = _stat(entry.name) if entry.name.isdigit() else None
        if fields:
            started[int(entry.name)] = fields[19]
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    tree: list[Process] = []
    todo = [root] if root in started else []
    while todo:
        pid = todo.pop()
        tree.append((pid, started[pid]))
        todo += children.get(pid, [])
    return tree


def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, ...), or None when gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _same_process(process: Process) -> bool:
    """Whether this process still runs (not a zombie), and its pid was not reused since."""
    pid, started = process
    fields = _stat(pid)
    return fields is not None and fields[19] == started and fields[0] != "Z"


def _kill_survivors(processes: list[Process]) -> None:
    deadline = time.monotonic() + REAP_WAIT_S
    while any(map(_same_process, processes)) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid, _ in filter(_same_process, processes):
        print(f"killing leftover mesh process {pid}", file=sys.stderr)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
