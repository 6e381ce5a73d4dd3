"""A test organ whose calls leave a mark when they start, so a test knows they are in flight."""

from __future__ import annotations

import time

from actors.organ import Organ, ability


class SleeperOrgan(Organ):
    name = "sleeper"
    workers = 16  # every call of a test runs at once

    @ability("Touch marks/<mark> under the working directory, then sleep.", read_only=True,
             params={"seconds": {"type": "number", "minimum": 0}, "mark": {"type": "string", "minLength": 1}})
    def sleep(self, seconds: float, mark: str) -> dict:
        marks = self.workdir / "marks"
        marks.mkdir(exist_ok=True)
        (marks / mark).touch()
        time.sleep(seconds)
        return {"slept": seconds, "mark": mark}
