"""`actors expose`: the abilities exposed for an intent, each with why it is there (issue: exposure).

Offline with `--catalog F` (a catalogue file, see docs/exposure.md); otherwise the live mesh answers
through its `expose` control command. `--batch F.jsonl` reads {"id", "intent"} lines and prints one
JSON result line per input, in order, each with the input's "id" and "intent"; a bad line gives an
{"id", "error"} line (with its "intent" when it has one) and the rest goes on. Every answer carries the
reasons of each exposed tool (broker/exposure/reasons.py): printed beside it, or as "reasons" in JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Callable, Iterator, Optional

import typer

from actors.cli_common import (DEFAULT_HOME, EXIT_CONFIG, EXIT_FAILED, EXIT_NO_MESH, EXIT_USAGE, HomeOpt, JsonOpt,
                               connect, die, die_of, emit)
from actors.cli_fast import exposure_lines
from broker.errors import HomeError

Answer = Callable[[str], dict]


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
    app.command()(expose)


def expose(intent: Annotated[Optional[str], typer.Argument(help="What the agent is asked to do.")] = None,
           catalog: Annotated[Optional[Path], typer.Option(
               "--catalog", help="Catalogue file ({\"organs\": {organ: [MCP tool, ..]}}): work offline.")] = None,
           batch: Annotated[Optional[Path], typer.Option(
               "--batch", help="JSON lines {\"id\", \"intent\"}: one JSON result line per input, in order.")] = None,
           budget: Annotated[Optional[int], typer.Option(
               "--budget", min=1, help="Token budget of the exposed tools (default: a tenth of all, bounded).")] = None,
           journal: Annotated[Optional[Path], typer.Option(
               "--journal", help="Journal (JSON lines, the contract's format) to learn from first; needs --catalog.")]
           = None,
           forget: Annotated[Optional[str], typer.Option(
               "--forget", metavar="ORGAN.ABILITY",
               help="Never suggest this ability from what use taught (a tombstone in the mesh's home).")] = None,
           home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Show the abilities exposed for an intent, why each is there, and what their schemas cost in tokens."""
    if forget is not None:
        _forget(home, forget, as_json)
        return
    if (intent is None) == (batch is None):
        die("give either an INTENT or --batch F.jsonl", EXIT_USAGE)
    if journal is not None and catalog is None:
        die("--journal needs --catalog (the live mesh learns from its own journal)", EXIT_USAGE)
    if catalog is not None:
        answer = _offline(catalog, budget, journal)
        _run(answer, intent, batch, as_json)
        return
    with connect(home) as client:
        _run(_live(client, budget), intent, batch, as_json)


def _run(answer: Answer, intent: str | None, batch: Path | None, as_json: bool) -> None:
    if batch is not None:
        _batch(answer, batch)
        return
    try:
        result = answer(intent or "")
    except _Failure as exc:
        die(str(exc), EXIT_FAILED)
    if as_json:
        emit(result)
        return
    for line in exposure_lines(result):  # the same lines as the fast path's `expose --catalog` (actors.cli_fast)
        typer.echo(line)


def _batch(answer: Answer, path: Path) -> None:
    failed = False
    try:
        for key, intent, problem in _batch_lines(path):
            asked = {"id": key} if intent is None else {"id": key, "intent": intent}  # which request a line answers
            if problem:
                failed = True
                emit({**asked, "error": problem})
                continue
            try:
                emit({**asked, **answer(intent)})
            except _Failure as exc:
                failed = True
                emit({**asked, "error": str(exc)})
    except OSError as exc:
        die(f"cannot read --batch {path}: {exc.strerror or exc}", EXIT_USAGE)
    if failed:
        raise typer.Exit(EXIT_FAILED)


def _batch_lines(path: Path) -> Iterator[tuple[Any, str | None, str]]:
    # (id, intent or None when the line has none, problem)
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as exc:
                yield number, None, f"line {number} is not JSON: {exc}"
                continue
            if not isinstance(row, dict):
                yield number, None, f"line {number} is not a JSON object"
                continue
            key = row.get("id", number)
            if not isinstance(row.get("intent"), str):
                yield key, None, f"line {number} has no string \"intent\""
                continue
            yield key, row["intent"], ""


class _Failure(Exception):
    """One intent could not be answered (the others may still be)."""


def _offline(path: Path, budget: int | None, journal: Path | None) -> Answer:
    from broker.errors import ConfigError
    from broker.exposure import Context, explain, learning, load_catalogue

    context = Context()
    if journal is not None:  # read first: a bad journal fails before the catalogue is indexed
        try:
            context = Context(learned=learning.Associations().learn(learning.read_journal(journal)))
        except OSError as exc:
            die(f"cannot read --journal {journal}: {exc.strerror or exc}", EXIT_USAGE)
        except learning.JournalError as exc:
            die(f"bad --journal: {exc}", EXIT_CONFIG)
    try:
        catalogue = load_catalogue(path)
    except ConfigError as exc:
        die(str(exc), EXIT_CONFIG)
    return lambda intent: explain(intent, catalogue, context, budget_tokens=budget).as_dict()


def _forget(home: Path, address: str, as_json: bool) -> None:
    from broker.exposure import learning

    organ, dot, ability = address.partition(".")
    if not dot or not organ or not ability:
        die(f"--forget wants ORGAN.ABILITY, not {address!r}", EXIT_USAGE)
    if not Path(home).is_dir():  # a mistyped --home must not become a new home holding one tombstone
        die(f"no mesh home at {home} (`actors up` makes one; --home names another)", EXIT_NO_MESH)
    unknown = _not_offered(home, address)
    if unknown:
        typer.echo(f"actors: note: {unknown}; the tombstone is kept for when it does", err=True)
    try:
        learned = learning.forget(Path(home) / learning.FILE_NAME, address)
    except (OSError, ValueError, HomeError) as exc:  # HomeError: a lock file that is not ours
        die(f"cannot record the tombstone in {home}: {exc}", EXIT_CONFIG)
    if as_json:
        emit({"forgotten": address, "tombstones": sorted(learned.tombstones)})
    else:
        typer.echo(f"{address} will not be suggested from what use taught ({len(learned.tombstones)} tombstones)")


def _not_offered(home: Path, address: str) -> str:
    """Why the running mesh does not offer the ability ("" when it does, or when no mesh runs to ask)."""
    from actors.client import Client
    from broker.errors import MeshError

    try:
        with Client(home) as client:
            manifest = client.control("manifest")
    except MeshError:
        return ""
    organ, _, ability = address.partition(".")
    entry = manifest.get(organ) if isinstance(manifest, dict) else None
    if not isinstance(entry, dict):
        return f"the running mesh has no organ {organ!r}"
    names = {a.get("name") for a in entry.get("abilities", ()) if isinstance(a, dict)}
    return "" if ability in names else f"organ {organ} of the running mesh offers no ability {ability!r}"


def _live(client: Any, budget: int | None) -> Answer:
    from broker.errors import MeshError, MeshUnreachable

    extra = {"why": True} if budget is None else {"budget": budget, "why": True}  # why: the reasons of each tool

    def answer(intent: str) -> dict:
        try:
            result = client.control("expose", intent=intent, **extra)
        except MeshUnreachable as exc:
            die_of(exc)
        except MeshError as exc:
            raise _Failure(str(exc)) from None
        return {key: result[key] for key in ("exposed", "brief", "tools", "tokens", "matched", "reasons")
                if key in result}

    return answer
