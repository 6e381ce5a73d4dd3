"""The fs organ: read, list, find, write and edit files under the mesh's working directory.

Every access goes through a descriptor of the root (`paths.Root`): a path is checked and used in one step,
writes are a temporary file renamed inside the directory already opened, and listing and globbing walk
directories by descriptor without following symlinked directories. Files are read as streams with caps,
and only regular files are read (a FIFO or a device is refused, never waited on). Names that are not
valid UTF-8 are shown with `\\xNN` for each undecodable byte, and can be given back that way (see `paths`:
a shown name stands for one name only).
"""

from __future__ import annotations

import errno
import fnmatch
import os
import secrets
import stat
from typing import Iterator

from actors.organ import Organ, ability
from actors.organs.paths import Root, named, shown
from broker.errors import BadParams

MAX_READ_BYTES = 4 * 1024 * 1024  # content returned by one read
MAX_COUNT_BYTES = 512 * 1024 * 1024  # bytes scanned to count a file's lines; past it the total is unknown
CHUNK = 256 * 1024
MAX_FOUND = 1000
MAX_ENTRIES = 10_000  # entries listed from one directory
MAX_VISITED = 20_000  # directories one find may open
MAX_DEPTH = 64
READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY  # a FIFO opens at once instead of waiting for a writer

_PATH = {"type": "string", "description": "Path relative to the working directory (absolute paths must stay inside it)."}
_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
          stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a directory"}


class FsOrgan(Organ):
    name = "fs"
    options_schema = {"type": "object", "additionalProperties": False,
                      "properties": {"root": {"type": "string", "minLength": 1}}}

    @classmethod
    def check_options(cls, options: dict) -> str:
        """Say what is wrong with these options ('' when nothing is); run in the organ's working directory."""
        problem = super().check_options(options)
        root = options.get("root")
        if not problem and root is not None and not os.path.isdir(root):
            problem = f"options.root: {root} is not a directory"
        return problem

    def on_start(self) -> None:
        try:
            self.root = Root(self.options.get("root", self.workdir))
        except NotADirectoryError:
            raise NotADirectoryError(f"fs root {self.options.get('root', self.workdir)} is not a directory") from None

    def on_stop(self) -> None:
        self.root.close()

    @ability("Read a text file; optionally a window of lines.", read_only=True, timeout_s=10, params={
        "path": _PATH,
        "offset": {"type": "integer", "minimum": 0, "description": "First line to return (0-based)."},
        "limit": {"type": "integer", "minimum": 1, "description": "Maximum number of lines to return."},
    })
    def read_file(self, path: str, offset: int = 0, limit: int | None = None) -> dict:
        _check_count("offset", offset, 0)
        if limit is not None:
            _check_count("limit", limit, 1)
        fd = self._open_regular(path)
        with os.fdopen(fd, "rb", buffering=0) as f:
            st = os.fstat(fd)
            if limit is None and st.st_size > MAX_READ_BYTES:
                raise BadParams(f"{path} is larger than {MAX_READ_BYTES} bytes; read it in windows with offset and "
                                "limit")
            content, lines, total, cut = _window(f, offset, limit)
            shown_path = self.root.display(fd, self.root.parts(path))
        result = {"path": shown_path, "content": content.decode("utf-8", "replace"), "lines": lines,
                  "total_lines": total}
        if cut:
            result["truncated"] = True  # the window held more than MAX_READ_BYTES
        return result

    def _open_regular(self, path: str) -> int:
        """Open a regular file for reading without ever waiting on it; refuse FIFOs, devices, sockets, directories."""
        try:
            fd = self.root.open(path, READ_FLAGS)
        except OSError as exc:
            if exc.errno == errno.ENXIO:  # a socket, or a device with nothing behind it
                raise BadParams(f"{path} is not a regular file; only regular files are read") from None
            raise
        try:
            _regular(path, os.fstat(fd).st_mode)
        except BaseException:
            os.close(fd)
            raise
        return fd

    @ability("List a directory's entries with their type and size.", read_only=True, timeout_s=10, params={
        "path": _PATH,
        "hidden": {"type": "boolean", "description": "Include entries whose name starts with a dot."},
    })
    def list_directory(self, path: str = ".", hidden: bool = False) -> dict:
        fd = self.root.open(path, os.O_RDONLY | os.O_DIRECTORY)
        try:
            shown_path = self.root.display(fd, self.root.parts(path))
            entries, truncated = _entries(fd, hidden)
        finally:
            os.close(fd)
        entries.sort(key=lambda e: (e["type"] != "dir", e["name"]))
        result = {"path": shown_path, "entries": entries}
        if truncated:
            result["truncated"] = True
        return result

    @ability("Find files whose path matches a glob pattern such as 'src/**/*.py'.", read_only=True, timeout_s=30,
             params={"pattern": {"type": "string", "minLength": 1, "description": "Glob relative to the root."}})
    def find_files(self, pattern: str) -> dict:
        parts = [p for p in pattern.split("/") if p and p != "."]
        if pattern.startswith("/") or ".." in parts or not parts:
            raise BadParams("pattern must be relative and must not contain '..'")
        found: list[str] = []
        walk = _Glob(os.dup(self.root.fd))
        for match in walk.matches(parts):
            if len(found) >= MAX_FOUND:
                return {"matches": sorted(found), "truncated": True}
            found.append(match)
        return {"matches": sorted(found), "truncated": walk.truncated}

    @ability("Write a text file, replacing it whole (atomically).", idempotent=True, destructive=True, timeout_s=10,
             params={"path": _PATH, "content": {"type": "string"},
                     "create_dirs": {"type": "boolean", "description": "Create missing parent directories."}})
    def write_file(self, path: str, content: str, create_dirs: bool = False) -> dict:
        data = content.encode("utf-8")
        parent, name = self.root.entry(path, make_dirs=create_dirs)
        try:
            if name == b".":
                raise BadParams(f"path {path!r} names a directory, not a file", hint="give the path of a file")
            _replace(parent, name, data, path)
            shown_path = _joined(self.root.display(parent, []), name)
        finally:
            os.close(parent)
        return {"path": shown_path, "bytes": len(data)}

    @ability("Replace exact text in a file; fails unless it occurs exactly `count` times.", timeout_s=10, params={
        "path": _PATH,
        "old": {"type": "string", "minLength": 1, "description": "Exact text to replace."},
        "new": {"type": "string", "description": "Replacement text."},
        "count": {"type": "integer", "minimum": 1, "description": "How many occurrences are expected (default 1)."},
    })
    def edit_file(self, path: str, old: str, new: str, count: int = 1) -> dict:
        _check_count("count", count, 1)
        fd = self._open_regular(path)
        with os.fdopen(fd, "rb", buffering=0) as f:
            st = os.fstat(fd)
            if st.st_size > MAX_READ_BYTES:
                raise BadParams(f"{path} is larger than {MAX_READ_BYTES} bytes; edit_file works on smaller files")
            text = _read_capped(f, MAX_READ_BYTES).decode("utf-8")
        found = text.count(old)
        if found != count:
            raise BadParams(f"{path}: the text to replace occurs {found} times, expected {count}",
                            hint="quote more surrounding text, or set count")
        written = self.write_file(path, text.replace(old, new))
        return {"path": written["path"], "replacements": found}


