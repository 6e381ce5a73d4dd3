"""Start the console: bind, draw the keys, print the URL once, serve with uvicorn until interrupted."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from typing import Callable

from actors.web.security import Keys, site_for
from broker.home import Home

MAX_CONNECTIONS = 64
GRACE_S = 2


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


def url_of(host: str, port: int, token: str) -> str:
    """The URL to print: the bound host (loopback for a wildcard) with the start token."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "[::]": "[::1]"}.get(host, host)
    return f"http://{shown}:{port}/?token={token}"


def serve(home: Home, sock: socket.socket, host: str, announce: Callable[[str], None], open_browser: bool = False
          ) -> None:
    """Serve the console for the mesh under home on a bound socket until SIGINT or SIGTERM."""
    import uvicorn

    from actors.web.app import Console

    port = sock.getsockname()[1]
    keys = Keys.new()
    url = url_of(host, port, keys.token)

    def ready() -> None:
        announce(url)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    console = Console(home, keys, site_for(host, port), on_ready=ready)
    config = uvicorn.Config(console.app(), log_level="warning", access_log=False, lifespan="on",
                            proxy_headers=False, server_header=False, limit_concurrency=MAX_CONNECTIONS,
                            timeout_graceful_shutdown=GRACE_S)
    uvicorn.Server(config).run(sockets=[sock])
