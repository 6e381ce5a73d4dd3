"""Start one organ process: `python -m actors.runner MODULE[:CLASS]` (what the supervisor spawns).

Kept lean on purpose: restart time is mostly import time, so nothing here imports the CLI.
Reads ACTORS_ROUTER, ACTORS_ORGAN, ACTORS_HEART_PID, ACTORS_WORKDIR, ACTORS_HEARTBEAT_S and ACTORS_ORPHAN_S
from the environment, and its token and options from the descriptor ACTORS_TICKET_FD names (read once,
then closed: unlike the environment, it is not readable in /proc/PID/environ nor inherited by commands).
"""

from __future__ import annotations

import importlib
import inspect
import json
import logging
import os
import sys
import traceback
from typing import NoReturn

from actors._loop import OrganLoop
from actors.organ import Organ

EXIT_USAGE = 64
EXIT_SOFTWARE = 70


def find_organ(target: str) -> type[Organ]:
    """Import MODULE[:CLASS] and return its organ class (MODULE.ORGAN, or its one Organ subclass)."""
    module_name, _, class_name = target.partition(":")
    module = importlib.import_module(module_name)
    if class_name:
        return getattr(module, class_name)
    if isinstance(getattr(module, "ORGAN", None), type):
        return module.ORGAN
    found = [obj for obj in vars(module).values()
             if inspect.isclass(obj) and issubclass(obj, Organ) and obj.__module__ == module.__name__]
    if len(found) != 1:
        raise LookupError(f"module {module_name} defines {len(found)} organ classes; name one as "
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


def main(argv: list[str] | None = None) -> int:
    """Build the organ named on the command line and run its loop."""
    argv = sys.argv[1:] if argv is None else argv
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
    try:
        if mcp:
            from actors.mcp_organ import McpOrgan

            organ = McpOrgan(**settings, command=argv[2:])
        else:
            organ = find_organ(argv[0])(**settings)
    except Exception:
        logging.getLogger(__name__).exception("cannot load organ %s", " ".join(argv))
        return EXIT_SOFTWARE
    heart_pid = int(env["ACTORS_HEART_PID"]) if env.get("ACTORS_HEART_PID") else None
    loop = OrganLoop(organ, env["ACTORS_ROUTER"], token=ticket.get("token", ""), heart_pid=heart_pid,
                     heartbeat_s=float(env.get("ACTORS_HEARTBEAT_S", "0.5")),
                     orphan_after_s=float(env.get("ACTORS_ORPHAN_S", "3.0")))
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
    # leave now: a call still running on a worker thread must not keep a stopped organ alive
    os._exit(code)


if __name__ == "__main__":
    run_and_exit()
