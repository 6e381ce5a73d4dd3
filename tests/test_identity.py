"""Organ identity on one machine: tokens stay out of environments, registrations are bound to the kernel's pid."""

from __future__ import annotations

import os
import threading
import time

import pytest
import zmq

from broker import protocol
from broker.protocol import Ability, Call, Refused, Register, Reply

LAUNCHER_SECRET = "ACTORS_TEST_LAUNCHER_SECRET"
LOCAL_MESH = """
[heart]
beat_s = 0.5
heartbeat_s = 0.3

[organs.fs]
module = "actors.organs.fs"

[organs.shell]
module = "actors.organs.shell"
env = { GIVEN_BY_MESH = "yes" }
"""
CALLS = 24


pytestmark = pytest.mark.xdist_group("identity")  # one worker runs the module: its mesh starts once


@pytest.fixture(scope="module")
def local_mesh(tmp_path_factory):
    from tests.conftest import Mesh, REPO, end_mesh

    root = tmp_path_factory.mktemp("identity")
    (root / "work").mkdir()
    (root / "mesh.toml").write_text(LOCAL_MESH)
    env = {**os.environ, "PYTHONPATH": str(REPO), LAUNCHER_SECRET: "hunter2-from-the-launcher"}
    env.pop("ACTORS_HOME", None)
    mesh = Mesh(home=root / "home", workdir=root / "work", config=root / "mesh.toml", env=env)
    (mesh.workdir / "notes.txt").write_text("the real content\n")
    try:
        mesh.up()
        yield mesh
    finally:
        end_mesh(mesh)


def environ_of(pid: int) -> dict[str, str]:
    raw = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
    return dict(item.decode(errors="replace").partition("=")[::2] for item in raw if item)


def test_no_organ_environment_holds_a_token_or_the_launchers_variables(local_mesh):
    for name in ("fs", "shell"):
        env = environ_of(local_mesh.organ(name)["pid"])  # a forked organ shows what an exec would
        assert "ACTORS_TOKEN" not in env and LAUNCHER_SECRET not in env and "PATH" in env, sorted(env)
        assert not [value for value in env.values() if "hunter2" in value]
        assert env["ACTORS_ORGAN"] == name
    assert environ_of(local_mesh.organ("shell")["pid"])["GIVEN_BY_MESH"] == "yes"


def test_a_shell_command_sees_neither_the_token_nor_the_launchers_environment(local_mesh):
    out = local_mesh.json("call", "shell.run", "--args", '{"command": "env; echo ---; cat /proc/$PPID/environ | tr \\"\\\\0\\" \\"\\\\n\\""}')
    text = out["result"]["stdout"]
    own = text.split("---")[0]
    assert "PATH=" in own and "GIVEN_BY_MESH=yes" in own  # the command ran, with what the mesh file gave the organ
    assert "ACTORS_" not in own.replace("ACTORS_COMMAND=", "")  # nothing of the organ's own settings, nor its ticket
    assert "ACTORS_TOKEN" not in text and LAUNCHER_SECRET not in text and "hunter2" not in text


def test_a_forged_fs_registration_with_the_real_pid_is_refused_while_calls_run_and_none_is_answered_forged(
        local_mesh):
    fs_pid = local_mesh.organ("fs")["pid"]
    stolen = environ_of(fs_pid).get("ACTORS_TOKEN", "")  # what /proc/PID/environ gave away before
    router = local_mesh.status()["heart"]["endpoints"]["router"]
    refusals: list[str] = []
    forged_calls: list[str] = []
    stop = threading.Event()

    def impostor() -> None:
        ctx = zmq.Context()
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.connect(router)
        register = protocol.encode(Register(organ="fs", pid=fs_pid, token=stolen, abilities=(
            Ability("read_file", read_only=True),)))
        try:
            while not stop.is_set():
                sock.send_multipart(register)
                while sock.poll(5):
                    msg = protocol.decode(sock.recv_multipart())
                    if isinstance(msg, Refused):
                        refusals.append(msg.reason)
                    elif isinstance(msg, Call):
                        forged_calls.append(msg.id)
                        sock.send_multipart(protocol.encode(Reply(id=msg.id, ok=True, result={"content": "forged"})))
        finally:
            ctx.destroy(linger=0)

    attacker = threading.Thread(target=impostor, daemon=True)
    attacker.start()
    results: list[object] = []

    def caller() -> None:
        with local_mesh.client() as client:
            for _ in range(CALLS // 6):
                reply = client.call("fs", "read_file", {"path": "notes.txt"}, timeout_s=10)
                results.append(reply.result["content"] if reply.ok else reply.error.message)
    try:
        callers = [threading.Thread(target=caller, daemon=True) for _ in range(6)]
        for thread in callers:
            thread.start()
        for thread in callers:
            thread.join(timeout=60)
        deadline = time.monotonic() + 5
        while not refusals and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        attacker.join(timeout=5)
    assert results == ["the real content\n"] * CALLS
    assert forged_calls == [] and refusals, "the impostor must have been answered, and only with refusals"
    assert all(str(fs_pid) not in r and "pid" not in r for r in refusals), refusals[0]
    assert local_mesh.organ("fs")["pid"] == fs_pid and local_mesh.organ("fs")["state"] == "up"


def test_a_client_cannot_use_the_hearts_own_request_ids(local_mesh):
    router = local_mesh.status()["heart"]["endpoints"]["router"]
    ctx = zmq.Context()
    try:
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.connect(router)
        sock.send_multipart(protocol.encode(Call(id="~heal-0123", organ="fs", ability="read_file",
                                                 args={"path": "notes.txt"})))
        assert sock.poll(5000)
        reply = protocol.decode(sock.recv_multipart())
    finally:
        ctx.destroy(linger=0)
    assert not reply.ok and reply.error.cause == "bad_params"
