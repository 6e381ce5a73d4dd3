"""The heart's sockets and files: the home lock, the ROUTER and publisher binds (ipc://, and tcp:// with CURVE),
the metrics server, and who a message came from."""

from __future__ import annotations

import fcntl
import logging
import os
import threading
import time
from dataclasses import dataclass
from typing import IO, Any

import zmq

from broker import protocol, wire
from broker.auth import EVENTS_DOMAIN, MESH_DOMAIN, Gatekeeper
from broker.authz import Principal, local_principal, remote_principal
from broker.config import HeartConfig
from broker.errors import HomeError
from broker.home import Home, private_file
from broker.keys import allowed_file, heart_keypair
from broker.protocol import Call, Control, Register, Report, SnapshotRequest

log = logging.getLogger(__name__)

# plain ints: pyzmq's flag enums cost an object per operation, and the heart does several per message
MAX_PRINCIPALS = 1024
# messages decided by who sent them
NEEDS_PRINCIPAL = frozenset({Register.KIND, Call.KIND, Control.KIND, SnapshotRequest.KIND, Report.KIND})
ROUTER_SNDHWM = 10000
NOISY_PEERS_MAX = 1024
ROUTER_RCVHWM = 1000  # bounds what one fast peer can park in the heart
SUBSCRIPTION_MAX_BYTES = 1024  # a remote subscriber's topic (sync.<64 hex digits> is the longest the mesh uses)


@dataclass
class Bound:
    router: zmq.Socket
    pub: zmq.Socket  # the local XPUB: it also tells the heart which topics are subscribed to
    endpoints: dict[str, str]  # router, blood (and remote: server_key, router, blood, events)
    gatekeeper: Gatekeeper | None = None  # the ZAP handler, when tcp:// endpoints are bound
    lean: zmq.Socket | None = None  # the tcp:// blood PUB: every allow-listed key, beats without the owner's words
    readers: zmq.Socket | None = None  # the tcp:// events XPUB: the keys remote_events names, everything


def lock(home: Home) -> IO:
    """Take the home's exclusive lock: one heart per home. The lock file is ours and 0600: another user who could
    open it could hold it, and no heart would start."""
    held = os.fdopen(private_file(home.lock_file, os.O_RDWR), "a+")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        pid = (home.read_endpoints() or {}).get("pid", "?")
        raise HomeError(f"a heart is already running under {home.path} (pid {pid})") from None
    return held


def bind(ctx: zmq.Context, s: HeartConfig, home: Home, auth_failed) -> Bound:
    """Bind the ROUTER and the XPUB: ipc:// under the home unless the mesh file names endpoints; the tcp:// ones
    the mesh file names are bound besides (blood and events on publishers of their own)."""
    remote = {name: ep for name, ep in (("router", s.router), ("blood", s.blood), ("events", s.events))
              if ep.startswith("tcp://")}
    router_ep = s.router if s.router and "router" not in remote else home.ipc_endpoint("heart")
    blood_ep = s.blood if s.blood and "blood" not in remote else home.ipc_endpoint("blood")
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.setsockopt(zmq.ROUTER_MANDATORY, 1)
    # libzmq drops a connection that sends more than this; below it, the heart answers what is too large
    router.setsockopt(zmq.MAXMSGSIZE, protocol.hard_frame_cap(s.max_frame_bytes))
    router.setsockopt(zmq.SNDHWM, ROUTER_SNDHWM)
    router.setsockopt(zmq.RCVHWM, ROUTER_RCVHWM)
    pub = ctx.socket(zmq.XPUB)
    pub.setsockopt(zmq.LINGER, 0)
    try:
        router.bind(router_ep)
        pub.bind(blood_ep)
    except zmq.ZMQError as exc:
        raise HomeError(f"cannot bind {router_ep} / {blood_ep}: {exc}") from None
    endpoints: dict[str, Any] = {"router": router.getsockopt_string(zmq.LAST_ENDPOINT),
                                 "blood": pub.getsockopt_string(zmq.LAST_ENDPOINT)}
    for ep in endpoints.values():
        if ep.startswith("ipc://"):
            os.chmod(ep[len("ipc://"):], 0o600)
    bound = Bound(router, pub, endpoints)
    if remote:
        bound.gatekeeper = Gatekeeper(ctx, allowed_file(home.path), auth_failed, s.remote_events)
        bound.gatekeeper.start()
        endpoints["remote"] = _bind_remote(ctx, bound, remote, home)
    return bound


