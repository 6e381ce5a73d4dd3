"""A real Prometheus scrapes a real mesh: every dashboard query returns data and the alerts fire for a fatal organ.

Prometheus runs on a free loopback port with its own data directory and a 0.5 s scrape interval; the
alert rules are deploy/prometheus/alerts.yml with every `for:` cut to 0s so they fire within the test.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import threading
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import wait_for

REPO = Path(__file__).resolve().parents[1]
PROMETHEUS_BIN = shutil.which("prometheus")
SCRAPE = "500ms"
RATE_INTERVAL = "1m"  # what Grafana's $__rate_interval would be: at least 4 scrape intervals
JOB = "actors"

pytestmark = [
    pytest.mark.skipif(PROMETHEUS_BIN is None, reason="prometheus is not installed "
                       "(apt-get install prometheus; .ci/run installs it)"),
    pytest.mark.timeout(150),
]

MESH = """
[heart]
metrics = "127.0.0.1:{port}"
beat_s = 0.3
heartbeat_s = 0.2
quiet_after_s = 600
retry_backoff_initial_s = 0.02
retry_backoff_max_s = 0.05
breaker_threshold = 1000
chronic_after_s = 1.0

[organs.healer]
module = "actors.healer"

[organs.echo]
module = "tests.organs.echo"

[organs.flaky]
module = "tests.organs.flaky"

