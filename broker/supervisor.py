"""The supervisor: spawns organ processes, reaps them at once and restarts them by policy."""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import json
import logging
import os
import queue
import secrets
import signal
import stat
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from broker import procs, restart
from broker.config import MeshConfig, OrganSpec
from broker.home import lane_folder, lane_socket
from broker.registry import OrganRecord
from broker.vocab import Level, OrganState
from broker.zygote import FORK_SAFE_ENV, READY_WAIT_S, Forked, Unavailable, Zygote, with_room

log = logging.getLogger(__name__)

RUNNER = "actors.runner"  # the organ launcher: a fresh interpreter, or forked from the zygote (broker/zygote.py)
CHORES_S = 0.02  # the idle work runs at most this often (the heart's loop turns on every message)
STRAY_SWEEP_S = 5.0  # how often zombies re-parented to the heart (while it was a subreaper) are reaped
MAX_LOG_BYTES = 64 * 1024 * 1024  # an organ's log beyond this is cut back (a server flooding stderr fills no disk)
KEPT_LOG_BYTES = 1024 * 1024  # of a log cut back, its end kept beside it in NAME.log.1
LOG_CHECK_S = 0.25  # how often the organs' log sizes are looked at (a stat each)
LOG_TAIL_BYTES = 8192  # of an organ's log read, after it exited with an error, for why it says it did
TICKET_FD_VAR = "ACTORS_TICKET_FD"  # names the descriptor an organ reads its token and options from, once
# What an organ inherits from whoever ran `actors up`: what programs need to run, never secrets by default.
# More names (or NAME_* patterns) come through an organ's `inherit_env` in the mesh file.
INHERITED_ENV = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TZ", "TERM", "TMPDIR",
                 "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE",
                 "NODE_EXTRA_CA_CERTS", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
                 "NO_COLOR", "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY",
                 "ACTORS_LOG_LEVEL", "ACTORS_ORPHAN_S",
                 "ACTORS_EMBEDDING", "ACTORS_EMBEDDING_MODEL", "ACTORS_MEMORY_MEANING")  # meaning's switches


@dataclass(frozen=True, slots=True)
class Exit:
    organ: str
    pid: int
    returncode: int


def organ_environment(launcher: Mapping[str, str], spec: OrganSpec, heart: Mapping[str, str]) -> dict[str, str]:
    """The environment of an organ: allow-listed variables of the launcher, then the organ's own, then the heart's."""
    env = inherited_environment(launcher, (*INHERITED_ENV, *spec.inherit_env))
    return {**FORK_SAFE_ENV, **env, **spec.env, **heart, "ACTORS_ORGAN": spec.name}


def inherited_environment(launcher: Mapping[str, str], patterns: tuple[str, ...] = INHERITED_ENV) -> dict[str, str]:
    """The launcher's variables an organ inherits (also the zygote's environment, before any organ's own)."""
    return {k: v for k, v in launcher.items()
            if any(fnmatch.fnmatchcase(k, p) for p in patterns) and not k.startswith("ACTORS_TICKET")}


def start_zygote(config: MeshConfig, home: Path, workdir: Path) -> Zygote | None:
    """Start the fork server Python organs are started from, unless the mesh file turns it off or needs none."""
    if not config.heart.zygote or not any(spec.module for spec in config.organs):
        return None
    # the allow-listed environment organs get, never the launcher's secrets
    zygote = Zygote(with_room({**FORK_SAFE_ENV, **inherited_environment(os.environ), "ACTORS_HOME": str(home)}),
                    workdir, str(home))
    return zygote if zygote.start() else None


