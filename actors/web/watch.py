"""The console's watcher: a thread that follows blood and events and feeds them to `Live`.

One SUB socket takes both topics (beats and events). On every beat it reads the heart's status too (the
wound ages, abilities and reasons blood does not carry), at most every `STATUS_EVERY_S` unless an organ's
state changed, so a kill shows at once. A heart that stops is waited for and rejoined.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import zmq

from actors.client import Client
from actors.web.live import Live
from broker import protocol
from broker.authz import READ_ONLY_COMMANDS
from broker.errors import DecodeError, MeshError
from broker.home import Home, pid_alive

log = logging.getLogger(__name__)

SLICE_MS = 200
STATUS_EVERY_S = 0.5
STATUS_TIMEOUT_S = 2.0
RETRY_S = 1.0


class Mesh:
    """The console's narrow door to the heart: read-only control commands, nothing else, one at a time."""

    def __init__(self, home: Home) -> None:
        self.home = home
        self.lock = threading.Lock()
        self.client: Client | None = None

    def control(self, command: str, timeout_s: float = STATUS_TIMEOUT_S, **args) -> dict:
        """Run a read-only control command on the heart (connecting again after a failure)."""
        if command not in READ_ONLY_COMMANDS:  # what a read-only client key may send, and nothing more
            raise PermissionError(f"the console does not send {command!r} to the heart")
        with self.lock:
            try:
                if self.client is None:
                    self.client = Client(self.home)
                return self.client.control(command, timeout_s=timeout_s, **args)
            except MeshError:
                self._drop()
                raise

    def close(self) -> None:
        """Close the connection, if there is one."""
        with self.lock:
            self._drop()

    def _drop(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None


class Watcher:
    """Follows the mesh under one home until stopped; tells `notify` after every change of `live`."""

    def __init__(self, home: Home, live: Live, notify: Callable[[], None]) -> None:
        self.home = home
        self.live = live
        self.notify = notify
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="watch", daemon=True)

    def start(self) -> None:
        """Start following."""
        self.thread.start()

    def stop(self) -> None:
        """Stop following and wait for the thread (bounded)."""
        self.stopping.set()
        self.thread.join(timeout=2.0)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with Client(self.home) as client:
                    self._follow(client)
            except MeshError as exc:
                self.live.on_disconnect(str(exc))
                self.notify()
            except Exception:  # the console keeps serving; the page shows the mesh as unreachable
                log.exception("watching the mesh failed")
                self.live.on_disconnect("the console's watcher failed; see its log")
                self.notify()
            self.stopping.wait(RETRY_S)

    def _follow(self, client: Client) -> None:
        sub = client.ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.RCVHWM, 10_000)
        sub.setsockopt(zmq.SUBSCRIBE, protocol.BLOOD)
        sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT)
        sub.connect(client.endpoints["blood"])
        snapshot = client.snapshot()  # subscribed first, so nothing falls between the two (Clone pattern)
        last_seq, last_states, status_at = 0, None, 0.0
        if snapshot.seq > 0:
            last_seq = snapshot.seq
            last_states, status_at = self._beat(client, protocol.to_plain(snapshot), None, 0.0)
        while not self.stopping.is_set():
            if not sub.poll(SLICE_MS):
                if not pid_alive(client.endpoints["pid"]):
                    raise MeshError("the heart stopped; waiting for a mesh to start under this home")
                continue
            frames = sub.recv_multipart()
            try:
                if frames[0] == protocol.BLOOD:
                    blood = protocol.decode_blood(frames)
                    if blood.seq <= last_seq:
                        continue  # queued before the snapshot
                    last_seq = blood.seq
                    last_states, status_at = self._beat(client, protocol.to_plain(blood), last_states, status_at)
                else:
                    self.live.on_event(protocol.to_plain(protocol.decode_event(frames)))
                    self.notify()
            except DecodeError as exc:
                log.warning("dropped a frame from the heart: %s", exc)

    def _beat(self, client: Client, beat: dict, last_states: dict | None, status_at: float
              ) -> tuple[dict, float]:
        states = {name: (o.get("state"), o.get("pid"), tuple(o.get("wounds") or ()))
                  for name, o in beat.get("organs", {}).items()}
        status = None
        now = time.monotonic()
        if states != last_states or now - status_at >= STATUS_EVERY_S:
            try:
                status = client.control("status", timeout_s=STATUS_TIMEOUT_S)
                status_at = now
            except MeshError as exc:
                log.info("status not read this beat: %s", exc)
        self.live.on_beat(beat, status)
        self.notify()
        return states, status_at
