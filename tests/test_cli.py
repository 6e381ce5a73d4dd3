"""The first hour at the command line: a mesh that cannot start says why at `up`, help is clean, status is clear."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import typer

from actors.cli import app
from actors.cli_common import EXIT_CONFIG, EXIT_USAGE, plain_help
from actors.exit_codes import EXIT_INTERRUPTED
from broker import __version__, config, keys
from tests.conftest import guarded, wait_for

ECHO = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2

[organs.echo]
module = "tests.organs.echo"
max_restarts = 2
restart_window_s = 60
"""


def up_refused(make_mesh, organ_table: str) -> str:
    """Run `actors up --detach` on a mesh whose last organ cannot start; return its one-line complaint."""
    mesh = make_mesh(ECHO + organ_table, start=False)
    result = mesh.up(check=False)
    assert result.returncode == EXIT_CONFIG, result.stderr
    assert not (mesh.home / "endpoints.json").exists()  # nothing was started
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_up_names_a_module_that_does_not_import_by_file_line_and_key(make_mesh):
    line = up_refused(make_mesh, '\n[organs.ghost]\nmodule = "no_such_package.organ"\n')

    assert re.match(r"actors: \S+mesh\.toml:12: organs\.ghost\.module: cannot import no_such_package\.organ: "
                    r"ModuleNotFoundError: No module named 'no_such_package'$", line), line


def test_up_names_a_module_that_crashes_when_imported_with_where_it_crashed(make_mesh):
    mesh_text = '\n[organs.broken]\nmodule = "broken_organ"\n'
    mesh = make_mesh(ECHO + mesh_text, start=False)
    (mesh.workdir / "broken_organ.py").write_text("import os\n\nLIMIT = 1 / 0\n")
    result = mesh.up(check=False)

    assert result.returncode == EXIT_CONFIG
    assert "mesh.toml:12: organs.broken.module: cannot import broken_organ: ZeroDivisionError: division by zero" \
        in result.stderr
    assert f"(at {mesh.workdir / 'broken_organ.py'}:3)" in result.stderr


def test_up_names_options_the_organ_refuses(make_mesh):
    line = up_refused(make_mesh, '\n[organs.sh]\nmodule = "actors.organs.shell"\noptions = { colour = "red" }\n')

    assert "mesh.toml:13: organs.sh.options: options: unknown parameter 'colour'" in line


@pytest.mark.parametrize("table, complaint", [
    ('[organs.files]\nmodule = "actors.organs.fs"\noptions = { root = 5 }\n',
     "organs.files.options: options.root: expected string, got integer"),
    ('[organs.files]\nmodule = "actors.organs.fs"\noptions = { root = "/nonexistent/dir" }\n',
     "organs.files.options: options.root: /nonexistent/dir is not a directory"),
    ('[organs.mem]\nmodule = "actors.memory.organ"\noptions = { db = 5 }\n',
     "organs.mem.options: options: unknown memory option(s): db; known: "),
    ('[organs.mem]\nmodule = "actors.memory.organ"\noptions = { half_life_days = "x" }\n',
     "organs.mem.options: options.half_life_days: expected number, got string"),
    ('[organs.heal]\nmodule = "actors.healer"\noptions = { retire_after = 0 }\n',
     "organs.heal.options: options.retire_after: must be at least 1"),
])
def test_up_names_options_a_built_in_organ_refuses(make_mesh, table, complaint):
    line = up_refused(make_mesh, "\n" + table)

    assert f"mesh.toml:13: {complaint}" in line, line


def test_up_names_a_missing_working_directory_by_the_key_that_set_it(make_mesh):
    mesh = make_mesh('[heart]\nworkdir = "/nonexistent/x"\n\n[organs.echo]\nmodule = "tests.organs.echo"\n',
                     start=False)
    result = mesh.up(check=False)

    assert result.returncode == EXIT_CONFIG
    assert re.search(r"mesh\.toml:2: heart\.workdir: /nonexistent/x is not a directory$", result.stderr.strip())


def test_up_names_an_mcp_command_that_is_not_installed(make_mesh):
    line = up_refused(make_mesh, '\n[organs.git]\nmcp = ["no-such-mcp-server-xyz", "--stdio"]\n')

    assert "mesh.toml:12: organs.git.mcp: command 'no-such-mcp-server-xyz' is not found" in line


@pytest.mark.parametrize("table, key", [
    ('[heart]\nheartbeat_s = 1e-300\n', "heart.heartbeat_s"),
    ('[heart]\nmax_frame_bytes = 9223372036854775807\n', "heart.max_frame_bytes"),
    ('[heart]\nhealer = "nope"\n[organs.echo]\nmodule = "tests.organs.echo"\n', "heart.healer"),
    ('[organs.echo]\nmodule = "tests.organs.echo"\nenv = { "A=B" = "x" }\n', "organs.echo.env"),
])
def test_up_refuses_a_value_that_would_hurt_the_heart_with_exit_5(make_mesh, table, key):
    mesh = make_mesh(table, start=False)
    result = mesh.up(check=False)
    assert result.returncode == EXIT_CONFIG
    assert f": {key}: " in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("wait", ["-1", "nan", "inf", "86401"])
