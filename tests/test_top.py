"""`actors top`: the frame it draws (a pure function) and the live view in a real pseudo-terminal."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from concurrent.futures import ThreadPoolExecutor

from actors.top import LEAVE_SCREEN, render
from broker.protocol import Alert, Blood, OrganStatus
from tests.conftest import wait_for

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TAKE_TTY = ("import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
            "os.execv(sys.argv[1], sys.argv[1:])")

BEAT = {
    "seq": 42, "at": 1764460800.0, "interval_s": 0.333, "reason": "critical alert: git", "stage": "light",
    "instruction": "make the login tests pass",
    "organs": {"fs": {"state": "up", "pid": 4245, "restarts": 0, "wounds": []},
               "git": {"state": "fatal", "pid": None, "restarts": 5, "wounds": ["network"]},
               "shell": {"state": "lost", "pid": 4247, "restarts": 1, "wounds": []}},
    "alerts": [{"level": "critical", "organ": "git", "message": "organ git is fatal: 5 restarts within 60s"},
               {"level": "info", "organ": "fs", "message": "organ fs is up (pid 4245)"}],
}
STATUS = {
    "heart": {"pid": 4242, "metrics": "http://127.0.0.1:9464/metrics"},
    "organs": [{"name": "git", "reason": "exited with code 1",
                "wounds": [{"cause": "network", "failures": 7, "chronic": True}]},
               {"name": "fs", "reason": "registered", "wounds": []}],
}


def organ_row(frame: str, organ: str) -> list[str]:
    return next(line.split() for line in frame.splitlines() if line.startswith(organ + " "))


def test_a_frame_shows_the_beat_the_stage_the_instruction_and_every_organ():
    frame = render(BEAT, width=120)

    assert "beat #42" in frame and "every 0.33s (critical alert: git)" in frame and "stage light" in frame
    assert "instruction: make the login tests pass" in frame
    assert organ_row(frame, "fs")[:4] == ["fs", "up", "4245", "0"]
    assert organ_row(frame, "git")[:5] == ["git", "fatal", "-", "5", "network"]
    assert organ_row(frame, "shell")[:4] == ["shell", "lost", "4247", "1"]


def test_a_frame_lists_the_alerts_with_their_level():
    frame = render(BEAT, width=120)

    assert "ALERTS 2" in frame
    assert re.search(r"critical\s+git\s+organ git is fatal", frame)
    assert "ALERTS none" in render({**BEAT, "alerts": []})


def test_the_status_adds_the_heart_the_reasons_and_wound_details():
    frame = render(BEAT, STATUS, width=160, home="/x/.actors")

    assert "heart pid 4242" in frame and "http://127.0.0.1:9464/metrics" in frame and "/x/.actors" in frame
    assert "network(7, chronic)" in frame and "exited with code 1" in frame


def test_exposed_tools_are_shown_only_when_blood_carries_them():
    assert "EXPOSED" not in render(BEAT)

    frame = render({**BEAT, "exposed": ["fs.read_file", "git.git_status"], "tokens": {"full": 4000, "exposed": 310}},
                   width=120)

    assert "EXPOSED TOOLS 2 (tool-schema tokens 310 of 4000)" in frame
    assert "fs.read_file git.git_status" in frame


def test_no_line_is_wider_than_the_terminal_and_colour_is_only_added_on_request():
    narrow = render({**BEAT, "instruction": "x" * 300}, STATUS, width=50)
    painted = render(BEAT, STATUS, width=50, color=True)

    assert max(len(line) for line in narrow.splitlines()) <= 50
    assert "\x1b[" not in narrow
    assert "\x1b[31;1mfatal\x1b[0m" in painted
    assert max(len(ANSI.sub("", line)) for line in painted.splitlines()) <= 50


def test_a_short_terminal_shows_the_first_alerts_and_how_many_more():
    beat = {**BEAT, "alerts": [{"level": "warn", "organ": "fs", "message": f"alert {n}"} for n in range(50)]}

    frame = render(beat, width=80, height=20)

    assert "alert 0" in frame and "alert 49" not in frame
    assert re.search(r"\.\.\. and \d+ more", frame)


def test_a_beat_straight_from_blood_renders_like_its_plain_map():
    blood = Blood(seq=3, at=0.0, interval_s=1.0, reason="steady", organs={"fs": OrganStatus("up", 10, 0)},
                  alerts=(Alert("warn", "fs", "organ fs lost"),))

    frame = render(blood)

    assert organ_row(frame, "fs")[:4] == ["fs", "up", "10", "0"] and "organ fs lost" in frame


def test_top_once_prints_one_plain_frame_and_exits(mesh):
    done = mesh.cli("top", "--once", check=True)

    assert "\x1b" not in done.stdout
    assert organ_row(done.stdout, "echo")[:2] == ["echo", "up"]
    assert "beat #" in done.stdout
    assert "Ctrl-C" not in done.stdout, "a single frame has nothing to quit"


def test_top_without_a_mesh_says_so_and_fails(make_mesh):
    mesh = make_mesh(start=False)

    done = mesh.cli("top", "--once")

    assert done.returncode == 3 and "no mesh" in done.stderr


class Terminal:
    """A pseudo-terminal of 40 x 120 running one command as its session leader."""

    def __init__(self, args: list[str], env: dict, cwd) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = {k: v for k, v in env.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        # the command leads a new session and takes the terminal as its controlling one, so Ctrl-C reaches it
        self.proc = subprocess.Popen([sys.executable, "-c", TAKE_TTY, *args], stdin=slave, stdout=slave,
                                     stderr=slave, env={**env, "TERM": "xterm"}, cwd=cwd, start_new_session=True)
        os.close(slave)
        self.raw = b""

    def read(self, timeout: float = 0.1) -> str:
        """Whatever arrived, appended; the whole screen history without escape codes."""
        while select.select([self.master], [], [], timeout)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the command exited and closed the terminal
                break
            if not chunk:
                break
            self.raw += chunk
            timeout = 0
        return ANSI.sub("", self.raw.decode(errors="replace"))

    def wait(self, timeout: float) -> int:
        """The command's exit code, reading what it writes meanwhile: a full terminal would block its writes."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.proc.args, timeout)
            self.read()
        self.read()
        return self.proc.returncode

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        os.close(self.master)


