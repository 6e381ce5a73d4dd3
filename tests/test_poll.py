"""The organ loop's poller: ZeroMQ sockets through their ZMQ_FD, descriptors as zmq.Poller reports them."""

from __future__ import annotations

import os
import socket
import time

import pytest
import zmq

from actors._poll import Poller
from broker import wire

WAIT_MS = 2000


@pytest.fixture
def pair():
    ctx = zmq.Context()
    a, b = ctx.socket(zmq.PAIR), ctx.socket(zmq.PAIR)
    for sock in (a, b):
        sock.setsockopt(zmq.LINGER, 0)
    a.bind("inproc://poll-test")
    b.connect("inproc://poll-test")
    yield a, b
    ctx.destroy(linger=0)


def ready_within(poller: Poller, target, wait_ms: int = WAIT_MS) -> int:
    deadline = time.monotonic() + wait_ms / 1000
    while time.monotonic() < deadline:
        for found, events in poller.poll(50):
            if found is target:
                return events
    return 0


def test_a_message_that_arrives_while_the_loop_waits_wakes_it(pair):
    a, b = pair
    poller = Poller()
    poller.register(a, wire.POLLIN)
    assert poller.poll(0) == [], "nothing is there yet"
    b.send(b"hi")
    assert ready_within(poller, a) == wire.POLLIN
    assert a.recv(zmq.NOBLOCK) == b"hi"
    assert not wire.readable(a)  # the loop reads until nothing is left, which re-arms the descriptor
    b.send(b"again")
    assert ready_within(poller, a) == wire.POLLIN, "the next message wakes it too"


def test_a_message_already_queued_when_the_socket_is_registered_is_reported_at_once(pair):
    a, b = pair
    b.send(b"early")
    time.sleep(0.05)
    poller = Poller()
    poller.register(a, wire.POLLIN)
    started = time.monotonic()
    assert poller.poll(WAIT_MS) == [(a, wire.POLLIN)]
    assert time.monotonic() - started < WAIT_MS / 2000


def test_after_the_loop_sent_on_a_socket_what_waits_on_it_is_looked_for_before_sleeping(pair):
    a, b = pair
    poller = Poller()
    poller.register(a, wire.POLLIN)
    b.send(b"reply")
    time.sleep(0.05)
    a.send(b"request")  # processes the socket's commands: its descriptor may not fire for "reply" now
    poller.touched(a)
    assert poller.poll(WAIT_MS) == [(a, wire.POLLIN)]


def test_a_socket_watched_for_room_to_send_is_reported_writable(pair):
    a, _ = pair
    poller = Poller()
    poller.register(a, wire.POLLIN | wire.POLLOUT)
    assert ready_within(poller, a) == wire.POLLOUT


def test_descriptors_are_reported_by_number_with_zeromq_flags_and_a_hang_up_as_an_error():
    r, w = os.pipe()
    left, right = socket.socketpair()
    try:
        poller = Poller()
        poller.register(r, wire.POLLIN)
        poller.register(left, wire.POLLOUT)
        assert poller.poll(0) == [(left.fileno(), wire.POLLOUT)]
        os.write(w, b"x")
        assert sorted(poller.poll(0)) == sorted([(r, wire.POLLIN), (left.fileno(), wire.POLLOUT)])
        poller.unregister(left)
        os.close(w)
        w = -1
        os.read(r, 1)
        assert poller.poll(0) == [(r, wire.POLLERR)], "the writer's end closed: poll(2) says POLLHUP"
    finally:
        for fd in (r, w):
            if fd >= 0:
                os.close(fd)
        left.close()
        right.close()


def test_an_unregistered_socket_is_no_longer_reported(pair):
    a, b = pair
    poller = Poller()
    poller.register(a, wire.POLLIN)
    poller.unregister(a)
    b.send(b"hi")
    time.sleep(0.05)
    assert poller.poll(0) == []
    with pytest.raises(KeyError):
        poller.unregister(a)
