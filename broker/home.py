"""The state directory: endpoints, pid and lock files, logs and ipc sockets of one mesh."""

from __future__ import annotations

import fcntl
import json
import os
import stat
from pathlib import Path

from broker.errors import HomeError

IPC_PATH_MAX = 100  # sockaddr_un holds about 107 bytes; keep a margin
RUNTIME_PREFIX = "actors-"
LANE_PREFIX, LANE_SUFFIX = "lane-", ".sock"
MAX_ENDPOINTS_BYTES = 1 << 20  # endpoints.json is under a kilobyte


class Home:
    """One mesh's state directory: created 0700 when new; an existing one keeps its mode but must be ours, and
    writable by us alone."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path).expanduser().absolute()
        self._runtime: Path | None = None

    @property
    def endpoints_file(self) -> Path:
        return self.path / "endpoints.json"

    @property
    def pid_file(self) -> Path:
        return self.path / "heart.pid"

    @property
    def lock_file(self) -> Path:
        return self.path / "heart.lock"

    @property
    def logs(self) -> Path:
        return self.path / "logs"

    def create(self) -> None:
        """Create what is missing owner-only; never loosen or tighten what exists (refuse it when others may write
        in it); check the socket directory."""
        for path in (self.path, self.logs):
            try:
                path.mkdir(mode=0o700, parents=path is self.path)
            except FileExistsError:
                pass
            except OSError as exc:
                raise HomeError(f"cannot create {path}: {exc.strerror}") from None
            st = path.stat()
            if st.st_uid != os.getuid():
                raise HomeError(f"{path} belongs to uid {st.st_uid}, not to this user (uid {os.getuid()}); "
                                "use a state directory of your own")
            if st.st_mode & 0o022:  # another user could put their own endpoints.json, lock or sockets in it
                raise HomeError(f"{path} has mode {stat.S_IMODE(st.st_mode):o}: other users may write in it and "
                                f"could point this mesh's clients at sockets of theirs; `chmod go-w {path}` or "
                                "use another state directory")
        local = self._short_run()
        if local is not None:
            private_dir(local)  # a runtime directory elsewhere is made when the heart binds, not before

    def ipc_dir(self) -> Path:
        """Where this mesh's ipc sockets live: HOME/run when short enough, else a private runtime directory."""
        local = self._short_run()
        if local is not None:
            return local
        if self._runtime is None:
            self._runtime = runtime_dir(self.path)
        return self._runtime

    def _short_run(self) -> Path | None:
        local = self.path / "run"
        return local if len(str(local / "blood.sock")) <= IPC_PATH_MAX else None

    def ipc_hint(self) -> str:
        """Where the sockets go, in words, without creating anything."""
        local = self._short_run()
        if local is not None:
            return str(local)
        return "a private runtime directory ($XDG_RUNTIME_DIR, else a fresh temporary one)"

    def ipc_endpoint(self, name: str) -> str:
        """The default ipc:// endpoint for a socket of this mesh."""
        path = self.ipc_dir() / f"{name}.sock"
        if len(str(path)) > IPC_PATH_MAX:
            raise HomeError(f"ipc path {path} is longer than {IPC_PATH_MAX} bytes; "
                            "set XDG_RUNTIME_DIR or TMPDIR to a shorter directory")
        return f"ipc://{path}"

    def write_endpoints(self, endpoints: dict) -> None:
        """Publish where the running heart listens (atomically)."""
        tmp = self.endpoints_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(endpoints, indent=2) + "\n", encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(self.endpoints_file)

    def read_endpoints(self) -> dict | None:
        """Return the running heart's endpoints, or None when no live heart wrote them (a file that is not the
        home owner's, put there by another user, is not read)."""
        try:
            endpoints = _read_json(self.endpoints_file, owner=self.path.stat().st_uid)
        except OSError:
            return None
        if not isinstance(endpoints.get("pid"), int) or not self.heart_running():
            return None
        return endpoints

    def heart_running(self) -> bool:
        """Tell whether a heart holds this home's lock (a pid alone can be reused after a restart)."""
        try:
            with open(self.lock_file, "rb") as lock:
                fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except FileNotFoundError:
            return False
        except BlockingIOError:
            return True
        return False

    def clear(self) -> None:
        """Remove the files of a heart that has stopped (its sockets too, wherever they were)."""
        endpoints = _read_json(self.endpoints_file)
        for path in (self.endpoints_file, self.pid_file):
            path.unlink(missing_ok=True)
        dirs = {Path(str(ep)[len("ipc://"):]).parent for ep in (endpoints.get("router"), endpoints.get("blood"))
                if str(ep).startswith("ipc://")}
        local = self.path / "run"
        dirs.update(d for d in (local, self._runtime) if d is not None)
        for ipc in dirs:
            for name in ("heart.sock", "blood.sock"):
                (ipc / name).unlink(missing_ok=True)
            for lane in ipc.glob(f"{LANE_PREFIX}*{LANE_SUFFIX}"):  # organs killed with the heart leave theirs
                lane.unlink(missing_ok=True)
            if ipc != local and ipc.name.startswith(RUNTIME_PREFIX):
                try:
                    ipc.rmdir()  # a runtime directory of its own: gone with the heart
                except OSError:
                    pass


