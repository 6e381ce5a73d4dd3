"""What injected warnings saved: repeats that did not happen where the warned-about work was done. Pure.

A warning (a pitfall or a rule injected into a session) can only have saved something in a session that went
on to do the work it is about: a call of the card's ability, and for commands of its program family. Such a
session is an *opportunity*; a *repeat* is a failure with the card's own signature after the injection. What
would have happened without the warning is the card's baseline: failures with its signature per session that
did its work without it injected, counted in the journal. A card with no such session (an imported card, one
injected everywhere) has no baseline, and its opportunities count for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Call:
    """A journalled call, reduced to what matching needs."""

    session: str
    ts: float
    ability: str  # organ.ability
    families: tuple[str, ...]  # the program families of a command ('' parts left out)
    keys: tuple[str, ...] = ()  # for a failure: the keys of the pitfall and rule that warn about it


@dataclass(frozen=True, slots=True)
class Injected:
    """A warning card put in front of a session's model at `at`."""

    session: str
    card_id: int
    at: float
    kind: str
    key: str


@dataclass(frozen=True, slots=True)
class Work:
    """A card's kind of work, learned from the failures that made it: the ability and the families seen."""

    ability: str
    families: frozenset[str]

    def done_by(self, call: Call) -> bool:
        """Tell whether a call does this work (for a command, one of the card's program families)."""
        return call.ability == self.ability and (not self.families or bool(self.families & set(call.families)))


def works(calls: list[Call], keys: set[str]) -> dict[str, Work]:
    """Each card key's kind of work, from the journal's failures with that key."""
    seen: dict[str, tuple[str, set[str]]] = {}
    for call in calls:
        for key in set(call.keys) & keys:
            ability, families = seen.setdefault(key, (call.ability, set()))
            if call.ability == ability:
                families.update(f for f in call.families if f)
    return {key: Work(ability, frozenset(families)) for key, (ability, families) in seen.items()}


def suppressed(injections: list[Injected], calls: list[Call]) -> dict:
    """The estimate of failures the injections saved, with its inputs, overall and per card."""
    keys = {i.key for i in injections}
    work = works(calls, keys)
    by_ability: dict[str, dict[str, list[Call]]] = {}  # ability -> session -> its calls, in journal order
    for call in calls:
        by_ability.setdefault(call.ability, {}).setdefault(call.session, []).append(call)
    first_injected: dict[tuple[str, str], float] = {}
    for i in injections:
        first_injected[(i.key, i.session)] = min(i.at, first_injected.get((i.key, i.session), i.at))
    baselines = {key: baseline(key, work.get(key), by_ability, first_injected) for key in keys}
    cards: dict[int, dict] = {}
    for i in sorted(injections, key=lambda i: (i.card_id, i.session)):
        row = cards.setdefault(i.card_id, {"card": i.card_id, "kind": i.kind, "injections": 0, "opportunities": 0,
                                           "repeats": 0, **baselines[i.key]})
        row["injections"] += 1
        kind_of_work = work.get(i.key)
        if kind_of_work is None:
            continue  # no failure in the journal has the card's signature: no repeat either
        after = [c for c in by_ability.get(kind_of_work.ability, {}).get(i.session, []) if c.ts >= i.at]
        repeats = sum(1 for c in after if i.key in c.keys)
        if repeats or any(kind_of_work.done_by(c) for c in after):
            row["opportunities"] += 1
            row["repeats"] += repeats
    expected = sum(r["opportunities"] * r["rate"] for r in cards.values() if r["rate"] is not None)
    repeats = sum(r["repeats"] for r in cards.values() if r["rate"] is not None)
    return {
        "estimate": round(max(0.0, expected - repeats), 2),
        "method": "over sessions that did a warned-about card's work after its injection (opportunities): "
                  "failures expected at the card's baseline rate minus failures with its signature seen after it",
        "inputs": {"injections": len(injections), "opportunities": sum(r["opportunities"] for r in cards.values()),
                   "repeats_after_injection": sum(r["repeats"] for r in cards.values()),
                   "expected_without_memory": round(expected, 2),
                   "without_baseline": sum(r["opportunities"] for r in cards.values() if r["rate"] is None),
                   "baseline": "each card's failures with its signature per journalled session that did its work "
                               "(its ability, and for commands its program family) without the card injected"},
        "cards": [{**r, "rate": None if r["rate"] is None else round(r["rate"], 4)} for r in cards.values()],
    }


def baseline(key: str, work: Work | None, by_ability: dict[str, dict[str, list[Call]]],
             first_injected: dict[tuple[str, str], float]) -> dict:
    """A card's failures per session that did its work before (or without) its injection, and the counts."""
    if work is None:
        return {"rate": None, "baseline_sessions": 0, "baseline_failures": 0}
    sessions = failures = 0
    for session, calls in by_ability.get(work.ability, {}).items():
        until = first_injected.get((key, session), float("inf"))
        done = [c for c in calls if c.ts < until and work.done_by(c)]
        if done:
            sessions += 1
            failures += sum(1 for c in done if key in c.keys)
    return {"rate": failures / sessions if sessions else None, "baseline_sessions": sessions,
            "baseline_failures": failures}
