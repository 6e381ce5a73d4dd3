"""A test organ that dies while starting, every time."""

from __future__ import annotations

from actors.organ import Organ


class CrashyOrgan(Organ):
    name = "crashy"

    def on_start(self) -> None:
        raise RuntimeError("crashy organ refuses to start")
