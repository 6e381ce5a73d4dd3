"""The zygote: a fork server that starts Python organs in milliseconds from an interpreter that has already
imported the organ runtime (and, once an organ has been started, that organ's module).

One per mesh. The heart starts it as a fresh interpreter (`python -m broker.zygote`) before it creates its
own ZeroMQ context, and talks to it over a SOCK_SEQPACKET socket pair: a JSON request per message, file
descriptors passed alongside (SCM_RIGHTS). The zygote never creates a ZeroMQ context and never runs a
thread (it checks both after every import), so forking it is safe: ZeroMQ contexts and threads do not
survive a fork.

A spawn is a double fork: the zygote forks an intermediate, which starts a new session, changes to the
organ's directory and forks the organ, then exits. The heart marks itself a child subreaper
(PR_SET_CHILD_SUBREAPER) for the moment of the spawn, so the orphaned organ is re-parented to the heart:
the organ is the heart's own child, reaped by the heart's blocking wait with its real exit status, and it
sees the heart as its parent (so it exits when the heart dies, as a freshly spawned organ does). The
organ leads its own session and process group, gets exactly the environment, descriptors, working
directory and log file a fresh spawn would, and runs `actors.runner` in place.

The organ also shows what an exec would: its /proc/PID/cmdline and /proc/PID/environ (what ps and other
tools read) are rewritten in place to the runner's command line and the organ's environment; the zygote's
environment carries a variable of spaces (ACTORS_ZYGOTE_ROOM) to make room for the organ's, and an organ
whose environment is larger still is started fresh. What a forked organ shares with the zygote, unlike a
fresh one: its memory layout (ASLR) and its str hash seed. An organ module must not read its organ's
environment at import time: the zygote imports it once, in the mesh's environment.
"""

from __future__ import annotations

import ctypes
import fcntl
import contextlib
import fnmatch
import importlib
import json
import logging
import math
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Mapping

from broker import procs

log = logging.getLogger(__name__)

MAX_MESSAGE = 1 << 20  # one request (its environment included); larger ones are spawned the usual way
MAX_FDS = 8
READY_WAIT_S = 5.0  # how long the first spawns wait for the zygote to finish importing the runtime
SPAWN_TIMEOUT_S = 2.0  # a fork takes milliseconds: a zygote this slow is broken and gets replaced
REPARENT_WAIT_S = 2.0
STOP_WAIT_S = 2.0
RESTART_BACKOFF_S = (1.0, 60.0)  # first delay before a dead zygote is started again, and the cap
STABLE_AFTER_S = 60.0  # a zygote that lived this long starts the backoff over when it dies
EXIT_TAINTED = 65  # an imported organ module started a thread or a ZeroMQ context: forking is no longer safe
RUNTIME = ("actors.runner",)  # imported before the zygote says it is ready
# variables the interpreter reads while it starts (paths, encodings, allocator): a forked organ could not
# honour a value different from the zygote's, so an organ whose value differs is started fresh instead
STARTUP_ENV = ("PYTHON*", "LC_*", "LANG", "LANGUAGE", "LD_*", "MALLOC_*", "GLIBC_TUNABLES", "OPENBLAS_*")
# what every organ gets unless its mesh file says otherwise, forked or fresh alike: numpy's OpenBLAS starts a
# thread per core when it is imported, and the zygote must fork with no thread but its own running
FORK_SAFE_ENV = {"OPENBLAS_NUM_THREADS": "1"}
ROOM_VAR = "ACTORS_ZYGOTE_ROOM"  # spaces in the zygote's environment block: room for a forked organ's own
ROOM_BYTES = 8192

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


class Unavailable(Exception):
    """The zygote cannot start this organ now; start it as a fresh interpreter instead."""


def forkable(module: str, env: Mapping[str, str], cwd: Path, zygote_env: Mapping[str, str],
             zygote_cwd: Path) -> str:
    """Why an organ cannot be forked from the zygote ('' when it can). Pure."""
    if not module:
        return "not a Python organ module"
    if any("\0" in key or "=" in key or "\0" in value for key, value in env.items()):
        return "its environment cannot be set (a NUL, or '=' in a name): exec refuses it too"
    if Path(cwd) != Path(zygote_cwd):
        return f"its working directory {cwd} is not the mesh's {zygote_cwd}"
    keys = {k for k in (*env, *zygote_env) if any(fnmatch.fnmatchcase(k, p) for p in STARTUP_ENV)}
    differ = sorted(k for k in keys if env.get(k) != zygote_env.get(k))
    if differ:
        return f"its {', '.join(differ)} differ from the mesh's: the interpreter reads them at start-up"
    if len(environment_block(env)) > len(environment_block(zygote_env)):
        return "its environment is larger than the room the zygote keeps for it"
    return ""