def spawn_ticket(token: str, options: dict) -> int:
    """A sealed in-memory file holding what an organ must know but its environment must not show; return its fd."""
    fd = os.memfd_create("actors-ticket", os.MFD_CLOEXEC)
    try:
        os.write(fd, json.dumps({"token": token, "options": options}).encode())
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_log(path: Path) -> int:
    """An organ's log opened to append, without ever blocking the heart: a FIFO put in its place with nobody
    reading it is refused (ENXIO), as a path that cannot be opened is; the descriptor the organ gets blocks again."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(exc.errno, f"its log {path} is a FIFO that nobody reads") from None
        raise
    os.set_blocking(fd, True)
    return fd


def bound_log(path: Path, limit: int, kept: int) -> bool:
    """Cut an organ's log back once it passes limit: its last `kept` bytes go to PATH.1 (replacing the last cut's)
    and the log starts again with a line saying so; its writers append, so they go on at its new end. True when
    it was cut. Only a regular file is touched, and nothing here blocks."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size <= limit:
            return False
        tail = os.pread(fd, kept, info.st_size - kept)
        spare = path.with_name(path.name + ".1")
        out = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_NOFOLLOW, 0o600)
        try:
            os.write(out, tail)
        finally:
            os.close(out)
        os.ftruncate(fd, 0)
        os.write(fd, f"[actors: this log passed {limit} bytes and was cut; its last {kept} bytes are in "
                     f"{spare.name}]\n".encode())
        log.warning("the log %s passed %d bytes: cut back (its end kept in %s)", path, limit, spare)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def organ_command(spec: OrganSpec) -> list[str]:
    """The command line that starts an organ process."""
    if spec.mcp:
        return [sys.executable, "-m", RUNNER, "--mcp", "--", *spec.mcp]
    return [sys.executable, "-m", RUNNER, spec.module]


