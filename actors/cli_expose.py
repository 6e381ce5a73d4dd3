"""`actors expose`: the abilities exposed for an intent (issue: exposure)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
