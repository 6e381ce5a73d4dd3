"""Start one organ process: `python -m actors.runner MODULE[:CLASS]` (what the supervisor spawns).

Kept lean on purpose: restart time is mostly import time, so nothing here imports the CLI.
Reads ACTORS_ROUTER, ACTORS_ORGAN, ACTORS_HEART_PID, ACTORS_WORKDIR, ACTORS_HEARTBEAT_S and ACTORS_ORPHAN_S
from the environment, and its token and options from the descriptor ACTORS_TICKET_FD names (read once,
then closed: unlike the environment, it is not readable in /proc/PID/environ nor inherited by commands).

`python -m actors.runner --check` reads [{"organ", "module", "options"}, ...] (JSON) on stdin and prints one
JSON line per organ, {"organ", "key", "problem"}, as each is imported: how `actors up` finds a module that
does not import, crashes when imported, or options its organ refuses, before anything starts.
"""

from __future__ import annotations

import importlib
import inspect
import json
import logging
import os
import signal
import sys
import traceback
from typing import NoReturn

from actors._loop import EXIT_ORPHANED, OrganLoop
from actors.organ import Organ

EXIT_USAGE = 64
EXIT_SOFTWARE = 70
EXIT_CONFIG = 78  # EX_CONFIG: the module or its options cannot work; restarting cannot help


class LoadError(Exception):
    """The organ's module cannot be imported, or holds no organ class; the message is one line."""


def find_organ(target: str) -> type[Organ]:
    """Import MODULE[:CLASS] and return its organ class (MODULE.ORGAN, or its one Organ subclass)."""
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # what a module raises while it is imported is its own business; say it in one line
        raise LoadError(f"cannot import {module_name}: {_one_line(exc)}") from exc
    if class_name:
        found = getattr(module, class_name, None)
        if not (inspect.isclass(found) and issubclass(found, Organ)):
            raise LoadError(f"module {module_name} has no organ class {class_name}")
        return found
    if isinstance(getattr(module, "ORGAN", None), type):
        return module.ORGAN
    found = [obj for obj in vars(module).values()
             if inspect.isclass(obj) and issubclass(obj, Organ) and obj.__module__ == module.__name__]
    if len(found) != 1:
        raise LoadError(f"module {module_name} defines {len(found)} organ classes; name one as "
                        f"{module_name}:CLASS or set ORGAN = ...")
    return found[0]


def read_ticket(fd_text: str) -> dict:
    """Read and close the spawn ticket (token and options) the supervisor passed; {} when there is none."""
    if not fd_text.isdigit():
        return {}
    fd = int(fd_text)
    try:
        with os.fdopen(fd, "rb", closefd=True) as f:
            data = json.loads(f.read(1 << 24) or b"{}")
    except (OSError, ValueError) as exc:
        logging.getLogger(__name__).error("cannot read the spawn ticket from fd %d: %s", fd, exc)
        return {}
    return data if isinstance(data, dict) else {}


def check(targets: list[dict]) -> None:
    """Import each organ's module and check its options; print one JSON line per organ as it is done."""
    for target in targets:
        key, problem = "", ""
        try:
            organ = find_organ(target["module"])
            problem = organ.check_options(target.get("options") or {})
            key = "options" if problem else ""
        except LoadError as exc:
            key, problem = "module", str(exc)
        except Exception as exc:
            key, problem = "options", f"checking the options failed: {_one_line(exc)}"
        print(json.dumps({"organ": target["organ"], "key": key, "problem": problem}), flush=True)


def _one_line(exc: BaseException) -> str:
    """The exception and where it was raised, in one line: 'ZeroDivisionError: division by zero (at f.py:3)'."""
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if "importlib" not in f.filename and f.filename != __file__]
    where = f" (at {inside[-1].filename}:{inside[-1].lineno})" if inside else ""
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}{where}" if text else f"{type(exc).__name__}{where}"


def main(argv: list[str] | None = None) -> int:
    """Build the organ named on the command line and run its loop."""
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--check"]:
        check(json.load(sys.stdin))
        return 0
    logging.basicConfig(level=os.environ.get("ACTORS_LOG_LEVEL", "INFO"), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    mcp = argv[:2] == ["--mcp", "--"] and len(argv) > 2
    if not (mcp or len(argv) == 1) or "ACTORS_ROUTER" not in os.environ:
        print("usage: ACTORS_ROUTER=ENDPOINT python -m actors.runner MODULE[:CLASS]\n"
              "       ACTORS_ROUTER=ENDPOINT python -m actors.runner --mcp -- COMMAND [ARG...]", file=sys.stderr)
        return EXIT_USAGE
    env = os.environ
    ticket = read_ticket(env.pop("ACTORS_TICKET_FD", ""))
    settings = {"name": env.get("ACTORS_ORGAN", ""),
                "options": ticket.get("options", json.loads(env.get("ACTORS_OPTIONS", "{}"))),
                "workdir": env.get("ACTORS_WORKDIR", ".")}
    log = logging.getLogger(__name__)
    try:
        if mcp:
            from actors.mcp_organ import McpOrgan

            organ = McpOrgan(**settings, command=argv[2:])
        else:
            kind = find_organ(argv[0])
            problem = kind.check_options(settings["options"])
            if problem:
                log.error("organ %s: %s", settings["name"] or argv[0], problem)
                return EXIT_CONFIG
            organ = kind(**settings)
    except LoadError as exc:
        log.error("cannot load organ %s: %s", " ".join(argv), exc)
        return EXIT_CONFIG
    except Exception:
        log.exception("cannot load organ %s", " ".join(argv))
        return EXIT_SOFTWARE
    heart_pid = int(env["ACTORS_HEART_PID"]) if env.get("ACTORS_HEART_PID") else None
    loop = OrganLoop(organ, env["ACTORS_ROUTER"], token=ticket.get("token", ""), heart_pid=heart_pid,
                     heartbeat_s=float(env.get("ACTORS_HEARTBEAT_S", "0.5")),
                     orphan_after_s=float(env.get("ACTORS_ORPHAN_S", "3.0")), lanes=env.get("ACTORS_LANES") == "1")
    return loop.run()


def run_and_exit(argv: list[str] | None = None) -> NoReturn:
    """Run the organ and end the process with its exit code (also in a process forked by the zygote)."""
    try:
        code = main(argv)
    except SystemExit as exc:  # as the interpreter treats it: a number is the code, anything else is printed
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        if not isinstance(exc.code, int) and exc.code is not None:
            print(exc.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 1  # what an uncaught exception exits with
    logging.shutdown()
    if code == EXIT_ORPHANED and os.getpgrp() == os.getpid():
        # the supervisor started this organ as the leader of its own process group and ends that group when the
        # organ ends; with the heart gone no one will: take what the organ started along (a wrapped MCP server's
        # own children), this process with it
        os.killpg(0, signal.SIGKILL)
    # leave now: a call still running on a worker thread must not keep a stopped organ alive
    os._exit(code)


if __name__ == "__main__":
    run_and_exit()
