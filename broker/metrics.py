"""The heart's Prometheus metrics: declared once, in one registry owned by the heart."""

from __future__ import annotations

import math
import re

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info

from broker.protocol import STAGES

RECALL_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.5)
LABEL_VALUE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
CALL_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class HeartMetrics:
    """Every series the heart exports, on a private registry."""

    def __init__(self, version: str) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        Info("actors_build", "Build of the running heart.", registry=r).info({"version": version})
        self.beats = Counter("actors_heart_beats_total", "Beats published on the blood topic.", registry=r)
        self.interval = Gauge("actors_heart_interval_seconds", "Current beat interval.", registry=r)
        self.organ_up = Gauge("actors_organ_up", "1 when the organ is registered and alive.", ["organ"], registry=r)
        self.restarts = Counter("actors_organ_restarts_total", "Organ restarts by the supervisor.",
                                ["organ"], registry=r)
        self.calls = Counter("actors_calls_total", "Ability calls routed by the heart.",
                             ["organ", "outcome"], registry=r)
        self.call_seconds = Histogram("actors_call_duration_seconds", "Call round trip through the heart.",
                                      ["organ"], buckets=CALL_BUCKETS, registry=r)
        self.protocol_errors = Counter("actors_protocol_errors_total", "Frames dropped as malformed.",
                                       ["reason"], registry=r)
        self.wounds_open = Gauge("actors_wounds_open", "Open wounds.", ["organ", "cause"], registry=r)
        self.wounds_total = Counter("actors_wounds_total", "Wounds opened.", ["organ", "cause"], registry=r)
        self.wounds_healed = Counter("actors_wounds_healed_total", "Wounds healed by a real success.",
                                     ["organ", "cause"], registry=r)
        self.retries = Counter("actors_retries_total", "Retry decisions: retries made (retried), or failures "
                               "handed back (refer) or refused at once (fail_fast).", ["cause", "decision"], registry=r)
        self.sleep_stage = Gauge("actors_sleep_stage", "Sleep stage: 0 awake, 1 light, 2 deep.", registry=r)

        self.recall_seconds = Histogram("actors_recall_duration_seconds", "Memory recall latency.",
                                        buckets=RECALL_BUCKETS, registry=r)
        self.memory_cards = Gauge("actors_memory_cards", "Memory cards by kind.", ["kind"], registry=r)
        self.schema_tokens = Gauge("actors_tool_schema_tokens", "Tool-schema tokens sent to the agent "
                                   "(o200k, compact JSON of MCP tool objects).", ["view"], registry=r)
        for view in ("full", "exposed"):
            self.schema_tokens.labels(view)
        # what organs may report, by metric name: the series and the label names it takes
        self.reportable = {"actors_recall_duration_seconds": (self.recall_seconds, ()),
                           "actors_memory_cards": (self.memory_cards, ("kind",)),
                           "actors_tool_schema_tokens": (self.schema_tokens, ("view",))}

    def apply(self, metric: str, value: float, labels: dict[str, str]) -> str:
        """Apply one organ observation; return why it was refused, or ''."""
        entry = self.reportable.get(metric)
        if entry is None:
            return f"{metric!r} is not a reportable metric"
        series, names = entry
        if set(labels) != set(names) or not all(isinstance(v, str) and LABEL_VALUE.match(v) for v in labels.values()):
            return f"{metric} takes labels {list(names)} with short plain values, not {labels!r}"
        if not math.isfinite(value):
            return f"{metric}: value must be finite"
        child = series.labels(**labels) if names else series
        child.observe(value) if isinstance(series, Histogram) else child.set(value)
        return ""

    def declare_organ(self, organ: str) -> None:
        """Export zeros for an organ's series so dashboards see it before anything happens."""
        self.organ_up.labels(organ).set(0)
        self.restarts.labels(organ)
        for outcome in ("ok", "error"):
            self.calls.labels(organ, outcome)
        self.call_seconds.labels(organ)

    def set_stage(self, stage: str) -> None:
        """Record the sleep stage as its index in STAGES."""
        self.sleep_stage.set(STAGES.index(stage))
