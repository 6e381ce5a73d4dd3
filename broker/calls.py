"""The heart's call desk: admits, forwards and times calls, judges their outcomes and hands retries to the healer."""

from __future__ import annotations

import heapq
import logging
import math
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from collections.abc import Callable
from typing import Any

from broker import protocol
from broker.authz import Grants, Principal, Role, may_call
from broker.config import HeartConfig
from broker.causes import classify, hint, may_have_run, retry_after
from broker.errors import DecodeError, EncodeError
from broker.gate import Budget, RetryPolicy, Source, Verdict, gate
from broker.health import Health
from broker.lanes import LaneDesk
from broker.metrics import UNKNOWN_ORGAN
from broker.outcome import detect
from broker.protocol import MAX_TIMEOUT_S, Ability, Call, Control, ControlReply, Failure, Reply
from broker.organs import OrganTable, offered, offers
from broker.registry import OrganRecord
from broker.vocab import CANCELLED_BY_CALLER, HEAL, Cause, Decision, OrganState, Origin

log = logging.getLogger(__name__)

NOT_HEALED = (Origin.HEALER, Origin.REFLEX, Origin.HEART, Origin.HOOK)  # origins whose failures are never retried for them
HEAL_ID_PREFIX = "~heal-"  # the heart's own request ids: random, and a prefix no client call may use
UNREACHABLE = "Unreachable"  # the failure type of a call the heart could not hand to its organ
GONE_KEPT = 1024  # calls answered `timeout`, or cancelled, whose organ's late answer is still recognised


@dataclass(slots=True)
class Pending:
    client: bytes | None  # None: a heal request the heart made itself
    call: Call
    ability: Ability | None
    deadline: float  # of this attempt
    overall: float  # of the whole call, retries included
    started: float
    heal_of: str = ""  # a heal request: the id of the call it heals
    healing: str = ""  # a call being healed: the id of its heal request
    reserved: int = 0  # retries reserved from the session's budget
    failure: Failure | None = None  # the failure that started the healing
    result: Any = None  # the result that came with that failure, if any
    size: int = -1  # bytes of the call's body as the client sent it (-1: unknown)
    grant: bytes = b""  # a lane ticket admitted with this call: granted to the client with its answer


