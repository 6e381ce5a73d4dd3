"""The `actors` command: thin commands over the client, with named exit codes."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from actors import cli_drill, cli_expose, cli_fast, cli_memory, cli_net, cli_top, cli_web, listen, preflight
from actors import doctor as doctor_checks
from actors.cli_common import (DEFAULT_HOME, EXIT_CONFIG, EXIT_FAILED, EXIT_NO_MESH, EXIT_OK, EXIT_RUNNING,
                               EXIT_TIMEOUT, EXIT_UNHEALTHY, EXIT_USAGE, HomeOpt, JsonOpt, connect, die, die_of, emit,
                               plain_help)
from actors.client import Client
from broker import __version__, procs, protocol
from broker import config as mesh_config
from broker.errors import ConfigError, MeshError, MeshUnreachable, NoAnswer
from broker.home import Home, pid_alive, private_file

DEFAULT_MESH = Path(__file__).with_name("default_mesh.toml")
DOWN_TIMEOUT_S = 30.0
TERM_GRACE_S = 3.0    # a heart that does not answer, sent SIGTERM: the time it has to stop its organs itself
KILL_WAIT_S = 1.0     # after SIGKILL, for the kernel to take the process
ORGANS_WAIT_S = 3.0   # organs end by themselves within about a second of their heart's death

app = typer.Typer(help="Run and inspect a mesh of supervised tool plugins (organs).", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"actors {__version__}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _main(version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True, metavar="",
                                                help="Print the installed version and exit.")] = False) -> None:
    """Run and inspect a mesh of supervised tool plugins (organs)."""


# -- up / down ------------------------------------------------------------------------------

@app.command()
def up(config: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Mesh file (TOML); default: the built-in mesh.")] = None,
       detach: Annotated[bool, typer.Option(help="Start in the background; return once every organ is up.")] = False,
       wait: Annotated[float, typer.Option(metavar="SECONDS", help="With --detach: seconds to wait for the organs "
                                           "to register (the checks before and a stop after come on top).")] = 30.0,
       home: HomeOpt = DEFAULT_HOME) -> None:
    """Launch the heart and the supervised organs (foreground; Ctrl-C stops everything)."""
    if not 0 <= wait <= mesh_config.DAY:  # NaN too: a negative or NaN wait read as "the heart did not start"
        die(f"--wait takes seconds from 0 to {mesh_config.DAY:g}, not {wait:g}", EXIT_USAGE)
    config_path = (config or DEFAULT_MESH).absolute()
    try:
        parsed = mesh_config.load(config_path)
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    state = Home(home)
    running = state.read_endpoints()
    if running:
        die(f"a mesh is already running under {state.path} (pid {running['pid']})", EXIT_RUNNING)
    try:
        preflight.check(parsed, Path(parsed.heart.workdir or os.getcwd()).expanduser())
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    metrics_host = parsed.heart.metrics.rpartition(":")[0]
    if metrics_host and not listen.is_loopback(metrics_host):
        typer.echo(f"actors: serving metrics on {metrics_host} (not loopback): anyone who reaches it reads the "
                   "mesh's organs, abilities and call counts", err=True)
    if detach:
        _up_detached(state, config_path, parsed, wait)
        return
    from broker.__main__ import build, run_until_signalled

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        run_until_signalled(build(str(state.path), str(config_path), os.getcwd()))
    except MeshError as exc:
        die(str(exc), EXIT_FAILED)


def _up_detached(state: Home, config_path: Path, parsed: mesh_config.MeshConfig, wait: float) -> None:
    state.create()
    log_path = state.logs / "heart.log"
    # the mesh owner's alone, as every other log of the home (the heart may log what a call carried)
    with os.fdopen(private_file(log_path, os.O_WRONLY | os.O_APPEND), "ab") as log_file:
        heart = subprocess.Popen(
            [sys.executable, "-m", "broker", "--home", str(state.path), "--config", str(config_path),
             "--workdir", os.getcwd()],
            stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file, start_new_session=True)
    expected = [o.name for o in parsed.organs if o.supervised]
    deadline = time.monotonic() + wait
    problem = "the heart did not start"
    while time.monotonic() < deadline:
        if heart.poll() is not None:
            die(f"the heart exited ({_last_line(log_path)}); log: {log_path}", EXIT_FAILED)
        problem = _detach_problem(state, expected)
        if not problem:
            typer.echo(f"mesh up under {state.path} (heart pid {heart.pid}; organs: {', '.join(expected) or 'none'})")
            return
        if problem.startswith("fatal"):
            break
        time.sleep(0.05)
    heart.terminate()
    try:
        heart.wait(timeout=DOWN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        heart.kill()
    # an organ that crash-loops failed; one still starting when the wait ran out timed out
    code = EXIT_FAILED if problem.startswith("fatal") else EXIT_TIMEOUT
    die(f"{problem}; stopped the mesh again (log: {state.logs})", code)


def _detach_problem(state: Home, expected: list[str]) -> str:
    if state.read_endpoints() is None:
        return "the heart did not start"
    try:
        with Client(state) as client:
            organs = {o["name"]: o for o in client.control("status")["organs"]}
    except MeshError as exc:
        return str(exc)
    fatal = [f"{n} ({organs[n]['reason']})" for n in expected if organs[n]["state"] == "fatal"]
    if fatal:
        return "fatal organs: " + ", ".join(fatal)
    waiting = [f"{n} ({organs[n]['state']})" for n in expected if organs[n]["state"] != "up"]
    return "organs not up: " + ", ".join(waiting) if waiting else ""


def _last_line(path: Path) -> str:
    try:
        lines = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return "no log"
    return lines[-1] if lines else "no output"


@app.command()
def down(home: HomeOpt = DEFAULT_HOME) -> None:
    """Stop the mesh; no process of it remains (a heart that does not answer is stopped by signals)."""
    with connect(home) as client:
        try:
            # an external organ's pid is what it reported about itself, maybe on another host: never ours to kill
            pids = [o["pid"] for o in client.control("status")["organs"] if o["pid"] and o["kind"] != "external"]
            heart_pid = client.control("stop")["pid"]
        except NoAnswer as exc:
            _down_by_signals(Home(home), client.endpoints, str(exc))
            return
        except MeshError as exc:
            die_of(exc)
    deadline = time.monotonic() + DOWN_TIMEOUT_S
    while pid_alive(heart_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    leftovers = [pid for pid in [heart_pid, *pids] if pid_alive(pid)]
    for pid in leftovers:
        for kill in (os.killpg, os.kill):
            try:
                kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    if leftovers:
        Home(home).clear()
        typer.echo(f"actors: the mesh did not stop in {DOWN_TIMEOUT_S:g}s; killed {leftovers}", err=True)
    typer.echo("mesh stopped")


def _down_by_signals(state: Home, endpoints: dict, why: str) -> None:
    """Stop a heart that does not answer: SIGTERM (and SIGCONT, so that a stopped one acts on it), SIGKILL after
    a grace, each only while the pid is still the heart that published the endpoints; then its organs, which
    end by themselves once it is gone, or are killed after a bounded wait."""
    pid = endpoints["pid"]
    heart = procs.stat(pid)
    published = endpoints.get("started_at") or _mtime(state.endpoints_file)
    if heart is None or not state.heart_running() or not procs.started_before(heart, published):
        state.clear()  # the heart went away meanwhile (its pid, if taken again, is another process's)
        typer.echo("mesh stopped (the heart had already exited)")
        return
    typer.echo(f"actors: {why}; stopping it by signals", err=True)
    below = procs.descendants_of(pid, procs.every())  # its organs (and the zygote), found while it is there
    done = [f"sent SIGTERM to the heart (pid {pid})"]
    _signal_if_same(heart, signal.SIGTERM)
    _signal_if_same(heart, signal.SIGCONT)
    if not _gone([heart], TERM_GRACE_S):
        _signal_if_same(heart, signal.SIGKILL)
        done.append(f"SIGKILL after {TERM_GRACE_S:g}s")
        _gone([heart], KILL_WAIT_S)
    if below and not _gone(below, ORGANS_WAIT_S):
        stayed = [p for p in below if _same(p)]
        for p in stayed:
            _signal_if_same(p, signal.SIGKILL)
        done.append(f"SIGKILL to {len(stayed)} of its {len(below)} processes still there after {ORGANS_WAIT_S:g}s")
    elif below:
        done.append(f"its {len(below)} processes ended by themselves")
    left = [p.pid for p in [heart, *below] if not _gone([p], KILL_WAIT_S)]
    if left:
        die(f"{'; '.join(done)}; still running: {left}", EXIT_FAILED)
    state.clear()
    typer.echo(f"mesh stopped ({'; '.join(done)})")


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _same(p: procs.ProcStat) -> bool:
    """Whether the process is still there and still the one seen (a reused pid started at another tick)."""
    now = procs.stat(p.pid)
    return now is not None and now.start_ticks == p.start_ticks and now.state != "Z"


def _signal_if_same(p: procs.ProcStat, sig: signal.Signals) -> None:
    if _same(p):
        try:
            os.kill(p.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _gone(processes: list[procs.ProcStat], within_s: float) -> bool:
    """Wait (at most within_s) until none of these processes is there any more; whether none is."""
    deadline = time.monotonic() + within_s
    while any(_same(p) for p in processes):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


# -- inspection -----------------------------------------------------------------------------

@app.command()
def status(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Show the heart, every organ and the current alerts."""
    _exit(cli_fast.status(home, as_json))  # the same function answers the fast path of the `actors` command


