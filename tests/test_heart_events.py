"""The heart's publisher on a real XPUB: it learns which event kinds are subscribed, and only those are sent."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest
import zmq

from broker import protocol
from broker.events import Events, remote_beat
from broker.protocol import Blood
from tests.conftest import ECHO_MESH

WAIT_S = 3.0


@pytest.fixture
def pair():
    """An XPUB (as the heart binds it) and a SUB connected to it, on a short ipc:// path."""
    ctx = zmq.Context()
    where = Path(tempfile.mkdtemp(prefix="e", dir="/tmp")) / "b.sock"
    xpub, sub = ctx.socket(zmq.XPUB), ctx.socket(zmq.SUB)
    for sock in (xpub, sub):
        sock.setsockopt(zmq.LINGER, 0)
    xpub.bind(f"ipc://{where}")
    sub.connect(f"ipc://{where}")
    try:
        yield xpub, sub
    finally:
        xpub.close(linger=0)
        sub.close(linger=0)
        ctx.term()
        where.unlink(missing_ok=True)
        where.parent.rmdir()


def until(condition) -> bool:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


def test_a_kind_is_wanted_once_a_subscriber_asks_for_it_or_for_a_prefix_of_it(pair):
    xpub, sub = pair
    events = Events(xpub)
    assert not events.wants("call")

    sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT + b"wound")
    assert until(lambda: events.take_subscriptions() or events.wants("wound"))
    assert not events.wants("call")
    sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT)

    assert until(lambda: events.take_subscriptions() or events.wants("call"))


def test_a_kind_is_no_longer_wanted_once_its_last_subscriber_leaves(pair):
    xpub, sub = pair
    events = Events(xpub)
    sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT + b"call")
    assert until(lambda: events.take_subscriptions() or events.wants("call"))

    sub.setsockopt(zmq.UNSUBSCRIBE, protocol.EVENT + b"call")

    assert until(lambda: events.take_subscriptions() or not events.wants("call"))


def test_every_kind_takes_a_number_and_an_unwanted_kind_is_not_wanted(pair):
    xpub, sub = pair
    events = Events(xpub)
    sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT + b"alert")
    assert until(lambda: events.take_subscriptions() or events.wants("alert"))
    assert not events.wants("call")  # so publish skips encoding it

    events.publish("call", organ="echo")
    events.publish("alert", organ="echo", message="m")

    assert sub.poll(int(WAIT_S * 1000))
    got = protocol.decode_event(sub.recv_multipart())
    assert (got.kind, got.seq, events.seq) == ("alert", 2, 2)
    assert not sub.poll(100)


def test_a_remote_beat_carries_neither_the_owners_instruction_nor_its_session_and_keeps_the_rest():
    beat = Blood(seq=7, at=1.0, interval_s=0.5, instruction="deploy with the token sk-live-123", session="s-1",
                 exposed=("fs.read_file",), catalogue=42)

    lean = remote_beat(beat)

    assert (lean.instruction, lean.session) == ("", "")
    assert (lean.seq, lean.exposed, lean.catalogue) == (7, ("fs.read_file",), 42)


@pytest.fixture
def publishers():
    """The heart's three publishers (local XPUB, readers' XPUB, lean PUB), each with a SUB of everything."""
    ctx = zmq.Context()
    where = Path(tempfile.mkdtemp(prefix="e", dir="/tmp"))
    socks = {"local": ctx.socket(zmq.XPUB), "readers": ctx.socket(zmq.XPUB), "lean": ctx.socket(zmq.PUB)}
    subs = {}
    for name, sock in socks.items():
        sock.setsockopt(zmq.LINGER, 0)
        sock.bind(f"ipc://{where}/{name}")
        subs[name] = ctx.socket(zmq.SUB)
        subs[name].setsockopt(zmq.LINGER, 0)
        subs[name].connect(f"ipc://{where}/{name}")
    try:
        yield Events(socks["local"], readers=socks["readers"], lean=socks["lean"]), subs
    finally:
        ctx.destroy(linger=0)
        for name in socks:
            (where / name).unlink(missing_ok=True)
        where.rmdir()


