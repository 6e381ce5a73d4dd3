"""tcp:// endpoints: CURVE encryption, the ZAP allow-list and registration bound to the authenticated key."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
import zmq

from broker import keys, protocol
from broker.errors import ConfigError
from broker.home import Home
from broker.protocol import Call, Control, ControlReply, Refused, Register, Welcome
from tests.conftest import free_ports, wait_for


def free_port() -> int:
    return free_ports(1)[0]


def test_an_allow_list_reads_keys_names_and_roles_and_rejects_bad_lines():
    one, two = keys.new_keypair("fs"), keys.new_keypair("ops")
    peers = keys.parse_allowed(f"# the mesh's keys\n{one.public} fs\n\n{two.public} ops admin\n")
    assert peers[one.public] == keys.Peer("fs", "organ")
    assert peers[two.public].user_id == "admin:ops"
    for bad in (f"{one.public}", f"{one.public} fs root", "tooshort fs", f"{one.public} Bad-Name"):
        with pytest.raises(ConfigError, match="allowed:1"):
            keys.parse_allowed(bad)


def test_a_secret_key_file_is_written_0600_and_refused_when_others_can_read_it(tmp_path):
    path = keys.write_keypair(keys.new_keypair("fs"), tmp_path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert keys.read_keypair(path).name == "fs"
    assert keys.public_key(str(tmp_path / "fs.pub")) == keys.read_keypair(path).public
    with pytest.raises(FileExistsError):
        keys.write_keypair(keys.new_keypair("fs"), tmp_path)
    os.chmod(path, 0o644)
    with pytest.raises(ConfigError, match="chmod 600"):
        keys.read_keypair(path)


def test_keys_made_before_the_mesh_leave_a_home_of_the_owners_alone_whatever_the_umask(tmp_path):
    home = tmp_path / "project" / ".actors"
    old = os.umask(0o002)  # a user-private-group system's umask: a plain mkdir gives 0775
    try:
        keys.write_keypair(keys.new_keypair("fs"), home / "keys")
        keys.allow(home, keys.new_keypair("gpu").public, "gpu", "organ")
    finally:
        os.umask(old)
    for made in (tmp_path / "project", home, home / "keys"):
        assert made.stat().st_mode & 0o777 == 0o700, made
    Home(home).create()  # and the mesh starts there (a home others may write in is refused)


@pytest.fixture
def tcp_mesh(make_tcp_mesh, tmp_path):
    mesh, (port, _) = make_tcp_mesh(lambda port, blood: f"""
[heart]
router = "tcp://127.0.0.1:{port}"
blood = "tcp://127.0.0.1:{blood}"
heartbeat_s = 1.0
liveness = 5

[organs.remote]
external = true

