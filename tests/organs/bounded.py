"""A test organ for bounded work: large results, calls that ignore their deadline, side effects that take time."""

from __future__ import annotations

import os
import time

from actors.organ import Organ, ability


class BoundedOrgan(Organ):
    name = "bounded"
    workers = 2  # few, so that a test can take them all

    @ability("Return a string of `size` bytes.", read_only=True, params={"size": {"type": "integer", "minimum": 0}})
    def blob(self, size: int) -> dict:
        return {"blob": "x" * size}

    @ability("Return the argument.", read_only=True, params={"x": {}})
    def echo(self, x=None) -> dict:
        return {"x": x, "pid": os.getpid()}

    @ability("Sleep, deaf to the call's deadline.", read_only=True, timeout_s=0.5,
             params={"seconds": {"type": "number", "minimum": 0}})
    def hang(self, seconds: float) -> dict:
        time.sleep(seconds)
        return {"slept": seconds}

    @ability("Say how long the running call has left.", read_only=True, timeout_s=7.0)
    def time_left_now(self) -> dict:
        return {"left": self.time_left()}

    @ability("Sleep, then append a line to marks.log (a side effect).",
             params={"seconds": {"type": "number", "minimum": 0}, "mark": {"type": "string"}})
    def mark_after(self, seconds: float, mark: str) -> dict:
        time.sleep(seconds)
        with open(self.workdir / "marks.log", "a") as f:
            f.write(mark + "\n")
        return {"marked": mark}

    @ability("Sleep, deaf to the deadline, then report that the work failed (as a command's exit status).",
             read_only=True, params={"seconds": {"type": "number", "minimum": 0}})
    def fail_late(self, seconds: float) -> dict:
        time.sleep(seconds)
        return {"exitCode": 1, "stderr": "gave up"}
