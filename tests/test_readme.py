"""The README cannot go stale: its tour runs as shown, its command table and exit codes are the CLI's own."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal

import typer

from actors import exit_codes
from actors.cli import app
from actors.cli_common import plain_help
from tests.conftest import ECHO_MESH, REPO, wait_for

README = (REPO / "README.md").read_text(encoding="utf-8")

# The README's words for each exit code, and the constant that must carry it (written out on purpose).
EXIT_WORDS = {"ok": "EXIT_OK", "failed": "EXIT_FAILED", "usage": "EXIT_USAGE", "no mesh": "EXIT_NO_MESH",
              "call failed": "EXIT_CALL_FAILED", "bad config": "EXIT_CONFIG", "timed out": "EXIT_TIMEOUT",
              "already running": "EXIT_RUNNING", "unhealthy": "EXIT_UNHEALTHY"}

CRASHY = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2

[organs.crashy]
module = "tests.organs.crashy"
max_restarts = 1
backoff_initial_s = 0.05
"""


def documented_exit_codes() -> dict[str, int]:
    """The README's `Exit codes: 0 ok · 1 failed · ...` line, as {word: code}."""
    line = re.search(r"^Exit codes: (.*?)\.$", README, re.M | re.S).group(1).replace("\n", " ")
    return {word.strip(): int(code) for code, word in re.findall(r"(\d+) ([a-z ]+?)(?: ·|$)", line)}


CODES = documented_exit_codes()


def tour() -> list[tuple[str, int, list[str]]]:
    """The tour's commands: (command line, documented exit code, lines shown after it)."""
    block = README.split("## A two-minute tour", 1)[1].split("```console", 1)[1].split("```", 1)[0]
    steps: list[tuple[str, int, list[str]]] = []
    for line in block.strip().splitlines():
        if line.startswith("$ ") and not line.startswith("$ actors "):
            steps.append(("", 0, []))  # pip install: not ours to run; its output, if any, is not checked
        elif line.startswith("$ "):
            command, _, comment = line[2:].partition("  #")
            said = re.search(r"exits (\d+)", comment)
            steps.append((command.strip(), int(said.group(1)) if said else 0, []))
        elif steps:
            steps[-1][2].append(line)
    return steps


def command_tree():
    return plain_help(typer.main.get_command(app))


def find(tree, path: list[str]):
    for name in path:
        tree = getattr(tree, "commands", {}).get(name)
        if tree is None:
            return None
    return tree


def option_names(command) -> set[str]:
    return {opt for p in command.params for opt in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))}


def test_the_exit_code_line_names_the_cli_s_own_constants():
    assert CODES == {word: getattr(exit_codes, name) for word, name in EXIT_WORDS.items()}


def test_the_readme_tour_runs_as_shown_with_its_exit_codes(make_mesh):
    mesh = make_mesh(start=False)
    shutil.copy(REPO / "README.md", mesh.workdir / "README.md")
    steps = [step for step in tour() if step[0]]
    assert [c.split()[1] for c, _, _ in steps][:2] == ["up", "status"] and steps[-1][0] == "actors down"
    for command, expected, shown in steps:
        argv = shlex.split(command)
        assert argv[0] == "actors"
        result = mesh.cli(*argv[1:], timeout=60)
        assert result.returncode == expected, (command, result.returncode, result.stderr)
        check_output(argv, shown, result)


