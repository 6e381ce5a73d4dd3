"""The client's event stream and per-thread clients, against a real mesh."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from actors.client import Client, ThreadClients, events_missed
from broker.errors import MeshUnreachable
from tests.conftest import ECHO_MESH, REPO, Mesh, end_mesh

WAIT_S = 10.0


pytestmark = pytest.mark.xdist_group("client-events")  # one worker runs the module: its mesh starts once


@pytest.fixture(scope="module")
def mesh(tmp_path_factory):
    root = tmp_path_factory.mktemp("events")
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


def test_a_subscriber_gets_every_kind_of_event_that_happens_after_it_subscribed(mesh):
    with Client(mesh.home) as client, client.events() as events:
        client.call("echo", "echo", {"x": 1})
        client.control("progress", session="s1", text="next step")
        got = [_next(events), _next(events)]
    assert [(e.kind, e.organ, e.ability) for e in got] == [("call", "echo", "echo"), ("progress", "", "")]
    assert got[1].session == "s1" and got[1].message == "next step" and got[1].seq == got[0].seq + 1
    assert events.missed == 0


def test_a_subscriber_to_some_kinds_gets_only_those(mesh):
    with Client(mesh.home) as client, client.events(["progress"]) as events:
        client.call("echo", "echo", {"x": 1})
        client.control("progress", session="s2", text="only this")
        got = _next(events)
        assert (got.kind, got.message) == ("progress", "only this")
        assert events.next(0.3) is None


def test_events_published_after_the_last_one_seen_are_counted_as_missed(mesh):
    with Client(mesh.home) as client:
        with client.events() as first:
            client.control("progress", text="seen")
            seen = _next(first).seq
        for n in range(3):  # published while nobody listened
            client.control("progress", text=f"missed {n}")
        with client.events(after_seq=seen) as events:
            client.control("progress", text="after")
            got = _next(events)
    assert got.message == "after" and got.seq == seen + 4
    assert events.missed == 3


def test_next_returns_none_within_its_bound_when_nothing_happens(mesh):
    with Client(mesh.home) as client, client.events(["healed"]) as events:
        started = time.monotonic()
        assert events.next(0.3) is None
        assert 0.25 <= time.monotonic() - started < 2.0


def test_missed_events_are_the_gap_between_sequence_numbers_and_none_after_a_heart_restart():
    assert events_missed(0, 17) == 0  # the first event seen
    assert events_missed(5, 6) == 0
    assert events_missed(5, 9) == 3
    assert events_missed(50, 2) == 0  # a new heart counts from 1 again


def test_each_thread_gets_its_own_client_and_close_ends_them_all(mesh):
    clients = ThreadClients(mesh.home)
    seen: dict[str, Client] = {}

    def use(name: str) -> None:
        seen[name] = clients.get()
        assert seen[name].call("echo", "echo", {"x": name}).ok

    threads = [threading.Thread(target=use, args=(f"t{n}",)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=WAIT_S)
    assert clients.get() is clients.get()
    assert len({id(c) for c in (*seen.values(), clients.get())}) == 3
    clients.close()
    assert all(c.ctx.closed for c in seen.values())


def test_a_subscriber_hears_that_the_heart_stopped(make_mesh):
    mesh = make_mesh()
    with Client(mesh.home) as client, client.events() as events:
        os.kill(mesh.status()["heart"]["pid"], signal.SIGKILL)
        with pytest.raises(MeshUnreachable, match="the heart stopped"):
            events.next(WAIT_S)


def _next(events):
    event = events.next(WAIT_S)
    assert event is not None, f"no event within {WAIT_S}s"
    return event
