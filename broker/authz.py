"""Who is on a connection and what they may do: roles, grants and the decisions. Pure (no sockets).

A peer is a *principal*: over tcp:// the CURVE key's allow-list entry (role and name, given by ZAP as the
User-Id); over ipc:// the local process, known by the kernel's credentials of the socket (SO_PEERCRED,
which libzmq hands on as the connection's Peer-Address). Decisions are default-deny:

- `admin` (any local process of the mesh's owner or root, and admin keys) may call and control everything;
- `client` keys call read-only abilities, and what a grant in the mesh file gives them; they may read the
  mesh's state (status, manifest, expose) but not change it;
- `organ` keys register as their own name and call nothing unless granted;
- a local process of another user is `nobody`, and may do nothing.

Grants live in the mesh file, per organ (`allow = ["client"]`: every ability) and per ability
(`allow_abilities = { write_file = ["client"] }`); an entry names a role (`client`) or one key (`client:ci`).
What the owner types and calls (the instruction, events) reaches a key over tcp:// only when `[heart]
remote_events` names it the same way (admin keys included). Every refusal names the rule that refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Collection, Iterable, Mapping


class Role(StrEnum):
    ADMIN = "admin"
    CLIENT = "client"
    ORGAN = "organ"
    NOBODY = "nobody"


READ_ONLY_COMMANDS = frozenset({"status", "manifest", "expose", "sync", "ping"})
GRANT = re.compile(r"^(client|organ)(?::([a-z][a-z0-9_-]{0,31}))?$")
READER = re.compile(r"^(admin|client|organ)(?::([a-z][a-z0-9_-]{0,31}))?$")  # an entry of [heart] remote_events
_CREDENTIALS = re.compile(r":(\d+):(\d+):(\d+)$")


@dataclass(frozen=True, slots=True)
class Principal:
    """Who sent a message: a role, the key's name (remote) or the process's pid and uid (local)."""

    role: Role
    name: str = ""
    remote: bool = False
    pid: int | None = None
    uid: int | None = None

    def describe(self) -> str:
        """Name the principal in a refusal, without revealing anything the peer does not know."""
        if self.remote:
            return f"the {self.role} key {self.name!r}"
        return "a local process of the mesh's owner" if self.role == Role.ADMIN else "a local process of another user"


LOCAL_UNKNOWN = Principal(Role.NOBODY)  # an ipc peer whose credentials the kernel did not give


def remote_principal(user_id: str) -> Principal:
    """The principal of a CURVE connection, from the User-Id ZAP gave it ("role:name")."""
    role, _, name = user_id.partition(":")
    try:
        return Principal(Role(role), name, remote=True)
    except ValueError:
        return Principal(Role.NOBODY, name, remote=True)


def credentials(peer_address: str) -> tuple[int, int, int] | None:
    """(pid, uid, gid) of a local peer from libzmq's ipc Peer-Address ("ADDRESS:UID:GID:PID"), or None."""
    match = _CREDENTIALS.search(peer_address or "")
    if match is None:
        return None
    uid, gid, pid = (int(g) for g in match.groups())
    return pid, uid, gid


def local_principal(peer_address: str, owner_uid: int) -> Principal:
    """The principal of an ipc connection: admin when its process belongs to the mesh's owner (or root)."""
    found = credentials(peer_address)
    if found is None:
        return LOCAL_UNKNOWN
    pid, uid, _ = found
    role = Role.ADMIN if uid in (owner_uid, 0) else Role.NOBODY
    return Principal(role, pid=pid, uid=uid)


@dataclass(frozen=True, slots=True)
class Grants:
    """What the mesh file grants on one organ: to every ability, and per ability."""

    organ: tuple[str, ...] = ()
    abilities: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    rule: str


def check_grants(entries: Iterable[str]) -> str:
    """The first grant entry that is not `client`, `organ`, `client:NAME` or `organ:NAME`, or ''."""
    for entry in entries:
        if not isinstance(entry, str) or not GRANT.match(entry):
            return str(entry)
    return ""


def check_readers(entries: Iterable[str]) -> str:
    """The first `remote_events` entry that is not `admin`, `client`, `organ` or ROLE:NAME, or ''."""
    for entry in entries:
        if not isinstance(entry, str) or not READER.match(entry):
            return str(entry)
    return ""


def _granted(who: Principal, entries: Iterable[str]) -> bool:
    return any(e == who.role or e == f"{who.role}:{who.name}" for e in entries)


def may_call(who: Principal, organ: str, ability: str, read_only: bool, grants: Grants, owners_words: bool = False,
             readers: Iterable[str] = ()) -> Decision:
    """Decide whether a principal may call organ.ability (`owners_words`: its answers carry the owner's
    instructions and calls, which a key reads only when `readers`, [heart] remote_events, names it)."""
    address = f"{organ}.{ability}"
    if who.role == Role.ADMIN:
        return Decision(True, "admin may call every ability")
    if who.role == Role.NOBODY:
        return Decision(False, f"{who.describe()} may call nothing")
    if _granted(who, grants.abilities.get(ability, ())):
        return Decision(True, f"[organs.{organ}] allow_abilities.{ability} grants {who.role} keys")
    if _granted(who, grants.organ):
        return Decision(True, f"[organs.{organ}] allow grants {who.role} keys")
    if owners_words and not may_read_owners_words(who, readers).allowed:
        return Decision(False, f"{address} answers with the owner's instructions and calls, which {who.describe()} "
                               f"may not read; name it in the mesh file: [heart] remote_events = [\"{who.role}\"]")
    if who.role == Role.CLIENT and read_only:
        return Decision(True, "client keys may call read-only abilities")
    if who.role == Role.CLIENT:
        return Decision(False, f"client keys may call only read-only abilities, and {address} is not; grant it "
                               f"in the mesh file: [organs.{organ}] allow_abilities = {{ {ability} = [\"client\"] }}")
    return Decision(False, f"organ keys may call nothing unless granted; grant it in the mesh file: "
                           f"[organs.{organ}] allow_abilities = {{ {ability} = [\"organ:{who.name}\"] }}")