def _bind_remote(ctx: zmq.Context, bound: Bound, remote: dict[str, str], home: Home) -> dict[str, str]:
    """Bind the tcp:// endpoints with CURVE: only keys in the allow-list get through (ZAP), and to the events
    endpoint only the keys remote_events names. A publisher cannot tell its subscribers apart, so the local one
    is never bound on tcp://: the blood endpoint gets a PUB of its own, and the events endpoint an XPUB."""
    pair = heart_keypair(home.path)
    found = {"server_key": pair.public}
    if "blood" in remote:
        bound.lean = _publisher(ctx, zmq.PUB)
    if "events" in remote:
        bound.readers = _publisher(ctx, zmq.XPUB)
    for name, sock, domain in (("router", bound.router, MESH_DOMAIN), ("blood", bound.lean, MESH_DOMAIN),
                               ("events", bound.readers, EVENTS_DOMAIN)):
        if name not in remote:
            continue
        # options set after the router's local ipc bind apply to its tcp listener only
        sock.curve_secretkey = pair.secret.encode()
        sock.curve_publickey = pair.public.encode()
        sock.curve_server = True
        sock.zap_domain = domain
        try:
            sock.bind(remote[name])
        except zmq.ZMQError as exc:
            raise HomeError(f"cannot bind {remote[name]}: {exc}") from None
        found[name] = sock.getsockopt_string(zmq.LAST_ENDPOINT)
    log.info("remote endpoints %s need CURVE keys from %s", found, allowed_file(home.path))
    return found


def _publisher(ctx: zmq.Context, kind: int) -> zmq.Socket:
    sock = ctx.socket(kind)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.MAXMSGSIZE, SUBSCRIPTION_MAX_BYTES)  # what a subscriber sends is a topic, nothing more
    return sock


METRICS_POLL_S = 0.05  # how soon the metrics server notices it is to stop (prometheus_client's own server: 0.5 s)
METRICS_IDLE_S = 10.0  # a connection that sends nothing for this long is closed (each holds a thread of the heart)
METRICS_CONNECTIONS = 16  # connections served at once; more are closed as they are accepted


def serve_metrics(address: str, registry) -> tuple[Any, str]:
    """Serve Prometheus metrics on host:port ('' turns it off), on a thread; the server and its URL.

    prometheus_client's WSGI app on its threading server, as its `start_http_server` does, but polled every
    METRICS_POLL_S so that stopping the heart does not wait half a second for it. Any local user may scrape (a
    Prometheus runs as its own user), so each connection is bounded: its thread waits at most METRICS_IDLE_S for
    a byte, and at most METRICS_CONNECTIONS are served at once: a user holding idle connections open no longer
    adds a thread of the heart per connection, for ever."""
    if not address:
        return None, ""
    import socket
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    from prometheus_client import make_wsgi_app
    from prometheus_client.exposition import ThreadingWSGIServer

    host, _, port = address.rpartition(":")
    host = host.strip("[]")

    class Quiet(WSGIRequestHandler):
        timeout = METRICS_IDLE_S

        def log_message(self, *args: Any) -> None:
            pass  # a scrape is no news

    slots = threading.BoundedSemaphore(METRICS_CONNECTIONS)

    try:
        class Server(ThreadingWSGIServer):
            address_family = socket.getaddrinfo(host or None, int(port), type=socket.SOCK_STREAM)[0][0]

            def process_request(self, request: Any, client_address: Any) -> None:
                if not slots.acquire(blocking=False):
                    self.shutdown_request(request)  # closed at once, no thread
                    return
                super().process_request(request, client_address)

            def process_request_thread(self, request: Any, client_address: Any) -> None:
                try:
                    super().process_request_thread(request, client_address)
                finally:
                    slots.release()

        server = make_server(host, int(port), make_wsgi_app(registry), Server, handler_class=Quiet)
    except (OSError, ValueError) as exc:
        raise HomeError(f"cannot serve metrics on {address}: {getattr(exc, 'strerror', None) or exc}") from None
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": METRICS_POLL_S}, name="metrics",
                     daemon=True).start()
    shown = f"[{host}]" if ":" in host else host
    return server, f"http://{shown}:{server.server_port}/metrics"


