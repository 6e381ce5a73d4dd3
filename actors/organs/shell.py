"""The shell organ: run a command in the mesh's working directory, with a timeout.

A command gets an environment built from an allow-list (never the organ's own: no token, nothing of whoever
started the mesh), runs in a group and, where possible, a cgroup of its own (actors.organs.containment),
and its output is read as a stream with a cap and a deadline (actors.organs.capture). On timeout, at the
call's deadline, when the organ stops and when its heart is gone, everything the command started is ended.
Processes a finished command left in the background keep running until the organ stops.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

from actors.organ import Organ, ability
from actors.organs.capture import collect
from actors.organs.containment import Commands, Run, sweep_orphans
from actors.organs.paths import confine, relative
from broker.errors import BadParams, Cancelled

log = logging.getLogger(__name__)

MAX_TIMEOUT_S = 600.0
MAX_OUTPUT_BYTES = 256 * 1024  # per stream: its first and last halves are kept
REAP_S = 5.0  # a killed command is reaped within this; a process in uninterruptible sleep may take longer
# What a command sees of the environment of an organ started by hand, unless the mesh file allows more
# (options.env_allow). An organ the heart spawned has an environment the heart already built from an
# allow-list and the mesh file's `env` table: its commands see all of it but the ACTORS_* variables.
ENV_ALLOWED = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TERM", "TZ", "TMPDIR",
               "TEMP", "TMP", "VIRTUAL_ENV", "NO_COLOR", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE",
               "NODE_EXTRA_CA_CERTS", "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY")
SPAWNED_BY_HEART = "ACTORS_HEART_PID"
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\*?$")
NEVER_PASSED = "ACTORS_"  # the organ's own settings and token

OPTIONS_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "root": {"type": "string", "minLength": 1},
        "shell": {"type": "string", "minLength": 1},
        "env_allow": {"type": "array", "items": {"type": "string", "pattern": ENV_NAME.pattern}},
        "env": {"type": "object", "propertyNames": {"pattern": r"^[A-Za-z_][A-Za-z0-9_]*$"},
                "additionalProperties": {"type": "string", "pattern": "^[^\x00]*$"}},
        "cgroups": {"type": "boolean"},
    },
}


class ShellOrgan(Organ):
    name = "shell"
    options_schema = OPTIONS_SCHEMA

    @classmethod
    def check_options(cls, options: dict) -> str:
        """Say what is wrong with these options ('' when nothing is)."""
        problem = super().check_options(options)
        if problem:
            return problem
        for name, value in options.get("env", {}).items():
            if not ENV_NAME.match(name) or name.endswith("*") or "\x00" in value:
                return f"options.env: {name!r} must be a variable name and its value must not contain NUL"
            if name.startswith(NEVER_PASSED):
                return f"options.env: {NEVER_PASSED}* variables are never passed to commands"
        if any(str(p).startswith(NEVER_PASSED) for p in options.get("env_allow", ())):
            return f"options.env_allow: {NEVER_PASSED}* variables are never passed to commands"
        return ""

    def on_start(self) -> None:
        self.root = Path(os.path.realpath(self.options.get("root", self.workdir)))
        self.shell = self.options.get("shell") or shutil.which("bash") or "/bin/sh"
        self.env = command_env(os.environ, self.options.get("env_allow", ()), self.options.get("env", {}))
        use_cgroups = self.options.get("cgroups", True)
        swept = sweep_orphans(use_cgroups)
        if swept:
            log.warning("ended %d leftovers of commands whose organ had died", swept)
        self.commands = Commands(use_cgroups)
        self.running: dict[str, Run] = {}  # the id of a call running a command -> the command
        log.info("commands are held together by %s", self.commands.isolation)

    def on_stop(self) -> None:
        self.commands.end_all()

    def on_cancel(self, call_id: str) -> None:
        run = self.running.get(call_id)
        if run is not None:  # its caller cancelled the call: the command and what it started end now
            self.commands.interrupt(run)

    @ability("Run a shell command; returns exitCode, stdout, stderr and whether it timed out.",
             timeout_s=MAX_TIMEOUT_S + 5, params={
                 "command": {"type": "string", "minLength": 1, "description": "The command line."},
                 "timeout_s": {"type": "number", "minimum": 0.01, "maximum": MAX_TIMEOUT_S,
                               "description": "Kill the command after this many seconds (default 30)."},
                 "cwd": {"type": "string", "description": "Directory to run in, inside the working directory."},
             })
    def run(self, command: str, timeout_s: float = 30.0, cwd: str = ".") -> dict:
        if not isinstance(timeout_s, (int, float)) or not 0.01 <= timeout_s <= MAX_TIMEOUT_S:  # also NaN
            raise BadParams(f"timeout_s must be a number of seconds from 0.01 to {MAX_TIMEOUT_S:g}")
        if "\x00" in command:
            raise BadParams("command must not contain NUL bytes")
        where = confine(self.root, cwd)
        left = self.time_left()
        limit = timeout_s if left is None else max(0.0, min(timeout_s, left))
        started = time.monotonic()
        deadline = started + limit
        run = self.commands.start([self.shell, "-c", command], cwd=where, env=self.env)
        call_id = self.caller.current()
        self.running[call_id] = run
        try:
            if self.cancelled():  # cancelled while it started: on_cancel did not see it
                self.commands.interrupt(run)
            outcome = collect(run.proc, deadline, MAX_OUTPUT_BYTES)
        finally:
            self.running.pop(call_id, None)
            run.proc.stdout.close()
            run.proc.stderr.close()
        if self.cancelled():
            self.commands.end(run)
            _reap(run)
            raise Cancelled(f"the command was ended after {time.monotonic() - started:.3g}s: its caller cancelled it")
        if not outcome.timed_out:
            try:  # it may have closed its output and still be running
                run.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                outcome.timed_out = True
        if outcome.timed_out:
            self.commands.end(run)
        returncode = _reap(run)
        if not outcome.timed_out:
            self.commands.finished(run)
        result = {"exitCode": returncode, "stdout": outcome.stdout.text(), "stderr": outcome.stderr.text(),
                  "timedOut": outcome.timed_out, "durationMs": round((time.monotonic() - started) * 1000, 1),
                  "cwd": relative(self.root, where)}
        if returncode is not None and returncode < 0:
            result["exitCode"] = 128 - returncode
            result["signal"] = signal_name(-returncode)
        if outcome.timed_out:
            why = "" if limit == timeout_s else ", the call's deadline"
            result["stderr"] += f"\n[timed out after {limit:.3g}s{why}]"
        elif outcome.left_open:
            result["stderr"] += ("\n[a background process still held the output; it was closed (redirect a "
                                 "background process's output to keep it running after the call)]")
        return result


def command_env(environ: dict[str, str], allow: tuple[str, ...] | list[str] = (),
                extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a command gets: the allowed names of environ, then extra; never ACTORS_* variables.

    Every name is allowed when the heart spawned the organ: it built environ itself, from an allow-list.
    """
    patterns = ["*"] if SPAWNED_BY_HEART in environ else [*ENV_ALLOWED, *allow]
    env = {name: value for name, value in environ.items()
           if not name.startswith(NEVER_PASSED) and any(_allowed(name, p) for p in patterns)}
    env.setdefault("PATH", DEFAULT_PATH)
    for name, value in (extra or {}).items():
        if name.startswith(NEVER_PASSED):
            continue
        env[name] = value
    return env


def signal_name(number: int) -> str:
    """Name a signal, real-time ones included (SIGRTMIN+3), or give its number."""
    try:
        return signal.Signals(number).name
    except ValueError:
        pass
    if signal.SIGRTMIN <= number <= signal.SIGRTMAX:
        return f"SIGRTMIN+{number - signal.SIGRTMIN}"
    return f"SIG{number}"


def _allowed(name: str, pattern: str) -> bool:
    return name.startswith(pattern[:-1]) if pattern.endswith("*") else name == pattern


def _reap(run) -> int | None:
    try:
        return run.proc.wait(timeout=REAP_S)
    except subprocess.TimeoutExpired:
        log.error("command pid %d did not end %gs after it was killed", run.proc.pid, REAP_S)
        return None
