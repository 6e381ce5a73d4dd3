"""promtool on what we ship: the Prometheus config, the alert rules and their unit tests, the live exposition."""

from __future__ import annotations

import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROMETHEUS = REPO / "deploy" / "prometheus"
PROMTOOL = shutil.which("promtool")

pytestmark = pytest.mark.skipif(PROMTOOL is None, reason="promtool is not installed "
                                "(apt-get install prometheus; .ci/run installs it)")


def promtool(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run promtool and return the finished process (stdout and stderr as text)."""
    return subprocess.run([PROMTOOL, *args], input=stdin, capture_output=True, timeout=60, cwd=REPO)


def explained(done: subprocess.CompletedProcess) -> str:
    return (done.stdout + done.stderr).decode(errors="replace")


def test_the_prometheus_config_and_the_rules_it_loads_are_valid():
    done = promtool("check", "config", str(PROMETHEUS / "prometheus.yml"))

    assert done.returncode == 0, explained(done)
    assert b"1 rule files found" in done.stdout


def test_the_alert_rules_are_valid():
    done = promtool("check", "rules", str(PROMETHEUS / "alerts.yml"))

    assert done.returncode == 0, explained(done)


def test_the_alert_rules_pass_their_unit_tests():
    tests = sorted((PROMETHEUS / "tests").glob("*.yml"))
    assert tests

    done = promtool("test", "rules", *map(str, tests))

    assert done.returncode == 0, explained(done)


def test_every_required_alert_exists_with_a_severity_a_summary_and_a_unit_test():
    text = (PROMETHEUS / "alerts.yml").read_text()
    rules = {m.group(1): m.group(2) for m in re.finditer(r"- alert: (\w+)\n(.*?)(?=\n\s*- alert:|\Z)", text, re.DOTALL)}

    assert {"ActorsOrganDown", "ActorsOrganCrashLooping", "ActorsOrganFatal", "ActorsChronicWound",
            "ActorsRecallSlow", "ActorsHeartNotBeating", "ActorsHeartDown"} <= set(rules)
    for name, body in rules.items():
        assert re.search(r"severity: (warning|critical)\n", body), name
        assert "summary:" in body and "description:" in body, name
    tested = (PROMETHEUS / "tests" / "alerts_test.yml").read_text()
    untested = [name for name in rules if not re.search(rf"alertname: {name}\n\s+exp_alerts:\n\s+- exp_labels", tested)]
    assert not untested, "every alert needs a unit test in which it fires"


def test_the_live_exposition_of_a_mesh_passes_promtool_check_metrics(mesh):
    with mesh.client() as client:
        assert client.call("echo", "echo", {"x": 1}).ok
        assert not client.call("echo", "missing", {"what": "x"}).ok
        client.call("echo", "report_metric", {"metric": "actors_recall_duration_seconds", "value": 0.002})
    body = urllib.request.urlopen(mesh.status()["heart"]["metrics"], timeout=5).read()

    done = promtool("check", "metrics", stdin=body)

    assert done.returncode == 0, explained(done)
    assert b"actors_organ_up{organ=\"echo\"} 1.0" in body
