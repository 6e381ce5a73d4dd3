"""Roles over tcp://: an organ key calls nothing, a client key reads, grants in the mesh file widen, admin may all."""

from __future__ import annotations

import json
import time

import pytest
import zmq

from broker import keys, protocol
from broker.protocol import Call, Control, ControlReply, Reply
from tests.test_curve import ask, dealer, free_port

ROLES_MESH = """
[heart]
router = "tcp://127.0.0.1:{port}"
blood = "tcp://127.0.0.1:{blood}"
heartbeat_s = 1.0
liveness = 5

[organs.fs]
module = "actors.organs.fs"
allow_abilities = {{ write_file = ["client:ci"] }}

[organs.shell]
module = "actors.organs.shell"

[organs.gpu]
external = true
"""


@pytest.fixture
def roles_mesh(make_mesh, tmp_path):
    port = free_port()
    mesh = make_mesh(ROLES_MESH.format(port=port, blood=free_port()))
    mesh.port = port
    mesh.server_key = keys.read_keypair(mesh.home / "keys" / "heart.key").public
    mesh.pairs = {}
    for name, role in (("gpu", "organ"), ("laptop", "client"), ("ci", "client"), ("ops", "admin")):
        mesh.pairs[name] = keys.new_keypair(name)
        keys.allow(mesh.home, mesh.pairs[name].public, name, role)
    (mesh.workdir / "notes.txt").write_text("notes\n")
    return mesh


def run_as(ctx, mesh, who: str, organ: str, ability: str, args: dict) -> Reply:
    sock = dealer(ctx, mesh, mesh.pairs[who])
    reply = ask(sock, Call(id=f"{who}-{organ}-{ability}", organ=organ, ability=ability, args=args))
    assert isinstance(reply, Reply), f"{who} got no answer for {organ}.{ability}"
    return reply


def test_an_organ_key_can_run_no_command_and_touch_no_file_on_the_hearts_host(roles_mesh):
    ctx = zmq.Context()
    try:
        shell = run_as(ctx, roles_mesh, "gpu", "shell", "run", {"command": "touch pwned"})
        write = run_as(ctx, roles_mesh, "gpu", "fs", "write_file", {"path": "pwned", "content": "x"})
        read = run_as(ctx, roles_mesh, "gpu", "fs", "read_file", {"path": "notes.txt"})
        ghost = run_as(ctx, roles_mesh, "gpu", "nothing", "here", {})
        status = ask(dealer(ctx, roles_mesh, roles_mesh.pairs["gpu"]), Control(id="s", command="status"))
    finally:
        ctx.destroy(linger=0)
    for reply in (shell, write, read, ghost):
        assert not reply.ok and reply.error.cause == "permission"
        assert "organ keys may call nothing unless granted" in reply.error.message
    assert "fs, shell" not in ghost.error.message  # nothing about the mesh is told
    assert isinstance(status, ControlReply) and not status.ok and "may run no command" in status.error
    assert not (roles_mesh.workdir / "pwned").exists()


def test_a_client_key_reads_but_needs_a_grant_to_write_or_run(roles_mesh):
    ctx = zmq.Context()
    try:
        read = run_as(ctx, roles_mesh, "laptop", "fs", "read_file", {"path": "notes.txt"})
        write = run_as(ctx, roles_mesh, "laptop", "fs", "write_file", {"path": "w.txt", "content": "x"})
        shell = run_as(ctx, roles_mesh, "laptop", "shell", "run", {"command": "id"})
        granted = run_as(ctx, roles_mesh, "ci", "fs", "write_file", {"path": "ci.txt", "content": "from ci"})
        ci_shell = run_as(ctx, roles_mesh, "ci", "shell", "run", {"command": "id"})
        admin = run_as(ctx, roles_mesh, "ops", "shell", "run", {"command": "echo admin"})
    finally:
        ctx.destroy(linger=0)
    assert read.ok and read.result["content"] == "notes\n"
    assert write.error.cause == "permission" and "fs.write_file is not" in write.error.message
    assert 'allow_abilities = { write_file = ["client"] }' in write.error.message
    assert shell.error.cause == "permission" and ci_shell.error.cause == "permission"
    assert granted.ok and (roles_mesh.workdir / "ci.txt").read_text() == "from ci"
    assert admin.ok and admin.result["stdout"] == "admin\n"
    assert not (roles_mesh.workdir / "w.txt").exists()


def test_refusals_are_counted_as_calls_that_never_reached_an_organ(roles_mesh):
    ctx = zmq.Context()
    try:
        for _ in range(6):
            assert run_as(ctx, roles_mesh, "gpu", "shell", "run", {"command": "id"}).error.cause == "permission"
    finally:
        ctx.destroy(linger=0)
    shell = roles_mesh.organ("shell")
    assert shell["state"] == "up" and not shell["wounds"]
    out = json.loads(roles_mesh.cli("call", "shell.run", "--args", '{"command": "echo local"}', "--json").stdout)
    assert out["ok"] and out["result"]["stdout"] == "local\n"  # the local user is admin; no breaker opened


