"""Reflexes: condition -> action rules over call events, with cooldowns, credit and retirement. Pure logic.

A condition is a tree of maps, never code:
  {"organ": "fs", "cause": "timeout"}                 the event's fields match
  {"ability": "read_file", "count": 3, "window_s": 60}  ... and so did at least 3 events within 60 s
  {"all": [..]}, {"any": [..]}, {"not": {..}}
An action is {"call": "organ.ability", "args": {..}} (a read-only ability) or
{"alert": {"level": "warn", "message": "... {organ} {ability} {cause} ..."}}.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from broker.protocol import LEVELS, Event, Reflex

FIELDS = ("organ", "ability", "cause", "ok", "origin")
LEAF_KEYS = frozenset(FIELDS) | {"count", "window_s"}
IGNORED_ORIGINS = ("reflex",)  # a reflex's own calls never trigger reflexes
HISTORY = 2048
_PLACEHOLDER = re.compile(r"\{(organ|ability|cause)\}")


def check_condition(when: Any, path: str = "when") -> str:
    """Return what is wrong with a condition tree, or '' when it is well formed."""
    if not isinstance(when, dict) or not when:
        return f"{path}: must be a non-empty map"
    for combinator in ("all", "any"):
        if combinator in when:
            parts = when[combinator]
            if len(when) != 1 or not isinstance(parts, list) or not parts:
                return f"{path}.{combinator}: must be the only key, with a non-empty list"
            return next((p for i, c in enumerate(parts) if (p := check_condition(c, f"{path}.{combinator}[{i}]"))), "")
    if "not" in when:
        return f"{path}.not: must be the only key" if len(when) != 1 else check_condition(when["not"], f"{path}.not")
    unknown = set(when) - LEAF_KEYS
    if unknown:
        return f"{path}: unknown keys {sorted(unknown)} (known: all, any, not, {', '.join(sorted(LEAF_KEYS))})"
    count, window = when.get("count", 1), when.get("window_s", 60.0)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return f"{path}.count: must be a positive integer"
    if not isinstance(window, (int, float)) or isinstance(window, bool) or not 0 < window < float("inf"):
        return f"{path}.window_s: must be a positive number"
    return ""


def check_action(then: Any) -> str:
    """Return what is wrong with an action, or '' when it is well formed."""
    if not isinstance(then, dict) or set(then) not in ({"call"}, {"call", "args"}, {"alert"}):
        return "then: must hold exactly one of call (with optional args) or alert"
    if "call" in then:
        if not isinstance(then.get("args", {}), dict):
            return "then.args: must be a map"
        return "" if isinstance(then.get("call"), str) and "." in then["call"] else "then.call: must be 'organ.ability'"
    alert = then.get("alert")
    if not isinstance(alert, dict) or alert.get("level") not in LEVELS or not isinstance(alert.get("message"), str):
        return f"then.alert: needs level ({', '.join(LEVELS)}) and message"
    return ""


def matches(when: dict, event: Event, history: deque[Event] | list[Event] = ()) -> bool:
    """Tell whether the event (with the recent history) satisfies the condition."""
    if "all" in when:
        return all(matches(c, event, history) for c in when["all"])
    if "any" in when:
        return any(matches(c, event, history) for c in when["any"])
    if "not" in when:
        return not matches(when["not"], event, history)
    wanted = {k: when[k] for k in FIELDS if k in when}
    if not _fits(event, wanted):
        return False
    if "count" not in when:
        return True
    since = event.at - float(when.get("window_s", 60.0))
    seen = sum(1 for e in history if e.at >= since and _fits(e, wanted))
    return seen >= when["count"]


def _fits(event: Event, wanted: dict) -> bool:
    return all(getattr(event, k) == v for k, v in wanted.items())


def render(template: str, event: Event) -> str:
    """Fill {organ}, {ability} and {cause} from the event; nothing else is interpreted."""
    return _PLACEHOLDER.sub(lambda m: str(getattr(event, m[1])), template)


@dataclass(slots=True)
class ReflexState:
    owner: str  # the organ that declared it
    reflex: Reflex
    fires: int = 0
    credited: int = 0
    unhelpful: int = 0  # fires in a row whose wound did not heal in time
    last_fired: float | None = None
    retired: bool = False
    awaiting: list[tuple[str, float]] = field(default_factory=list)  # (organ, fired at) awaiting a heal

    @property
    def key(self) -> str:
        return f"{self.owner}/{self.reflex.name}"

    def describe(self) -> dict:
        """The reflex's record, as the healer reports it."""
        return {"reflex": self.key, "fires": self.fires, "credited": self.credited, "unhelpful": self.unhelpful,
                "retired": self.retired, "max_fires": self.reflex.max_fires}