def environment_block(env: Mapping[str, str]) -> bytes:
    """The environment as exec lays it out in a process's memory (and /proc/PID/environ shows it)."""
    return b"".join(f"{key}={value}".encode(errors="surrogateescape") + b"\0" for key, value in env.items())


def with_room(env: Mapping[str, str]) -> dict[str, str]:
    """The zygote's environment: the mesh's, plus room for the larger environment of a forked organ."""
    return {**env, ROOM_VAR: " " * ROOM_BYTES}


# -- the heart's side ---------------------------------------------------------------------------

class Forked:
    """An organ process forked by the zygote: a child of the heart, waited on like a subprocess.Popen."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._done = threading.Event()
        self._waiting = threading.Lock()

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the process to end and return its exit code (negative: the signal that killed it)."""
        if timeout is None and self._waiting.acquire(blocking=False):
            try:  # the one blocking waiter (the supervisor's reaper) collects the status
                if self.returncode is None:
                    self.returncode = _wait_status(self.pid)
                    self._done.set()
            finally:
                self._waiting.release()
        if not self._done.wait(timeout):
            raise subprocess.TimeoutExpired(f"organ pid {self.pid}", timeout)
        return self.returncode

    def poll(self) -> int | None:
        """The exit code if the process has been reaped, else None."""
        return self.returncode


def _wait_status(pid: int) -> int:
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:  # not ours after all (it cannot happen once re-parenting was checked)
        log.error("organ pid %d is not a child of the heart; its exit status is unknown", pid)
        return -signal.SIGKILL
    return os.waitstatus_to_exitcode(status)


@dataclass
class _Health:
    forks: int = 0
    fallbacks: int = 0
    starts: int = 0
    last_problem: str = ""


