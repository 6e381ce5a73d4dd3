"""Bounds for the HTTP servers (the MCP front door's Streamable HTTP and the web console), on uvicorn's h11
protocol: a deadline on every request's head, and a cap on open connections, with a small one of their own for
peers the server will refuse anyway.

uvicorn times out idle keep-alive connections but not a connection that never completes a request's head: a
client that opens connections and sends a header line now and then (slowloris) holds a descriptor each, for
ever, until the process runs out of them. Here a connection whose request head is not complete within
`head_timeout_s` of its first byte (or of its opening) is closed, and a connection beyond `max_connections`
is closed as soon as it is accepted; each is reported to `refused` with its reason. And a connection that
breaks (a reset, as a client that opens a connection per request may send) is released at once: uvicorn leaves
its keep-alive timer running then, which held the connection's whole state (about 10 KB) for its seconds.

Every local user reaches a loopback port. A peer that `admit` refuses (another user's process: `actors.peers`)
is still answered, with the server's 403 and its reason, but its connections count only against
`max_strangers`, never against the owner's `max_connections`: another user holding hundreds of connections
open (or reopening each as it is closed) no longer locks the owner out of their own front door and console.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

HEAD_TIMEOUT_S = 10.0
MAX_CONNECTIONS = 512
MAX_STRANGERS = 8  # connections of refused peers open at once: enough for each to read why it is refused
SLOW = "slow"  # a request head not complete in time
CROWDED = "connections"  # more connections open than allowed
STRANGER = "peer"  # a refused peer's connection beyond its own cap
Admit = Callable[[tuple, tuple], bool]  # (client address, server address) -> may this peer be served


def bounded_h11(refused: Callable[[str], None] = lambda reason: None, *, head_timeout_s: float = HEAD_TIMEOUT_S,
                max_connections: int = MAX_CONNECTIONS, admit: Admit | None = None,
                max_strangers: int = MAX_STRANGERS) -> type[H11Protocol]:
    """uvicorn's h11 protocol with these bounds (pass as `uvicorn.Config(http=...)`); `admit` tells the peers
    the server serves from those it refuses (None: every peer is served)."""
    strangers: set[H11Protocol] = set()  # open connections of refused peers, this server's

    class BoundedH11(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not self._admitted():
                strangers.add(self)
                if len(strangers) > max_strangers:
                    log.info("closed a connection from %s: a peer this server refuses, %d of whose are open "
                             "(at most %d)", self.client, len(strangers), max_strangers)
                    refused(STRANGER)
                    transport.close()
                    return
            elif len(self.connections) - len(strangers) > max_connections:
                log.warning("closed a connection from %s: %d are open (at most %d)", self.client,
                            len(self.connections) - len(strangers), max_connections)
                refused(CROWDED)
                transport.close()
                return
            self._await_head()

        def _admitted(self) -> bool:
            if admit is None:
                return True
            return bool(self.client and self.server) and admit(tuple(self.client), tuple(self.server))

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._in_request():
                self._cancel_head()
            elif self.head_timer is None and not self.transport.is_closing():
                self._await_head()  # the first bytes of a next request on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head()
            strangers.discard(self)
            super().connection_lost(exc)
            if self.timeout_keep_alive_task is not None:  # uvicorn leaves it when the connection broke (exc):
                self.timeout_keep_alive_task.cancel()     # it would hold the connection's state for its seconds
                self.timeout_keep_alive_task = None

        def _in_request(self) -> bool:
            return self.cycle is not None and not self.cycle.response_complete

        def _await_head(self) -> None:
            self.head_timer = self.loop.call_later(head_timeout_s, self._head_late)

        def _cancel_head(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_late(self) -> None:
            self.head_timer = None
            if not self._in_request() and not self.transport.is_closing():
                log.info("closed a connection from %s: no complete request head within %gs", self.client,
                         head_timeout_s)
                refused(SLOW)
                self.transport.close()

    return BoundedH11
