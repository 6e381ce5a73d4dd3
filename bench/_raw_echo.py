"""A bare pyzmq ROUTER that sends every message straight back: the baseline of call_roundtrip.py.

Run as `python bench/_raw_echo.py ENDPOINT`. Ends on SIGTERM, or by itself once its parent is gone.
"""

from __future__ import annotations

import os
import sys

import zmq

PARENT_CHECK_MS = 1000


def serve(endpoint: str) -> None:
    """Echo [identity, *frames] until the process that started this one goes away."""
    parent = os.getppid()
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.bind(endpoint)
    try:
        while os.getppid() == parent:
            if router.poll(PARENT_CHECK_MS):
                router.send_multipart(router.recv_multipart())
    finally:
        ctx.destroy(linger=0)


if __name__ == "__main__":
    serve(sys.argv[1])
