"""actors: a supervised runtime for AI-agent tool plugins.

Public surface: write an organ by subclassing `Organ` and marking methods with `@ability`;
talk to a running mesh with `Client`.
"""

from broker import __version__
from broker.errors import (BadParams, CallTimeout, Conflict, MeshError, MeshUnreachable, NotFound, OrganError,
                           PermissionDenied, ToolMissing, Unanswerable)
from broker.protocol import Ability, Alert, Blood, Call, Failure, Reflex, Reply

from actors.organ import Organ, ability, prompt, resource

__all__ = [
    "Ability", "Alert", "BadParams", "Blood", "Call", "CallTimeout", "Conflict", "Failure", "MeshError",
    "MeshUnreachable", "NotFound", "Organ", "OrganError", "PermissionDenied", "Reflex", "Reply", "ToolMissing",
    "Unanswerable", "__version__", "ability", "prompt", "resource",
]
