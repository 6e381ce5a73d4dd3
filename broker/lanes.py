"""Lanes: a local client calls an organ straight (2 hops), and the heart stays the authority for everything else.

The heart grants a lane with a client's first call to an organ: it tells the organ Admit(ticket, client) just
before it forwards the call, and the client Grant(endpoint, ticket) just before the call's answer (the organ has
read the admission by then: both travel the same connection in order). The client connects to the organ's lane
socket (a plain Unix stream socket, actors/_lanes.py) and presents the ticket first; the organ checks each call
against the tickets still admitted. A lane call that succeeds is
answered on the lane and tallied to the heart in batches; one that fails (or runs out of time) is handed to
the heart, which concludes it as one it routed (gate, healer, wounds, breaker) and answers on the heart socket.

The heart revokes an organ's lanes whenever it would refuse calls to it; a new connection of the organ (a
restart) starts with no lanes at all. Decisions are pure functions (`lanes_enabled`, `may_grant`,
`should_revoke`); `LaneDesk` keeps the tickets and never imports the heart or its call desk.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable

from broker import protocol
from broker.wire import LANE_CLIENT
from broker.authz import Grants, Principal, Role, may_call
from broker.protocol import Admit, Ability, Call, Grant, Handoff, Reply, Revoke, Tally
from broker.registry import OrganRecord
from broker.vocab import BreakerState, OrganState

log = logging.getLogger(__name__)

LANES_ENV = "ACTORS_LANES"  # "1" or "0": overrides [heart] lanes (tests and benches compare both)
MAX_TICKETS = 1024  # per organ; beyond it every lane of the organ is revoked and granted anew on use
TICKET_BYTES = 15


def lanes_enabled(setting: bool, env: str | None) -> bool:
    """Whether this heart grants lanes: the mesh file's setting, unless the environment says otherwise."""
    if env in ("1", "true", "on"):
        return True
    if env in ("0", "false", "off"):
        return False
    return setting


def may_grant(enabled: bool, who: Principal, organ: str, lane: str, state: str, breaker: str,
              abilities: Iterable[Ability], grants: Grants) -> bool:
    """Whether a client gets a lane to this organ: a local peer allowed every ability of an organ that is up,
    healthy and has a lane (least privilege: the organ checks nothing per call but the ticket)."""
    if not (enabled and lane and not who.remote and who.role != Role.NOBODY):
        return False
    if state != OrganState.UP or breaker != BreakerState.CLOSED:
        return False
    return all(may_call(who, organ, a.name, a.read_only, grants).allowed for a in abilities)


def should_revoke(state: str, breaker: str, lane: str) -> bool:
    """Whether an organ's lanes must close: whenever the heart would refuse (or fail fast) calls to it."""
    return state != OrganState.UP or breaker != BreakerState.CLOSED or not lane


