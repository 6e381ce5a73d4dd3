"""Confine paths to an organ's root directory. Pure functions over the file system's names."""

from __future__ import annotations

import os
from pathlib import Path

from broker.errors import BadParams, PermissionDenied


def confine(root: Path, path: str) -> Path:
    """Resolve path under root (symlinks included); refuse anything that escapes it."""
    if not isinstance(path, str) or not path or "\x00" in path:
        raise BadParams("path must be a non-empty string without NUL bytes")
    candidate = Path(path).expanduser()
    if not candidate.is_absolute():
        candidate = root / candidate
    real = Path(os.path.realpath(candidate))
    if real != root and root not in real.parents:
        raise PermissionDenied(f"EACCES: path {path!r} escapes the organ's root {str(root)!r}",
                               hint="use a path inside the mesh's working directory")
    return real


def relative(root: Path, path: Path) -> str:
    """Show a confined path relative to the root."""
    return "." if path == root else str(path.relative_to(root))