def test_top_redraws_from_blood_in_a_terminal_and_quits_cleanly_on_ctrl_c(mesh):
    term = Terminal([sys.executable, "-m", "actors", "top", "--home", str(mesh.home)], mesh.env, mesh.workdir)
    try:
        wait_for(lambda: re.search(r"echo\s+up\s+\d+\s+0", term.read()), timeout=15, what="echo up in the view")
        seen = term.read()
        beats = [int(n) for n in re.findall(r"beat #(\d+)", seen)]
        wait_for(lambda: max(map(int, re.findall(r"beat #(\d+)", term.read()))) > max(beats), timeout=10,
                 what="a redraw on a later beat")

        mesh.cli("kill", "echo", check=True)
        wait_for(lambda: re.search(r"echo\s+up\s+\d+\s+1\b", term.read()), timeout=15,
                 what="the restarted organ in the view")
        assert "killed by SIGKILL" in term.read()

        os.write(term.master, b"\x03")  # Ctrl-C, through the terminal's line discipline
        started = time.monotonic()
        code = term.wait(timeout=10)
    finally:
        term.close()

    assert code == 0
    assert time.monotonic() - started < 5
    assert term.raw.endswith(LEAVE_SCREEN.encode()) or LEAVE_SCREEN.encode() in term.raw[-200:]
    assert b"Traceback" not in term.raw and b"Aborted" not in term.raw


def test_top_says_so_and_exits_when_the_mesh_stops_under_it(mesh):
    term = Terminal([sys.executable, "-m", "actors", "top", "--home", str(mesh.home)], mesh.env, mesh.workdir)
    try:
        wait_for(lambda: "echo" in term.read(), timeout=15, what="the first frame")
        with ThreadPoolExecutor(1) as pool:  # the view keeps drawing while the mesh goes down: keep reading it
            down = pool.submit(mesh.cli, "down", check=True)
            code = term.wait(timeout=30)
            down.result(timeout=30)
    finally:
        term.close()

    assert code == 3
    tail = term.raw.rsplit(LEAVE_SCREEN.encode(), 1)[-1].decode()
    assert "actors: the heart stopped" in tail
