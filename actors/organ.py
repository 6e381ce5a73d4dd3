"""The organ SDK: declare abilities with @ability, override hooks, never the loop."""

from __future__ import annotations

import contextvars
import errno
import functools
import inspect
import logging
import math
import queue
import re
import threading
import time
from pathlib import Path
from typing import Any, Callable

from actors import schema as schemas
from actors._caller import CallerLink
from broker.errors import Cancelled, OrganError, ToolMissing
from broker.protocol import LOG_LEVELS, Ability, Blood, Call, Failure, Observation, Reflex, Reply, Screening

log = logging.getLogger(__name__)

_MARK = "__actors_ability__"
_INLINE = "__actors_inline__"
DEFAULT_TIMEOUT_S = 30.0

# monotonic deadline of the call running in this thread, set by handle()
_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("actors_call_deadline", default=None)

# errno values whose meaning is unambiguous; anything else is left to the healer to classify
_ERRNO_CAUSES = {
    errno.ENOENT: "not_found", errno.ENOTDIR: "not_found", errno.EACCES: "permission",
    errno.EPERM: "permission", errno.EROFS: "permission", errno.EEXIST: "conflict", errno.EBUSY: "conflict",
    errno.ETIMEDOUT: "timeout", errno.ECONNREFUSED: "network", errno.ECONNRESET: "network",
    errno.EHOSTUNREACH: "network", errno.ENETUNREACH: "network", errno.EISDIR: "bad_params",
}

_TYPE_CAUSES = (
    (FileNotFoundError, "not_found"), (NotADirectoryError, "not_found"), (PermissionError, "permission"),
    (FileExistsError, "conflict"), (IsADirectoryError, "bad_params"), (TimeoutError, "timeout"),
    (ConnectionError, "network"),
)


def ability(description: str, *, params: dict[str, dict] | None = None, read_only: bool = False,
            idempotent: bool | None = None, destructive: bool = False, timeout_s: float = DEFAULT_TIMEOUT_S,
            inline: bool | None = None, kind: str = "tool", uri: str = "", mime_type: str = "",
            schema: dict | None = None, owners_words: bool = False) -> Callable[[Callable], Callable]:
    """Mark a method as an ability; `params` maps each argument to its JSON Schema (or `schema` is the
    whole arguments schema, for what a map of parameters cannot say: $defs, $schema, oneOf).

    `inline` True runs it on the organ's loop instead of a worker thread: only for quick, non-blocking work
    (an in-memory lookup), since a slow inline ability delays the organ's heartbeats. False keeps it on worker
    threads always (work that must not run on the loop's thread). None, the default: it starts on workers and
    moves to the loop's thread once its runs prove quick (see actors/_placement.py), with a guard that takes
    the loop over from a call that blocks it.

    `owners_words` says its answers carry what the owner typed and called (memory's cards quote instructions and
    arguments): a key over tcp:// may call it only when `[heart] remote_events` names it, or a grant does.
    """
    def mark(fn: Callable) -> Callable:
        properties = params or (schema or {}).get("properties", {})
        signature = inspect.signature(fn)
        arguments = [p for name, p in signature.parameters.items() if name != "self"]
        missing = [p.name for p in arguments if p.name not in properties]
        if missing:
            raise TypeError(f"ability {fn.__name__}: no schema for parameter(s) {', '.join(missing)}")
        required = [p.name for p in arguments if p.default is inspect.Parameter.empty]
        arguments_schema = schema
        setattr(fn, _MARK, Ability(
            name=fn.__name__, description=description,
            params=arguments_schema if arguments_schema is not None else schemas.object_schema(properties, required),
            read_only=read_only, idempotent=read_only if idempotent is None else idempotent,
            destructive=destructive, timeout_s=timeout_s, kind=kind, uri=uri, mime_type=mime_type,
            owners_words=owners_words))
        setattr(fn, _INLINE, inline)
        return fn
    return mark


def resource(uri: str, description: str, *, mime_type: str = "text/plain", timeout_s: float = 30.0
             ) -> Callable[[Callable], Callable]:
    """Mark a method as the reader of a resource (MCP resources/read); `{name}` parts of a URI template are its
    string arguments. It returns text, bytes, or MCP's {"contents": [...]}."""
    names = re.findall(r"{([A-Za-z_][A-Za-z0-9_]*)}", uri)
    return ability(description, params={n: {"type": "string"} for n in names}, read_only=True, timeout_s=timeout_s,
                   kind="resource", uri=uri, mime_type=mime_type)


def prompt(description: str, *, params: dict[str, dict] | None = None, timeout_s: float = 30.0
           ) -> Callable[[Callable], Callable]:
    """Mark a method as a prompt (MCP prompts/get) whose string arguments are `params`; it returns text,
    a list of MCP prompt messages, or MCP's {"messages": [...]}."""
    return ability(description, params=params, read_only=True, timeout_s=timeout_s, kind="prompt")