class CallDesk:
    """Every call in flight through one heart."""

    def __init__(self, settings: HeartConfig, organs: OrganTable, health: Health,
                 send: Callable[[bytes, list[bytes]], bool], principal: Callable[[bytes], Principal],
                 clock: Callable[[], float] = time.monotonic, lanes: bool = False,
                 complain: Callable[[bytes, str, str], None] = lambda ident, reason, message: None) -> None:
        self.settings = s = settings
        self.organs = organs
        self.health = health
        self.send = send
        self.principal = principal
        self.clock = clock
        self.policy = RetryPolicy(attempts=s.retry_attempts, backoff_initial_s=s.retry_backoff_initial_s,
                                  backoff_max_s=s.retry_backoff_max_s, budget=s.retry_budget,
                                  budget_window_s=s.retry_budget_window_s)
        self.budget = Budget(self.policy)
        self.pending: dict[str, Pending] = {}
        self.deadlines: list[tuple[float, str]] = []
        # call id -> (organ, whether it was cancelled), of calls that ran out of time or were cancelled
        self.gone: OrderedDict[str, tuple[str, bool]] = OrderedDict()
        self.lanes = LaneDesk(lanes, organs.of, send, health.observe_tally, self.adopt, complain, s.healer)

    # -- admission ------------------------------------------------------------------------

    def on_call(self, ident: bytes, call: Call, frames: list[bytes]) -> None:
        """Admit a call from a client and forward it to its organ, or answer at once."""
        now = self.clock()
        rec = self.organs.get(call.organ)
        who = self.principal(ident)
        failure = self._refusal(rec, call, now, who)
        if failure is not None:
            # refused by the heart, never run: no breaker, wound or latency sample for the organ
            self.health.refused(call.organ if rec else UNKNOWN_ORGAN, failure)
            self.send(ident, protocol.encode(Reply(id=call.id, ok=False, error=failure)))
            return
        ability = rec.abilities[call.ability]
        pending = self._pending(ident, call, ability, now, len(frames[-1]))
        if self.lanes.enabled:
            pending.grant = self.lanes.offer(ident, rec, who, call.id)  # admitted before the call: the organ reads it first
        if not self.send(rec.ident, frames):
            self._conclude(pending, Failure(Cause.CRASHED, f"organ {rec.name} cannot be reached", type=UNREACHABLE),
                           None, now, Source.DIED)
            return
        self._track(call.id, pending)

    def _pending(self, client: bytes, call: Call, ability: Ability | None, started: float, size: int) -> Pending:
        """A call in the heart's hands from `started`, with its attempt's and its overall deadline."""
        attempt = (ability.timeout_s if ability else 0) or self.settings.call_timeout_s
        retries_possible = ability is not None and self._healer() is not None and (ability.read_only or ability.idempotent)
        overall = call.timeout_s or attempt * (self.policy.attempts if retries_possible else 1)
        return Pending(client, call, ability, started + min(attempt, overall), started + overall, started, size=size)

    def _refusal(self, rec: OrganRecord | None, call: Call, now: float, who: Principal) -> Failure | None:
        healer = self.settings.healer
        if who.role not in (Role.ADMIN, Role.CLIENT):  # told nothing about the mesh, not even what exists
            denied = _unauthorised(who, rec, call, self.settings.remote_events)
            if denied is not None:
                return denied
        if rec is None:
            known = ", ".join(self.organs.names()) or "none"
            return _refused(Cause.TOOL_MISSING, f"no organ named {call.organ[:64]!r} (organs: {known})", "UnknownOrgan")
        if rec.state != OrganState.UP:
            cause = Cause.NETWORK if rec.state == OrganState.LOST else Cause.CRASHED
            return _refused(cause, f"organ {rec.name} is {rec.state} ({rec.reason}){rec.drill_note()}", "OrganUnavailable",
                            unavailable_hint(rec.name, rec.state))
        if not offers(rec, healer, call.ability):
            known = ", ".join(sorted(a.name for a in offered(rec, healer)))
            return _refused(Cause.TOOL_MISSING, f"organ {rec.name} has no ability {call.ability[:128]!r} "
                            f"(abilities: {known or 'none'})", "UnknownAbility")
        denied = (_unauthorised(who, rec, call, self.settings.remote_events) if who.role != Role.ADMIN
                  else None)  # admin may call anything
        if denied is not None:
            return denied
        if call.id in self.pending or call.id.startswith(HEAL_ID_PREFIX):
            return _refused(Cause.BAD_PARAMS, f"request id {call.id[:64]!r} is already in flight", "DuplicateRequest")
        if not 0 <= call.timeout_s <= MAX_TIMEOUT_S:  # also refuses NaN
            return _refused(Cause.BAD_PARAMS, f"timeout_s must be between 0 and {MAX_TIMEOUT_S:g}", "BadTimeout")
        wait = self.health.admit(rec, now)
        if wait is not None:
            return Failure(Cause.ORGAN_UNHEALTHY, f"organ {rec.name} failed {rec.breaker.failures} times in a row; "
                           f"calls fail fast for another {wait:.1f}s", type="BreakerOpen",
                           hint="wait for the organ to recover, or use another ability", decision=Decision.FAIL_FAST)
        return None

    def _track(self, call_id: str, pending: Pending) -> None:
        self.pending[call_id] = pending
        heapq.heappush(self.deadlines, (pending.deadline, call_id))
        if len(self.deadlines) > 4 * len(self.pending) + 1024:  # answered calls linger there until compacted
            self.deadlines = [(p.deadline, cid) for cid, p in self.pending.items()]
            heapq.heapify(self.deadlines)

    # -- outcomes -------------------------------------------------------------------------

    def on_reply(self, sender: str, reply: Reply, frames: list[bytes]) -> None:
        """Judge an organ's reply and answer the caller, or start healing."""
        pending = self.pending.get(reply.id)
        if pending is None or pending.call.organ != sender:
            self._late(sender, reply)
            return
        del self.pending[reply.id]
        now = self.clock()
        if pending.heal_of:
            self._healed(pending, reply, now)
            return
        failure = detect(reply)
        if failure is None:
            if pending.grant:
                self._grant(pending)
            self.send(pending.client, frames)  # a success goes back byte for byte, before it is accounted for
            self.budget.refund(pending.call.session, pending.reserved)  # a late first attempt won the race
            self.health.observe(self._organ(pending), pending.call, None, now - pending.started, size=pending.size)
            return
        self._failed(pending, reply, failure, now)

    def adopt(self, client: bytes, call: Call, reply: Reply, size: int) -> None:
        """Conclude a lane call its organ handed over (it did not succeed), exactly as a call the heart routed."""
        now = self.clock()
        rec = self.organs.get(call.organ)
        ability = rec.abilities.get(call.ability) if rec is not None else None
        failure = detect(reply) or Failure(Cause.UNKNOWN, "the organ handed over a call that succeeded")
        if failure.cause == Cause.CANCELLED and failure.type == CANCELLED_BY_CALLER:
            self.health.cancelled(rec)  # its caller waits for nothing
            return
        started = now - max(0.0, reply.duration_s)
        pending = self._pending(client, call, ability, started, size)
        if call.id in self.pending or ability is None:  # nothing to retry it with: the caller decides
            self.health.observe(rec, call, classify(failure.message, failure.type, failure.cause), now - started,
                                failure.message, size=size)
            self._answer(pending, Reply(id=call.id, ok=False, result=reply.result if reply.ok else None,
                                        duration_s=now - started, error=_advised(failure, Decision.REFER, 0)))
            return
        if failure.type == "Deadline":  # the organ gave up on it at the heart's deadline: its late answer follows
            self._gone(call.id, call.organ, cancelled=False)
        self._failed(pending, reply, failure, now)

    def _failed(self, pending: Pending, reply: Reply, failure: Failure, now: float) -> None:
        cause = classify(failure.message, failure.type, failure.cause)
        if cause == Cause.CANCELLED:  # the organ says its call was cancelled (not by this caller): no one's failure
            self.health.cancelled(self._organ(pending))
            self._answer(pending, Reply(id=pending.call.id, ok=False, duration_s=now - pending.started,
                                        error=_advised(replace(failure, cause=cause), Decision.REFER, 0)))
            return
        source = Source.RESULT if reply.ok else Source.RAISED
        self._conclude(pending, replace(failure, cause=cause), reply.result if reply.ok else None, now, source)

    def _conclude(self, pending: Pending, failure: Failure, result: Any, now: float, source: Source) -> None:
        rec = self._organ(pending)
        self.health.observe(rec, pending.call, failure.cause, now - pending.started, failure.message,
                            source=source, size=pending.size)
        if rec is not None and self.lanes.enabled:
            self.lanes.review(rec)  # a breaker that opened closes the organ's lanes at once
        if pending.healing:
            self._track(pending.call.id, pending)  # a late answer to the first attempt; the healer decides
            return
        verdict = self._gate(pending, failure, now)
        if verdict.retries and self._heal(pending, failure, result, verdict, now):
            return
        self.health.decided(failure.cause, Decision.REFER)
        side_effects = _has_side_effects(pending.ability) and failure.type != UNREACHABLE  # unreachable: never ran
        self._answer(pending, Reply(id=pending.call.id, ok=False, result=result, duration_s=now - pending.started,
                                    error=_advised(failure, Decision.REFER, 0, side_effects)))

    def _gate(self, pending: Pending, failure: Failure, now: float) -> Verdict:
        if pending.call.origin in NOT_HEALED:
            return Verdict(0, Decision.REFER, f"{pending.call.origin} calls are not retried")
        return gate(failure.cause, pending.ability, pending.overall - now,
                    self.budget.left(pending.call.session, now), self._healer() is not None, self.policy)

    def _organ(self, pending: Pending) -> OrganRecord | None:
        return self.organs.get(pending.call.organ)

    def _answer(self, pending: Pending, reply: Reply) -> None:
        if pending.client is not None:
            if pending.grant:
                self._grant(pending)
            self.send(pending.client, protocol.encode(reply))

    def _grant(self, pending: Pending) -> None:
        self.lanes.grant(pending.client, self.organs.get(pending.call.organ), pending.grant)
        pending.grant = b""

    # -- healing --------------------------------------------------------------------------

    def _healer(self) -> OrganRecord | None:
        rec = self.organs.get(self.settings.healer)
        return rec if rec is not None and rec.state == OrganState.UP and HEAL in rec.abilities else None

    def _heal(self, pending: Pending, failure: Failure, result: Any, verdict: Verdict, now: float) -> bool:
        healer = self._healer()
        remaining = pending.overall - now
        heal_id = HEAL_ID_PREFIX + secrets.token_hex(12)
        args = {"call": pending.call, "failure": failure,
                "retries": verdict.retries, "deadline_s": remaining,
                "attempt_timeout_s": min(pending.ability.timeout_s or remaining, remaining),
                "backoff_initial_s": self.policy.backoff_initial_s, "backoff_max_s": self.policy.backoff_max_s,
                "retry_after_s": retry_after(failure.message)}
        heal = Call(id=heal_id, organ=healer.name, ability=HEAL, args=args, timeout_s=remaining, origin=Origin.HEART)
        try:
            frames = protocol.encode(heal)
        except EncodeError:  # arguments nested too deeply to carry twice: the caller decides
            return False
        if not self.send(healer.ident, frames):
            return False
        self.budget.spend(pending.call.session, verdict.retries, now)
        pending.healing, pending.reserved, pending.failure, pending.result = heal_id, verdict.retries, failure, result
        pending.deadline = pending.overall
        self._track(pending.call.id, pending)
        self._track(heal_id, Pending(None, heal, None, pending.overall, pending.overall, now, heal_of=pending.call.id))
        return True

    def _healed(self, heal: Pending, reply: Reply, now: float) -> None:
        healer = self.organs.get(heal.call.organ)
        self.health.observe(healer, heal.call, None if reply.ok else Cause.UNKNOWN, now - heal.started,
                           source=Source.RAISED)
        pending = self.pending.pop(heal.heal_of, None)
        if pending is None:
            return  # the call was answered another way (its first attempt succeeded late, or its deadline passed)
        try:
            inner = protocol.from_plain(Reply, reply.result["reply"]) if reply.ok else None
            retried = int(reply.result["retried"]) if reply.ok else 0
        except (DecodeError, TypeError, KeyError, ValueError) as exc:
            log.warning("the healer sent a malformed heal result: %s", exc)
            inner, retried = None, 0
        self.budget.refund(pending.call.session, pending.reserved - retried)
        self.health.decided(pending.failure.cause, Decision.RETRIED, retried)
        if inner is None:
            why = reply.error.message if reply.error else "malformed heal result"
            final = Reply(id=pending.call.id, ok=False, result=pending.result, error=replace(
                _advised(pending.failure, Decision.REFER, 0), hint=f"the healer could not retry: {why}"))
        else:
            error = _advised(inner.error, Decision.RETRIED, retried) if inner.error else None
            final = replace(inner, id=pending.call.id, retried=retried, error=error,
                            duration_s=now - pending.started)
        self._answer(pending, final)

    # -- cancellation -----------------------------------------------------------------------

    def cancel(self, client: bytes, cancel: protocol.Cancel, frames: list[bytes]) -> None:
        """End a call its caller no longer wants: unanswered (the caller asked for that), never retried, no
        failure for the organ; the organ running it (and the healer retrying it) is told. Nothing happens when
        the call is not in flight for this connection (answered already, or someone else's)."""
        pending = self.pending.get(cancel.id)
        if pending is None or pending.client != client:
            log.debug("a cancel for call %r, not in flight for its sender", cancel.id[:64])
            return
        del self.pending[cancel.id]
        if pending.grant:  # the lane its answer would have brought still comes
            self._grant(pending)
        if pending.healing:  # the healer retries it: its heal request ends here too
            heal = self.pending.pop(pending.healing, None)
            if heal is not None:
                self._tell_cancelled(heal.call.organ, protocol.encode(protocol.Cancel(heal.call.id, cancel.reason)),
                                     heal.call.id)
        self._tell_cancelled(pending.call.organ, frames, cancel.id)
        self.budget.refund(pending.call.session, pending.reserved)
        self.health.cancelled(self._organ(pending))

    def _tell_cancelled(self, organ: str, frames: list[bytes], call_id: str) -> None:
        rec = self.organs.get(organ)
        if rec is not None:
            self.send(rec.ident, frames)
        self._gone(call_id, organ, cancelled=True)  # its late answer: neither a success nor a failure of the organ

    def _gone(self, call_id: str, organ: str, cancelled: bool) -> None:
        """Remember a call answered without its organ's reply, whose late reply is to be recognised."""
        self.gone[call_id] = (organ, cancelled)
        if len(self.gone) > GONE_KEPT:
            self.gone.popitem(last=False)

    def caller_of(self, call_id: str, organ: str) -> bytes | None:
        """The connection waiting for a call that this organ is running, if it still is."""
        pending = self.pending.get(call_id)
        return pending.client if pending is not None and pending.call.organ == organ else None

    # -- deadlines and deaths -------------------------------------------------------------

    def next_deadline(self) -> float:
        """When the earliest call in flight runs out of time."""
        while self.deadlines and self.deadlines[0][1] not in self.pending:
            heapq.heappop(self.deadlines)
        return self.deadlines[0][0] if self.deadlines else math.inf

    def expire(self, now: float) -> None:
        """Fail the attempts and calls whose deadline has passed."""
        while self.deadlines and self.deadlines[0][0] <= now:
            _, call_id = heapq.heappop(self.deadlines)
            pending = self.pending.get(call_id)
            if pending is None or pending.deadline > now:
                continue
            del self.pending[call_id]
            took = now - pending.started
            failure = Failure(Cause.TIMEOUT, f"organ {pending.call.organ} did not answer "
                              f"{pending.call.organ}.{pending.call.ability} within {took:.1f}s", type="Deadline")
            if pending.heal_of:
                self._healed(pending, Reply(id=call_id, ok=False, error=failure), now)
            elif pending.healing:
                self.budget.refund(pending.call.session, pending.reserved)
                self._answer(pending, Reply(id=call_id, ok=False, result=pending.result, duration_s=took,
                                            error=_advised(failure, Decision.RETRIED, 0)))
            else:
                self._conclude(pending, failure, None, now, Source.DEADLINE)
                self._gone(call_id, pending.call.organ, cancelled=False)

    def _late(self, sender: str, reply: Reply) -> None:
        """A reply after its call ran out of time: if the organ ended the work as told, the deadline is forgiven.
        The answer of a cancelled call is dropped: nobody waits for it, and how it ended says nothing of the organ."""
        organ, cancelled = self.gone.pop(reply.id, ("", False))
        if organ != sender:
            log.debug("dropped an unknown or misdirected reply %r from %s", reply.id, sender)
            return
        if cancelled:
            return
        failure = detect(reply)
        if failure is None:
            return  # it did the work, only too slowly: the deadline stands
        cause = classify(failure.message, failure.type, failure.cause)
        rec = self.organs.get(sender)
        if rec is not None:
            self.health.forgive_late(rec, cause, Source.RESULT if reply.ok else Source.RAISED)

    def fail_organ(self, organ: str, message: str) -> None:
        """The organ died: its calls in flight fail now, as crashed; its lanes are closed."""
        self.lanes.forget(organ)
        now = self.clock()
        for call_id in [cid for cid, p in self.pending.items() if p.call.organ == organ]:
            pending = self.pending.pop(call_id)
            failure = Failure(Cause.CRASHED, message, type="OrganDied")
            if pending.heal_of:
                self._healed(pending, Reply(id=call_id, ok=False, error=failure), now)
            else:
                self._conclude(pending, failure, None, now, Source.DIED)

    def fail_all(self, message: str) -> None:
        """The heart is stopping: every caller gets an answer."""
        for call_id, pending in list(self.pending.items()):
            self._answer(pending, Reply(id=call_id, ok=False, error=_advised(
                Failure(Cause.CRASHED, message, type="HeartStopping"), Decision.REFER, 0, _has_side_effects(pending.ability))))
        self.pending.clear()