class Zygote:
    """The heart's handle on its fork server: start it, fork organs from it, replace it when it dies."""

    def __init__(self, env: Mapping[str, str], cwd: Path, label: str = "") -> None:
        self.env = dict(env)
        self.cwd = Path(cwd)
        self.label = label  # shown in the zygote's command line (ps), e.g. the mesh's home
        self.health = _Health()
        self.lock = threading.Lock()
        self.sock: socket.socket | None = None
        self.proc: subprocess.Popen | None = None
        self.state = "off"  # off | starting | ready | gone
        self.busy = ""  # the module being imported, if any
        self.ready = threading.Event()
        self.replies: queue.SimpleQueue[dict] = queue.SimpleQueue()
        self.wanted: list[str] = []  # modules to import once idle, in the order organs were started
        self.loaded: set[str] = set()
        self.excluded: set[str] = set()  # modules that made a zygote unsafe to fork
        self.on_idle: Callable[[], None] | None = None  # told when the zygote can take the next import
        self.started_at = 0.0
        self.retry_at = 0.0
        self.backoff_s = RESTART_BACKOFF_S[0]
        self.request_ids = iter(range(1, sys.maxsize))
        self.closed = False
        self.subreaper = _subreaper_supported()

    # -- life cycle ---------------------------------------------------------------------------

    def start(self) -> bool:
        """Start a zygote process (a fresh interpreter); False when this system cannot fork organs."""
        if not self.subreaper:
            self.health.last_problem = "this system has no PR_SET_CHILD_SUBREAPER"
            return False
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            command = [sys.executable, "-m", "broker.zygote", "--fd", str(theirs.fileno()),
                       "--parent", str(os.getpid()), *(["--mesh", self.label] if self.label else [])]
            proc = subprocess.Popen(command, env=self.env, cwd=self.cwd, stdin=subprocess.DEVNULL,
                                    pass_fds=(theirs.fileno(),))
        except OSError as exc:
            ours.close()
            self.health.last_problem = f"cannot start: {exc.strerror}"
            log.warning("zygote cannot start (%s); organs start as fresh interpreters", exc.strerror)
            return False
        finally:
            theirs.close()
        replies: queue.SimpleQueue[dict] = queue.SimpleQueue()  # this zygote's answers only
        with self.lock:
            self.sock, self.proc, self.state, self.busy, self.replies = ours, proc, "starting", "", replies
            self.loaded = set()
            self.ready.clear()
            self.started_at = time.monotonic()
            self.health.starts += 1
        threading.Thread(target=self._listen, args=(ours, proc, replies), name="zygote", daemon=True).start()
        log.info("zygote started as pid %d", proc.pid)
        return True

    def wait_ready(self, timeout: float = READY_WAIT_S) -> bool:
        """Wait until the zygote has imported the runtime; False if it did not in time or died."""
        return self.ready.wait(timeout) and self.state == "ready"

    def close(self) -> None:
        """Stop the zygote: it exits when its socket closes (and is killed if it lingers)."""
        with self.lock:
            self.closed = True
            sock, proc, self.sock, self.state = self.sock, self.proc, None, "off"
        if sock is not None:
            # shut down first: a close alone does not end a connection our listening thread is blocked reading,
            # so the zygote would never see its end and be killed after STOP_WAIT_S (every `actors down` took 2 s)
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        if proc is not None:
            try:
                proc.wait(timeout=STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                log.warning("zygote (pid %d) did not end within %gs of its socket's end; killed", proc.pid, STOP_WAIT_S)
                proc.kill()
                proc.wait()

    def describe(self) -> dict:
        """The zygote as `actors status --json` shows it."""
        with self.lock:
            proc = self.proc
            return {"pid": proc.pid if proc is not None and self.state != "gone" else None, "state": self.state,
                    "importing": self.busy, "preloaded": sorted(self.loaded), "forks": self.health.forks,
                    "fresh_starts": self.health.fallbacks, "zygote_starts": self.health.starts,
                    "problem": self.health.last_problem}

    # -- spawning -----------------------------------------------------------------------------

    def spawn(self, runner_args: list[str], module: str, env: Mapping[str, str], cwd: Path,
              fds: Mapping[int, int]) -> Forked:
        """Fork an organ: `actors.runner RUNNER_ARGS` with env, cwd and fds (child fd -> our fd).

        Raises Unavailable when the organ must be started fresh instead, OSError when it cannot be started
        at all (a missing working directory), just as starting a fresh interpreter would.
        """
        why = forkable(module, env, cwd, self.env, self.cwd)
        if why:
            raise Unavailable(why)
        with self.lock:
            if self.state != "ready" or self.sock is None:
                raise Unavailable(f"the zygote is {self.state}")
            if self.busy:
                raise Unavailable(f"the zygote is importing {self.busy}")
            sock, replies = self.sock, self.replies
        request_id = next(self.request_ids)
        request = {"op": "spawn", "id": request_id, "args": list(runner_args), "env": dict(env), "cwd": str(cwd),
                   "fds": list(fds)}
        data = json.dumps(request).encode()
        if len(data) > MAX_MESSAGE:
            raise Unavailable("the spawn request is too large")
        _set_subreaper(True)
        try:
            try:
                socket.send_fds(sock, [data], list(fds.values()))
            except OSError as exc:
                raise Unavailable(f"the zygote cannot be reached: {exc.strerror}") from None
            reply = self._reply(replies, request_id)
        finally:
            _set_subreaper(False)
        if reply.get("op") == "failed":
            raise OSError(int(reply.get("errno") or 0), str(reply.get("error") or "cannot start"))
        pid = int(reply["pid"])
        if _parent_of(pid) not in (os.getpid(), None):  # re-parenting failed: it could never be reaped here
            _kill_group(pid)
            raise Unavailable("the forked organ was not re-parented to the heart")
        self.health.forks += 1
        return Forked(pid)

    def fell_back(self, why: str) -> None:
        """Count an organ started as a fresh interpreter instead."""
        self.health.fallbacks += 1
        log.debug("organ started fresh: %s", why)

    def want(self, module: str) -> None:
        """Import this organ module in the zygote once it is idle, so its next start skips the import."""
        with self.lock:
            if module and module not in self.wanted:
                self.wanted.append(module)

    def tick(self) -> None:
        """Start a dead zygote again once its backoff has passed; send the next import once it is idle."""
        with self.lock:
            restart = self.state == "gone" and not self.closed and time.monotonic() >= self.retry_at
        if restart:
            self.retry_at = math.inf  # one attempt per death; a failed start stays off
            self.start()
            return
        with self.lock:
            if self.state != "ready" or self.busy or self.sock is None:
                return
            todo = [m for m in self.wanted if m not in self.loaded and m not in self.excluded]
            if not todo:
                return
            self.busy, sock = todo[0], self.sock
        try:
            sock.send(json.dumps({"op": "preload", "module": todo[0]}).encode())
        except OSError:
            with self.lock:
                self.busy = ""

    def _reply(self, replies: queue.SimpleQueue, request_id: int) -> dict:
        deadline = time.monotonic() + SPAWN_TIMEOUT_S
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply = replies.get(timeout=left)
            except queue.Empty:
                break
            if reply.get("id") == request_id:
                return reply
            if reply.get("op") == "gone":
                raise Unavailable("the zygote died")
        log.error("the zygote did not answer a spawn within %gs; replacing it", SPAWN_TIMEOUT_S)
        self._discard(f"no answer within {SPAWN_TIMEOUT_S:g}s")
        raise Unavailable("the zygote did not answer in time")

    # -- what the zygote says -----------------------------------------------------------------

    def _listen(self, sock: socket.socket, proc: subprocess.Popen, replies: queue.SimpleQueue) -> None:
        while True:
            try:
                data = sock.recv(MAX_MESSAGE)
            except OSError:
                data = b""
            if not data:
                break
            try:
                msg = json.loads(data)
            except ValueError:
                log.error("the zygote sent a malformed message")
                continue
            self._on_message(msg, replies)
        self._gone(sock, proc, replies)

    def _on_message(self, msg: dict, replies: queue.SimpleQueue) -> None:
        op = msg.get("op")
        if op == "ready":
            with self.lock:
                self.state = "ready"
            self.ready.set()
            log.info("zygote ready in %.3fs", msg.get("took_s", 0.0))
            self._idle()
        elif op in ("spawned", "failed"):
            replies.put(msg)
        elif op == "loaded":
            with self.lock:
                self.busy = ""
                if msg.get("ok"):
                    self.loaded.add(msg["module"])
                else:
                    self.excluded.add(msg["module"])
            if not msg.get("ok"):
                log.warning("zygote could not import %s: %s", msg.get("module"), msg.get("error"))
            self._idle()
        elif op == "tainted":
            with self.lock:
                self.excluded.add(msg["module"])
                self.health.last_problem = f"{msg['module']}: {msg.get('error')}"
            log.warning("importing %s left the zygote unsafe to fork (%s); it is replaced without it",
                        msg.get("module"), msg.get("error"))

    def _idle(self) -> None:
        if self.on_idle is not None:
            self.on_idle()

    def _gone(self, sock: socket.socket, proc: subprocess.Popen, replies: queue.SimpleQueue) -> None:
        try:
            code = proc.wait(timeout=STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        with self.lock:
            if self.sock is not sock:
                return  # an older zygote, already replaced or closed
            sock.close()
            self.sock, self.state, self.busy = None, "gone", ""
            lived = time.monotonic() - self.started_at
            self.backoff_s = RESTART_BACKOFF_S[0] if lived >= STABLE_AFTER_S else min(
                RESTART_BACKOFF_S[1], self.backoff_s * 2)
            self.retry_at = time.monotonic() + self.backoff_s
            closed = self.closed
            if not closed:
                self.health.last_problem = f"exited with code {code}"
        self.ready.set()  # nobody waits for a dead zygote
        replies.put({"op": "gone"})
        if not closed:
            log.warning("zygote (pid %d) exited with code %s; organs start fresh until it is back (in %.0fs)",
                        proc.pid, code, self.backoff_s)

    def _discard(self, why: str) -> None:
        with self.lock:
            proc, self.health.last_problem = self.proc, why
        if proc is not None:
            proc.kill()  # the listener sees its socket close and marks it gone


def _set_subreaper(on: bool) -> None:
    _prctl(PR_SET_CHILD_SUBREAPER, 1 if on else 0)


def _subreaper_supported() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        return _prctl(PR_SET_CHILD_SUBREAPER, 0) == 0
    except OSError:
        return False


def _parent_of(pid: int) -> int | None:
    found = procs.stat(pid)
    return found.ppid if found is not None else None  # None: already gone, the heart's wait will tell


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


_libc = None


def _prctl(option: int, value: int | bytes) -> int:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    result = _libc.prctl(option, value, 0, 0, 0)
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return result


# -- the zygote's side --------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    """Run the fork server on the socket the heart passed; exit when the heart closes it or dies."""
    args = _parse(sys.argv[1:] if argv is None else argv)
    try:
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass  # the closed socket still ends us
    if os.getppid() != args["parent"]:
        return 0  # the heart died before the request above took effect
    # Ctrl-C on a foreground mesh reaches the heart's whole process group; the heart ends us in order
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sock = socket.socket(fileno=args["fd"])
    started = time.monotonic()
    for name in RUNTIME:
        importlib.import_module(name)
    problem = _unsafe()
    if problem:
        _send(sock, {"op": "tainted", "module": RUNTIME[0], "error": problem})
        return EXIT_TAINTED
    _send(sock, {"op": "ready", "pid": os.getpid(), "took_s": time.monotonic() - started})
    return _serve(sock)


def _parse(argv: list[str]) -> dict:
    args = {"fd": -1, "parent": -1}
    pairs = iter(argv)
    for flag in pairs:
        value = next(pairs, "")
        if flag in ("--fd", "--parent"):
            args[flag[2:]] = int(value)
    if args["fd"] < 0 or args["parent"] < 0:
        raise SystemExit("usage: python -m broker.zygote --fd FD --parent PID [--mesh LABEL]")
    return args


def _serve(sock: socket.socket) -> int:
    devnull = os.open(os.devnull, os.O_RDWR)
    while True:
        try:
            data, fds, flags, _ = socket.recv_fds(sock, MAX_MESSAGE, MAX_FDS)
        except OSError:
            return 0
        if not data:
            return 0  # the heart closed its end: stopping
        try:
            msg = json.loads(data)
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                raise ValueError("request truncated")
        except ValueError as exc:
            _close_all(fds)
            log.error("dropped a malformed request: %s", exc)
            continue
        if msg.get("op") == "spawn":
            _send(sock, _spawn(sock, msg, fds, devnull))
        elif msg.get("op") == "preload":
            reply = _preload(str(msg.get("module", "")))
            _send(sock, reply)
            if reply["op"] == "tainted":
                return EXIT_TAINTED
        else:
            _close_all(fds)


def _send(sock: socket.socket, msg: dict) -> None:
    try:
        sock.send(json.dumps(msg).encode())
    except OSError:
        pass  # the heart is gone; the next receive ends the loop


def _preload(module: str) -> dict:
    started = time.monotonic()
    try:
        importlib.import_module(module.partition(":")[0])
    except BaseException as exc:  # an organ module may raise anything, SystemExit included
        return {"op": "loaded", "module": module, "ok": False, "error": f"{type(exc).__name__}: {exc}"[:500]}
    problem = _unsafe()
    if problem:
        return {"op": "tainted", "module": module, "error": problem}
    return {"op": "loaded", "module": module, "ok": True, "took_s": time.monotonic() - started}


def _unsafe() -> str:
    """Why this process may no longer be forked: a thread or a ZeroMQ context ('' when it may)."""
    threads = len(os.listdir("/proc/self/task"))
    if threads != 1 or threading.active_count() != 1:
        return f"{threads} threads are running"
    zmq = sys.modules.get("zmq")
    if zmq is not None:
        import gc

        if any(isinstance(obj, zmq.Context) for obj in gc.get_objects()):
            return "a ZeroMQ context exists"
    return ""


def _spawn(sock: socket.socket, msg: dict, fds: list[int], devnull: int) -> dict:
    """Double-fork an organ; answer with its pid, or with the errno that stopped it."""
    request_id = msg.get("id")
    report_r, report_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        middle = os.fork()
    except OSError as exc:
        for fd in (report_r, report_w, *fds):
            os.close(fd)
        return {"op": "failed", "id": request_id, "errno": exc.errno, "error": exc.strerror}
    if middle == 0:
        _intermediate(sock, msg, fds, devnull, report_r, report_w)
    os.close(report_w)
    _close_all(fds)  # the organ has its own copies now
    answer = _read_report(report_r)
    os.close(report_r)
    try:
        os.waitpid(middle, 0)  # once it is reaped, the organ belongs to the heart (its subreaper)
    except ChildProcessError:
        pass
    if answer.startswith("!"):
        code, _, text = answer[1:].partition(" ")
        return {"op": "failed", "id": request_id, "errno": int(code or 0), "error": text}
    if not answer.isdigit():
        return {"op": "failed", "id": request_id, "errno": 0, "error": "the intermediate process died"}
    return {"op": "spawned", "id": request_id, "pid": int(answer)}


def _read_report(fd: int) -> str:
    """The intermediate's one line (the organ's pid, or !errno): no need to wait for the organ to run."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(fd, 256)
        if not chunk:
            break
        data += chunk
    return data.decode(errors="replace").strip()


def _intermediate(sock: socket.socket, msg: dict, fds: list[int], devnull: int, report_r: int,
                  report_w: int) -> None:
    """In the intermediate process: new session, the organ's directory, fork the organ, report, exit."""
    code = 1
    try:
        sock.detach()  # its descriptor is closed below with the others, never through this object
        os.close(report_r)
        os.setsid()
        os.chdir(msg["cwd"])  # the error a fresh spawn would raise, reported before any organ exists
        middle = os.getpid()
        organ = os.fork()
        if organ == 0:
            os.close(report_w)
            _become_organ(msg, fds, devnull, middle)
        os.write(report_w, f"{organ}\n".encode())
        code = 0
    except OSError as exc:
        try:
            os.write(report_w, f"!{exc.errno} {exc.strerror}\n".encode())
        except OSError:
            pass
    finally:
        os._exit(code)


def _become_organ(msg: dict, fds: list[int], devnull: int, middle: int) -> None:
    """In the organ process: the spawn's descriptors, signals and environment, then the runner."""
    code = 70
    try:
        os.setsid()  # its own session and process group, like start_new_session
        deadline = time.monotonic() + REPARENT_WAIT_S
        while os.getppid() == middle and time.monotonic() < deadline:
            time.sleep(0.0002)  # the intermediate is exiting; the organ must see the heart as its parent
        _install_fds({0: devnull, **dict(zip(msg["fds"], fds))})
        signal.signal(signal.SIGINT, signal.default_int_handler)  # the only one the zygote changed
        os.environ.clear()
        os.environ.update(msg["env"])
        time.tzset()
        from actors import runner

        sys.argv = [runner.__file__, *msg["args"]]
        sys.path[0] = os.getcwd()  # what `python -m` puts first
        _show_as([sys.executable, "-m", runner.__name__, *msg["args"]], msg["env"])
        runner.run_and_exit(list(msg["args"]))
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)


def _install_fds(mapping: dict[int, int]) -> None:
    """Make the child's descriptors exactly `mapping` (child fd -> current fd) plus 1 and 2, close the rest."""
    high = max([*mapping, 2]) + 1
    moved = {target: fcntl.fcntl(source, fcntl.F_DUPFD_CLOEXEC, high) for target, source in mapping.items()}
    for target, source in moved.items():
        os.dup2(source, target, inheritable=True)
    keep = {0, 1, 2, *mapping}
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass  # the directory listing's own descriptor


def _show_as(argv: list[str], env: Mapping[str, str]) -> None:
    """Make /proc/self/cmdline and /proc/self/environ show what an exec of the organ would, in place."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        arg_start, arg_end, env_start, env_end = (int(field) for field in fields[45:49])
    except (OSError, ValueError):
        return
    # os.environ.clear() unset every variable, so nothing points into the exec-time block any more
    _rewrite(arg_start, arg_end, "/proc/self/cmdline", b"".join(a.encode() + b"\0" for a in argv))
    _rewrite(env_start, env_end, "/proc/self/environ", environment_block(env))


def _rewrite(start: int, end: int, shown: str, data: bytes) -> None:
    size = end - start
    if not start or len(data) > size:
        return  # no room: the zygote's stays
    try:
        if Path(shown).read_bytes() != ctypes.string_at(start, size):
            return  # not the memory the kernel shows after all
    except OSError:
        return
    ctypes.memmove(start, data.ljust(size, b"\0"), size)


def _close_all(fds: Iterable[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(main())