def received(sub) -> list[list[bytes]]:
    frames = []
    while sub.poll(200):
        frames.append(sub.recv_multipart())
    return frames


def test_the_lean_publisher_carries_beats_without_the_owners_words_and_the_others_carry_everything(publishers):
    events, subs = publishers
    for sub in subs.values():
        sub.setsockopt(zmq.SUBSCRIBE, b"")  # everything there is
    assert until(lambda: events.take_subscriptions() or events.wants("progress"))
    time.sleep(0.2)  # the lean PUB's subscriptions reach it too (it says nothing of them)

    events.publish("progress", session="s-1", message="deploy with the token sk-live-123")
    events.blood(Blood(seq=1, at=1.0, interval_s=1.0, instruction="deploy with the token sk-live-123", session="s-1"))
    events.sync("ab" * 8)

    got = {name: received(sub) for name, sub in subs.items()}
    assert [f[0] for f in got["lean"]] == [protocol.BLOOD]
    assert protocol.decode_blood(got["lean"][0]).instruction == ""
    assert not any(b"sk-live-123" in part for frames in got["lean"] for part in frames)
    for name in ("local", "readers"):
        assert [f[0] for f in got[name]] == [protocol.EVENT + b"progress", protocol.BLOOD,
                                             protocol.SYNC + b"ab" * 8], name
        assert protocol.decode_blood(got[name][1]).instruction == "deploy with the token sk-live-123"


def test_a_kind_stays_wanted_while_one_of_the_two_event_publishers_still_has_a_subscriber_for_it(publishers):
    events, subs = publishers
    for name in ("local", "readers"):
        subs[name].setsockopt(zmq.SUBSCRIBE, protocol.EVENT + b"call")
    assert until(lambda: events.take_subscriptions() or events.topics[protocol.EVENT + b"call"] == 2)

    subs["local"].setsockopt(zmq.UNSUBSCRIBE, protocol.EVENT + b"call")
    assert until(lambda: events.take_subscriptions() or events.topics[protocol.EVENT + b"call"] == 1)
    assert events.wants("call")

    subs["readers"].setsockopt(zmq.UNSUBSCRIBE, protocol.EVENT + b"call")
    assert until(lambda: events.take_subscriptions() or not events.wants("call"))


def test_a_new_instruction_is_published_at_once_and_carries_its_own_exposure(make_mesh):
    mesh = make_mesh(ECHO_MESH.replace("\nbeat_s = 0.2\n", "\nbeat_s = 5.0\n"))  # a slow beat
    with mesh.client() as client:
        beats = client.blood(timeout_s=15)
        next(beats)  # the state now; subscribed from here on
        time.sleep(0.3)  # the subscription reaches the heart
        client.control("instruction", text="echo a value back")
        asked = time.monotonic()
        beat = next(b for b in beats if b.instruction == "echo a value back")
        if not beat.exposed:  # published at the latest moment before its exposure was chosen (a busy machine)
            beat = next(b for b in beats if b.instruction == "echo a value back" and b.exposed)  # then once it is
        took = time.monotonic() - asked
        expected = client.control("expose")  # the heart's exposure of the current instruction
    assert took < 2.0  # early beats, not the next of every 5 seconds
    assert list(beat.exposed) == expected["exposed"] and beat.tokens == expected["tokens"]  # its own, not the last


def test_a_flood_of_new_instructions_brings_early_beats_no_closer_than_a_quarter_second_and_a_short_session(make_mesh):
    mesh = make_mesh(ECHO_MESH.replace("\nbeat_s = 0.2\n", "\nbeat_s = 5.0\n"))  # a slow beat
    with mesh.client() as client, mesh.client() as instructing:
        beats = client.blood(timeout_s=15)
        next(beats)
        time.sleep(0.3)
        started = time.monotonic()
        for i in range(200):  # the same text from two sessions in turn: a change each time
            instructing.control("instruction", text="echo a value back", session=f"s{i % 2}" + "x" * 10_000)
        seen = []
        while time.monotonic() - started < 2.0:
            seen.append(next(beats))
    assert len(seen) <= 2.0 / 0.25 + 2  # early beats at most every 0.25 s (and no regular one in 5 s)
    assert seen and all(len(beat.session) <= 256 for beat in seen)
