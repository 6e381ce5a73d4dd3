"""The shell organ: run a command in the mesh's working directory, with a timeout.

Each command runs in a process group of its own (so a timeout kills its whole tree) but stays in the
organ's session, so the supervisor ends whatever is left when the organ stops or dies.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

from actors.organ import Organ, ability
from actors.organs.paths import confine, relative

MAX_TIMEOUT_S = 600.0
MAX_OUTPUT_CHARS = 256 * 1024


class ShellOrgan(Organ):
    name = "shell"

    def on_start(self) -> None:
        self.root = Path(os.path.realpath(self.options.get("root", self.workdir)))
        self.shell = self.options.get("shell") or shutil.which("bash") or "/bin/sh"

    @ability("Run a shell command; returns exitCode, stdout, stderr and whether it timed out.",
             timeout_s=MAX_TIMEOUT_S + 5, params={
                 "command": {"type": "string", "minLength": 1, "description": "The command line."},
                 "timeout_s": {"type": "number", "minimum": 0.01, "maximum": MAX_TIMEOUT_S,
                               "description": "Kill the command after this many seconds (default 30)."},
                 "cwd": {"type": "string", "description": "Directory to run in, inside the working directory."},
             })
    def run(self, command: str, timeout_s: float = 30.0, cwd: str = ".") -> dict:
        where = confine(self.root, cwd)
        started = time.monotonic()
        proc = subprocess.Popen([self.shell, "-c", command], cwd=where, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, process_group=0)
        timed_out = False
        try:
            out, err = proc.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc.pid)
            out, err = proc.communicate()
        result = {"exitCode": proc.returncode, "stdout": _clip(out), "stderr": _clip(err), "timedOut": timed_out,
                  "durationMs": round((time.monotonic() - started) * 1000, 1), "cwd": relative(self.root, where)}
        if proc.returncode < 0:
            result["exitCode"] = 128 - proc.returncode
            result["signal"] = signal.Signals(-proc.returncode).name
        if timed_out:
            result["stderr"] += f"\n[timed out after {timeout_s:g}s]"
        return result


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _clip(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace")
    if len(text) <= MAX_OUTPUT_CHARS:
        return text
    half = MAX_OUTPUT_CHARS // 2
    return f"{text[:half]}\n[... {len(text) - 2 * half} characters cut ...]\n{text[-half:]}"
