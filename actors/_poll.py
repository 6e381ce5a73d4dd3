"""A poller for the organ loop: zmq.Poller's register/unregister/poll on one `select.poll`, one system call a wait.

`zmq.Poller` (libzmq's zmq_poll) polls twice per wait when nothing is ready at once (a zero-timeout pass first)
and reads every ZeroMQ socket's ZMQ_EVENTS after each pass, each read a `getpid` and a `poll` of the socket's
mailbox: about ten system calls per MCP call on a lane, where the heart's socket is quiet. Here a ZeroMQ
socket is watched through its ZMQ_FD, which says only that the socket's state may have changed, so its
ZMQ_EVENTS are read when that descriptor fires, or when the socket may hold what the descriptor will not
signal again: after it was registered, and after the loop sent on it (`touched`). The loop reads a socket
reported readable until it has nothing more (its last look re-arms the descriptor for the next message), so
a wait that reported it needs no second look. Otherwise the quiet socket costs nothing.
"""

from __future__ import annotations

import select

import zmq

from broker import wire

_EVENTS = zmq.EVENTS.value
_FD = zmq.FD.value
_ERRORS = ~(select.POLLIN | select.POLLOUT | select.POLLPRI)  # hang-up, error, invalid: zmq_poll's POLLERR


def _asked(mask: int) -> int:
    """ZeroMQ's poll flags (wire.POLLIN, wire.POLLOUT) as poll(2)'s."""
    return (select.POLLIN if mask & wire.POLLIN else 0) | (select.POLLOUT if mask & wire.POLLOUT else 0)


def _found(revents: int) -> int:
    """poll(2)'s events as ZeroMQ's flags, as zmq_poll reports them for a descriptor."""
    return ((wire.POLLIN if revents & select.POLLIN else 0) | (wire.POLLOUT if revents & select.POLLOUT else 0)
            | (wire.POLLERR if revents & _ERRORS else 0))


class Poller:
    """What zmq.Poller offers the loop: targets are ZeroMQ sockets (reported as themselves) or descriptors
    (ints or objects with fileno(), reported as ints)."""

    def __init__(self) -> None:
        self.poll_fds = select.poll()
        self.sockets: dict[int, tuple[zmq.Socket, int]] = {}  # a ZeroMQ socket's ZMQ_FD -> (socket, mask)
        self.fd_of: dict[zmq.Socket, int] = {}
        self.unknown: set[zmq.Socket] = set()  # sockets whose ZMQ_EVENTS must be read before the next wait

    def register(self, target: zmq.Socket | int, mask: int) -> None:
        """Watch target for mask (POLLIN, POLLOUT); registering again changes the mask."""
        if isinstance(target, zmq.Socket):
            fd = self.fd_of.get(target)
            if fd is None:
                fd = self.fd_of[target] = target.getsockopt(_FD)
                self.poll_fds.register(fd, select.POLLIN)
            self.sockets[fd] = (target, mask)
            self.unknown.add(target)
            return
        self.poll_fds.register(target if type(target) is int else target.fileno(), _asked(mask))

    def unregister(self, target: zmq.Socket | int) -> None:
        """Stop watching target (KeyError when it is not watched)."""
        if isinstance(target, zmq.Socket):
            fd = self.fd_of.pop(target)
            del self.sockets[fd]
            self.unknown.discard(target)
            self.poll_fds.unregister(fd)
            return
        self.poll_fds.unregister(target if type(target) is int else target.fileno())

    def touched(self, sock: zmq.Socket) -> None:
        """The loop sent on sock (or read it only in part): its descriptor may not fire for what is already there."""
        if sock in self.fd_of:
            self.unknown.add(sock)

    def poll(self, timeout_ms: int) -> list[tuple[zmq.Socket | int, int]]:
        """Wait at most timeout_ms for what is watched; (target, events) for each that is ready."""
        ready: list[tuple[zmq.Socket | int, int]] = []
        if self.unknown:
            for sock in self.unknown:
                self._events(sock, self.fd_of[sock], ready)
            self.unknown.clear()
        fired = self.poll_fds.poll(0 if ready else timeout_ms)
        sockets = self.sockets
        for fd, events in fired:
            if fd in sockets:
                sock = sockets[fd][0]
                if not any(item[0] is sock for item in ready):
                    self._events(sock, fd, ready)
            else:
                ready.append((fd, _found(events)))
        return ready

    def _events(self, sock: zmq.Socket, fd: int, ready: list) -> None:
        events = sock.getsockopt(_EVENTS) & self.sockets[fd][1]
        if events:
            ready.append((sock, events & (wire.POLLIN | wire.POLLOUT)))
