"""actors: a supervised runtime for AI-agent tool plugins.

Public surface: write an organ by subclassing `Organ` and marking methods with `@ability`;
talk to a running mesh with `Client`.

The names below load on first use: `actors hook` runs on every tool call of an agent, and importing
any `actors.*` module runs this file first.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from broker import __version__

if TYPE_CHECKING:
    from actors.organ import Organ, ability, prompt, resource
    from broker.errors import (BadParams, CallTimeout, Conflict, MeshError, MeshUnreachable, NotFound, OrganError,
                               PermissionDenied, ToolMissing, Unanswerable)
    from broker.protocol import Ability, Alert, Blood, Call, Failure, Reflex, Reply

_HOMES = {
    "broker.errors": ("BadParams", "CallTimeout", "Conflict", "MeshError", "MeshUnreachable", "NotFound", "OrganError",
                      "PermissionDenied", "ToolMissing", "Unanswerable"),
    "broker.protocol": ("Ability", "Alert", "Blood", "Call", "Failure", "Reflex", "Reply"),
    "actors.organ": ("Organ", "ability", "prompt", "resource"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Ability", "Alert", "BadParams", "Blood", "Call", "CallTimeout", "Conflict", "Failure", "MeshError",
    "MeshUnreachable", "NotFound", "Organ", "OrganError", "PermissionDenied", "Reflex", "Reply", "ToolMissing",
    "Unanswerable", "__version__", "ability", "prompt", "resource",
]


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'actors' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
