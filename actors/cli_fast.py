"""The `actors` command's entry point: the commands on an agent's path, answered without the full CLI.

A host runs `actors hook EVENT` before and after every tool call of its agent, synchronously, so the
command's start-up is the agent's latency; `status` and `call` are the small commands scripts run, and
`expose INTENT --catalog F` the offline one a new user tries first. `main`
answers their plain forms here, loading only the wire format, a socket and the client (not typer, rich or
the organ SDK), and hands everything else — `--help`, other commands, any option it does not know, a value
it could not read — to the full CLI (actors.cli), whose commands run the same functions below, so both
give the same answers.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable

from actors.exit_codes import (EXIT_CALL_FAILED, EXIT_CONFIG, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_NO_MESH,
                               EXIT_TIMEOUT, EXIT_USAGE)
from broker.vocab import FIND_ABILITIES

UNKNOWN_NAMES = ("UnknownOrgan", "UnknownAbility")  # the heart's refusals of a call that names nothing it has
HOOK_TIMEOUT_S = 1.0  # a hook must never hold the agent up
HOME_ENV = "ACTORS_HOME"
DEFAULT_HOME = ".actors"
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # what click strips from text that does not go to a terminal
_COUNT = re.compile(r"[0-9]+")  # a budget as the fast path reads it; anything else is the full CLI's to judge
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # control characters: a forged row or a terminal escape
ADDRESS_COLUMN = 44  # addresses are padded to the longest exposed, at most this wide, so the reasons line up


def printable(line: str) -> str:
    """A line with each control character read as `?`: a text from tools or a journal (a tool's name, a card's title)
    may hold line breaks or terminal escapes."""
    return UNPRINTABLE.sub("?", line)


def main() -> None:
    """Entry point of the `actors` console script."""
    try:
        command = fast_command(leading_home(sys.argv, os.environ), os.environ)
        if command is None:
            from actors.cli import main as full

            full()
            return
        code = guarded(command)
        sys.stdout.flush()
    except KeyboardInterrupt:  # Ctrl-C before a command took it (while importing) or in one that does not
        echo("actors: interrupted", err=True)
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`actors status | head -1`): say nothing more, as cat and ls do; the rest of
        # the output, and the interpreter's own flush at exit, go nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_FAILED
    sys.exit(code)


def guarded(command: Callable[[], int | None]) -> int:
    """Run a command; a mesh error it did not handle becomes one line on stderr and its exit code."""
    from broker.errors import MeshError

    try:
        return command() or 0
    except MeshError as exc:
        echo(f"actors: {exc}", err=True)
        return exit_code_of(exc)


def exit_code_of(exc: Exception) -> int:
    """The exit code of a mesh error: a heart that does not answer timed out (6), no heart is no mesh (3)."""
    from broker.errors import NoAnswer, MeshUnreachable

    if isinstance(exc, NoAnswer):
        return EXIT_TIMEOUT
    return EXIT_NO_MESH if isinstance(exc, MeshUnreachable) else EXIT_FAILED


def fast_command(argv: list[str], env: dict[str, str] | os._Environ) -> Callable[[], int] | None:
    """The command line as a call of a fast command, or None when the full CLI must read it."""
    name, args = (argv[0], argv[1:]) if argv else ("", [])
    if name == "--version" and not args:
        return version
    if name == "hook":
        options, positional = _split(args, {"--home"}, set())
        if options is None or len(positional) != 1:
            return None
        return lambda: hook(positional[0], _home(options, env))
    if name == "status":
        options, positional = _split(args, {"--home"}, {"--json"})
        if options is None or positional:
            return None
        return lambda: status(_home(options, env), "--json" in options)
    if name == "call":
        options, positional = _split(args, {"--home", "--args", "--timeout", "--session"}, {"--json"})
        timeout = _float(options.get("--timeout", "0") if options is not None else "")
        if options is None or len(positional) != 1 or timeout is None:
            return None
        return lambda: call(positional[0], options.get("--args", "{}"), timeout, options.get("--session", ""),
                            _home(options, env), "--json" in options)
    if name == "expose":
        options, positional = _split(args, {"--home", "--catalog", "--budget"}, {"--json"})
        budget = options.get("--budget") if options is not None else None
        if options is None or len(positional) != 1 or not options.get("--catalog") or (
                budget is not None and (not _COUNT.fullmatch(budget) or int(budget) < 1)):
            return None
        return lambda: expose_offline(positional[0], Path(options["--catalog"]), None if budget is None else int(budget),
                                      "--json" in options)
    return None


def version() -> int:
    """`actors --version`, as the full CLI prints it, without importing it (a third of a second)."""
    from broker import __version__

    echo(f"actors {__version__}")
    return 0


def leading_home(argv: list[str], env: dict[str, str] | os._Environ) -> list[str]:
    """The arguments after the program's name, a `--home DIR` given before the command taken out of them into
    env (`actors --home DIR status` is `actors status --home DIR`); argv itself is changed the same way."""
    args = argv[1:]
    if args[:1] == ["--home"] and len(args) >= 2:
        env[HOME_ENV], args = args[1], args[2:]
    elif args and args[0].startswith("--home="):
        env[HOME_ENV], args = args[0].removeprefix("--home="), args[1:]
    argv[1:] = args
    return args


def _home(options: dict[str, str], env: dict[str, str] | os._Environ) -> Path:
    return Path(options.get("--home") or env.get(HOME_ENV) or DEFAULT_HOME)


def _float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None  # the full CLI says what is wrong with it


def _split(args: list[str], known: set[str], flags: set[str]) -> tuple[dict[str, str] | None, list[str]]:
    """Options (the last one wins, as click reads them; a flag maps to "") and positional arguments; None for
    options when anything is unusual: an unknown option, `--`, a missing value or one that looks like an option."""
    options: dict[str, str] = {}
    positional: list[str] = []
    rest = iter(args)
    for arg in rest:
        if not arg.startswith("-"):
            positional.append(arg)
            continue
        if arg in flags:
            options[arg] = ""
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


def echo(text: str, err: bool = False) -> None:
    """Print a line as click does: escape sequences are dropped when the stream is not a terminal."""
    stream = sys.stderr if err else sys.stdout
    if not stream.isatty():
        text = ANSI.sub("", text)
    stream.write(text + "\n")
    stream.flush()


def emit(data: Any) -> None:
    """Print one JSON document on stdout."""
    echo(json.dumps(data, ensure_ascii=False))


# -- expose, offline ---------------------------------------------------------------------------

def expose_offline(intent: str, catalog: Path, budget: int | None, as_json: bool) -> int:
    """Show the abilities exposed for an intent by a catalogue file, and why (no mesh, no journal)."""
    from broker.errors import ConfigError
    from broker.exposure import Context, explain, load_catalogue

    try:
        catalogue = load_catalogue(catalog)
    except ConfigError as exc:
        echo(f"actors: {exc}", err=True)
        return EXIT_CONFIG
    result = explain(intent, catalogue, Context(), budget_tokens=budget).as_dict()
    if as_json:
        emit(result)
        return 0
    for line in exposure_lines(result):
        echo(line)
    return 0


def exposure_lines(result: dict) -> list[str]:
    """What `actors expose` prints for one answer: the addresses, each with why it is there (those sent brief
    marked so), then what their schemas cost."""
    from actors.why import REASONS_SHOWN, reason_text  # not loaded by the hook's path

    tokens = result["tokens"]
    saved = 1 - tokens["exposed"] / tokens["full"] if tokens["full"] else 0.0
    finds = any(t.get("name") == FIND_ABILITIES for t in result.get("tools", ()))
    finder = " + find_abilities" if finds else " (every tool, whole: nothing left to find, find_abilities not sent)"
    brief = set(result.get("brief", ()))
    reasons = result.get("reasons") or {}
    width = min(ADDRESS_COLUMN, max((len(a) for a in result["exposed"]), default=0))
    shown = []
    for address in result["exposed"]:
        why = "; ".join(reason_text(r) for r in reasons.get(address, ())[:REASONS_SHOWN])
        mark = ("brief  " if address in brief else " " * 7) if brief else ""
        line = f"{address:<{width}}  {mark}{why}".rstrip() if why or mark.strip() else address
        shown.append(printable(line))  # a tool's name or words may hold line breaks or escapes
    if not result.get("matched", True):
        shown.append("(no word of the request matched a tool: " + (
            "find_abilities reaches the rest)" if finds else "the whole catalogue fits the budget, so all of it is sent)"))
    n = len(result["exposed"])
    counts = f"{n} {'ability' if n == 1 else 'abilities'}" + (
        f", {len(brief)} brief (first sentence, schema without prose)" if brief else "")
    return [*shown, f"{counts}{finder}: {tokens['exposed']} of {tokens['full']} tool-schema tokens "
                    f"({saved:.1%} fewer; o200k, compact JSON)"]


# -- status and call ---------------------------------------------------------------------------

def status(home: Path, as_json: bool) -> int:
    """Show the heart, every organ and the current alerts."""
    from actors.client import Client
    from broker.errors import MeshError
    from broker.home import Home

    try:
        with Client(Home(home)) as client:
            data = client.control("status")
    except MeshError as exc:
        echo(f"actors: {exc}", err=True)
        return exit_code_of(exc)
    if as_json:
        emit(data)
        return 0
    h = data["heart"]
    echo(f"heart pid {h['pid']}  beat #{h['seq']} every {h['interval_s']:.2f}s ({h['reason']})  "
         f"stage {h['stage']}  metrics {h['metrics'] or '-'}")
    if h["instruction"]:
        echo(f"instruction: {h['instruction']}")
    for o in data["organs"]:
        wounds = ",".join(w["cause"] for w in o["wounds"]) or "-"
        silent = f"; silent {o['silent_s']:.1f}s now" if o.get("silent_s") is not None else ""
        echo(f"  {o['name']:<16} {o['state']:<10} pid {str(o['pid'] or '-'):<8} restarts {o['restarts']:<3} "
             f"{len(o['abilities']):>2} abilities  wounds {wounds:<12} {o['reason']}{silent}")
        for screened in o.get("screened", ()):  # a wrapped server's words: its tool's name quoted, never as it is
            echo(f"    tool {screened['tool']!r} {screened['why']}")
    for a in data["alerts"]:
        echo(f"  [{a['level']}] {a['message']}")
    return 0


def call(target: str, args: str, timeout: float, session: str, home: Path, as_json: bool) -> int:
    """Call an ability through the heart."""
    from actors.client import Client
    from broker import protocol
    from broker.errors import MeshUnreachable, NoAnswer
    from broker.home import Home

    organ, dot, ability = target.partition(".")
    if not dot or not organ or not ability:
        echo(f"actors: expected ORGAN.ABILITY, got {target!r}", err=True)
        return EXIT_USAGE
    try:
        arguments = json.loads(args)
    except ValueError as exc:
        echo(f"actors: --args is not valid JSON: {exc}", err=True)
        return EXIT_USAGE
    if not isinstance(arguments, dict):
        echo("actors: --args must be a JSON object", err=True)
        return EXIT_USAGE
    if not 0 <= timeout <= protocol.MAX_TIMEOUT_S:  # NaN too; a longer one the heart refuses as the ability's bad_params
        echo(f"actors: --timeout takes seconds up to {protocol.MAX_TIMEOUT_S:g} (0: the ability's own), not {timeout:g}",
             err=True)
        return EXIT_USAGE
    try:
        with Client(Home(home)) as client:
            reply = client.call(organ, ability, arguments, timeout_s=timeout, session=session)
    except NoAnswer as exc:  # not even a timeout came back within the call's bound
        echo(f"actors: {exc}", err=True)
        return EXIT_TIMEOUT
    except MeshUnreachable as exc:
        echo(f"actors: {exc}", err=True)
        return EXIT_NO_MESH
    retried = {"retried": reply.retried} if reply.retried else {}
    if reply.ok:
        emit({"ok": True, "result": reply.result, **retried}) if as_json else echo(_show(reply.result))
        return 0
    error = protocol.to_plain(reply.error)
    if as_json:
        emit({"ok": False, "error": error, **({"result": reply.result} if reply.result is not None else {})})
    else:
        if reply.result is not None:
            echo(_show(reply.result))
        echo(f"actors: {target} failed ({error['cause']}, {error['decision']}, {error['retried']} retries): "
             f"{error['message']}" + (f"\n  hint: {error['hint']}" if error["hint"] else ""), err=True)
    if error["type"] in UNKNOWN_NAMES:  # a name the mesh does not have: the caller's mistake, as a bad target
        return EXIT_USAGE
    return EXIT_TIMEOUT if error["cause"] == "timeout" else EXIT_CALL_FAILED


def _show(result: Any) -> str:
    return result if isinstance(result, str) else json.dumps(result, indent=2, ensure_ascii=False)


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
        payload = hooks.loads(raw or "{}")
    except ValueError as exc:
        echo(f"actors: hook payload is not JSON: {exc}", err=True)
        return 0
    except RecursionError:  # an MCP tool's arguments, as an agent wrote them, nested past Python's reading
        echo("actors: hook: the payload is too deeply nested to read", err=True)
        return 0
    if not isinstance(payload, dict):
        echo("actors: hook: the payload is not a JSON object", err=True)
        return 0
    kind = hooks.event_kind(event, payload)
    if kind is None:  # a typo in the host's settings would otherwise teach nothing, silently, for ever
        echo(f"actors: hook: {event[:64]!r} is no event actors learns from (UserPromptSubmit, PreToolUse, "
             "PostToolUse, PostToolUseFailure, Stop, or prompt, pretooluse, tool, stop): nothing recorded", err=True)
        return 0
    if kind == "prompt":
        return _prompt(state, hooks.parse(event, payload), "hook_event_name" in payload)
    if kind == "pre_tool":
        return _before_call(state, hooks.parse(event, payload), "hook_event_name" in payload)
    if kind in ("tool", "stop"):  # nothing comes back: the heart reads the payload, the hook does not wait
        try:
            body = hooks.bounded(payload)
        except RecursionError:
            body = None
        if body is None:
            echo("actors: hook: the payload is too large or too deeply nested to hand on", err=True)
            return 0
        _send(endpoints, "hook", {"event": event, "payload": body})
    return 0


def _prompt(state: Any, action: Any, claude_style: bool) -> int:
    """Set the instruction, then print what memory would have the agent know."""
    from broker import hooks

    if not isinstance(action, hooks.Prompt):
        return 0
    return _ask_memory(state, "inject", {"query": action.text, "session": action.session}, action.session,
                       "UserPromptSubmit" if claude_style else "", instruction=action.text)


def _before_call(state: Any, action: Any, claude_style: bool) -> int:
    """Print what memory knows about the call the host is about to make."""
    from broker import hooks

    if not isinstance(action, hooks.PendingCall):
        return 0
    try:
        args = hooks.bounded(action.args) or {}  # a file's whole new content is no part of what the call works on
    except RecursionError:
        args = {}
    return _ask_memory(state, "before_call", {"tool": action.tool[:300], "args": args, "session": action.session[:200]},
                       action.session, "PreToolUse" if claude_style else "")


def _ask_memory(state: Any, ability: str, args: dict, session: str, host_event: str, instruction: str | None = None
                ) -> int:
    """Ask memory (waits: an answer comes back) and print its text: as a Claude Code hook's context for
    `host_event`, or plain for other hosts. The call is the hook's in the host's session, not the agent's use of a
    tool (so exposure learns nothing from it)."""
    from actors.client import Client
    from broker.errors import MeshError
    from broker.vocab import Origin

    try:
        with Client(state) as client:
            if instruction is not None:
                client.control("instruction", text=instruction, session=session, timeout_s=HOOK_TIMEOUT_S)
            reply = client.call("memory", ability, args, timeout_s=HOOK_TIMEOUT_S, session=session, origin=Origin.HOOK,
                                wait_s=HOOK_TIMEOUT_S)
    except MeshError as exc:
        echo(f"actors: hook: {exc}", err=True)
        return 0
    text = reply.result.get("text", "") if reply.ok and isinstance(reply.result, dict) else ""
    if text and host_event:
        emit({"hookSpecificOutput": {"hookEventName": host_event, "additionalContext": text}})
    elif text:
        echo(text)
    return 0


def _send(endpoints: dict, command: str, args: dict) -> None:
    """Hand a control command to the heart and leave without its answer (bounded by the socket's linger)."""
    import zmq

    from broker import wire
    from broker.home import pid_alive

    if not pid_alive(endpoints["pid"]):
        echo("actors: hook: the heart stopped", err=True)
        return
    ctx = zmq.Context()
    try:
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, int(HOOK_TIMEOUT_S * 1000))  # closing waits until it is sent, no longer
        sock.connect(endpoints["router"])
        sock.send_multipart(wire.frames(wire.CONTROL, {"id": os.urandom(16).hex(), "command": command, "args": args}),
                            zmq.NOBLOCK)
    except zmq.ZMQError as exc:
        echo(f"actors: hook: cannot reach the heart: {exc}", err=True)
    finally:
        ctx.destroy()
