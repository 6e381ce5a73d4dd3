"""A test organ whose calls leave a mark when they start, so a test knows they are in flight."""

from __future__ import annotations

import time

from actors.organ import Organ, ability
from broker.errors import Cancelled


class SleeperOrgan(Organ):
    name = "sleeper"
    workers = 16  # every call of a test runs at once

    def _mark(self, name: str) -> None:
        """Touch marks/<name> under the working directory."""
        marks = self.workdir / "marks"
        marks.mkdir(exist_ok=True)
        (marks / name).touch()

    @ability("Touch marks/<mark> under the working directory, then sleep.", read_only=True,
             params={"seconds": {"type": "number", "minimum": 0}, "mark": {"type": "string", "minLength": 1}})
    def sleep(self, seconds: float, mark: str) -> dict:
        self._mark(mark)
        time.sleep(seconds)
        return {"slept": seconds, "mark": mark}

    @ability("Wait up to `seconds`, looking for a cancel every 10 ms; leave marks/<mark>.cancelled or .done.",
             read_only=True, params={"seconds": {"type": "number", "minimum": 0}, "mark": {"type": "string",
                                                                                             "minLength": 1}})
    def wait(self, seconds: float, mark: str) -> dict:
        self._mark(mark)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.cancelled():
                self._mark(f"{mark}.cancelled")
                raise Cancelled("stopped: the caller cancelled the call")
            time.sleep(0.01)
        self._mark(f"{mark}.done")
        return {"waited": seconds}

    @ability("Ask the user a question that waits `timeout_s`; leave marks/<mark>.answered or .cancelled.",
             read_only=True, params={"timeout_s": {"type": "number", "minimum": 0.1}, "mark": {"type": "string",
                                                                                                "minLength": 1}})
    def ask(self, timeout_s: float, mark: str) -> dict:
        try:
            answer = self.elicit("Go on?", {"type": "object", "properties": {"go": {"type": "boolean"}}},
                                 timeout_s=timeout_s)
        except Cancelled:
            self._mark(f"{mark}.cancelled")
            raise
        self._mark(f"{mark}.answered")
        return answer
