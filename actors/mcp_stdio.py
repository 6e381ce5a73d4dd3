"""A wrapped MCP server's stdio, spoken on the organ's own loop: newline-delimited JSON-RPC over two pipes.

The organ loop polls the server's stdout beside its sockets (this is the organ's Pump), so a call goes from
the heart's frame to the server's stdin and back with no thread in between. The SDK's stdio client ran an
event loop in a thread of its own and cost about 0.45 ms a call on this machine (mcp-server-time answers a
bare JSON-RPC line in 0.58 ms, the SDK client's call_tool in 1.03 ms); here a request is one json.dumps and
one write. Writes never block: what the pipe cannot take now waits until the server reads. Every request
has a deadline; an unanswered one is answered None and cancelled at the server.
"""

from __future__ import annotations

import heapq
import itertools
import json
import logging
import math
import os
import select
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from actors import jsonline
from actors.jsonline import REQUEST_CANCELLED
from actors.organ import Pump
from broker.restart import SERVER_LINE, describe_exit, last_words

log = logging.getLogger(__name__)

OFFERED_VERSION = "2025-11-25"
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")  # what `initialize` negotiates
METHOD_NOT_FOUND = -32601
SERVER_GONE = -32000  # the code of the response given to requests the server can no longer answer
CHUNK = 1 << 20
CHUNKS_PER_TURN = 16  # read at most this much of a chatty server per loop turn: heartbeats still go out
MAX_LINE = 256 << 20  # a longer line is dropped (its request then times out): memory stays bounded
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # json.dumps with options builds one per call
EXIT_WAIT_S = 0.5  # how long a server whose output closed is given to let its exit status be read
STDERR_CHUNK = 64 * 1024
SAID_BYTES = 4096  # the end of the server's stderr kept, to say why it ended
RELAY_RATE = 1024 * 1024  # bytes of a server's stderr logged per second, after a burst of RELAY_BURST
RELAY_BURST = 8 * 1024 * 1024
SERVER_MARK = SERVER_LINE.encode()  # before each line of the server's stderr in the organ's log
STOP_GRACE_S = 2.0  # as the SDK's client: stdin closed, then this long before SIGTERM, then SIGKILL

Answered = Callable[[dict | None], None]  # the response message, or None when its deadline passed


@dataclass(slots=True)
class Bucket:
    """A token bucket: `take` says whether n more bytes fit the rate now (they are counted when they do)."""

    burst: float
    rate: float
    level: float = -1.0  # full at the first take
    at: float = 0.0

    def take(self, n: int, now: float) -> bool:
        self.level = self.burst if self.level < 0 else min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if n > self.level:
            return False
        self.level -= n
        return True


class ServerGone(RuntimeError):
    """The server's process ended or closed its output."""


@dataclass(order=True, slots=True)
class _Request:
    deadline: float
    id: int = field(compare=False)
    method: str = field(compare=False)
    answered: Answered = field(compare=False)
    done: bool = field(default=False, compare=False)


