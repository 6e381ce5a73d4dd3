"""The front door's transports: stdio that answers every line, and an HTTP guard for request envelopes.

Every malformed request gets a JSON-RPC error instead of silence: -32700 for text that is not JSON,
-32600 for JSON that is not one JSON-RPC message (a batch, a missing method, a wrong id type) and for a
request larger than the limit. A stdio line is read with a cap, so no size of input can grow memory or
stall the reader; a refusal is counted through `refused(reason)`.

On stdio a `Shortcut` may answer some requests beside the SDK's server (each line is parsed once): it
takes a decoded request and a `settle` function, and returns the awaitable of its answer (run on a task), True
when it hands its answer to `settle` itself later (a message, its wire form, or an awaitable of either: a
call answered straight from the mesh's reader, with no task), or None to leave it to the SDK's server.
Its answers go out through the same stream as the SDK's, in order with the notifications sent before them;
a client's `notifications/cancelled` for one of them ends it unanswered, as the SDK does for its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import re
import secrets
import selectors
from collections import OrderedDict, deque
from dataclasses import dataclass
from functools import partial
from typing import Any, AsyncIterator, Awaitable, Callable

import anyio
from mcp import types
from mcp.server.streamable_http import EventMessage, EventStore
from mcp.shared.dispatcher import as_request_id, coerce_request_id
from mcp.shared.message import SessionMessage
from mcp_types import CONNECTION_CLOSED, INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR, JSONRPCMessage
from pydantic import ValidationError

from actors import jsonline, peers
from actors.listen import STOP_SIGNALS  # on stdio: stop reading, cancel what runs in the mesh, end (exit 0)

log = logging.getLogger(__name__)

MAX_REQUEST_BYTES = 16 * 1024 * 1024  # a request may carry arguments up to the heart's frame limit, and more
MAX_BUFFERED_BYTES = 4 * MAX_REQUEST_BYTES  # request bodies being read at once, over all HTTP requests
CHUNK = 64 * 1024
MAX_QUEUED = 64  # messages read ahead of the server; reading waits beyond
SHUTDOWN_WRITE_S = 2.0  # how long the last answers may take to write when the client leaves
DRAIN_S = 10.0  # how long requests still running when stdin ends may take to be answered before the server ends
DRAIN_POLL_S = 0.01
CANCELLED = "notifications/cancelled"
LISTEN = "subscriptions/listen"  # the 2026-07-28 stream of change notices: answered only when the connection ends
HEAD_BYTES = 1024  # of a line over the limit, kept to find its request's id
SETTLE_BUFFER_BYTES = 1024 * 1024  # an answer handed over is written at once while the pipe holds less than this
MAX_EVENTS = 1000  # the last Streamable HTTP stream events kept for resumption, in number
MAX_EVENT_BYTES = 32 * 1024 * 1024  # and in bytes of their JSON (a tool's result may be megabytes)
# a shortcut's answer in its wire form (json.dumps with options would build an encoder per answer)
_WIRE_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode

Answer = JSONRPCMessage | dict  # a message, or its wire form
Shortcut = Callable[[dict, Callable[["Answer | Awaitable[Answer]"], None]], "Awaitable[Answer] | bool | None"]


def check(raw: bytes | str) -> tuple[Any, dict | None]:
    """Parse one request body: (the JSON-RPC message, None), or (None, the JSON-RPC error to answer)."""
    decoded, error = parse(raw)
    return (None, error) if error is not None else validate(decoded)


def parse(raw: bytes | str) -> tuple[Any, dict | None]:
    """Decode one request body: (the JSON value, None), or (None, the parse error to answer)."""
    try:
        return jsonline.loads(raw), None
    except (ValueError, RecursionError):
        return None, _error(None, PARSE_ERROR, "Parse error: the request is not JSON")


def validate(decoded: Any) -> tuple[Any, dict | None]:
    """One decoded body as a JSON-RPC message, or (None, the JSON-RPC error to answer)."""
    if isinstance(decoded, list):
        return None, _error(None, INVALID_REQUEST, "Invalid Request: batches are not supported; send one message")
    request_id = decoded.get("id") if isinstance(decoded, dict) else None
    if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
        if isinstance(decoded, dict) and "id" in decoded:  # not a notification: a request with a broken id
            return None, _error(None, INVALID_REQUEST, "Invalid Request: an id must be a string or an integer")
        request_id = None
    if isinstance(decoded, dict) and "method" not in decoded:
        request_id = None  # a malformed response: echoing its id would answer a request the client never made
    try:
        return types.jsonrpc_message_adapter.validate_python(decoded, by_name=False), None
    except (ValidationError, RecursionError, ValueError) as exc:
        return None, _error(request_id, INVALID_REQUEST, f"Invalid Request: {envelope_problem(decoded, exc)}")


_JSON_KINDS = {str: "a string", int: "a number", float: "a number", bool: "true or false", type(None): "null"}


def envelope_problem(decoded: Any, exc: Exception) -> str:
    """What makes a decoded body that failed validation not a JSON-RPC 2.0 message, in words: the problems of
    the kind of message its members say it is (a request, a notification, a response, an error), not those of
    every kind it could have been."""
    if not isinstance(decoded, dict):
        return f"a message is a JSON object, not {_JSON_KINDS.get(type(decoded), 'that')}"
    if "method" in decoded:
        member = "JSONRPCRequest" if "id" in decoded else "JSONRPCNotification"
    elif "error" in decoded or "result" in decoded:
        member = "JSONRPCError" if "error" in decoded else "JSONRPCResponse"
    else:
        return "a message needs a method (a request or a notification), or a result or an error (a response)"
    problems = [e for e in exc.errors() if e["loc"][:1] == (member,)] if isinstance(exc, ValidationError) else []
    if not problems:
        return f"not a JSON-RPC 2.0 message ({type(exc).__name__})"
    first = problems[0]
    where = ".".join(str(part) for part in first["loc"][1:]) or "the message"
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{where}: {first['msg']}{more}"[:300]


def too_large(limit: int, request_id: str | int | None = None) -> dict:
    """The JSON-RPC error for a request over the size limit."""
    return _error(request_id, INVALID_REQUEST, f"Invalid Request: requests are limited to {limit} bytes")


# a request object's id among its first members, before anything nested: {"jsonrpc": "2.0", "id": 7, "method": …
_LEADING_ID = re.compile(rb'\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,)*\s*"id"\s*:\s*'
                         rb'(-?\d{1,18}|"(?:[^"\\]|\\.){0,256}")\s*[,}]')


def leading_id(head: bytes) -> str | int | None:
    """The id of a request too large to parse, read from its head where clients write it (after `jsonrpc` and
    `method` at most); None when it is not there. Its answer then reaches the caller that waits on that id."""
    found = _LEADING_ID.match(head)
    if found is None:
        return None
    try:
        return json.loads(found.group(1))
    except ValueError:
        return None


def _error(request_id: Any, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


# -- stdio ----------------------------------------------------------------------------------

@contextlib.asynccontextmanager
async def stdio(refused: Callable[[str], None], limit: int = MAX_REQUEST_BYTES,
                shortcut: Shortcut | None = None,
                cancel: Callable[[Any, bool], None] = lambda request_id, waiting: None
                ) -> AsyncIterator[tuple[Any, Any]]:
    """Serve the MCP streams over this process's stdin and stdout (fd 1 points at stderr meanwhile).

    Pipes (what agent hosts use) are read and written on the event loop itself, with no thread between a
    line and its handler; anything the loop cannot watch (a file, /dev/null) is read on a thread. What
    `shortcut` takes is answered beside the SDK's server; `cancel` hears the id of each request the client
    cancels, whichever server answers it, and whether that request still waits for its answer, and the id of
    each request still unanswered when reading ends (the drain ran out, or SIGTERM/SIGINT ended it at once)."""
    loop = asyncio.get_running_loop()
    wire_in = os.fdopen(os.dup(0), "rb", buffering=0)
    wire_out = os.fdopen(os.dup(1), "wb", buffering=0)
    saved_stdout = os.dup(1)
    os.dup2(2, 1)  # a stray print from anything in this process must not corrupt the wire
    read_send, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](MAX_QUEUED)
    write_stream, write_receive = anyio.create_memory_object_stream[SessionMessage](MAX_QUEUED)
    beside: dict[Any, tuple[Any, asyncio.Task | None]] = {}  # requests the shortcut answers: key -> (id, task)
    unanswered: set[Any] = set()  # requests handed to the SDK's server whose answer has not been written yet
    try:
        if not watchable(wire_out.fileno()):
            raise ValueError("not a descriptor the event loop can watch")
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, wire_out)
        out = asyncio.StreamWriter(transport, protocol, None, loop)
    except (ValueError, OSError):
        out = _ThreadWriter(wire_out)

    async def put(data: bytes) -> None:
        try:
            out.write(data)
            await out.drain()
        except (ConnectionError, OSError, RuntimeError):
            pass  # the client is gone; the end of stdin finishes the server

    async def answer(key: Any, request_id: Any, answering: Awaitable[Answer]) -> None:
        try:
            message = await answering
        except Exception:  # never a request left unanswered, whatever went wrong
            log.exception("answering request %r beside the SDK's server", request_id)
            message = _error(request_id, INTERNAL_ERROR, "Internal server error")
        if (running := beside.get(key)) is not None and running[1] is asyncio.current_task():
            del beside[key]  # its id is free before the client can read the answer (a done callback may run
        await deliver(message)  # after the client's next request is read: libuv's loop runs I/O first)

    def nothing_waits() -> bool:
        """Whether everything the SDK's server sent was written: an answer may go out at once, in order."""
        waiting = write_receive.statistics()
        return bool(waiting.tasks_waiting_receive and not waiting.current_buffer_used)

    async def deliver(message: Answer) -> None:
        if nothing_waits():
            await put(_line(message))
            return
        if isinstance(message, dict):
            message = types.jsonrpc_message_adapter.validate_python(message, by_name=False)
        with contextlib.suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
            await write_stream.send(SessionMessage(message))  # behind what waits to be written

    def cancelled(decoded: dict) -> None:
        """A client's notifications/cancelled (the SDK's server hears it too): a request answered beside it is
        ended unanswered, and one of the SDK's is no longer waited for at the end of stdin (none is sent)."""
        params = decoded.get("params")
        request_id = as_request_id(params.get("requestId")) if isinstance(params, dict) else None
        if request_id is None:
            return
        key = coerce_request_id(request_id)
        cancel(request_id, key in unanswered or key in beside)
        unanswered.discard(key)
        if (running := beside.get(key)) is not None:
            if running[1] is None:  # answered from a callback: its answer will be dropped
                del beside[key]
            else:
                running[1].cancel()

    def id_taken(decoded: Any) -> Any:
        """The id of a request whose id (as the SDK reads it: "7" is 7) a request not answered yet holds, else None."""
        if type(decoded) is not dict or "method" not in decoded or "id" not in decoded:
            return None
        request_id = decoded["id"]
        if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            return None  # not a valid id: the envelope's check says so
        key = coerce_request_id(request_id)
        return request_id if key in beside or key in unanswered else None

    def take(decoded: Any) -> bool:
        """Hand a request to the shortcut; True when it answers it (the SDK's server never sees it)."""
        if shortcut is None or not isinstance(decoded, dict) or "id" not in decoded:
            return False
        request_id = decoded.get("id")
        if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            return False  # the shortcut takes requests only
        key = coerce_request_id(request_id)
        token = beside[key] = (request_id, None)  # before the shortcut: its answer may come at once
        try:
            answering = shortcut(decoded, partial(settle, key, token))
        except Exception:  # a fault in the shortcut costs only the shortcut: the SDK's server answers
            log.exception("the shortcut failed on a request; the SDK's server takes it")
            answering = None
        if answering is True:
            return True
        if answering is None:
            if beside.get(key) is token:
                del beside[key]
            return False
        run(key, request_id, answering)
        return True

    def run(key: Any, request_id: Any, answering: Awaitable[Answer]) -> None:
        task = loop.create_task(answer(key, request_id, answering))
        beside[key] = (request_id, task)
        task.add_done_callback(partial(answered, key))

    def settle(key: Any, token: tuple, answering: Answer | Awaitable[Answer]) -> None:
        """The answer a shortcut hands over itself: written now when nothing waits before it, else queued;
        dropped when the request was cancelled (or the connection closed) meanwhile."""
        if beside.get(key) is not token:
            return
        if type(answering) is not dict and asyncio.iscoroutine(answering):
            run(key, token[0], answering)
            return
        del beside[key]
        if nothing_waits() and isinstance(out, asyncio.StreamWriter) \
                and out.transport.get_write_buffer_size() < SETTLE_BUFFER_BYTES:
            put_now(_line(answering))
        else:
            loop.create_task(deliver(answering))

    def answered(key: Any, task: asyncio.Task) -> None:
        if key in beside and beside[key][1] is task:  # a reused id's newer request stays
            del beside[key]

    def put_now(data: bytes) -> None:
        if isinstance(out, asyncio.StreamWriter):
            try:
                out.write(data)  # in order with every other write; the pipe's buffer takes what waits
            except (ConnectionError, OSError, RuntimeError):
                pass
        else:
            loop.create_task(put(data))

    def handle(line: bytes | Overlong) -> SessionMessage | None:
        """Answer or take one line; what is left for the SDK's server."""
        if type(line) is Overlong:
            refused("size")
            put_now(_line(too_large(limit, leading_id(line.head))))
            return None
        if not line.strip():
            return None
        decoded, error = parse(line)
        if error is None and type(decoded) is dict and decoded.get("method") == CANCELLED:
            cancelled(decoded)
        elif error is None and (taken := id_taken(decoded)) is not None:  # its answer would be lost, or the first's
            refused("envelope")  # (refused on no id: on its own it would read as the first request's answer)
            put_now(_line(_error(None, INVALID_REQUEST, f"Invalid Request: id {taken!r} is in use by a request "
                                                        "that is not answered yet")))
            return None
        elif error is None and take(decoded):
            return None
        if error is None:
            message, error = validate(decoded)
        if error is not None:
            refused("envelope")
            put_now(_line(error))
            return None
        if "method" in decoded and "id" in decoded and decoded["method"] != LISTEN:  # a listen lasts the connection
            unanswered.add(coerce_request_id(decoded["id"]))
        return SessionMessage(message)

    async def drain() -> None:
        """Stdin ended: let the requests still running be answered (within DRAIN_S) before the server ends."""
        with anyio.move_on_after(DRAIN_S):
            while unanswered or beside:
                await asyncio.sleep(DRAIN_POLL_S)

    def give_up() -> None:
        """The client is gone (or the server told to stop): what still runs is cancelled in the mesh, as the
        client's notifications/cancelled would, instead of running on for nobody."""
        for key in [*unanswered, *beside]:
            cancel(key, False)

    async def read() -> None:
        try:
            if not watchable(wire_in.fileno()):
                raise ValueError("not a descriptor the event loop can watch")
            ended = loop.create_future()
            pipe, _ = await loop.connect_read_pipe(lambda: _PipeLines(limit, handle, read_send, ended), wire_in)
        except (ValueError, OSError):  # not a pipe: read on a thread
            async for line in lines(_thread_chunks(wire_in), limit):
                if (message := handle(line)) is not None:
                    await read_send.send(message)
            await drain()
            return
        try:
            await ended
            await drain()
        finally:
            pipe.close()

    async def dispatch() -> None:
        async with read_send:
            with anyio.CancelScope() as reading:
                for stop in STOP_SIGNALS:  # as the end of stdin, without the drain (the main thread's loop only)
                    with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):
                        loop.add_signal_handler(stop, reading.cancel)
                try:
                    await read()
                finally:
                    for stop in STOP_SIGNALS:
                        with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):
                            loop.remove_signal_handler(stop)
            give_up()

    async def write() -> None:
        async with write_receive:
            async for session_message in write_receive:
                message = session_message.message
                if not hasattr(message, "method") and (request_id := getattr(message, "id", None)) is not None:
                    unanswered.discard(coerce_request_id(request_id))  # an answer, not a request of the server's
                await put(_line(message))  # (its id is free before the client can read the answer)

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(dispatch)
            tg.start_soon(write)
            try:
                yield read_stream, write_stream
            finally:
                with anyio.move_on_after(SHUTDOWN_WRITE_S, shield=True):  # as the SDK ends its own requests
                    ending = list(beside.values())
                    beside.clear()  # an answer handed over after this is dropped
                    for request_id, task in ending:
                        if task is not None:
                            task.cancel()
                        await put(_line(_error(request_id, CONNECTION_CLOSED, "Connection closed")))
                tg.cancel_scope.cancel()
    finally:
        os.dup2(saved_stdout, 1)
        os.close(saved_stdout)
        with contextlib.suppress(Exception):
            out.close()
        with contextlib.suppress(OSError):
            wire_in.close()


