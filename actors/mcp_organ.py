"""An MCP server as an organ: the official SDK's stdio client, its tools as abilities, the server unchanged.

The MCP client is asynchronous; it runs on an event loop in a thread of its own, and the organ's worker
threads hand it calls. If the server process ends, the organ aborts so the supervisor restarts both.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

from actors import schema
from actors.organ import Organ
from broker.errors import BadParams, ToolMissing
from broker.protocol import Ability, Call

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 60.0  # npx may install a server on its first start
DEFAULT_TIMEOUT_S = 60.0
PING_EVERY_S = 1.0  # how soon a dead server is noticed between calls


class McpOrgan(Organ):
    """Wraps one MCP server started by `command` (stdio)."""

    workers = 8

    def __init__(self, name: str = "", options: dict | None = None, workdir: str = ".",
                 command: list[str] | None = None) -> None:
        super().__init__(name, options, workdir)
        if not command:
            raise ValueError("an MCP organ needs the server's command")
        self.command = command
        self.tools: dict[str, Ability] = {}
        self.timeout_s = float(self.options.get("timeout_s", DEFAULT_TIMEOUT_S))
        self.ready = threading.Event()
        self.failure = ""

    # -- life cycle -----------------------------------------------------------------------

    def on_start(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run_loop, name="mcp-client", daemon=True)
        self.thread.start()
        if not self.ready.wait(READY_TIMEOUT_S) or self.failure:
            raise RuntimeError(f"MCP server {self.command[0]} did not start: {self.failure or 'timed out'}")
        log.info("MCP server %s ready with %d tools", self.command[0], len(self.tools))

    def on_stop(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(timeout=3.0)

    def _run_loop(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.stopping = asyncio.Event()
        try:
            self.loop.run_until_complete(self._serve())
            why = "the MCP session ended"
        except BaseException as exc:  # the server died or the session broke: the organ must go with it
            why = f"the MCP server failed: {_describe(exc)}"
        if not self.stopping.is_set():
            self.failure = why
            self.ready.set()
            self.abort(why)

    async def _serve(self) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        env = {k: v for k, v in os.environ.items() if not k.startswith("ACTORS_")}  # never leak the token
        params = StdioServerParameters(command=self.command[0], args=self.command[1:], env=env, cwd=os.getcwd())
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, message_handler=self._on_message) as session:
                self.session = session
                await session.initialize()
                await self._list_tools()
                self.ready.set()
                while not self.stopping.is_set():
                    try:
                        await asyncio.wait_for(self.stopping.wait(), PING_EVERY_S)
                    except asyncio.TimeoutError:
                        await asyncio.wait_for(session.send_ping(), self.timeout_s)

    async def _list_tools(self) -> None:
        tools, cursor = [], None
        while True:
            page = await self.session.list_tools(cursor=cursor) if cursor else await self.session.list_tools()
            tools.extend(page.tools)
            cursor = getattr(page, "next_cursor", None)
            if not cursor:
                break
        self.tools = {t.name: _ability(t, self.timeout_s) for t in tools}

    async def _on_message(self, message: Any) -> None:
        # the server's tool list changed: read it again and tell the heart
        if type(getattr(message, "root", message)).__name__ == "ToolListChangedNotification":
            await self._list_tools()
            self.manifest_changed()

    # -- the organ ------------------------------------------------------------------------

    def abilities(self) -> tuple[Ability, ...]:
        return tuple(self.tools.values())

    def on_call(self, call: Call) -> Any:
        ability = self.tools.get(call.ability)
        if ability is None:
            raise ToolMissing(f"MCP server {self.name} has no tool {call.ability!r}")
        problem = schema.check(ability.params, call.args)
        if problem:
            raise BadParams(problem, hint="fix the arguments to match the tool's inputSchema")
        future = asyncio.run_coroutine_threadsafe(self.session.call_tool(call.ability, call.args), self.loop)
        result = future.result(timeout=self.timeout_s)
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)


def _ability(tool: Any, timeout_s: float) -> Ability:
    hints = tool.annotations
    read_only = bool(hints and hints.read_only_hint)
    return Ability(name=tool.name, description=tool.description or "", params=tool.input_schema or {},
                   read_only=read_only, idempotent=bool(hints and hints.idempotent_hint) or read_only,
                   destructive=bool(hints and hints.destructive_hint), timeout_s=timeout_s)


def _describe(exc: BaseException) -> str:
    inner = getattr(exc, "exceptions", None)
    if inner:  # a task group's ExceptionGroup: the first cause says the most
        return _describe(inner[0])
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
