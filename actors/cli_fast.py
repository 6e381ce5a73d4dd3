"""The `actors` command's entry point: the commands on an agent's path, answered without the full CLI.

A host runs `actors hook EVENT` before and after every tool call of its agent, synchronously, so the
command's start-up is the agent's latency. `main` answers the plain forms of those commands here, loading
only the wire format and a socket (not typer, rich or the organ SDK), and hands everything else — `--help`,
other commands, any option it does not know — to the full CLI (actors.cli), whose commands run the same
functions, so both give the same answers.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

HOOK_TIMEOUT_S = 1.0  # a hook must never hold the agent up
HOME_ENV = "ACTORS_HOME"
DEFAULT_HOME = ".actors"


def main() -> None:
    """Entry point of the `actors` console script."""
    command = fast_command(sys.argv[1:], os.environ)
    if command is None:
        from actors.cli import main as full

        full()
        return
    sys.exit(command())


def fast_command(argv: list[str], env: dict[str, str] | os._Environ) -> Callable[[], int] | None:
    """The command line as a call of a fast command, or None when the full CLI must read it."""
    if argv[:1] != ["hook"]:
        return None
    options, positional = _split(argv[1:], {"--home"})
    if options is None or len(positional) != 1:
        return None
    home = Path(options.get("--home") or env.get(HOME_ENV) or DEFAULT_HOME)
    return lambda: hook(positional[0], home)


def _split(args: list[str], known: set[str]) -> tuple[dict[str, str] | None, list[str]]:
    """Options with a value (the last one wins, as click reads them) and positional arguments; None for options
    when anything is unusual: an unknown option, a flag, `--`, a missing value or one that looks like an option."""
    options: dict[str, str] = {}
    positional: list[str] = []
    rest = iter(args)
    for arg in rest:
        if not arg.startswith("-"):
            positional.append(arg)
            continue
        name, equals, value = arg.partition("=")
        if name not in known:
            return None, positional
        if not equals:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None, positional
        options[name] = value
    return options, positional


# -- hook -------------------------------------------------------------------------------------

def hook(event: str, home: Path) -> int:
    """Feed a host's hook payload (JSON on stdin) to the mesh; never fails the agent (always 0)."""
    from broker import hooks
    from broker.home import Home

    state = Home(home)
    raw = sys.stdin.read()
    endpoints = state.read_endpoints()
    if endpoints is None:
        return 0  # no mesh: stay out of the agent's way
    try:
        payload = json.loads(raw or "{}")
    except ValueError as exc:
        print(f"actors: hook payload is not JSON: {exc}", file=sys.stderr)
        return 0
    kind = hooks.event_kind(event, payload)
    if kind == "prompt":
        return _prompt(state, hooks.parse(event, payload), isinstance(payload, dict) and "hook_event_name" in payload)
    if kind in ("tool", "stop"):  # nothing comes back: the heart reads the payload, the hook does not wait
        try:
            body = hooks.bounded(payload)
        except RecursionError:
            body = None
        if body is None:
            print("actors: hook: the payload is too large or too deeply nested to hand on", file=sys.stderr)
            return 0
        _send(endpoints, "hook", {"event": event, "payload": body})
    return 0


def _prompt(state: Any, action: Any, claude_style: bool) -> int:
    """Set the instruction, then print what memory would have the agent know (waits: an answer comes back)."""
    from actors.client import Client
    from broker import hooks
    from broker.errors import MeshError

    if not isinstance(action, hooks.Prompt):
        return 0
    try:
        with Client(state) as client:
            client.control("instruction", text=action.text, session=action.session, timeout_s=HOOK_TIMEOUT_S)
            reply = client.call("memory", "inject", {"query": action.text, "session": action.session},
                                timeout_s=HOOK_TIMEOUT_S)
    except MeshError as exc:
        print(f"actors: hook: {exc}", file=sys.stderr)
        return 0
    text = reply.result.get("text", "") if reply.ok and isinstance(reply.result, dict) else ""
    if text and claude_style:
        print(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": text}},
                         ensure_ascii=False))
    elif text:
        print(text)
    return 0


def _send(endpoints: dict, command: str, args: dict) -> None:
    """Hand a control command to the heart and leave without its answer (bounded by the socket's linger)."""
    import zmq

    from broker import wire
    from broker.home import pid_alive

    if not pid_alive(endpoints["pid"]):
        print("actors: hook: the heart stopped", file=sys.stderr)
        return
    ctx = zmq.Context()
    try:
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, int(HOOK_TIMEOUT_S * 1000))  # closing waits until it is sent, no longer
        sock.connect(endpoints["router"])
        sock.send_multipart(wire.frames(wire.CONTROL, {"id": os.urandom(16).hex(), "command": command, "args": args}),
                            zmq.NOBLOCK)
    except zmq.ZMQError as exc:
        print(f"actors: hook: cannot reach the heart: {exc}", file=sys.stderr)
    finally:
        ctx.destroy()
