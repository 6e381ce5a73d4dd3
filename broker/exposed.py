"""What the agent sees: the exposure for the current instruction, kept stable across turns.

Selection loads a tokenizer (seconds, holding the GIL) and builds an index: it runs in a worker process,
driven by a thread of the heart, and the heart reads the latest result (or gets an answer to a query)
without ever waiting for it.
"""

from __future__ import annotations

import logging
import queue
import subprocess
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

from broker.exposure_worker import read_frame, write_frame
from broker.protocol import Ability, to_plain

log = logging.getLogger(__name__)

MAX_WAITING = 32  # expose queries waiting for the worker; more are refused, so a flood cannot pile up
HYSTERESIS_TURNS = 3  # a tool used (or found) stays exposed for this many instructions after its last use
MAX_REMEMBERED = 64


class Hysteresis:
    """Abilities the agent used recently, by turn (one turn per new instruction)."""

    def __init__(self) -> None:
        self.turn = 0
        self.used: OrderedDict[str, int] = OrderedDict()  # address -> turn of its last use

    def new_turn(self) -> None:
        """A new instruction: older uses start to fade."""
        self.turn += 1
        for address, turn in list(self.used.items()):
            if self.turn - turn > HYSTERESIS_TURNS:
                del self.used[address]

    def use(self, address: str) -> None:
        """Keep an ability the agent used (or asked for) exposed for the next turns."""
        self.used[address] = self.turn
        self.used.move_to_end(address)
        while len(self.used) > MAX_REMEMBERED:
            self.used.popitem(last=False)

    def recent(self) -> tuple[str, ...]:
        """Most recent first."""
        return tuple(reversed(self.used))


@dataclass(frozen=True, slots=True)
class Job:
    intent: str
    abilities: dict[str, list[Ability]]
    recent: tuple[str, ...]
    reply: Any = None  # None: the current instruction's exposure; else handed back with the answer
    budget: int | None = None  # tool-schema tokens to stay within; None: the selector's default
    why: bool = False  # answer with why each tool is exposed (`actors expose` asks; the MCP front does not)


class Selector:
    """Runs selection on its own thread; the catalogue is rebuilt only when the abilities change."""

    def __init__(self, wake: Callable[[], None], env: dict[str, str], budget_tokens: int | None = None) -> None:
        self.wake = wake
        self.env = env
        self.budget_tokens = budget_tokens
        self.latest = None  # the Exposure of the current instruction, once computed
        self.latest_intent: str | None = None  # the intent `latest` was chosen for
        self.answers: queue.SimpleQueue[tuple[Any, Any, str]] = queue.SimpleQueue()
        self.queries: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.current: Job | None = None  # the newest wanted job, taken by the thread
        self.wanted = threading.Event()  # a marker for `current` is in the queue: one at most, however often wanted
        self.worker: subprocess.Popen | None = None
        self._catalogue_key: tuple = ()
        self._done_key: tuple = ()
        self.closing = False
        self.thread = threading.Thread(target=self._run, name="exposure", daemon=True)
        self.thread.start()

    def want(self, job: Job) -> None:
        """Ask for the current exposure over these inputs; only the newest request counts."""
        if _key(job) != self._done_key:
            self.current = job
            if not self.wanted.is_set():
                self.wanted.set()
                self.queries.put(None)

    def ask(self, job: Job) -> bool:
        """Ask for an exposure for an intent (answered through answers); False when too many are waiting."""
        if self.queries.qsize() >= MAX_WAITING:
            return False
        self.queries.put(job)
        return True

    def stop(self) -> None:
        """End the thread."""
        self.queries.put(Job("", {}, (), reply=StopIteration))

    def _run(self) -> None:
        while True:
            # the current instruction's exposure first, ahead of clients' questions queued before it (a beat waits
            # for it); its marker, still in the queue, then finds nothing to do
            job = None if self.wanted.is_set() else self.queries.get()
            if job is not None and job.reply is StopIteration:
                return
            if job is None:
                self.wanted.clear()  # before taking current: a job wanted from now on queues its own marker
                job, self.current = self.current, None
                if job is None:
                    continue
            try:
                exposure, error = self._select(job), ""
            except Exception as exc:  # reported to the caller; the heart keeps beating either way
                if self.closing:
                    return  # the worker was ended under this job: the heart is stopping
                log.exception("exposure for %r failed", job.intent[:80])
                exposure, error = None, f"{type(exc).__name__}: {exc}"
            if job.reply is None:
                if exposure is not None:
                    self.latest, self.latest_intent = exposure, job.intent
                self._done_key = _key(job)
                self.wake()  # a new instruction's beat may be waiting for it (Rhythm.due)
            else:
                self.answers.put((job.reply, exposure, error))
                self.wake()

    def _select(self, job: Job) -> Exposed:
        key = _catalogue_key(job.abilities)
        if self.worker is None or self.worker.poll() is not None:
            self._start_worker()
        if key != self._catalogue_key:
            self._exchange({"op": "catalogue", "abilities": {organ: [to_plain(a) for a in items]
                                                             for organ, items in job.abilities.items()}})
            self._catalogue_key = key
        answer = self._exchange({"op": "select", "intent": job.intent, "recent": list(job.recent),
                                 "budget": job.budget or self.budget_tokens, "why": job.why})
        return Exposed(tuple(answer["exposed"]), tuple(answer["tools"]), dict(answer["tokens"]),
                       dict(answer["names"]), tuple(answer.get("brief", ())), bool(answer.get("matched", True)),
                       answer.get("reasons"))

    def _start_worker(self) -> None:
        self._catalogue_key = ()
        self.worker = subprocess.Popen([sys.executable, "-m", "broker.exposure_worker"], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, env=self.env)

    def _exchange(self, request: dict) -> dict:
        try:
            write_frame(self.worker.stdin, request)
            answer = read_frame(self.worker.stdout)
        except (EOFError, OSError) as exc:
            self.worker.kill()
            raise RuntimeError(f"the exposure worker died: {exc}") from None
        if not answer.get("ok"):
            raise RuntimeError(answer.get("error", "the exposure worker failed"))
        return answer

    def close(self) -> None:
        """Stop the thread and the worker process."""
        self.closing = True
        self.stop()
        if self.worker is not None:
            self.worker.kill()
            self.worker.wait()


@dataclass(frozen=True, slots=True)
class Exposed:
    exposed: tuple[str, ...]  # organ.ability addresses, best first
    tools: tuple[dict, ...]  # the MCP tool objects sent to the agent, meta-ability included
    tokens: dict  # {"full": N, "exposed": M}
    names: dict  # the name each tool is sent under -> its organ.ability address
    brief: tuple[str, ...] = ()  # those of `exposed` sent in their brief form (broker/exposure/brief.py)
    matched: bool = True  # the intent's own words matched some tool
    reasons: dict | None = None  # organ.ability -> why it is exposed, as JSON (queries only: broker/exposure/reasons.py)


def _catalogue_key(abilities: dict[str, list[Ability]]) -> tuple:
    return tuple((organ, tuple(a.name for a in abilities[organ])) for organ in sorted(abilities))


def _key(job: Job) -> tuple:
    return job.intent, _catalogue_key(job.abilities), job.recent
