"""The state directory: endpoints, pid and lock files, logs and ipc sockets of one mesh."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from pathlib import Path

from broker.errors import HomeError

IPC_PATH_MAX = 100  # sockaddr_un holds about 107 bytes; keep a margin


class Home:
    """One mesh's state directory (created 0700)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path).expanduser().absolute()

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
        """Create the directory tree with owner-only permissions."""
        for path in (self.path, self.logs, self.ipc_dir()):
            try:
                path.mkdir(mode=0o700, parents=True, exist_ok=True)
                os.chmod(path, 0o700)
            except OSError as exc:
                raise HomeError(f"cannot create {path}: {exc.strerror}") from None

    def ipc_dir(self) -> Path:
        """Where this mesh's ipc sockets live: under home when short enough, else a short hashed path."""
        local = self.path / "run"
        if len(str(local / "blood.sock")) <= IPC_PATH_MAX:
            return local
        digest = hashlib.sha1(str(self.path).encode()).hexdigest()[:12]
        return Path(tempfile.gettempdir()) / f"actors-{os.getuid()}-{digest}"

    def ipc_endpoint(self, name: str) -> str:
        """The default ipc:// endpoint for a socket of this mesh."""
        path = self.ipc_dir() / f"{name}.sock"
        if len(str(path)) > IPC_PATH_MAX:
            raise HomeError(f"ipc path {path} is longer than {IPC_PATH_MAX} bytes; "
                            "set TMPDIR to a shorter directory")
        return f"ipc://{path}"

    def write_endpoints(self, endpoints: dict) -> None:
        """Publish where the running heart listens (atomically)."""
        tmp = self.endpoints_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(endpoints, indent=2) + "\n", encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(self.endpoints_file)

    def read_endpoints(self) -> dict | None:
        """Return the running heart's endpoints, or None when no live heart wrote them."""
        try:
            endpoints = json.loads(self.endpoints_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
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
        """Remove the files of a heart that has stopped."""
        for path in (self.endpoints_file, self.pid_file):
            path.unlink(missing_ok=True)
        ipc = self.ipc_dir()
        for sock in ipc.glob("*.sock"):
            sock.unlink(missing_ok=True)


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
