"""Roles over tcp://: an organ key calls nothing, a client key reads, grants in the mesh file widen, admin may all."""

from __future__ import annotations

import json
import time

import pytest
import zmq

from broker import keys, protocol
from broker.protocol import Call, Control, ControlReply, Reply, Snapshot, SnapshotRequest
from tests.conftest import wait_for
from tests.test_curve import ask, dealer

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
def roles_mesh(make_tcp_mesh, tmp_path):
    mesh, (port, blood) = make_tcp_mesh(lambda port, blood: ROLES_MESH.format(port=port, blood=blood), 2)
    mesh.port, mesh.blood = port, blood
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


SECRET = "deploy with the token sk-live-123"


def subscriber(ctx, mesh, who: str, port: int) -> zmq.Socket:
    """A SUB of everything on one of the heart's tcp:// publishers, with the key of `who`."""
    pair = mesh.pairs[who]
    sock = ctx.socket(zmq.SUB)
    sock.setsockopt(zmq.LINGER, 0)
    sock.curve_publickey, sock.curve_secretkey = pair.public.encode(), pair.secret.encode()
    sock.curve_serverkey = mesh.server_key.encode()
    sock.setsockopt(zmq.SUBSCRIBE, b"")
    sock.connect(f"tcp://127.0.0.1:{port}")
    return sock


def gather(subs: dict[str, zmq.Socket], seconds: float) -> dict[str, list[list[bytes]]]:
    """Everything each subscriber receives in the next `seconds`."""
    got: dict[str, list[list[bytes]]] = {who: [] for who in subs}
    poller = zmq.Poller()
    for sock in subs.values():
        poller.register(sock, zmq.POLLIN)
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready = dict(poller.poll(int(left * 1000) + 1))
        for who, sock in subs.items():
            while sock in ready and sock.poll(0):
                got[who].append(sock.recv_multipart())
    return got


def the_owner_instructs_and_calls(mesh) -> None:
    mesh.cli("instruct", SECRET, check=True)
    assert mesh.json("call", "fs.read_file", "--args", '{"path": "notes.txt"}')["ok"]


def test_keys_on_the_tcp_blood_endpoint_follow_the_beats_without_the_owners_instruction_and_get_no_event(roles_mesh):
    ctx = zmq.Context()
    try:
        subs = {who: subscriber(ctx, roles_mesh, who, roles_mesh.blood) for who in ("gpu", "laptop", "ops")}
        for who, sub in subs.items():
            assert sub.poll(10_000), f"{who} got no beat"  # subscribed: the beats come (every second)
        the_owner_instructs_and_calls(roles_mesh)
        got = gather(subs, 2.5)  # the early beat of the new instruction, and two more
        laptop = dealer(ctx, roles_mesh, roles_mesh.pairs["laptop"])
        status = ask(laptop, Control(id="s", command="status"))
        exposed = ask(laptop, Control(id="e", command="expose"), 30_000)
        snapshot = ask(laptop, SnapshotRequest())
    finally:
        ctx.destroy(linger=0)
    for who, frames in got.items():
        assert len(frames) >= 2 and {f[0] for f in frames} == {protocol.BLOOD}, (who, [f[0] for f in frames])
        beats = [protocol.decode_blood(f) for f in frames]
        assert all(b.instruction == "" and b.session == "" for b in beats), who
        assert not any(b"sk-live" in part or b"notes.txt" in part for f in frames for part in f), who
        assert beats[-1].organs["fs"].state == "up"  # what a remote organ follows is all there
    assert isinstance(status, ControlReply) and status.ok and status.result["heart"]["instruction"] == ""
    assert isinstance(exposed, ControlReply) and exposed.ok and exposed.result["instruction"] == ""
    assert isinstance(snapshot, Snapshot) and snapshot.blood.seq > 0 and snapshot.blood.instruction == ""
    assert roles_mesh.status()["heart"]["instruction"] == SECRET  # the owner's local processes read everything
    with roles_mesh.client() as client:
        assert client.snapshot().instruction == SECRET


