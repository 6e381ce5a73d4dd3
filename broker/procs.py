"""What /proc says about a process: its state, parent and start time; and what a signal's name means.
Nothing is signalled here.

A client uses it to tell a heart that does not answer from one that is busy, and `actors down` to make sure
the pid it is about to signal is still the heart that wrote the endpoints file, not a process that reused it.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass

# the states of /proc/PID/stat worth naming to a user (the others are running or sleeping: ordinary)
STATE_WORDS = {"T": "stopped", "t": "stopped by a debugger", "D": "in uninterruptible sleep", "Z": "a zombie"}
START_SLACK_S = 1.0  # /proc/stat's boot time is in whole seconds


@dataclass(frozen=True, slots=True)
class ProcStat:
    pid: int
    state: str
    ppid: int
    session: int
    start_ticks: int  # clock ticks after boot


def parse_stat(pid: int, text: str) -> ProcStat | None:
    """The fields of a /proc/PID/stat line (the command name may hold spaces and parentheses); None if garbled."""
    fields = text.rpartition(")")[2].split()
    try:
        return ProcStat(pid, fields[0], int(fields[1]), int(fields[3]), int(fields[19]))
    except (IndexError, ValueError):
        return None


def stat(pid: int) -> ProcStat | None:
    """What /proc says about pid now; None when there is no such process."""
    try:  # read cheaply: the heart lists every process to sweep an organ's leftovers
        fd = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        try:
            data = os.read(fd, 1024)
        finally:
            os.close(fd)
    except OSError:
        return None
    return parse_stat(pid, data.decode("ascii", "replace"))


def every() -> list[ProcStat]:
    """Every process /proc lists now."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = stat(int(name))
            if st is not None:
                found.append(st)
    return found


def descendants_of(pid: int, processes: list[ProcStat]) -> list[ProcStat]:
    """The processes below pid (children, their children, ...), from one listing."""
    children: dict[int, list[ProcStat]] = {}
    for p in processes:
        children.setdefault(p.ppid, []).append(p)
    found, seen, todo = [], {pid}, [pid]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child.pid not in seen:
                seen.add(child.pid)
                found.append(child)
                todo.append(child.pid)
    return found


def started_at(st: ProcStat, boot_time: float, ticks_per_s: float) -> float:
    """When the process started, in seconds since the epoch."""
    return boot_time + st.start_ticks / ticks_per_s


def boot_time() -> float:
    """When the machine booted, in seconds since the epoch (/proc/stat's btime)."""
    with open("/proc/stat", encoding="ascii") as f:
        for line in f:
            if line.startswith("btime "):
                return float(line.split()[1])
    raise OSError("/proc/stat has no btime")


def started_before(st: ProcStat, moment: float) -> bool:
    """Whether the process started before an epoch moment (a heart started before it published its endpoints;
    a process that reused its pid later started after)."""
    try:
        boot = boot_time()
    except OSError:
        return False
    return started_at(st, boot, os.sysconf("SC_CLK_TCK")) <= moment + START_SLACK_S


def state_words(st: ProcStat | None) -> str:
    """The process's state, when it is one a user should hear about ('' otherwise)."""
    return STATE_WORDS.get(st.state, "") if st is not None else ""


def signal_named(name: str) -> signal.Signals:
    """The signal a name means (KILL, SIGKILL, kill); ValueError naming it when there is none."""
    try:
        return signal.Signals["SIG" + name.upper().removeprefix("SIG")]
    except KeyError:
        raise ValueError(f"unknown signal {name!r}") from None
