"""A test organ that keeps one value, readable as a resource: for resource subscriptions."""

from __future__ import annotations

import json

from actors.organ import Organ, ability, resource


class KeeperOrgan(Organ):
    name = "keeper"

    @ability("Keep a value (readable as the keeper://kept resource).", params={"x": {}})
    def keep(self, x=None) -> dict:
        self.kept = x
        return {"kept": x}

    @ability("Return the argument.", read_only=True, params={"x": {}})
    def peek(self, x=None) -> dict:
        return {"x": x}

    @resource("keeper://kept", "The value last kept.", mime_type="application/json")
    def kept_value(self) -> str:
        return json.dumps(getattr(self, "kept", None))
