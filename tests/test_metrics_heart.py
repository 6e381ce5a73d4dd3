"""The heart's metrics without a mesh: zeros from the start, bounded labels, flat series under restart churn; its
metrics server bounded in threads and idle time."""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
import urllib.request

import pytest
from prometheus_client import generate_latest

from broker import endpoints
from broker.beat import Vitals, next_pulse
from broker.metrics import BEAT_REASONS, CARD_KINDS, DECISIONS, HeartMetrics
from broker.protocol import CAUSES, STATES, Blood, OrganStatus

ORGANS = ("fs", "shell", "healer")
CONTRACT_SERIES = (
    "actors_heart_beats_total", "actors_heart_interval_seconds", "actors_organ_up", "actors_organ_restarts_total",
    "actors_calls_total", "actors_call_duration_seconds_bucket", "actors_wounds_open", "actors_wounds_total",
    "actors_wounds_healed_total", "actors_retries_total", "actors_recall_duration_seconds_bucket",
    "actors_memory_cards", "actors_sleep_stage", "actors_tool_schema_tokens", "actors_build_info",
)


def metrics() -> HeartMetrics:
    m = HeartMetrics("9.9.9")
    for organ in ORGANS:
        m.declare_organ(organ)
    return m


def samples(m: HeartMetrics) -> dict[tuple[str, tuple], float]:
    """Every exported sample: (name, sorted labels) -> value."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for family in m.registry.collect()
            for s in family.samples}


def value(m: HeartMetrics, name: str, **labels: str) -> float:
    return samples(m)[(name, tuple(sorted(labels.items())))]


def beat(m: HeartMetrics, organs: dict[str, str], kind: str = "steady", stage: str = "awake", seq: int = 1) -> None:
    """One beat as the heart accounts for it: the organ table set the states, the rhythm counts the beat."""
    for name, state in organs.items():
        m.set_organ_state(name, state)
    m.beat(Blood(seq=seq, at=0.0, interval_s=0.5, reason=f"{kind}: some text", stage=stage,
                 organs={name: OrganStatus(state=state, pid=100 + seq) for name, state in organs.items()}), kind)


def test_every_contract_series_is_exported_before_anything_happens():
    names = {name for name, _ in samples(metrics())}

    assert set(CONTRACT_SERIES) <= names


def test_every_known_label_combination_starts_at_zero():
    got = samples(metrics())

    for organ in ORGANS:
        for cause in CAUSES:
            for name in ("actors_wounds_open", "actors_wounds_total", "actors_wounds_healed_total",
                         "actors_call_errors_total"):
                assert got[(name, (("cause", cause), ("organ", organ)))] == 0
        for state in STATES:
            assert (("actors_organ_state", (("organ", organ), ("state", state)))) in got
    for cause in CAUSES:
        for decision in DECISIONS:
            assert got[("actors_retries_total", (("cause", cause), ("decision", decision)))] == 0
    for kind in CARD_KINDS:
        assert got[("actors_memory_cards", (("kind", kind),))] == 0
    for view in ("full", "exposed"):
        assert got[("actors_tool_schema_tokens", (("view", view),))] == 0


def test_a_declared_organ_is_stopped_until_the_first_beat_says_otherwise():
    m = metrics()

    assert value(m, "actors_organ_state", organ="fs", state="stopped") == 1
    assert value(m, "actors_organ_up", organ="fs") == 0


def test_no_created_timestamps_double_the_series():
    assert not [name for name, _ in samples(metrics()) if name.endswith("_created")]


def test_a_beat_counts_and_records_interval_reason_stage_and_organ_states():
    m = metrics()

    beat(m, {"fs": "up", "shell": "fatal", "healer": "lost"}, kind="critical", stage="light")

    assert value(m, "actors_heart_beats_total") == 1
    assert value(m, "actors_heart_interval_seconds") == 0.5
    assert value(m, "actors_sleep_stage") == 1
    assert [r for r in BEAT_REASONS if value(m, "actors_heart_beat_reason", reason=r)] == ["critical"]
    assert [s for s in STATES if value(m, "actors_organ_state", organ="shell", state=s)] == ["fatal"]
    assert [s for s in STATES if value(m, "actors_organ_state", organ="healer", state=s)] == ["lost"]


@pytest.mark.parametrize("vitals, kind", [
    (Vitals(), "steady"),
    (Vitals(alerts=2), "alerts"),
    (Vitals(idle_s=60), "quiet"),
    (Vitals(critical=("fs", "heart")), "critical"),
    (Vitals(failing=("fs",)), "failing"),
])
def test_every_beat_reason_maps_to_one_fixed_word(vitals, kind):
    assert next_pulse(1.0, vitals).kind == kind


def test_a_quiet_beat_at_its_ceiling_is_still_quiet():
    assert next_pulse(4.9, Vitals(idle_s=60), 1.0, 5.0).kind == "quiet"


def test_free_text_never_becomes_a_beat_reason_label():
    m = metrics()

    m.set_beat_reason("something new: with {braces} and spaces")

    assert {labels for name, labels in samples(m) if name == "actors_heart_beat_reason"} == {
        (("reason", r),) for r in BEAT_REASONS}


def test_a_failed_call_counts_as_an_error_and_by_its_cause():
    m = metrics()

    m.call_done("fs", None, 0.0004)
    m.call_done("fs", "not_found", 0.002)
    m.call_done("fs", "made-up cause")
    m.call_done("unknown", "tool_missing")

    assert value(m, "actors_calls_total", organ="fs", outcome="ok") == 1
    assert value(m, "actors_calls_total", organ="fs", outcome="error") == 2
    assert value(m, "actors_call_errors_total", organ="fs", cause="not_found") == 1
    assert value(m, "actors_call_errors_total", organ="fs", cause="unknown") == 1
    assert value(m, "actors_call_errors_total", organ="unknown", cause="tool_missing") == 1
    assert value(m, "actors_call_duration_seconds_count", organ="fs") == 2  # refusals have no round trip
    assert value(m, "actors_call_duration_seconds_bucket", organ="fs", le="0.0005") == 1


def test_call_and_recall_buckets_resolve_sub_millisecond_and_millisecond_latencies():
    m = metrics()
    call_bounds = {float(dict(labels)["le"]) for name, labels in samples(m)
                   if name == "actors_call_duration_seconds_bucket"}
    recall_bounds = {float(dict(labels)["le"]) for name, labels in samples(m)
                     if name == "actors_recall_duration_seconds_bucket"}

    assert len([b for b in call_bounds if b < 0.001]) >= 3
    assert len([b for b in recall_bounds if 0.001 <= b <= 0.01]) >= 4


def test_reported_kinds_and_views_must_come_from_their_vocabulary():
    m = metrics()

    assert m.apply("actors_memory_cards", 3, {"kind": "playbook"}) == ""
    assert "kind must be one of" in m.apply("actors_memory_cards", 1, {"kind": "whatever"})
    assert "view must be one of" in m.apply("actors_tool_schema_tokens", 1, {"view": "partial"})
    assert m.apply("actors_recall_duration_seconds", 0.003, {}) == ""
    assert value(m, "actors_memory_cards", kind="playbook") == 3
    assert ("actors_memory_cards", (("kind", "whatever"),)) not in samples(m)


def test_a_thousand_restarts_add_no_series():
    m = metrics()
    beat(m, {o: "up" for o in ORGANS})
    before = set(samples(m))

    for n in range(1000):
        m.organ_up.labels("fs").set(0)
        beat(m, {"fs": "restarting", "shell": "up", "healer": "up"}, kind="alerts", seq=2 * n)
        m.restarts.labels("fs").inc()
        beat(m, {"fs": "starting", "shell": "up", "healer": "up"}, kind="alerts", seq=2 * n + 1)
        m.organ_up.labels("fs").set(1)
        m.call_done("fs", "crashed" if n % 2 else None, 0.001)

    after = samples(m)
    assert set(after) == before
    assert after[("actors_organ_restarts_total", (("organ", "fs"),))] == 1000


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool is not installed (.ci/run installs it)")
def test_the_exposition_passes_promtool_check_metrics():
    m = metrics()
    beat(m, {o: "up" for o in ORGANS})
    m.call_done("fs", "timeout", 0.2)
    m.apply("actors_recall_duration_seconds", 0.004, {})

    checked = subprocess.run(["promtool", "check", "metrics"], input=generate_latest(m.registry),
                             capture_output=True, timeout=30)

    assert checked.returncode == 0, checked.stdout.decode() + checked.stderr.decode()


def test_idle_connections_to_the_metrics_port_take_a_bounded_number_of_threads_and_are_closed(monkeypatch):
    monkeypatch.setattr(endpoints, "METRICS_IDLE_S", 0.5)
    server, url = endpoints.serve_metrics("127.0.0.1:0", metrics().registry)
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    idle = []
    try:
        before = threading.active_count()
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5)
                for _ in range(endpoints.METRICS_CONNECTIONS + 20)]
        time.sleep(0.3)  # accepted: each one served takes a thread, the ones beyond the cap are closed
        assert threading.active_count() - before <= endpoints.METRICS_CONNECTIONS
        deadline = time.monotonic() + 10
        while threading.active_count() > before and time.monotonic() < deadline:
            time.sleep(0.05)  # the idle ones are closed after METRICS_IDLE_S
        assert threading.active_count() == before
        for conn in idle:
            conn.settimeout(2)
            assert conn.recv(1) == b""  # closed by the server, every one
        with urllib.request.urlopen(url, timeout=5) as answer:  # and a scrape is served
            assert b"actors_build_info" in answer.read()
    finally:
        for conn in idle:
            conn.close()
        server.shutdown()
        server.server_close()
