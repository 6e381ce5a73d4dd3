"""Listening on HOST:PORT for the HTTP servers (`actors web`, `actors mcp --http`): parse, check, bind first,
serve until SIGTERM or SIGINT.

The socket is bound before the server starts, so that an address in use or a host that does not resolve is
one clear line and a named exit code, not a server's log line and whatever code it exits with; a stop by signal
ends in exit 0, as the stdio front door's does.
"""

from __future__ import annotations

import ipaddress
import signal
import socket
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)  # what ends a front door or the console, with exit 0


def parse_address(text: str) -> tuple[str, int]:
    """Split HOST:PORT (IPv6 in brackets); raise ValueError naming what is wrong."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise ValueError(f"--http takes HOST:PORT (e.g. 127.0.0.1:8390, or port 0 for a free one), not {text!r}")
    if ":" in host.strip("[]") and not (host.startswith("[") and host.endswith("]")):
        raise ValueError(f"write an IPv6 host in brackets: [{host}]:{port}")
    return host.lower(), int(port)


def is_loopback(host: str) -> bool:
    """Tell whether a host is reachable only from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (localhost means 127.0.0.1); raise OSError when it cannot be had."""
    bare = "127.0.0.1" if host == "localhost" else host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # asyncio sets TCP_NODELAY only then
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bare, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def url(host: str, port: int, path: str = "/") -> str:
    """The URL to print for a bound host (loopback for a wildcard)."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "[::]": "[::1]"}.get(host, host)
    return f"http://{shown}:{port}{path}"


def serve(server: Any, sock: socket.socket) -> None:
    """Run a uvicorn server on a bound socket until SIGTERM or SIGINT; return once it has shut down.

    uvicorn takes both signals while it serves (a graceful stop: its handle_exit) and, once stopped, raises the
    signal again with the handlers it found: SIGTERM's default then killed the process (exit 143), SIGINT's
    raised KeyboardInterrupt wherever it landed (exit 130, or 0). The handler found is this one, which only asks
    the server to stop: it also stops a server signalled before uvicorn took the signals, at its first tick."""
    def stop(signum: int, frame: Any) -> None:
        server.should_exit = True

    found = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in found.items():
            signal.signal(sig, handler)