def test_a_client_key_cannot_pin_an_ability_into_the_exposure_every_agent_is_offered(roles_mesh):
    ctx = zmq.Context()
    try:
        laptop = dealer(ctx, roles_mesh, roles_mesh.pairs["laptop"])
        pinned = ask(laptop, Control(id="p", command="expose", args={"intent": "x", "pin": ["shell.run"]}), 30_000)
        looked = ask(laptop, Control(id="e", command="expose", args={"intent": "read the notes file"}), 30_000)
        commands = {name: ask(laptop, Control(id=name, command=name, args=args)) for name, args in (
            ("kill", {"organ": "fs"}), ("revive", {"organ": "fs"}), ("stop", {}), ("instruction", {"text": "x"}),
            ("record", {"tool": "x", "ok": True}), ("hook", {"event": "x"}), ("alert", {"level": "info", "message": "x"}),
            ("progress", {}))}
    finally:
        ctx.destroy(linger=0)
    assert isinstance(pinned, ControlReply) and not pinned.ok and "pinning abilities" in pinned.error
    assert isinstance(looked, ControlReply) and looked.ok, looked  # reading the exposure is still allowed
    for name, reply in commands.items():
        assert isinstance(reply, ControlReply) and not reply.ok and "permission" in reply.error, name
    full = json.loads(roles_mesh.cli("expose", "anything", "--json", timeout=60).stdout)["tokens"]["full"]
    # a budget short of the whole list (which goes whole, without find_abilities, when it fits): a request nothing
    # matches would get all of a catalogue this small
    kept = json.loads(roles_mesh.cli("expose", "anything", "--json", "--budget", str(full - 1), timeout=60).stdout)
    assert "shell.run" not in json.dumps(kept)
    assert roles_mesh.organ("fs")["state"] == "up" and roles_mesh.status()["heart"]["pid"]


DEPUTY_MESH = """
[heart]
router = "tcp://127.0.0.1:{port}"
heartbeat_s = 1.0
liveness = 10

[organs.healer]
module = "actors.healer"

[organs.fs]
module = "actors.organs.fs"

[organs.gpu]
external = true
"""


def test_an_organ_key_cannot_get_the_healer_to_call_another_organ_for_it_through_a_reflex(make_mesh):
    from broker.protocol import Ability, Heartbeat, Reflex, Refused, Register, Welcome

    port = free_port()
    mesh = make_mesh(DEPUTY_MESH.format(port=port))
    mesh.port, mesh.server_key = port, keys.read_keypair(mesh.home / "keys" / "heart.key").public
    pair = keys.new_keypair("gpu")
    keys.allow(mesh.home, pair.public, "gpu", "organ")
    (mesh.workdir / "notes.txt").write_text("notes\n")
    deputy = Reflex(name="deputy", when={"organ": "fs"}, cooldown_s=0.0, max_fires=50,
                    then={"call": "fs.read_file", "args": {"path": "notes.txt"}})
    own = Reflex(name="own", when={"organ": "gpu"}, then={"call": "gpu.probe", "args": {}})
    ctx = zmq.Context()
    try:
        sock = dealer(ctx, mesh, pair)
        refused = ask(sock, Register(organ="gpu", pid=1, abilities=(Ability("probe", read_only=True),),
                                     reflexes=(own, deputy)), 10_000)
        direct = ask(sock, Call(id="gpu-direct", organ="fs", ability="read_file", args={"path": "notes.txt"}))
        with mesh.client() as client, client.events(["call"]) as events:
            for _ in range(4):  # fs calls: the events the deputy reflex fires on (the healer reads reflexes every 2 s)
                assert client.call("fs", "list_directory", {"path": "."}, timeout_s=10).ok
                sock.send_multipart(protocol.encode(Heartbeat(organ="gpu")))
                time.sleep(1.0)
            seen = list(iter(lambda: events.next(1.0), None))
        welcomed = ask(dealer(ctx, mesh, pair), Register(organ="gpu", pid=1, reflexes=(own,),
                                                          abilities=(Ability("probe", read_only=True),)), 10_000)
    finally:
        ctx.destroy(linger=0)
    assert isinstance(direct, Reply) and not direct.ok and direct.error.cause == "permission"
    assert isinstance(refused, Refused), refused
    assert "reflex" in refused.reason and "fs.read_file" in refused.reason and "own abilities" in refused.reason
    assert isinstance(welcomed, Welcome)  # a reflex on its own abilities is fine
    assert not [e for e in seen if e.origin == "reflex" and e.organ == "fs"], seen
