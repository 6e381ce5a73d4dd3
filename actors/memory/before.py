"""Which cards speak to a call about to be made (an agent host's PreToolUse hook asks before each tool call). Pure.

A prompt is matched on its words (recall); a call says exactly what it works on: its ability, the programs and
subcommands of a command, the file or the host. A card speaks to a call when it is about that work:

- a card learned from commands (it names programs): the call runs one of them (a program's family counts: a
  card about `npm test` speaks to `pnpm test`), and, when the card's failed call ran a subcommand, that
  subcommand (`git push` is not `git status`); whichever ability ran the command (`Bash`, `shell.run`);
- any other card: the call is of the card's ability, on one of its files (or, when the card failed on two files
  or more all of one kind, on a file of that kind: `.parquet`), or, for a card about a host, on one of its hosts;
  a card of the ability alone speaks to every call of it.

A rule is not told to a call that already does what the rule says to do (its fix, or the fix's shape with the
operand filled in). Playbooks are habits of a task and are left to the prompt. At most MAX_LESSONS cards, rules
first, then pitfalls, then weak links, each kind by how often it was seen.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from actors.memory import normalise
from actors.memory.distill import action_terms, command_actions, command_programs, identity

KINDS = ("rule", "pitfall", "weak_link")  # in the order they are told
MAX_LESSONS = 3
MAX_READ = 60  # candidates read from the store for one call, best first: a call's deadline holds at any store size
# what of a call is read: a command's work grows with its programs times its subcommands, and an agent's call may be
# 64 KB of them (dev journals: commands of at most 228 characters, 3 programs, 3 subcommands)
MAX_ARG = 4096  # characters of each argument: a quarter from its head, the rest from its tail, where it runs
MAX_TERMS = 16  # programs and subcommands of a command, each, the first ones it runs
_SLOT = re.compile(r"\\\{(?:package|file|name)\\\}")  # an operand slot of a rule's shape, as re.escape leaves it
_SPACES = re.compile(r"\s+")
# what a place of Lessons holds after the ability's words (no word of an identity is a control character)
_ON_FILE, _ON_HOST, _ON_KIND, _ALONE = "\x1f", "\x1e", "\x1c", "\x1d"


@dataclass(frozen=True, slots=True)
class Call:
    """A call about to be made, in the terms of a card's identity."""

    ability: tuple[str, ...]
    programs: frozenset[str]
    actions: frozenset[str]
    files: frozenset[str]
    hosts: frozenset[str]
    command: str = ""


def call_of(organ: str, ability: str, args: Mapping) -> Call:
    """The call as a card's identity would name it (of a long call, what MAX_ARG and MAX_TERMS keep)."""
    work = normalise.work_of(organ, ability, {key: _cut(value) for key, value in args.items()})
    command = work.command
    hosts = [work.file] if work.host else list(normalise.command_hosts(command)) if command else []
    ident = identity(organ, ability, programs=command_programs(command)[:MAX_TERMS],
                     actions=command_actions(command)[:MAX_TERMS],
                     files=[] if work.host or not work.file else [work.file], hosts=hosts)
    return Call(tuple(ident.get("ability", ())), frozenset(ident.get("program", ())),
                frozenset(ident.get("action", ())), frozenset(ident.get("file", ())), frozenset(ident.get("host", ())),
                _SPACES.sub(" ", command).strip())


