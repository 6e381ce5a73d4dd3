"""The user's cache directory: what is slow to derive from installed packages, kept between processes.

Everything here is derived, never original: a missing, stale or damaged file costs only the time to compute
it again. The directory is `$ACTORS_CACHE` when it names one, else `$XDG_CACHE_HOME/actors`, else
`~/.cache/actors`; `ACTORS_CACHE=off` keeps nothing (every process computes everything).

An entry is one file, `<kind>/<name>.marshal`: a header (magic, CRC-32 of the rest) and the marshal of
(format, key, value), where value is plain containers only (dict, tuple, frozenset, str, int, bytes). The key
says what the value was derived from (files' paths, sizes and modification times, versions): a key that
differs, a damaged file or one over `MAX_BYTES` is computed again and replaced (written whole, then renamed).
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import logging
import marshal
import os
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any, Callable, Iterable

log = logging.getLogger(__name__)

ENV = "ACTORS_CACHE"
OFF = frozenset({"off", "0", "no", "false"})
FORMAT = 1  # of the files below; bump it when what an entry holds changes shape
MAGIC = b"actors-cache\n"
MAX_BYTES = 64 << 20  # no entry is near this (the largest, the world's place names, is about 6 MB)
SUFFIX = ".marshal"
PARTIAL = ".tmp"  # an entry being written; one this old was left by a writer that died before its rename
STALE_PARTIAL_S = 600.0


def directory(kind: str) -> Path | None:
    """Where entries of this kind are kept; None when the cache is off (`ACTORS_CACHE=off`)."""
    named = os.environ.get(ENV, "")
    if named.strip().lower() in OFF:
        return None
    if named:
        return Path(named) / kind
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "actors" / kind


def identity(path: str | os.PathLike) -> str:
    """What a file or directory is, cheaply: its path, size and modification time (`absent` when missing)."""
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:absent"
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def package_dir(name: str) -> str | None:
    """Where an installed package (or module) lives, found without importing it (importing babel or quicktok is what the
    cache saves); None when it is not installed."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    locations = list(spec.submodule_search_locations or ())
    return locations[0] if locations else spec.origin  # a module of one file (a C extension: Stemmer)


def package_identity(name: str, *inside: str) -> tuple[str, ...]:
    """A package's identity: its directory, its `__init__.py` (rewritten by every install) and these files in it."""
    where = package_dir(name)
    if where is None:
        return (f"{name}:absent",)
    if not os.path.isdir(where):
        return (identity(where),)
    return tuple(identity(os.path.join(where, part)) for part in ("", "__init__.py", *inside))


def key_of(parts: Iterable[str]) -> str:
    """One key from what a value was derived from (the interpreter and this module's format included)."""
    return "\n".join((f"format {FORMAT}", f"python {sys.version}", *parts))


def encode(key: str, value: Any) -> bytes:
    """The bytes of an entry file."""
    body = marshal.dumps((FORMAT, key, value))
    return MAGIC + zlib.crc32(body).to_bytes(4, "big") + body


class Damaged(ValueError):
    """An entry file that is not one this module wrote whole."""


def decode(data: bytes) -> tuple[str, Any]:
    """(key, value) of an entry file's bytes; Damaged when they are not an entry's."""
    head = len(MAGIC) + 4
    if len(data) < head or not data.startswith(MAGIC):
        raise Damaged("not a cache entry")
    body = data[head:]
    if zlib.crc32(body) != int.from_bytes(data[len(MAGIC):head], "big"):
        raise Damaged("checksum differs")
    try:
        stored = marshal.loads(body)
    except (EOFError, ValueError, TypeError) as exc:
        raise Damaged(f"unreadable: {exc}") from None
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[0] == FORMAT and isinstance(stored[1], str)):
        raise Damaged("not this format")
    return stored[1], stored[2]


def read(path: Path, key: str) -> tuple[bool, Any]:
    """(True, value) of an entry derived from this key; (False, None) when absent, stale or damaged."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise Damaged(f"larger than {MAX_BYTES} bytes")
        stored_key, value = decode(path.read_bytes())
    except FileNotFoundError:
        return False, None
    except (OSError, Damaged) as exc:
        log.warning("cache entry %s is damaged (%s): computing it again", path, exc)
        return False, None
    if stored_key != key:
        log.info("cache entry %s was derived from other files or versions: computing it again", path)
        return False, None
    return True, value


def write(path: Path, key: str, value: Any) -> bool:
    """Keep an entry (written whole and renamed: a reader never sees half a file); False when it cannot be."""
    try:
        data = encode(key, value)
    except ValueError as exc:  # marshal refuses what is not plain containers: a bug, but not worth a crash
        log.warning("cannot cache %s: %s", path.name, exc)
        return False
    if len(data) > MAX_BYTES:
        log.warning("cache entry %s would take %d bytes (more than %d): not kept", path, len(data), MAX_BYTES)
        return False
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=PARTIAL)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except OSError as exc:
        log.warning("cannot keep cache entry %s: %s", path, exc)
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        return False
    sweep_partial(path.parent)
    return True


def sweep_partial(folder: Path, now: float | None = None) -> int:
    """Remove the half-written entries a killed writer left in folder (older than STALE_PARTIAL_S; a write takes
    milliseconds); how many were removed."""
    now = time.time() if now is None else now
    removed = 0
    try:
        for entry in folder.glob("*" + PARTIAL):
            try:
                if now - entry.stat().st_mtime > STALE_PARTIAL_S:
                    entry.unlink()
                    removed += 1
            except OSError:
                continue  # gone meanwhile, or not ours to remove
    except OSError:
        pass
    return removed


def kept(kind: str, name: str, sources: Callable[[], Iterable[str]],
         encoded: Callable[[Any], Any] | None = None, decoded: Callable[[Any], Any] | None = None):
    """Decorate a function of no or a few plain arguments: its value is computed once per process (as
    `functools.cache`) and, across processes, read back from the cache entry `<kind>/<name>[-args]`, whose key
    is `sources()` (the identities of what it is derived from). `encoded`/`decoded` turn the value into plain
    containers and back."""
    def wrap(compute: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(compute)

        @functools.cache
        @functools.wraps(compute)
        def cached(*args: Any, **kwargs: Any) -> Any:
            where = directory(kind)
            if where is None:
                return compute(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()  # f(), f(True) and f(cities=True) are one entry
            path = where / ("-".join([name, *(f"{k}={v!r}" for k, v in bound.arguments.items())]) + SUFFIX)
            key = key_of(sources())
            found, value = read(path, key)
            if found:
                try:
                    return decoded(value) if decoded else value
                except (TypeError, ValueError, KeyError, AttributeError) as exc:
                    log.warning("cache entry %s does not hold what %s gives (%s): computing it again", path,
                                name, exc)
            result = compute(*args, **kwargs)
            write(path, key, encoded(result) if encoded else result)
            return result
        return cached
    return wrap
