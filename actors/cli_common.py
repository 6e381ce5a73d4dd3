"""What every `actors` command shares: options, named exit codes and one-line failures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from actors.client import Client
from broker.errors import MeshUnreachable
from broker.home import Home

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_NO_MESH = 3
EXIT_CALL_FAILED = 4
EXIT_CONFIG = 5
EXIT_TIMEOUT = 6
EXIT_RUNNING = 7
EXIT_UNHEALTHY = 8

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
