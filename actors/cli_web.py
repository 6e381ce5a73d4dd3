"""`actors web`: a local web console for the running mesh, in its own process."""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from actors import listen
from actors.cli_common import DEFAULT_HOME, EXIT_FAILED, EXIT_NO_MESH, EXIT_USAGE, HomeOpt, die
from broker.home import Home


def web(http: Annotated[str, typer.Option(help="Listen on HOST:PORT (port 0: a free one).")] = "127.0.0.1:0",
        open_browser: Annotated[bool, typer.Option("--open", help="Open the console in the default browser.")
                                ] = False,
        home: HomeOpt = DEFAULT_HOME) -> None:
    """Serve a local web console for the running mesh; print its URL (with a token new at every start)."""
    from actors.web import server

    state = Home(home)
    if state.read_endpoints() is None:
        die(f"no mesh is running under {state.path} (start one with `actors up`)", EXIT_NO_MESH)
    try:
        host, port = listen.parse_address(http)
    except ValueError as exc:
        die(str(exc), EXIT_USAGE)
    if not listen.is_loopback(host):
        typer.echo(f"actors: serving the console on {host} (not loopback): anyone who reaches it and has the "
                   "URL can read call arguments and change memory", err=True)
    try:
        sock = listen.bind(host, port)
    except OSError as exc:
        die(f"cannot listen on {http}: {exc.strerror or exc}", EXIT_FAILED)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="actors web: %(message)s")

    def announce(url: str) -> None:
        typer.echo(url)
        sys.stdout.flush()
        typer.echo(f"actors: console for {state.path} (Ctrl-C stops it)", err=True)

    server.serve(state, sock, host, announce, open_browser=open_browser)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
    app.command()(web)
