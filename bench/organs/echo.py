"""The echo organ: returns its argument unchanged, so a benchmark measures the mesh and nothing else."""

from __future__ import annotations

from actors.organ import Organ, ability


class Echo(Organ):
    name = "echo"

    @ability("Return x unchanged.", read_only=True, params={"x": {"type": "string"}})
    def echo(self, x: str) -> str:
        return x

    @ability("Return x unchanged, on the organ's loop.", read_only=True, inline=True, params={"x": {"type": "string"}})
    def echo_inline(self, x: str) -> str:
        return x

    @ability("Return a string of `size` bytes (a result as large as asked).", read_only=True,
             params={"size": {"type": "integer", "minimum": 0, "maximum": 1 << 30}})
    def blob(self, size: int) -> str:
        return "x" * size
