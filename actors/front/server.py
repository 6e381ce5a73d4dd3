"""The running mesh as an MCP server: each client's exposure as tools, calls through the heart, memory and
the organs' prompts and resources, and what a running ability says or asks passed through to the client.

tools/list gives the client's own exposure (the mesh's instruction, plus the abilities this client used,
found or pinned) and `find_abilities`; when it changes the client is told once (tools/list_changed, or its
subscriptions/listen stream on the 2026-07-28 protocol). tools/call goes through the heart, so the healer
gates it and memory journals it; a failed call is an isError result naming the cause, the decision and a
hint; a request the mesh cannot take is a JSON-RPC error with the code MCP gives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import socket
import time
import warnings
from functools import partial
from typing import Any, Callable, Hashable

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import NotificationOptions
from mcp.server.session import ServerSession
from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from mcp.shared.dispatcher import as_request_id, coerce_request_id
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.subscriptions import SUBSCRIPTION_ID_META_KEY
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, ErrorData, JSONRPCError, JSONRPCMessage
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import ValidationError
from starlette.requests import Request

from actors import listen, peers, schema
from actors.front import results
from actors.front.catalogue import (Catalogue, Naming, completions, from_manifest, introduction, pinned,
                                   prompt_arguments, recall_hint, unmatched_pins)
from actors.front.clients import MAX_PINS, View, Views
from actors.front.link import CALL_GRACE_S, CallCancelled, HeartSilent, HeartStopped, MeshLink, Started, TooLarge
from actors.front.rounds import Round, Rounds
from actors.front.shortcut import SESSION_HEADER, TOOLS_CALL, http_session, plain_call, served_beside
from actors.front.transport import CANCELLED, EnvelopeGuard, MemoryEventStore, stdio
from actors.http_bounds import bounded_h11
from actors.jsonline import REQUEST_CANCELLED
from broker.errors import EncodeError, MeshError
from broker.exposure.catalogue import META_NAME
from broker.home import Home
from broker.protocol import LOG_LEVELS, Answer, Ask, Blood, Event, Notice, Reply

log = logging.getLogger(__name__)
warnings.filterwarnings("ignore", category=MCPDeprecationWarning)  # logging and sampling still serve 2025 clients

FOUND_LIMIT = 8  # abilities a find adds to the client's exposure
RETRY_ATTEMPTS = 3  # the heart's retries of a read-only call: a call may last this many ability timeouts
DEFAULT_TIMEOUT_S = 30.0
MEMORY = "memory"
MEMORY_PROMPT = "memory"
MEMORY_DESCRIPTION = "What the mesh remembers that bears on a task (advisory)."
NOTHING_REMEMBERED = "Nothing the mesh remembers bears on this task."
NO_TASK = "No task given and no instruction set: name the task to hear what the mesh remembers about it."
MEMORY_URI = "memory://cards"
MAX_TASK = 4000
MAX_SUBSCRIPTIONS = 256
UNREAD = "unread"  # the digest of a subscribed resource whose organ could not be read when it was subscribed
RESOURCE_POLL_S = 10.0  # how often subscribed resources are read again when nothing else says they changed
POLL_AFTER_S = 30.0  # an HTTP call still running this long has its stream closed; the client resumes it
RETRY_MS = 500  # how soon a client whose stream closed comes back for the rest
RELOAD_S = 1.0  # an unknown tool name reloads the catalogue at most this often
MCP_PATH = "/mcp"
CLIENT_CANCELLED = "the MCP client cancelled the request"
SERVER_STOPPING = "the MCP front door is stopping"
CANCEL_GRACE_S = 5.0  # how long a handler whose call was cancelled waits for the SDK's server to end it
MAX_EARLY_ID = 256  # the longest request id whose cancel is kept for a call not sent yet
ABANDON_MARGIN_S = 0.5  # a 2026-07-28 call whose client has not come back is cancelled this long before its deadline
DECLARED = "declared"  # the key of a 2026-07-28 HTTP client: what it declares, which two clients may share
HANDOVER_S = 0.05  # an HTTP call answered beside the SDK that has no reply by then is handed over to it
DEFAULT_SESSION = "mcp"  # calls are journaled under it until an instruction names its session
SDK_EVERY_S = 300.0  # an HTTP session's calls go through the SDK's server at least this often (its idle clock)
ALERT_LEVELS = {"info": "info", "warn": "warning", "critical": "critical"}
FIND_SCHEMA = {"type": "object", "properties": {"query": {"type": "string", "minLength": 1, "maxLength": MAX_TASK}},
               "required": ["query"], "additionalProperties": False}
MEMORY_SCHEMA = {"type": "object", "properties": {"task": {"type": "string", "maxLength": MAX_TASK}},
                 "additionalProperties": False}
INSTRUCTIONS = ("Tools of a supervised mesh of plugins. When it has more than fit, only those relevant to the current "
                f"task are listed, with {META_NAME}: call it with a short description of what you need to reach "
                "any other.")  # then what the mesh holds when the client connects (catalogue.introduction)


class _Server(Server):
    """The SDK's server, declaring the same capabilities on every transport."""

    def create_initialization_options(self, notification_options=None, experimental_capabilities=None,
                                      extensions=None):
        options = notification_options or NotificationOptions(prompts_changed=True, resources_changed=True,
                                                               tools_changed=True)
        return super().create_initialization_options(options, experimental_capabilities, extensions)


