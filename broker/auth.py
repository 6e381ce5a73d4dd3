"""The heart's gatekeeper: answers ZAP requests so only allow-listed CURVE keys reach its tcp:// sockets, and only
the keys `[heart] remote_events` names reach its events endpoint."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

import zmq
from zmq.utils import z85

from broker.authz import may_read_owners_words, remote_principal
from broker.errors import ConfigError
from broker.keys import Peer, parse_allowed

log = logging.getLogger(__name__)

ZAP_ENDPOINT = "inproc://zeromq.zap.01"
ZAP_VERSION = b"1.0"
MESH_DOMAIN = b"actors"  # the router and the blood endpoint: every allow-listed key
EVENTS_DOMAIN = b"actors-events"  # the events endpoint: the owner's words, for the keys remote_events names
POLL_MS = 200


def unsafe_mode(mode: int, uid: int) -> str:
    """Why an allow-list file with this mode and owner cannot be trusted, or ''."""
    if mode & 0o022:
        return "others may write it (chmod go-w)"
    if uid not in (os.getuid(), 0):
        return f"it belongs to uid {uid}, neither this user nor root"
    return ""


class Gatekeeper:
    """A ZAP handler on its own thread, reading the allow-list again whenever the file changes."""

    def __init__(self, ctx: zmq.Context, allowed: Path, on_refusal=None, readers: Iterable[str] = ()) -> None:
        self.ctx = ctx
        self.allowed = allowed
        self.readers = tuple(readers)
        self.on_refusal = on_refusal or (lambda reason: None)
        self.peers: dict[str, Peer] = {}
        self.stamp: tuple = ()
        self.stopping = threading.Event()
        self.sock = ctx.socket(zmq.REP)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.bind(ZAP_ENDPOINT)  # bound before any CURVE socket binds, so no handshake goes unanswered
        self.thread = threading.Thread(target=self._run, name="zap", daemon=True)

    def start(self) -> None:
        """Begin answering."""
        self._reload()
        self.thread.start()

    def stop(self) -> None:
        """Stop answering and release the socket."""
        self.stopping.set()
        self.thread.join(timeout=2.0)

    def _run(self) -> None:
        try:
            while not self.stopping.is_set():
                if self.sock.poll(POLL_MS):
                    self.sock.send_multipart(self._answer(self.sock.recv_multipart()))
        finally:
            self.sock.close(linger=0)

    def _answer(self, request: list[bytes]) -> list[bytes]:
        if len(request) < 6 or request[0] != ZAP_VERSION:
            return [ZAP_VERSION, request[1] if len(request) > 1 else b"", b"500", b"bad ZAP request", b"", b""]
        _, request_id, domain, address, _identity, mechanism, *credentials = request
        peer_address = address.decode(errors="replace") or "unknown address"
        if mechanism != b"CURVE" or not credentials or len(credentials[0]) != 32:
            return self._refuse(request_id, f"{mechanism.decode(errors='replace')} from {peer_address}",
                                "plaintext")
        key = z85.encode(credentials[0]).decode()
        self._reload()
        peer = self.peers.get(key)
        if peer is None:
            return self._refuse(request_id, f"unknown CURVE key {key} from {peer_address}", "unknown_key")
        if domain == EVENTS_DOMAIN:
            decision = may_read_owners_words(remote_principal(peer.user_id), self.readers)
            if not decision.allowed:
                return self._refuse(request_id, f"{peer.name} ({peer.role}) from {peer_address} on the events "
                                                f"endpoint: {decision.rule}", "events")
        log.info("allowed %s (%s) from %s%s", peer.name, peer.role, peer_address,
                 " on the events endpoint" if domain == EVENTS_DOMAIN else "")
        return [ZAP_VERSION, request_id, b"200", b"OK", peer.user_id.encode(), b""]

    def _refuse(self, request_id: bytes, what: str, reason: str) -> list[bytes]:
        log.warning("refused %s", what)
        self.on_refusal(reason)
        return [ZAP_VERSION, request_id, b"400", b"not allowed", b"", b""]

    def _reload(self) -> None:
        try:
            st = self.allowed.stat()
        except FileNotFoundError:
            self.peers, self.stamp = {}, ()
            return
        except OSError as exc:
            self._fail_closed(f"cannot read it: {exc.strerror}")
            self.stamp = ()
            return
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino, st.st_mode, st.st_uid)
        if stamp == self.stamp:
            return
        self.stamp = stamp
        problem = unsafe_mode(st.st_mode, st.st_uid)
        if problem:
            self._fail_closed(problem)
            return
        try:
            self.peers = parse_allowed(self.allowed.read_text(), str(self.allowed))
        except (ConfigError, OSError, UnicodeDecodeError) as exc:
            self._fail_closed(str(exc))

    def _fail_closed(self, why: str) -> None:
        # a revocation must never fail open: a list the heart cannot trust lets no key in
        self.peers = {}
        log.error("allow-list %s is not usable, so every key is refused until it is fixed: %s", self.allowed, why)
        self.on_refusal("allow_list")
