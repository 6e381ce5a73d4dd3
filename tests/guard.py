"""Run a command that dies with the test process that started it: `python -S tests/guard.py PARENT CMD...`.

Sets PR_SET_PDEATHSIG (SIGKILL) and then becomes the command (the setting survives exec), so a process a
test started cannot outlive a test run that is killed, even with SIGKILL. PARENT is the pid of the starter:
if it is already gone by the time the signal is armed, the command never starts. Started with -S and
without imports beyond ctypes, so it costs a few milliseconds.
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def main() -> None:
    parent, argv = int(sys.argv[1]), sys.argv[2:]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent:  # the starter died before the signal was armed
        os._exit(1)
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
