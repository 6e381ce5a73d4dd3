"""`actors top`: a live terminal view of the mesh (issue: observability)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `actors` app."""
