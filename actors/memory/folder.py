"""Files to ingest, opened so that nothing swapped in after they were listed is read in their place.

A folder of transcripts (`actors memory ingest DIR`) is held by one descriptor, taken once on the path the user
named. Its files are listed (`os.scandir` on directory descriptors) and later opened relative to it, one component at
a time, each directory with O_DIRECTORY|O_NOFOLLOW and each file with O_NOFOLLOW|O_NONBLOCK then checked regular with
fstat: a directory swapped for a symbolic link after the listing fails to open (ELOOP, ENOTDIR) instead of leading
outside the folder, and a FIFO or a device swapped in for a file is refused instead of waited on. Only the
directories on the way to the file being read are held open, so the folder's size never meets the open-file limit.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path, PurePosixPath
from typing import IO

MAX_DEPTH = 16  # directories below the folder a listing enters: Claude Code's deepest are 4 (SESSION/subagents/…)
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def open_regular(path: str | Path, follow_links: bool = True, dir_fd: int | None = None) -> IO[bytes]:
    """Open a regular file to read, or raise OSError: a FIFO or a device put in its place since it was listed
    would block the read for ever (`open` waits for a FIFO's writer), a symbolic link (refused unless
    `follow_links`) would read what it points at."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW)
    fd = os.open(path, flags, dir_fd=dir_fd)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class Folder:
    """A directory the user named, held by one descriptor; its files are listed and opened relative to it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)  # the folder named: a link is followed

    def close(self) -> None:
        """Let the folder's descriptor go."""
        os.close(self.fd)

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def files(self, suffix: str = ".jsonl") -> list[PurePosixPath]:
        """Every regular file under the folder whose name ends with suffix, relative to it, in name order; symbolic
        links are not followed, and directories deeper than MAX_DEPTH are not entered."""
        found: list[PurePosixPath] = []
        self._list(self.fd, PurePosixPath(), suffix, found)
        return sorted(found, key=str)

    def _list(self, fd: int, where: PurePosixPath, suffix: str, found: list[PurePosixPath]) -> None:
        with os.scandir(fd) as entries:
            listed = [(entry.name, entry.is_dir(follow_symlinks=False), entry.is_file(follow_symlinks=False))
                      for entry in entries]
        for name, is_dir, is_file in listed:
            if is_file and name.endswith(suffix):
                found.append(where / name)
            elif is_dir and len(where.parts) < MAX_DEPTH:
                try:
                    child = os.open(name, _DIRECTORY, dir_fd=fd)
                except OSError:  # gone, or swapped for a link, since the listing: not read
                    continue
                try:
                    self._list(child, where / name, suffix, found)
                finally:
                    os.close(child)

    def open(self, file: PurePosixPath) -> IO[bytes]:
        """Open a listed file to read, from the folder's descriptor down, following no link; OSError (naming the
        file under the folder) for one that is no longer a regular file reached through directories."""
        held: list[int] = []
        try:
            fd = self.fd
            for part in file.parts[:-1]:
                fd = os.open(part, _DIRECTORY, dir_fd=fd)
                held.append(fd)
            return open_regular(file.name, follow_links=False, dir_fd=fd)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, str(self.path / file)) from None
        finally:
            for fd in held:
                os.close(fd)