def may_control(who: Principal, command: str, args: Mapping | None = None) -> Decision:
    """Decide whether a principal may run a control command with these arguments."""
    if who.role == Role.ADMIN:
        return Decision(True, "admin may run every command")
    if who.role == Role.CLIENT and command in READ_ONLY_COMMANDS:
        if command == "expose" and isinstance(args, Mapping) and args.get("pin"):
            # pins go into the mesh's shared hysteresis: what every later exposure keeps offering
            return Decision(False, "client keys may read the mesh's state, and pinning abilities into its "
                                   "exposure changes it; pass them as `recent` (this answer only) instead")
        if command == "expose" and isinstance(args, Mapping) and args.get("why"):
            # the reasons quote past instructions (what use taught): the owner's words, not the mesh's state
            return Decision(False, "client keys may read the mesh's state, not why each tool is exposed: the "
                                   "reasons quote the owner's past instructions")
        return Decision(True, "client keys may read the mesh's state")
    if who.role == Role.CLIENT:
        return Decision(False, f"only admin keys control the mesh from another host; client keys may run "
                               f"{', '.join(sorted(READ_ONLY_COMMANDS))}")
    return Decision(False, f"{who.describe()} may run no command")


def may_declare_reflex(who: Principal, organ: str, action: object, organs: Collection[str] = ()) -> Decision:
    """Decide whether an organ registering as `organ` may declare a reflex with this action (`organs`: the
    organs the mesh declares).

    The healer runs a reflex's call as itself (admin): a reflex may make only calls its declarer could make, so
    an organ that is not the owner's local process may have its reflexes call only its own abilities. A call
    to an organ the mesh does not declare can never be made (the healer calls only registered abilities)."""
    call = action.get("call") if isinstance(action, Mapping) else None
    if who.role == Role.ADMIN or not isinstance(call, str):
        return Decision(True, "admin's organs may declare every reflex" if who.role == Role.ADMIN
                        else "an alert is no call")
    target = call.partition(".")[0]
    if target == organ:
        return Decision(True, "a reflex may call its own organ's abilities")
    if target not in organs:
        return Decision(True, f"{target[:64]!r} is no organ of this mesh: the reflex can never call it")
    return Decision(False, f"{who.describe()} may declare reflexes that call only its own abilities "
                           f"({organ[:64]}.*), not {call[:128]}: the healer would make the call for it")


def may_register(who: Principal, organ: str, supervised: bool, spawned_pid: int | None, token_ok: bool) -> Decision:
    """Decide whether a principal may register as the organ (declared in the mesh file)."""
    if who.remote:
        if who.role != Role.ORGAN or who.name != organ:
            return Decision(False, f"the key {who.name!r} ({who.role}) may not register as organ {organ[:64]!r}")
        if supervised:
            return Decision(False, f"organ {organ!r} is supervised: only the process the heart spawned may "
                                   "register as it")
        return Decision(True, "an organ key registers as its own name")
    if who.role != Role.ADMIN:
        return Decision(False, f"{who.describe()} may not register organs")
    if supervised and (spawned_pid is None or who.pid != spawned_pid or not token_ok):
        # the kernel's pid of the connection, not the one the message claims; the real one is never told
        return Decision(False, f"only the process the heart spawned may register as {organ!r}")
    return Decision(True, "the spawned process" if supervised else "a local process of the mesh's owner")


def may_read_owners_words(who: Principal, readers: Iterable[str]) -> Decision:
    """Decide whether a principal may read what the owner types and calls: the instruction, the session, events
    (`readers`: the mesh file's `[heart] remote_events`). Local admin may; a key only when named there."""
    if who.role == Role.ADMIN and not who.remote:
        return Decision(True, "the owner's local processes read everything")
    if who.remote and who.role != Role.NOBODY and _granted(who, readers):
        return Decision(True, f"[heart] remote_events names {who.role} keys" if who.role in readers
                        else f"[heart] remote_events names the key {who.role}:{who.name}")
    return Decision(False, f"{who.describe()} may not read the owner's instructions and calls; name its role in "
                           f"the mesh file to let it: [heart] remote_events = [\"{who.role}\"]")


def may_report(who: Principal) -> Decision:
    """Decide whether a connection that is no organ may report the front door's own counts."""
    if who.role == Role.ADMIN and not who.remote:
        return Decision(True, "the owner's local front door reports its refusals")
    return Decision(False, f"{who.describe()} may not report the front door's counts: only the owner's local "
                           "processes may")
