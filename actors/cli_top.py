"""`actors top`: a live terminal view of the mesh (issue: observability)."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from actors import top as top_view
from actors.cli_common import DEFAULT_HOME, EXIT_OK, HomeOpt, connect, die_of
from broker.errors import MeshUnreachable


def top(once: Annotated[bool, typer.Option("--once", help="Print one frame (no screen control) and exit.")] = False,
        color: Annotated[Optional[bool], typer.Option(
            "--color/--no-color", help="Colour states and alerts (default: on a terminal, unless NO_COLOR is set).")
        ] = None,
        home: HomeOpt = DEFAULT_HOME) -> None:
    """Watch the mesh live: beat, organs with state and restarts, wounds, alerts, stage (Ctrl-C quits)."""
    out = sys.stdout
    painted = color if color is not None else out.isatty() and not os.environ.get("NO_COLOR")
    with connect(home) as client:
        try:
            top_view.run(client, out, once=once, color=painted, home=os.path.abspath(home))
        except KeyboardInterrupt:
            raise typer.Exit(EXIT_OK) from None
        except MeshUnreachable as exc:
            die_of(exc)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
    app.command()(top)