@app.command()
def blood(count: Annotated[Optional[int], typer.Option(metavar="N", min=1, help="Stop after this many beats.")] = None,
          home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Print beats as they are published (a late joiner first gets the current state)."""
    with connect(home) as client:
        try:
            for beat in client.blood(count):
                if as_json:
                    emit(protocol.to_plain(beat))
                else:
                    organs = " ".join(f"{n}:{s.state}" for n, s in beat.organs.items())
                    typer.echo(f"#{beat.seq} {beat.stage} every {beat.interval_s:.2f}s ({beat.reason}) {organs}"
                               + "".join(f"\n  [{a.level}] {a.message}" for a in beat.alerts))
        except MeshUnreachable as exc:
            die_of(exc)


# -- actions --------------------------------------------------------------------------------

@app.command()
def call(target: Annotated[str, typer.Argument(metavar="ORGAN.ABILITY")],
         args: Annotated[str, typer.Option("--args", metavar="JSON", help="Arguments as a JSON object.")] = "{}",
         timeout: Annotated[float, typer.Option(
             metavar="SECONDS", help="Seconds before the call fails (0: the ability's, retries included).")] = 0.0,
         session: Annotated[str, typer.Option(help="Session the call belongs to.")] = "",
         home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Call an ability through the heart."""
    _exit(cli_fast.call(target, args, timeout, session, home, as_json))  # also the fast path's


def _exit(code: int) -> None:
    if code:
        raise typer.Exit(code)


@app.command()
def kill(organ: str, signal_name: Annotated[str, typer.Option("--signal", metavar="NAME", help="Signal name.")] = "KILL",
         home: HomeOpt = DEFAULT_HOME) -> None:
    """Fault drill: send a signal (default KILL) to an organ's process."""
    try:
        procs.signal_named(signal_name)
    except ValueError as exc:
        die(f"{exc} (a name such as KILL, TERM, STOP or CONT)", EXIT_USAGE)
    with connect(home) as client:
        try:
            _known_organ(client, organ)
            result = client.control("kill", organ=organ, signal_name=signal_name)
        except MeshError as exc:
            die_of(exc)
    typer.echo(f"sent {result['signal']} to {organ} (pid {result['pid']})")


@app.command()
def revive(organ: str, home: HomeOpt = DEFAULT_HOME) -> None:
    """Start a fatal or stopped organ again with a clean restart history."""
    with connect(home) as client:
        try:
            _known_organ(client, organ)
            result = client.control("revive", organ=organ)
        except MeshError as exc:
            die_of(exc)
    typer.echo(f"revived {organ} (pid {result['pid']})")


def _known_organ(client: Client, organ: str) -> None:
    """Exit EXIT_USAGE naming the mesh's organs when it has none by this name."""
    names = [o["name"] for o in client.control("status")["organs"]]
    if organ not in names:
        die(f"no organ named {organ!r} (organs: {', '.join(names) or 'none'})", EXIT_USAGE)


@app.command()
def instruct(text: str, session: Annotated[str, typer.Option(help="Session the instruction belongs to.")] = "",
             home: HomeOpt = DEFAULT_HOME) -> None:
    """Set the current instruction (the session's latest intent); counts as session progress."""
    with connect(home) as client:
        try:
            client.control("instruction", text=text, session=session)
        except MeshError as exc:
            die_of(exc)
    typer.echo("instruction set")


@app.command()
def doctor(home: HomeOpt = DEFAULT_HOME, no_mesh: Annotated[bool, typer.Option(
               "--no-mesh", help="Check the installation only.")] = False,
           as_json: JsonOpt = False) -> None:
    """Check the installation and the running mesh; exit non-zero when something is wrong."""
    results = doctor_checks.run(Home(home), DEFAULT_MESH, with_mesh=not no_mesh)
    if as_json:
        emit({"ok": all(r.ok for r in results), "checks": [r.as_dict() for r in results]})
    else:
        for r in results:
            typer.echo(f"{'FAIL' if not r.ok else 'note' if r.note else 'ok  '} {r.name}: {r.detail}")
    failed = [r for r in results if not r.ok]
    if any(r.name != doctor_checks.MESH for r in failed):
        raise typer.Exit(EXIT_UNHEALTHY)
    if failed:  # the installation is fine; only the mesh is not there
        raise typer.Exit(EXIT_NO_MESH)


for module in (cli_drill, cli_expose, cli_memory, cli_net, cli_top, cli_web):
    module.register(app)


def is_pin(pattern: str) -> bool:
    """Whether a --pin names an organ and an ability (or * for all of them), with no blank on either side."""
    organ, dot, ability = pattern.partition(".")
    return bool(dot and organ and ability) and not any(c.isspace() for c in pattern)


@app.command()
def mcp(http: Annotated[str, typer.Option(help="Serve Streamable HTTP on HOST:PORT instead of stdio.")] = "",
        session: Annotated[str, typer.Option(help="Session name for the calls this server makes (default: the "
                                                  "session of the mesh's current instruction, else mcp).")] = "",
        names: Annotated[str, typer.Option(help="Tool names: qualified (organ__tool) or bare (a tool's own "
                                                "name when no other organ has one by that name).")] = "qualified",
        pin: Annotated[list[str], typer.Option(help="ORGAN.ABILITY always listed to every client (repeatable); "
                                                    "ORGAN.* pins every tool of an organ.")] = [],  # noqa: B006
        poll_after: Annotated[float, typer.Option(help="HTTP: close the response stream of a call still running "
                                                       "after this many seconds; the client resumes it.")] = 30.0,
        recall: Annotated[bool, typer.Option(help="List memory.recall (whole) to every client whatever the "
                                                  "instruction.")] = True,
        home: HomeOpt = DEFAULT_HOME) -> None:
    """Serve the running mesh to an agent as an MCP server (stdio by default)."""
    state = Home(home)
    if names not in ("qualified", "bare"):
        die(f"--names takes qualified or bare, not {names!r}", EXIT_USAGE)
    if not 0 <= poll_after < 86400:
        die("--poll-after takes seconds between 0 and 86400", EXIT_USAGE)
    for pattern in pin:
        if not is_pin(pattern):
            die(f"--pin takes ORGAN.ABILITY or ORGAN.*, not {pattern!r}", EXIT_USAGE)
    address = None
    if http:
        try:
            address = listen.parse_address(http)
        except ValueError as exc:
            die(str(exc), EXIT_USAGE)
    if state.read_endpoints() is None:
        die(f"no mesh is running under {state.path} (start one with `actors up`)", EXIT_NO_MESH)
    from actors.front import MeshServer, Naming

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="actors: %(levelname)s: %(message)s")
    server = MeshServer(state, session, naming=Naming(names), pins=tuple(pin), poll_after_s=poll_after, recall=recall)
    if address is None:
        import anyio

        anyio.run(server.run_stdio, backend_options={"use_uvloop": True})  # libuv's loop: less CPU per call
        return
    host, port = address
    try:
        sock = listen.bind(host, port)
    except OSError as exc:
        die(f"cannot listen on {http}: {exc.strerror or exc}", EXIT_FAILED)
    if not listen.is_loopback(host):
        typer.echo(f"actors: serving MCP on {host} (not loopback): anyone who reaches it can call the mesh",
                   err=True)
    server.run_http(sock, host, announce=lambda url: (typer.echo(url), sys.stdout.flush()))


@app.command()
def hook(event: Annotated[str, typer.Argument(help="UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, "
                                                   "Stop (Claude Code's names), or prompt/pretooluse/tool/stop for the "
                                                   "plain form.")],
         home: HomeOpt = DEFAULT_HOME) -> None:
    """Feed a host's hook payload (JSON on stdin) to the mesh; never blocks the agent."""
    cli_fast.hook(event, home)  # the same function answers the fast path of the `actors` command


def main() -> None:
    """Run the full CLI (what the `actors` console script does with anything but its fast commands)."""
    sys.exit(cli_fast.guarded(lambda: plain_help(typer.main.get_command(app))(prog_name="actors")))