def _cut(value: object) -> object:
    """A long string argument as its head and tail, on two lines (a heredoc's program first, what runs it last)."""
    if not isinstance(value, str) or len(value) <= MAX_ARG:
        return value
    return value[:MAX_ARG // 4] + "\n" + value[len(value) - (MAX_ARG - MAX_ARG // 4):]


def speaks_to(kind: str, card_identity: Mapping[str, Sequence[str]], wrong: str, call: Call) -> bool:
    """Tell whether a card of this kind and identity (its failed call `wrong`) is about the call's work."""
    if kind not in KINDS:
        return False
    programs = set(card_identity.get("program", ()))
    if programs:
        if not programs & call.programs:
            return False
        failed = {t for a in command_actions(wrong) for t in action_terms(a)} if kind == "rule" else set()
        actions = failed or set(card_identity.get("action", ()))
        return not actions or bool(actions & call.actions)
    if tuple(card_identity.get("ability", ())) != call.ability:
        return False
    if card_identity.get("file"):
        kind_of_file = file_kind(card_identity["file"])
        return bool(set(card_identity["file"]) & call.files) or bool(kind_of_file) and any(
            _extension(f) == kind_of_file for f in call.files)
    if card_identity.get("host"):
        return bool(set(card_identity["host"]) & call.hosts)
    return True


def file_kind(files: Sequence[str]) -> str:
    """The extension every one of a card's files has, when it failed on two files or more: a failure on several
    files of one kind is about that kind (`UnicodeDecodeError` reading any `.parquet`), not about one of them."""
    kinds = {_extension(f) for f in files}
    return kinds.pop() if len(set(files)) >= 2 and len(kinds) == 1 else ""


def _extension(name: str) -> str:
    stem, dot, extension = name.rpartition(".")
    return f".{extension}" if dot and stem and extension else ""


def already_fixed(instead: str, fixes: Iterable[str], call: Call) -> bool:
    """Tell whether the call already does what a rule says to do: one of its fixes word for word, or its fix's
    shape with each operand slot (`{package}`) filled by one word."""
    if not call.command:
        return False
    if any(_SPACES.sub(" ", fix).strip() == call.command for fix in fixes):
        return True
    shape = _SPACES.sub(" ", instead).strip()
    return bool(shape) and re.fullmatch(_SLOT.sub(r"\\S+", re.escape(shape)), call.command) is not None


def order(kind: str, confirmations: int, card_id: int) -> tuple[int, int, int]:
    """How cards speaking to one call are told: rules first, then pitfalls, then weak links; the most seen first."""
    return KINDS.index(kind), -confirmations, card_id


class Lessons:
    """The live cards a call may speak to, filed under what a call must share with them — a command card under
    each (program, subcommand) it names (or (program,) when it names none), any other under its ability and each
    of its files or hosts (or its ability alone) — each list best told first; built once for each index of live
    cards (recall's), read by any number of calls. `kinds`: each card's kind and how often it was seen."""

    def __init__(self, ids: Sequence[int], identities: Sequence[Mapping[str, Sequence[str]]],
                 kinds: Mapping[int, tuple[str, int]]) -> None:
        filed: dict[tuple[str, ...], list[int]] = {}
        for card_id, ident in zip(ids, identities):
            if kinds.get(card_id, ("",))[0] in KINDS:
                for place in _places(ident):
                    filed.setdefault(place, []).append(card_id)
        rank = {i: order(*kinds[i], i) for i in {i for cards in filed.values() for i in cards}}
        self.filed = {place: sorted(cards, key=rank.__getitem__) for place, cards in filed.items()}
        self.rank = rank

    def candidates(self, call: Call, limit: int) -> list[int]:
        """The first `limit` cards whose identity lets them speak to the call (their failed call not read yet), in
        the order they are told: the lists of the places the call reaches, merged."""
        programs, ability = sorted(call.programs), call.ability
        places = [(p, a) for p in programs for a in sorted(call.actions)] + [(p,) for p in programs]
        places += [(*ability, _ON_FILE, f) for f in sorted(call.files)]
        places += [(*ability, _ON_HOST, h) for h in sorted(call.hosts)]
        places += [(*ability, _ON_KIND, e) for e in sorted({_extension(f) for f in call.files} - {""})]
        places.append((*ability, _ALONE))
        found: dict[int, None] = {}
        for card_id in heapq.merge(*(self.filed[p] for p in places if p in self.filed), key=self.rank.__getitem__):
            found[card_id] = None  # a card filed in two places the call reaches comes twice
            if len(found) >= limit:
                break
        return list(found)


def _places(ident: Mapping[str, Sequence[str]]) -> list[tuple[str, ...]]:
    """Where a card is filed (see Lessons): what a call must share with it, one tuple per way."""
    if ident.get("program"):
        programs = dict.fromkeys(list(ident["program"])[:MAX_TERMS])  # a card's places grow as a call's do
        actions = dict.fromkeys(list(ident.get("action", ()))[:MAX_TERMS])
        return [(p, a) for p in programs for a in actions] if actions else [(p,) for p in programs]
    ability = tuple(ident.get("ability", ()))
    if ident.get("file"):
        kind_of_file = file_kind(ident["file"])
        return [(*ability, _ON_FILE, f) for f in dict.fromkeys(ident["file"])] + (
            [(*ability, _ON_KIND, kind_of_file)] if kind_of_file else [])
    if ident.get("host"):
        return [(*ability, _ON_HOST, h) for h in dict.fromkeys(ident["host"])]
    return [(*ability, _ALONE)]
