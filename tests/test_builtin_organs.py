"""The fs and shell organs: their abilities, their refusals and the causes they report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from actors.organs.fs import FsOrgan
from actors.organs.shell import ShellOrgan
from broker.home import pid_alive
from broker.protocol import Call
from tests.conftest import wait_for


def run(organ, ability: str, **args):
    return organ.handle(Call(id="t", organ=organ.name, ability=ability, args=args))


@pytest.fixture
def fs(tmp_path: Path) -> FsOrgan:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("one\ntwo\nthree\n")
    (tmp_path / ".hidden").write_text("x")
    organ = FsOrgan(options={}, workdir=tmp_path)
    organ.on_start()
    return organ


@pytest.fixture
def shell(tmp_path: Path) -> ShellOrgan:
    organ = ShellOrgan(options={}, workdir=tmp_path)
    organ.on_start()
    return organ


def test_every_builtin_ability_declares_whether_it_is_read_only():
    flags = {a.name: a.read_only for organ in (FsOrgan, ShellOrgan) for a in organ.abilities()}
    assert flags == {"read_file": True, "list_directory": True, "find_files": True, "write_file": False,
                     "edit_file": False, "run": False}


def test_fs_reads_a_file_whole_or_as_a_window_of_lines(fs):
    assert run(fs, "read_file", path="src/app.py").result["content"] == "one\ntwo\nthree\n"
    window = run(fs, "read_file", path="src/app.py", offset=1, limit=1).result
    assert window == {"path": "src/app.py", "content": "two\n", "lines": 1, "total_lines": 3}


def test_fs_lists_directories_first_and_hides_dotfiles_unless_asked(fs):
    names = [e["name"] for e in run(fs, "list_directory").result["entries"]]
    assert names == ["src"]
    hidden = [e["name"] for e in run(fs, "list_directory", hidden=True).result["entries"]]
    assert hidden == ["src", ".hidden"]


def test_fs_finds_files_by_glob(fs):
    assert run(fs, "find_files", pattern="**/*.py").result == {"matches": ["src/app.py"], "truncated": False}
    assert run(fs, "find_files", pattern="../*").error.cause == "bad_params"


def test_fs_writes_atomically_and_edits_exact_text(fs, tmp_path):
    assert run(fs, "write_file", path="new/file.txt", content="a b a", create_dirs=True).ok
    reply = run(fs, "edit_file", path="new/file.txt", old="a", new="c")
    assert reply.error.cause == "bad_params" and "occurs 2 times" in reply.error.message
    assert run(fs, "edit_file", path="new/file.txt", old="a", new="c", count=2).result["replacements"] == 2
    assert (tmp_path / "new" / "file.txt").read_text() == "c b c"
    assert not [p for p in (tmp_path / "new").iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("path", ["../outside.txt", "/etc/passwd", "src/../../x"])
def test_fs_refuses_paths_that_escape_its_root(fs, path):
    reply = run(fs, "read_file", path=path)
    assert reply.error.cause == "permission"
    assert "escapes" in reply.error.message


def test_fs_reports_a_missing_file_as_not_found(fs):
    reply = run(fs, "read_file", path="nope.txt")
    assert reply.error.cause == "not_found"
    assert reply.error.message.startswith("ENOENT")


def test_fs_reports_a_bad_argument_as_bad_params(fs):
    assert run(fs, "read_file", path=3).error.cause == "bad_params"
    assert run(fs, "read_file", path="a", colour="red").error.cause == "bad_params"


def test_shell_returns_exit_code_and_output(shell):
    ok = run(shell, "run", command="echo out; echo err >&2").result
    assert (ok["exitCode"], ok["stdout"], ok["stderr"], ok["timedOut"]) == (0, "out\n", "err\n", False)
    assert run(shell, "run", command="exit 3").result["exitCode"] == 3
    assert run(shell, "run", command="no-such-program-xyz").result["exitCode"] == 127


def test_shell_kills_a_command_that_exceeds_its_timeout_with_its_children(shell, tmp_path):
    for timeout_s in (0.3, 1.2, 4.8):  # a loaded machine may not start the shell's child within a short timeout
        result = run(shell, "run", command="sleep 30 & echo $! > bg.pid; sleep 30; echo never",
                     timeout_s=timeout_s).result
        assert result["timedOut"] is True
        assert "never" not in result["stdout"]
        assert f"[timed out after {timeout_s}s]" in result["stderr"]
        pid_file = tmp_path / "bg.pid"
        if pid_file.exists() and pid_file.read_text().strip():
            break
    background = int(pid_file.read_text())
    wait_for(lambda: not pid_alive(background), timeout=5, what="the background child to be killed")


def test_shell_runs_inside_its_root_only(shell, tmp_path):
    (tmp_path / "sub").mkdir()
    assert run(shell, "run", command="pwd", cwd="sub").result["stdout"].strip() == str(tmp_path / "sub")
    assert run(shell, "run", command="pwd", cwd="..").error.cause == "permission"


def test_the_default_mesh_serves_fs_and_shell(make_mesh):
    mesh = make_mesh(start=False)
    (mesh.workdir / "README.md").write_text("# hello\n")
    mesh.cli("up", "--detach", check=True, timeout=60)
    status = mesh.status()
    assert {o["name"]: o["state"] for o in status["organs"]} == {"healer": "up", "memory": "up", "fs": "up",
                                                                  "shell": "up"}
    read = mesh.json("call", "fs.read_file", "--args", '{"path": "README.md"}')
    assert read == {"ok": True, "result": {"path": "README.md", "content": "# hello\n", "lines": 1,
                                           "total_lines": 1}}
    shell = mesh.json("call", "shell.run", "--args", json.dumps({"command": "ls"}))
    assert "README.md" in shell["result"]["stdout"]
