"""Confine file access to an organ's root directory, by file descriptor.

A path is checked and used in one step: every lookup starts from a descriptor of the root and never
leaves it, so swapping a directory for a symlink between a check and a use cannot lead outside.
Where the kernel has `openat2` (Linux 5.6+), one call resolves the path with RESOLVE_BENEATH and
RESOLVE_NO_MAGICLINKS. Elsewhere, and for absolute symlinks that point back into the root, the path is
walked one component at a time with O_NOFOLLOW from descriptors already held, reading each symlink met
and resolving it the same way (at most MAX_SYMLINKS of them).

Names that are not valid UTF-8 are shown with each undecodable byte written as `\\xNN` (Python's
backslashreplace), and so are names that hold a literal `\\xNN`, with their backslashes written `\\x5c`: a
shown name stands for one name only (a file named `\\xff` lists as `\\x5cxff`, one whose byte is 0xff as
`\\xff`). A component holding `\\xNN` sequences is looked up as the bytes they stand for first, then, when
no such name exists, as its literal text (what a user types for a name that holds a backslash).
"""

from __future__ import annotations

import ctypes
import errno
import os
import posixpath
import re
import stat
from pathlib import Path

from broker.errors import BadParams, PermissionDenied

MAX_SYMLINKS = 40  # as the kernel's own limit
SYS_OPENAT2 = 437  # the same number on every architecture (the unified syscall table)
RESOLVE_NO_MAGICLINKS = 0x02
RESOLVE_BENEATH = 0x08
_ESCAPED_BYTE = re.compile(rb"\\x([0-9a-fA-F]{2})")
_DIR_FLAGS = os.O_PATH | os.O_CLOEXEC


class _OpenHow(ctypes.Structure):
    _fields_ = [("flags", ctypes.c_uint64), ("mode", ctypes.c_uint64), ("resolve", ctypes.c_uint64)]


def _load_openat2():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        syscall = libc.syscall
    except (OSError, AttributeError):
        return None
    syscall.restype = ctypes.c_long
    return syscall


_SYSCALL = _load_openat2()


def openat2(dir_fd: int, path: bytes, flags: int, mode: int = 0) -> int:
    """openat2(dir_fd, path, {flags, mode, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS}); raise OSError."""
    if _SYSCALL is None:
        raise OSError(errno.ENOSYS, "openat2 is not available")
    how = _OpenHow(flags | os.O_CLOEXEC, mode if flags & os.O_CREAT else 0, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)
    fd = _SYSCALL(ctypes.c_long(SYS_OPENAT2), ctypes.c_int(dir_fd), ctypes.c_char_p(path), ctypes.byref(how),
                  ctypes.c_size_t(ctypes.sizeof(how)))
    if fd < 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))
    return fd


def shown(name: bytes | str) -> str:
    """A file name as text, one text per name: UTF-8, each undecodable byte written as \\xNN, and each backslash
    as \\x5c when the name needs escaping at all (not UTF-8, or holding a literal \\xNN)."""
    if isinstance(name, str):
        name = name.encode("utf-8", "surrogateescape")
    try:
        text = name.decode("utf-8")
    except UnicodeDecodeError:
        return name.replace(b"\\", b"\\x5c").decode("utf-8", "backslashreplace")
    return text.replace("\\", "\\x5c") if _ESCAPED_BYTE.search(name) else text


def unescaped(name: bytes) -> bytes:
    """The bytes a shown name stands for (\\xNN sequences read as bytes)."""
    return _ESCAPED_BYTE.sub(lambda m: bytes([int(m.group(1), 16)]), name)


class Escape(Exception):
    """A path that leads outside the root."""


