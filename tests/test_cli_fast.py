"""The fast entry point answers the commands on an agent's path exactly as the full CLI does, loading less."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from actors.cli_fast import fast_command
from broker import __version__, hooks, protocol, wire
from broker.protocol import Control
from tests.conftest import ECHO_MESH, wait_for

# the installed console script (the fast entry point) and the full CLI under the same program name
FAST_CLI = [str(Path(sys.executable).with_name("actors"))]
FULL_CLI = [sys.executable, "-c", "import sys; from actors.cli import main; sys.argv[0] = 'actors'; main()"]
POST = {"hook_event_name": "PostToolUse", "session_id": "s1", "tool_name": "Bash",
        "tool_input": {"command": "make test"}, "tool_response": {"stdout": "", "stderr": "boom", "exitCode": 2}}
PROMPT = {"hook_event_name": "UserPromptSubmit", "session_id": "s1", "prompt": "fix the build"}
CALL_CASES = [
    ["call", "echo.echo", "--args", '{"x": "hi"}'], ["call", "echo.echo", "--args", '{"x": [1, "é"]}', "--json"],
    ["call", "echo.missing", "--args", '{"what": "w"}'], ["call", "echo.missing", "--args", '{"what": "w"}', "--json"],
    ["call", "echo.nope"], ["call", "echo"], ["call", "echo.echo", "--args", "{bad"],
    ["call", "echo.echo", "--args", "[1]"], ["call", "echo.echo", "--timeout", "2.5", "--session", "s9", "--json"],
    ["call", "echo.echo", "--timeout", "soon"], ["call", "--json", "echo.echo", "--args={}"],
]
STATUS_CASES = [["status"], ["status", "--json"], ["status", "--json", "--json"]]
HOOK_CASES = [
    (["hook", "PostToolUse"], json.dumps(POST)),
    (["hook", "UserPromptSubmit"], json.dumps(PROMPT)),
    (["hook", "PreToolUse"], json.dumps({**POST, "hook_event_name": "PreToolUse"})),
    (["hook", "Stop"], json.dumps({"hook_event_name": "Stop", "session_id": "s1"})),
    (["hook", "tool"], "{not json"),
    (["hook", "x"], "[1, 2]"),
]


# -- which command lines the fast path takes ------------------------------------------------

@pytest.mark.parametrize("argv", [["hook", "PostToolUse"], ["hook", "Stop", "--home", "/h"], ["hook", "--home=/h", "x"],
                                  ["hook", "--home", "/a", "x", "--home", "/h"], ["status"], ["status", "--json"],
                                  ["call", "a.b"], ["call", "a.b", "--args", "{}", "--timeout=1e3", "--json"],
                                  ["expose", "open a PR", "--catalog", "c.json"],
                                  ["expose", "--json", "x", "--catalog=c.json", "--budget", "300"], ["--version"]])
def test_plain_command_lines_of_hook_status_and_call_take_the_fast_path(argv):
    assert fast_command(argv, {}) is not None


@pytest.mark.parametrize("argv", [[], ["--help"], ["--version", "status"], ["hook"], ["hook", "--help"], ["hook", "a", "b"],
                                  ["hook", "x", "--home"], ["hook", "x", "--home", "--json"], ["hook", "x", "--bogus"],
                                  ["hook", "--", "x"], ["hook", "-x"], ["hook", "x", "--json"], ["status", "x"],
                                  ["status", "--json=1"], ["call"], ["call", "a.b", "--timeout", "soon"],
                                  ["call", "a.b", "--args"], ["up", "--detach"], ["blood"],
                                  ["expose", "x"], ["expose", "x", "--catalog", "c.json", "--batch", "b.jsonl"],
                                  ["expose", "x", "--catalog", "c.json", "--budget", "0"],
                                  ["expose", "x", "--catalog", "c.json", "--budget", "lots"],
                                  ["expose", "x", "--catalog", "c.json", "--journal", "j.jsonl"],
                                  ["expose", "--forget", "a.b"]])
def test_anything_else_goes_to_the_full_cli(argv):
    assert fast_command(argv, {}) is None


def test_the_home_comes_from_the_last_option_then_the_environment_then_the_default(monkeypatch):
    seen = []
    monkeypatch.setattr("actors.cli_fast.hook", lambda event, home: seen.append(home) or 0)
    for argv, env in ((["hook", "x", "--home", "/a", "--home=/b"], {"ACTORS_HOME": "/e"}),
                      (["hook", "x"], {"ACTORS_HOME": "/e"}), (["hook", "x"], {"ACTORS_HOME": ""}),
                      (["hook", "x"], {})):
        fast_command(argv, env)()
    assert seen == [Path("/b"), Path("/e"), Path(".actors"), Path(".actors")]


def test_the_wire_frames_of_a_plain_control_map_are_those_of_the_control_message():
    control = Control(id="abc", command="hook", args={"event": "x", "payload": {"n": [1, "é"]}})
    assert wire.frames(wire.CONTROL, protocol.to_plain(control)) == protocol.encode(control)


def test_a_huge_hook_payload_is_cut_to_its_head_and_tail_until_it_fits():
    log = "start\n" + "x" * 3_000_000 + "\nError: the real failure"
    cut = hooks.bounded({"tool_response": {"stdout": log, "lines": ["y" * 100_000] * 50}})
    assert len(wire.pack(cut)) <= hooks.MAX_PAYLOAD_BYTES
    stdout = cut["tool_response"]["stdout"]
    assert stdout.startswith("start\n") and stdout.endswith("Error: the real failure") and len(stdout) < 70_000
    assert hooks.bounded({"items": ["z" * 600] * 1_000_000}) is None


def test_the_fast_hook_loads_neither_typer_nor_the_organ_sdk(tmp_path):
    code = ("import sys; sys.argv = ['actors', 'hook', 'PostToolUse', '--home', sys.argv[1]]; "
            "from actors.cli_fast import fast_command; import os; fast_command(sys.argv[1:], os.environ)(); "
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich', 'actors', "
            "'jsonschema', 'prometheus_client'))))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], input="{}", capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["actors", "actors.cli_fast", "actors.exit_codes"]


# -- the same answers as the full CLI --------------------------------------------------------

ON_RUNNING = pytest.mark.xdist_group("cli-fast-running")  # the tests on `running` share one worker: one mesh


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """One echo mesh for the comparisons that need a mesh."""
    from tests.conftest import REPO, Mesh, end_mesh

    root = tmp_path_factory.mktemp("fast")
    (root / "work").mkdir()
    (root / "mesh.toml").write_text(ECHO_MESH)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("ACTORS_HOME", None)
    mesh = Mesh(home=root / "home", workdir=root / "work", config=root / "mesh.toml", env=env)
    try:
        mesh.up()
        yield mesh
    finally:
        end_mesh(mesh)


@pytest.mark.timeout(180)  # a few dozen runs of the full CLI, each ~0.3 s of imports on a quiet machine
def test_every_fast_command_answers_as_the_full_cli_when_no_mesh_runs(make_mesh):
    mesh = make_mesh(ECHO_MESH, start=False)
    for args, stdin in HOOK_CASES:
        _same(mesh, args, stdin)
    for args in (*STATUS_CASES, *CALL_CASES[:2]):
        _same(mesh, args, "")


def test_the_version_is_printed_as_the_full_cli_prints_it():
    runs = [subprocess.run([*cli, "--version"], capture_output=True, text=True, timeout=30) for cli in (FAST_CLI, FULL_CLI)]
    assert [(r.returncode, r.stdout, r.stderr) for r in runs] == [(0, f"actors {__version__}\n", "")] * 2


@ON_RUNNING
@pytest.mark.timeout(180)
def test_hooks_answer_as_the_full_cli_and_each_records_the_tool_call_once(running):
    recorded = _host_calls(running)
    for args, stdin in HOOK_CASES:
        _same(running, args, stdin)
    # each way of running it recorded the PostToolUse once, classified by the heart
    wait_for(lambda: _host_calls(running) - recorded >= 2, timeout=10, what="both records")
    assert _host_calls(running) - recorded == 2
    assert running.status()["heart"]["instruction"] == "fix the build"


@ON_RUNNING
def test_a_hook_event_actors_does_not_know_says_so_and_never_fails_the_host(running):
    typo = _same(running, ["hook", "PostToolUze"], json.dumps({**POST, "hook_event_name": "PostToolUze"}))
    assert typo.returncode == 0 and "'PostToolUze' is no event actors learns from" in typo.stderr
    known = _same(running, ["hook", "Stop"], json.dumps({"hook_event_name": "Stop", "session_id": "s1"}))
    assert known.returncode == 0 and known.stderr == ""  # (no tool use: the tests counting them share this mesh)


@ON_RUNNING
@pytest.mark.timeout(180)
def test_status_answers_as_the_full_cli(running):
    for args in STATUS_CASES:  # beat numbers and uptimes move between the two runs
        _same(running, args, "", mask=re.compile(r"\d+(\.\d+)?"))


@ON_RUNNING
@pytest.mark.timeout(180)
def test_call_answers_as_the_full_cli(running):
    for args in CALL_CASES:
        _same(running, args, "", mask=re.compile(r'"pid": \d+|"duration_s": [0-9.e-]+'))


@ON_RUNNING
@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["call", "echo.echo", "--args", '{"x": "hi"}']])
def test_a_reader_that_goes_away_early_gets_no_traceback(running, args):
    # the reader of the pipe is gone before the command writes: every write fails with EPIPE
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([*FAST_CLI, *args, "--home", str(running.home)], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=30, env=running.env)
    finally:
        os.close(write)

    assert done.returncode == 1
    assert done.stderr == ""


@pytest.mark.parametrize("args", [["hook", "--help"], ["hook"], ["hook", "x", "--bogus"], ["status", "--help"],
                                  ["call", "--help"], ["call", "a.b", "--timeout", "soon"]])
def test_help_and_usage_errors_come_from_the_full_cli_either_way(make_mesh, args):
    mesh = make_mesh(ECHO_MESH, start=False)
    fast = _same(mesh, args, "")
    assert fast.returncode in (0, 2)


def _same(mesh, args: list[str], stdin: str, mask: re.Pattern | None = None) -> subprocess.CompletedProcess:
    runs = [subprocess.run([*cli, *args, "--home", str(mesh.home)] if "--help" not in args else [*cli, *args],
                           input=stdin, capture_output=True, text=True, timeout=30, env=mesh.env, cwd=mesh.workdir)
            for cli in (FAST_CLI, FULL_CLI)]
    fast, full = ((run.returncode, *(mask.sub("#", out) if mask else out for out in (run.stdout, run.stderr)))
                  for run in runs)
    assert fast == full, args
    return runs[0]


def _host_calls(mesh) -> float:
    from tests.test_mesh import metric

    return metric(mesh, "actors_calls_total", organ="host", outcome="error")


def test_only_the_wire_module_touches_msgpack():
    sources = [p for root in ("actors", "broker") for p in (Path(__file__).parents[1] / root).rglob("*.py")]
    users = sorted(str(p.relative_to(Path(__file__).parents[1])) for p in sources
                   if "import msgpack" in p.read_text(encoding="utf-8"))
    assert users == ["broker/wire.py"]


@ON_RUNNING
@pytest.mark.parametrize("timeout", ["-1", "nan", "inf", "86401"])
def test_a_negative_nan_or_longer_than_a_day_call_timeout_is_a_usage_error_either_way(running, timeout):
    done = _same(running, ["call", "echo.echo", "--timeout", timeout], "")
    assert done.returncode == 2
    assert done.stderr == ("actors: --timeout takes seconds up to 86400 (0: the ability's own), "
                           f"not {float(timeout):g}\n")


@ON_RUNNING
@pytest.mark.parametrize("args", [["status", "--json"], ["cards", "--json"]])
def test_home_given_before_the_command_is_the_same_as_after_it(running, args):
    env = {k: v for k, v in running.env.items() if k != "ACTORS_HOME"}
    after, before, joined = (subprocess.run([*FAST_CLI, *argv], capture_output=True, text=True, timeout=30, env=env)
                             for argv in ([*args, "--home", str(running.home)], ["--home", str(running.home), *args],
                                          [f"--home={running.home}", *args]))
    assert after.returncode == before.returncode == joined.returncode == 0, before.stderr
    strip_beat = re.compile(r'"(seq|at|uptime_s|interval_s|silent_s|open_s)": [0-9.e+-]+')
    assert strip_beat.sub("#", before.stdout) == strip_beat.sub("#", after.stdout) == strip_beat.sub("#", joined.stdout)


def test_offline_expose_prints_what_the_full_cli_prints(tmp_path):
    def tool(name: str, description: str) -> dict:
        return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": {}}}
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"organs": {
        "github": [tool("create_pull_request", "Open a pull request (PR)"), tool("list_issues", "List issues")],
        "time": [tool("get_current_time", "Current time in a time zone")]}}))
    (tmp_path / "bad.json").write_text("[1]")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1]), "ACTORS_CACHE": str(tmp_path / "cache")}
    for args in (["expose", "open a PR", "--catalog", str(catalog)],
                 ["expose", "--json", "what time is it in Lisbon", f"--catalog={catalog}", "--budget", "40"],
                 ["expose", "open a PR", "--catalog", str(tmp_path / "bad.json")],
                 ["expose", "open a PR", "--catalog", str(tmp_path / "missing.json")]):
        fast, full = (subprocess.run([*cli, *args], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
                      for cli in (FAST_CLI, FULL_CLI))
        assert (fast.returncode, fast.stdout, fast.stderr) == (full.returncode, full.stdout, full.stderr), args


def test_expose_prints_a_tool_name_with_line_breaks_or_escapes_on_one_line_without_them():
    from actors.cli_fast import exposure_lines

    result = {"exposed": ["evil.bad\nname", "evil.\x1b[31mred"], "tokens": {"full": 100, "exposed": 40},
              "tools": [{"name": "find_abilities"}]}
    lines = exposure_lines(result)
    assert lines[:2] == ["evil.bad?name", "evil.?[31mred"] and len(lines) == 3
