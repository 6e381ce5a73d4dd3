"""The chaos drill: random organ kills while a client calls; the counts add up and no success is false."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from actors import cli_drill
from actors.cli_common import EXIT_NO_MESH, EXIT_USAGE
from actors.drill import DrillReport, _call_one, choose_probes, run_drill, uncalled
from broker.protocol import Failure, Reply

DRILL_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600
breaker_cooldown_s = 0.5  # a killed organ is called again soon after it is back

[organs.fs]
module = "actors.organs.fs"
max_restarts = 100
backoff_max_s = 0.2

[organs.shell]
module = "actors.organs.shell"
max_restarts = 100
backoff_max_s = 0.2
"""
HEALER = """
[organs.healer]
module = "actors.healer"
"""


def _adds_up(report: DrillReport) -> bool:
    return report.attempted == report.succeeded + sum(report.failed.values()) + report.false_successes


@pytest.mark.timeout(90)
@pytest.mark.parametrize("extra", ["", HEALER], ids=["without-healer", "with-healer"])
def test_a_short_drill_kills_organs_counts_every_call_and_finds_no_false_success(make_mesh, extra):
    mesh = make_mesh(DRILL_MESH + extra)
    notes = []
    report = run_drill(mesh.home, duration_s=6.0, kill_every_s=1.0, seed=7,
                       on_progress=lambda r, note: notes.append(note))
    assert _adds_up(report), report
    assert report.false_successes == 0
    assert report.succeeded > 0 and report.verified > 0
    assert {"fs.list_directory", "shell.run"} <= set(report.probes)
    assert report.kills >= 3
    assert any(note.startswith("killed ") for note in notes)
    assert 1 <= sum(report.restarts.values()) <= report.kills
    assert report.restarts.get("healer", 0) == 0  # never a target
    assert not report.heart_lost and report.fatal == []


def test_probes_are_the_checkable_and_the_cheap_read_only_abilities_and_the_other_organs_are_named_uncalled():
    manifest = {
        "fs": {"abilities": [
            {"name": "list_directory", "read_only": True, "params": {"properties": {"path": {}}, "required": []}},
            {"name": "read_file", "read_only": True, "params": {"properties": {"path": {}}, "required": ["path"]}},
            {"name": "write_file", "read_only": False, "params": {"properties": {"path": {}}, "required": []}}]},
        "shell": {"abilities": [
            {"name": "run", "read_only": False, "params": {"properties": {"command": {}}, "required": ["command"]}}]},
        "healer": {"abilities": [{"name": "list_reflexes", "read_only": True, "params": {}}]},
        "time": {"abilities": [{"name": "get_current_time", "read_only": True,
                                "params": {"properties": {"timezone": {}}, "required": ["timezone"]}}]},
    }
    probes = {p.address: p for p in choose_probes(manifest)}
    assert set(probes) == {"fs.list_directory", "shell.run", "healer.list_reflexes"}
    assert uncalled(manifest, list(probes.values())) == ["time"]
    assert probes["shell.run"].args("T1")["command"] == "echo T1"
    assert probes["shell.run"].proves({"exitCode": 0, "stdout": "T1\n"}, "T1")
    assert not probes["shell.run"].proves({"exitCode": 0, "stdout": "T0\n"}, "T1")
    assert not probes["shell.run"].proves({"exitCode": 0, "stdout": ""}, "T1")
    assert probes["healer.list_reflexes"].proves is None


class _Replying:
    """A stand-in client that answers every call with one reply."""

    def __init__(self, reply: Reply) -> None:
        self.reply = reply

    def call(self, organ, ability, args, **options):
        return self.reply


def test_a_success_without_its_token_is_counted_as_a_false_success_not_a_success():
    probe = choose_probes({"shell": {"abilities": [
        {"name": "run", "params": {"properties": {"command": {}}, "required": ["command"]}}]}})[0]
    report = DrillReport()
    _call_one(_Replying(Reply(id="1", ok=True, result={"exitCode": 0, "stdout": "stale\n"})), probe, "T9", report)
    _call_one(_Replying(Reply(id="2", ok=True, result={"exitCode": 0, "stdout": "T9\n"})), probe, "T9", report)
    _call_one(_Replying(Reply(id="3", ok=False, error=Failure("crashed", "died"))), probe, "T9", report)
    assert (report.attempted, report.succeeded, report.false_successes) == (3, 1, 1)
    assert report.failed == {"crashed": 1}
    assert _adds_up(report)


def test_the_drill_command_prints_one_json_document_and_exits_zero(make_mesh):
    mesh = make_mesh(DRILL_MESH)
    app = typer.Typer()
    cli_drill.register(app)
    app.command("noop")(lambda: None)  # a second command keeps `drill` a subcommand, as in `actors`
    result = CliRunner().invoke(app, ["drill", "--duration", "3", "--kill-every", "1", "--seed", "1", "--json",
                                      "--home", str(mesh.home)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert {"attempted", "succeeded", "failed", "restarts", "false_successes", "duration_s"} <= set(doc)
    assert doc["false_successes"] == 0
    assert doc["attempted"] == doc["succeeded"] + sum(doc["failed"].values())


def test_the_drill_command_without_a_mesh_says_so_and_exits_no_mesh(tmp_path):
    app = typer.Typer()
    cli_drill.register(app)
    app.command("noop")(lambda: None)
    result = CliRunner().invoke(app, ["drill", "--duration", "1", "--home", str(tmp_path / "none")])
    assert result.exit_code == EXIT_NO_MESH


@pytest.mark.parametrize("option", [["--duration", "nan"], ["--duration", "inf"], ["--duration", "-1"],
                                    ["--kill-every", "nan"], ["--kill-every", "0"]])
def test_a_drill_of_no_seconds_nan_or_no_end_is_a_usage_error_before_it_reaches_the_mesh(tmp_path, option):
    app = typer.Typer()
    cli_drill.register(app)
    app.command("noop")(lambda: None)
    result = CliRunner().invoke(app, ["drill", *option, "--home", str(tmp_path / "none")])
    assert result.exit_code == EXIT_USAGE, result.output
    assert "take seconds above 0, at most 86400" in result.output


@pytest.mark.timeout(90)
def test_actors_drill_from_the_command_line_reports_and_exits_zero(make_mesh):
    mesh = make_mesh(DRILL_MESH)
    result = mesh.cli("drill", "--duration", "4", "--kill-every", "1", "--seed", "3", "--json", timeout=60)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["false_successes"] == 0 and doc["attempted"] > 0
    human = mesh.cli("drill", "--duration", "2", "--kill-every", "1", timeout=60)
    assert human.returncode == 0, human.stderr
    assert "PASS" in human.stdout and "calls attempted" in human.stdout