def _line(message: JSONRPCMessage | dict) -> bytes:
    if isinstance(message, dict):  # a shortcut's answer, already in its wire form
        try:
            return _WIRE_JSON(message).encode() + b"\n"
        except ValueError:  # what only the SDK's encoder writes (as null)
            message = types.jsonrpc_message_adapter.validate_python(message, by_name=False)
    return message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"


@dataclass(frozen=True, slots=True)
class Overlong:
    """A line over the limit, dropped but for its first HEAD_BYTES (where a request's id is, as clients write)."""
    head: bytes


class Lines:
    """Split chunks into lines of at most `limit` bytes; a longer line is dropped, an Overlong in its place."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pending = bytearray()
        self.dropping = False
        self.head = b""  # of the line being dropped

    def feed(self, chunk: bytes) -> list[bytes | Overlong]:
        """The lines a chunk completes."""
        found: list[bytes | Overlong] = []
        start = 0
        pending = self.pending
        while (end := chunk.find(b"\n", start)) != -1:
            if self.dropping:
                found.append(Overlong(self.head))
            elif len(pending) + end - start > self.limit:
                found.append(Overlong((bytes(pending[:HEAD_BYTES]) + chunk[start:start + HEAD_BYTES])[:HEAD_BYTES]))
            elif pending:
                pending += chunk[start:end]
                found.append(bytes(pending))
            else:
                found.append(chunk[start:end])
            pending.clear()
            self.dropping = False
            start = end + 1
        if not self.dropping:
            pending += chunk[start:]
            if len(pending) > self.limit:
                self.head = bytes(pending[:HEAD_BYTES])
                pending.clear()
                self.dropping = True  # never hold more than the limit: the rest of the line is skipped
        return found

    def end(self) -> list[bytes | Overlong]:
        """The last line, unterminated, at the end of the input (an Overlong when it was over the limit)."""
        if self.dropping:
            return [Overlong(self.head)]
        return [bytes(self.pending)] if self.pending else []


async def lines(chunks: AsyncIterator[bytes], limit: int) -> AsyncIterator[bytes | Overlong]:
    """Split chunks into lines of at most `limit` bytes; a longer line is dropped, an Overlong in its place."""
    splitter = Lines(limit)
    async for chunk in chunks:
        for line in splitter.feed(chunk):
            yield line
    for line in splitter.end():
        yield line


class _PipeLines(asyncio.Protocol):
    """Stdin as a pipe: each line handled as it is read, on the loop itself (no task or stream between);
    what the SDK's server takes is handed on at once, and reading pauses while its queue is full."""

    def __init__(self, limit: int, handle: Callable[[bytes | Overlong], SessionMessage | None], into: Any,
                 ended: asyncio.Future) -> None:
        self.lines = Lines(limit)
        self.handle = handle
        self.into = into
        self.ended = ended
        self.backlog: deque[bytes | Overlong] = deque()  # lines read while the queue was full, in order
        self.flushing: asyncio.Task | None = None
        self.transport: Any = None
        self.closed = False

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for line in self.lines.feed(data):
            self._take(line)

    def eof_received(self) -> None:
        for line in self.lines.end():
            self._take(line)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.flushing is None and not self.ended.done():
            self.ended.set_result(None)

    def _take(self, line: bytes | Overlong) -> None:
        if self.backlog or self.flushing is not None:
            self.backlog.append(line)
            return
        message = self.handle(line)
        if message is None:
            return
        try:
            self.into.send_nowait(message)
        except anyio.WouldBlock:  # the server is behind: wait for room, reading nothing meanwhile
            self.transport.pause_reading()
            self.flushing = asyncio.get_running_loop().create_task(self._flush(message))
        except (anyio.BrokenResourceError, anyio.ClosedResourceError):
            pass  # the server is done

    async def _flush(self, message: SessionMessage) -> None:
        try:
            await self.into.send(message)
            while self.backlog:
                if (message := self.handle(self.backlog.popleft())) is not None:
                    await self.into.send(message)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError):
            self.backlog.clear()
        finally:
            self.flushing = None
            if self.closed:
                if not self.ended.done():
                    self.ended.set_result(None)
            else:
                self.transport.resume_reading()


