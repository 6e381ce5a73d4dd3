"""`actors drill`: kill random organs while a client calls continuously; fail on any false success."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from actors.cli_common import DEFAULT_HOME, EXIT_FAILED, EXIT_NO_MESH, EXIT_USAGE, HomeOpt, JsonOpt, die, die_of, emit
from actors.drill import DrillReport, run_drill
from broker.config import DAY
from broker.errors import MeshError


def drill(duration: Annotated[float, typer.Option("--duration", help="Seconds of calling and killing.")] = 300.0,
          kill_every: Annotated[float, typer.Option("--kill-every", help="Seconds between two kills.")] = 2.0,
          seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the choices, to replay a drill.")] = None,
          as_json: JsonOpt = False, home: HomeOpt = DEFAULT_HOME) -> None:
    """Kill a random organ every few seconds while calling every organ; fail if a success was not real."""
    if not (0 < duration <= DAY and 0 < kill_every <= DAY):  # NaN and infinity too: a drill ends
        die(f"--duration and --kill-every take seconds above 0, at most {DAY:g}", EXIT_USAGE)
    try:
        report = run_drill(home, duration, kill_every, seed, on_progress=None if as_json else _print_progress)
    except MeshError as exc:
        die_of(exc)
    if as_json:
        emit(report.to_json())
    else:
        _print_summary(report, kill_every, seed)
    if report.heart_lost:
        raise typer.Exit(EXIT_NO_MESH)
    if report.false_successes:
        raise typer.Exit(EXIT_FAILED)


def _print_progress(report: DrillReport, note: str) -> None:
    if note:
        typer.echo(f"  {report.attempted} calls, {report.succeeded} ok, {sum(report.failed.values())} failed; "
                   f"{note}", err=True)


def _print_summary(report: DrillReport, kill_every: float, seed: int | None) -> None:
    rows = [("calls attempted", report.attempted),
            ("succeeded", f"{report.succeeded} ({report.verified} verified by their token or listing)"),
            ("failed", sum(report.failed.values())),
            *((f"  {cause}", n) for cause, n in sorted(report.failed.items())),
            ("false successes", report.false_successes),
            ("kills", report.kills if not report.kill_errors else f"{report.kills} ({report.kill_errors} refused)"),
            ("restarts", ", ".join(f"{o} {n}" for o, n in sorted(report.restarts.items())) or "none"),
            ("fatal at the end", ", ".join(report.fatal) or "none"),
            ("called", ", ".join(report.probes)),
            *((("not called (every ability needs arguments)", ", ".join(report.uncalled)),) if report.uncalled else ())]
    typer.echo(f"drill: {report.duration_s:.1f}s, a kill every {kill_every:g}s"
               + (f", seed {seed}" if seed is not None else ""))
    for label, value in rows:
        typer.echo(f"  {label:<18} {value}")
    if report.heart_lost:
        typer.echo("FAIL: the heart stopped during the drill")
    elif report.false_successes:
        typer.echo(f"FAIL: {report.false_successes} calls reported success for work that did not happen")
    else:
        typer.echo("PASS: no call reported success for work that did not happen")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
    app.command()(drill)