def oversized(kind: type | None, request_id: str, size: int, limit: int) -> Reply | ControlReply | None:
    """The answer to a request too large to take; for a reply too large, the failed reply that stands for it."""
    message = (f"the {kind.__name__.lower() if kind else 'message'} is {size} bytes, over the "
               f"mesh's frame limit of {limit} bytes (heart.max_frame_bytes)")
    if kind is Call:
        return Reply(id=request_id, ok=False, error=Failure(
            Cause.BAD_PARAMS, message, type="RequestTooLarge", decision=Decision.REFER,
            hint="send less at a time: split the work, or pass a path instead of the content"))
    if kind is Control:
        return ControlReply(id=request_id, ok=False, error=message)
    if kind is Reply:
        return Reply(id=request_id, ok=False, error=Failure(
            Cause.BAD_PARAMS, f"the organ's result {message.removeprefix('the reply ')}", type="ReplyTooLarge",
            hint="ask for less at a time (a smaller window, limit or page)"))
    return None


def _unauthorised(who: Principal, rec: OrganRecord | None, call: Call, readers: tuple[str, ...]) -> Failure | None:
    """A permission failure naming the rule, when the principal may not make this call (`readers`: [heart]
    remote_events)."""
    ability = rec.abilities.get(call.ability) if rec is not None else None
    grants = Grants(rec.spec.allow, rec.spec.allow_abilities) if rec is not None else Grants()
    decision = may_call(who, call.organ[:64], call.ability[:128], bool(ability and ability.read_only), grants,
                        bool(ability and ability.owners_words), readers)
    if decision.allowed:
        return None
    return _refused(Cause.PERMISSION, f"{who.describe()} may not call {call.organ[:64]}.{call.ability[:128]}: "
                                  f"{decision.rule}", "NotAllowed")


