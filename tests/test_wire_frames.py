"""broker.wire's lean send and receive: what every hot path of the mesh sends and receives with."""

from __future__ import annotations

import pytest
import zmq

from broker import wire

WAIT_MS = 2000


@pytest.fixture
def pair():
    ctx = zmq.Context()
    a, b = ctx.socket(zmq.DEALER), ctx.socket(zmq.DEALER)
    for sock in (a, b):
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.RCVTIMEO, WAIT_MS)
    a.bind("inproc://wire-frames")
    b.connect("inproc://wire-frames")
    yield a, b
    ctx.destroy(linger=0)


@pytest.mark.parametrize("frames", [[b"one"], [b"", b"head", b""], [b"x" * 100_000, b"tail"], [b"f%d" % i for i in range(60)]])
def test_a_message_of_any_number_and_size_of_frames_arrives_whole(pair, frames):
    a, b = pair
    wire.send(a, frames)
    assert wire.receive(b) == frames


def test_a_frame_that_is_not_bytes_is_refused_before_anything_is_sent(pair):
    a, b = pair
    with pytest.raises(TypeError):
        wire.send(a, [b"head", "not bytes", b"tail"])
    wire.send(a, [b"next"])
    assert wire.receive(b) == [b"next"]  # no half-sent message glued to the next one


def test_readable_tells_a_waiting_message_and_a_receive_on_nothing_raises_again(pair):
    a, b = pair
    assert not wire.readable(b)
    with pytest.raises(zmq.Again):
        wire.receive(b, wire.NOBLOCK)
    wire.send(a, [b"ping"])
    assert b.poll(WAIT_MS) and wire.readable(b)
    assert wire.receive(b, wire.NOBLOCK) == [b"ping"]
