"""`actors keys` (CURVE keys and the allow-list) and `actors organ run` (an organ on another host)."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from actors.cli_common import DEFAULT_HOME, EXIT_CONFIG, EXIT_FAILED, EXIT_USAGE, HomeOpt, JsonOpt, die, emit
from broker import keys as mesh_keys
from broker.errors import ConfigError
from broker.home import Home

keys_app = typer.Typer(help="CURVE keys for tcp:// endpoints and the heart's allow-list.", no_args_is_help=True)
organ_app = typer.Typer(help="Run an organ that connects to a heart from elsewhere.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add `keys` and `organ` to the `actors` app."""
    app.add_typer(keys_app, name="keys")
    app.add_typer(organ_app, name="organ")


@keys_app.command("new")
def keys_new(name: str, home: HomeOpt = DEFAULT_HOME,
             out: Annotated[Optional[Path], typer.Option(help="Directory for NAME.key (default HOME/keys).")] = None,
             as_json: JsonOpt = False) -> None:
    """Make a key pair NAME.key (secret, 0600) and NAME.pub; print the public key."""
    directory = out or mesh_keys.keys_dir(Home(home).path)
    try:
        path = mesh_keys.write_keypair(mesh_keys.new_keypair(name), directory)
    except FileExistsError:
        die(f"{directory / (name + '.key')} exists; remove it first to replace the key", EXIT_FAILED)
    except ConfigError as exc:
        die(str(exc), EXIT_USAGE)
    public = mesh_keys.read_keypair(path).public
    emit({"name": name, "public": public, "secret_file": str(path)}) if as_json else typer.echo(public)


@keys_app.command("allow")
def keys_allow(name: Annotated[str, typer.Option(help="Who it is: the organ's name for an organ key.")],
               key_file: Annotated[Optional[str], typer.Argument(
                   metavar="KEY_FILE", help="A .pub or .key file (or a Z85 key not starting with '-').")] = None,
               key: Annotated[str, typer.Option(
                   "--key", help="The Z85 public key itself, or a .pub/.key file; a key starting with '-' is "
                                 "safe here.")] = "",
               role: Annotated[str, typer.Option(help="organ | client | admin")] = "organ",
               home: HomeOpt = DEFAULT_HOME) -> None:
    """Let a key through the heart's tcp:// endpoints (takes effect at once): --key KEY, or a key file."""
    if bool(key) == bool(key_file):
        die("give the key once: --key KEY (a Z85 key or a file), or a .pub/.key file as the argument", EXIT_USAGE)
    if role not in mesh_keys.ROLES:
        die(f"--role takes one of {', '.join(mesh_keys.ROLES)}, not {role!r}", EXIT_USAGE)
    try:
        key = mesh_keys.public_key(key or key_file)
        before = mesh_keys.allow(Home(home).path, key, name, role)
    except mesh_keys.NotAKey as exc:
        die(str(exc), EXIT_USAGE)
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    if before is not None and before != mesh_keys.Peer(name, role):
        typer.echo(f"actors: this key was allowed as {before.name} ({before.role}); that entry is replaced", err=True)
    typer.echo(f"allowed {name} ({role}): {key}")


@keys_app.command("list")
def keys_list(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Show the allow-list and the heart's public key."""
    state = Home(home).path
    path = mesh_keys.allowed_file(state)
    try:
        peers = mesh_keys.parse_allowed(path.read_text(), str(path)) if path.exists() else {}
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    heart_pub = mesh_keys.keys_dir(state) / "heart.pub"
    heart = heart_pub.read_text().strip() if heart_pub.exists() else ""
    if as_json:
        emit({"heart": heart, "allowed": [{"public": k, "name": p.name, "role": p.role} for k, p in peers.items()]})
        return
    typer.echo(f"heart {heart or '(no key yet: made when the heart first binds a tcp:// endpoint)'}")
    for key, peer in peers.items():
        typer.echo(f"{peer.role:<7} {peer.name:<20} {key}")


@organ_app.command("run")
def organ_run(module: Annotated[str, typer.Argument(help="MODULE[:CLASS] of the organ.")],
              connect: Annotated[str, typer.Option(envvar="ACTORS_CONNECT", help="The heart: tcp://HOST:PORT.")],
              key: Annotated[Path, typer.Option(envvar="ACTORS_KEY_FILE", help="This organ's .key file.")],
              server_key: Annotated[str, typer.Option(envvar="ACTORS_SERVER_KEY",
                                                      help="The heart's public key, or its .pub file.")],
              name: Annotated[str, typer.Option(help="Organ name (default: the key's name).")] = "",
              options: Annotated[str, typer.Option(help="Organ options as a JSON object.")] = "{}") -> None:
    """Run an organ that connects to a heart over tcp:// with CURVE; it reconnects by itself."""
    from actors._loop import Curve, OrganLoop
    from actors.runner import LoadError, find_organ

    if not connect.startswith("tcp://"):
        die("--connect must be a tcp://HOST:PORT endpoint", EXIT_USAGE)
    try:
        pair = mesh_keys.read_keypair(key)
        server = mesh_keys.public_key(server_key)
        settings = json.loads(options)
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    except ValueError as exc:
        die(f"--options is not JSON: {exc}", EXIT_USAGE)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    try:
        organ_class = find_organ(module)
    except LoadError as exc:
        die(str(exc), EXIT_CONFIG)
    problem = organ_class.check_options(settings)
    if problem:
        die(problem, EXIT_CONFIG)
    organ = organ_class(name=name or pair.name, options=settings, workdir=".")
    loop = OrganLoop(organ, connect, curve=Curve(pair.public, pair.secret, server))
    raise typer.Exit(loop.run())
