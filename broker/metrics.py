"""The heart's Prometheus metrics: declared once, in one registry owned by the heart.

Organs never export metrics themselves: they report observations to the heart (`Organ.report`), which
applies them here. One process, one registry, no multiprocess files: the series count depends only on
the mesh file's organs and the fixed vocabularies below, never on pids or restarts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info, disable_created_metrics

from broker.protocol import CAUSES, SCREENED, STAGES, STATES
from broker.vocab import CARD_KINDS, BeatKind, Decision, Judged, OrganState, Outcome

RECALL_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.5)
LABEL_VALUE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
CALL_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

OUTCOMES = tuple(Outcome)
DECISIONS = tuple(Decision)  # broker.gate.Verdict.decision
BEAT_REASONS = tuple(BeatKind)  # broker.beat.Pulse.kind
PROTOCOL_ERROR_REASONS = ("framing", "version", "kind", "size", "body", "schema",  # DecodeError.reason
                          "handler", "sender", "report", "auth", "internal",  # the heart's own
                          "permission")  # a message its sender may not send (a report from a client key)
# why the MCP front door refused a request before it reached the mesh (reported by `actors mcp`)
MCP_REFUSALS = ("size", "envelope", "params", "unknown", "deadline", "unsupported", "peer", "slow", "connections")
VIEWS = ("full", "exposed")
UNKNOWN_ORGAN = "unknown"  # the organ label of calls to an organ the mesh does not declare
# label values organs may report, where the vocabulary is fixed (anything else is refused)
REPORTED_VOCABULARY = {"kind": CARD_KINDS, "view": VIEWS, "reason": MCP_REFUSALS, "outcome": tuple(Judged)}
CLIENT_REPORTABLE = frozenset({"actors_mcp_refused_total"})  # what a client that is not an organ may report
MAX_CLIENT_OBSERVATIONS = 100  # taken from one report of such a client


class HeartMetrics:
    """Every series the heart exports, on a private registry."""

    def __init__(self, version: str) -> None:
        # _created gauges would double every counter and histogram; Prometheus does not need them
        disable_created_metrics()
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        Info("actors_build", "Build of the running heart: 1, with the version as a label.",
             registry=r).info({"version": version})
        self.beats = Counter("actors_heart_beats_total", "Beats published on the blood topic.", registry=r)
        self.interval = Gauge("actors_heart_interval_seconds", "Current beat interval.", registry=r)
        self.beat_reason = Gauge("actors_heart_beat_reason", "1 for the kind of reason of the current beat "
                                 "interval (steady, alerts, quiet, critical, failing), 0 for the others.",
                                 ["reason"], registry=r)
        self.organ_up = Gauge("actors_organ_up", "1 when the organ is registered and alive.", ["organ"], registry=r)
        self.organ_state = Gauge("actors_organ_state", "1 for the organ's current state (starting, up, lost, "
                                 "restarting, fatal, stopped), 0 for the others; set on every change of state.",
                                 ["organ", "state"], registry=r)
        self.restarts = Counter("actors_organ_restarts_total", "Organ restarts by the supervisor.",
                                ["organ"], registry=r)
        self.calls = Counter("actors_calls_total", "Ability calls routed by the heart.",
                             ["organ", "outcome"], registry=r)
        self.call_errors = Counter("actors_call_errors_total", "Failed ability calls, by the cause of the failure.",
                                   ["organ", "cause"], registry=r)
        self.call_seconds = Histogram("actors_call_duration_seconds", "Call round trip through the heart.",
                                      ["organ"], buckets=CALL_BUCKETS, registry=r)
        self.protocol_errors = Counter("actors_protocol_errors_total", "Frames dropped as malformed.",
                                       ["reason"], registry=r)
        self.wounds_open = Gauge("actors_wounds_open", "Open wounds.", ["organ", "cause"], registry=r)
        self.wounds_total = Counter("actors_wounds_total", "Wounds opened.", ["organ", "cause"], registry=r)
        self.wounds_chronic = Gauge("actors_wounds_chronic", "Open wounds whose organ has kept failing for "
                                    "chronic_after_s (1) or not (0).", ["organ", "cause"], registry=r)
        self.wounds_healed = Counter("actors_wounds_healed_total", "Wounds healed by a real success.",
                                     ["organ", "cause"], registry=r)
        self.retries = Counter("actors_retries_total", "Retry decisions: retries made (retried), or failures "
                               "handed back (refer) or refused at once (fail_fast).", ["cause", "decision"], registry=r)
        self.sleep_stage = Gauge("actors_sleep_stage", "Sleep stage: 0 awake, 1 light, 2 deep.", registry=r)

        self.recall_seconds = Histogram("actors_recall_duration_seconds", "Memory recall latency.",
                                        buckets=RECALL_BUCKETS, registry=r)
        self.memory_cards = Gauge("actors_memory_cards", "Memory cards by kind.", ["kind"], registry=r)
        self.memory_judged = Counter("actors_memory_judged_total", "Recalls that asked the caller's model or agent to "
                                     "choose, by how they ended (model; agent: candidates given; nothing_proposed; "
                                     "unsupported, timeout, unreadable: the words chose).", ["outcome"], registry=r)
        self.schema_tokens = Gauge("actors_tool_schema_tokens", "Tool-schema tokens sent to the agent "
                                   "(o200k, compact JSON of MCP tool objects).", ["view"], registry=r)
        self.mcp_refused = Counter("actors_mcp_refused_total", "Requests the MCP front door refused before they "
                                   "reached the mesh, by reason (size, envelope, params, unknown, deadline, "
                                   "unsupported, peer; slow: an HTTP request head not complete in time, "
                                   "connections: too many open).", ["reason"], registry=r)
        self.stuck_calls = Gauge("actors_organ_stuck_calls", "Calls still running in the organ past their deadline "
                                 "(workers stuck); as reported by the organ's watchdog.", ["organ"], registry=r)
        self.tools_screened = Gauge("actors_organ_tools_screened", "Tools of a wrapped server the organ refused "
                                    "(for their name, or a word their calls write back) or registered with a text "
                                    "withheld (it reads as an instruction to a model), as of its registration (0 "
                                    "while it is not connected).", ["organ", "outcome"],
                                    registry=r)
        # what organs may report, by metric name: the series and the label names it takes
        self.reportable = {"actors_recall_duration_seconds": (self.recall_seconds, ()),
                           "actors_memory_cards": (self.memory_cards, ("kind",)),
                           "actors_memory_judged_total": (self.memory_judged, ("outcome",)),
                           "actors_tool_schema_tokens": (self.schema_tokens, ("view",)),
                           "actors_mcp_refused_total": (self.mcp_refused, ("reason",)),
                           "actors_organ_stuck_calls": (self.stuck_calls, ("organ",))}
        # the children a call's outcome touches, bound once per label set (labels() costs a lock and a lookup)
        self._done: dict[tuple[str, str | None], tuple] = {}
        self._retries: dict[tuple[str, str], Any] = {}
        self._declare_mesh()

    def _declare_mesh(self) -> None:
        """Export zeros for every series whose labels do not name an organ."""
        for reason in PROTOCOL_ERROR_REASONS:
            self.protocol_errors.labels(reason)
        for cause in CAUSES:
            for decision in DECISIONS:
                self.retries.labels(cause, decision)
        for kind in CARD_KINDS:
            self.memory_cards.labels(kind)
        for outcome in Judged:
            self.memory_judged.labels(outcome)
        for view in VIEWS:
            self.schema_tokens.labels(view)
        for reason in MCP_REFUSALS:
            self.mcp_refused.labels(reason)
        self.set_beat_reason(BeatKind.STEADY)
        self.calls.labels(UNKNOWN_ORGAN, "error")
        self.call_errors.labels(UNKNOWN_ORGAN, "tool_missing")

    def apply(self, metric: str, value: float, labels: dict[str, str], organ: str = "") -> str:
        """Apply one organ observation; return why it was refused, or ''.

        A series labelled by organ takes the reporting organ's name: an organ speaks only for itself.
        """
        entry = self.reportable.get(metric)
        if entry is None:
            return f"{metric!r} is not a reportable metric"
        series, names = entry
        if "organ" in names:
            labels = {**labels, "organ": organ}
        if set(labels) != set(names) or not all(isinstance(v, str) and LABEL_VALUE.match(v) for v in labels.values()):
            return f"{metric} takes labels {list(names)} with short plain values, not {labels!r}"
        for name, value_ in labels.items():
            if name in REPORTED_VOCABULARY and value_ not in REPORTED_VOCABULARY[name]:
                return f"{metric}: {name} must be one of {', '.join(REPORTED_VOCABULARY[name])}, not {value_!r}"
        if not math.isfinite(value):
            return f"{metric}: value must be finite"
        child = series.labels(**labels) if names else series
        if isinstance(series, Counter):
            if value < 0:
                return f"{metric}: a counter only grows"
            child.inc(value)
        elif isinstance(series, Histogram):
            child.observe(value)
        else:
            child.set(value)
        return ""

    def apply_all(self, observations, organ: str = "") -> list[str]:
        """Apply observations (an organ's, or a client's when organ is ''); return why any were refused."""
        problems = []
        for obs in observations:
            problem = self.apply(obs.metric, obs.value, obs.labels, organ=organ)
            if problem:
                problems.append(f"organ {organ}: {problem}" if organ else problem)
        return problems

    def declare_organ(self, organ: str) -> None:
        """Export zeros for an organ's series so dashboards see it before anything happens."""
        self.organ_up.labels(organ).set(0)
        self.set_organ_state(organ, OrganState.STOPPED)  # an OrganRecord's state until the supervisor spawns it
        self.restarts.labels(organ)
        for outcome in OUTCOMES:
            self.calls.labels(organ, outcome)
        self.call_seconds.labels(organ)
        self.stuck_calls.labels(organ)
        self.set_screened(organ, ())
        for cause in CAUSES:
            self.call_errors.labels(organ, cause)
            self.wounds_open.labels(organ, cause)
            self.wounds_chronic.labels(organ, cause)
            self.wounds_total.labels(organ, cause)
            self.wounds_healed.labels(organ, cause)

    def set_screened(self, organ: str, screened: tuple) -> None:
        """Record how many tools the organ's registration refused or withheld, by outcome (Screening.outcome)."""
        for outcome in SCREENED:
            self.tools_screened.labels(organ, outcome).set(sum(1 for s in screened if s.outcome == outcome))

    def set_stage(self, stage: str) -> None:
        """Record the sleep stage as its index in STAGES."""
        self.sleep_stage.set(STAGES.index(stage))

    def set_organ_state(self, organ: str, state: str) -> None:
        """Record the organ's state: 1 for it, 0 for every other state."""
        for known in STATES:
            self.organ_state.labels(organ, known).set(1 if known == state else 0)

    def set_beat_reason(self, kind: str) -> None:
        """Record the kind of the beat's reason (one of BEAT_REASONS, never the reason's free text)."""
        for known in BEAT_REASONS:
            self.beat_reason.labels(known).set(1 if known == kind else 0)

    def beat(self, blood: Any, kind: str) -> None:
        """Account for one published beat: count it, and record its interval, the kind of its reason and the stage."""
        self.beats.inc()
        self.interval.set(blood.interval_s)
        self.set_beat_reason(kind)
        self.set_stage(blood.stage)

    def call_done(self, organ: str, cause: str | None, duration_s: float | None = None) -> None:
        """Count one call's outcome (cause None: a success), and its round trip when it was forwarded."""
        children = self._done.get((organ, cause))
        if children is None:
            children = self._bind_done(organ, cause)
        calls, errors, seconds = children
        calls.inc()
        if errors is not None:
            errors.inc()
        if duration_s is not None:
            seconds.observe(duration_s)

    def calls_succeeded(self, organ: str, durations: Sequence[float]) -> None:
        """Count successes of one organ at once (a lane tally), each with its duration, as call_done would."""
        if not durations:
            return
        children = self._done.get((organ, None))
        if children is None:
            children = self._bind_done(organ, None)
        calls, _, seconds = children
        calls.inc(len(durations))
        for duration_s in durations:
            seconds.observe(duration_s)

    def _bind_done(self, organ: str, cause: str | None) -> tuple:
        if len(self._done) > 64 * len(CAUSES):  # organ names come from the mesh file, but be safe
            self._done.clear()
        children = (self.calls.labels(organ, Outcome.OK if cause is None else Outcome.ERROR),
                    None if cause is None else self.call_errors.labels(organ, cause if cause in CAUSES else "unknown"),
                    self.call_seconds.labels(organ))
        self._done[(organ, cause)] = children
        return children

    def call_cancelled(self, organ: str) -> None:
        """Count a call its caller cancelled before the answer (outcome `cancelled`, not an error)."""
        self.calls.labels(organ, Outcome.CANCELLED).inc()

    def retried(self, cause: str, decision: str, count: int = 1) -> None:
        """Count retry decisions (or retries made, for `retried`)."""
        child = self._retries.get((cause, decision))
        if child is None:
            child = self._retries[(cause, decision)] = self.retries.labels(cause, decision)
        child.inc(count)

    def wound_opened(self, organ: str, cause: str) -> None:
        """A new wound."""
        self.wounds_total.labels(organ, cause).inc()
        self.wounds_open.labels(organ, cause).inc()

    def wound_chronic(self, organ: str, cause: str, chronic: bool) -> None:
        """A wound turned chronic (its organ kept failing) or quiet."""
        self.wounds_chronic.labels(organ, cause).set(1 if chronic else 0)

    def wound_healed(self, organ: str, cause: str) -> None:
        """A wound closed by a real success."""
        self.wounds_open.labels(organ, cause).dec()
        self.wounds_healed.labels(organ, cause).inc()
