"""The heart's relay: what a running ability says to its caller, and the caller's answers back.

An organ's Notice (progress, a log line) goes to the client whose call is running; its Ask (a question
for that client's user or model) too, and the Answer comes back to the organ that asked. The relay
never imports the heart: it gets the send function and looks callers up through a callback.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from broker import protocol
from broker.protocol import Answer, Ask

log = logging.getLogger(__name__)

MAX_ASKS = 1024  # questions waiting for an answer at once; more are refused at once
MAX_ASK_S = 3600.0


@dataclass(frozen=True, slots=True)
class Waiting:
    organ: bytes  # the connection of the organ that asked
    client: bytes  # the connection of the caller that must answer
    expires: float  # monotonic


def refusal(ask: Ask, reason: str) -> Answer:
    """The answer an organ gets when its question cannot reach anyone."""
    return Answer(id=ask.id, ok=False, error=reason)


class Relay:
    """Routes notices and asks from organs to callers, and answers back, with bounded memory."""

    def __init__(self, send: Callable[[bytes, list[bytes]], bool]) -> None:
        self.send = send
        self.waiting: OrderedDict[str, Waiting] = OrderedDict()

    def notice(self, client: bytes | None, frames: list[bytes]) -> None:
        """Forward a notice to the caller of its call (dropped when the call is over)."""
        if client is not None:
            self.send(client, frames)

    def ask(self, organ: bytes, client: bytes | None, ask: Ask, frames: list[bytes]) -> None:
        """Forward a question to the caller of its call, or answer the organ at once why it cannot be."""
        now = time.monotonic()
        self._expire(now)
        if client is None:
            self._refuse(organ, ask, f"call {ask.id[:64]!r} is not running: nobody can answer its question")
        elif len(self.waiting) >= MAX_ASKS:
            self._refuse(organ, ask, f"{MAX_ASKS} questions are already waiting for an answer")
        elif ask.id in self.waiting:
            self._refuse(organ, ask, f"question id {ask.id[:64]!r} is already waiting")
        elif not self.send(client, frames):
            self._refuse(organ, ask, "the caller cannot be reached")
        else:
            timeout = ask.timeout_s if 0 < ask.timeout_s <= MAX_ASK_S else MAX_ASK_S  # also NaN
            self.waiting[ask.id] = Waiting(organ, client, now + timeout)

    def answer(self, sender: bytes, answer: Answer, frames: list[bytes]) -> bool:
        """Forward an answer to the organ that asked; False when it answers nothing this sender was asked."""
        waiting = self.waiting.get(answer.id)
        if waiting is None or waiting.client != sender:
            return False
        del self.waiting[answer.id]
        self.send(waiting.organ, frames)
        return True

    def _expire(self, now: float) -> None:
        # the organ times out on its own; this only bounds what the heart remembers
        for ask_id in [i for i, w in self.waiting.items() if w.expires <= now]:
            del self.waiting[ask_id]

    def _refuse(self, organ: bytes, ask: Ask, reason: str) -> None:
        log.debug("refused a question from an organ: %s", reason)
        self.send(organ, protocol.encode(refusal(ask, reason)))
