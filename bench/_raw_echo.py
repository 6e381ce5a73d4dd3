"""Bare pyzmq peers for the baselines of call_roundtrip.py. Each ends on SIGTERM, or by itself once its parent
is gone.

    python bench/_raw_echo.py ENDPOINT            a ROUTER that sends every message straight back (2 hops)
    python bench/_raw_echo.py --relay ENDPOINT    a ROUTER that passes every message between the last client
                                                  and one echoing DEALER (`--organ`): the heart's four hops and
                                                  two more processes, with no work but the routing
    python bench/_raw_echo.py --organ ENDPOINT    that DEALER: says hello once, then echoes what comes
"""

from __future__ import annotations

import os
import sys

import zmq

PARENT_CHECK_MS = 1000
HELLO = b"hello"


def serve(endpoint: str, mode: str) -> None:
    """Echo, relay or be the relay's organ until the process that started this one goes away."""
    parent = os.getppid()
    ctx = zmq.Context()
    sock = ctx.socket(zmq.DEALER if mode == "--organ" else zmq.ROUTER)
    sock.setsockopt(zmq.LINGER, 0)
    if mode == "--organ":
        sock.connect(endpoint)
        sock.send(HELLO)
    else:
        sock.bind(endpoint)
    organ = client = None
    try:
        while os.getppid() == parent:
            if not sock.poll(PARENT_CHECK_MS):
                continue
            frames = sock.recv_multipart()
            if mode != "--relay":
                sock.send_multipart(frames)
            elif frames[1:] == [HELLO]:
                organ = frames[0]
            elif frames[0] == organ:
                sock.send_multipart([client, *frames[1:]])
            elif organ is not None:
                client = frames[0]
                sock.send_multipart([organ, *frames[1:]])
    finally:
        ctx.destroy(linger=0)


if __name__ == "__main__":
    serve(sys.argv[-1], sys.argv[1] if len(sys.argv) > 2 else "")