class LaneDesk:
    """The lanes one heart granted: tickets by organ, and what comes back from them (tallies, hand-offs)."""

    def __init__(self, enabled: bool, organ_of: Callable[[bytes], OrganRecord | None],
                 send: Callable[[bytes, list[bytes]], bool], observe: Callable[[OrganRecord, Tally], None],
                 adopt: Callable[[bytes, Call, Reply, int], None], protocol_error: Callable[[bytes, str, str], None],
                 healer: str = "") -> None:
        self.enabled = enabled
        self.organ_of, self.send, self.observe, self.adopt = organ_of, send, observe, adopt
        self.protocol_error = protocol_error
        self.healer = healer  # the healer's heal ability is the heart's alone: its organ gets no lanes
        self.tickets: dict[bytes, tuple[bytes, str]] = {}  # ticket -> (client, organ)
        self.held: dict[tuple[bytes, str], bytes] = {}  # (client, organ) -> ticket
        self.by_organ: dict[str, dict[bytes, bytes]] = {}  # organ -> ticket -> client
        self.connection: dict[str, bytes] = {}  # organ -> the connection its tickets were admitted on

    # -- granting ---------------------------------------------------------------------------

    def offer(self, client: bytes, rec: OrganRecord, who: Principal, call_id: str) -> bytes:
        """Admit a ticket for this client on the organ, before the client's call goes to it (b"": no lane).
        Only a call whose id says its client takes lanes (LANE_CLIENT) earns one: other peers never see a grant."""
        if not call_id.startswith(LANE_CLIENT) or (client, rec.name) in self.held or rec.name == self.healer or not may_grant(
                self.enabled, who, rec.name, rec.lane, rec.state, rec.breaker.state, rec.abilities.values(),
                Grants(rec.spec.allow, rec.spec.allow_abilities)):
            return b""
        if self.connection.get(rec.name) != rec.ident:
            self.forget(rec.name)  # a new connection (a restart): its predecessor's tickets mean nothing
            self.connection[rec.name] = rec.ident
        mine = self.by_organ.setdefault(rec.name, {})
        if len(mine) >= MAX_TICKETS:
            self.revoke(rec)
            mine = self.by_organ.setdefault(rec.name, {})
        ticket = b"L" + secrets.token_bytes(TICKET_BYTES)  # a routing id may not start with a zero byte
        if not self.send(rec.ident, protocol.encode(Admit(ticket=ticket, client=client, principal=who.role))):
            return b""
        self.tickets[ticket] = (client, rec.name)
        self.held[(client, rec.name)] = ticket
        mine[ticket] = client
        return ticket

    def grant(self, client: bytes, rec: OrganRecord | None, ticket: bytes) -> None:
        """Tell the client its lane, just before the answer of the call that earned it (if still admitted)."""
        if rec is not None and self.tickets.get(ticket) == (client, rec.name) and rec.lane:
            self.send(client, protocol.encode(Grant(organ=rec.name, endpoint=rec.lane, ticket=ticket,
                                                    pid=rec.pid or 0)))

    # -- revoking ---------------------------------------------------------------------------

    def review(self, rec: OrganRecord) -> None:
        """Close the organ's lanes if the heart would now refuse calls to it."""
        if self.by_organ.get(rec.name) and should_revoke(rec.state, rec.breaker.state, rec.lane):
            log.info("revoking the lanes of organ %s (%s, breaker %s)", rec.name, rec.state, rec.breaker.state)
            self.revoke(rec)

    def revoke(self, rec: OrganRecord) -> None:
        """Close every lane of the organ; its clients go through the heart again (and may be granted anew).
        Each client hears it on its heart connection too, before any answer the heart sends it next: its next
        call cannot reach the organ on a lane the heart closed (and run although the breaker opened)."""
        if rec.ident is not None and rec.ident == self.connection.get(rec.name):
            self.send(rec.ident, protocol.encode(Revoke()))
        withdrawn = protocol.encode(Grant(organ=rec.name, endpoint="", ticket=b""))
        for client in set(self.by_organ.get(rec.name, {}).values()):
            self.send(client, withdrawn)
        self.forget(rec.name)

    def forget(self, organ: str) -> None:
        """Drop the heart's record of the organ's tickets (its connection is gone, or they were revoked)."""
        for ticket, client in self.by_organ.pop(organ, {}).items():
            self.tickets.pop(ticket, None)
            self.held.pop((client, organ), None)
        self.connection.pop(organ, None)

    # -- what comes back ----------------------------------------------------------------------

    def on_tally(self, ident: bytes, tally: Tally, frames: list[bytes]) -> None:
        """Account for lane calls that succeeded, as if the heart had seen each one."""
        rec = self.organ_of(ident)
        if rec is None or tally.organ != rec.name or not len(tally.calls) == len(tally.durations) == len(tally.sizes):
            self.protocol_error(ident, "sender", "a tally from a connection that is not that registered organ")
            return
        self.observe(rec, tally)

    def on_handoff(self, ident: bytes, handoff: Handoff, frames: list[bytes]) -> None:
        """Conclude a lane call its organ handed over (it failed or ran out of time), as one the heart routed."""
        rec = self.organ_of(ident)
        if rec is None or handoff.call.organ != rec.name:
            self.protocol_error(ident, "sender", "a hand-off from a connection that is not that registered organ")
            return
        self.adopt(handoff.client, handoff.call, handoff.reply, handoff.size)
        self.review(rec)
