"""Keep each command and everything it starts together, so that all of it can be ended at once.

Where the organ may create cgroups (cgroup v2, as root or in a delegated subtree), each command runs in a
cgroup of its own, created under the organ's: nothing it starts can leave it, not even a `setsid`
grandchild, and `cgroup.kill` ends them all. Every command also runs in its own process group and carries
a tag in its environment (ACTORS_COMMAND), found again in /proc: that is the whole net where cgroups are not
available (a process that clears its environment and leaves the group escapes it). What a dead organ left
behind is ended by sweep_orphans(), which the next shell organ runs when it starts.
"""

from __future__ import annotations

import itertools
import logging
import os
import signal
import subprocess
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

TAG = "ACTORS_COMMAND"  # "<owner pid>.<owner start time>.<n>" in a command's environment
CGROUP_PREFIX = "actors-cmd-"
MAX_LINGERING = 32  # finished commands whose background processes are left running; older ones are ended
KILL_ROUNDS = 5  # a process can fork between a read of the list and the kill: look again
EMPTY_WAIT_S = 1.0
# Writes its own pid into the cgroup, then becomes the command: the command starts inside, never outside.
_ENTER = 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"'


@dataclass(slots=True)
class Run:
    """One command started by Commands: its process, its tag and its cgroup (if any)."""

    proc: subprocess.Popen
    tag: str
    cgroup: Path | None


class Commands:
    """The commands one organ process started, and the means to end them."""

    def __init__(self, use_cgroups: bool = True) -> None:
        self.owner = owner_id(os.getpid())
        self.parent = cgroup_parent() if use_cgroups else None
        self.numbers = itertools.count(1)
        self.lock = threading.Lock()
        self.lingering: OrderedDict[str, Run] = OrderedDict()  # finished, something of theirs still running

    @property
    def isolation(self) -> str:
        """How commands are held together here: cgroup or tag."""
        return "cgroup" if self.parent is not None else "tag"

    def start(self, argv: list[str], *, cwd: str | Path, env: dict[str, str], stdout: int = subprocess.PIPE,
              stderr: int = subprocess.PIPE) -> Run:
        """Start a command in its own process group, tagged, and in its own cgroup where possible."""
        tag = f"{self.owner}.{next(self.numbers)}"
        cgroup = self._make_cgroup(tag)
        if cgroup is not None:
            argv = ["/bin/sh", "-c", _ENTER, str(cgroup), *argv]
        try:
            proc = subprocess.Popen(argv, cwd=cwd, env={**env, TAG: tag}, stdin=subprocess.DEVNULL,
                                    stdout=stdout, stderr=stderr, process_group=0)
        except BaseException:
            _remove_cgroup(cgroup)
            raise
        return Run(proc, tag, cgroup)

    def end(self, run: Run) -> None:
        """SIGKILL everything the command started: its group, its cgroup, every process with its tag."""
        _kill_group(run.proc.pid)
        _kill_cgroup(run.cgroup)
        kill_tagged(lambda tag: tag == run.tag)
        with self.lock:
            self.lingering.pop(run.tag, None)
        _remove_cgroup(run.cgroup)

    def interrupt(self, run: Run) -> None:
        """SIGKILL the command's group and cgroup now (quick: no look through /proc); end() sweeps the rest."""
        _kill_group(run.proc.pid)
        _kill_cgroup(run.cgroup)

    def finished(self, run: Run) -> None:
        """The command itself exited: free its cgroup, or remember what it left running in the background."""
        if run.cgroup is None or not _populated(run.cgroup):
            _remove_cgroup(run.cgroup)
            return
        with self.lock:
            self.lingering[run.tag] = run
            for tag in [t for t, r in self.lingering.items() if not _populated(r.cgroup)]:
                _remove_cgroup(self.lingering.pop(tag).cgroup)
            oldest = self.lingering.popitem(last=False)[1] if len(self.lingering) > MAX_LINGERING else None
        if oldest is not None:
            log.warning("more than %d commands left processes running; ending those of the oldest", MAX_LINGERING)
            self.end(oldest)

    def end_all(self) -> None:
        """End every command this organ started that still runs (the organ is stopping)."""
        prefix = self.owner + "."
        for cgroup in _our_cgroups(self.parent, lambda tag: tag.startswith(prefix)):
            _kill_cgroup(cgroup)
            _remove_cgroup(cgroup)
        kill_tagged(lambda tag: tag.startswith(prefix))
        with self.lock:
            self.lingering.clear()

    def _make_cgroup(self, tag: str) -> Path | None:
        if self.parent is None:
            return None
        path = self.parent / f"{CGROUP_PREFIX}{tag}"
        try:
            path.mkdir()
        except OSError as exc:
            log.warning("cannot create cgroup %s (%s); commands are tracked by tag only", path, exc.strerror)
            self.parent = None
            return None
        return path