class Pump:
    """What an organ does on its loop's own thread: descriptors the loop polls beside its sockets, and
    deadlines it keeps. An organ whose calls wait on something pollable (a pipe to a wrapped server) sets
    one as `Organ.pump` and starts those calls in `begin`: they then cost no thread hand-off. Every method
    runs on the loop's thread and must never block."""

    def descriptors(self) -> dict[int, bool]:
        """The descriptors to poll for reading, each mapped to whether it is also waited on for writing."""
        return {}

    def ready(self, fd: int, readable: bool, writable: bool) -> None:
        """Handle a descriptor the poll found ready."""

    def due(self) -> float:
        """The monotonic time by which expire() must run (math.inf: no deadline)."""
        return math.inf

    def expire(self, now: float) -> None:
        """Answer what is past its deadline."""


class Organ:
    """An organ's behaviour. The SDK's loop registers it, heartbeats and calls its hooks."""

    name: str = ""
    perception: tuple[str, ...] = ()  # blood fields this organ watches; non-empty: on_blood is called
    reflexes: tuple[Reflex, ...] = ()
    workers: int = 4  # calls run concurrently on this many threads, never on the loop
    pump: Pump | None = None  # set by an organ that does work on the loop's thread (see Pump)
    options_schema: dict | None = None  # JSON Schema of `options`: checked by `actors up` before anything starts

    def __init__(self, name: str = "", options: dict | None = None, workdir: str | Path = ".") -> None:
        self.name = name or self.name or type(self).__name__.lower()
        self.options = dict(options or {})
        self.workdir = Path(workdir).resolve()
        self.reports: queue.SimpleQueue[Observation] = queue.SimpleQueue()
        self.aborted = ""  # set by abort(): the loop ends the process with a failure
        self.changed = threading.Event()  # set by manifest_changed(): the loop registers again
        self.caller = CallerLink()  # the running call's way back to its caller

    @classmethod
    def check_options(cls, options: dict) -> str:
        """Say what is wrong with these options ('' when nothing is), before the organ is started with them."""
        return schemas.check(cls.options_schema, options, "options") if cls.options_schema else ""

    # -- hooks ----------------------------------------------------------------------------

    def on_start(self) -> None:
        """Prepare before registration (open files, check options)."""

    def on_stop(self) -> None:
        """Release what on_start took; called once on a clean shutdown."""

    def on_blood(self, blood: Blood) -> None:
        """React to a beat; runs on the loop, so keep it quick."""

    def on_call(self, call: Call) -> Any:
        """Run an ability and return its result; by default dispatches to the @ability method."""
        method = self._abilities_by_name().get(call.ability)
        if method is None:
            raise ToolMissing(f"organ {self.name} has no ability {call.ability!r}")
        # the schema was built from the method's signature, so arguments that fit it also bind
        schemas.validate(getattr(method, _MARK).params, call.args)
        return method(self, **call.args)

    def on_cancel(self, call_id: str) -> None:
        """The caller cancelled a call that may be running (on the loop's thread, so keep it quick): stop its
        work where a flag cannot reach (a process, a request to a server). cancelled() is already True for it;
        its reply, whenever it comes, is dropped."""

    def on_failure(self, call: Call, exc: BaseException) -> Failure:
        """Describe a failed call for the healer."""
        if isinstance(exc, OrganError):
            return Failure(cause=exc.cause, message=str(exc), type=type(exc).__name__, hint=exc.hint)
        if isinstance(exc, OSError) and exc.errno is not None:
            code = errno.errorcode.get(exc.errno, str(exc.errno))
            where = f": {exc.filename!r}" if exc.filename else ""
            return Failure(cause=_ERRNO_CAUSES.get(exc.errno, "unknown"),
                           message=f"{code}: {exc.strerror}{where}", type=type(exc).__name__)
        cause = next((c for kind, c in _TYPE_CAUSES if isinstance(exc, kind)), "unknown")
        return Failure(cause=cause, message=f"{type(exc).__name__}: {exc}", type=type(exc).__name__)

    def abort(self, reason: str) -> None:
        """End this organ's process as failed (from any thread), so its supervisor restarts it."""
        self.aborted = reason or "aborted"

    def manifest_changed(self) -> None:
        """Tell the heart the abilities changed (from any thread); the loop registers again."""
        self.changed.set()

    def time_left(self) -> float | None:
        """Seconds left before the running call's deadline (None outside a call, or when it has none).

        The caller has been told `timeout` once this reaches zero: an ability that can stop early (a command,
        a wait, a loop over items) should stop by then rather than do work nobody waits for.
        """
        deadline = _deadline.get()
        return None if deadline is None else deadline - time.monotonic()

    def cancelled(self) -> bool:
        """Whether the caller cancelled the running call: an ability that works in steps should check it
        between them and stop (return what it has, or raise broker.errors.Cancelled). Nobody reads its reply."""
        return self.caller.cancelled()

    def report(self, metric: str, value: float, **labels: str) -> None:
        """Hand a metric observation to the heart, which exports it (safe from any thread)."""
        self.reports.put(Observation(metric=metric, value=float(value), labels=labels))

    # -- talking to the caller (from inside an ability) --------------------------------------

    def progress(self, progress: float, total: float | None = None, message: str = "") -> bool:
        """Tell the caller how far the running call is (MCP progress); False outside a call."""
        body: dict[str, Any] = {"progress": float(progress), "message": str(message)[:1000]}
        if total is not None:
            body["total"] = float(total)
        return self.caller.notice("progress", body)

    def log(self, level: str, message: str) -> bool:
        """Send a log line to the caller's client (MCP logging; level one of LOG_LEVELS); False outside a call."""
        if level not in LOG_LEVELS:
            raise ValueError(f"level must be one of {', '.join(LOG_LEVELS)}")
        return self.caller.notice("log", {"level": level, "message": str(message)[:4000]})

    def elicit(self, message: str, schema: dict, *, timeout_s: float = 300.0) -> dict:
        """Ask the caller's user for input shaped by a flat JSON Schema; return MCP's ElicitResult
        ({"action": "accept" | "decline" | "cancel", "content": {...}}). Raises Unanswerable when the
        client cannot ask its user, CallTimeout when no answer comes in time."""
        return self.caller.ask("elicit", {"message": message, "requestedSchema": schema}, timeout_s)

    def sample(self, prompt: str | list[dict], *, max_tokens: int = 500, system: str = "",
               timeout_s: float = 120.0, **params: Any) -> dict:
        """Ask the caller's model for a completion; return MCP's CreateMessageResult ({"role", "content",
        "model", "stopReason"}). `prompt` is a user text or a list of MCP sampling messages; other MCP
        parameters (temperature, stopSequences, modelPreferences, ...) pass through."""
        messages = ([{"role": "user", "content": {"type": "text", "text": prompt}}] if isinstance(prompt, str)
                    else list(prompt))
        body = {**params, "messages": messages, "maxTokens": int(max_tokens)}
        if system:
            body["systemPrompt"] = system
        return self.caller.ask("sample", body, timeout_s)

    # -- used by the loop -----------------------------------------------------------------

    @classmethod
    def abilities(cls) -> tuple[Ability, ...]:
        """The abilities this organ declares, in definition order."""
        return tuple(getattr(m, _MARK) for m in cls._abilities_by_name().values())

    @classmethod
    def _abilities_by_name(cls) -> dict[str, Callable]:
        return _abilities_of(cls)

    def screened(self) -> tuple[Screening, ...]:
        """What the organ refused or withheld of what it wraps (a wrapped MCP server's tools), for the owner."""
        return ()

    def timeout_of(self, name: str) -> float:
        """The time an ability declares it may take (the default for one this organ does not have)."""
        found = getattr(self._abilities_by_name().get(name), _MARK, None)
        return found.timeout_s if found is not None and found.timeout_s > 0 else DEFAULT_TIMEOUT_S

    @classmethod
    def runs_inline(cls, name: str) -> bool:
        """Tell whether the ability runs on the loop rather than on a worker thread."""
        return getattr(cls._abilities_by_name().get(name), _INLINE, None) is True

    @classmethod
    def may_move(cls, name: str) -> bool:
        """Tell whether the loop may run the ability on its own thread once its runs prove quick."""
        return getattr(cls._abilities_by_name().get(name), _INLINE, None) is None

    def begin(self, call: Call, deadline: float, finish: Callable[[Reply], None]) -> bool:
        """Start a call on the loop's thread without a worker and return True; `finish` takes its reply later,
        on the loop's thread (through the pump), by the deadline. False (the default): a worker runs it."""
        return False

    def handle(self, call: Call, deadline: float | None = None) -> Reply:
        """Run one call to completion and turn its outcome into a reply; never raises.

        `deadline` (monotonic) is when the caller stops waiting: work that has not started by then is skipped,
        and the ability can read what is left with time_left().
        """
        started = time.monotonic()
        if deadline is not None and started >= deadline:
            return Reply(id=call.id, ok=False, duration_s=0.0, error=Failure(
                "timeout", f"{self.name}.{call.ability} did not run: its deadline passed before a worker was free",
                type="DeadlinePassed", hint="the organ is busy; call again later or with a longer timeout"))
        caller = self.caller
        if caller.cancelled(call.id):
            return Reply(id=call.id, ok=False, duration_s=0.0, error=self.on_failure(
                call, Cancelled(f"{self.name}.{call.ability} did not run: its caller cancelled it")))
        token = _deadline.set(deadline)
        previous = caller.enter(call.id)
        try:
            result = self.on_call(call)
        except Exception as exc:  # every failure goes back to the caller, never up the loop
            caller.leave(previous)
            if not isinstance(exc, OrganError):
                log.info("%s.%s failed: %r", self.name, call.ability, exc)
            return Reply(id=call.id, ok=False, error=self.on_failure(call, exc),
                         duration_s=time.monotonic() - started)
        finally:
            caller.leave(previous)
            _deadline.reset(token)
        return Reply(id=call.id, ok=True, result=result, duration_s=time.monotonic() - started)


@functools.cache
def _abilities_of(cls: type) -> dict[str, Callable]:
    found: dict[str, Callable] = {}
    for klass in reversed(cls.__mro__):
        for name, member in vars(klass).items():
            if callable(member) and hasattr(member, _MARK):
                found[name] = member
    return found
