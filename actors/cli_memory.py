"""`actors memory`, `actors recall` and `actors cards`: memory from HOME/memory.db, with or without a mesh.

The commands open the database directly (SQLite in WAL mode, so they run beside a live memory organ);
memory modules are imported inside the commands to keep `actors --help` quick.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from pathlib import Path, PurePath
from typing import Annotated, Any, Mapping, Optional

import typer

from actors.cli_common import (
    DEFAULT_HOME,
    EXIT_FAILED,
    EXIT_USAGE,
    HomeOpt,
    JsonOpt,
    die,
    emit,
)
from actors.cli_fast import printable

memory_app = typer.Typer(help="The journal, consolidation and the user's standing judgments.", no_args_is_help=True)
cards_app = typer.Typer(help="List, forget and export memory cards (`actors cards` lists them).",
                        invoke_without_command=True)
KINDS = ("principle", "redline", "workflow", "taste")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
    app.add_typer(memory_app, name="memory")
    app.add_typer(cards_app, name="cards")
    app.command(name="recall")(recall)
    memory_app.command(name="recall", hidden=True)(recall)  # where a user looks for it first (`actors recall`)


def _open(home: Path, create: bool):
    from actors.memory.db import MemoryUnavailable
    from actors.memory.service import Memory

    if not create and not Path(home).is_dir():  # a mistyped --home must not become an empty memory
        die(f"no home at {home}: nothing was journalled, ingested, remembered or imported there (is --home "
            "right?)", EXIT_FAILED)

    try:
        memory, problem = Memory.as_the_organ(home)  # the mesh file's memory options, as the organ last used them
    except MemoryUnavailable as exc:
        die(str(exc), EXIT_FAILED)
    if problem:
        typer.echo(f"actors: {problem}", err=True)
    return memory


def _run(home: Path, work, create: bool = False) -> Any:
    """Run work(memory) and close it; a damaged or locked database is one line on stderr. Only a command that
    adds to memory (`create`) makes a home where there is none."""
    from actors.memory.db import MemoryUnavailable

    memory = _open(home, create)
    try:
        return work(memory)
    except MemoryUnavailable as exc:
        die(str(exc), EXIT_FAILED)
    finally:
        try:
            memory.close()
        except Exception:  # closing must not hide the command's own outcome
            pass


# -- actors memory ... ----------------------------------------------------------------------

MAX_FILES = 10_000  # files a directory is read for: the first in name order
MAX_FILE_BYTES = 256 * 1024 * 1024  # bytes read of each file of a directory: a session's transcript is far less


def unreadable_journal(path: Path) -> str:
    """Say why a path that is neither a regular file nor a directory cannot be ingested."""
    if path.exists():
        return f"{path} is not a regular file; pipe it in with - instead"
    return f"no such file: {path}"


def sessions_of(files: list[PurePath], parents: Mapping[PurePath, str] | None = None) -> list[list[PurePath]]:
    """The files grouped by session, the session's own transcript SESSION.jsonl first: the files under SESSION/
    (Claude Code keeps a session's subagents in SESSION/subagents/ since 2.1.2), and the subagents' files of the
    older layout, agent-*.jsonl beside the sessions, whose entries name their session (`parents`)."""
    mains = {f.with_suffix(""): f for f in files}
    groups: dict[PurePath, list[PurePath]] = {}
    for f in files:
        owner = next((mains[p] for p in f.parents if p in mains), None)
        if owner is None and (parent := (parents or {}).get(f)) is not None:
            owner = mains.get(f.parent / parent) if "/" not in parent and parent not in (".", "..") else None
        owner = owner or f
        groups.setdefault(owner, [owner])
        if f != owner:
            groups[owner].append(f)
    return list(groups.values())


def older_layout(files: list[PurePath]) -> list[PurePath]:
    """The files that may be subagents' transcripts in the older layout: agent-*.jsonl under no session's folder."""
    mains = {f.with_suffix("") for f in files}
    return [f for f in files if f.name.startswith("agent-") and not any(p in mains for p in f.parents)]


def ingest_summary(source: str, reports: list, files: int | None = None) -> str:
    """One line saying what an ingest appended from a file or directory, in which format, and what it left out."""
    from actors.memory.export import plural
    from actors.memory.transcripts import SAID, Left

    appended, duplicates = sum(r.appended for r in reports), sum(r.duplicates for r in reports)
    bad = sum(r.bad_lines() for r in reports)
    formats = {f: sum(r.format == f for r in reports) for f in ("claude-code", "journal")}
    if files is None:
        read_as = "a Claude Code transcript" if formats["claude-code"] else "a journal"
    else:
        read_as = ", ".join([plural(files, "file")] + [plural(n, name) for name, n in (
            ("Claude Code transcript", formats["claude-code"]), ("journal", formats["journal"])) if n])
    line = (f"appended {plural(appended, 'event')} from {source} ({read_as})"
            + (f", {duplicates} already journalled" if duplicates else "")
            + (f", {plural(bad, 'bad line')} skipped" if bad else ""))
    converted = {k: sum(r.converted.get(k + "s", 0) for r in reports) for k in ("prompt", "call", "stop")}
    if formats["claude-code"]:
        line += "; read: " + ", ".join(plural(n, k) for k, n in converted.items())
    left = {reason: sum(r.left_out.get(reason, 0) for r in reports) for reason in Left}
    if any(left.values()):
        line += "; left out: " + ", ".join(f"{plural(n, SAID[reason][0])} {SAID[reason][1]}"
                                           for reason, n in left.items() if n)
    return line


def learned_nothing(reports: list) -> bool:
    """Tell whether an ingest found not one event: no journal line, no prompt, call or stop of a transcript, not
    even one it left out or had already (an empty file, another host's log, lines that are all bad)."""
    return not any(r.appended or r.duplicates or any(r.converted.values()) or any(r.left_out.values())
                   for r in reports)


@memory_app.command()
def ingest(file: Annotated[str, typer.Argument(
               metavar="F.jsonl|DIR|-", help="Journal events or a Claude Code transcript, one JSON object a line; "
                                             "a directory: every *.jsonl under it (~/.claude/projects/…); - for "
                                             "stdin.")],
           fmt: Annotated[str, typer.Option("--format", help="auto | claude-code | journal (auto: each file's first "
                                                            "line that parses decides).")] = "auto",
           home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Append journal events, or what Claude Code transcripts say the agent did; bad lines are reported with their
    number and skipped (exit 1 when no line was an event)."""
    from actors.memory.transcripts import Format

    if fmt not in tuple(Format):
        die(f"--format must be one of {', '.join(Format)}, not {fmt!r}", EXIT_USAGE)
    path = Path(file)
    directory = file != "-" and path.is_dir()
    if file != "-" and not directory and not path.is_file():
        die(unreadable_journal(path), EXIT_USAGE)
    try:
        with contextlib.ExitStack() as held:
            reports, names, more = (_ingest_folder(held.enter_context(_folder(path)), fmt, home) if directory
                                    else _ingest_file(file, fmt, home))
    except OSError as exc:
        die(f"cannot read {exc.filename or file}: {exc.strerror}", EXIT_FAILED)
    for name, report in zip(names, reports):
        _said(name, report)
    if as_json:
        emit(reports[0].as_dict() if not directory else _directory_json(names, reports, more))
    else:
        typer.echo(ingest_summary(file, reports, len(names) if directory else None))
    if learned_nothing(reports):
        typer.echo(f"actors: not one event in {file}: a journal's lines have a `kind`, a Claude Code transcript's "
                   "user and assistant entries a prompt or a tool use (another host's log is neither)", err=True)
        raise typer.Exit(EXIT_FAILED)


def _folder(path: Path):
    from actors.memory.folder import Folder

    return Folder(path)


def _ingest_file(file: str, fmt: str, home: Path) -> tuple[list, list[str], int]:
    """Ingest one file (a symbolic link named is followed) or stdin: the reports, the names, 0 files not read."""
    from actors.memory.folder import open_regular

    def work(memory):
        if file == "-":
            return [memory.ingest(sys.stdin.buffer, fmt)]
        return memory.ingest_files([[functools.partial(open_regular, file)]], fmt)
    return _run(home, work, create=True), [file], 0


def _ingest_folder(folder, fmt: str, home: Path) -> tuple[list, list[str], int]:
    """Ingest every *.jsonl under a folder, a session's files together: the reports, the files' names, and how
    many files past MAX_FILES were not read."""
    from actors.memory.transcripts import parent_session

    listed = folder.files()
    files, more = listed[:MAX_FILES], max(0, len(listed) - MAX_FILES)
    if not files:
        die(f"no *.jsonl file under {folder.path}", EXIT_FAILED)
    if more:
        typer.echo(f"actors: {folder.path}: {more} more *.jsonl files than the {MAX_FILES} read (the first in name "
                   "order)", err=True)
    parents = {}
    for f in older_layout(files):
        with folder.open(f) as stream:
            if (session := parent_session(stream)) is not None:
                parents[f] = session
    groups = sessions_of(files, parents)

    def work(memory):
        return memory.ingest_files([[functools.partial(folder.open, f) for f in group] for group in groups], fmt,
                                   MAX_FILE_BYTES)
    reports = _run(home, work, create=True)
    return reports, [str(folder.path / f) for group in groups for f in group], more


def _said(name: str, report) -> None:
    """What an ingest of one file has to say on stderr: its bad lines, times in milliseconds, a cap."""
    for number, reason in report.bad:
        typer.echo(f"actors: {name}:{number}: skipped: {reason}", err=True)
    if report.bad_not_listed:
        typer.echo(f"actors: {name}: {report.bad_not_listed} more bad line(s) skipped, not listed", err=True)
    if report.milliseconds:
        typer.echo(f"actors: {name}: {report.milliseconds} line(s) have a ts that looks like Unix milliseconds; "
                   "journal times are Unix seconds (divide by 1000)", err=True)
    if report.capped:
        typer.echo(f"actors: {name}: longer than {MAX_FILE_BYTES} bytes; the rest was not read", err=True)


def _directory_json(files: list[str], reports: list, more: int) -> dict:
    total = {"appended": sum(r.appended for r in reports), "duplicates": sum(r.duplicates for r in reports),
             "milliseconds": sum(r.milliseconds for r in reports), "files_not_read": more, "converted": {},
             "left_out": {}}
    for report in reports:
        for key in ("converted", "left_out"):
            for name, n in getattr(report, key).items():
                total[key][name] = total[key].get(name, 0) + n
    return {**total, "files": [{"file": f, **r.as_dict()} for f, r in zip(files, reports)]}


@memory_app.command()
def sleep(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Run deep-sleep consolidation now, as if the body had been idle long enough."""
    def work(memory):
        memory.after_sleep.append(memory.teach_exposure)  # what the organ's deep sleep does after consolidating
        return memory.consolidate()
    report = _run(home, work)
    if report.get("future_events_skipped"):
        typer.echo(f"actors: {report['future_events_skipped']} journal events are dated more than a day past this "
                   "machine's clock (milliseconds read as seconds?) and were not learned from", err=True)
    if as_json:
        emit(report)
        return
    counts = ", ".join(f"{k} {v}" for k, v in report["cards"].items())
    if not report.get("changed"):
        from actors.memory.export import plural

        typer.echo(f"nothing new: {plural(report['folded'], 'event')} folded; cards: {counts}")
        return
    typer.echo(f"consolidated {report['folded']} events: {report['created']} new, {report['updated']} updated, "
               f"{report['retired']} retired; cards: {counts}")


@memory_app.command()
def remember(text: Annotated[str, typer.Argument(help="A statement about the user, e.g. "
                                                      "'the user prefers short answers'.")],
             kind: Annotated[str, typer.Option(help="principle | redline | workflow | taste")] = "taste",
             reason: Annotated[str, typer.Option(help="Why the user holds it.")] = "",
             home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Record a standing judgment: the same topic overwrites, the weakest beyond 20 is evicted."""
    if kind not in KINDS:
        die(f"--kind must be one of {', '.join(KINDS)}, not {kind!r}", EXIT_USAGE)
    import time

    from actors.memory.judgments import statement

    try:
        judgment, removed = _run(home, lambda m: m.remember(text, kind, reason), create=True)
    except ValueError as exc:
        die(str(exc), EXIT_USAGE)
    if as_json:
        emit({"judgment": judgment.as_dict(time.time()), "removed": removed})
        return
    typer.echo(f"remembered #{judgment.id} [{judgment.kind}] {statement(judgment)}"
               + (f" (x{judgment.confirmations})" if judgment.confirmations > 1 else "")
               + (f"; removed {', '.join(f'#{i}' for i in removed)}" if removed else ""))


@memory_app.command(name="forget")
def forget_judgment(text: Annotated[str, typer.Argument(help="The judgment's exact text or its id (#3), or a "
                                                           "statement on its topic (then --yes).")],
                    yes: Annotated[bool, typer.Option("--yes", help="Forget the judgments a statement only matches "
                                                                    "by topic (they are named first without it).")
                                   ] = False,
                    home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Forget a standing judgment: by its exact text or id, or by topic with --yes; it is never imported again."""
    import time

    done = _run(home, lambda m: m.forget_judgment(text, confirm=yes))
    if as_json:
        emit({"forgotten": [j.as_dict(time.time()) for j in done.removed],
              "unconfirmed": [j.as_dict(time.time()) for j in done.unconfirmed]})
    elif done.removed:
        typer.echo("forgot " + "; ".join(f"#{j.id} [{j.kind}] {j.text}" for j in done.removed))
    if done.unconfirmed:
        named = "; ".join(f"#{j.id} [{j.kind}] {j.text}" for j in done.unconfirmed)
        die(f"{text!r} is not the exact text or id of a judgment; on its topic it would forget: {named}. Nothing "
            f"was forgotten: give the exact text or id (actors memory forget '#{done.unconfirmed[0].id}'), or add "
            "--yes to forget all of these", EXIT_USAGE)
    if not done.removed:
        die(f"no judgment matches {text!r}", EXIT_FAILED)


@memory_app.command()
def judgments(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """List the user's standing judgments, strongest first."""
    import time

    from actors.memory.judgments import statement, strength

    found = _run(home, lambda m: m.judgments())
    now = time.time()
    found.sort(key=lambda j: (j.kind != "redline", -strength(j, now), j.id))
    if as_json:
        emit({"judgments": [j.as_dict(now) for j in found]})
        return
    for j in found:
        typer.echo(f"#{j.id:<4} {j.kind:<9} strength {strength(j, now):5.2f}  {statement(j)}"
                   + (f"  (because {j.reason})" if j.reason else ""))
    if not found:
        typer.echo("no judgments yet (actors memory remember TEXT --kind taste --reason WHY)")


@memory_app.command()
def status(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Show the journal's size, the last consolidation, the cards by kind and what recall reads (the running memory
    organ's recall, else this shell's: `actors recall`)."""
    data = _run(home, lambda m: m.status())
    organ = _organ_meaning(home)
    data["meaning"], data["meaning_of"] = (organ, "organ") if organ else (data["meaning"], "shell")
    if as_json:
        emit(data)
        return
    events = data["events"]
    typer.echo(f"{data['db']}: {events['call']} calls, {events['progress']} progress events; consolidated through "
               f"event {data['consolidated_through']} of {data['last_event']}; "
               f"{data['lost_events']} events lost in transit")
    typer.echo("cards: " + ", ".join(f"{k} {v}" for k, v in data["cards"].items())
               + f"; judgments: {data['judgments']}")
    typer.echo(f"meaning: {data['meaning']} ("
               + ("the memory organ's recall" if data["meaning_of"] == "organ" else "this shell's recall: no memory "
                  "organ answers") + ")")


def _organ_meaning(home: Path) -> str:
    """What the running mesh's memory organ reads (docs/memory.md, "Meaning"); "" when no mesh or organ answers."""
    from actors.client import Client
    from actors.doctor import memory_meaning_state
    from broker.errors import MeshError

    try:
        with Client(home) as client:
            return memory_meaning_state(client)
    except MeshError:
        return ""


@memory_app.command(name="export")
def export_snapshot(out: Annotated[Path, typer.Option("--out", help="Write the JSON snapshot here.")],
                    home: HomeOpt = DEFAULT_HOME) -> None:
    """Write a versioned JSON snapshot of the cards, judgments and tombstones (to move learned state)."""
    import json

    data = _run(home, lambda m: m.export_snapshot())
    _write(out, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    typer.echo(f"wrote {len(data['cards'])} cards, {len(data['judgments'])} judgments and "
               f"{len(data['tombstones'])} tombstones to {out}", err=True)


@memory_app.command(name="import")
def import_snapshot(file: Annotated[Path, typer.Argument(metavar="F.json", help="A snapshot written by "
                                                                               "`actors memory export`.")],
                    home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Merge a snapshot: new cards are added, known ones merged, forgotten ones never come back."""
    from actors.memory.snapshot import SnapshotError

    try:
        raw = file.read_bytes()
    except OSError as exc:
        die(f"cannot read {file}: {exc.strerror}", EXIT_USAGE)
    try:
        report = _run(home, lambda m: m.import_snapshot(raw), create=True)
    except SnapshotError as exc:
        die(f"{file}: {exc}; nothing was changed", EXIT_FAILED)
    if as_json:
        emit(report)
        return
    typer.echo(f"imported {file}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in report.items()))


@memory_app.command(name="stats")
def stats(home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """What memory saved: repeated failures suppressed and blocks held back, with the inputs of each estimate."""
    data = _run(home, lambda m: m.stats())
    if as_json:
        emit(data)
        return
    rep = data["suppressed_repeats"]
    inputs = rep["inputs"]
    typer.echo(f"suppressed repeats: about {rep['estimate']:g} ({inputs['expected_without_memory']:g} expected "
               f"without memory over {inputs['opportunities']} opportunities, {inputs['repeats_after_injection']} "
               f"repeats seen after them; {inputs['injections']} warnings injected, an opportunity is a session "
               f"that did the warned-about work afterwards)")
    for card in rep["cards"]:
        rate = "no baseline" if card["rate"] is None else (
            f"baseline {card['rate']:g} ({card['baseline_failures']} failures in {card['baseline_sessions']} "
            "sessions that did its work without it)")
        typer.echo(f"  #{card['card']:<5} {card['kind']:<8} injected {card['injections']}, opportunities "
                   f"{card['opportunities']}, repeats {card['repeats']}, {rate}")
    held = data["held_back_blocks"]["inputs"]
    typer.echo(f"held back: {held['blocks']} repeated blocks, {held['tokens']} o200k tokens not sent again "
               f"(a set returns after {held['reinject_after_turns']} turns)")
    typer.echo(f"retired cards: {data['retired_cards']}; live cards: "
               + ", ".join(f"{k} {v}" for k, v in data["cards"].items()))


# -- actors recall --------------------------------------------------------------------------

def recall(query: Annotated[str, typer.Argument(help="What the agent is about to do.")],
           terms: Annotated[str, typer.Option(help="Search words besides the query: programs, files, hosts, and "
                                                   "English words for a query in another language.")] = "",
           inject: Annotated[bool, typer.Option("--inject", help="Print the block an agent host adds to the "
                                                                 "prompt instead of the cards.")] = False,
           session: Annotated[str, typer.Option(help="With --inject: the session (a set is not repeated "
                                                     "within 4 of its turns).")] = "",
           budget: Annotated[int, typer.Option(help="With --inject: token budget of the block (o200k).",
                                               min=1)] = 500,
           limit: Annotated[int, typer.Option(help="Cards to return.", min=1, max=100)] = 5,
           judge: Annotated[str, typer.Option(help="words: recall's own choice; agent: the candidates an agent "
                                                   "chooses among (memory.recall's default).")] = "words",
           home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """Recall memory for a query: the cards about it, best first (or the block to inject)."""
    from actors.memory.confirm import InjectJudge
    from actors.memory.recall import MAX_TERMS_CHARS
    if len(terms) > MAX_TERMS_CHARS:  # as memory.recall refuses them: the words past it would go unread
        die(f"--terms has {len(terms)} characters; at most {MAX_TERMS_CHARS} are read (keep the programs, files "
            "and hosts)", EXIT_USAGE)
    if judge not in tuple(InjectJudge):  # "model": a command line has no model to ask
        die(f"--judge must be words or agent, not {judge!r} (a command line has no model to ask)", EXIT_USAGE)
    if inject and terms:
        die("--terms is not read with --inject: a prompt's block is recalled for the prompt alone", EXIT_USAGE)
    if inject and judge != InjectJudge.WORDS:
        die("--judge is not read with --inject: the memory option inject_judge says who chooses a prompt's cards",
            EXIT_USAGE)
    if inject:
        result = _run(home, lambda m: m.inject(query, session, budget))
        if as_json:
            emit(result.as_dict())
        elif result.block.text:
            typer.echo(result.block.text)
        return
    if judge == InjectJudge.AGENT:
        _candidates(home, query, terms, as_json)
        return
    hits, elapsed = _run(home, lambda m: m.recall(query, limit, hit=False, terms=terms))  # looking is not using
    if as_json:
        emit({"cards": [h.as_dict() for h in hits], "latency_ms": round(elapsed * 1000, 3)})
        return
    for h in hits:
        typer.echo(f"#{h.card.id:<5} {h.card.kind:<9} {h.score:8.4f}  {printable(h.card.title)}")  # O42
    if not hits:
        typer.echo("nothing recalled", err=True)


def _candidates(home: Path, query: str, terms: str, as_json: bool) -> None:
    """What judge "agent" gives for a query (memory.recall's default): the proposals as candidate lines, with how to
    choose among them; no hit counted (looking is not using)."""
    from actors.memory import confirm
    proposed, elapsed = _run(home, lambda m: m.proposals(query, terms))
    answer = confirm.for_agent([h.card for h in proposed])
    if as_json:
        emit({**answer, "latency_ms": round(elapsed * 1000, 3)})
        return
    if not answer["candidates"]:
        typer.echo("nothing proposed", err=True)
        return
    typer.echo(confirm.GUIDE)
    for candidate in answer["candidates"]:
        typer.echo(f"#{candidate['card']:<5} {printable(candidate['lesson'])}")


# -- actors cards ... -----------------------------------------------------------------------

@cards_app.callback()
def cards(ctx: typer.Context,
          kind: Annotated[Optional[str], typer.Option(help="Only cards of this kind (pitfall, playbook, weak_link, "
                                                           "rule).")] = None,
          every: Annotated[bool, typer.Option("--all", help="Retired and forgotten cards too, with their state "
                                                            "and the reason.")] = False,
          home: HomeOpt = DEFAULT_HOME, as_json: JsonOpt = False) -> None:
    """List memory cards (subcommands: forget, export)."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = {"home": home}  # `actors cards --home H forget 3` means H too
        return
    found = _run(home, lambda m: m.cards_view(kind, include_gone=every))
    if as_json:
        emit({"cards": found})
        return
    for c in found:
        gone = "" if c["state"] == "live" else f"  [{c['state']}: {_gone_reason(c)}]"
        typer.echo(f"#{c['id']:<5} {c['kind']:<9} hits {c['hits']:<4} seen {c['confirmations']:<4} "
                   f"{printable(c['title'] + gone)}")  # a title from a journal's paths may hold escapes (O42)
    if not found:
        typer.echo("no cards yet (they are distilled in deep sleep, or by `actors memory sleep`)"
                   + ("" if every else "; --all shows retired and forgotten ones"))


def _gone_reason(card: dict) -> str:
    if card["state"] == "retired":
        return card["retired_reason"]
    import time

    return "forgotten on " + time.strftime("%Y-%m-%d", time.localtime(card["forgotten_at"]))


def card_number(text: str) -> int:
    """Read a card's id as `actors cards` prints it (#3) or bare (3)."""
    digits = text.strip().removeprefix("#")
    if not digits.isascii() or not digits.isdigit():
        raise typer.BadParameter(f"a card's number, such as #3 or 3 (`actors cards` lists them), not {text!r}")
    return int(digits)


@cards_app.command(name="forget")
def forget_card(ctx: typer.Context, card_id: Annotated[int, typer.Argument(
                    metavar="ID", parser=card_number, help="The card's number as `actors cards` shows it (#3 or 3).")],
                home: HomeOpt = DEFAULT_HOME) -> None:
    """Withdraw a card for good: no later consolidation or merge brings it back."""
    home = _group_home(ctx, home)
    outcome = _run(home, lambda m: m.forget_card(card_id))
    if outcome == "forgotten":
        typer.echo(f"forgot card #{card_id}")
    elif outcome == "already forgotten":
        typer.echo(f"card #{card_id} was already forgotten")
    elif outcome == "missing":
        die(f"no card #{card_id}", EXIT_USAGE)  # as kill and revive name an organ the mesh does not have
    else:
        die(f"card #{card_id} was {outcome}; forget that one instead", EXIT_FAILED)


@cards_app.command(name="export")
def export_cards(
        file: Annotated[Optional[Path], typer.Argument(metavar="[FILE]", help="With --agents-md: the file to "
                                                       "write (default AGENTS.md, or CLAUDE.md if only it exists).")
                        ] = None,
        agents_md: Annotated[bool, typer.Option("--agents-md", help="Write the rules between <!-- actors:memory "
                                                                    "--> markers in AGENTS.md or CLAUDE.md.")] = False,
        min_hits: Annotated[int, typer.Option(help="Only cards recalled at least this often.", min=0)] = 0,
        out: Annotated[Optional[Path], typer.Option(help="Write the SKILL.md here instead of stdout.")] = None,
        home: HomeOpt = DEFAULT_HOME, ctx: typer.Context = None) -> None:
    """Export the cards as a SKILL.md (stdout or --out), or into AGENTS.md / CLAUDE.md with --agents-md."""
    from actors.memory import export

    home = _group_home(ctx, home)

    if file is not None and not agents_md:
        die("FILE is only taken with --agents-md (use --out for the SKILL.md)", EXIT_USAGE)
    rows = _run(home, lambda m: m.export_rows(min_hits))
    if not agents_md:
        text = export.skill_md(rows)
        if out is None:
            typer.echo(text, nl=False)
            return
        _write(out, text)
        typer.echo(f"wrote {export.counted(rows)} to {out}", err=True)
        return
    target = file or (Path("CLAUDE.md") if Path("CLAUDE.md").exists() and not Path("AGENTS.md").exists()
                      else Path("AGENTS.md"))
    try:
        existing = target.read_text(encoding="utf-8") if target.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:
        die(f"cannot read {target}: {exc}", EXIT_FAILED)
    if not rows and export.BEGIN not in existing:  # nothing learned yet: no file or block made of an empty table
        typer.echo(f"no cards to write yet: {target} left as it is")
        return
    _write(target, export.splice(existing, export.agents_block(rows)))
    typer.echo(f"wrote {export.counted(rows)} between the actors:memory markers of {target}")


def _group_home(ctx: typer.Context | None, home: Path) -> Path:
    given = (ctx.obj or {}).get("home") if ctx is not None and isinstance(ctx.obj, dict) else None
    return given if given is not None and home == DEFAULT_HOME else home


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        die(f"cannot write {path}: {exc.strerror}", EXIT_FAILED)
