"""The healer organ: retries the calls the heart hands it (with tenacity) and runs the organs' reflexes."""

from __future__ import annotations

import logging
import os
import random
import threading
import time

from tenacity import Retrying, retry_if_result, stop_after_attempt, stop_before_delay, wait_exponential_jitter

from actors.client import Client, ThreadClients
from actors.organ import Organ, ability
from actors.reflexes import Firing, ReflexEngine
from broker import protocol
from broker.causes import RETRYABLE, retry_after
from broker.errors import Cancelled, MeshError
from broker.home import Home
from broker.protocol import Call, Event, Reflex, Reply

log = logging.getLogger(__name__)

REFRESH_S = 2.0  # how often the declared reflexes are read again from the heart
REFLEX_CALL_TIMEOUT_S = 10.0
SLICE_S = 0.2  # how long it waits for an event before it looks at the clock and the stop flag again


class Healer(Organ):
    name = "healer"
    workers = 8
    options_schema = {"type": "object", "additionalProperties": False, "properties": {
        "credit_window_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400},
        "retire_after": {"type": "integer", "minimum": 1, "maximum": 1000}}}

    def on_start(self) -> None:
        self.home = Home(os.environ.get("ACTORS_HOME", ".actors"))
        self.clients = ThreadClients(self.home)
        self.engine = ReflexEngine(credit_window_s=float(self.options.get("credit_window_s", 60.0)),
                                   retire_after=int(self.options.get("retire_after", 5)))
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.read_only: set[str] = set()
        self.thread = threading.Thread(target=self._reflex_loop, name="reflexes", daemon=True)
        self.thread.start()

    def on_stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=2.0)

    # -- retries --------------------------------------------------------------------------

    @ability("Retry a failed read-only or idempotent call for the heart (only the heart may call it).",
             timeout_s=3600, params={
                 "call": {"type": "object"}, "failure": {"type": "object"},
                 "retries": {"type": "integer", "minimum": 1}, "deadline_s": {"type": "number"},
                 "attempt_timeout_s": {"type": "number"}, "backoff_initial_s": {"type": "number"},
                 "backoff_max_s": {"type": "number"}, "retry_after_s": {"type": ["number", "null"]},
             })
    def heal(self, call: dict, failure: dict, retries: int, deadline_s: float, attempt_timeout_s: float,
             backoff_initial_s: float, backoff_max_s: float, retry_after_s: float | None = None) -> dict:
        original: Call = protocol.from_plain(Call, call)
        end = time.monotonic() + deadline_s
        first_wait = max(retry_after_s or 0.0, backoff_initial_s * (1 + random.random()))
        if first_wait >= end - time.monotonic():
            return {"reply": {"id": original.id, "ok": False, "error": failure}, "retried": 0}
        time.sleep(first_wait)
        client = self.clients.get()

        def attempt() -> Reply:
            if self.cancelled():  # its caller cancelled the call during the backoff: no further attempt
                raise Cancelled(f"{original.organ}.{original.ability}: its caller cancelled the call")
            left = max(0.01, end - time.monotonic())
            return client.call(original.organ, original.ability, original.args, session=original.session,
                               timeout_s=min(attempt_timeout_s, left), origin="healer")

        jitter = wait_exponential_jitter(initial=backoff_initial_s, max=backoff_max_s)
        retrying = Retrying(
            stop=stop_after_attempt(retries) | stop_before_delay(max(0.0, end - time.monotonic()))
            | (lambda state: self.cancelled()),  # its caller cancelled the call: no retry after the one running
            wait=lambda state: max(jitter(state), _retry_after(state.outcome.result())),
            retry=retry_if_result(_transient), retry_error_callback=lambda state: state.outcome.result(),
            reraise=True)
        reply = retrying(attempt)
        made = retrying.statistics.get("attempt_number", 1)
        log.info("healed %s.%s: %s after %d retries", original.organ, original.ability,
                 "ok" if reply.ok else reply.error.cause, made)
        return {"reply": protocol.to_plain(reply), "retried": made}

    # -- reflexes -------------------------------------------------------------------------

    @ability("List the reflexes the organs declared, with their fires, credits and retirement.", read_only=True)
    def list_reflexes(self) -> dict:
        with self.lock:
            return {"reflexes": [s.describe() for s in self.engine.states.values()]}

    def _reflex_loop(self) -> None:
        try:
            with Client(self.home) as client, client.events() as events:
                next_refresh = 0.0
                while not self.stopping.is_set():
                    if time.monotonic() >= next_refresh:
                        self._refresh(client)
                        next_refresh = time.monotonic() + REFRESH_S
                    event = events.next(SLICE_S)
                    if event is not None:
                        self._on_event(client, event)
        except MeshError as exc:
            log.error("reflexes stopped: %s", exc)

    def _refresh(self, client: Client) -> None:
        manifest = client.control("manifest")
        declared = {organ: [protocol.from_plain(Reflex, r) for r in entry["reflexes"]]
                    for organ, entry in manifest.items()}
        with self.lock:
            problems = self.engine.load(declared)
            retired = self.engine.expire(time.monotonic())
        self.read_only = {f"{organ}.{a['name']}" for organ, entry in manifest.items()
                          for a in entry["abilities"] if a["read_only"]}
        for problem in problems:
            log.warning("ignored reflex %s", problem)
        for key in retired:
            client.control("alert", level="info", organ=key.split("/")[0],
                           message=f"reflex {key} retired: it fired {self.engine.retire_after} times without helping")

    def _on_event(self, client: Client, event: Event) -> None:
        try:
            with self.lock:
                firings = self.engine.on_event(event, time.monotonic())
        except Exception:  # one bad reflex must not stop the others
            log.exception("evaluating reflexes on event %d failed", event.seq)
            return
        for firing in firings:
            self._fire(client, firing)

    def _fire(self, client: Client, firing: Firing) -> None:
        action = firing.action
        if "alert" in action:
            from actors import guard  # 8 ms of regexes: only when an alert reflex fires, never at start-up

            if guard.suspect(action["alert"]["message"]):  # alerts reach agents (the MCP front door logs them)
                log.warning("reflex %s: an alert that reads as an instruction to a model is not raised", firing.reflex)
                return
            client.control("alert", level=action["alert"]["level"], organ=firing.event.organ,
                           message=f"reflex {firing.reflex}: {action['alert']['message']}")
            return
        if action["call"] not in self.read_only:
            log.warning("reflex %s may only call read-only abilities, not %s", firing.reflex, action["call"])
            return
        organ, _, name = action["call"].partition(".")
        reply = client.call(organ, name, action["args"], timeout_s=REFLEX_CALL_TIMEOUT_S, origin="reflex")
        log.info("reflex %s called %s: %s", firing.reflex, action["call"], "ok" if reply.ok else reply.error.cause)


def _transient(reply: Reply) -> bool:
    return not reply.ok and reply.error is not None and reply.error.cause in RETRYABLE


def _retry_after(reply: Reply) -> float:
    if reply.error is None or reply.error.cause != "rate_limited":
        return 0.0
    return retry_after(reply.error.message) or 0.0
