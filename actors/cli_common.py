"""What every `actors` command shares: options, named exit codes and one-line failures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperArgument

from actors.cli_fast import exit_code_of
from actors.client import Client
from actors.exit_codes import (EXIT_CALL_FAILED, EXIT_CONFIG, EXIT_FAILED, EXIT_NO_MESH, EXIT_OK,  # noqa: F401
                               EXIT_RUNNING, EXIT_TIMEOUT, EXIT_UNHEALTHY, EXIT_USAGE)
from broker.errors import MeshUnreachable
from broker.home import Home

DEFAULT_HOME = Path(".actors")
HomeOpt = Annotated[Path, typer.Option("--home", envvar="ACTORS_HOME", metavar="DIR",
                                       help="State directory of the mesh.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document and nothing else.")]
# what an option's value is called in --help when the command does not say (click's own words)
METAVARS = {"int": "N", "integer": "N", "float": "NUMBER", "path": "PATH", "str": "TEXT", "text": "TEXT"}


def die(message: str, code: int) -> NoReturn:
    """Print a one-line reason on stderr and exit with the code."""
    typer.echo(f"actors: {message}", err=True)
    raise typer.Exit(code)


def die_of(exc: Exception) -> NoReturn:
    """Exit for a mesh error: its message, and 6 for a heart that does not answer, 3 for none, else 1."""
    die(str(exc), exit_code_of(exc))


class _PlainArgument(TyperArgument):
    """An argument shown in usage lines as NAME or [NAME] (typer's own style is {NAME} and [[NAME]])."""

    def _usage_display_name(self) -> str:
        name = (self.metavar or self.name.upper()).strip("[]")  # a metavar may already say it is optional
        return (name if self.required else f"[{name}]") + ("..." if self.nargs != 1 else "")

    def display_type_rich(self, ctx: typer.Context) -> str | None:
        return None


def plain_help(command: Any) -> Any:
    """Show every option and argument of the command tree as `--args TEXT` / `NAME`, without typer's <type>."""
    ctx = typer.Context(command)
    for param in [*command.params, command.get_help_option(ctx)]:
        if getattr(param, "param_type_name", "") == "option" and param.metavar is None:
            flag = param.is_flag or param.count
            param.metavar = "" if flag else METAVARS.get(_type_name(param).lower(), "VALUE")
        elif type(param) is TyperArgument:
            param.__class__ = _PlainArgument  # typer builds its arguments itself; only the display changes
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)
    return command


def _type_name(param: Any) -> str:
    kind = getattr(getattr(param, "type", None), "name", "")  # click's parameter types
    if not kind and callable(getattr(param, "bare_type", None)):
        kind = param.bare_type()  # typer's own, from the annotation
    return str(kind)


def connect(home: Path) -> Client:
    """Connect to the mesh under home, or exit EXIT_NO_MESH saying none runs there."""
    try:
        return Client(Home(home))
    except MeshUnreachable as exc:
        die(str(exc), EXIT_NO_MESH)


def emit(data: Any) -> None:
    """Print one JSON document on stdout."""
    typer.echo(json.dumps(data, ensure_ascii=False))
