"""Wounds: one open per (organ, cause), healed only by that organ's next real success."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Wound:
    organ: str
    cause: str
    opened: float  # monotonic
    opened_at: float  # wall clock, for people
    failures: int = 1
    chronic: bool = False

    def describe(self, now: float) -> dict:
        """The wound as status and blood show it."""
        return {"organ": self.organ, "cause": self.cause, "failures": self.failures, "chronic": self.chronic,
                "open_s": round(now - self.opened, 3), "opened_at": self.opened_at}


class Wounds:
    """The open wounds of a mesh."""

    def __init__(self, chronic_after_s: float = 300.0) -> None:
        self.chronic_after_s = chronic_after_s
        self.open: dict[tuple[str, str], Wound] = {}

    def hurt(self, organ: str, cause: str, now: float, wall: float) -> Wound | None:
        """Record a failure; return the wound when it is a new one."""
        wound = self.open.get((organ, cause))
        if wound is not None:
            wound.failures += 1
            return None
        wound = self.open[(organ, cause)] = Wound(organ, cause, now, wall)
        return wound

    def heal(self, organ: str) -> list[Wound]:
        """A real success of the organ: close all its wounds and return them."""
        healed = [w for key, w in self.open.items() if key[0] == organ]
        for wound in healed:
            del self.open[(wound.organ, wound.cause)]
        return healed

    def turn_chronic(self, now: float) -> list[Wound]:
        """Mark and return the wounds that have just been open longer than chronic_after_s."""
        turned = [w for w in self.open.values() if not w.chronic and now - w.opened >= self.chronic_after_s]
        for wound in turned:
            wound.chronic = True
        return turned

    def of(self, organ: str) -> list[Wound]:
        """The organ's open wounds."""
        return [w for key, w in self.open.items() if key[0] == organ]