class Root:
    """A directory all paths are resolved beneath, held open as a descriptor."""

    def __init__(self, path: str | os.PathLike, *, use_openat2: bool = True) -> None:
        self.path = Path(os.path.realpath(path))
        self.fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        self.fast = use_openat2 and _probe(self.fd)

    def close(self) -> None:
        """Release the root's descriptor."""
        os.close(self.fd)

    # -- paths as the caller gives them ---------------------------------------------------

    def parts(self, path: object) -> list[bytes]:
        """The components of a path under the root; refuse bad types, NUL bytes and absolute paths elsewhere."""
        if not isinstance(path, str) or not path or "\x00" in path:
            raise BadParams("path must be a non-empty string without NUL bytes")
        raw = os.path.expanduser(path).encode("utf-8", "surrogateescape")
        if raw.startswith(b"/"):
            absolute = posixpath.normpath(raw)
            root = bytes(self.path)
            if absolute != root and not absolute.startswith(root.rstrip(b"/") + b"/"):
                raise self.refusal(path)
            raw = absolute[len(root):].lstrip(b"/")
        return [p for p in raw.split(b"/") if p and p != b"."]

    def refusal(self, path: object) -> PermissionDenied:
        """The error for a path that leads outside the root (it names no path but the caller's own)."""
        return PermissionDenied(f"EACCES: path {path!r} escapes the organ's root directory",
                                hint="use a path inside the mesh's working directory")

    def display(self, fd: int, fallback: list[bytes]) -> str:
        """The path of an open file relative to the root, for results."""
        try:
            real = os.readlink(f"/proc/self/fd/{fd}").encode("utf-8", "surrogateescape")
        except OSError:
            real = b""
        root = bytes(self.path)
        if real == root:
            return "."
        if real.startswith(root.rstrip(b"/") + b"/"):
            return shown(real[len(root.rstrip(b"/")) + 1:])
        return shown(b"/".join(fallback)) or "."

    # -- opening --------------------------------------------------------------------------

    def open(self, path: object, flags: int, mode: int = 0o666) -> int:
        """Open path beneath the root with flags (symlinks followed only inside the root); return the fd."""
        parts = self.parts(path)
        try:
            return self._open(parts, flags, mode)
        except Escape:
            raise self.refusal(path) from None
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, path) from None

    def _open(self, parts: list[bytes], flags: int, mode: int) -> int:
        if not parts:
            return os.open(".", flags | os.O_CLOEXEC, dir_fd=self.fd)
        if self.fast and not any(_ESCAPED_BYTE.search(p) for p in parts):
            try:
                return openat2(self.fd, b"/".join(parts), flags, mode)
            except OSError as exc:
                if exc.errno not in (errno.EXDEV, errno.EAGAIN, errno.ENOSYS, errno.EPERM, errno.ELOOP):
                    raise
                # EXDEV: an escape, or an absolute symlink that may point back inside; the walk decides
        for _ in range(MAX_SYMLINKS):
            parent, name = self.entry_of(parts, follow_last=True)
            try:
                return os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=parent)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR) or _link_at(parent, name) is None:
                    raise
                # a symlink swapped in after the walk: walk again, from the root
            finally:
                os.close(parent)
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))

    def entry(self, path: object, *, make_dirs: bool = False) -> tuple[int, bytes]:
        """The directory fd and final name of path, for creating or replacing it; the caller closes the fd."""
        parts = self.parts(path)
        if not parts or parts[-1] == b"..":
            raise BadParams(f"path {path!r} names a directory, not a file", hint="give the path of a file")
        try:
            return self.entry_of(parts, make_dirs=make_dirs, follow_last=True)
        except Escape:
            raise self.refusal(path) from None
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, path) from None

    def entry_of(self, parts: list[bytes], *, make_dirs: bool = False,
                 follow_last: bool = False) -> tuple[int, bytes]:
        """Walk to the directory holding the last component, from the root's fd, one O_NOFOLLOW step at a time."""
        stack = [os.dup(self.fd)]
        pending = list(reversed(parts))
        hops = 0
        try:
            while True:
                name = pending.pop()
                if name == b"..":
                    if len(stack) == 1:
                        raise Escape()
                    os.close(stack.pop())
                    if not pending:
                        return self._up(stack), b"."
                    continue
                if not pending:
                    name = named(stack[-1], name)  # resolved once: the caller uses the name as it exists
                    target = _link_at(stack[-1], name) if follow_last else None
                    if target is None:
                        fd = stack.pop()
                        try:
                            return fd, name
                        except BaseException:
                            os.close(fd)
                            raise
                else:
                    target, opened = _step(stack[-1], name, make_dirs)
                    if opened is not None:
                        stack.append(opened)
                        continue
                hops += 1
                if hops > MAX_SYMLINKS:
                    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))
                if target.startswith(b"/"):
                    pending.extend(reversed(self._inside(target)))
                    for fd in stack[1:]:
                        os.close(fd)
                    del stack[1:]
                else:
                    pending.extend(reversed([p for p in target.split(b"/") if p and p != b"."]))
                if not pending:
                    return self._up(stack), b"."
        finally:
            for fd in stack:
                os.close(fd)

    def _up(self, stack: list[int]) -> int:
        # the path ends at a directory: hand back that directory (its "." entry) as the parent
        return os.dup(stack[-1])

    def _inside(self, target: bytes) -> list[bytes]:
        absolute = posixpath.normpath(target)
        root = bytes(self.path)
        if absolute == root:
            return []
        if not absolute.startswith(root.rstrip(b"/") + b"/"):
            raise Escape()
        return [p for p in absolute[len(root.rstrip(b"/")) + 1:].split(b"/") if p and p != b"."]


