"""Not collected by the suite: the run tests/test_reaper.py starts and then interrupts.

It starts a mesh with a shell organ whose command left a `setsid sleep` behind, and a network namespace,
writes where they are to $INTERRUPTED_RUN_DIR/started.json, then waits to be interrupted.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from tests.conftest import netns_name

MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2

[organs.shell]
module = "actors.organs.shell"
"""


def test_a_run_that_is_interrupted_while_its_mesh_runs(make_mesh):
    mesh = make_mesh(MESH)
    with mesh.client() as client:
        reply = client.call("shell", "run", {"command": "setsid sleep 600 > /dev/null 2>&1 & echo $!"})
    ns = netns_name("interrupted")
    made = subprocess.run(["ip", "netns", "add", ns], capture_output=True).returncode == 0
    started = {"home": str(mesh.home), "sleep": int(reply.result["stdout"]), "netns": ns if made else ""}
    Path(os.environ["INTERRUPTED_RUN_DIR"], "started.json").write_text(json.dumps(started))
    time.sleep(600)
