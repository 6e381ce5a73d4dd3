"""The running call's way back to its caller: notices (progress, log lines), questions that wait for an answer,
and the caller's cancellation of the call.

Abilities run on worker threads; what they say is pushed to the organ's loop (which owns the socket to the
heart), and an answer the loop receives wakes the thread that asked. Each call knows its own id through a
thread-local set while it runs.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from broker import protocol
from broker.errors import CallTimeout, Cancelled, Unanswerable
from broker.protocol import Answer, Ask, Notice

ANSWER_GRACE_S = 1.0  # the client enforces the deadline; this covers a heart that never forwards the answer
MAX_ASK_S = 3600.0


@dataclass(slots=True)
class _Slot:
    call: str
    done: threading.Event = field(default_factory=threading.Event)
    answer: Answer | None = None


class CallerLink:
    """Notices and questions of the calls running in one organ."""

    def __init__(self) -> None:
        # set by the loop: hands frames to it from any thread, with the id of the call they are about
        self.push: Callable[..., None] | None = None
        self.loop_thread: int | None = None  # questions from the loop's own thread would wait on themselves
        self.on_wait: Callable[[], None] | None = None  # set by the loop: told before a question waits
        self.local = threading.local()
        self.waiting: dict[str, _Slot] = {}
        self.lock = threading.Lock()
        self.ids = (f"ask-{os.getpid()}-{n}" for n in itertools.count(1))
        self.cancels: set[str] = set()  # ids of calls in flight here that their callers cancelled (the loop's)

    @contextlib.contextmanager
    def running(self, call_id: str) -> Iterator[None]:
        """Mark call_id as the call running on this thread."""
        previous = self.enter(call_id)
        try:
            yield
        finally:
            self.leave(previous)

    def enter(self, call_id: str) -> str:
        """Mark call_id as the call running on this thread; the one it replaces, for leave()."""
        previous = getattr(self.local, "call", "")
        self.local.call = call_id
        return previous

    def leave(self, previous: str) -> None:
        """End what enter() began (running() without a generator: Organ.handle runs it on every call)."""
        self.local.call = previous

    def current(self) -> str:
        """The id of the call running on this thread ('' outside a call)."""
        return getattr(self.local, "call", "")

    def notice(self, kind: str, body: dict) -> bool:
        """Tell the caller something; False when no call runs here or the organ is not connected."""
        call = self.current()
        if not call or self.push is None:
            return False
        self.push(protocol.encode(Notice(call=call, kind=kind, body=body)), call=call)
        return True

    def ask(self, kind: str, body: dict, timeout_s: float) -> Any:
        """Ask the caller's client and wait for its answer's result; raise Unanswerable or CallTimeout."""
        call = self.current()
        if not call or self.push is None:
            raise Unanswerable(f"{kind}: only an ability running for a caller can ask it")
        if threading.get_ident() == self.loop_thread:
            raise Unanswerable(f"{kind}: an inline ability cannot wait for an answer (declare it without inline)")
        if not 0 < timeout_s <= MAX_ASK_S:  # also NaN
            raise ValueError(f"timeout_s must be between 0 and {MAX_ASK_S:g}")
        ask = Ask(id=next(self.ids), call=call, kind=kind, body=body, timeout_s=timeout_s)
        frames = protocol.encode(ask)
        slot = _Slot(call)
        with self.lock:
            if call in self.cancels:  # nobody would read the answer
                raise Cancelled(f"{kind}: the caller cancelled the call")
            self.waiting[ask.id] = slot
        try:
            self.push(frames, call=call)
            if self.on_wait is not None:
                self.on_wait()
            if not slot.done.wait(timeout_s + ANSWER_GRACE_S):
                raise CallTimeout(f"{kind}: no answer from the caller within {timeout_s:g}s")
        finally:
            with self.lock:
                self.waiting.pop(ask.id, None)
        answer = slot.answer
        if answer is None:
            raise Cancelled(f"{kind}: the caller cancelled the call")
        if not answer.ok:
            if answer.timed_out:
                raise CallTimeout(f"{kind}: {answer.error}")
            raise Unanswerable(f"{kind}: {answer.error}")
        return answer.result

    def cancel(self, call_id: str) -> None:
        """The caller cancelled this call, in flight here (from the loop, which forgets it when the call ends):
        cancelled() says so from now on, and its questions stop waiting."""
        with self.lock:
            self.cancels.add(call_id)
            slots = [slot for slot in self.waiting.values() if slot.call == call_id]
        for slot in slots:
            slot.done.set()  # with no answer: ask() raises Cancelled

    def forget(self, call_id: str) -> None:
        """The call ended (from the loop): its cancel, if any, is forgotten."""
        self.cancels.discard(call_id)

    def cancelled(self, call_id: str = "") -> bool:
        """Whether the caller cancelled this call (by default the one running on this thread)."""
        return bool(self.cancels) and (call_id or self.current()) in self.cancels

    def answered(self, answer: Answer) -> None:
        """Wake the thread waiting for this answer (from the loop)."""
        with self.lock:
            slot = self.waiting.get(answer.id)
        if slot is not None:
            slot.answer = answer
            slot.done.set()