[organs.echo]
module = "tests.organs.echo"
""", 2)
    mesh.port = port
    mesh.server_key = keys.read_keypair(mesh.home / "keys" / "heart.key").public
    mesh.keydir = tmp_path / "peer-keys"
    return mesh


def peer(mesh, name: str, role: str | None = "organ") -> keys.KeyPair:
    """A key pair for a peer; allow-listed with the role unless role is None."""
    pair = keys.new_keypair(name)
    keys.write_keypair(pair, mesh.keydir)
    if role:
        assert mesh.cli("keys", "allow", "--key", pair.public, "--name", name, "--role", role).returncode == 0
    return pair


def dealer(ctx: zmq.Context, mesh, pair: keys.KeyPair | None, server_key: str | None = None) -> zmq.Socket:
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    if pair is not None:
        sock.curve_publickey, sock.curve_secretkey = pair.public.encode(), pair.secret.encode()
        sock.curve_serverkey = (server_key or mesh.server_key).encode()
    sock.connect(f"tcp://127.0.0.1:{mesh.port}")
    return sock


def ask(sock: zmq.Socket, msg, timeout_ms: int = 3000):
    """Send and wait for an answer; None when nothing comes back (or the message cannot even leave)."""
    try:
        sock.send_multipart(protocol.encode(msg), zmq.NOBLOCK)
    except zmq.Again:  # no connection survived the handshake
        return None
    return protocol.decode(sock.recv_multipart()) if sock.poll(timeout_ms) else None


def test_an_external_organ_with_an_allowed_key_joins_over_curve_and_serves_calls(tcp_mesh):
    pair = peer(tcp_mesh, "remote")
    organ = subprocess.Popen([sys.executable, "-m", "actors", "organ", "run", "tests.organs.echo", "--connect",
                              f"tcp://127.0.0.1:{tcp_mesh.port}", "--key", str(tcp_mesh.keydir / "remote.key"),
                              "--server-key", str(tcp_mesh.home / "keys" / "heart.pub")],
                             env=tcp_mesh.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: tcp_mesh.organ("remote")["state"] == "up", timeout=15, what="the remote organ")
        assert tcp_mesh.organ("remote")["pid"] == organ.pid
        out = tcp_mesh.json("call", "remote.echo", "--args", '{"x": "over curve"}')
        assert out["result"] == {"x": "over curve", "pid": organ.pid}
    finally:
        organ.terminate()
        organ.wait(timeout=10)
    assert pair.public in (tcp_mesh.home / "keys" / "allowed").read_text()


def test_unknown_keys_plaintext_peers_and_wrong_server_keys_get_nothing(tcp_mesh):
    ctx = zmq.Context()
    try:
        stranger = dealer(ctx, tcp_mesh, peer(tcp_mesh, "stranger", role=None))
        plain = dealer(ctx, tcp_mesh, None)
        fooled = dealer(ctx, tcp_mesh, peer(tcp_mesh, "remote"), server_key=keys.new_keypair("fake").public)
        for sock in (stranger, plain, fooled):
            assert ask(sock, Register(organ="remote", pid=1), timeout_ms=1500) is None
            assert ask(sock, Call(id="x", organ="echo", ability="echo"), timeout_ms=500) is None
    finally:
        ctx.destroy(linger=0)
    assert tcp_mesh.organ("remote")["state"] == "starting"
    log = (tcp_mesh.home / "logs" / "heart.log").read_text()
    assert "refused unknown CURVE key" in log and "from 127.0.0.1" in log


def test_a_key_may_register_only_as_its_own_organ_and_only_admin_keys_control_the_mesh(tcp_mesh):
    ctx = zmq.Context()
    try:
        impostor = dealer(ctx, tcp_mesh, peer(tcp_mesh, "echo"))  # allowed as organ "echo", tries "remote"
        refused = ask(impostor, Register(organ="remote", pid=os.getpid()))
        assert isinstance(refused, Refused) and "may not register as organ 'remote'" in refused.reason
        client = dealer(ctx, tcp_mesh, peer(tcp_mesh, "laptop", role="client"))
        assert ask(client, Call(id="c1", organ="echo", ability="echo", args={"x": 1})).result["x"] == 1
        status = ask(client, Control(id="s", command="status"))
        assert isinstance(status, ControlReply) and status.ok
        stop = ask(client, Control(id="k", command="stop"))
        assert not stop.ok and "only admin keys" in stop.error
        admin = dealer(ctx, tcp_mesh, peer(tcp_mesh, "ops", role="admin"))
        assert ask(admin, Control(id="i", command="instruction", args={"text": "from afar"})).ok
    finally:
        ctx.destroy(linger=0)
    assert tcp_mesh.status()["heart"]["instruction"] == "from afar"


def test_an_allowed_organ_key_registers_and_is_welcomed_with_the_remote_blood_endpoint(tcp_mesh):
    ctx = zmq.Context()
    try:
        sock = dealer(ctx, tcp_mesh, peer(tcp_mesh, "remote"))
        welcome = ask(sock, Register(organ="remote", pid=os.getpid()))
        assert isinstance(welcome, Welcome) and welcome.blood.startswith("tcp://127.0.0.1:")
        assert tcp_mesh.organ("remote")["state"] == "up"
    finally:
        ctx.destroy(linger=0)


def test_after_the_heart_is_killed_and_restarted_an_external_organ_registers_again_by_itself(tcp_mesh):
    peer(tcp_mesh, "remote")
    organ = subprocess.Popen([sys.executable, "-m", "actors", "organ", "run", "tests.organs.echo", "--connect",
                              f"tcp://127.0.0.1:{tcp_mesh.port}", "--key", str(tcp_mesh.keydir / "remote.key"),
                              "--server-key", str(tcp_mesh.home / "keys" / "heart.pub")],
                             env=tcp_mesh.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: tcp_mesh.organ("remote")["state"] == "up", timeout=15, what="the remote organ")
        os.kill(tcp_mesh.status()["heart"]["pid"], signal.SIGKILL)
        wait_for(lambda: not Home(tcp_mesh.home).heart_running(), timeout=10, what="the heart to be gone")
        tcp_mesh.up()  # same home: same heart key, same allow-list
        wait_for(lambda: tcp_mesh.organ("remote")["state"] == "up", timeout=30, what="the organ to come back")
        assert organ.poll() is None, "the external organ must outlive its heart"
        assert tcp_mesh.json("call", "remote.echo", "--args", '{"x": 2}')["result"]["x"] == 2
    finally:
        organ.terminate()
        organ.wait(timeout=10)