def publish(home: Home, found: dict, s: HeartConfig) -> dict:
    """Write the pid file and endpoints.json, what clients read to find this heart; return what was written."""
    written = {"pid": os.getpid(), **found, "started_at": time.time(),
               # what clients need to bound their waits and size their requests
               "limits": {"call_timeout_s": s.call_timeout_s, "retry_attempts": s.retry_attempts,
                          "max_frame_bytes": s.max_frame_bytes}}
    home.pid_file.write_text(f"{os.getpid()}\n")
    home.write_endpoints(written)
    return written


def stop_metrics(server) -> None:
    """Stop the metrics server, if one runs."""
    if server is not None:
        server.shutdown()
        server.server_close()


def receive(sock: zmq.Socket) -> tuple[bytes, list[bytes], zmq.Frame | None]:
    """One message: the routing id, its frames, and its last frame (whose metadata says who sent it) when the
    message is one whose handling depends on who sent it. Frames are received uncopied: their `more` flag
    costs no socket option call."""
    recv = sock.recv
    frame = recv(wire.NOBLOCK, copy=False)
    ident = frame.bytes
    frames: list[bytes] = []
    while frame.more:
        frame = recv(copy=False)
        frames.append(frame.bytes)
    return ident, frames, frame if len(frames) == 3 and frames[1] in NEEDS_PRINCIPAL else None


def send(sock: zmq.Socket, ident: bytes, frames: list[bytes]) -> None:
    """Send [ident, *frames] without blocking (what send_multipart does, without its per-frame checks)."""
    wire.send(sock, [ident, *frames], wire.NOBLOCK)


class Peers:
    """Who is on each connection (from its latest register, call or control), and who was already warned about."""

    def __init__(self, owner_uid: int) -> None:
        self.owner_uid = owner_uid
        self.principals: dict[bytes, Principal] = {}
        self.by_address: dict[str, Principal] = {}  # a local peer's address names its process: decided once
        self.noisy: set[bytes] = set()

    def learn(self, ident: bytes, frame: zmq.Frame, curve: bool) -> None:
        """Remember who sent this frame on this connection."""
        if len(self.principals) >= NOISY_PEERS_MAX and ident not in self.principals:
            self.principals.clear()  # bounded; each decision learns its peer from the message itself
        user = _property(frame, "User-Id") if curve else ""
        if user:
            self.principals[ident] = remote_principal(user)
            return
        address = _property(frame, "Peer-Address")
        who = self.by_address.get(address)
        if who is None:
            if len(self.by_address) >= MAX_PRINCIPALS:
                self.by_address.clear()
            who = self.by_address[address] = local_principal(address, self.owner_uid)
        self.principals[ident] = who

    def principal(self, ident: bytes) -> Principal:
        """Who is on a connection, as learnt from its latest register, call or control message."""
        return self.principals.get(ident) or local_principal("", self.owner_uid)

    def complain(self, ident: bytes, message: str) -> None:
        """Log a peer's malformed message, once per peer (further ones are only counted)."""
        if ident in self.noisy:
            return
        if len(self.noisy) >= NOISY_PEERS_MAX:
            self.noisy.clear()
        self.noisy.add(ident)
        log.warning("dropped a malformed message from peer %s (further ones are only counted): %s",
                    ident[:16].hex(), message)


def _property(frame: zmq.Frame, name: str) -> str:
    try:
        return frame.get(name) or ""
    except zmq.ZMQError:
        return ""