def test_the_keys_remote_events_names_read_everything_on_the_events_endpoint_and_no_other_key_gets_in(make_tcp_mesh):
    mesh, (port, events, _) = make_tcp_mesh(lambda port, events, blood: ROLES_MESH.format(port=port, blood=blood).replace(
        "liveness = 5\n", f'liveness = 5\nevents = "tcp://127.0.0.1:{events}"\nremote_events = ["client"]\n'), 3)
    mesh.port, mesh.server_key = port, keys.read_keypair(mesh.home / "keys" / "heart.key").public
    mesh.pairs = {name: keys.new_keypair(name) for name in ("gpu", "laptop")}
    for name, role in (("gpu", "organ"), ("laptop", "client")):
        keys.allow(mesh.home, mesh.pairs[name].public, name, role)
    (mesh.workdir / "notes.txt").write_text("notes\n")
    ctx = zmq.Context()
    try:
        subs = {who: subscriber(ctx, mesh, who, events) for who in ("gpu", "laptop")}
        assert subs["laptop"].poll(10_000), "the client key got no beat on the events endpoint"
        the_owner_instructs_and_calls(mesh)
        laptop = dealer(ctx, mesh, mesh.pairs["laptop"])
        synced = ask(laptop, Control(id="y", command="sync", args={"token": "ab" * 8}))
        got = gather(subs, 2.0)
        status = ask(laptop, Control(id="s", command="status"))
    finally:
        ctx.destroy(linger=0)
    topics = {f[0] for f in got["laptop"]}
    assert {protocol.BLOOD, protocol.EVENT + b"progress", protocol.EVENT + b"call"} <= topics, topics
    assert protocol.SYNC + b"ab" * 8 in topics and synced.ok  # a reader can join late as a local client does
    progress = next(protocol.decode_event(f) for f in got["laptop"] if f[0] == protocol.EVENT + b"progress")
    assert progress.message == SECRET
    assert any(protocol.decode_blood(f).instruction == SECRET for f in got["laptop"] if f[0] == protocol.BLOOD)
    assert got["gpu"] == []  # the organ key's handshake is refused there
    assert status.ok and status.result["heart"]["instruction"] == SECRET
    log = (mesh.home / "logs" / "heart.log").read_text()
    assert "refused gpu (organ)" in log and "on the events endpoint" in log


def test_only_the_owners_local_processes_may_report_the_front_doors_refusal_counter(roles_mesh):
    import httpx2 as httpx

    from broker.protocol import Observation, Report

    def report(sock: zmq.Socket, count: float) -> None:
        sock.send_multipart(protocol.encode(Report(organ="", observations=(
            Observation("actors_mcp_refused_total", count, {"reason": "peer"}),))))

    def counter(name: str) -> float:
        text = httpx.get(roles_mesh.status()["heart"]["metrics"], timeout=10).text
        return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name))

    ctx = zmq.Context()
    try:
        keyed = [dealer(ctx, roles_mesh, roles_mesh.pairs[who]) for who in ("laptop", "gpu", "ops")]
        for sock in keyed:  # a client key, an organ key, an admin key from another host
            report(sock, 1000.0)
        wait_for(lambda: counter('actors_protocol_errors_total{reason="permission"}') >= 3, timeout=10,
                 what="the three refused reports counted")
        local = ctx.socket(zmq.DEALER)
        local.setsockopt(zmq.LINGER, 0)
        local.connect(roles_mesh.status()["heart"]["endpoints"]["router"])
        report(local, 7.0)  # what `actors mcp` does
        wait_for(lambda: counter('actors_mcp_refused_total{reason="peer"}') >= 7, timeout=10, what="the local report")
    finally:
        ctx.destroy(linger=0)
    assert counter('actors_mcp_refused_total{reason="peer"}') == 7.0


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


