"""The repository stays clean under the linter and the dead-code check (both configured in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing_in_the_repository():
    done = run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_vulture_finds_no_dead_code():
    done = run("vulture")
    assert done.returncode == 0, done.stdout + done.stderr