class StdioServer(Pump):
    """One MCP server process and the requests waiting for it; every method runs on one thread."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: str,
                 on_message: Callable[[dict], None], on_gone: Callable[[str], None]) -> None:
        # its stderr is relayed to the organ's (its log file), the last of it kept to say why it ended
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, cwd=cwd, bufsize=0)
        self.stdin, self.stdout, self.stderr = (self.proc.stdin.fileno(), self.proc.stdout.fileno(),
                                                self.proc.stderr.fileno())
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.said = bytearray()  # the end of what it wrote on stderr (at most SAID_BYTES)
        self.partial = bytearray()  # its stderr's unfinished line, logged once whole
        self.budget = Bucket(RELAY_BURST, RELAY_RATE)  # what of its stderr reaches the log, per second
        self.dropped = 0  # bytes of its stderr over that, since the last said so
        self.on_message = on_message  # notifications and the server's own requests
        self.on_gone = on_gone
        self.gone = ""
        self.ids = itertools.count(1)
        self.waiting: dict[int, _Request] = {}
        self.deadlines: list[_Request] = []  # a heap; answered requests are dropped lazily
        self.unsent = bytearray()
        self.unread = bytearray()
        self.dropping = False  # inside a line longer than MAX_LINE
        # read into one buffer: os.read(fd, CHUNK) maps, shrinks and unmaps a CHUNK-sized object for every read
        self.scratch = bytearray(CHUNK)
        self.pipe_out = self.proc.stdout  # a raw FileIO (bufsize=0): readinto is None when nothing is there

    # -- requests -------------------------------------------------------------------------

    def request(self, method: str, params: dict | None, deadline: float, answered: Answered) -> int:
        """Send a request; `answered` gets its response, or None once the deadline passed (on this thread)."""
        request = _Request(deadline, next(self.ids), method, answered)
        if self.gone:
            answered(self._gone_response())
            return request.id
        message = {"jsonrpc": "2.0", "id": request.id, "method": method}
        if params is not None:
            message["params"] = params
        self.waiting[request.id] = request
        heapq.heappush(self.deadlines, request)
        self.send(message)
        return request.id

    def notify(self, method: str, params: dict | None = None) -> None:
        """Send a notification."""
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})})

    def respond(self, request_id: Any, result: dict | None = None, error: dict | None = None) -> None:
        """Answer one of the server's requests."""
        self.send({"jsonrpc": "2.0", "id": request_id, **({"error": error} if error else {"result": result or {}})})

    def send(self, message: dict) -> None:
        """Write one message, or keep what the pipe cannot take now for when the server reads."""
        if self.gone:
            return
        data = _ENCODE(message).encode() + b"\n"
        if self.unsent:
            self.unsent += data
        elif (written := self._write(data)) < len(data):
            self.unsent = bytearray(data[written:])

    def wait(self, method: str, params: dict | None, timeout_s: float) -> dict:
        """Send a request and wait for its result on this thread (before the loop runs: the handshake)."""
        answer: list[dict | None] = []
        self.request(method, params, time.monotonic() + timeout_s, answer.append)
        while not answer:
            if self.gone:
                raise ServerGone(self.gone)
            self.turn(1.0)
        response = answer[0]
        if response is None:
            raise TimeoutError(f"the MCP server did not answer {method} within {timeout_s:g}s")
        if "error" in response:
            if self.gone and response["error"].get("code") == SERVER_GONE:
                raise ServerGone(self.gone)  # it did not refuse: it ended
            raise RuntimeError(f"the MCP server refused {method}: {describe_error(response['error'])}")
        return response.get("result") or {}

    def turn(self, timeout_s: float) -> None:
        """Wait at most timeout_s (less when a deadline comes first) for the pipes, and handle what is ready:
        the organ loop's work, for a thread that has no loop (before it runs)."""
        poll = select.poll()
        for fd, write in self.descriptors().items():
            poll.register(fd, select.POLLIN | (select.POLLOUT if write else 0))
        wait_s = max(0.0, min(self.due(), time.monotonic() + timeout_s) - time.monotonic())
        for fd, events in poll.poll(wait_s * 1000 + 1):
            self.ready(fd, bool(events & (select.POLLIN | select.POLLHUP | select.POLLERR)), bool(events & select.POLLOUT))
        self.expire(time.monotonic())

    # -- the pump -------------------------------------------------------------------------

    def descriptors(self) -> dict[int, bool]:
        if self.gone:
            return {}
        watched = {self.stdout: False, self.stdin: True} if self.unsent else {self.stdout: False}
        if self.stderr >= 0:
            watched[self.stderr] = False
        return watched

    def ready(self, fd: int, readable: bool, writable: bool) -> None:
        if fd == self.stdin and writable and self.unsent:
            del self.unsent[:self._write(self.unsent)]
        elif fd == self.stdout and readable:
            self._read()
        elif fd == self.stderr and readable:
            self._relay()

    def due(self) -> float:
        while self.deadlines and self.deadlines[0].done:
            heapq.heappop(self.deadlines)
        return self.deadlines[0].deadline if self.deadlines else math.inf

    def expire(self, now: float) -> None:
        while self.due() <= now:
            request = heapq.heappop(self.deadlines)
            self.waiting.pop(request.id, None)
            self._give_up(request, "the caller's deadline passed", None)

    def cancel(self, request_id: int, reason: str) -> None:
        """Stop waiting for a request: the server is told it is cancelled, and `answered` gets an error saying so
        (nothing, once it was answered)."""
        request = self.waiting.pop(request_id, None)
        if request is not None:
            self._give_up(request, reason, {"jsonrpc": "2.0", "id": request_id,
                                            "error": {"code": REQUEST_CANCELLED, "message": reason}})

    def _give_up(self, request: _Request, reason: str, response: dict | None) -> None:
        request.done = True
        self.notify("notifications/cancelled", {"requestId": request.id, "reason": reason})
        request.answered(response)

    # -- the pipes ------------------------------------------------------------------------

    def _write(self, data: bytes | bytearray) -> int:
        try:
            return os.write(self.stdin, data)
        except BlockingIOError:
            return 0
        except OSError as exc:  # a broken pipe: the server is gone, its output's end says why
            self._lost(f"its input closed ({exc.strerror})")
            return len(data)

    def _read(self) -> None:
        scratch = self.scratch
        for _ in range(CHUNKS_PER_TURN):  # the poll is level-triggered: what is left is read next turn
            try:
                got = self.pipe_out.readinto(scratch)
            except OSError as exc:
                self._lost(f"its output failed ({exc.strerror})")
                return
            if got is None:  # nothing to read after all
                return
            if not got:
                self._lost("it closed its output")
                return
            for line in self._lines(bytes(memoryview(scratch)[:got])):
                self._dispatch(line)
            if got < CHUNK:  # the pipe is empty now (another read would only say so)
                return

    def _relay(self) -> None:
        """Pass what the server wrote on stderr on to the organ's (its log), whole lines each marked as the server's
        (so no line of it can pass for the organ's own), keeping its end; at its end, stop watching."""
        for _ in range(CHUNKS_PER_TURN):
            try:
                chunk = os.read(self.stderr, STDERR_CHUNK)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._log_lines(self.partial + b"\n" if self.partial else b"")
                self.partial = bytearray()
                self._say_dropped()
                self.proc.stderr.close()
                self.stderr = -1
                return
            self.said += chunk
            del self.said[:-SAID_BYTES]
            if not self.budget.take(len(chunk), time.monotonic()):
                self.dropped += len(chunk)  # over the relay's rate: read (the server never blocks), not logged
                continue
            self._say_dropped()
            self.partial += chunk
            cut = self.partial.rfind(b"\n") + 1
            if not cut and len(self.partial) >= STDERR_CHUNK:  # a line this long is logged in pieces
                self.partial += b"\n"
                cut = len(self.partial)
            self._log_lines(bytes(self.partial[:cut]))
            del self.partial[:cut]
            if len(chunk) < STDERR_CHUNK:
                return

    def _say_dropped(self) -> None:
        if self.dropped:
            self._log_lines(f"... {self.dropped} bytes of its stderr not logged (over {RELAY_RATE} bytes/s)\n".encode())
            self.dropped = 0

    @staticmethod
    def _log_lines(lines: bytes) -> None:
        if not lines:
            return
        marked = SERVER_MARK + lines[:-1].replace(b"\n", b"\n" + SERVER_MARK) + b"\n"
        try:
            os.write(2, marked)  # the organ's stderr: its log file
        except OSError:
            pass

    def _lines(self, chunk: bytes) -> list[bytes]:
        lines, start = [], 0
        while (end := chunk.find(b"\n", start)) != -1:
            if self.dropping:
                pass
            elif self.unread:
                self.unread += chunk[start:end]
                lines.append(bytes(self.unread))
            else:  # the usual case: the whole line in this chunk
                lines.append(chunk[start:end])
            self.unread.clear()
            self.dropping = False
            start = end + 1
        if not self.dropping:
            self.unread += chunk[start:]
            if len(self.unread) > MAX_LINE:
                log.warning("dropped a message of the MCP server over %d bytes", MAX_LINE)
                self.unread.clear()
                self.dropping = True
        return lines

    def _dispatch(self, line: bytes) -> None:
        try:
            message = jsonline.loads(line)
        except (ValueError, RecursionError):
            if line.strip():
                log.warning("the MCP server wrote a line that is not JSON: %.200r", line)
            return
        if not isinstance(message, dict):
            return
        if "method" not in message:
            request = self.waiting.pop(message.get("id"), None) if isinstance(message.get("id"), int) else None
            if request is not None:
                request.done = True
                request.answered(message)
            return
        self.on_message(message)

    def _lost(self, why: str) -> None:
        if self.gone:
            return
        try:  # its output closes a moment before its exit status can be had: wait for it, a little
            code = self.proc.wait(timeout=EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            code = None
        if self.stderr >= 0:
            self._relay()  # what it said last, before it went
        ended = f"the MCP server ended: {describe_exit(code)}" if code is not None else f"the MCP server: {why}"
        # why a server that failed says it did (an exception, an error line), not what a killed one said last
        words = last_words(bytes(self.said).decode("utf-8", "replace")) if code is not None and code > 0 else ""
        self.gone = f"{ended} (its stderr ended: {words!r})" if words else ended
        waiting = list(self.waiting.values())
        self.waiting.clear()
        self.deadlines.clear()
        for request in waiting:
            request.done = True
            request.answered(self._gone_response())
        self.on_gone(self.gone)

    def _gone_response(self) -> dict:
        return {"jsonrpc": "2.0", "error": {"code": SERVER_GONE, "message": self.gone}}

    def close(self) -> None:
        """End the server as the SDK's client does: close its input, wait a moment, then signal it."""
        self.gone = self.gone or "closed"
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                pipe.close()
            except OSError:
                pass
        for sig, wait_s in ((None, STOP_GRACE_S), (signal.SIGTERM, STOP_GRACE_S), (signal.SIGKILL, STOP_GRACE_S)):
            if sig is not None:
                try:
                    self.proc.send_signal(sig)
                except ProcessLookupError:
                    return
            try:
                self.proc.wait(timeout=wait_s)
                return
            except subprocess.TimeoutExpired:
                continue


def describe_error(error: Any) -> str:
    """A JSON-RPC error object in one line."""
    if not isinstance(error, dict):
        return str(error)[:500]
    return f"{error.get('message', '')} (JSON-RPC {error.get('code')})"[:500]
