"""Fixtures that start real meshes (real processes, real sockets) and end every process they started.

Nothing a test run starts outlives it, even when the run is interrupted:
- every process a test process starts carries ACTORS_TEST_RUN (its starter's pid and start time) in its
  environment; at the end of the session each test process kills what carries its own mark, and the
  session's first and last steps kill what carries the mark of a test process that is gone (a run killed
  with SIGKILL, a crashed xdist worker), with the network namespaces named the same way;
- SIGTERM and SIGHUP end a run like Ctrl-C, so fixtures tear down and the reaper runs;
- processes a test starts and waits on are started through tests/guard.py (PR_SET_PDEATHSIG), so they die
  with the test process even when it is killed outright;
- commands a dead shell organ left behind are ended by actors.organs.containment.sweep_orphans.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from actors.organs.containment import owner_id, sweep_orphans
from broker import procs, usercache

REPO = Path(__file__).resolve().parents[1]
RUN_MARK = "ACTORS_TEST_RUN"
GUARD = Path(__file__).with_name("guard.py")
NETNS_PREFIX = "actt-"  # network namespaces tests create: actt-<owner>-<role>-<tag>
NETNS_DIR = Path("/run/netns")
REAP_ROUNDS = 5

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


def recalled_titles(memory, query: str, n: int = 3) -> list[str]:
    """The titles of the cards a memory recalls for query, best first (at most n)."""
    return [hit.card.title for hit in memory.recaller.search(memory.reader(), query, n)]


@pytest.fixture(scope="module")
def words_alone():
    """Recall reads the words alone for a module's tests: they are the words' rules, on a journal whose placeholder
    tasks ("ticket closed, note it") say other work than its queries; meaning over real tasks is tested in
    test_memory_sense.py. Module-scoped, so that a module's shared stores are made with it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ACTORS_MEMORY_MEANING", "off")
        yield


def heart_pid(mesh) -> int:
    return mesh.status()["heart"]["pid"]


@contextlib.contextmanager
def stopped_heart(mesh):
    """SIGSTOP the mesh's heart; SIGKILL it afterwards whatever happened (if it is still that process)."""
    pid = heart_pid(mesh)
    seen = procs.stat(pid)
    os.kill(pid, signal.SIGSTOP)
    try:
        yield pid
    finally:
        now = procs.stat(pid)
        if now is not None and seen is not None and now.start_ticks == seen.start_ticks:
            os.kill(pid, signal.SIGKILL)


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


def guarded(argv: list[str]) -> list[str]:
    """The command line that runs argv so that it dies with this test process (PR_SET_PDEATHSIG)."""
    return [sys.executable, "-S", str(GUARD), str(os.getpid()), *argv]


def netns_name(role: str) -> str:
    """A network namespace name the reaper knows as this test process's (13 characters of role at most)."""
    return f"{NETNS_PREFIX}{owner_id(os.getpid())}-{role[:13]}-{uuid.uuid4().hex[:6]}"


# -- the reaper -------------------------------------------------------------------------------

def _owner_alive(owner: str) -> bool:
    pid, _, _ = owner.partition(".")
    return pid.isdigit() and owner_id(int(pid)) == owner


def marked_processes(match: Callable[[str], bool]) -> list[int]:
    """Pids of live processes whose ACTORS_TEST_RUN mark matches (never this process)."""
    prefix = RUN_MARK.encode() + b"="
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry.name}/environ", "rb") as f:
                environ = f.read()
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                zombie = f.read().rsplit(b")", 1)[-1].split()[0] == b"Z"
        except OSError:
            continue
        mark = next((item[len(prefix):] for item in environ.split(b"\0") if item.startswith(prefix)), None)
        if mark is not None and not zombie and match(mark.decode("ascii", "replace")):
            found.append(int(entry.name))
    return found


def reap(match: Callable[[str], bool]) -> list[str]:
    """Kill the marked processes and remove the network namespaces whose owner matches; say what was found."""
    found = []
    for _ in range(REAP_ROUNDS):
        pids = marked_processes(match)
        if not pids:
            break
        found += [f"pid {pid}" for pid in pids]
        kill_all(pids)
        time.sleep(0.05)
    swept = sweep_orphans()  # commands of the shell organs just killed
    found += [f"{swept} orphaned commands"] if swept else []
    for ns in _netns(match):
        subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)
        found.append(f"netns {ns}")
    return found


def _netns(match: Callable[[str], bool]) -> list[str]:
    try:
        names = [entry.name for entry in os.scandir(NETNS_DIR)]
    except OSError:
        return []
    return [n for n in names if n.startswith(NETNS_PREFIX) and match(n[len(NETNS_PREFIX):].split("-")[0])]


def _is_xdist_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


_CACHE_DIR = pytest.StashKey[str]()


def _interrupt(signum, frame):
    raise KeyboardInterrupt(f"received {signal.Signals(signum).name}")