def _check_count(name: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise BadParams(f"{name} must be an integer of at least {least}, not {value!r}")


def _regular(path: str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise BadParams(f"{path} is {kind}; only regular files are read", hint="give the path of a regular file")


def _window(f, offset: int, limit: int | None) -> tuple[bytes, int, int | None, bool]:
    """Lines [offset, offset+limit) of a stream read in chunks: (content, lines taken, total lines or None, cut).

    Lines end with \n. Past the window the rest is only counted (up to MAX_COUNT_BYTES), never kept.
    """
    end = None if limit is None else offset + limit
    out = bytearray()
    line = 0  # lines ended so far
    pending = False  # bytes seen since the last \n
    cut = False
    scanned = 0
    total: int | None = None
    while True:
        chunk = f.read(CHUNK)
        if not chunk:
            total = line + int(pending)
            break
        scanned += len(chunk)
        start, size = 0, len(chunk)
        if line < offset and line + chunk.count(b"\n") < offset:
            line += chunk.count(b"\n")  # the whole chunk is before the window
            start = size
            pending = not chunk.endswith(b"\n")
        while start < size and (end is None or line < end):
            newline = chunk.find(b"\n", start)
            stop = size if newline < 0 else newline + 1
            if line >= offset and not cut:
                take = min(MAX_READ_BYTES - len(out), stop - start)
                out += chunk[start:start + take]
                cut = take < stop - start
            pending = newline < 0
            line += newline >= 0
            start = stop
        if start < size:  # the window is done: the rest only counts
            line += chunk.count(b"\n", start)
            pending = not chunk.endswith(b"\n")
        if scanned >= MAX_COUNT_BYTES:
            break
    seen = line + int(pending)
    taken = max(0, (seen if end is None else min(end, seen)) - offset)
    return bytes(out), taken, total, cut


def _read_capped(f, cap: int) -> bytes:
    data = f.read(cap + 1)
    if len(data) > cap:
        raise BadParams(f"the file is larger than {cap} bytes")
    return data


def _entries(fd: int, hidden: bool) -> tuple[list[dict], bool]:
    entries: list[dict] = []
    with os.scandir(fd) as it:
        for entry in it:
            if entry.name.startswith(".") and not hidden:
                continue
            if len(entries) >= MAX_ENTRIES:
                return entries, True
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # gone since it was listed
            kind = ("link" if stat.S_ISLNK(st.st_mode) else "dir" if stat.S_ISDIR(st.st_mode)
                    else "file" if stat.S_ISREG(st.st_mode) else "other")
            entries.append({"name": shown(entry.name), "type": kind, "size": st.st_size if kind == "file" else None})
    return entries, False


class _Glob:
    """Match a glob by descriptor: `**` spans directories, symlinked directories are never entered."""

    def __init__(self, root_fd: int) -> None:
        self.root_fd = root_fd
        self.visited = 0
        self.truncated = False

    def matches(self, parts: list[str]) -> Iterator[str]:
        try:
            yield from self._match(self.root_fd, "", parts, 0)
        finally:
            os.close(self.root_fd)

    def _match(self, fd: int, prefix: str, parts: list[str], depth: int) -> Iterator[str]:
        head, rest = parts[0], parts[1:]
        if head == "**":
            if not rest:
                yield from self._dirs(fd, prefix, depth)
                return
            yield from self._match(fd, prefix, rest, depth)
            for path, sub in self._subdirs(fd, prefix, depth):
                try:
                    yield from self._match(sub, path + "/", parts, depth + 1)
                finally:
                    os.close(sub)
            return
        for name, is_dir in self._listing(fd):
            if not fnmatch.fnmatchcase(name, head):
                continue
            if not rest:
                yield prefix + name
            elif is_dir:
                sub = self._enter(fd, name, depth)
                if sub is not None:
                    try:
                        yield from self._match(sub, prefix + name + "/", rest, depth + 1)
                    finally:
                        os.close(sub)

    def _dirs(self, fd: int, prefix: str, depth: int) -> Iterator[str]:
        """Every directory beneath fd (as `dir/**` names them), depth first."""
        for name, is_dir in self._listing(fd):
            sub = self._enter(fd, name, depth) if is_dir else None
            if sub is None:
                continue
            try:
                yield prefix + name
                yield from self._dirs(sub, prefix + name + "/", depth + 1)
            finally:
                os.close(sub)

    def _subdirs(self, fd: int, prefix: str, depth: int) -> Iterator[tuple[str, int]]:
        for name, is_dir in self._listing(fd):
            sub = self._enter(fd, name, depth) if is_dir else None
            if sub is not None:
                yield prefix + name, sub

    def _listing(self, fd: int) -> list[tuple[str, bool]]:
        found = []
        with os.scandir(fd) as it:
            for entry in it:
                try:
                    is_dir = entry.is_dir(follow_symlinks=False)  # a symlinked directory is a name, not a way in
                except OSError:
                    continue
                found.append((shown(entry.name), is_dir))
        return sorted(found)

    def _enter(self, fd: int, name: str, depth: int) -> int | None:
        if depth >= MAX_DEPTH or self.visited >= MAX_VISITED:
            self.truncated = True
            return None
        self.visited += 1
        try:
            raw = name.encode("utf-8", "surrogateescape")
            return os.open(named(fd, raw), os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        except OSError:
            return None  # gone, or swapped for a symlink since it was listed


def _replace(parent: int, name: bytes, data: bytes, path: str) -> None:
    """Write data to a temporary file in the open directory, then rename it over name there."""
    try:
        mode = os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory", path)
        keep = stat.S_IMODE(mode) if stat.S_ISREG(mode) else None
    except FileNotFoundError:
        keep = None
    tmp = b"." + name[:200] + b"." + secrets.token_hex(6).encode() + b".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666, dir_fd=parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if keep is not None:
                os.fchmod(f.fileno(), keep)  # a replaced file keeps its mode; a new one gets 0666 less the umask
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, name, src_dir_fd=parent, dst_dir_fd=parent)
    except BaseException:
        try:
            os.unlink(tmp, dir_fd=parent)
        except OSError:
            pass
        raise


def _joined(directory: str, name: bytes) -> str:
    return shown(name) if directory == "." else f"{directory}/{shown(name)}"