def private_file(path: Path, flags: int) -> int:
    """Open (making it when missing) a file that is the owner's alone: never through a symlink, refused (HomeError)
    when another user's, and made 0600 when an earlier version left it readable. The descriptor."""
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise HomeError(f"cannot open {path}: {exc.strerror}") from None
    owner = os.fstat(fd).st_uid
    if owner != os.getuid():
        os.close(fd)
        raise HomeError(f"{path} belongs to uid {owner}, not to this user; remove it")
    os.fchmod(fd, 0o600)
    return fd


def private_dir(path: Path) -> Path:
    """Make path an owner-only directory, or check that the existing one is: ours, 0700, not a symlink."""
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise HomeError(f"cannot create {path}: {exc.strerror}") from None
    st = os.lstat(path)
    problem = ("is not a directory" if not stat.S_ISDIR(st.st_mode)
               else f"belongs to uid {st.st_uid}, not to this user" if st.st_uid != os.getuid()
               else f"has mode {stat.S_IMODE(st.st_mode):o}; others could reach the mesh's sockets"
               if st.st_mode & 0o077 else "")
    if problem:
        raise HomeError(f"refusing to put the mesh's sockets in {path}: it {problem}; remove it or choose "
                        "another state directory")
    return path


def runtime_dir(home: Path) -> Path:
    """A private directory for the sockets of a home whose path is too long for ipc://.

    Under $XDG_RUNTIME_DIR when it is this user's own (0700): nobody else can create anything there, so the
    name may be derived from the home. Otherwise a fresh mkdtemp directory: a random name, created 0700 in
    one step, so another user can neither predict nor pre-create it.
    """
    import hashlib  # only for a long home: `actors hook` reads endpoints through this module on every tool call
    import tempfile

    base = os.environ.get("XDG_RUNTIME_DIR", "")
    if base and _own_private(Path(base)):
        candidate = Path(base) / f"{RUNTIME_PREFIX}{hashlib.sha256(str(home).encode()).hexdigest()[:12]}"
        if len(str(candidate / "blood.sock")) <= IPC_PATH_MAX:
            return private_dir(candidate)
    return Path(tempfile.mkdtemp(prefix=RUNTIME_PREFIX))


def _own_private(path: Path) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def _read_json(path: Path, owner: int | None = None) -> dict:
    """A JSON object from a regular file (not through a symlink), owned by `owner` when given; else {}."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return {}
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (owner is not None and st.st_uid != owner):
            return {}
        try:
            data = json.loads(f.read(MAX_ENDPOINTS_BYTES).decode("utf-8"))
        except (OSError, ValueError):
            return {}
    return data if isinstance(data, dict) else {}


def pid_alive(pid: int) -> bool:
    """Tell whether a process with this pid exists (and is not a zombie we could reap)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True


def lane_socket(folder: str, pid: int) -> str:
    """The socket file of an organ's lane: beside the heart's own ipc socket, named by the organ's pid."""
    return os.path.join(folder, f"{LANE_PREFIX}{pid}{LANE_SUFFIX}")


def lane_folder(router_endpoint: str) -> str | None:
    """The folder organs bind their lanes in: the heart's ipc socket's (None when the heart is not on ipc)."""
    return os.path.dirname(router_endpoint[len("ipc://"):]) if router_endpoint.startswith("ipc://") else None