def pytest_configure(config: pytest.Config) -> None:
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _interrupt)
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        # started in the background of a non-interactive shell (POSIX ignores SIGINT there): every command a
        # test starts would inherit the ignored Ctrl-C, and the tests of what Ctrl-C does would fail
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if not hasattr(config, "workerinput"):  # one process sweeps what earlier, killed runs left behind
        left = reap(lambda owner: not _owner_alive(owner))
        if left:
            print(f"reaped what an earlier test run left behind: {', '.join(left)}", file=sys.stderr)
        if usercache.ENV not in os.environ:  # the run's own cache, inherited by the workers, never the user's
            os.environ[usercache.ENV] = tempfile.mkdtemp(prefix="actors-test-cache-")
            config.stash[_CACHE_DIR] = os.environ[usercache.ENV]
    if not _is_xdist_controller(config):
        os.environ[RUN_MARK] = owner_id(os.getpid())  # inherited by everything this process starts


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    if not _is_xdist_controller(session.config):
        mine = os.environ.get(RUN_MARK, "")
        reap(lambda owner: owner == mine)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _is_xdist_controller(config):  # after the workers: what a crashed worker left behind
        reap(lambda owner: not _owner_alive(owner))
    if _CACHE_DIR in config.stash:
        shutil.rmtree(config.stash[_CACHE_DIR], ignore_errors=True)


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
        result = subprocess.run(guarded([sys.executable, "-m", "actors", *args, "--home", str(self.home)]),
                                cwd=self.workdir, env=self.env, capture_output=True, text=True, timeout=timeout)
        if check and result.returncode != 0:
            pytest.fail(f"actors {' '.join(args)} exited {result.returncode}: {result.stderr}{result.stdout[-2000:]}")
        return result

    def json(self, *args: str) -> dict:
        """Run a --json command and parse its one document."""
        return json.loads(self.cli(*args, "--json", check=True).stdout)

    def status(self) -> dict:
        """The document `actors status --json` prints, asked of the heart from this process: the command runs
        the same request (cli_fast.status) and is tested as a command in test_cli_fast and test_mesh, while
        tests look at the status hundreds of times, a fresh interpreter each (~0.25 s of CPU) when run as one."""
        from actors.client import Client

        with Client(self.home) as client:
            return json.loads(json.dumps(client.control("status"), ensure_ascii=False))

    def organ(self, name: str) -> dict:
        return next(o for o in self.status()["organs"] if o["name"] == name)

    def up(self, *extra: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.cli("up", "--detach", "--config", str(self.config), *extra, check=check, timeout=60)

    def client(self):
        from actors.client import Client

        return Client(self.home)


def new_mesh(root: Path, config_text: str = ECHO_MESH) -> Mesh:
    """A mesh under root (not started): its home, working directory and config, and the env to run it with."""
    workdir = root / "work"
    workdir.mkdir(parents=True)
    config = root / "mesh.toml"
    config.write_text(textwrap.dedent(config_text))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("ACTORS_HOME", None)
    return Mesh(home=root / "home", workdir=workdir, config=config, env=env)


def end_mesh(mesh: Mesh) -> None:
    """Stop a mesh and end whatever of it is left."""
    if mesh_processes(mesh.home):
        stop_heart(mesh.home)
    kill_all(mesh_processes(mesh.home))


def stop_heart(home: Path) -> None:
    """Ask the heart to stop its mesh and wait (bounded) for it to exit: what `actors down` does, from this
    process (the command itself is tested in test_mesh; a full CLI per test is ~0.5 s of CPU)."""
    from actors.cli import DOWN_TIMEOUT_S
    from actors.client import Client
    from broker.errors import MeshError
    from broker.home import pid_alive

    try:
        with Client(home) as client:
            pid = client.control("stop")["pid"]
    except MeshError:  # no heart answers: what is left of the mesh is killed by the caller
        return
    deadline = time.monotonic() + DOWN_TIMEOUT_S  # the heart stops its organs (SIGTERM, then SIGKILL) first
    while pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.fixture
def make_mesh(tmp_path: Path):
    """Make meshes from TOML text; every process they started is ended after the test."""
    made: list[Mesh] = []

    def make(config_text: str = ECHO_MESH, *, start: bool = True, name: str = "mesh") -> Mesh:
        mesh = new_mesh(tmp_path / name, config_text)
        made.append(mesh)
        if start:
            mesh.up()
        return mesh

    yield make
    for mesh in made:
        end_mesh(mesh)


BIND_RACE = "Address already in use"
TCP_ATTEMPTS = 3  # a port freed for a mesh is anyone's until its heart binds it: other tests run in parallel


def free_ports(count: int) -> list[int]:
    """count distinct free TCP ports on the loopback (held together while chosen, so never the same twice)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in socks]


@pytest.fixture
def make_tcp_mesh(make_mesh):
    """Start a mesh whose config takes free TCP ports (`render(*ports)`), choosing them again when another process
    took one between their choice and the heart's bind; (mesh, ports)."""
    def make(render: Callable[..., str], count: int) -> tuple[Mesh, list[int]]:
        for attempt in range(TCP_ATTEMPTS):
            ports = free_ports(count)
            mesh = make_mesh(render(*ports), start=False, name=f"mesh-{attempt}")
            done = mesh.up(check=False)
            if done.returncode == 0:
                return mesh, ports
            if BIND_RACE not in done.stderr + done.stdout or attempt == TCP_ATTEMPTS - 1:
                pytest.fail(f"actors up exited {done.returncode}: {done.stderr}{done.stdout[-2000:]}")
            end_mesh(mesh)
        raise AssertionError("unreachable")
    return make


@pytest.fixture
def mesh(make_mesh) -> Mesh:
    """A running mesh with one echo organ and fast beats."""
    return make_mesh()
