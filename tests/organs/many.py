"""A test organ with many abilities, each with long prose: a catalogue large enough that tools are sent brief.

`stock_<noun>_<n>` reports on a warehouse's stock; every call of one is counted, so a test can tell that a call
refused for its arguments never ran. `calls` says how many ran.
"""

from __future__ import annotations

import threading

from actors.organ import Organ, ability

NOUNS = ("pallets", "crates", "barrels", "bolts", "cables", "lamps", "valves", "hinges", "fabric", "paint",
         "tiles", "pipes", "glass", "rope", "sensors")
COUNT = 10  # abilities per noun: 150 in all
SCHEMA_TEMPLATE = {
    "type": "object",
    "title": "Arguments of a stock report",
    "properties": {
        "region": {"type": "string", "enum": ["north", "south", "east", "west"],
                   "description": "The warehouse region whose stock is reported. Each region keeps its own ledger, "
                                  "and a report never mixes two ledgers, so ask once per region."},
        "count": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10,
                  "description": "How many lines of the ledger to report, newest first. Older lines are archived "
                                 "monthly and cannot be reported here; use the archive tools for them."},
        "title": {"$ref": "#/$defs/title"},
    },
    "required": ["region", "title"],
    "additionalProperties": False,
    "$defs": {"title": {"type": "string", "minLength": 3, "title": "Report title",
                        "description": "The title printed at the top of the report, e.g. Weekly check. It is "
                                       "kept with the report in the ledger's history."}},
}

_lock = threading.Lock()
_ran = 0


def _describe(noun: str, n: int) -> str:
    return (f"Report the stock of {noun} (batch {n}) held in one warehouse region, e.g. north or south. The report "
            f"lists the newest ledger lines for {noun}, with the quantity on hand, the quantity reserved for open "
            f"orders and the date each line was last counted by hand. Use it before promising a delivery of "
            f"{noun}: a line counted more than a month ago is flagged as stale and should be recounted first.")


def _make(noun: str, n: int):
    def report(self, region: str, title: str, count: int = 10) -> dict:
        global _ran
        with _lock:
            _ran += 1
        return {"noun": noun, "batch": n, "region": region, "title": title, "lines": count}

    report.__name__ = f"stock_{noun}_{n}"
    return ability(_describe(noun, n), read_only=True, schema=SCHEMA_TEMPLATE)(report)


class ManyOrgan(Organ):
    name = "many"

    @ability("Say how many stock reports ran.", read_only=True, params={})
    def calls(self) -> dict:
        with _lock:
            return {"ran": _ran}


for _noun in NOUNS:
    for _n in range(COUNT):
        _method = _make(_noun, _n)
        setattr(ManyOrgan, _method.__name__, _method)
