"""Write memory's knowledge of what tools do, from the tools' own documentation.

A data file for `actors/memory/meaning.py`, generated (never edited by hand, never grown from queries):

- `broker/text/data/memory-glosses.txt`: `tool: words of its one-line description`, for
  * every `git-*` page and every program of the text layer's lists that has a manual page here (man-db's
    `whatis` NAME line: "git-commit - Record changes to the repository"),
  * pip's subcommands (`pip help`: "install  Install packages."),
  * npm's commands (the `description:` of npm's own docs, `docs/content/commands/npm-*.md`),
  * the tools of the MCP servers the project runs in its tests (git, filesystem, time: their `tools/list`
    descriptions, read with the MCP client) and of the project's own organs (the abilities' docstrings).

    python bench/memory_glosses.py [--mcp-python /opt/actors-test/mcp-py/bin/python] [--node-modules DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import broker.text as text  # noqa: E402

DATA = ROOT / "broker" / "text" / "data"
_WHATIS = re.compile(r"^(\S+) \((\d)\)\s+- (.*)$")
_WORD = re.compile(r"[a-z][a-z-]*[a-z]|[a-z]")


def _clean(description: str) -> str:
    """The lowercase words of a description (no punctuation, no comment marks), at most its first sentence."""
    first = re.split(r"(?<=[a-z])\. |\n", description.strip(), maxsplit=1)[0]
    return " ".join(_WORD.findall(first.lower()))


def whatis(names: list[str]) -> dict[str, str]:
    """NAME lines of manual pages (section 1 or 8) for programs and `git-*` subcommands."""
    found: dict[str, str] = {}
    if not shutil.which("whatis"):
        return found
    out = subprocess.run(["whatis", "-s", "1,8", "-r", "^git-"], capture_output=True, text=True, timeout=30).stdout
    out += subprocess.run(["whatis", "-s", "1,8", *names], capture_output=True, text=True, timeout=30).stdout
    for line in out.splitlines():
        m = _WHATIS.match(line.strip())
        if m:
            name = m.group(1)
            key = "git " + name[4:] if name.startswith("git-") else name
            found.setdefault(key, _clean(m.group(3)))
    return found


def pip_commands() -> dict[str, str]:
    """pip's subcommands and their one-line help."""
    out = subprocess.run([sys.executable, "-m", "pip", "help"], capture_output=True, text=True, timeout=60).stdout
    section = out.split("Commands:", 1)[-1].split("General Options:", 1)[0]
    found = {}
    for line in section.splitlines():
        parts = line.strip().split(None, 1)
        if len(parts) == 2:
            found[f"pip {parts[0]}"] = _clean(parts[1])
    return found


def npm_commands() -> dict[str, str]:
    """npm's commands and the description of each in npm's own docs."""
    npm = shutil.which("npm")
    found: dict[str, str] = {}
    if not npm:
        return found
    docs = Path(npm).resolve().parent.parent / "docs" / "content" / "commands"
    for page in sorted(docs.glob("npm-*.md")):
        m = re.search(r"^description: (.*)$", page.read_text(encoding="utf-8"), re.M)
        if m:
            found[f"npm {page.stem[4:]}"] = _clean(m.group(1))
    return found


async def _tools(command: list[str]) -> dict[str, str]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=command[0], args=command[1:])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            return {t.name: _clean(t.description or "") for t in listed.tools}


def mcp_tools(mcp_python: str, node_modules: str) -> dict[str, str]:
    """The tools of the MCP servers the project's tests run, by tool name, as `tools/list` describes them."""
    commands = []
    if Path(mcp_python).exists():
        commands += [[mcp_python, "-m", "mcp_server_git"], [mcp_python, "-m", "mcp_server_time"]]
    fs_server = Path(node_modules) / "@modelcontextprotocol" / "server-filesystem" / "dist" / "index.js"
    if fs_server.exists() and shutil.which("node"):
        commands.append(["node", str(fs_server), str(ROOT)])
    found: dict[str, str] = {}
    for command in commands:
        try:
            found.update(asyncio.run(asyncio.wait_for(_tools(command), 60)))
        except Exception as exc:  # a server that cannot start here only leaves its tools out
            print(f"skipped {command[-1]}: {exc}", file=sys.stderr)
    return found


def own_organs() -> dict[str, str]:
    """The project's own organs' abilities, described by their docstrings (`fs read_file`, `shell run`)."""
    from actors.organs.fs import FsOrgan
    from actors.organs.shell import ShellOrgan

    found = {}
    for organ, cls in (("fs", FsOrgan), ("shell", ShellOrgan)):
        for name, member in inspect.getmembers(cls, inspect.isfunction):
            doc = inspect.getdoc(member)
            if not name.startswith(("_", "on_")) and doc and name in getattr(cls, "__dict__", {}):
                found[f"{organ} {name}"] = _clean(doc)
    return found


def known_programs() -> list[str]:
    """Every program the text layer knows (the related-work and launcher lists)."""
    names: dict[str, None] = {}
    for table in ("related", "launchers"):
        for key, values in text.load_pairs(table).items():
            for name in (key, *values):
                if re.fullmatch(r"[a-z][a-z0-9-]*", name):
                    names.setdefault(name, None)
    return list(names)


def _write(path: Path, header: str, rows: dict[str, object]) -> None:
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    for key, value in rows.items():
        value = " ".join(value) if isinstance(value, list) else value
        if value:
            lines.append(f"{key}: {value}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(lines)} lines")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mcp-python", default="/opt/actors-test/mcp-py/bin/python")
    parser.add_argument("--node-modules", default="/opt/actors-test/node/node_modules")
    args = parser.parse_args()
    glosses: dict[str, str] = {}
    for part in (whatis(known_programs()), pip_commands(), npm_commands(),
                 mcp_tools(args.mcp_python, args.node_modules), own_organs()):
        for key, value in part.items():
            glosses.setdefault(key, value)
    glosses = dict(sorted(glosses.items()))
    _write(DATA / "memory-glosses.txt",
           "What tools do, in their own documentation's words (generated by bench/memory_glosses.py: manual pages'\n"
           "NAME lines, pip help, npm's docs, MCP servers' tools/list, the project's organs' docstrings).\n"
           "`tool: words`; a key is a program, `program subcommand`, an MCP tool name or `organ ability`.\n"
           "Memory's cards hold these words as their `gloss`. Regenerate; do not edit by hand.", glosses)
    print(json.dumps({"glosses": len(glosses)}))


if __name__ == "__main__":
    main()
