"""Several hosts for real: the heart in one network namespace, external organs in two others over CURVE."""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from broker import keys
from tests.conftest import guarded, netns_name, stop_process, wait_for

PORT, BLOOD_PORT = 7700, 7701


def ip(*args: str, ns: str | None = None) -> None:
    command = ["ip", *(["netns", "exec", ns, "ip"] if ns else []), *args]
    subprocess.run(command, check=True, capture_output=True, timeout=10)


@pytest.fixture
def hosts():
    """Three hosts: h (heart) linked to o1 and o2 by veth pairs; removed after the test."""
    tag = uuid.uuid4().hex[:6]
    names = {role: netns_name(role) for role in ("h", "o1", "o2")}  # the reaper removes them if the run dies
    try:
        for ns in names.values():
            ip("netns", "add", ns)
            ip("link", "set", "lo", "up", ns=ns)
    except (subprocess.CalledProcessError, FileNotFoundError, PermissionError) as exc:
        for ns in names.values():
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        pytest.skip(f"network namespaces are not available here: {getattr(exc, 'stderr', exc)!r}")
    links = {}
    try:
        for i, organ in ((1, "o1"), (2, "o2")):
            heart_end, organ_end = f"vh{i}{tag}", f"vo{i}{tag}"
            ip("link", "add", heart_end, "type", "veth", "peer", "name", organ_end)
            ip("link", "set", heart_end, "netns", names["h"])
            ip("link", "set", organ_end, "netns", names[organ])
            ip("addr", "add", f"10.77.{i}.1/24", "dev", heart_end, ns=names["h"])
            ip("addr", "add", f"10.77.{i}.2/24", "dev", organ_end, ns=names[organ])
            ip("link", "set", heart_end, "up", ns=names["h"])
            ip("link", "set", organ_end, "up", ns=names[organ])
            links[organ] = heart_end
        yield names, links
    finally:
        for ns in names.values():
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def test_organs_on_other_hosts_join_survive_a_cut_link_and_never_run_a_side_effect_twice(hosts, make_mesh, tmp_path):
    names, links = hosts
    mesh = make_mesh(f"""
[heart]
router = "tcp://0.0.0.0:{PORT}"
blood = "tcp://0.0.0.0:{BLOOD_PORT}"
heartbeat_s = 0.2
liveness = 3

[organs.remote1]
external = true

[organs.remote2]
external = true
""", start=False)
    up = subprocess.run(["ip", "netns", "exec", names["h"], sys.executable, "-m", "actors", "up", "--detach",
                         "--config", str(mesh.config), "--home", str(mesh.home)], cwd=mesh.workdir, env=mesh.env,
                        capture_output=True, text=True, timeout=60)
    assert up.returncode == 0, up.stderr
    organs = []
    try:
        for i, name in ((1, "remote1"), (2, "remote2")):
            pair = keys.new_keypair(name)
            keys.write_keypair(pair, tmp_path)
            mesh.cli("keys", "allow", "--key", pair.public, "--name", name, check=True)
            organs.append(subprocess.Popen(guarded(
                ["ip", "netns", "exec", names[f"o{i}"], sys.executable, "-m", "actors", "organ", "run",
                 "tests.organs.flaky", "--connect", f"tcp://10.77.{i}.1:{PORT}", "--key", str(tmp_path / f"{name}.key"),
                 "--server-key", str(mesh.home / "keys" / "heart.pub"), "--name", name]),
                env=mesh.env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w")))
        wait_for(lambda: all(mesh.organ(n)["state"] == "up" for n in ("remote1", "remote2")), timeout=20,
                 what="both remote organs")
        with mesh.client() as client:
            first = client.call("remote1", "flaky_write", {"key": "once", "fails": 0}, request_id="side-effect-1")
            assert first.ok and first.result == {"attempt": 1}

            ip("link", "set", links["o1"], "down", ns=names["h"])
            lost = wait_for(lambda: (o := mesh.organ("remote1"))["state"] == "lost" and o, timeout=10,
                            what="remote1 lost")
            assert "no heartbeat" in lost["reason"]
            assert any(a["organ"] == "remote1" for a in mesh.status()["alerts"])
            refused = client.call("remote1", "attempts_of", {"key": "once"})
            assert refused.error.cause == "network"
            assert client.call("remote2", "attempts_of", {"key": "once"}).ok  # the other host is untouched

            ip("link", "set", links["o1"], "up", ns=names["h"])
            wait_for(lambda: mesh.organ("remote1")["state"] == "up", timeout=30, what="remote1 back by itself")
            again = client.call("remote1", "flaky_write", {"key": "once", "fails": 0}, request_id="side-effect-1")
            assert again.ok and again.result == {"attempt": 1}  # answered from memory, not run again
            assert client.call("remote1", "attempts_of", {"key": "once"}).result == {"attempts": 1}
    finally:
        for organ in organs:
            stop_process(organ)
