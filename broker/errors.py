"""One error tree for the whole mesh, named for what the caller must do."""

from __future__ import annotations


class MeshError(Exception):
    """Root of every error the mesh raises on purpose."""


class ConfigError(MeshError):
    """The mesh configuration is invalid; the message names the file and key."""


class DecodeError(MeshError):
    """A frame could not be decoded; it carries the raw frames for the log."""

    def __init__(self, message: str, frames: list[bytes] | None = None, reason: str = "body") -> None:
        super().__init__(message)
        self.frames = frames or []
        self.reason = reason  # framing | version | kind | size | body | schema: a bounded label


class EncodeError(MeshError):
    """A value cannot be put on the wire (not msgpack-serialisable)."""


class MeshUnreachable(MeshError):
    """No running mesh answered under the given home."""


class NoAnswer(MeshUnreachable):
    """The heart did not answer within the request's bound (it may be alive but stuck, or it lost the request)."""


class HomeError(MeshError):
    """The state directory cannot be used (permissions, path length, a running heart)."""


class OrganError(MeshError):
    """An ability failed; `cause` says why in the healer's vocabulary."""

    cause = "unknown"

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


class BadParams(OrganError):
    """The arguments do not fit the ability's parameters; do not retry as is."""

    cause = "bad_params"


class NotFound(OrganError):
    """The file or resource named does not exist."""

    cause = "not_found"


class PermissionDenied(OrganError):
    """The ability refused: the path escapes its root or the OS said no."""

    cause = "permission"


class ToolMissing(OrganError):
    """No such organ, ability or program."""

    cause = "tool_missing"


class Conflict(OrganError):
    """The target is in a state that conflicts with the request."""

    cause = "conflict"


class CallTimeout(OrganError):
    """The call missed its deadline."""

    cause = "timeout"


class Cancelled(OrganError):
    """The caller cancelled the call: an ability that checks Organ.cancelled() may raise it to stop early."""

    cause = "cancelled"


class Unanswerable(OrganError):
    """An ability's question to its caller cannot be answered: the client lacks the capability, or there is none."""

    cause = "tool_missing"