def _refused(cause: str, message: str, type_name: str, advice: str = "") -> Failure:
    return _advised(Failure(cause, message, type=type_name, hint=advice), Decision.REFER, 0)


def unavailable_hint(organ: str, state: str) -> str:
    """What to do about a call refused because its organ is not up: a fatal or stopped organ stays so until it is
    revived (retrying cannot help); one starting or restarting comes back by itself; a lost one may."""
    if state in (OrganState.FATAL, OrganState.STOPPED):
        return (f"organ {organ} will not come back by itself: retrying cannot help; fix what stops it (its log), "
                f"then `actors revive {organ}`")
    if state in (OrganState.STARTING, OrganState.RESTARTING):
        return f"organ {organ} is coming back: retry in a moment"
    return ""  # lost: the cause's own hint (it may answer again, or be restarted)


def _advised(failure: Failure, decision: str, retried: int, side_effects: bool = False) -> Failure:
    # that the call may have run matters more to the caller's next step than the organ's own hint
    if may_have_run(failure.cause, side_effects):
        return replace(failure, hint=hint(failure.cause, side_effects), decision=decision, retried=retried)
    return replace(failure, hint=failure.hint or hint(failure.cause), decision=decision, retried=retried)


def _has_side_effects(ability: Ability | None) -> bool:
    return ability is not None and not (ability.read_only or ability.idempotent)