@dataclass(frozen=True, slots=True)
class Firing:
    reflex: str
    action: dict  # the rendered action
    event: Event


class ReflexEngine:
    """Runs the reflexes the organs declared against the stream of call events."""

    def __init__(self, credit_window_s: float = 60.0, retire_after: int = 5) -> None:
        self.credit_window_s = credit_window_s
        self.retire_after = retire_after
        self.states: dict[str, ReflexState] = {}
        self.history: deque[Event] = deque(maxlen=HISTORY)

    def load(self, declared: dict[str, list[Reflex]]) -> list[str]:
        """Take the reflexes each organ declares, keeping the record of known ones; return the problems."""
        problems, fresh = [], {}
        for owner, reflexes in declared.items():
            for reflex in reflexes:
                name = reflex.name or _anonymous_name(reflex)
                problem = check_condition(reflex.when) or check_action(reflex.then)
                if problem:
                    problems.append(f"{owner}/{name}: {problem}")
                    continue
                key = f"{owner}/{name}"
                fresh[key] = self.states.get(key) or ReflexState(owner, reflex)
                fresh[key].reflex = reflex
        self.states = fresh
        return problems

    def on_event(self, event: Event, now: float) -> list[Firing]:
        """Feed a call event; return the reflexes that fire."""
        if event.kind == "healed":
            self._credit(event.organ, now)
            return []
        if event.kind != "call" or event.origin in IGNORED_ORIGINS:
            return []
        self.history.append(event)
        firings = []
        for state in self.states.values():
            if self._ready(state, now) and matches(state.reflex.when, event, self.history):
                state.fires += 1
                state.last_fired = now
                state.awaiting.append((event.organ, now))
                firings.append(Firing(state.key, _rendered(state.reflex.then, event), event))
        return firings

    def _ready(self, state: ReflexState, now: float) -> bool:
        if state.retired or state.fires >= state.reflex.max_fires:
            return False
        return state.last_fired is None or now - state.last_fired >= state.reflex.cooldown_s

    def _credit(self, organ: str, now: float) -> None:
        for state in self.states.values():
            helped = [a for a in state.awaiting if a[0] == organ and now - a[1] <= self.credit_window_s]
            if helped:
                state.credited += 1
                state.unhelpful = 0
                state.awaiting = [a for a in state.awaiting if a[0] != organ]

    def expire(self, now: float) -> list[str]:
        """Count fires whose wound did not heal in time; return the reflexes retired just now."""
        retired = []
        for state in self.states.values():
            late = [a for a in state.awaiting if now - a[1] > self.credit_window_s]
            if not late:
                continue
            state.awaiting = [a for a in state.awaiting if now - a[1] <= self.credit_window_s]
            state.unhelpful += len(late)
            if state.unhelpful >= self.retire_after and not state.retired:
                state.retired = True
                retired.append(state.key)
        return retired


def _anonymous_name(reflex: Reflex) -> str:
    # named by content, so its record follows it when the organ reorders its reflexes
    return "reflex-" + hashlib.sha1(repr((reflex.when, reflex.then)).encode()).hexdigest()[:8]


def _rendered(then: dict, event: Event) -> dict:
    if "alert" in then:
        return {"alert": {"level": then["alert"]["level"], "message": render(then["alert"]["message"], event)}}
    return {"call": then["call"], "args": dict(then.get("args", {}))}