def check_output(argv: list[str], shown: list[str], result) -> None:
    if argv[1] == "up":
        organs = re.search(r"organs: ([^)]*)\)", shown[0]).group(1)
        assert re.search(r"organs: ([^)]*)\)", result.stdout).group(1) == organs, result.stdout
    elif argv[1] == "status":
        names = [line.split()[0] for line in shown[1:] if line.startswith("  ")]
        assert [line.split()[0] for line in result.stdout.splitlines()[1:] if line.startswith("  ")] == names
        abilities = re.compile(r"\b(\d+) abilities\b")  # an organ that gains an ability shows it in the tour too
        assert abilities.findall(result.stdout) == abilities.findall("\n".join(shown)), result.stdout
        assert all("wounds" in line for line in shown[1:])
    elif argv[1] == "call" and "--json" in argv:
        answer = json.loads(result.stdout)
        assert answer["ok"] is ('"ok": true' in shown[0])
        cause = re.search(r'"cause": "(\w+)"', shown[0])
        if cause:
            assert answer["error"]["cause"] == cause.group(1)
        for key in re.findall(r'"(\w+)":', shown[0]):
            assert key in json.dumps(answer), (key, answer)
    elif argv[1] == "call":  # a failed call: what the ability returned (stdout), then the failure (stderr)
        failure = next(i for i, line in enumerate(shown) if line.startswith("actors:"))
        assert result.stderr.splitlines()[0].split(":")[:2] == shown[failure].split(":")[:2]
        returned = json.loads(result.stdout) if shown[:failure] else None
        for key in re.findall(r'"(\w+)":', "\n".join(shown[:failure])):
            assert key in returned, (key, result.stdout)
    elif argv[1] == "blood":
        assert len(result.stdout.splitlines()) == int(argv[argv.index("--count") + 1])
    elif argv[1] == "down":
        assert result.stdout.strip() == shown[0]


def table_commands() -> list[list[str]]:
    """Every command the README's command table names, as its words (`actors memory ingest F` -> memory ingest)."""
    rows = [line for line in README.split("## Commands", 1)[1].splitlines() if line.startswith("| `actors")]
    found = []
    for row in rows:
        first = None
        for snippet in re.findall(r"`([^`]+)`", row.split(" | ")[0]):
            words = snippet.split()
            if words[0] == "actors":
                words = words[1:]
                first = words[:1]
            elif first and words[0] != first[0] and find(command_tree(), [*first, words[0]]) is not None:
                words = [*first, *words]
            found.append(words)
    return found


def test_every_command_in_the_table_exists_with_the_options_it_shows():
    tree = command_tree()
    for words in table_commands():
        path = [w for w in words[:2] if re.fullmatch(r"[a-z][a-z-]*", w)]
        command = find(tree, path[:2]) or find(tree, path[:1])
        assert command is not None, words
        shown = {w for w in words if w.startswith("--")}
        assert shown <= option_names(command) | {"--version"}, (words, option_names(command))


def test_every_command_of_the_cli_is_in_the_table():
    listed = {words[0] for words in table_commands() if words and not words[0].startswith("-")}
    assert set(command_tree().commands) <= listed


def test_every_command_but_organ_run_takes_home_as_the_readme_says():
    def leaves(command, path=()):
        subcommands = getattr(command, "commands", {})
        if not subcommands:
            yield path, command
        for name, sub in subcommands.items():
            yield from leaves(sub, (*path, name))

    for path, command in leaves(command_tree()):
        assert ("--home" in option_names(command)) == (path != ("organ", "run")), path


def test_the_documented_exit_codes_are_the_ones_commands_give(make_mesh, tmp_path):
    mesh = make_mesh(ECHO_MESH.replace("liveness = 3", "liveness = 3\nhang_kill_s = 120"))
    assert mesh.up(check=False).returncode == CODES["already running"]
    assert mesh.cli("call", "no-dot").returncode == CODES["usage"]
    pid = mesh.organ("echo")["pid"]
    os.kill(pid, signal.SIGSTOP)
    try:
        wait_for(lambda: mesh.organ("echo")["state"] == "lost", timeout=10, what="echo lost")
        assert mesh.cli("doctor").returncode == CODES["unhealthy"]
    finally:
        os.kill(pid, signal.SIGCONT)
    mesh.cli("down", check=True)
    assert mesh.cli("status").returncode == CODES["no mesh"]
    assert mesh.cli("doctor").returncode == CODES["no mesh"]
    bad = tmp_path / "bad.toml"
    bad.write_text("[heart]\nbeat_s = -1\n")
    assert mesh.cli("up", "--detach", "--config", str(bad)).returncode == CODES["bad config"]
    assert mesh.cli("up", "--detach", "--wait", "0", "--config", str(mesh.config),
                    timeout=60).returncode == CODES["timed out"]
    crashy = make_mesh(CRASHY, start=False, name="crashy")
    assert crashy.up(check=False).returncode == CODES["failed"]

