"""The judgments portrait: how the user's standing judgments are laid out on the page. Pure.

A one-line summary on top; red lines in their own block; principles as the body; workflow and taste side
by side; each entry's weight drawn as line weight (1 to 4) and its fading as opacity. An entry said only
once that has faded below `FOLD_BELOW` of full strength (a half-life without being confirmed again) is
unconfirmed and goes into a folded section. Red lines never fade and are never folded.
"""

from __future__ import annotations

from enum import StrEnum

FOLD_BELOW = 0.5
MIN_OPACITY = 0.45
LINE_WEIGHTS = 4


class Section(StrEnum):
    """Where an entry is drawn; the values are the judgment kinds (plus the folded section)."""

    REDLINE = "redline"
    PRINCIPLE = "principle"
    WORKFLOW = "workflow"
    TASTE = "taste"
    UNCONFIRMED = "unconfirmed"


NAMES = {Section.REDLINE: ("red line", "red lines"), Section.PRINCIPLE: ("principle", "principles"),
         Section.WORKFLOW: ("workflow habit", "workflow habits"), Section.TASTE: ("taste", "tastes")}


def unconfirmed(entry: dict) -> bool:
    """Tell whether an entry was said once and has faded (never true of a red line)."""
    return entry["kind"] != Section.REDLINE and entry["confirmations"] < 2 and entry["strength"] < FOLD_BELOW


def portrait(entries: list[dict]) -> dict:
    """Lay out judgments (plain maps with kind, statement, confirmations and strength) by section."""
    strongest = max((e["strength"] for e in entries), default=1.0) or 1.0
    sections: dict[str, list[dict]] = {s.value: [] for s in Section}
    for entry in sorted(entries, key=lambda e: (-e["strength"], e["id"])):
        relative = min(1.0, entry["strength"] / strongest)
        drawn = {**entry, "line": 1 + round((LINE_WEIGHTS - 1) * relative),
                 "opacity": 1.0 if entry["kind"] == Section.REDLINE
                 else round(MIN_OPACITY + (1 - MIN_OPACITY) * min(1.0, entry["strength"]), 3)}
        sections[Section.UNCONFIRMED if unconfirmed(entry) else entry["kind"]].append(drawn)
    return {"summary": summary(sections), "total": len(entries), "sections": sections}


def summary(sections: dict[str, list[dict]]) -> str:
    """One line: how many judgments of each kind, and the strongest one."""
    parts = [f"{len(sections[s])} {NAMES[s][len(sections[s]) != 1]}" for s in NAMES if sections[s]]
    folded = len(sections[Section.UNCONFIRMED])
    if not parts and not folded:
        return "No judgments yet: the agent records them with memory.remember (or `actors memory remember`)."
    line = ", ".join(parts) if parts else "nothing confirmed"
    if folded:
        line += f"; {folded} unconfirmed"
    top = next((sections[s][0] for s in (Section.REDLINE, Section.PRINCIPLE, Section.WORKFLOW, Section.TASTE)
                if sections[s]), None)
    return f"{line}. Strongest: {top['statement']}" if top else f"{line}."
