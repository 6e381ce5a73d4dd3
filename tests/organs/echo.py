"""A test organ: echoes, sleeps and fails on request."""

from __future__ import annotations

import os
import time

from actors.organ import Organ, ability
from broker.errors import NotFound


class EchoOrgan(Organ):
    name = "echo"

    @ability("Return the argument.", read_only=True, params={"x": {}})
    def echo(self, x=None):
        return {"x": x, "pid": os.getpid()}

    @ability("Sleep, then return.", read_only=True, params={"seconds": {"type": "number", "minimum": 0}})
    def sleep(self, seconds: float) -> dict:
        time.sleep(seconds)
        return {"slept": seconds}

    @ability("Fail with NotFound.", read_only=True, params={"what": {"type": "string"}})
    def missing(self, what: str) -> None:
        raise NotFound(f"no such thing: {what}")

    @ability("Report a metric observation to the heart.", read_only=True,
             params={"metric": {"type": "string"}, "value": {"type": "number"}, "labels": {"type": "object"}})
    def report_metric(self, metric: str, value: float, labels: dict | None = None) -> dict:
        self.report(metric, value, **(labels or {}))
        return {"reported": metric}