class MeshServer:
    """Serves one mesh (by its home) to MCP clients, each with its own exposure."""

    def __init__(self, home: Home, session: str = "", naming: Naming = Naming.QUALIFIED,
                 pins: tuple[str, ...] = (), poll_after_s: float | None = POLL_AFTER_S, recall: bool = True) -> None:
        self.home = home
        self.poll_after_s = poll_after_s
        self.told_session = session  # the session named by the operator, else the instruction's is followed
        self.session = session or DEFAULT_SESSION  # the one this server's calls are journaled under now
        self.naming = naming
        self.pin_patterns = tuple(pins)
        self.recall = recall  # memory.recall listed whatever the instruction, said nothing of when absent
        self.pins_told: set[str] = set()  # patterns already said to match nothing (said once each)
        self.views = Views()
        self.locks: dict[Hashable, asyncio.Lock] = {}
        self.catalogue = Catalogue()
        self.digest = -1  # the heart's catalogue digest self.catalogue was built for
        self.loaded_at = -RELOAD_S
        self.instruction = ""
        self.stage = ""
        self.link: MeshLink | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the serving loop, once started
        self.tasks: set[asyncio.Task] = set()
        self.resource_digests: dict[str, str] = {}
        self.resources_due: asyncio.Event | None = None
        self.alerts_seen: set[tuple[float, str]] = set()
        self.rounds = Rounds()
        self.on_pipe = False  # serving stdio: one client, whose plain calls are answered beside the SDK
        self.pipe: View | None = None  # that client's view, from the first message the SDK's server handled
        self.http_views: dict[str, View] = {}  # Streamable HTTP session id -> its client's view
        self.parked: dict[tuple, tuple[Started, float]] = {}  # HTTP calls handed over: (view, id) -> call, since
        self.http_running: dict[tuple, asyncio.Task] = {}  # HTTP calls answered beside the SDK: (view, id) -> task
        self.security: TransportSecurityMiddleware | None = None
        self.server = _Server(
            "actors", version=_version(), instructions=INSTRUCTIONS,
            on_list_tools=self._list_tools, on_call_tool=self._call_tool, on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt, on_list_resources=self._list_resources,
            on_list_resource_templates=self._list_templates, on_read_resource=self._read_resource,
            on_subscribe_resource=self._subscribe, on_unsubscribe_resource=self._unsubscribe,
            on_subscriptions_listen=self._listen, on_completion=self._complete,
            on_set_logging_level=self._set_level)
        self.server.add_notification_handler("notifications/initialized", types.NotificationParams,
                                             self._initialized)
        # the SDK's tracing middleware costs every request, and nothing here exports traces
        self.server.middleware = [m for m in self.server.middleware if type(m).__name__ != "OpenTelemetryMiddleware"]
        self.server.middleware.append(_precise_errors)

    # -- life cycle and transports ----------------------------------------------------------

    async def start(self) -> None:
        """Connect to the heart and start following its beats (on the serving loop)."""
        self.loop = asyncio.get_running_loop()
        self.link = MeshLink(self.home)
        await self.link.start()
        self.resources_due = asyncio.Event()
        with contextlib.suppress(MeshError):  # the mesh as it is now, before any client is served
            blood = await self.link.snapshot()
            self.instruction, self.stage = blood.instruction, blood.stage
            self._follow_session(blood)
            await self._load_catalogue(blood.catalogue)
        self._spawn(self._follow())
        self._spawn(self._watch_resources())

    async def stop(self) -> None:
        """Stop following the mesh and close the link."""
        for task in list(self.tasks):
            task.cancel()
        self.rounds.close()
        if self.link is not None:
            await self.link.close()

    async def run_stdio(self) -> None:
        """Serve over stdin/stdout until the client closes them."""
        self.on_pipe = True
        await self.start()
        try:
            async with stdio(self._refused, shortcut=self._beside, cancel=self._cancelled_on_pipe) as (read, write):
                await self.server.run(read, write, self.server.create_initialization_options())
        finally:
            await self.stop()

    def http_app(self, host: str, on_ready: Callable[[], None] | None = None) -> Any:
        """The Streamable HTTP application (Origin and Host checked against loopback by default); on_ready runs
        once it serves."""
        settings = None
        if host in ("127.0.0.1", "localhost", "::1"):  # the SDK's own default for these hosts, named here so
            settings = TransportSecuritySettings(  # that the calls answered beside it are checked alike
                enable_dns_rebinding_protection=True, allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
                allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"])
        self.security = TransportSecurityMiddleware(settings)
        app = self.server.streamable_http_app(host=host, max_request_body_size=32 * 1024 * 1024,
                                              event_store=MemoryEventStore(), retry_interval=RETRY_MS,
                                              streamable_http_path=MCP_PATH, transport_security=settings)
        inner = app.router.lifespan_context

        @contextlib.asynccontextmanager
        async def lifespan(application):
            await self.start()
            try:
                async with inner(application):
                    if on_ready is not None:
                        on_ready()
                    yield
            finally:
                await self.stop()

        app.router.lifespan_context = lifespan
        return EnvelopeGuard(app, self._refused, shortcut=self._http_beside, ending=self._http_ending,
                             remote_allowed=not listen.is_loopback(host))

    def run_http(self, sock: socket.socket, host: str, announce: Callable[[str], None] | None = None) -> None:
        """Serve Streamable HTTP on a bound socket (host is the address it was bound for, an IPv6 one in brackets)
        until interrupted; announce gets the endpoint's URL once it serves."""
        import uvicorn

        endpoint = listen.url(host, sock.getsockname()[1], MCP_PATH)
        ready = None if announce is None else (lambda: announce(endpoint))
        server = uvicorn.Server(uvicorn.Config(self.http_app(host.strip("[]"), ready), log_level="warning",
                                               lifespan="on", http=bounded_h11(self._refused, admit=peers.admitter(
                                                   not listen.is_loopback(host)))))
        exiting = server.handle_exit

        def stopping(sig: int, frame: Any) -> None:
            # the request handlers end before the lifespan does, and a handshake request's handler that ends only
            # drops its mesh call: cancel what runs now (on the loop: this is a signal handler), then shut down
            if self.loop is not None:
                with contextlib.suppress(RuntimeError):  # a loop already closed has nothing running
                    self.loop.call_soon_threadsafe(self._stop_calls)
            exiting(sig, frame)

        server.handle_exit = stopping  # uvicorn installs its signal handlers from this attribute
        listen.serve(server, sock)

    def _stop_calls(self) -> None:
        if self.link is not None:
            self.link.cancel_all(SERVER_STOPPING)

    def _refused(self, reason: str) -> None:
        if self.link is not None:
            self.link.report(reason)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- clients ----------------------------------------------------------------------------

    async def _view(self, ctx) -> View:
        """The view of the client a request comes from (a connection, never the request)."""
        key, channel, connection = _client(ctx)
        view, new = self.views.get(key)
        view.served = view.active
        request = getattr(ctx, "request", None)
        if channel is not None and request is not None:  # an HTTP session: its plain calls may come beside
            with contextlib.suppress(AttributeError):
                named = request.headers.get(SESSION_HEADER, "")
                if named and self.http_views.get(named) is not view:
                    view.http_session = named
                    self.http_views[named] = view
        if new:
            view.channel = channel
            if channel is not None:  # its end forgets it
                connection.exit_stack.callback(self._forget, key)
                if self.on_pipe:  # the stdio client: from now on its plain calls may be answered beside the SDK
                    self.pipe = view
            view.follow(self.instruction)
            self.locks[key] = asyncio.Lock()
            with contextlib.suppress(MCPError):
                await self._refresh(view)  # its baseline: what it would list now, so a change is told
        return view

    @staticmethod
    def _tag(view: View, request_id: Any) -> Hashable:
        """The tag a mesh call made for this request carries, so that the client's notifications/cancelled can
        find it: the client and the request id (one id, as the SDK has it, for "7" and 7). None for 2026-07-28
        HTTP clients, told apart only by what they declare (two may share a key): they cancel by closing the
        request's stream, and the request's handler cancels its own call."""
        return None if view.key[0] == DECLARED else (view.key, coerce_request_id(request_id))

    def _cancel(self, key: Hashable, request_id: Any, waiting: bool = True) -> None:
        """The client cancelled a request: the mesh call it waits on, if any, is cancelled in the mesh too, and
        one still on its way there (a request still waiting, with an id of a sensible length) is not sent."""
        self.link.cancel_tagged((key, coerce_request_id(request_id)), CLIENT_CANCELLED,
                                early=waiting and len(str(request_id)) <= MAX_EARLY_ID)

    def _cancelled_on_pipe(self, request_id: Any, waiting: bool) -> None:
        if self.pipe is not None:
            self._cancel(self.pipe.key, request_id, waiting)

    def _forget(self, key: Hashable) -> None:
        view = self.views.views.get(key)
        if view is not None and self.http_views.get(view.http_session) is view:
            del self.http_views[view.http_session]
        self.views.forget(key)
        self.locks.pop(key, None)
        if self.pipe is not None and self.pipe.key == key:
            self.pipe = None

    async def _initialized(self, ctx, params) -> None:
        await self._view(ctx)  # a client is known from its handshake on, so it hears of changes at once

    async def _refresh(self, view: View) -> bool:
        """Recompute a client's exposure if its inputs changed; True when the exposed set changed."""
        async with self.locks.setdefault(view.key, asyncio.Lock()):
            wanted = view.wanted(self.digest)
            if wanted == view.inputs:
                return False
            answer = await self._mesh(self.link.control("expose", intent=view.instruction,
                                                        recent=list(view.recent())))
            tools, names = self._named(answer)
            return view.adopt(wanted, tuple(answer["exposed"]), tools, names)

    async def _announce(self, view: View, ctx=None) -> None:
        """Tell the client its tools changed, once per version: on the stream of the request that changed
        them when there is one (an HTTP client may not have opened its standalone stream yet)."""
        if not view.take_notice():
            return
        if view.channel is not None and ctx is not None and ctx.request_id is not None:
            await ctx.session.send_notification(types.ToolListChangedNotification(), related_request_id=ctx.request_id)
        elif view.channel is not None:
            await view.channel.send_tool_list_changed()
        for listener in list(view.listeners):
            listener(types.ToolListChangedNotification)

    async def _refresh_and_announce(self, view: View) -> None:
        try:
            await self._refresh(view)
        except MCPError as exc:
            log.info("cannot refresh a client's exposure: %s", exc.message)
            return
        await self._announce(view)

    def _named(self, answer: dict) -> tuple[tuple[dict, ...], dict[str, str]]:
        """The exposure's tools under the names this server sends, and those names' addresses."""
        names, tools = {}, []
        for tool in answer["tools"]:
            address = answer["names"].get(tool["name"])
            if address is None:  # find_abilities
                tools.append(tool)
                continue
            name = self.catalogue.wire_name(address, tool["name"], self.naming)
            names[name] = address
            tools.append(tool if name == tool["name"] else {**tool, "name": name})
        return tuple(tools), names

    # -- following the mesh -----------------------------------------------------------------

    async def _follow(self) -> None:
        while True:
            try:
                async for item in self.link.beats(events=lambda: bool(self.resource_digests)):
                    if isinstance(item, Blood):
                        await self._on_beat(item)
                    elif isinstance(item, Event):
                        self._on_event(item)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a heart restarting: follow the next one
                log.warning("following the mesh: %s", exc)
            await asyncio.sleep(1.0)

    def _follow_session(self, blood: Blood) -> None:
        """On stdio (one host, which spawned this server), journal the calls under the session the mesh's
        instruction came from (that host's, through its prompt hook), so that memory and learning pair the prompt
        with the calls made for it. Over HTTP the clients are many and the instruction may be another's: never
        followed there (a client's calls would be journaled under whoever prompted last)."""
        followed = blood.session if self.on_pipe else ""
        self.session = self.told_session or followed or DEFAULT_SESSION

    async def _on_beat(self, blood: Blood) -> None:
        self.instruction = blood.instruction
        if self.link is not None:
            self.link.flush_reports()  # refusals summed since the last report
        self._follow_session(blood)
        if blood.stage != self.stage:
            self.stage = blood.stage
            self.resources_due.set()
        if blood.catalogue != self.digest:
            with contextlib.suppress(MCPError, MeshError):
                await self._load_catalogue(blood.catalogue)
        for view in self.views.all():
            view.follow(blood.instruction)
            if view.wanted(self.digest) != view.inputs:
                self._spawn(self._refresh_and_announce(view))
        await self._relay_alerts(blood)

    async def _load_catalogue(self, digest: int) -> None:
        manifest = await self.link.control("manifest")
        self.loaded_at = time.monotonic()
        before = self.catalogue.digest()
        self.catalogue, self.digest = from_manifest(manifest), digest
        hint = recall_hint(self.catalogue, self.naming) if self.recall else ""
        # said to clients connecting from now
        self.server.instructions = " ".join(filter(None, (INSTRUCTIONS, introduction(self.catalogue), hint)))
        self.views.pins = pinned(self.pin_patterns, self.catalogue, self.recall, MAX_PINS)
        for pattern in unmatched_pins(self.pin_patterns, self.catalogue):
            if pattern not in self.pins_told:
                self.pins_told.add(pattern)
                log.warning("--pin %r matches no ability of the mesh now (organs: %s); it is kept, for an organ "
                            "that registers later", pattern, ", ".join(sorted({a.partition(".")[0] for a in self.catalogue.abilities})) or "none")
        for view in self.views.all():
            view.pins = self.views.pins
        if self.catalogue.digest() != before:
            self.resources_due.set()  # an organ back: what its resources read may have changed while it was away
            for view in self.views.all():
                if view.channel is not None:
                    await view.channel.send_prompt_list_changed()
                    await view.channel.send_resource_list_changed()
                for listener in list(view.listeners):
                    listener(types.PromptListChangedNotification)
                    listener(types.ResourceListChangedNotification)

    def _on_event(self, event: Event) -> None:
        # a change made by an organ's own ability may change what its resources read
        if event.ok and event.organ and any(a.startswith(event.organ + ".") for a in self._subscribed_readers()):
            ability = self.catalogue.abilities.get(f"{event.organ}.{event.ability}")
            if ability is None or not ability.read_only:
                self.resources_due.set()

    async def _relay_alerts(self, blood: Blood) -> None:
        fresh = [a for a in blood.alerts if a.at and (a.at, a.message) not in self.alerts_seen]
        if not fresh:
            return
        self.alerts_seen = {(a.at, a.message) for a in blood.alerts if a.at}
        said = [(alert, results.alert_log(alert.organ, alert.message)) for alert in fresh]
        for view in self.views.all():
            if view.channel is None:
                continue
            for alert, text in said:
                level = ALERT_LEVELS.get(alert.level, "info")
                if LOG_LEVELS.index(level) >= LOG_LEVELS.index(view.log_level):
                    await view.channel.log(level, text, logger=alert.organ or "mesh")

    # -- tools ------------------------------------------------------------------------------

    async def _list_tools(self, ctx, params) -> types.ListToolsResult:
        view = await self._view(ctx)
        try:
            await self._refresh(view)
        except MCPError:
            if not view.tools:
                raise
            log.info("listing a client's last tools: its exposure cannot be computed now")
        view.listed()
        return types.ListToolsResult(tools=[types.Tool.model_validate(t) for t in view.tools])

    async def _call_tool(self, ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        view = await self._view(ctx)
        if params.name == META_NAME:
            return await self._find(ctx, view, params.arguments or {})
        address = self.catalogue.resolve_tool(params.name, view.names)
        if address is None and time.monotonic() - self.loaded_at > RELOAD_S:
            await self._mesh(self._load_catalogue(self.digest))  # an organ may have registered just now
            address = self.catalogue.resolve_tool(params.name, view.names)
        if address is None:
            self._refused("unknown")
            # find_abilities is left out of a list only when the list is the whole mesh
            raise results.unknown_tool(params.name, not view.tools or any(t.get("name") == META_NAME
                                                                          for t in view.tools))
        return await self._call_address(ctx, view, address, params)

    async def _call_address(self, ctx, view: View, address: str,
                            params: types.CallToolRequestParams) -> types.CallToolResult:
        """A tools/call of a known tool on the SDK's path: the mesh's reply as the tool's result."""
        reply = await self._call_reply(ctx, view, address, params)
        return reply if isinstance(reply, types.InputRequiredResult) else results.tool_result(reply)

    async def _call_reply(self, ctx, view: View, address: str, params: types.CallToolRequestParams):
        """A tools/call of a known tool, from either path: the mesh's reply (or, on the 2026-07-28 protocol,
        the question it waits on), after the client's exposure took the use."""
        args = params.arguments or {}
        ability = self.catalogue.tool(address)  # None for an organ that is not up: the heart says why
        timeout_s = ability.timeout_s if ability else DEFAULT_TIMEOUT_S
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:  # questions wait between requests
            reply = await self._call_in_rounds(ctx, view, address, args, params, timeout_s)
            if isinstance(reply, types.InputRequiredResult):
                return reply
        else:
            reply = await self._call(ctx, view, address, args, timeout_s)
        if self._used(view, address):  # a failed call too: the client wants the tool, and a brief one whole
            with contextlib.suppress(MCPError):
                await self._refresh(view)
                await self._announce(view, ctx)
        return reply

    def _used(self, view: View, address: str) -> bool:
        """Count a call in the client's exposure, whatever its outcome (a call refused for its arguments most of
        all: the client needs the tool's whole schema to mend them); True when that changes what it should be
        shown (only a tool used for the first time in a while)."""
        view.use(address)
        return view.stale(self.digest)

    def _beside(self, message: dict, settle: Callable[[Any], None]):
        """Take a plain tools/call of the stdio client: True when it is answered through settle (sent on a
        lane), else the awaitable of its answer, or None for the SDK's path."""
        view = self.pipe
        if view is None or not self.views.holds(view):
            return None
        connection = view.channel
        version = connection.protocol_version
        call = plain_call(message)
        if call is None or not served_beside(version, connection.initialize_accepted):
            return None
        request_id, raw = call  # plain_call checked {name: str, arguments: object}: all the SDK's model checks
        name = raw["name"]
        address = None if name == META_NAME else self.catalogue.resolve_tool(name, view.names)
        if address is None:  # find_abilities, and names that need the catalogue reloaded or an error
            return None
        if self._answer_now(view, request_id, raw, address, settle):
            return True
        return self._answer_beside(view, request_id, raw, address)

    def _answer_now(self, view: View, request_id: Any, raw: dict, address: str,
                    settle: Callable[[Any], None]) -> bool:
        """Send a plain call on its organ's lane and answer it from the lane's reader, with no task (two
        event-loop turns fewer than `_answer_beside`); a call that says or asks something first, or does not
        arrive, goes on as `_answer_beside` follows one. False, nothing sent, when the organ has no lane."""
        ability = self.catalogue.tool(address)
        if ability is None:
            return False
        organ, _, name = address.partition(".")

        def done(item: Reply | Started) -> None:
            if type(item) is not Reply:
                self.parked[(view.key, str(request_id))] = (item, time.monotonic())  # `_call` follows it
                settle(self._answer_beside(view, request_id, raw, address))
            elif self._used(view, address):
                settle(self._refreshed(view, request_id, address, item))
            else:
                settle(_answer_of(request_id, address, item, view.channel.protocol_version))

        self.views.get(view.key)  # it is active, as any request makes it
        return self.link.send_now(organ, name, raw.get("arguments") or {}, done, session=self.session,
                                  wait_s=(ability.timeout_s or DEFAULT_TIMEOUT_S) * RETRY_ATTEMPTS,
                                  tag=self._tag(view, request_id))

    async def _refreshed(self, view: View, request_id: Any, address: str, reply: Reply) -> dict:
        """The answer of a call that changed the client's exposure, once the client was told of the change."""
        await self._refresh_and_announce(view)
        return _answer_of(request_id, address, reply, view.channel.protocol_version)

    async def _answer_beside(self, view: View, request_id: Any, raw: dict, address: str) -> JSONRPCMessage | dict:
        """The JSON-RPC answer the SDK's server would give this call, computed by the same handler code (a
        success as a plain dict, already in its wire form)."""
        self.views.get(view.key)  # it is active, as any request makes it
        connection = view.channel
        ctx = ServerRequestContext(session=ServerSession(_PipeRequest(connection.outbound), connection),
                                   lifespan_context=None, protocol_version=connection.protocol_version,
                                   method=TOOLS_CALL, params=raw, request_id=request_id)
        try:
            params = types.CallToolRequestParams.model_validate(raw, by_name=False)  # the shape plain_call checked
            reply = await self._call_reply(ctx, view, address, params)
            return _tool_answer(request_id, address, reply, connection.protocol_version)
        except Exception as exc:  # as the SDK's dispatcher turns a handler's exception into an error
            return JSONRPCError(jsonrpc="2.0", id=request_id, error=_handler_error(address, exc))

    def _http_beside(self, scope: dict, message: dict):
        """Take a plain tools/call POST of a known HTTP session: the awaitable of its answer (or of the function
        to call once the SDK's server took it over), or None for the SDK's path."""
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", ())}
        named = http_session(scope.get("method", ""), scope.get("path", ""), MCP_PATH, headers)
        view = self.http_views.get(named[0]) if named is not None else None
        if view is None or not self.views.holds(view) or view.channel is None or self.security is None:
            return None
        if message.get("method") == CANCELLED:  # the SDK's server hears it too
            params = message.get("params")
            request_id = as_request_id(params.get("requestId")) if isinstance(params, dict) else None
            if request_id is not None:  # (anything else is no request's id)
                self._cancel(view.key, request_id)
                running = self.http_running.get((view.key, str(request_id)))
                if running is not None:
                    running.cancel()
            return None
        call = plain_call(message)
        if call is None:
            return None
        connection = view.channel
        version = connection.protocol_version
        if named[1] != version or not served_beside(version, connection.initialize_accepted):
            return None
        if time.monotonic() - view.served > SDK_EVERY_S:  # the SDK's server sees the session now and then
            return None
        request_id, raw = call  # an id still in flight in the session was refused before (EnvelopeGuard)
        try:
            params = types.CallToolRequestParams.model_validate(raw, by_name=False)
        except ValidationError:
            return None
        address = None if params.name == META_NAME else self.catalogue.resolve_tool(params.name, view.names)
        if address is None or address not in view.recent():  # a first use may change the exposure: the SDK's
            return None
        return self._answer_http(scope, view, request_id, address, params)

    async def _answer_http(self, scope: dict, view: View, request_id: Any, address: str,
                           params: types.CallToolRequestParams):
        """The JSON-RPC answer to a plain HTTP call whose reply comes at once, or the hand-over of the call; a
        call the client cancels meanwhile is answered as the SDK's transport answers it on this protocol."""
        if await self.security.validate_request(Request(scope), is_post=True) is not None:
            return lambda: None  # the SDK's transport refuses it the same way
        key = (view.key, str(request_id))
        running = self.http_running[key] = asyncio.get_running_loop().create_task(
            self._run_http(view, request_id, address, params))
        try:
            await asyncio.wait({running})
        finally:
            running.cancel()  # the client went away: nobody waits for it (on this protocol, not a cancel)
            if self.http_running.get(key) is running:
                del self.http_running[key]
        if running.cancelled():
            return {"jsonrpc": "2.0", "id": request_id, "error": {"code": REQUEST_CANCELLED,
                                                                  "message": "Request cancelled"}}
        return running.result()

    async def _run_http(self, view: View, request_id: Any, address: str, params: types.CallToolRequestParams):
        self.views.get(view.key)  # it is active, as any request makes it
        ability = self.catalogue.tool(address)
        timeout_s = ability.timeout_s if ability else DEFAULT_TIMEOUT_S
        organ, _, name = address.partition(".")
        key = (view.key, str(request_id))
        try:
            started = await self._mesh(self.link.send_call(organ, name, params.arguments or {}, session=self.session,
                                                           wait_s=(timeout_s or DEFAULT_TIMEOUT_S) * RETRY_ATTEMPTS,
                                                           tag=self._tag(view, request_id)))
            try:
                first = await self.link.first(started, HANDOVER_S)
            except asyncio.CancelledError:
                self.link.drop(started)
                raise
            if first is None or isinstance(first, (Notice, Ask)):
                # it says or asks something, or takes a while: the SDK's server streams it from here on
                self.parked[key] = (started, time.monotonic())
                return partial(self._unpark, key, started)
            reply = await self._mesh(self.link.follow(started))
            if self._used(view, address):  # told on its stream, as a beat's change is
                self._spawn(self._refresh_and_announce(view))
            return _tool_answer(request_id, address, reply, view.channel.protocol_version)
        except Exception as exc:  # as the SDK's dispatcher turns a handler's exception into an error
            return _error_answer(request_id, address, exc)

    def _http_ending(self, scope: dict) -> None:
        """A DELETE ends its session: from now on the SDK's transport answers what names it."""
        for name, value in scope.get("headers", ()):
            if name == SESSION_HEADER.encode():
                self.http_views.pop(value.decode("latin-1"), None)

    def _unpark(self, key: tuple, started: Started) -> None:
        """The SDK's server is done with a handed-over request: a call it never took up is dropped."""
        if self.parked.get(key, (None,))[0] is started:
            del self.parked[key]
            self.link.drop(started)

    async def _call(self, ctx, view: View, address: str, args: dict, timeout_s: float):
        organ, _, ability = address.partition(".")
        parked = self.parked.pop((view.key, str(ctx.request_id)), None) if self.parked else None
        close = getattr(ctx, "close_sse_stream", None)  # set for HTTP clients that can resume a stream
        timer = None
        if close is not None and self.poll_after_s is not None:
            after_s = self.poll_after_s - (time.monotonic() - parked[1] if parked else 0.0)
            timer = asyncio.get_running_loop().call_later(max(0.0, after_s), lambda: self._spawn(close()))
        relay = partial(self._relay, ctx, view, organ)
        try:
            # a call handed over by the HTTP shortcut runs already
            started = parked[0] if parked is not None else await self._mesh(self.link.send_call(
                organ, ability, args, wait_s=(timeout_s or DEFAULT_TIMEOUT_S) * RETRY_ATTEMPTS, session=self.session,
                tag=self._tag(view, ctx.request_id)))
            try:
                return await self._mesh(self.link.follow(started, relay))
            except asyncio.CancelledError:
                if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:  # there, a request given up on is cancelled
                    self.link.cancel(started.id, CLIENT_CANCELLED)
                raise
        finally:
            if timer is not None:
                timer.cancel()

    async def _call_in_rounds(self, ctx, view: View, address: str, args: dict,
                              params: types.CallToolRequestParams, timeout_s: float):
        """A call of a 2026-07-28 client: its reply, or an InputRequiredResult carrying the ability's question
        (the call keeps running; the client's retry with the answer and the request state resumes it)."""
        organ, _, ability = address.partition(".")
        state = params.request_state
        if state:
            round_ = self.rounds.resume(state, view.key)
            if round_ is None:
                self._refused("params")
                raise results.bad_params("requestState names no call waiting for this client (it ended, or expired)")
            round_.ctx = ctx
            round_.watch(None)  # its client came back
            for key, response in (params.input_responses or {}).items():
                ask = round_.asked.pop(key, None)
                if ask is not None:
                    await self.link.answer(Answer(id=ask.id, ok=True, result=response.model_dump(
                        mode="json", by_alias=True, exclude_none=True)))
        else:
            wait_s = (timeout_s or DEFAULT_TIMEOUT_S) * RETRY_ATTEMPTS
            tag = self._tag(view, ctx.request_id)

            async def call(relay, waiting: Round) -> Reply:
                started = await self.link.send_call(organ, ability, args, wait_s=wait_s, session=self.session,
                                                    tag=tag)
                waiting.call = started.id
                return await self.link.follow(started, relay)

            started = self.rounds.start(view.key, wait_s + CALL_GRACE_S, call, ctx,
                                        lambda current, notice: self._relay(current, view, organ, notice))
            if started is None:  # too many calls wait already: this one takes no questions
                return await self._call(ctx, view, address, args, timeout_s)
            state, round_ = started
            round_.due = time.monotonic() + (timeout_s or self.link.call_timeout_s)  # when the heart ends its attempt
        while True:
            try:
                event = await self._mesh(round_.next_event())
            except asyncio.CancelledError:  # on this protocol, a request given up on is cancelled
                self._abandon(state, round_)
                raise
            if not isinstance(event, Ask):
                self.rounds.finish(state)
                return event
            request = self._input_request(ctx, event)
            if isinstance(request, Answer):  # the client cannot answer it: the ability is told why
                await self.link.answer(request)
                continue
            round_.asked[event.id] = event
            # a client that does not come back with the answer in the question's time (or before the heart would
            # end the call as timed out) has given the call up
            wait = min(event.timeout_s, round_.due - ABANDON_MARGIN_S - time.monotonic())
            round_.watch(asyncio.get_running_loop().call_later(max(0.0, wait), self._unanswered, state, round_,
                                                               event.id))
            return types.InputRequiredResult(input_requests={event.id: request}, request_state=state)

    def _abandon(self, state: str, round_: Round) -> None:
        """A 2026-07-28 call given up on by its client: cancelled in the mesh, and forgotten."""
        if round_.call:
            self.link.cancel(round_.call, CLIENT_CANCELLED)
        self.rounds.finish(state)

    def _unanswered(self, state: str, round_: Round, ask: str) -> None:
        if self.rounds.rounds.get(state) is round_ and ask in round_.asked:
            self._abandon(state, round_)

    def _input_request(self, ctx, ask: Ask):
        """The MCP request an organ's question becomes, or the Answer saying why the client cannot take it."""
        wanted, request_type, what, params = self._question(ask)
        if not ctx.session.check_client_capability(wanted):
            self._refused("unsupported")
            return Answer(id=ask.id, ok=False, error=f"the client does not support {what}")
        try:
            return request_type.model_validate({"method": request_type.model_fields["method"].default,
                                                "params": params})
        except ValidationError as exc:
            return Answer(id=ask.id, ok=False, error=f"not a valid {what} request: {str(exc).splitlines()[0]}")

    @staticmethod
    def _question(ask: Ask) -> tuple[types.ClientCapabilities, type, str, dict]:
        if ask.kind == "elicit":
            return (types.ClientCapabilities(elicitation=types.ElicitationCapability()), types.ElicitRequest,
                    "elicitation", {"mode": "form", **ask.body})
        return (types.ClientCapabilities(sampling=types.SamplingCapability()), types.CreateMessageRequest,
                "sampling", ask.body)

    async def _mesh(self, request):
        """Await a request into the mesh, turning what it cannot do into JSON-RPC errors."""
        try:
            return await request
        except TooLarge as exc:
            self._refused("size")
            raise results.bad_params(str(exc)) from None
        except EncodeError as exc:
            self._refused("params")
            raise results.bad_params(f"the arguments cannot be sent: {exc}") from None
        except CallCancelled:  # the client cancelled the request: its transport ends it unanswered
            await asyncio.sleep(CANCEL_GRACE_S)  # (the SDK's server ends this handler meanwhile)
            raise MCPError(REQUEST_CANCELLED, "Request cancelled") from None
        except HeartStopped as exc:
            self._refused("deadline")
            raise results.mesh_down(str(exc), running=isinstance(exc, HeartSilent)) from None
        except TimeoutError:
            self._refused("deadline")
            raise results.mesh_down("no answer within the call's deadline") from None
        except MeshError as exc:
            raise MCPError(INTERNAL_ERROR, str(exc)[:500]) from None

    async def _find(self, ctx, view: View, args: dict) -> types.CallToolResult:
        problem = schema.check(FIND_SCHEMA, args)
        if problem:
            self._refused("params")
            return types.CallToolResult(content=[types.TextContent(text=f"[actors] {problem}")], is_error=True)
        answer = await self._mesh(self.link.control("expose", intent=args["query"], recent=[]))
        # what the query's own words matched: an exposure of nothing matched is the whole small mesh or what was
        # used lately, which is no answer to a search
        found = [a for a in answer["exposed"] if self.catalogue.tool(a) is not None
                 ][:FOUND_LIMIT] if answer.get("matched", True) else []
        for address in reversed(found):  # the best found ends up most recent
            view.use(address)
        _, names = self._named(answer)
        by_address = {address: name for name, address in names.items()}
        described = {a: (self.catalogue.tool(a).description or "").split("\n")[0][:200] for a in found}
        lines = [f"{by_address.get(a, a)}: {described[a]}" for a in found]
        text = "\n".join(lines) or "no ability matches; describe the task differently"
        with contextlib.suppress(MCPError):
            await self._refresh(view)
            await self._announce(view, ctx)
        return types.CallToolResult(content=[types.TextContent(text=text)],
                                    structured_content={"found": [by_address.get(a, a) for a in found]})

    # -- what a running ability says and asks -----------------------------------------------

    async def _relay(self, ctx, view: View, organ: str, item: Notice | Ask) -> None:
        if isinstance(item, Ask):
            await self.link.answer(await self._ask(ctx, item))
            return
        body = item.body
        try:
            if item.kind == "progress":
                await ctx.session.report_progress(float(body.get("progress", 0.0)), body.get("total"),
                                                  str(body.get("message", "")) or None)
            elif item.kind == "log":
                level = body.get("level") if body.get("level") in LOG_LEVELS else "info"
                if LOG_LEVELS.index(level) >= LOG_LEVELS.index(view.log_level):
                    await ctx.session.send_log_message(level, str(body.get("message", "")), logger=organ,
                                                       related_request_id=ctx.request_id)
        except (TypeError, ValueError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
            log.debug("dropped a notice from %s: %s", organ, exc)

    async def _ask(self, ctx, ask: Ask) -> Answer:
        """Put an organ's question to the client (elicitation or sampling), within its deadline."""
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:  # a prompt or resource: only tool calls take rounds
            self._refused("unsupported")
            return Answer(id=ask.id, ok=False, error="on the 2026-07-28 protocol only a tool call can put a "
                          "question to its client")
        request = self._input_request(ctx, ask)
        if isinstance(request, Answer):
            return request
        result_type = types.ElicitResult if ask.kind == "elicit" else types.CreateMessageResult
        try:
            with anyio.fail_after(ask.timeout_s):
                result = await ctx.session.send_request(request, result_type,
                                                        request_read_timeout_seconds=ask.timeout_s,
                                                        metadata=ServerMessageMetadata(related_request_id=ctx.request_id))
        except TimeoutError:
            return Answer(id=ask.id, ok=False, timed_out=True, error=f"no answer from the client within "
                          f"{ask.timeout_s:g}s")
        except MCPError as exc:
            timed_out = "timed out" in exc.message.lower()
            return Answer(id=ask.id, ok=False, timed_out=timed_out, error=f"the client answered: {exc.message}")
        except Exception as exc:  # a client gone or answering nonsense: the organ is told, the server goes on
            return Answer(id=ask.id, ok=False, error=f"the client could not answer: {type(exc).__name__}: {exc}")
        return Answer(id=ask.id, ok=True, result=result.model_dump(mode="json", by_alias=True, exclude_none=True))

    # -- prompts ----------------------------------------------------------------------------

    async def _list_prompts(self, ctx, params) -> types.ListPromptsResult:
        prompts = []
        if self._memory_up():
            prompts.append(types.Prompt(name=MEMORY_PROMPT, description=MEMORY_DESCRIPTION, arguments=[
                types.PromptArgument(name="task", description="The task at hand (default: the mesh's current "
                                     "instruction).", required=False)]))
        for name, address in self.catalogue.prompts.items():
            ability = self.catalogue.abilities[address]
            prompts.append(types.Prompt.model_validate({"name": name, "description": ability.description,
                                                        "arguments": prompt_arguments(ability)}))
        return types.ListPromptsResult(prompts=prompts)

    async def _get_prompt(self, ctx, params) -> types.GetPromptResult:
        view = await self._view(ctx)
        args = dict(params.arguments or {})
        if params.name == MEMORY_PROMPT and self._memory_up():
            problem = schema.check(MEMORY_SCHEMA, args)
            if problem:
                self._refused("params")
                raise results.bad_params(problem)
            task = args.get("task") or view.instruction or self.instruction
            reply = await self._call(ctx, view, f"{MEMORY}.inject", {"query": task, "session": self.session},
                                     DEFAULT_TIMEOUT_S)
            result = self._result_of(reply, f"prompt {MEMORY_PROMPT}")
            text = str(result.get("text", "")) if isinstance(result, dict) else str(result)
            return results.prompt_result(MEMORY_DESCRIPTION, text or (NOTHING_REMEMBERED if task else NO_TASK))
        address = self.catalogue.prompt(params.name)
        if address is None:
            self._refused("unknown")
            raise results.unknown_prompt(params.name)
        ability = self.catalogue.abilities[address]
        problem = schema.check(ability.params, args)
        if problem:
            self._refused("params")
            raise results.bad_params(problem)
        reply = await self._call(ctx, view, address, args, ability.timeout_s)
        return results.prompt_result(ability.description, self._result_of(reply, f"prompt {params.name}"))

    async def _complete(self, ctx, params: types.CompleteRequestParams) -> types.CompleteResult:
        values: list[str] = []
        ref = params.ref
        if getattr(ref, "type", "") == "ref/prompt":
            address = self.catalogue.prompt(ref.name)
            if address is not None:
                values = completions(self.catalogue.abilities[address].params, params.argument.name,
                                     params.argument.value)
            elif ref.name == MEMORY_PROMPT and self._memory_up():
                if params.argument.name == "task" and self.instruction:
                    values = [self.instruction] if self.instruction.casefold().startswith(
                        params.argument.value.casefold()) else []
            else:
                raise results.unknown_prompt(ref.name)
        else:  # a resource template's argument (a plain resource has none)
            uri = str(getattr(ref, "uri", ""))
            address = next((t.address for t in self.catalogue.templates if t.uri == uri), None)
            if address is not None:
                values = completions(self.catalogue.abilities[address].params, params.argument.name,
                                     params.argument.value)
            elif uri != MEMORY_URI and uri not in self.catalogue.resources:
                raise results.unknown_resource(uri)
        return types.CompleteResult(completion=types.Completion(values=values[:100], total=len(values),
                                                                has_more=False))

    async def _set_level(self, ctx, params: types.SetLevelRequestParams) -> types.EmptyResult:
        view = await self._view(ctx)
        view.log_level = params.level
        return types.EmptyResult()

    # -- resources --------------------------------------------------------------------------

    async def _list_resources(self, ctx, params) -> types.ListResourcesResult:
        resources = []
        if self._memory_up():
            resources.append(types.Resource(name="memory-cards", uri=MEMORY_URI, mime_type="application/json",
                                            description="The memory cards distilled from past sessions."))
        for uri, address in self.catalogue.resources.items():
            ability = self.catalogue.abilities[address]
            resources.append(types.Resource(name=ability.name, uri=uri, mime_type=ability.mime_type or None,
                                            description=ability.description))
        return types.ListResourcesResult(resources=resources)

    async def _list_templates(self, ctx, params) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[
            types.ResourceTemplate(name=self.catalogue.abilities[t.address].name, uri_template=t.uri,
                                   mime_type=self.catalogue.abilities[t.address].mime_type or None,
                                   description=self.catalogue.abilities[t.address].description)
            for t in self.catalogue.templates])

    async def _read_resource(self, ctx, params) -> types.ReadResourceResult:
        view = await self._view(ctx)
        uri = str(params.uri)
        if uri == MEMORY_URI and self._memory_up():
            reply = await self._call(ctx, view, f"{MEMORY}.cards", {}, DEFAULT_TIMEOUT_S)
            return results.resource_contents(uri, "application/json", self._result_of(reply, uri))
        found = self.catalogue.read(uri)
        if found is None:
            self._refused("unknown")
            raise results.unknown_resource(uri)
        address, args = found
        ability = self.catalogue.abilities[address]
        reply = await self._call(ctx, view, address, args, ability.timeout_s)
        if not reply.ok and reply.error.cause == "not_found":
            raise results.unknown_resource(uri)
        return results.resource_contents(uri, ability.mime_type, self._result_of(reply, uri))

    async def _subscribe(self, ctx, params) -> types.EmptyResult:
        view = await self._view(ctx)
        if len(view.subscriptions) >= MAX_SUBSCRIPTIONS:
            raise MCPError(INVALID_REQUEST, f"at most {MAX_SUBSCRIPTIONS} subscriptions per client")
        uri = str(params.uri)
        if uri != MEMORY_URI and self.catalogue.read(uri) is None and not self.catalogue.resting:
            self._refused("unknown")  # (while an organ is away, the resource may be its own: it is kept)
            raise results.unknown_resource(uri)
        view.subscriptions.add(uri)
        await self._take_state({uri})
        return types.EmptyResult()

    async def _unsubscribe(self, ctx, params) -> types.EmptyResult:
        view = await self._view(ctx)
        view.subscriptions.discard(str(params.uri))
        return types.EmptyResult()

    def _subscribed(self) -> set[str]:
        uris = set()
        for view in self.views.all():
            uris |= view.subscriptions
            for listener in view.listeners:
                uris |= listener.uris
        return uris

    def _subscribed_readers(self) -> set[str]:
        readers = set()
        for uri in self._subscribed():
            found = f"{MEMORY}.cards" if uri == MEMORY_URI else (self.catalogue.read(uri) or ("",))[0]
            if found:
                readers.add(found)
        return readers

    async def _watch_resources(self) -> None:
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.resources_due.wait(), RESOURCE_POLL_S)
            self.resources_due.clear()
            for uri in self._subscribed():
                try:
                    digest = await self._resource_digest(uri)
                except (MCPError, MeshError) as exc:
                    log.debug("cannot read subscribed resource %s: %s", uri, exc)
                    continue
                before = self.resource_digests.get(uri)
                self.resource_digests[uri] = digest
                if before is None:  # known now
                    self.link.events_changed()
                elif before != digest:  # UNREAD too: a change made while its organ could not be read is one
                    await self._updated(uri)
            for uri in set(self.resource_digests) - self._subscribed():
                del self.resource_digests[uri]

    async def _take_state(self, uris: set[str]) -> None:
        """Take the current state of newly subscribed resources before the subscription is answered, so every
        change after it is told, and follow the mesh's calls from now on (not from the next beat)."""
        for uri in uris - set(self.resource_digests):
            try:
                self.resource_digests[uri] = await self._resource_digest(uri)
            except (MCPError, MeshError) as exc:  # the watch tries again, and tells its first reading as a change
                log.debug("cannot read subscribed resource %s: %s", uri, exc)
                self.resource_digests[uri] = UNREAD
                self.resources_due.set()
        if self.resource_digests:
            self.link.events_changed()

    async def _resource_digest(self, uri: str) -> str:
        if uri == MEMORY_URI:
            address, args = f"{MEMORY}.cards", {}
        else:
            found = self.catalogue.read(uri)
            if found is None:
                return ""
            address, args = found
        organ, _, ability = address.partition(".")
        reply = await self.link.call(organ, ability, args, wait_s=DEFAULT_TIMEOUT_S, session=self.session)
        return hashlib.sha256(json.dumps(reply.result if reply.ok else None, sort_keys=True, default=repr)
                              .encode()).hexdigest()

    async def _updated(self, uri: str) -> None:
        for view in self.views.all():
            if uri in view.subscriptions and view.channel is not None:
                await view.channel.send_resource_updated(uri)
            for listener in list(view.listeners):
                if uri in listener.uris:
                    listener(types.ResourceUpdatedNotification, uri)

    # -- subscriptions/listen (2026-07-28) ----------------------------------------------------

    async def _listen(self, ctx, params: types.SubscriptionsListenRequestParams) -> types.SubscriptionsListenResult:
        view = await self._view(ctx)
        if ctx.request_id is None:
            raise MCPError(INVALID_REQUEST, "subscriptions/listen requires a request id")
        wanted = params.notifications
        listener = _Listener(ctx.request_id, wanted)
        honored = types.SubscriptionFilter(
            tools_list_changed=True if wanted.tools_list_changed else None,
            prompts_list_changed=True if wanted.prompts_list_changed else None,
            resources_list_changed=True if wanted.resources_list_changed else None,
            resource_subscriptions=sorted(listener.uris) or None)
        meta = {SUBSCRIPTION_ID_META_KEY: ctx.request_id}
        view.listeners.add(listener)
        await self._take_state(listener.uris)
        try:
            await ctx.session.send_notification(types.SubscriptionsAcknowledgedNotification(
                params=types.SubscriptionsAcknowledgedNotificationParams(notifications=honored, _meta=meta)),
                related_request_id=ctx.request_id)
            while True:
                kind, uri = await listener.queue.get()
                if kind is None:
                    break
                params_ = (types.ResourceUpdatedNotificationParams(uri=uri, _meta=meta) if uri
                           else types.NotificationParams(_meta=meta))
                await ctx.session.send_notification(kind(params=params_), related_request_id=ctx.request_id)
        finally:
            view.listeners.discard(listener)
        return types.SubscriptionsListenResult(_meta=meta)

    # -- helpers ----------------------------------------------------------------------------

    def _memory_up(self) -> bool:
        return f"{MEMORY}.inject" in self.catalogue.abilities

    def _result_of(self, reply, what: str) -> Any:
        """A reply's result, or the JSON-RPC error that says why there is none."""
        if reply.ok:
            return reply.result
        e = reply.error
        message = results.error_text(e.message)
        if e.cause == "bad_params":
            raise results.bad_params(f"{what}: {message}")
        raise MCPError(INTERNAL_ERROR, f"{what} failed — cause: {e.cause}: {message}"[:500])


class _Listener:
    """One open subscriptions/listen stream of a client: what it asked for, and its bounded backlog."""

    MAX_BACKLOG = 256

    def __init__(self, request_id: Any, wanted: types.SubscriptionFilter) -> None:
        self.request_id = request_id
        self.kinds = {kind for kind, on in ((types.ToolListChangedNotification, wanted.tools_list_changed),
                                            (types.PromptListChangedNotification, wanted.prompts_list_changed),
                                            (types.ResourceListChangedNotification, wanted.resources_list_changed))
                      if on}
        self.uris = set(list(wanted.resource_subscriptions or ())[:MAX_SUBSCRIPTIONS])
        self.queue: asyncio.Queue = asyncio.Queue(self.MAX_BACKLOG)

    def __call__(self, kind: type, uri: str = "") -> None:
        if (kind is types.ResourceUpdatedNotification and uri in self.uris) or kind in self.kinds:
            try:
                self.queue.put_nowait((kind, uri))
            except asyncio.QueueFull:  # a client that stopped reading: end its stream, it re-listens
                with contextlib.suppress(asyncio.QueueEmpty):
                    self.queue.get_nowait()
                self.queue.put_nowait((None, ""))


class _PipeRequest:
    """The request side of a call answered beside the SDK's server, on a stdio connection (one pipe: what a
    request sends reaches the client exactly as what the connection sends). It asked for no progress."""

    def __init__(self, outbound: Any) -> None:
        self.outbound = outbound

    async def send_raw_request(self, method: str, params: Any, opts: Any = None) -> dict:
        """Send the client a request (an organ's question) and wait for its answer."""
        return await self.outbound.send_raw_request(method, params, opts)

    async def notify(self, method: str, params: Any, opts: Any = None) -> None:
        """Send the client a notification."""
        await self.outbound.notify(method, params, opts)

    async def progress(self, *_: Any) -> None:
        """Nothing: the request carried no progress token (only such requests come this way)."""


async def _precise_errors(ctx, call_next):
    """The SDK's bare "Invalid request parameters" (-32602, no data) with its reason: which param does not fit
    and why, or that the request came before the handshake."""
    try:
        return await call_next(ctx)
    except ValidationError as exc:
        raise (results.params_problem(exc) or exc) from None
    except MCPError as exc:
        connection = getattr(ctx.session, "_connection", None)
        if (exc.error.code == INVALID_PARAMS and exc.error.data == "" and connection is not None
                and not connection.initialize_accepted and ctx.method != "ping"):
            raise results.not_initialized(ctx.method) from None
        raise


def _client(ctx) -> tuple[Hashable, Any, Any]:
    """Who a request comes from: (a key for its client, the connection to reach it unasked, the connection)."""
    connection = getattr(ctx.session, "_connection", None)
    if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
        return ("session", connection), connection, connection
    if connection is not None and connection.has_standalone_channel:
        return ("pipe", connection.outbound), None, connection  # one stdio pipe is one client
    params = connection.client_params if connection is not None else None
    info = params.client_info if params is not None else None
    # 2026-07-28 over HTTP: no connection or session exists; clients are told apart by what they declare
    return (DECLARED, info.name if info else "", info.version if info else ""), None, connection


def _version() -> str:
    from broker import __version__

    return __version__


def _tool_answer(request_id: Any, address: str, reply: Reply, protocol_version: str) -> dict:
    """A tools/call's JSON-RPC answer in its wire form, for a call answered beside the SDK's server."""
    try:
        result = results.tool_answer(reply, protocol_version)
    except ValidationError:
        log.exception("a tools/call result of %s does not fit the protocol", address)
        raise MCPError(INTERNAL_ERROR, "Handler returned an invalid result") from None
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def _answer_of(request_id: Any, address: str, reply: Reply, protocol_version: str) -> dict:
    """A tools/call's answer in its wire form, or the error its result makes (as `_answer_beside` gives)."""
    try:
        return _tool_answer(request_id, address, reply, protocol_version)
    except Exception as exc:
        return _error_answer(request_id, address, exc)


def _error_answer(request_id: Any, address: str, exc: Exception) -> dict:
    """The JSON-RPC error the SDK's dispatcher makes of a handler's exception, in its wire form."""
    error = _handler_error(address, exc)
    return {"jsonrpc": "2.0", "id": request_id, "error": error.model_dump(by_alias=True, exclude_none=True)}


def _handler_error(address: str, exc: Exception) -> ErrorData:
    """The error the SDK's dispatcher makes of a handler's exception."""
    error = handler_exception_to_error_data(exc)
    if error is None:
        log.exception("tools/call of %s raised", address)
        error = ErrorData(code=0, message=str(exc))
    return error
