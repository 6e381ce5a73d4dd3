"""What every `actors` command shares: options, named exit codes and one-line failures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from actors.client import Client
from actors.exit_codes import (EXIT_CALL_FAILED, EXIT_CONFIG, EXIT_FAILED, EXIT_NO_MESH, EXIT_OK,  # noqa: F401
                               EXIT_RUNNING, EXIT_TIMEOUT, EXIT_UNHEALTHY, EXIT_USAGE)
from broker.errors import MeshUnreachable
from broker.home import Home

DEFAULT_HOME = Path(".actors")
HomeOpt = Annotated[Path, typer.Option("--home", envvar="ACTORS_HOME", help="State directory of the mesh.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]


def die(message: str, code: int) -> NoReturn:
    """Print a one-line reason on stderr and exit with the code."""
    typer.echo(f"actors: {message}", err=True)
    raise typer.Exit(code)


def connect(home: Path) -> Client:
    """Connect to the mesh under home, or exit EXIT_NO_MESH saying none runs there."""
    try:
        return Client(Home(home))
    except MeshUnreachable as exc:
        die(str(exc), EXIT_NO_MESH)


def emit(data: Any) -> None:
    """Print one JSON document on stdout."""
    typer.echo(json.dumps(data, ensure_ascii=False))
