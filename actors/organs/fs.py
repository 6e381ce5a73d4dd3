"""The fs organ: read, list, find, write and edit files under the mesh's working directory."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from actors.organ import Organ, ability
from actors.organs.paths import confine, relative
from broker.errors import BadParams

MAX_READ_BYTES = 4 * 1024 * 1024
MAX_FOUND = 1000

_PATH = {"type": "string", "description": "Path relative to the working directory (absolute paths must stay inside it)."}


class FsOrgan(Organ):
    name = "fs"

    def on_start(self) -> None:
        self.root = Path(os.path.realpath(self.options.get("root", self.workdir)))
        if not self.root.is_dir():
            raise NotADirectoryError(f"fs root {self.root} is not a directory")

    @ability("Read a text file; optionally a window of lines.", read_only=True, timeout_s=10, params={
        "path": _PATH,
        "offset": {"type": "integer", "minimum": 0, "description": "First line to return (0-based)."},
        "limit": {"type": "integer", "minimum": 1, "description": "Maximum number of lines to return."},
    })
    def read_file(self, path: str, offset: int = 0, limit: int | None = None) -> dict:
        target = confine(self.root, path)
        if target.stat().st_size > MAX_READ_BYTES and limit is None:
            raise BadParams(f"{path} is larger than {MAX_READ_BYTES} bytes; read it in windows with offset and limit")
        with open(target, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines(keepends=True)
        window = lines[offset: None if limit is None else offset + limit]
        return {"path": relative(self.root, target), "content": "".join(window), "lines": len(window),
                "total_lines": len(lines)}

    @ability("List a directory's entries with their type and size.", read_only=True, timeout_s=10, params={
        "path": _PATH,
        "hidden": {"type": "boolean", "description": "Include entries whose name starts with a dot."},
    })
    def list_directory(self, path: str = ".", hidden: bool = False) -> dict:
        target = confine(self.root, path)
        entries = []
        with os.scandir(target) as it:
            for entry in it:
                if entry.name.startswith(".") and not hidden:
                    continue
                kind = "link" if entry.is_symlink() else "dir" if entry.is_dir() else "file"
                size = entry.stat(follow_symlinks=False).st_size if kind == "file" else None
                entries.append({"name": entry.name, "type": kind, "size": size})
        entries.sort(key=lambda e: (e["type"] != "dir", e["name"]))
        return {"path": relative(self.root, target), "entries": entries}

    @ability("Find files whose path matches a glob pattern such as 'src/**/*.py'.", read_only=True, timeout_s=30,
             params={"pattern": {"type": "string", "minLength": 1, "description": "Glob relative to the root."}})
    def find_files(self, pattern: str) -> dict:
        if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
            raise BadParams("pattern must be relative and must not contain '..'")
        found = []
        for match in self.root.glob(pattern):
            if len(found) >= MAX_FOUND:
                return {"matches": found, "truncated": True}
            found.append(relative(self.root, match))
        return {"matches": sorted(found), "truncated": False}

    @ability("Write a text file, replacing it whole (atomically).", idempotent=True, destructive=True, timeout_s=10,
             params={"path": _PATH, "content": {"type": "string"},
                     "create_dirs": {"type": "boolean", "description": "Create missing parent directories."}})
    def write_file(self, path: str, content: str, create_dirs: bool = False) -> dict:
        target = confine(self.root, path)
        if create_dirs:
            target.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8")
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            if target.exists():
                os.chmod(tmp, target.stat().st_mode & 0o7777)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return {"path": relative(self.root, target), "bytes": len(data)}

    @ability("Replace exact text in a file; fails unless it occurs exactly `count` times.", timeout_s=10, params={
        "path": _PATH,
        "old": {"type": "string", "minLength": 1, "description": "Exact text to replace."},
        "new": {"type": "string", "description": "Replacement text."},
        "count": {"type": "integer", "minimum": 1, "description": "How many occurrences are expected (default 1)."},
    })
    def edit_file(self, path: str, old: str, new: str, count: int = 1) -> dict:
        target = confine(self.root, path)
        text = target.read_text(encoding="utf-8")
        found = text.count(old)
        if found != count:
            raise BadParams(f"{path}: the text to replace occurs {found} times, expected {count}",
                            hint="quote more surrounding text, or set count")
        self.write_file(path, text.replace(old, new))
        return {"path": relative(self.root, target), "replacements": found}
