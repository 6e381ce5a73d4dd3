"""Read a command's output as it comes: with a deadline, and keeping only its head and its tail.

Memory stays flat whatever the command prints (a gigabyte of output keeps the same few hundred KiB), and
the deadline holds on the pipes themselves: a grandchild that keeps them open cannot stretch the call.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from dataclasses import dataclass, field

CHUNK = 64 * 1024
DRAIN_AFTER_EXIT_S = 0.25  # once the command exited, how long background holders of its pipes are waited for
POLL_S = 0.05  # how often the command's exit is checked where a pidfd is not available


@dataclass(slots=True)
class Capped:
    """One stream: its first and last `half` bytes, and how many bytes there were in all."""

    half: int
    head: bytearray = field(default_factory=bytearray)
    tail: bytearray = field(default_factory=bytearray)
    total: int = 0

    def add(self, chunk: bytes) -> None:
        """Take the next chunk, keeping the head and the tail within their caps."""
        self.total += len(chunk)
        room = self.half - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            self.tail += chunk
            if len(self.tail) > self.half:
                del self.tail[:len(self.tail) - self.half]

    def text(self) -> str:
        """The stream as text: whole when it fit, else its head and tail around a note of what was cut."""
        cut = self.total - len(self.head) - len(self.tail)
        head = self.head.decode("utf-8", errors="replace")
        if not cut:
            return head + self.tail.decode("utf-8", errors="replace") if self.tail else head
        tail = self.tail.decode("utf-8", errors="replace")
        return f"{head}\n[... {cut} bytes cut ...]\n{tail}"


@dataclass(slots=True)
class Outcome:
    stdout: Capped
    stderr: Capped
    timed_out: bool = False  # the deadline came before the command ended
    left_open: bool = False  # the command ended, but something it started still held its output


def collect(proc: subprocess.Popen, deadline: float, cap_bytes: int) -> Outcome:
    """Read proc's stdout and stderr until both close, the deadline passes, or proc exited and a grace passed."""
    outcome = Outcome(Capped(cap_bytes // 2), Capped(cap_bytes // 2))
    streams = {proc.stdout.fileno(): outcome.stdout, proc.stderr.fileno(): outcome.stderr}
    exit_fd = _pidfd(proc.pid)
    with selectors.DefaultSelector() as selector:
        for fd in streams:
            os.set_blocking(fd, False)
            selector.register(fd, selectors.EVENT_READ)
        if exit_fd is not None:
            selector.register(exit_fd, selectors.EVENT_READ)
        drain_until = None
        try:
            while streams:
                now = time.monotonic()
                if now >= deadline:
                    outcome.timed_out = True
                    break
                if drain_until is None and proc.poll() is not None:
                    drain_until = now + DRAIN_AFTER_EXIT_S
                if drain_until is not None and now >= drain_until:
                    outcome.left_open = True
                    break
                until = min(deadline, drain_until or deadline)
                wait = until - now if exit_fd is not None or drain_until else min(POLL_S, until - now)
                for key, _ in selector.select(max(0.0, wait)):
                    if key.fd == exit_fd:
                        selector.unregister(exit_fd)
                        continue
                    _read(key.fd, streams, selector)
        finally:
            if exit_fd is not None:
                os.close(exit_fd)
    return outcome


def _read(fd: int, streams: dict[int, Capped], selector: selectors.BaseSelector) -> None:
    try:
        chunk = os.read(fd, CHUNK)
    except BlockingIOError:
        return
    if chunk:
        streams[fd].add(chunk)
    else:
        selector.unregister(fd)
        del streams[fd]


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):  # before Linux 5.3, or the process is already gone
        return None