[organs.victim]
module = "tests.organs.echo"
max_restarts = 3
restart_window_s = 60
backoff_initial_s = 0.02
backoff_max_s = 0.05
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Prometheus:
    """A Prometheus server of our own, scraping one target, with the shipped rules made immediate."""

    def __init__(self, root: Path, target: str) -> None:
        root.mkdir(parents=True)
        rules = (REPO / "deploy" / "prometheus" / "alerts.yml").read_text()
        (root / "alerts.yml").write_text(re.sub(r"(?m)^(\s+)for: \S+$", r"\1for: 0s", rules))
        (root / "prometheus.yml").write_text(
            f"global:\n  scrape_interval: {SCRAPE}\n  scrape_timeout: 400ms\n  evaluation_interval: {SCRAPE}\n"
            f"rule_files: [alerts.yml]\n"
            f"scrape_configs:\n  - job_name: {JOB}\n    static_configs:\n      - targets: ['{target}']\n")
        self.url = f"http://127.0.0.1:{free_port()}"
        self.log = open(root / "prometheus.log", "wb")
        self.proc = subprocess.Popen(
            [PROMETHEUS_BIN, f"--config.file={root / 'prometheus.yml'}", f"--storage.tsdb.path={root / 'data'}",
             f"--web.listen-address={self.url.removeprefix('http://')}", "--log.level=warn"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log, cwd=root)
        self.root = root

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log.close()

    def api(self, path: str, **params: str) -> object:
        """GET /api/v1/PATH and return its data; fail the test on an error answer."""
        if self.proc.poll() is not None:
            pytest.fail(f"prometheus exited: {(self.root / 'prometheus.log').read_text()[-2000:]}")
        url = f"{self.url}/api/v1/{path}?{urllib.parse.urlencode(params)}"
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                body = json.load(answer)
        except urllib.error.HTTPError as exc:
            body = json.load(exc)
        assert body["status"] == "success", f"{path} {params}: {body}"
        return body["data"]

    def query(self, expr: str) -> list[dict]:
        """Evaluate an instant query now; its result vector."""
        return self.api("query", query=expr)["result"]

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/-/ready", timeout=1) as answer:
                return answer.status == 200
        except OSError:
            return False

    def firing(self) -> set[tuple[str, str]]:
        """(alertname, organ) of every firing alert."""
        return {(a["labels"]["alertname"], a["labels"].get("organ", "")) for a in self.api("alerts")["alerts"]
                if a["state"] == "firing"}


@pytest.fixture
def prometheus(tmp_path):
    started: list[Prometheus] = []

    def start(target: str) -> Prometheus:
        server = Prometheus(tmp_path / "prometheus", target)
        started.append(server)
        wait_for(server.ready, timeout=30, interval=0.1, what="prometheus to be ready")
        return server

    yield start
    for server in started:
        server.stop()


def dashboard_queries() -> list[tuple[str, str]]:
    """(panel title, PromQL) of every query of every committed dashboard."""
    found = []
    for path in sorted((REPO / "grafana" / "dashboards").glob("*.json")):
        for panel in json.loads(path.read_text())["panels"]:
            found += [(panel["title"], t["expr"]) for t in panel.get("targets", [])]
    return found


def variable_queries() -> list[tuple[str, str]]:
    """(variable name, label_values query) of every query variable of every committed dashboard."""
    return [(v["name"], v["query"]["query"]) for path in sorted((REPO / "grafana" / "dashboards").glob("*.json"))
            for v in json.loads(path.read_text())["templating"]["list"] if v["type"] == "query"]


def substitute(expr: str, instance: str) -> str:
    """What Grafana sends for a query: its variables replaced (organ: All)."""
    for name, value in (("$__rate_interval", RATE_INTERVAL), ("$job", JOB), ("$instance", instance),
                        ("$organ", ".+")):
        expr = expr.replace(name, value)
    return expr


def values(result: list[dict], label: str) -> dict[str, float]:
    return {r["metric"].get(label, ""): float(r["value"][1]) for r in result}


def drive(mesh) -> None:
    """Successes, failures of several causes, retries, a healed and an open wound, organ reports."""
    with mesh.client() as client:
        for n in range(5):
            assert client.call("echo", "echo", {"x": n}).ok
        for _ in range(2):
            assert client.call("echo", "missing", {"what": "x"}).error.cause == "not_found"
        (mesh.workdir / "down").touch()
        for _ in range(2):
            assert client.call("flaky", "service").error.cause == "network"
        (mesh.workdir / "down").unlink()
        assert client.call("flaky", "service").ok  # heals the network wound
        assert not client.call("flaky", "always_fail", {"message": "boom"}).ok  # a wound left open
        for seconds in (0.0015, 0.004, 0.02):
            client.call("echo", "report_metric", {"metric": "actors_recall_duration_seconds", "value": seconds})
        for kind, cards in (("pitfall", 3), ("playbook", 2)):
            client.call("echo", "report_metric", {"metric": "actors_memory_cards", "value": cards,
                                                  "labels": {"kind": kind}})


def kill_and_wait(mesh, organ: str) -> None:
    old = mesh.organ(organ)["pid"]
    mesh.cli("kill", organ, check=True)
    wait_for(lambda: (o := mesh.organ(organ))["state"] == "up" and o["pid"] != old, timeout=15,
             what=f"{organ} back up")


def test_every_dashboard_query_returns_data_and_alerts_fire_for_a_killed_and_fatal_organ(make_mesh, prometheus):
    port = free_port()
    instance = f"127.0.0.1:{port}"
    prom = prometheus(instance)  # first, so it sees every counter from zero
    mesh = make_mesh(MESH.format(port=port))
    wait_for(lambda: values(prom.query(f'up{{job="{JOB}"}}'), "instance").get(instance) == 1, timeout=20,
             interval=0.2, what="prometheus to scrape the heart")

    drive(mesh)
    stop = threading.Event()
    failing = threading.Thread(target=keep_failing, args=(mesh, stop), daemon=True)
    failing.start()  # flaky keeps failing: its open wound turns chronic after chronic_after_s and stays so
    try:
        check_dashboards_and_alerts(mesh, prom, instance)
    finally:
        stop.set()
        failing.join(timeout=30)


def keep_failing(mesh, stop: threading.Event) -> None:
    with mesh.client() as client:
        while not stop.is_set():
            client.call("flaky", "always_fail", {"message": "boom"})
            stop.wait(0.3)


def check_dashboards_and_alerts(mesh, prom, instance: str) -> None:
    kill_and_wait(mesh, "echo")
    for _ in range(3):
        kill_and_wait(mesh, "victim")
    mesh.cli("kill", "victim", check=True)
    wait_for(lambda: mesh.organ("victim")["state"] == "fatal", timeout=15, what="victim to be fatal")
    wait_for(lambda: prom.query('actors_organ_state{organ="victim", state="fatal"} == 1'), timeout=20,
             interval=0.2, what="prometheus to see the fatal organ")

    for name, query in variable_queries():
        selector, label = re.fullmatch(r"label_values\((.*), *(\w+)\)", substitute(query, instance)).groups()
        assert prom.api(f"label/{label}/values", **{"match[]": selector}), f"variable {name}: no values"
    empty = [(title, expr) for title, expr in dashboard_queries() if not prom.query(substitute(expr, instance))]
    assert not empty, f"panels without data: {empty}"

    def panel(title: str, label: str) -> dict[str, float]:
        expr = next(e for t, e in dashboard_queries() if t == title)
        return values(prom.query(substitute(expr, instance)), label)

    assert {"not_found", "network", "unknown"} <= {c for c, v in panel("Error rate by cause", "cause").items() if v > 0}
    assert panel("Retries by decision", "decision")["retried"] > 0
    assert panel("Organ state", "organ") == {"echo": 2, "flaky": 2, "healer": 2, "victim": 5}  # up, fatal
    assert panel("Restarts", "organ")["victim"] > 0 and panel("Restarts", "organ")["echo"] > 0
    assert 0.001 < panel("Recall latency p95", "")[""] <= 0.025
    assert panel("Memory cards by kind", "kind")["pitfall"] == 3

    wanted = {("ActorsOrganFatal", "victim"), ("ActorsOrganDown", "victim"), ("ActorsOrganCrashLooping", "victim"),
              ("ActorsChronicWound", "flaky")}
    wait_for(lambda: wanted <= prom.firing(), timeout=20, interval=0.25, what=f"alerts {wanted} to fire")
    firing = prom.firing()
    assert ("ActorsHeartDown", "") not in firing and ("ActorsHeartNotBeating", "") not in firing
    assert not {organ for name, organ in firing if name == "ActorsOrganDown"} - {"victim"}
