"""What the mesh saved the agent, each figure with the inputs it is computed from. Pure; no money figures.

Sources: the heart's own counters (scraped from its metrics endpoint: totals since the heart started), the
console's running totals (since the console started) and memory's report, when memory gives one.
"""

from __future__ import annotations

from typing import Iterable

Sample = tuple[str, dict, float]  # (sample name, labels, value) as the Prometheus text format gives them


def totals(samples: Iterable[Sample]) -> dict[str, float]:
    """Sum the counters the saved view reads, by name and the label that matters."""
    out: dict[str, float] = {}
    for name, labels, value in samples:
        if name == "actors_retries_total":
            key = f"retries.{labels.get('decision', '')}"
        elif name == "actors_calls_total":
            key = f"calls.{labels.get('outcome', '')}"
        elif name in ("actors_organ_restarts_total", "actors_wounds_total", "actors_wounds_healed_total"):
            key = name.removeprefix("actors_").removesuffix("_total")
        else:
            continue
        out[key] = out.get(key, 0.0) + value
    return out


def rows(heart: dict[str, float] | None, live: dict, exposure: dict, memory: dict | None) -> list[dict]:
    """The rows of the saved view: what, how many, and from what."""
    found: list[dict] = []

    def add(what: str, value: object, inputs: str, since: str) -> None:
        found.append({"what": what, "value": value, "inputs": inputs, "since": since})

    saved = exposure.get("saved", {})
    tokens = exposure.get("tokens") or {}
    add("tool-schema tokens not sent", saved.get("tokens", 0),
        f"{saved.get('requests', 0)} model requests (new instructions + agent calls) × (full − exposed) tool-schema "
        f"tokens at that moment; now {tokens.get('full', '?')} full vs {tokens.get('exposed', '?')} exposed "
        "(o200k, compact JSON)", "console")
    if heart is not None:
        granted, referred, fast = (int(heart.get(f"retries.{d}", 0)) for d in ("retried", "refer", "fail_fast"))
        calls_ok, calls_failed = int(heart.get("calls.ok", 0)), int(heart.get("calls.error", 0))
        add("retries granted", granted, f"retry attempts the healer made for transient failures of read-only or "
            f"idempotent abilities; {live.get('retried_ok', 0)} of the {live.get('retry_attempts', 0)} attempts "
            "this console saw succeeded (a failure the agent never saw)", "heart")
        add("retries refused", referred + fast, f"{referred} handed straight back to the agent (bad parameters, "
            f"permissions, side effects, budget spent), {fast} refused at once by an open breaker", "heart")
        add("organ restarts", int(heart.get("organ_restarts", 0)), "organs the supervisor brought back by itself; "
            f"{calls_ok} calls succeeded and {calls_failed} failed meanwhile", "heart")
        add("wounds healed", int(heart.get("wounds_healed", 0)), f"of {int(heart.get('wounds', 0))} wounds "
            "opened; a wound heals only on the organ's next real success", "heart")
    else:
        add("organ restarts", live.get("restarts", 0), "restarts of the organs now in the mesh (the heart's "
            "metrics endpoint is off or unreachable, so retries are not counted here)", "heart")
    report = (memory or {}).get("saved")
    if isinstance(report, dict):
        memory_rows(report, add)
    elif memory is not None:
        status = memory.get("status", {})
        events = status.get("events", {})
        add("memory", sum((status.get("cards") or {}).values()), f"cards distilled from {events.get('call', 0)} "
            f"calls and {events.get('progress', 0)} progress events; {status.get('judgments', 0)} judgments", "memory")
    return found


def memory_rows(report: dict, add) -> None:
    """Rows from memory's own report (`actors memory stats`), each with the inputs of its estimate."""
    repeats = report.get("suppressed_repeats")
    if isinstance(repeats, dict):
        i = repeats.get("inputs") or {}
        add("repeated failures suppressed by memory", repeats.get("estimate", 0),
            f"{i.get('expected_without_memory', '?')} failures expected without the warnings "
            f"({i.get('baseline', 'baseline unknown')}) − {i.get('repeats_after_injection', '?')} seen after "
            f"{i.get('injections', '?')} injections of pitfalls and rules"
            + (f", in {i['opportunities']} sessions that did the warned-about work afterwards"
               if "opportunities" in i else ""), "memory")
    held = report.get("held_back_blocks")
    if isinstance(held, dict):
        i = held.get("inputs") or {}
        add("memory tokens not repeated", held.get("estimate_tokens", 0),
            f"{i.get('blocks', '?')} memory blocks held back because the same set was injected within "
            f"{i.get('reinject_after_turns', '?')} turns of the session", "memory")
    if isinstance(report.get("retired_cards"), int):
        add("cards retired", report["retired_cards"], "cards whose advice was followed by the same failure three "
            "times: no longer injected", "memory")
    cards = report.get("cards")
    if isinstance(cards, dict):
        add("cards", sum(v for v in cards.values() if isinstance(v, int)),
            ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in cards.items()), "memory")
