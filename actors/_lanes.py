"""A client's end of a lane the heart granted (docs/protocol.md, "Lanes"): a DEALER straight to one organ, the
grant's ticket as its routing id, and a monitor that says when the organ's end went away.

Shared by the blocking `Client` and the front door's asynchronous link; each decides what to do with a lane,
this only opens, watches and closes one.
"""

from __future__ import annotations

from dataclasses import dataclass

import zmq
from zmq.utils.monitor import parse_monitor_message

from broker import wire
from broker.causes import hint
from broker.protocol import Failure, Grant, Reply

GONE = zmq.EVENT_DISCONNECTED | zmq.EVENT_CLOSED | zmq.EVENT_MONITOR_STOPPED


@dataclass(slots=True, eq=False)
class Lane:
    """One open lane (compared and hashed by identity)."""

    organ: str
    sock: zmq.Socket
    monitor: zmq.Socket

    @classmethod
    def open(cls, ctx: zmq.Context, grant: Grant) -> Lane | None:
        """Connect the lane of a grant; None for a grant that is not local (lanes are ipc only)."""
        if not grant.endpoint.startswith("ipc://"):
            return None
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.ROUTING_ID, grant.ticket)
        sock.setsockopt(zmq.IMMEDIATE, 1)  # nothing queues for an organ not connected: the call goes by the heart
        monitor = sock.get_monitor_socket(GONE)
        sock.connect(grant.endpoint)
        return cls(grant.organ, sock, monitor)

    def gone(self) -> bool:
        """Whether the organ's end went away (it died, or its socket closed), by the monitor's events so far."""
        gone = False
        while wire.readable(self.monitor):
            try:
                event = parse_monitor_message(wire.receive(self.monitor, wire.NOBLOCK))
            except (zmq.Again, ValueError):
                break
            gone = gone or bool(event["event"] & GONE)
        return gone

    def close(self) -> None:
        self.sock.disable_monitor()
        self.monitor.close(linger=0)
        self.sock.close(linger=0)


def died(organ: str, call_id: str) -> Reply:
    """What the heart answers for an organ that died during a call it routed, for a lane call whose organ did."""
    return Reply(id=call_id, ok=False, error=Failure(
        "crashed", f"organ {organ} died during the call", type="OrganDied", hint=hint("crashed", True),
        decision="refer"))
