"""Start the console: bind, draw the keys, print the URL once, serve with uvicorn until interrupted."""

from __future__ import annotations

import logging
import socket
import threading
import time
import webbrowser
from typing import Any, Callable

from actors import listen, peers
from actors.http_bounds import bounded_h11
from actors.web.security import Keys, Ticket, site_for
from broker.home import Home

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 64
GRACE_S = 2


def url_of(host: str, port: int, token: str) -> str:
    """The URL to print: the bound host (loopback for a wildcard) with the start token."""
    return f"{listen.url(host, port)}?token={token}"


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server that ends the console's open event streams as soon as it is told to stop: it would
        otherwise wait its whole grace for them and then cancel them with an error and a traceback."""

        def __init__(self, config: uvicorn.Config, on_exit: Callable[[], None]) -> None:
            super().__init__(config)
            self.on_exit = on_exit

        def handle_exit(self, sig: int, frame: Any) -> None:
            self.on_exit()
            super().handle_exit(sig, frame)

    return Server


def open_in_browser(url: str, opener: Callable[[str], bool] = webbrowser.open) -> bool:
    """Open the console in the default browser, or say on stderr that there is none to open it in."""
    try:
        opened = opener(url)
    except webbrowser.Error as exc:
        log.warning("cannot open a browser (%s): open the address printed above", exc)
        return False
    if not opened:
        log.warning("no browser to open here: open the address printed above")
    return opened


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
            threading.Thread(target=open_in_browser, args=(url,), daemon=True).start()

    remote = not listen.is_loopback(host)
    console = Console(home, keys, site_for(host, port), on_ready=ready, ticket=Ticket(time.monotonic()),
                      remote_allowed=remote)
    config = uvicorn.Config(console.app(), log_level="warning", access_log=False, lifespan="on",
                            proxy_headers=False, server_header=False, limit_concurrency=MAX_CONNECTIONS,
                            timeout_graceful_shutdown=GRACE_S,
                            http=bounded_h11(max_connections=MAX_CONNECTIONS, admit=peers.admitter(remote)))
    listen.serve(_server_class()(config, console.broadcast.close), sock)