def sweep_orphans(use_cgroups: bool = True) -> int:
    """End what commands of dead organs left running (cgroups and tagged processes); return how many groups."""
    parent = cgroup_parent() if use_cgroups else None
    swept = 0
    for cgroup in _our_cgroups(parent, lambda tag: not _owner_alive(tag)):
        _kill_cgroup(cgroup)
        _remove_cgroup(cgroup)
        swept += 1
    return swept + kill_tagged(lambda tag: not _owner_alive(tag))


def kill_tagged(match) -> int:
    """SIGKILL every process whose command tag matches; return how many were killed."""
    killed = 0
    for _ in range(KILL_ROUNDS):
        found = [pid for pid, tag in _tagged_processes() if match(tag)]
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except (ProcessLookupError, PermissionError):
                pass
    return killed


def owner_id(pid: int) -> str:
    """A process named so that a reused pid is told apart: pid.starttime."""
    return f"{pid}.{_start_time(pid)}"


def cgroup_parent() -> Path | None:
    """The cgroup v2 directory of this process, if this process may create cgroups under it."""
    try:
        own = next((line.split(":", 2)[2].strip() for line in Path("/proc/self/cgroup").read_text().splitlines()
                    if line.startswith("0::")), None)
        mount = next((line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
                      if " - cgroup2 " in line), None)
    except OSError:
        return None
    if own is None or mount is None or own.endswith("(deleted)"):
        return None
    path = Path(mount) / own.lstrip("/")
    writable = os.access(path, os.W_OK) and os.access(path / "cgroup.procs", os.W_OK)
    return path if writable else None


# -- cgroups ------------------------------------------------------------------------------------

def _our_cgroups(parent: Path | None, match) -> list[Path]:
    if parent is None:
        return []
    try:
        names = [entry.name for entry in os.scandir(parent) if entry.is_dir(follow_symlinks=False)]
    except OSError:
        return []
    return [parent / name for name in names if name.startswith(CGROUP_PREFIX) and match(name[len(CGROUP_PREFIX):])]


def _kill_cgroup(cgroup: Path | None) -> None:
    if cgroup is None:
        return
    try:
        (cgroup / "cgroup.kill").write_text("1")  # Linux 5.14+: every process in it, atomically
        return
    except OSError:
        pass
    for _ in range(KILL_ROUNDS):
        try:
            pids = [int(p) for p in (cgroup / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _populated(cgroup: Path | None) -> bool:
    if cgroup is None:
        return False
    try:
        return "populated 1" in (cgroup / "cgroup.events").read_text()
    except OSError:
        return False


def _remove_cgroup(cgroup: Path | None) -> None:
    if cgroup is None:
        return
    deadline = time.monotonic() + EMPTY_WAIT_S
    while True:
        try:
            cgroup.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:  # EBUSY while killed processes are still exiting
            if time.monotonic() > deadline:
                log.warning("cgroup %s is still busy; it is swept later", cgroup)
                return
            time.sleep(0.01)


# -- processes ----------------------------------------------------------------------------------

def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _tagged_processes() -> list[tuple[int, str]]:
    marker = TAG.encode() + b"="
    found = []
    me = os.getpid()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            with open(f"/proc/{entry.name}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            continue
        for item in environ.split(b"\0"):
            if item.startswith(marker):
                found.append((int(entry.name), item[len(marker):].decode("ascii", "replace")))
                break
    return found


def _owner_alive(tag: str) -> bool:
    pid, _, rest = tag.partition(".")
    started = rest.partition(".")[0]
    if not pid.isdigit():
        return False
    return _start_time(int(pid)) == started


def _start_time(pid: int) -> str:
    """The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), or '' if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return ""
    if fields[0] == "Z":
        return ""
    return fields[19]