def test_an_organ_key_cannot_get_the_healer_to_call_another_organ_for_it_through_a_reflex(make_tcp_mesh):
    from broker.protocol import Ability, Heartbeat, Reflex, Refused, Register, Welcome

    mesh, (port,) = make_tcp_mesh(lambda port: DEPUTY_MESH.format(port=port), 1)
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


def test_a_client_key_asking_the_exposure_without_an_intent_learns_nothing_of_the_owners_instruction_or_calls(
        roles_mesh):
    roles_mesh.cli("instruct", "run the shell command that deploys with the token sk-live-123", check=True)
    missing = roles_mesh.cli("call", "fs.read_file", "--args", '{"path": "plans/sk-live-123.txt"}', "--json")
    assert missing.returncode != 0 and "sk-live-123" in missing.stdout
    assert roles_mesh.json("call", "fs.read_file", "--args", '{"path": "notes.txt"}')["ok"]
    ctx = zmq.Context()
    try:
        laptop = dealer(ctx, roles_mesh, roles_mesh.pairs["laptop"])
        current = ask(laptop, Control(id="c", command="expose"), 30_000)
        nothing = ask(laptop, Control(id="n", command="expose", args={"intent": "", "recent": []}), 30_000)
        status = ask(laptop, Control(id="s", command="status"))
    finally:
        ctx.destroy(linger=0)
    assert isinstance(current, ControlReply) and current.ok and isinstance(nothing, ControlReply) and nothing.ok
    # the current instruction is the owner's words, and what the owner's agents used lately the owner's calls: a
    # key that may not read them gets the exposure of no words and no use
    assert current.result == nothing.result and current.result["kept"] == []
    assert "sk-live" not in json.dumps(status.result)
    with roles_mesh.client() as client:  # the owner's own processes still get the exposure of both
        owners = client.control("expose", timeout_s=30)
    assert owners["instruction"].startswith("run the shell command") and owners["kept"] == ["fs.read_file"]


def test_a_client_key_reads_nothing_of_the_owners_words_and_calls_through_memorys_abilities_unless_named(make_tcp_mesh):
    mesh, (port, _) = make_tcp_mesh(lambda port, blood: ROLES_MESH.format(port=port, blood=blood)
                                    + '\n[organs.memory]\nmodule = "actors.memory.organ"\n', 2)
    mesh.port, mesh.server_key = port, keys.read_keypair(mesh.home / "keys" / "heart.key").public
    mesh.pairs = {"laptop": keys.new_keypair("laptop")}
    keys.allow(mesh.home, mesh.pairs["laptop"].public, "laptop", "client")
    wait_for(lambda: mesh.organ("memory")["state"] == "up", timeout=30, what="the memory organ")
    mesh.cli("instruct", "deploy the billing service with the token sk-live-123", check=True)
    for _ in range(4):
        mesh.cli("call", "fs.read_file", "--args", '{"path": "plans/sk-live-123.txt"}', "--json")
    assert mesh.json("call", "memory.sleep")["ok"]
    ctx = zmq.Context()
    try:
        answers = [run_as(ctx, mesh, "laptop", "memory", ability, args) for ability, args in (
            ("cards", {}), ("recall", {"query": "billing sk-live-123 plans"}), ("inject", {"query": "deploy billing"}),
            ("before_call", {"tool": "fs.read_file", "args": {"path": "plans/sk-live-123.txt"}}))]
    finally:
        ctx.destroy(linger=0)
    for reply in answers:
        assert not reply.ok and reply.error.cause == "permission", reply
        assert "answers with the owner's instructions and calls" in reply.error.message
        assert "sk-live" not in reply.error.message
    assert "sk-live-123" in json.dumps(mesh.json("call", "memory.cards"))  # the owner reads them
    assert "[pitfall]" in mesh.json("call", "memory.before_call", "--args", json.dumps(  # and the lessons of calls
        {"tool": "fs.read_file", "args": {"path": "plans/sk-live-123.txt"}}))["result"]["text"]