def watchable(fd: int) -> bool:
    """Whether the event loop's selector can watch fd. asyncio takes any character device as a pipe, and only
    on its next turn learns that epoll refuses some (/dev/null): the stream would then never be read, and the
    server never end."""
    with selectors.DefaultSelector() as probe:
        try:
            probe.register(fd, selectors.EVENT_READ)
        except (OSError, ValueError):
            return False
    return True


async def _thread_chunks(wire_in: Any) -> AsyncIterator[bytes]:
    while chunk := await anyio.to_thread.run_sync(wire_in.read, CHUNK):
        yield chunk


class _ThreadWriter:
    """A blocking output written from a thread, with a StreamWriter's write/drain/close."""

    def __init__(self, wire_out: Any) -> None:
        self.wire_out = wire_out
        self.pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.pending.append(data)

    async def drain(self) -> None:
        data, self.pending = b"".join(self.pending), []
        await anyio.to_thread.run_sync(self.wire_out.write, data)

    def close(self) -> None:
        self.wire_out.close()


# -- HTTP -----------------------------------------------------------------------------------

HttpShortcut = Callable[[dict, dict], Awaitable["dict | Callable[[], None]"] | None]


class EnvelopeGuard:
    """ASGI middleware: answer malformed or oversized POST bodies with JSON-RPC errors before the SDK.

    A `shortcut` may answer a request beside the SDK's app: it takes the ASGI scope and the decoded body and
    returns None to leave the request to the app, or the awaitable of either the JSON-RPC answer (sent as one
    JSON body) or, when it hands the request over after all, a function to call once the app is done; and
    `ending` hears of every DELETE first (the end of a session, whose calls it must no longer answer).

    Every request is first checked for who sent it (`actors.peers`): a process of this machine is served only
    when it belongs to the mesh's owner or root, as over the ipc sockets; a peer on another machine only when
    `remote_allowed` (a non-loopback listener, which the command warns about)."""

    def __init__(self, app: Any, refused: Callable[[str], None], limit: int = MAX_REQUEST_BYTES,
                 shortcut: HttpShortcut | None = None, ending: Callable[[dict], None] | None = None,
                 remote_allowed: bool = False) -> None:
        self.app = app
        self.remote_allowed = remote_allowed
        self.buffered = 0  # bytes of request bodies being read, over all requests (at most MAX_BUFFERED_BYTES)
        self.refused = refused
        self.limit = limit
        self.shortcut = shortcut
        self.ending = ending  # told of every DELETE (a session's end) before the app sees it
        self.in_flight: dict[tuple[str, Any], object] = {}  # (session, request id) of POSTs being answered -> owner

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "http" and not self._trusted(scope):
            self.refused("peer")
            await _respond(send, 403, _error(None, INVALID_REQUEST, "Forbidden: this MCP endpoint serves only the "
                                             "processes of the mesh's owner (and root) on this machine"))
            return
        if scope["type"] == "http":  # what runs for this request (and a session it opens) knows its session
            header = _session_header(scope)
            tag = _SessionTag(header[0][1].decode("latin-1") if header else None)
            SESSION.set(tag)
            if tag.session is None:
                send = partial(_learn_session, tag, send)
        if scope["type"] != "http" or scope.get("method") != "POST":
            if self.ending is not None and scope["type"] == "http" and scope.get("method") == "DELETE":
                self.ending(scope)
            await self.app(scope, receive, send)
            return
        chunks, size, more = [], 0, True
        try:
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                self.buffered += len(chunk)
                if size > self.limit:
                    self.refused("size")
                    await _respond(send, 413, too_large(self.limit))
                    return
                if self.buffered > MAX_BUFFERED_BYTES:
                    self.refused("size")
                    await _respond(send, 503, _error(None, INVALID_REQUEST, "Service Unavailable: too many large "
                                                     "requests are being received at once; retry shortly"))
                    return
                chunks.append(chunk)
                more = message.get("more_body", False)
        finally:
            self.buffered -= size
        body = b"".join(chunks)
        decoded, error = parse(body)
        if error is None:
            _, error = validate(decoded)
        if error is not None:
            self.refused("envelope")
            await _respond(send, 400, error)
            return
        flight = _in_flight_key(scope, decoded)
        if flight is not None and flight in self.in_flight:  # the SDK's transport would lose the first one's answer
            self.refused("envelope")
            await _respond(send, 400, _error(decoded["id"], INVALID_REQUEST, f"Invalid Request: id {decoded['id']!r} "
                                             "is in use by a request of this session that is not answered yet"))
            return
        owner = object()  # this POST's hold on its id (a later request may take the id once it is answered)
        if flight is not None:
            self.in_flight[flight] = owner
            send = partial(self._freeing, flight, owner, send)
        try:
            await self._serve(scope, send, receive, decoded, body)
        finally:
            self._free(flight, owner)

    async def _freeing(self, flight: tuple[str, Any], owner: object, send: Callable, message: dict) -> None:
        """Send a part of a request's answer; the id is free again before the response to it leaves (a client may
        reuse it as soon as it has its answer, while the stream is still being closed)."""
        if message["type"] == "http.response.body" and _answers(message.get("body", b""), flight[1]):
            self._free(flight, owner)
        await send(message)

    def _free(self, flight: tuple[str, Any] | None, owner: object) -> None:
        if self.in_flight.get(flight) is owner:
            del self.in_flight[flight]

    async def _serve(self, scope: dict, send: Callable, receive: Callable, decoded: Any, body: bytes) -> None:
        handed_over = None
        if self.shortcut is not None and isinstance(decoded, dict):
            answering = self.shortcut(scope, decoded)
            if answering is not None:
                answer = await answering
                if isinstance(answer, dict):
                    await _respond(send, 200, answer, _session_header(scope))
                    return
                handed_over = answer
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        try:
            await self.app(scope, replay, send)
        finally:
            if handed_over is not None:
                handed_over()

    def _trusted(self, scope: dict) -> bool:
        client, server = scope.get("client"), scope.get("server")
        if not client or not server:
            return False  # a connection without addresses (a unix socket) is not what this listener serves
        return peers.trusted(peers.peer_uid(tuple(client), tuple(server)), self.remote_allowed)


