"""The state directory and keys: private socket directories, homes kept as they are (but never one that others may
write in), files in it read only when they are the owner's, allow-lists that fail closed."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
import zmq
from typer.testing import CliRunner

from actors.cli import app
from broker import keys
from broker.auth import EVENTS_DOMAIN, MESH_DOMAIN, Gatekeeper
from broker.endpoints import lock
from broker.errors import HomeError
from broker.home import IPC_PATH_MAX, Home, private_dir, runtime_dir

ROOT = os.getuid() == 0
A_DASH_KEY = "-oj9rI>If%Q5Z*M/2GDJWam+G0Mw*ow8/l#(=DgP"  # 1.15% of Z85 keys start with '-'


@pytest.fixture
def xdg():
    """A private runtime directory with a short path, as /run/user/UID is."""
    path = Path(tempfile.mkdtemp(prefix="xdg-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_a_private_directory_is_made_0700(tmp_path):
    assert mode_of(private_dir(tmp_path / "run")) == 0o700


@pytest.mark.parametrize("plant", ["mode", "symlink", "file", "owner"])
def test_a_directory_planted_by_someone_else_is_refused_not_used(tmp_path, plant):
    target = tmp_path / "run"
    if plant == "mode":
        target.mkdir()
        os.chmod(target, 0o777)
    elif plant == "symlink":
        (tmp_path / "elsewhere").mkdir(mode=0o700)
        os.symlink(tmp_path / "elsewhere", target)
    elif plant == "file":
        target.write_text("")
    else:
        if not ROOT:
            pytest.skip("giving a directory to another user needs root")
        target.mkdir(mode=0o700)
        os.chown(target, 65534, 65534)
    with pytest.raises(HomeError, match="refusing to put the mesh's sockets"):
        private_dir(target)


def test_a_long_home_gets_its_sockets_under_xdg_runtime_dir_when_that_is_private(tmp_path, monkeypatch, xdg):
    runtime = xdg
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    home = tmp_path / ("h" * 120)
    made = runtime_dir(home)
    assert made.parent == runtime and mode_of(made) == 0o700
    assert runtime_dir(home) == made  # the same home, the same directory


def test_a_planted_directory_under_xdg_runtime_dir_is_refused(tmp_path, monkeypatch, xdg):
    runtime = xdg
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    home = tmp_path / ("h" * 120)
    planted = runtime_dir(home)
    os.chmod(planted, 0o755)
    with pytest.raises(HomeError):
        runtime_dir(home)


@pytest.mark.parametrize("xdg", ["unset", "shared", "missing"])
def test_without_a_private_xdg_runtime_dir_a_fresh_unpredictable_directory_is_made(tmp_path, monkeypatch, xdg):
    if xdg == "unset":
        monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    elif xdg == "shared":
        (tmp_path / "shared").mkdir()
        os.chmod(tmp_path / "shared", 0o777)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "shared"))
    else:
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "nowhere"))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    home = tmp_path / ("h" * 120)
    first, second = runtime_dir(home), runtime_dir(home)
    assert first != second and first.parent == tmp_path and mode_of(first) == 0o700
    assert os.stat(first).st_uid == os.getuid()


def test_an_existing_home_keeps_its_mode_and_a_new_one_is_0700(tmp_path):
    shared = tmp_path / "project"
    shared.mkdir()
    os.chmod(shared, 0o755)
    Home(shared).create()
    assert mode_of(shared) == 0o755 and mode_of(shared / "run") == 0o700 and mode_of(shared / "logs") == 0o700
    Home(tmp_path / "fresh").create()
    assert mode_of(tmp_path / "fresh") == 0o700


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757, 0o1777])
def test_a_home_that_other_users_may_write_in_is_refused_and_left_as_it_is(tmp_path, mode):
    shared = tmp_path / "project"
    shared.mkdir()
    os.chmod(shared, mode)
    with pytest.raises(HomeError, match=f"has mode {mode:o}: other users may write in it .*chmod go-w"):
        Home(shared).create()
    assert mode_of(shared) == mode and not (shared / "run").exists()


def test_a_logs_directory_that_other_users_may_write_in_is_refused(tmp_path):
    (tmp_path / "home" / "logs").mkdir(parents=True)
    os.chmod(tmp_path / "home", 0o700)
    os.chmod(tmp_path / "home" / "logs", 0o777)
    with pytest.raises(HomeError, match="logs has mode 777"):
        Home(tmp_path / "home").create()


def _planted(home: Home) -> tuple[dict, object]:
    """A home whose heart looks alive: endpoints.json written and the lock held (by this test)."""
    home.create()
    written = {"pid": os.getpid(), "router": f"ipc://{home.path}/run/heart.sock", "blood": "ipc:///x"}
    home.endpoints_file.write_text(json.dumps(written))
    held = open(home.lock_file, "a+")
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return written, held


@pytest.mark.skipif(not ROOT, reason="giving a file to another user needs root")
def test_an_endpoints_file_that_is_not_the_home_owners_is_not_read(tmp_path):
    home = Home(tmp_path / "home")
    written, held = _planted(home)
    try:
        assert home.read_endpoints() == written
        os.chown(home.endpoints_file, 65534, 65534)  # as another user's own file renamed over it would be
        assert home.read_endpoints() is None
    finally:
        held.close()


def test_an_endpoints_file_reached_through_a_symlink_is_not_read(tmp_path):
    home = Home(tmp_path / "home")
    written, held = _planted(home)
    try:
        elsewhere = tmp_path / "elsewhere.json"
        home.endpoints_file.rename(elsewhere)
        home.endpoints_file.symlink_to(elsewhere)
        assert home.read_endpoints() is None
    finally:
        held.close()


def test_the_hearts_lock_file_is_made_0600_and_an_older_0644_one_is_tightened(tmp_path):
    home = Home(tmp_path / "home")
    home.create()
    with lock(home):
        assert mode_of(home.lock_file) == 0o600
    os.chmod(home.lock_file, 0o644)  # as earlier versions left it: any user who reaches it could hold it
    with lock(home):
        assert mode_of(home.lock_file) == 0o600


@pytest.mark.skipif(not ROOT, reason="giving a file to another user needs root")
def test_a_lock_file_that_belongs_to_another_user_is_refused_not_taken(tmp_path):
    home = Home(tmp_path / "home")
    home.create()
    home.lock_file.touch()
    os.chown(home.lock_file, 65534, 65534)
    with pytest.raises(HomeError, match="heart.lock belongs to uid 65534"):
        lock(home)


@pytest.mark.skipif(not ROOT, reason="giving a directory to another user needs root")
def test_a_home_that_belongs_to_another_user_is_refused(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 65534, 65534)
    with pytest.raises(HomeError, match="belongs to uid 65534"):
        Home(theirs).create()


def test_a_mesh_under_a_long_existing_home_keeps_the_homes_mode_and_cleans_its_socket_directory(make_mesh, xdg):
    mesh = make_mesh(start=False)
    mesh.home = mesh.home.parent / ("long-home-" + "x" * 100)
    mesh.home.mkdir()
    os.chmod(mesh.home, 0o750)
    runtime = xdg
    mesh.env["XDG_RUNTIME_DIR"] = str(runtime)
    assert len(str(mesh.home / "run" / "blood.sock")) > IPC_PATH_MAX
    mesh.up()
    router = mesh.status()["heart"]["endpoints"]["router"]
    assert router.startswith(f"ipc://{runtime}/actors-") and mode_of(Path(router[6:]).parent) == 0o700
    assert mode_of(mesh.home) == 0o750
    mesh.cli("down", check=True)
    assert list(runtime.iterdir()) == []


def test_keys_allow_takes_a_key_starting_with_a_dash_as_an_option_value(tmp_path):
    home = tmp_path / "home"
    for args in (["--key", A_DASH_KEY], [f"--key={A_DASH_KEY}"]):
        result = CliRunner().invoke(app, ["keys", "allow", *args, "--name", "gpu", "--home", str(home)])
        assert result.exit_code == 0, result.output
    (tmp_path / "gpu.pub").write_text(A_DASH_KEY + "\n")
    result = CliRunner().invoke(app, ["keys", "allow", str(tmp_path / "gpu.pub"), "--name", "box", "--home", str(home)])
    assert result.exit_code == 0, result.output
    peers = keys.parse_allowed((home / "keys" / "allowed").read_text())
    assert peers == {A_DASH_KEY: keys.Peer("box", "organ")}
    assert mode_of(home / "keys" / "allowed") == 0o600
    both = CliRunner().invoke(app, ["keys", "allow", str(tmp_path / "gpu.pub"), "--key", A_DASH_KEY, "--name", "x",
                                    "--home", str(home)])
    assert both.exit_code == 2



def test_keys_allow_says_when_it_replaces_another_entry_for_the_same_key_and_an_unknown_role_is_a_usage_error(
        tmp_path):
    home = tmp_path / "home"
    first = CliRunner().invoke(app, ["keys", "allow", "--key", A_DASH_KEY, "--name", "gpu", "--home", str(home)])
    assert first.exit_code == 0 and "replaced" not in first.output
    again = CliRunner().invoke(app, ["keys", "allow", "--key", A_DASH_KEY, "--name", "gpu", "--home", str(home)])
    assert again.exit_code == 0 and "replaced" not in again.output
    other = CliRunner().invoke(app, ["keys", "allow", "--key", A_DASH_KEY, "--name", "laptop", "--role", "client",
                                     "--home", str(home)])
    assert other.exit_code == 0
    assert "this key was allowed as gpu (organ); that entry is replaced" in other.output
    assert keys.parse_allowed((home / "keys" / "allowed").read_text()) == {A_DASH_KEY: keys.Peer("laptop", "client")}
    bad = CliRunner().invoke(app, ["keys", "allow", "--key", A_DASH_KEY, "--name", "x", "--role", "superuser",
                                   "--home", str(home)])
    assert bad.exit_code == 2 and "--role takes one of organ, client, admin" in bad.output


def test_keys_allow_calls_a_mistyped_key_a_usage_error_and_a_file_holding_no_key_a_config_error(tmp_path):
    home = ["--name", "gpu", "--home", str(tmp_path / "home")]
    short = CliRunner().invoke(app, ["keys", "allow", "--key", "short", *home])
    assert short.exit_code == 2 and "neither a Z85 public key" in short.output
    (tmp_path / "junk.pub").write_text("not a key\n")
    junk = CliRunner().invoke(app, ["keys", "allow", str(tmp_path / "junk.pub"), *home])
    assert junk.exit_code == 5 and "not a Z85 public key" in junk.output
    assert not (tmp_path / "home" / "keys" / "allowed").exists()

@pytest.fixture
def gatekeeper(tmp_path):
    ctx = zmq.Context()
    allowed = tmp_path / "allowed"
    gate = Gatekeeper(ctx, allowed, on_refusal=lambda reason: None)
    yield gate, allowed
    gate.sock.close(linger=0)
    ctx.destroy(linger=0)


def test_an_allow_list_that_cannot_be_parsed_revokes_every_key(gatekeeper):
    gate, allowed = gatekeeper
    pair = keys.new_keypair("gpu")
    allowed.write_text(f"{pair.public} gpu organ\n")
    os.chmod(allowed, 0o600)
    gate._reload()
    assert pair.public in gate.peers
    allowed.write_text(f"{pair.public} gpu organ\nthis line is broken\n")
    gate._reload()
    assert gate.peers == {}


def test_an_allow_list_others_may_write_lets_no_key_in(gatekeeper):
    gate, allowed = gatekeeper
    pair = keys.new_keypair("gpu")
    allowed.write_text(f"{pair.public} gpu organ\n")
    os.chmod(allowed, 0o666)
    gate._reload()
    assert gate.peers == {}
    os.chmod(allowed, 0o600)
    gate._reload()
    assert pair.public in gate.peers


def test_the_events_endpoint_admits_only_the_keys_remote_events_names_and_the_mesh_endpoints_every_key(tmp_path):
    from zmq.utils import z85

    ctx = zmq.Context()
    allowed, refusals = tmp_path / "allowed", []
    gate = Gatekeeper(ctx, allowed, on_refusal=refusals.append, readers=("client",))
    try:
        pairs = {name: keys.new_keypair(name) for name in ("gpu", "laptop", "ops")}
        allowed.write_text(f"{pairs['gpu'].public} gpu organ\n{pairs['laptop'].public} laptop client\n"
                           f"{pairs['ops'].public} ops admin\n")
        os.chmod(allowed, 0o600)

        def status(name: str, domain: bytes) -> bytes:
            request = [b"1.0", b"7", domain, b"10.0.0.2", b"", b"CURVE", z85.decode(pairs[name].public)]
            return gate._answer(request)[2]

        assert [status(name, MESH_DOMAIN) for name in pairs] == [b"200"] * 3
        assert [status(name, EVENTS_DOMAIN) for name in pairs] == [b"400", b"200", b"400"]
        assert refusals == ["events", "events"]
    finally:
        gate.sock.close(linger=0)
        ctx.destroy(linger=0)


def test_the_memory_database_and_its_journal_files_are_private_in_a_home_others_can_read(tmp_path):
    from actors.memory import db

    home = tmp_path / "shared-home"
    home.mkdir(mode=0o755)
    os.chmod(home, 0o755)  # a project directory used as home
    conn = db.connect(db.path_in(home))
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS probe (x)")
        conn.execute("INSERT INTO probe VALUES (1)")
        made = sorted(p.name for p in home.iterdir())
        assert made == ["memory.db", "memory.db-shm", "memory.db-wal"]
        assert {name: mode_of(home / name) for name in made} == dict.fromkeys(made, 0o600)
    finally:
        conn.close()