def test_up_refuses_a_wait_that_is_not_some_seconds_as_a_usage_error_before_anything_starts(tmp_path, wait):
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["up", "--detach", "--wait", wait, "--home", str(tmp_path / "h")])
    assert result.exit_code == EXIT_USAGE, result.output
    assert f"--wait takes seconds from 0 to 86400, not {float(wait):g}" in result.output
    assert not (tmp_path / "h").exists()  # nothing was started: a wait that cannot run out is not "the heart did not start"


def test_a_pin_names_an_organ_and_an_ability_or_every_ability_of_one():
    from actors.cli import is_pin

    assert is_pin("fs.read_file") and is_pin("fs.*") and is_pin("files.read.text")
    assert not any(is_pin(p) for p in ("fs", "fs.", ".read_file", "bad pin", "fs. read_file", ""))


def test_mcp_refuses_a_pin_that_names_no_ability_as_a_usage_error(tmp_path):
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["mcp", "--pin", "bad pin", "--home", str(tmp_path / "h")])
    assert result.exit_code == EXIT_USAGE and "--pin takes ORGAN.ABILITY or ORGAN.*, not 'bad pin'" in result.output


@pytest.mark.parametrize("count", ["0", "-1"])
def test_blood_refuses_a_count_of_no_beats_as_a_usage_error(tmp_path, count):
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["blood", "--count", count, "--home", str(tmp_path / "h")])
    assert result.exit_code == EXIT_USAGE, result.output


def test_organ_run_with_a_module_that_does_not_import_says_so_in_one_line(tmp_path):
    pair = keys.new_keypair("ghost")
    key_file = keys.write_keypair(pair, tmp_path)
    result = subprocess.run(guarded([sys.executable, "-m", "actors", "organ", "run", "no_such_package.organ",
                                     "--connect", "tcp://127.0.0.1:1", "--key", str(key_file),
                                     "--server-key", pair.public]), capture_output=True, text=True, timeout=30)

    assert result.returncode == EXIT_CONFIG
    assert result.stderr.strip() == ("actors: cannot import no_such_package.organ: ModuleNotFoundError: "
                                     "No module named 'no_such_package'")


def test_the_version_is_printed(tmp_path):
    result = subprocess.run(guarded([sys.executable, "-m", "actors", "--version"]), capture_output=True, text=True,
                            timeout=30)
    assert (result.returncode, result.stdout.strip()) == (0, f"actors {__version__}")


def command_paths(command, path=()) -> list[tuple[str, ...]]:
    subcommands = getattr(command, "commands", {})
    if not subcommands:
        return [path]
    return [path] + [p for name, sub in subcommands.items() for p in command_paths(sub, (*path, name))]


