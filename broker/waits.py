"""The heart's wait for its sockets: what zmq_poll does, with fewer system calls per wake-up.

A ZeroMQ socket's file descriptor (ZMQ_FD) only says that its mailbox holds commands, and any operation on
the socket may take them: so the socket's own EVENTS is asked before sleeping (a message already there means
no sleep) and after its descriptor fired. zmq_poll asks EVENTS of every socket before and after a first
zero-timeout poll and again after the real one; this asks each once before and only the fired ones after.
"""

from __future__ import annotations

import select
from typing import NamedTuple

import zmq

EVENTS, POLLIN = int(zmq.EVENTS), int(zmq.POLLIN)


class Ready(NamedTuple):
    router: bool  # a message waits on the ROUTER
    pub: bool  # a subscription waits on the XPUB
    wake: bool  # the wake-up pipe has bytes


class Waiter:
    """Wait until the ROUTER or the XPUB has something to read or the wake-up pipe has bytes."""

    def __init__(self, router: zmq.Socket, pub: zmq.Socket, wake_fd: int) -> None:
        self.router, self.pub, self.wake_fd = router, pub, wake_fd
        self.router_fd, self.pub_fd = router.get(zmq.FD), pub.get(zmq.FD)
        self.poll = select.poll()
        for fd in (self.router_fd, self.pub_fd, wake_fd):
            self.poll.register(fd, select.POLLIN)

    def wait(self, timeout_ms: int) -> Ready:
        """What is ready, waiting at most timeout_ms (0: only look); the pipe is looked at even when a socket is ready."""
        router = bool(self.router.get(EVENTS) & POLLIN)
        pub = bool(self.pub.get(EVENTS) & POLLIN)
        fired = [fd for fd, _ in self.poll.poll(0 if router or pub else timeout_ms)]
        if not router and self.router_fd in fired:
            router = bool(self.router.get(EVENTS) & POLLIN)
        if not pub and self.pub_fd in fired:
            pub = bool(self.pub.get(EVENTS) & POLLIN)
        return Ready(router, pub, self.wake_fd in fired)