class Supervisor:
    """Owns the organ processes of one heart; driven by the heart's loop, never by its own."""

    def __init__(self, organs: dict[str, OrganRecord], env: dict[str, str], workdir: Path,
                 logs: Path, alert: Callable[[str, str, str], None],
                 move: Callable[[OrganRecord, OrganState, str], None], zygote: Zygote | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.organs = organs
        self.move = move  # the organ table's one way of changing an organ's state
        self.clock = clock
        self.env = env
        self.workdir = workdir
        self.logs = logs
        self.alert = alert
        self.zygote = zygote
        self.lanes_in = lane_folder(env.get("ACTORS_ROUTER", ""))  # where organs bind their lanes' sockets
        if zygote is not None:
            zygote.on_idle = self._zygote_idle  # its next import is sent at once, not on some later turn
        self.waited: set[int] = set()  # pids a reaper thread waits for: never reaped as strays
        self.next_sweep = 0.0
        self.next_log_check = 0.0  # when the organs' logs are next held to MAX_LOG_BYTES
        self.leftovers: set[int] = set()  # sessions of dead organs, emptied once the restarts are under way
        self.chores_at = 0.0  # when restart_due next does the idle work (leftovers, the zygote's imports, strays)
        self.exits: queue.SimpleQueue[Exit] = queue.SimpleQueue()
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        self.stopping = False
        self.waiting: set[str] = set()  # organs with a restart scheduled (the loop asks every turn: keep it short)

    # -- spawning -------------------------------------------------------------------------

    def start_all(self) -> None:
        """Spawn every supervised organ (from the zygote once it is ready, if it is in time)."""
        if self.zygote is not None:
            self.zygote.wait_ready(READY_WAIT_S)
        for rec in self.organs.values():
            if rec.spec.supervised:
                self.spawn(rec)
            else:
                self.move(rec, OrganState.STARTING, "waiting for the external organ to connect")

    def spawn(self, rec: OrganRecord) -> None:
        """Start the organ's process in its own process group."""
        self.waiting.discard(rec.name)
        rec.token = secrets.token_hex(16)
        env = organ_environment(os.environ, rec.spec, self.env)
        cwd = Path(rec.spec.cwd).expanduser() if rec.spec.cwd else self.workdir
        ticket = None
        try:
            # the token travels in a descriptor the organ reads once: an environment is readable in
            # /proc/PID/environ and inherited by every command the organ runs
            ticket = spawn_ticket(rec.token, rec.spec.options)
            env[TICKET_FD_VAR] = str(ticket)
            out = open_log(self.logs / f"{rec.name}.log")
            try:
                rec.log_from = os.fstat(out).st_size
                proc = self._launch(rec.spec, env, cwd, out, ticket)
            finally:
                os.close(out)
        except (OSError, ValueError) as exc:  # a working directory, a command or an environment that cannot be
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            rec.pid, rec.proc = None, None
            self.move(rec, OrganState.FATAL, f"cannot start: {why}")
            self.alert(Level.CRITICAL, rec.name, f"organ {rec.name} cannot start: {why}")
            return
        finally:
            if ticket is not None:
                os.close(ticket)
        rec.proc, rec.pid, rec.due = proc, proc.pid, None
        self.move(rec, OrganState.STARTING, "spawned, waiting for registration")
        rec.started = self.clock()
        rec.forget_connection()
        self.waited.add(proc.pid)
        threading.Thread(target=self._reap, args=(rec.name, proc), name=f"reap-{rec.name}", daemon=True).start()
        log.info("%s organ %s as pid %d", "forked" if isinstance(proc, Forked) else "spawned", rec.name, proc.pid)

    def _launch(self, spec: OrganSpec, env: dict[str, str], cwd: Path, out: int,
                ticket: int) -> subprocess.Popen | Forked:
        """Fork the organ from the zygote when it can, else start a fresh interpreter; same process either way."""
        if self.zygote is not None and spec.module:
            self.zygote.want(spec.module)
            try:
                return self.zygote.spawn([spec.module], spec.module, env, cwd, {1: out, 2: out, ticket: ticket})
            except Unavailable as exc:
                self.zygote.fell_back(str(exc))
        elif self.zygote is not None:
            self.zygote.fell_back("not a Python organ module")
        return subprocess.Popen(organ_command(spec), env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=out, start_new_session=True, pass_fds=(ticket,))

    def _reap(self, name: str, proc: subprocess.Popen | Forked) -> None:
        # A blocking wait per child: the heart hears of a death at once, not at the next poll.
        returncode = proc.wait()
        if self.lanes_in is not None:  # a killed organ could not remove its lane's socket file
            Path(lane_socket(self.lanes_in, proc.pid)).unlink(missing_ok=True)
        self.waited.discard(proc.pid)
        self.exits.put(Exit(name, proc.pid, returncode))
        self.wake()

    def _zygote_idle(self) -> None:
        # from the zygote's reader thread: the idle work is due now, and the loop is woken to do it
        self.chores_at = 0.0
        self.wake()

    def wake(self) -> None:
        """Wake the heart's loop from another thread (it polls the pipe)."""
        try:
            os.write(self.wake_w, b"x")
        except OSError:
            pass  # closed while stopping, or full: the loop is awake anyway

    # -- exits and restarts ---------------------------------------------------------------

    def drain_exits(self) -> list[Exit]:
        """Collect the exits the reapers reported since the last call."""
        try:
            while os.read(self.wake_r, 4096):
                pass
        except (BlockingIOError, OSError):
            pass
        exits = []
        while True:
            try:
                exits.append(self.exits.get_nowait())
            except queue.Empty:
                return exits

    def reap(self, now: float, disconnect: Callable[[OrganRecord, str], None]) -> None:
        """Apply the restart policy to every organ whose death the reapers reported."""
        for exit in self.drain_exits():
            rec = self.organs.get(exit.organ)
            if rec is None or rec.pid != exit.pid:
                continue  # a process already replaced
            disconnect(rec, "died")
            self.handle_exit(rec, exit, now)

    def handle_exit(self, rec: OrganRecord, exit: Exit, now: float) -> None:
        """Apply the restart policy to a reaped organ."""
        # what the organ started dies with it: its group now, the rest of its session (a scan of /proc)
        # once its restart is under way, so that the scan does not delay the restart
        _killpg(exit.pid, signal.SIGKILL)
        self.leftovers.add(exit.pid)
        self.chores_at = 0.0  # killed on the next turn, once the restart is under way
        rec.proc, rec.pid = None, None
        rec.forget_connection()
        how = restart.describe_exit(exit.returncode)
        if self.stopping:
            self.move(rec, OrganState.STOPPED, how)
            return
        verdict = restart.decide(rec.spec, exit.returncode, now - rec.started, rec.streak,
                                 tuple(rec.restart_times), now)
        rec.streak = verdict.streak
        log_file = self.logs / f"{rec.name}.log"
        # an organ that exited with an error says why in its log (a signal's victim said nothing)
        words = self._last_words(log_file, rec.log_from) if exit.returncode > 0 else ""
        said = f"; it said: {words}" if words else ""
        if verdict.action == "restart":
            rec.due = now + verdict.delay_s
            self.waiting.add(rec.name)
            self.move(rec, OrganState.RESTARTING, verdict.reason + said)
            self.alert(Level.WARN, rec.name, f"organ {rec.name} {how}{said}; restarting in {verdict.delay_s:.2f}s")
        elif verdict.action == "fatal":
            rec.due = None
            self.move(rec, OrganState.FATAL, verdict.reason + said)
            # the event is history: while the organ stays fatal, its standing alert is the critical one, and a
            # revived organ takes no critical alert (nor the fast beat) with it
            self.alert(Level.WARN, rec.name, f"organ {rec.name} turned fatal: {verdict.reason}{said} (log: {log_file})")
        else:
            rec.due = None
            self.move(rec, OrganState.STOPPED, verdict.reason)
            self.alert(Level.INFO, rec.name, f"organ {rec.name} stopped: {verdict.reason}")
        log.warning("organ %s (pid %d) %s -> %s", rec.name, exit.pid, how, rec.state)

    @staticmethod
    def _last_words(log_file: Path, start: int) -> str:
        """Why the organ's last run says it ended, from the end of what that run wrote to its log (bounded)."""
        try:  # never blocks: a FIFO or a device put in the log's place is not read
            fd = os.open(log_file, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return ""
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return ""
            end = info.st_size
            # a log truncated meanwhile starts again before `start`: its end is still this run's
            tail = os.pread(fd, LOG_TAIL_BYTES, max(start if start <= end else 0, end - LOG_TAIL_BYTES))
            return restart.last_words(tail.decode("utf-8", "replace"))
        except OSError:
            return ""
        finally:
            os.close(fd)

    def restart_due(self, now: float) -> list[OrganRecord]:
        """Respawn the organs whose backoff has elapsed; return them. Also the zygote's idle work."""
        if not self.waiting and now < self.chores_at:
            return []  # the common turn: nothing waits for a restart, and the idle work is not due
        due = [rec for rec in map(self.organs.get, list(self.waiting))
               if rec.state == OrganState.RESTARTING and rec.due is not None and rec.due <= now]
        for rec in due:
            rec.restarts += 1
            rec.restart_times.append(now)
            while now - rec.restart_times[0] >= rec.spec.restart_window_s:
                rec.restart_times.popleft()
            self.spawn(rec)
        if now < self.chores_at:
            return due  # the idle work below runs at most every CHORES_S, not on every turn of the heart's loop
        self.chores_at = now + CHORES_S
        if self.leftovers:
            kill_sessions(self.leftovers)
            self.leftovers.clear()
        if self.zygote is not None:
            self.zygote.tick()
            if now >= self.next_sweep:
                self.next_sweep = now + STRAY_SWEEP_S
                reap_strays(self.waited)
        if now >= self.next_log_check:
            self.next_log_check = now + LOG_CHECK_S
            for rec in self.organs.values():
                path = self.logs / f"{rec.name}.log"
                with contextlib.suppress(OSError):
                    if path.stat().st_size > MAX_LOG_BYTES and bound_log(path, MAX_LOG_BYTES, KEPT_LOG_BYTES):
                        rec.log_from = 0
        return due

    def next_due(self) -> float | None:
        """The earliest scheduled restart, if any."""
        if not self.waiting:
            return None
        times = [rec.due for rec in map(self.organs.get, self.waiting)
                 if rec.state == OrganState.RESTARTING and rec.due is not None]
        return min(times, default=None)

    def revive(self, rec: OrganRecord) -> None:
        """Give a fatal or stopped organ a fresh start with a clean restart history."""
        rec.restart_times.clear()
        rec.streak = 0
        rec.restarts = 0  # the count shown is of this fresh start's restarts; the metric keeps counting
        self.spawn(rec)

    # -- signals and shutdown -------------------------------------------------------------

    def signal(self, rec: OrganRecord, sig: signal.Signals) -> None:
        """Send a signal to the organ's process (a fault drill or a hung organ)."""
        if rec.pid is None:
            raise ProcessLookupError(f"organ {rec.name} has no running process (state {rec.state})")
        os.kill(rec.pid, sig)

    def kill_stuck(self, rec: OrganRecord, why: str, now: float) -> None:
        """SIGKILL the process group of a hung (or never registered) organ and whatever it started."""
        self.alert(Level.CRITICAL, rec.name, f"organ {rec.name} {why}; killing it")
        self.move(rec, rec.state, why)
        _killpg(rec.pid, signal.SIGKILL)
        rec.last_seen = now  # one kill per episode; the reaper does the rest

    def stop_all(self) -> None:
        """Stop every organ: SIGTERM to each process group, SIGKILL after its stop timeout."""
        self.stopping = True
        running = [rec for rec in self.organs.values() if rec.proc is not None]
        for rec in running:
            _killpg(rec.pid, signal.SIGTERM)
        deadline = {rec.name: time.monotonic() + rec.spec.stop_timeout_s for rec in running}
        for rec in running:
            proc, pid = rec.proc, rec.pid
            try:
                proc.wait(timeout=max(0.0, deadline[rec.name] - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("organ %s ignored SIGTERM for %.1fs; killing it", rec.name, rec.spec.stop_timeout_s)
            # its group and session may hold the organ's own children (a wrapped server, a command): end them
            _killpg(pid, signal.SIGKILL)
            kill_sessions({pid})
            try:
                proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                log.error("organ %s (pid %d) survived SIGKILL", rec.name, pid)
            rec.proc, rec.pid = None, None
            self.move(rec, OrganState.STOPPED, "mesh stopped")
        for rec in self.organs.values():
            if rec.state == OrganState.RESTARTING:
                rec.due = None
                self.waiting.discard(rec.name)
                self.move(rec, OrganState.STOPPED, rec.reason)

    def close(self) -> None:
        """Stop the zygote and release the wake-up pipe."""
        if self.zygote is not None:
            self.zygote.close()
            reap_strays(self.waited)
        for fd in (self.wake_r, self.wake_w):
            try:
                os.close(fd)
            except OSError:
                pass


def kill_sessions(sids: set[int]) -> None:
    """SIGKILL every process left in the sessions these organs led (commands they ran in their own groups)."""
    for p in procs.every():
        if p.session in sids:
            try:
                os.kill(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def reap_strays(waited: set[int]) -> list[int]:
    """Reap zombie children of this process that nobody waits for; return their pids.

    While the heart is a subreaper (for the instant of a fork from the zygote), any process orphaned below
    it becomes its child: an organ's own child whose organ died just then, or an intermediate whose zygote
    died. Only zombies from other sessions are taken: the heart's own helpers (the zygote, the exposure
    worker) share its session and are waited for by their owners.
    """
    me, session, reaped = os.getpid(), os.getsid(0), []
    for p in procs.every():
        if p.state == "Z" and p.ppid == me and p.session != session and p.pid not in waited:
            try:
                os.waitpid(p.pid, os.WNOHANG)
                reaped.append(p.pid)
            except ChildProcessError:
                pass
    return reaped


def _killpg(pid: int | None, sig: signal.Signals) -> None:
    if pid is None:
        return
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