def test_help_shows_plain_names_never_typer_s_types_or_braces(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    command = plain_help(typer.main.get_command(app))
    paths = command_paths(command)
    assert ("call",) in paths and ("memory", "ingest") in paths
    for path in paths:
        with pytest.raises(SystemExit) as done:
            command.main(args=[*path, "--help"], prog_name="actors")
        text = capsys.readouterr().out
        assert done.value.code == 0
        assert not re.search(r"<(?:str|bool|int|float|path)>|\{[A-Z.a-z_]+\}|\[\[", text), (path, text)
    call_help = _help(command, "call", capsys)
    assert "Usage: actors call [OPTIONS] ORGAN.ABILITY" in call_help
    assert re.search(r"--args\s+JSON", call_help) and re.search(r"--timeout\s+SECONDS", call_help)


def _help(command, name: str, capsys) -> str:
    with pytest.raises(SystemExit):
        command.main(args=[name, "--help"], prog_name="actors")
    return capsys.readouterr().out


def test_status_text_shows_each_organ_s_wounds(make_mesh):
    mesh = make_mesh(ECHO)
    assert re.search(r"echo\s+up .* wounds -", mesh.cli("status", check=True).stdout)
    with mesh.client() as client:
        assert client.call("echo", "missing", {"what": "x"}).error.cause == "not_found"

    assert re.search(r"echo\s+up .* wounds not_found ", mesh.cli("status", check=True).stdout)


def test_revive_starts_the_displayed_restart_count_again(make_mesh):
    mesh = make_mesh(ECHO)
    for _ in range(3):  # max_restarts = 2: the third death is fatal
        pid = wait_for(lambda: (o := mesh.organ("echo"))["state"] == "up" and o["pid"], timeout=10, what="echo up")
        mesh.cli("kill", "echo", check=True)
        wait_for(lambda pid=pid: mesh.organ("echo")["pid"] != pid, timeout=10, what="echo to die")
    fatal = wait_for(lambda: (o := mesh.organ("echo"))["state"] == "fatal" and o, timeout=10, what="echo fatal")
    assert fatal["restarts"] == 2
    with mesh.client() as client:
        refused = client.call("echo", "echo", {"x": 1}).error
    assert (refused.cause, refused.decision) == ("crashed", "refer")
    assert refused.hint == ("organ echo will not come back by itself: retrying cannot help; fix what stops it "
                            "(its log), then `actors revive echo`")

    mesh.cli("revive", "echo", check=True)

    revived = wait_for(lambda: (o := mesh.organ("echo"))["state"] == "up" and o, timeout=10, what="echo up again")
    assert revived["restarts"] == 0
    assert re.search(r"echo\s+up\s+pid \d+\s+restarts 0 ", mesh.cli("status", check=True).stdout)
    status = json.loads(mesh.cli("status", "--json", check=True).stdout)
    assert status["organs"][0]["restarts"] == 0
    assert [a for a in status["alerts"] if a["level"] == "critical"] == []  # fatal no more: nothing critical
    assert any("turned fatal" in a["message"] for a in status["alerts"])  # the history stays a while


def test_the_detached_hearts_log_is_the_mesh_owners_alone_even_one_an_earlier_run_left_readable(make_mesh):
    mesh = make_mesh(ECHO, start=False)
    logs = mesh.home / "logs"
    logs.mkdir(parents=True, mode=0o700)
    (logs / "heart.log").write_text("an earlier run's line\n")
    os.chmod(logs / "heart.log", 0o644)

    mesh.up("--wait", "20")
    try:
        assert os.stat(logs / "heart.log").st_mode & 0o777 == 0o600
        assert (logs / "heart.log").read_text().startswith("an earlier run's line\n")  # appended, not replaced
    finally:
        mesh.cli("down", check=False)


@pytest.mark.parametrize("address, warned", [("0.0.0.0:0", True), ("127.0.0.1:0", False)],
                         ids=["every interface", "loopback"])
def test_up_warns_when_metrics_listen_beyond_loopback_and_not_when_they_stay_on_it(make_mesh, address, warned):
    mesh = make_mesh(ECHO.replace("[heart]\n", f'[heart]\nmetrics = "{address}"\n', 1), start=False)
    result = mesh.up("--wait", "20")
    try:
        assert ("(not loopback): anyone who reaches it reads" in result.stderr) is warned, result.stderr
    finally:
        mesh.cli("down", check=False)


def extreme_mesh(end: int) -> str:
    """A mesh file with every ranged heart and organ number at one end of its range (0: lowest, 1: highest)."""
    heart_fields = {f.name for f in dataclasses.fields(config.HeartConfig)}
    organ_fields = {f.name for f in dataclasses.fields(config.OrganSpec)}
    heart = {k: bounds[end] for k, bounds in config.RANGES.items() if k in heart_fields}
    organ = {k: bounds[end] for k, bounds in config.RANGES.items() if k in organ_fields}
    if end == 1:
        heart["metrics"] = "127.0.0.1:0"
    lines = ["[heart]", *(f"{k} = {v!r}" for k, v in heart.items()),
             "[organs.echo]", 'module = "tests.organs.echo"', *(f"{k} = {v!r}" for k, v in organ.items())]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("end", [0, 1], ids=["lowest", "highest"])
def test_the_heart_takes_every_setting_at_either_end_of_its_range_without_crashing(make_mesh, end):
    mesh = make_mesh(extreme_mesh(end), start=False)
    result = mesh.up("--wait", "20", check=False)

    log = (mesh.home / "logs" / "heart.log").read_text()
    assert "Traceback" not in log
    if end == 1:
        assert result.returncode == 0, result.stderr
        with mesh.client() as client:
            assert client.call("echo", "echo", {"x": "fine"}).ok
        return
    # at the lowest an organ has 0.1 s to register and counts as hung after 0.01 s: it may never be up (exit 6),
    # or go fatal (exit 1); either way the heart runs on, or was stopped cleanly by `up`
    assert result.returncode in (0, 1, 6), result.stderr
    if result.returncode == 0:
        assert mesh.cli("status", "--json").returncode == 0
    else:
        assert "heart stopped" in log


def test_ctrl_c_during_a_call_is_one_line_and_exit_130(make_mesh):
    mesh = make_mesh(ECHO)
    proc = subprocess.Popen(guarded([sys.executable, "-m", "actors", "call", "echo.sleep", "--args", '{"seconds": 20}',
                                     "--home", str(mesh.home)]), cwd=mesh.workdir, env=mesh.env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        time.sleep(1.5)  # importing, connecting or waiting for the reply: each ends the same way
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == EXIT_INTERRUPTED
    assert err == "actors: interrupted\n" and out == ""