def _answers(body: bytes, request_id: Any) -> bool:
    """Whether a part of an HTTP answer (a JSON body, or event-stream events) holds the response to request_id."""
    if b'"id"' not in body or (b'"result"' not in body and b'"error"' not in body):
        return False
    lines = [line[5:] for line in body.splitlines() if line.startswith(b"data:")] or [body]
    for line in lines:
        try:
            message = jsonline.loads(line.strip())
        except (ValueError, RecursionError):
            continue
        if (isinstance(message, dict) and "method" not in message and ("result" in message or "error" in message)
                and isinstance(message.get("id"), (str, int)) and coerce_request_id(message["id"]) == request_id):
            return True
    return False


def _in_flight_key(scope: dict, decoded: Any) -> tuple[str, Any] | None:
    """(session, request id) of a request POSTed in a session, or None (a notification, a response, no session)."""
    header = _session_header(scope)
    if not header or not isinstance(decoded, dict) or "method" not in decoded or "id" not in decoded:
        return None
    return header[0][1].decode("latin-1"), coerce_request_id(decoded["id"])


async def _respond(send: Callable, status: int, body: dict, headers: tuple = ()) -> None:
    try:
        data = _WIRE_JSON(body).encode()
    except ValueError:  # what only the SDK's encoder writes (as null)
        data = types.jsonrpc_message_adapter.validate_python(body, by_name=False).model_dump_json(
            by_alias=True, exclude_unset=True).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": data})


