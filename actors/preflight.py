"""Check a mesh before it starts: every organ's module imports, its options fit, its MCP command exists.

An organ that cannot start as declared is named at `actors up` with the file, line and key (exit 5), not
found after its restarts are spent. Modules are imported in a child interpreter started the way the
supervisor starts organs (same working directory and environment), so nothing a module does when it is
imported touches the command that checks it, and a module that hangs is named after CHECK_TIMEOUT_S.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from broker import config as mesh_config
from broker.config import MeshConfig, OrganSpec

CHECK_TIMEOUT_S = 60.0


def check(mesh: MeshConfig, workdir: Path) -> None:
    """Raise ConfigError (file, line and key) for the first organ that cannot start as declared."""
    for spec in mesh.organs:
        if spec.mcp:
            _check_command(mesh, spec, workdir)
    groups: dict[tuple, list[OrganSpec]] = {}
    for spec in mesh.organs:
        if spec.module:
            groups.setdefault((_cwd(spec, workdir), tuple(sorted(spec.env.items()))), []).append(spec)
    for (cwd, env), specs in groups.items():
        _check_modules(mesh, specs, cwd, dict(env))


def _check_command(mesh: MeshConfig, spec: OrganSpec, workdir: Path) -> None:
    program = spec.mcp[0]
    cwd = _cwd(spec, workdir)
    found = shutil.which(program, path=spec.env.get("PATH", os.environ.get("PATH")))
    if found is None and os.sep in program:
        found = program if os.access(cwd / program, os.X_OK) else None
    if found is None:
        raise mesh_config.error_at(mesh, ("organs", spec.name, "mcp"), f"command {program!r} is not found "
                                   "(install it, or give its full path)")


def _check_modules(mesh: MeshConfig, specs: list[OrganSpec], cwd: Path, env: dict[str, str]) -> None:
    targets = [{"organ": s.name, "module": s.module, "options": s.options} for s in specs]
    if not cwd.is_dir():
        key = ("organs", specs[0].name, "cwd") if specs[0].cwd else ("heart", "workdir")
        raise mesh_config.error_at(mesh, key, f"{cwd} is not a directory")
    try:
        done = subprocess.run([sys.executable, "-m", "actors.runner", "--check"], input=json.dumps(targets),
                              capture_output=True, text=True, cwd=cwd, env={**os.environ, **env},
                              timeout=CHECK_TIMEOUT_S)
        output, failed = done.stdout, done.returncode != 0
    except subprocess.TimeoutExpired as exc:
        output, failed = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else exc.stdout or "", True
    answers = {}
    for line in output.splitlines():
        try:
            answer = json.loads(line)
            answers[answer["organ"]] = answer
        except (ValueError, KeyError, TypeError):
            continue
    for spec in specs:
        answer = answers.get(spec.name)
        if answer is None and failed:
            raise mesh_config.error_at(mesh, ("organs", spec.name, "module"), f"importing {spec.module} did not "
                                       f"finish (it hung for {CHECK_TIMEOUT_S:g}s or ended the interpreter)")
        if answer is not None and answer["problem"]:
            raise mesh_config.error_at(mesh, ("organs", spec.name, answer["key"] or "module"), answer["problem"])


def _cwd(spec: OrganSpec, workdir: Path) -> Path:
    return Path(spec.cwd).expanduser() if spec.cwd else workdir