def _probe(root_fd: int) -> bool:
    try:
        os.close(openat2(root_fd, b".", os.O_PATH))
        return True
    except OSError:
        return False


def named(dir_fd: int, name: bytes) -> bytes:
    """The name as it exists: the bytes its \\xNN sequences stand for, else the literal one (else the literal)."""
    if not _ESCAPED_BYTE.search(name):
        return name
    for candidate in (unescaped(name), name):
        try:
            os.lstat(candidate, dir_fd=dir_fd)
            return candidate
        except FileNotFoundError:
            continue
    return name


def _step(dir_fd: int, name: bytes, make_dirs: bool) -> tuple[bytes | None, int | None]:
    """Enter one directory component: (None, fd) for a directory, (target, None) for a symlink."""
    name = named(dir_fd, name)
    try:
        fd = os.open(name, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=dir_fd)
    except FileNotFoundError:
        if not make_dirs:
            raise
        try:
            os.mkdir(name, 0o777, dir_fd=dir_fd)  # the umask applies
        except FileExistsError:
            pass
        fd = os.open(name, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=dir_fd)
    mode = os.fstat(fd).st_mode
    if stat.S_ISLNK(mode):
        try:
            return os.readlink(b"", dir_fd=fd), None
        finally:
            os.close(fd)
    if not stat.S_ISDIR(mode):
        os.close(fd)
        raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
    return None, fd


def _link_at(dir_fd: int, name: bytes) -> bytes | None:
    """The target of name (as it exists, already resolved by `named`) when it is a symlink, else None."""
    try:
        return os.readlink(name, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.EINVAL, errno.ENOENT):
            return None
        raise


def confine(root: Path, path: str) -> Path:
    """Resolve path under root by name (symlinks included); refuse anything that escapes it.

    For a working directory or a display only: between this check and a later use the path can change.
    File access goes through `Root`, which checks and uses a path in one step.
    """
    if not isinstance(path, str) or not path or "\x00" in path:
        raise BadParams("path must be a non-empty string without NUL bytes")
    candidate = Path(path).expanduser()
    if not candidate.is_absolute():
        candidate = root / candidate
    real = Path(os.path.realpath(candidate))
    if real != root and root not in real.parents:
        raise PermissionDenied(f"EACCES: path {path!r} escapes the organ's root directory",
                               hint="use a path inside the mesh's working directory")
    return real


def relative(root: Path, path: Path) -> str:
    """Show a confined path relative to the root."""
    return "." if path == root else str(path.relative_to(root))
