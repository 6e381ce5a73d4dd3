"""Each MCP client's own view of the mesh: its turns, the abilities it used and pinned, and its exposure. Pure.

A client is a connection (a handshake session on either transport, or a stdio pipe on the 2026-07-28
protocol), never a request: the SDK builds a new session object per request, so state kept on those would
multiply. Its exposure has a version that grows by one each time the exposed set or a tool as sent changes (a
tool sent brief, then whole once used); the client is told once per version, whatever path (a beat, its own
call or find) noticed the change.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Hashable

from broker.exposed import Hysteresis

MAX_CLIENTS = 1024  # views kept; the least recently active is forgotten beyond
IDLE_FORGET_S = 1800.0  # a view without a connection to end it (2026-07-28 over HTTP) is forgotten when idle
MAX_PINS = 64


@dataclass
class View:
    """One client's state on top of the mesh's shared catalogue and instruction."""

    key: Hashable
    pins: tuple[str, ...] = ()  # organ.ability addresses always exposed to this client
    instruction: str = ""
    hysteresis: Hysteresis = field(default_factory=Hysteresis)
    exposed: tuple[str, ...] = ()
    tools: tuple[dict, ...] = ()  # the MCP tool objects, as sent
    names: dict[str, str] = field(default_factory=dict)  # sent tool name -> organ.ability
    inputs: tuple | None = None  # what the exposure was computed from
    version: int = 0  # grows by one per change of the exposed set or of a tool as sent
    notified: int = 0  # the version the client was last told about (or listed)
    log_level: str = "info"  # from logging/setLevel
    subscriptions: set[str] = field(default_factory=set)  # resource URIs (handshake protocol)
    channel: Any = None  # how to reach the client unasked (a connection), None when it cannot be
    listeners: set[Any] = field(default_factory=set)  # open subscriptions/listen streams (2026-07-28)
    active: float = field(default_factory=time.monotonic)
    served: float = 0.0  # when the SDK's server last handled a request of this client (monotonic)
    http_session: str = ""  # its Streamable HTTP session id, once a request named it
    changes: int = 0  # grows whenever the set of recently used abilities may have changed
    fresh: tuple = ()  # what `stale` last found unchanged: (changes, catalogue, inputs, pins, instruction)

    def follow(self, instruction: str) -> None:
        """Take the mesh's instruction; a new one is a new turn, and older uses start to fade."""
        if instruction != self.instruction:
            self.hysteresis.new_turn()
            self.instruction = instruction
            self.changes += 1

    def use(self, address: str) -> None:
        """The client used (or found) an ability: keep it exposed for the next turns."""
        if address not in self.hysteresis.used:  # a known one only moves up: the set stays the same
            self.changes += 1
        self.hysteresis.use(address)

    def recent(self) -> tuple[str, ...]:
        """Pinned, then recently used abilities (most recent first): what selection must keep."""
        return tuple(dict.fromkeys((*self.pins, *self.hysteresis.recent())))

    def wanted(self, catalogue: int) -> tuple:
        """The inputs of the exposure this client should see now."""
        return self.instruction, catalogue, frozenset(self.recent())

    def stale(self, catalogue: int) -> bool:
        """Whether the exposure wanted now differs from the one computed last; remembered while nothing it is
        made of changes (the instruction, the catalogue, the recent set, the pins), so a repeated call of a tool
        the client uses already costs no new look."""
        fresh = self.fresh
        if (fresh and fresh[0] == self.changes and fresh[1] == catalogue and fresh[2] is self.inputs
                and fresh[3] is self.pins and fresh[4] == self.instruction):
            return False
        stale = self.wanted(catalogue) != self.inputs
        self.fresh = () if stale else (self.changes, catalogue, self.inputs, self.pins, self.instruction)
        return stale

    def adopt(self, inputs: tuple, exposed: tuple[str, ...], tools: tuple[dict, ...], names: dict[str, str]) -> bool:
        """Take a computed exposure; True when the exposed set or a tool as sent changed (a new version): a tool
        sent brief and now whole after its use has the same address but another description and schema."""
        changed = self.inputs is not None and (set(exposed) != set(self.exposed) or _by_name(tools) != _by_name(
            self.tools))  # a new order is the same list
        first = self.inputs is None
        self.inputs, self.exposed, self.tools, self.names = inputs, exposed, tools, names
        if changed:
            self.version += 1
        elif first:
            self.version = self.notified = 1  # the client lists what it first sees; nothing to tell
        return changed

    def take_notice(self) -> bool:
        """True once per version the client has not been told about."""
        if self.version > self.notified:
            self.notified = self.version
            return True
        return False

    def listed(self) -> None:
        """The client listed the tools: it knows the current version."""
        self.notified = self.version


class Views:
    """The views of the connected clients, bounded."""

    def __init__(self, pins: tuple[str, ...] = ()) -> None:
        self.pins = pins
        self.views: OrderedDict[Hashable, View] = OrderedDict()

    def get(self, key: Hashable, now: float | None = None) -> tuple[View, bool]:
        """The view of a client, created on first sight; True when it is new."""
        now = time.monotonic() if now is None else now
        view = self.views.get(key)
        if view is not None:
            view.active = now
            self.views.move_to_end(key)
            return view, False
        self._prune(now)
        view = self.views[key] = View(key, pins=self.pins, active=now)
        return view, True

    def holds(self, view: View) -> bool:
        """Whether this view is still the one kept for its client."""
        return self.views.get(view.key) is view

    def forget(self, key: Hashable) -> None:
        """The client's connection ended."""
        self.views.pop(key, None)

    def all(self) -> list[View]:
        """Every known view."""
        return list(self.views.values())

    def _prune(self, now: float) -> None:
        for key, view in list(self.views.items()):
            if view.channel is None and not view.listeners and now - view.active > IDLE_FORGET_S:
                del self.views[key]
        while len(self.views) >= MAX_CLIENTS:
            self.views.popitem(last=False)


def _by_name(tools: tuple[dict, ...]) -> dict[str, dict]:
    return {tool.get("name"): tool for tool in tools}
