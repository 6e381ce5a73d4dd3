"""Listening on HOST:PORT for the HTTP servers (`actors web`, `actors mcp --http`): parse, check, bind first.

The socket is bound before the server starts, so that an address in use or a host that does not resolve is
one clear line and a named exit code, not a server's log line and whatever code it exits with.
"""

from __future__ import annotations

import ipaddress
import socket


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