@dataclass(slots=True)
class _SessionTag:
    """The MCP session a request belongs to; a request that opens a session learns its id from the answer."""

    session: str | None


SESSION: contextvars.ContextVar[_SessionTag | None] = contextvars.ContextVar("mcp_session", default=None)


async def _learn_session(tag: _SessionTag, send: Callable, message: dict) -> None:
    """Learn the session a request without one opened; a refusal opens none, so it names none (the SDK's
    transport names the session it made for the request even when it refuses it, and that id is then unknown)."""
    if message["type"] == "http.response.start" and tag.session is None:
        if message.get("status", 200) >= 400:
            message = {**message, "headers": [(name, value) for name, value in message.get("headers", ())
                                              if name.lower() != b"mcp-session-id"]}
        for name, value in message.get("headers", ()):
            if name.lower() == b"mcp-session-id":
                tag.session = bytes(value).decode("latin-1")
    await send(message)


def _current_session() -> str | None:
    tag = SESSION.get()
    return None if tag is None else tag.session


def _session_header(scope: dict) -> tuple:
    for name, value in scope.get("headers", ()):
        if name == b"mcp-session-id":
            return ((name, value),)  # as the SDK's transport stamps every answer of a session
    return ()


class MemoryEventStore(EventStore):
    """The events of the last Streamable HTTP streams, so a client whose stream closed can resume it (bounded in
    number and in bytes).

    One store serves every session, whose stream ids (their requests' ids) repeat from session to session, so
    each event is kept with the session it was stored for (`SESSION`, set by `EnvelopeGuard`): a resumption
    replays only its own session's stream, and an event id of another session is unknown to it. Event ids are
    random, so none can be guessed. A message is kept as the JSON the SDK's transport sends for it (a fraction of
    its model's memory, and its exact size), and becomes a message again only when it is replayed."""

    def __init__(self, max_events: int = MAX_EVENTS, max_bytes: int = MAX_EVENT_BYTES) -> None:
        self.max_events = max_events
        self.max_bytes = max_bytes
        self.events: OrderedDict[str, tuple[str | None, str, bytes | None]] = OrderedDict()  # id -> (session,
        self.size = 0                                                                     #   stream, message's JSON)

    async def store_event(self, stream_id: str, message: JSONRPCMessage | None) -> str:
        """Remember one event of a stream; the oldest events go beyond either cap (an event larger than the
        whole byte cap is not kept: a resumption after it replays nothing)."""
        event_id = secrets.token_urlsafe(12)
        data = None if message is None else message.model_dump_json(by_alias=True, exclude_unset=True).encode()
        self.events[event_id] = (_current_session(), stream_id, data)
        self.size += len(data or b"")
        while self.events and (len(self.events) > self.max_events or self.size > self.max_bytes):
            self.size -= len(self.events.popitem(last=False)[1][2] or b"")
        return event_id

    async def replay_events_after(self, last_event_id: str, send_callback: Any) -> str | None:
        """Send the events of last_event_id's stream that came after it; None when it is unknown (or another
        session's)."""
        known = self.events.get(last_event_id)
        if known is None or known[0] != _current_session():
            return None
        session, stream_id = known[0], known[1]
        after = False
        for event_id, (owner, stream, data) in list(self.events.items()):
            if after and owner == session and stream == stream_id and data is not None:
                await send_callback(EventMessage(types.jsonrpc_message_adapter.validate_json(data, by_name=False),
                                                 event_id))
            after = after or event_id == last_event_id
        return stream_id
