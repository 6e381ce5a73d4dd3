"""The running mesh as an MCP server for an agent: the exposed abilities as tools, calls through the heart.

tools/list gives the exposure for the current instruction plus `find_abilities`; when the exposed set
changes (a new instruction, a find) the server sends notifications/tools/list_changed. tools/call goes
through the heart, so the healer gates it and memory journals it; failures are isError results that say
the cause, the decision and a hint. Memory is offered as a prompt (`memory`) and a resource (memory://cards).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any

import anyio.to_thread
from mcp import types
from mcp.server.lowlevel import Server

from actors.client import Client
from broker.errors import MeshError
from broker.home import Home

log = logging.getLogger(__name__)

FIND = "find_abilities"
FOUND_LIMIT = 8  # abilities a find pins into the exposure
SEP = "__"  # organ__tool: tool names agents accept (no dots)
MEMORY_URI = "memory://cards"
NOTIFY_TIMEOUT_S = 5.0


class MeshServer:
    """Serves one mesh (by its home) to MCP clients."""

    def __init__(self, home: Home, session: str = "mcp") -> None:
        self.home = home
        self.session = session
        self.local = threading.local()
        self.sessions: set[Any] = set()
        self.exposed: tuple[str, ...] = ()
        self.names: dict[str, str] = {}  # tool name sent to the agent -> organ.ability
        self.stopping = threading.Event()
        self.server = Server("actors", version=_version(), instructions=(
            "Tools of a supervised mesh of plugins. Only the tools relevant to the current task are listed; "
            f"call {FIND} with a short description of what you need to reach any other."),
            on_list_tools=self._list_tools, on_call_tool=self._call_tool, on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt, on_list_resources=self._list_resources,
            on_read_resource=self._read_resource)

    # -- transports -----------------------------------------------------------------------

    def options(self):
        """Initialization options: tools, prompts and resources, with list_changed for tools."""
        from mcp.server.lowlevel.server import NotificationOptions

        return self.server.create_initialization_options(NotificationOptions(tools_changed=True))

    async def run_stdio(self) -> None:
        """Serve over stdin/stdout until the client closes them."""
        from mcp.server.stdio import stdio_server

        self._start_watching()
        try:
            async with stdio_server() as (read, write):
                await self.server.run(read, write, self.options())
        finally:
            self.stopping.set()

    def run_http(self, host: str, port: int) -> None:
        """Serve Streamable HTTP on host:port (Origin and Host checked against loopback by default)."""
        import uvicorn

        app = self.server.streamable_http_app(host=host)
        self._start_watching()
        try:
            uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run()
        finally:
            self.stopping.set()

    def _start_watching(self) -> None:
        threading.Thread(target=self._watch_blood, name="blood", daemon=True).start()

    # -- tools ----------------------------------------------------------------------------

    async def _list_tools(self, ctx, params) -> types.ListToolsResult:
        self._remember(ctx)
        exposure = await anyio.to_thread.run_sync(lambda: self._client().control("expose"))
        self.exposed = tuple(exposure["exposed"])
        self.names.update(exposure["names"])
        return types.ListToolsResult(tools=[types.Tool.model_validate(t) for t in exposure["tools"]])

    async def _call_tool(self, ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        self._remember(ctx)
        args = params.arguments or {}
        if params.name == FIND:
            return await anyio.to_thread.run_sync(self._find, str(args.get("query", "")))
        address = self.names.get(params.name) or params.name.replace(SEP, ".", 1)
        organ, _, ability = address.partition(".")
        reply = await anyio.to_thread.run_sync(
            lambda: self._client().call(organ, ability, args, session=self.session))
        return _result(reply)

    def _find(self, query: str) -> types.CallToolResult:
        client = self._client()
        answer = client.control("expose", intent=query)
        found = answer["exposed"][:FOUND_LIMIT]
        client.control("expose", pin=found)  # they stay in the tool table for the next turns
        self.names.update(answer["names"])
        by_address = {address: name for name, address in answer["names"].items()}
        descriptions = {t["name"]: t.get("description", "") for t in answer["tools"]}
        lines = [f"{by_address.get(a, a)}: {descriptions.get(by_address.get(a, ''), '')}" for a in found]
        text = "\n".join(lines) or "no ability matches; describe the task differently"
        self._notify_if_changed()
        return types.CallToolResult(content=[types.TextContent(text=text)], structured_content={"found": found})

    # -- memory ---------------------------------------------------------------------------

    async def _list_prompts(self, ctx, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(
            name="memory", description="What the mesh remembers that bears on a task (advisory).",
            arguments=[types.PromptArgument(name="task", description="The task at hand.", required=False)])])

    async def _get_prompt(self, ctx, params) -> types.GetPromptResult:
        if params.name != "memory":
            raise ValueError(f"no prompt named {params.name!r}")
        task = (params.arguments or {}).get("task", "")
        text = await anyio.to_thread.run_sync(self._memory_text, task)
        return types.GetPromptResult(description="Advisory memory from past sessions.", messages=[
            types.PromptMessage(role="user", content=types.TextContent(text=text))])

    async def _list_resources(self, ctx, params) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[types.Resource(
            name="memory-cards", uri=MEMORY_URI, mime_type="application/json",
            description="The memory cards distilled from past sessions.")])

    async def _read_resource(self, ctx, params) -> types.ReadResourceResult:
        if str(params.uri) != MEMORY_URI:
            raise ValueError(f"no resource {params.uri}")
        cards = await anyio.to_thread.run_sync(self._memory_cards)
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=MEMORY_URI, mime_type="application/json", text=json.dumps(cards, ensure_ascii=False))])

    def _memory_text(self, task: str) -> str:
        reply = self._client().call("memory", "inject", {"query": task, "session": self.session})
        if reply.ok and isinstance(reply.result, dict):
            return str(reply.result.get("text", ""))
        return "" if not reply.ok else str(reply.result)

    def _memory_cards(self) -> Any:
        reply = self._client().call("memory", "cards", {})
        return reply.result if reply.ok else {"cards": [], "error": reply.error.message}

    # -- change notifications -------------------------------------------------------------

    def _remember(self, ctx) -> None:
        self.loop = asyncio.get_running_loop()
        session = getattr(ctx, "session", None)
        if session is not None:
            self.sessions.add(session)

    def _watch_blood(self) -> None:
        # a thread: the blood stream is a blocking ZeroMQ SUB
        while not self.stopping.is_set():
            try:
                with Client(self.home) as client:
                    for beat in client.blood(timeout_s=5):
                        if self.stopping.is_set():
                            return
                        if beat.exposed != self.exposed and self.sessions:
                            self.exposed = beat.exposed
                            self._notify()
            except MeshError as exc:
                log.warning("blood: %s", exc)
                self.stopping.wait(1.0)

    def _notify_if_changed(self) -> None:
        exposed = tuple(self._client().control("expose")["exposed"])
        if exposed != self.exposed:
            self.exposed = exposed
            self._notify()

    def _notify(self) -> None:
        for session in list(self.sessions):
            try:
                asyncio.run_coroutine_threadsafe(session.send_tool_list_changed(), self.loop).result(NOTIFY_TIMEOUT_S)
            except Exception as exc:  # a closed session: forget it
                log.info("cannot notify a session: %s", exc)
                self.sessions.discard(session)

    def _client(self) -> Client:
        client = getattr(self.local, "client", None)
        if client is None:
            client = self.local.client = Client(self.home)
        return client


def _result(reply) -> types.CallToolResult:
    if reply.ok:
        result = reply.result
        if isinstance(result, dict) and isinstance(result.get("content"), list):
            return types.CallToolResult.model_validate(result)  # a wrapped MCP server's own result
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        return types.CallToolResult(content=[types.TextContent(text=text)],
                                    structured_content=result if isinstance(result, dict) else None)
    e = reply.error
    text = (f"[actors] call failed — cause: {e.cause}; decision: {e.decision or 'refer'}; retries: {e.retried}\n"
            f"{e.message}" + (f"\nhint: {e.hint}" if e.hint else ""))
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


def _version() -> str:
    from broker import __version__

    return __version__
