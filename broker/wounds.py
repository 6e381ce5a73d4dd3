"""Wounds: one open per (organ, cause), healed only by that organ's next real success.

A wound is *chronic* while its organ keeps failing: its failures have gone on for at least `chronic_after_s`
and the last of them is less than `chronic_after_s` old. A wound whose failures stopped (nobody has called
the organ since, or only to fail long ago) stays open until a success heals it, but is *quiet*: it no
longer hastens the beat or alerts. One failure long ago is never chronic."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Wound:
    organ: str
    cause: str
    opened: float  # monotonic
    opened_at: float  # wall clock, for people
    last_failure: float = 0.0  # monotonic; set to `opened` by Wounds.hurt
    failures: int = 1
    chronic: bool = False

    def describe(self, now: float) -> dict:
        """The wound as status and blood show it."""
        return {"organ": self.organ, "cause": self.cause, "failures": self.failures, "chronic": self.chronic,
                "open_s": round(now - self.opened, 3), "opened_at": self.opened_at,
                "quiet_s": round(now - self.last_failure, 3)}


def chronic(wound: Wound, now: float, after_s: float) -> bool:
    """Whether the wound's organ has kept failing for `after_s` and still fails (its last failure is recent)."""
    return wound.last_failure - wound.opened >= after_s and now - wound.last_failure < after_s


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
            wound.last_failure = now
            return None
        wound = self.open[(organ, cause)] = Wound(organ, cause, now, wall, last_failure=now)
        return wound

    def heal(self, organ: str) -> list[Wound]:
        """A real success of the organ: close all its wounds and return them."""
        healed = [w for key, w in self.open.items() if key[0] == organ]
        for wound in healed:
            del self.open[(wound.organ, wound.cause)]
        return healed

    def review(self, now: float) -> tuple[list[Wound], list[Wound]]:
        """Mark each wound chronic or not as of `now`; return the wounds that just turned chronic and those that
        just turned quiet."""
        turned = [w for w in self.open.values() if w.chronic != chronic(w, now, self.chronic_after_s)]
        for wound in turned:
            wound.chronic = not wound.chronic
        return [w for w in turned if w.chronic], [w for w in turned if not w.chronic]

    def of(self, organ: str) -> list[Wound]:
        """The organ's open wounds."""
        return [w for key, w in self.open.items() if key[0] == organ]
