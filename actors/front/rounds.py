"""Calls of 2026-07-28 clients that wait for their client between requests (the multi-round-trip flow).

On that protocol a server cannot send its client a request. When an ability asks a question, the tool call
answers `InputRequiredResult` instead, carrying the question and an opaque `request_state`; the call keeps
running in the mesh. The client retries tools/call with its answers and that state, and the retry picks up
the same call. The state is a random token naming the waiting call, usable only by the client it was
given to; waiting calls are bounded in number and forgotten at their deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Hashable

from broker.protocol import Ask, Notice, Reply

MAX_WAITING = 256


@dataclass(eq=False)
class Round:
    """One call of a 2026-07-28 client, running in the mesh while its client answers questions."""

    client: Hashable
    expires: float  # monotonic: the call's own deadline
    events: asyncio.Queue = field(default_factory=asyncio.Queue)  # Ask, then finally Reply or an exception
    asked: dict[str, Ask] = field(default_factory=dict)  # questions put to the client, by id
    task: asyncio.Task | None = None
    ctx: Any = None  # the request now serving this call: notices go to its stream
    call: str = ""  # the id of the mesh call, once sent (it cancels the call)
    due: float = math.inf  # monotonic: when the heart ends the call's attempt as timed out
    timer: asyncio.TimerHandle | None = None  # what ends the call if its client does not come back in time

    def watch(self, timer: asyncio.TimerHandle | None) -> None:
        """Keep the timer that ends the call if its client does not come back (None: it came back)."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = timer

    async def next_event(self) -> Ask | Reply:
        """The call's next question or its reply, within the call's deadline; raise what the call raised."""
        async with asyncio.timeout(max(0.0, self.expires - time.monotonic())):
            event = await self.events.get()
        if isinstance(event, BaseException):
            raise event
        return event


class Rounds:
    """The calls waiting for their 2026-07-28 clients, by request state."""

    def __init__(self) -> None:
        self.rounds: dict[str, Round] = {}

    def start(self, client: Hashable, wait_s: float, call: Callable[[Callable, Round], Awaitable[Reply]], ctx: Any,
              notice: Callable[[Any, Notice], Awaitable[None]]) -> tuple[str, Round] | None:
        """Start a call whose questions wait for the client; None when too many already wait. `call` gets the
        relay for what the call says and asks, and the round (it notes the mesh call's id there)."""
        self.prune()
        if len(self.rounds) >= MAX_WAITING:
            return None
        state = secrets.token_urlsafe(24)
        round_ = Round(client=client, expires=time.monotonic() + wait_s, ctx=ctx)

        async def relay(item: Notice | Ask) -> None:
            if isinstance(item, Ask):
                round_.events.put_nowait(item)
            else:
                await notice(round_.ctx, item)

        async def run() -> None:
            try:
                round_.events.put_nowait(await call(relay, round_))
            except Exception as exc:  # the handler of the current request raises it
                round_.events.put_nowait(exc)

        round_.task = asyncio.get_running_loop().create_task(run())
        self.rounds[state] = round_
        return state, round_

    def resume(self, state: str, client: Hashable) -> Round | None:
        """The waiting call a request state names, if it is this client's and still running."""
        self.prune()
        round_ = self.rounds.get(state)
        return round_ if round_ is not None and round_.client == client else None

    def finish(self, state: str) -> None:
        """The call ended: forget it."""
        round_ = self.rounds.pop(state, None)
        if round_ is None:
            return
        round_.watch(None)
        if round_.task is not None and not round_.task.done():
            round_.task.cancel()

    def prune(self) -> None:
        """Forget calls past their deadline (their organ has given up waiting by then)."""
        now = time.monotonic()
        for state in [s for s, r in self.rounds.items() if r.expires <= now]:
            self.finish(state)

    def close(self) -> None:
        """End every waiting call."""
        for state in list(self.rounds):
            with contextlib.suppress(Exception):
                self.finish(state)
