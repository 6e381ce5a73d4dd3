"""A test organ that describes its own process: what a fresh spawn and a fork from the zygote must share."""

from __future__ import annotations

import os
import signal
import sys
import threading

from actors.organ import Organ, ability


class ProbeOrgan(Organ):
    name = "probe"

    @ability("Describe this process: environment, directory, descriptors, signals, session.", read_only=True)
    def describe(self) -> dict:
        umask = os.umask(0)
        os.umask(umask)
        return {
            "pid": os.getpid(), "ppid": os.getppid(), "pgid": os.getpgid(0), "sid": os.getsid(0),
            "env": dict(os.environ), "cwd": os.getcwd(), "argv": sys.argv[1:], "path0": sys.path[0],
            "umask": umask, "descriptors": _descriptors(), "signals": _signals(),
            "python_threads": sorted(t.name.split("-")[0] for t in threading.enumerate()),
            "stdout": os.readlink("/proc/self/fd/1"), "stdin": os.readlink("/proc/self/fd/0"),
            "shown_cmdline": _shown("cmdline"), "shown_environ": _shown("environ"),
        }


def _shown(name: str) -> list[str]:
    """What ps and other tools read of this process: /proc/self/cmdline or /proc/self/environ."""
    with open(f"/proc/self/{name}", "rb") as f:
        return [item.decode(errors="replace") for item in f.read().split(b"\0") if item]


def _descriptors() -> list[str]:
    """The kind of every open descriptor (pipe, socket, eventfd, a path), numbers and inodes left out."""
    kinds = []
    for name in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{name}")
        except OSError:
            continue  # the listing's own descriptor, closed already
        kinds.append(target.split(":[")[0] if ":[" in target else "file" if target.startswith("/") else target)
    return sorted(kinds)


def _signals() -> dict[str, str]:
    found = {}
    for sig in signal.valid_signals():
        if sig in (signal.SIGKILL, signal.SIGSTOP) or not isinstance(sig, signal.Signals):
            continue
        handler = signal.getsignal(sig)
        found[sig.name] = ("default" if handler == signal.SIG_DFL else "ignore" if handler == signal.SIG_IGN
                           else "python" if callable(handler) else str(handler))
    return found
