"""The heart's wait (broker/waits.py) on real sockets: it sleeps only when nothing is there to read."""

from __future__ import annotations

import os
import time

import pytest
import zmq

from broker.waits import Waiter

LONG_MS = 5000  # a wait that would end by its timeout fails the time bound below
BOUND_S = 2.0


@pytest.fixture
def parts(tmp_path_factory):
    ctx = zmq.Context()
    short = tmp_path_factory.mktemp("w")
    router, pub = ctx.socket(zmq.ROUTER), ctx.socket(zmq.XPUB)
    router.bind(f"ipc://{short}/r")
    pub.bind(f"ipc://{short}/p")
    dealer, sub = ctx.socket(zmq.DEALER), ctx.socket(zmq.SUB)
    dealer.connect(f"ipc://{short}/r")
    sub.connect(f"ipc://{short}/p")
    wake_r, wake_w = os.pipe()
    yield ctx, router, pub, dealer, sub, wake_r, wake_w
    os.close(wake_r)
    os.close(wake_w)
    ctx.destroy(linger=0)


def test_a_message_already_received_by_the_router_is_reported_without_sleeping(parts):
    ctx, router, pub, dealer, sub, wake_r, wake_w = parts
    waiter = Waiter(router, pub, wake_r)
    dealer.send_multipart([b"a", b"b"])
    assert router.poll(int(BOUND_S * 1000))  # the message is in; EVENTS took its command from the mailbox
    started = time.monotonic()
    ready = waiter.wait(LONG_MS)
    assert time.monotonic() - started < BOUND_S
    assert ready.router and not ready.wake
    router.recv_multipart()
    assert not waiter.wait(0).router


def test_a_message_that_arrives_during_the_wait_ends_it(parts):
    ctx, router, pub, dealer, sub, wake_r, wake_w = parts
    waiter = Waiter(router, pub, wake_r)
    assert waiter.wait(0) == (False, False, False)
    dealer.send(b"x")
    started = time.monotonic()
    ready = waiter.wait(LONG_MS)
    while not ready.router and time.monotonic() - started < BOUND_S:  # the fd may fire for a connection first
        ready = waiter.wait(LONG_MS)
    assert ready.router and time.monotonic() - started < BOUND_S


def test_a_subscription_and_the_wake_pipe_are_both_reported(parts):
    ctx, router, pub, dealer, sub, wake_r, wake_w = parts
    waiter = Waiter(router, pub, wake_r)
    sub.setsockopt(zmq.SUBSCRIBE, b"event.")
    os.write(wake_w, b"x")
    started, seen = time.monotonic(), set()
    while seen != {"pub", "wake"} and time.monotonic() - started < BOUND_S:
        ready = waiter.wait(LONG_MS)
        seen |= {name for name, flag in ready._asdict().items() if flag}
    assert seen == {"pub", "wake"}
    assert pub.recv() == b"\x01event."
