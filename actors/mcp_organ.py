"""An MCP server as an organ: its tools as abilities with their annotations, the server unchanged.

Its tools are screened first (actors/tool_screen.py): one whose name MCP does not allow is refused, a text that
reads as an instruction to a model is withheld, and the heart is told which, for the owner.

The organ speaks MCP's stdio transport itself (actors/mcp_stdio.py) on its loop's own thread: a call is
written to the server's stdin as it arrives and its reply sent on when the server's line is read, with no
thread or event loop in between. Handshake and tool list happen before registration; a tools/list_changed
notification reads the list again and registers anew. If the server process ends (or stops answering
pings), the organ aborts so the supervisor restarts both.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any, Callable

from actors import schema, tool_screen
from actors.jsonline import REQUEST_CANCELLED
from actors.mcp_stdio import (HANDSHAKE_VERSIONS, METHOD_NOT_FOUND, OFFERED_VERSION, SERVER_GONE, StdioServer,
                              describe_error)
from actors.organ import Organ, Pump
from broker.errors import BadParams, ToolMissing
from broker.protocol import Ability, Call, Failure, Reply, Screening
from broker.vocab import Cause

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 60.0  # npx may install a server on its first start
DEFAULT_TIMEOUT_S = 60.0
PING_EVERY_S = 1.0  # how soon a server that stopped answering is noticed between calls
MAX_PAGES = 100  # of a tool list read (tools/list pages), with tool_screen.MAX_TOOLS tools at most
HUNG_SHARE = 0.5  # a call unanswered at its deadline while a ping waited this share of its time: a hung server
CLIENT_INFO = {"name": "actors", "version": "1"}


class McpOrgan(Organ):
    """Wraps one MCP server started by `command` (stdio); its calls run on the loop (begin), never on workers."""

    def __init__(self, name: str = "", options: dict | None = None, workdir: str = ".",
                 command: list[str] | None = None) -> None:
        super().__init__(name, options, workdir)
        if not command:
            raise ValueError("an MCP organ needs the server's command")
        self.command = command
        self.tools: dict[str, Ability] = {}
        self.screenings: tuple[Screening, ...] = ()  # of the server's tools, those refused or with a text withheld
        self.logged: set[Screening] = set()  # told to the log: not again at every list the server sends again
        self.timeout_s = float(self.options.get("timeout_s", DEFAULT_TIMEOUT_S))
        self.server: StdioServer | None = None
        self.listing: list[dict] | None = None  # the tools of the pages read so far while the list is read again
        self.relist = False  # the server said its list changed while it was being read
        self.pinged = 0.0  # when the last ping was answered (or sent, while one waits)
        self.ping_waiting = False
        self.requests: dict[str, int] = {}  # a call waiting for the server -> its request id there

    # -- life cycle -----------------------------------------------------------------------

    def on_start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ACTORS_")}  # never leak the token
        try:
            self.server = StdioServer(self.command, env, os.getcwd(), self._on_message, self._gone)
            initialized = self.server.wait("initialize", {
                "protocolVersion": OFFERED_VERSION, "capabilities": {}, "clientInfo": CLIENT_INFO}, READY_TIMEOUT_S)
            version = initialized.get("protocolVersion")
            if version not in HANDSHAKE_VERSIONS:
                raise RuntimeError(f"it speaks MCP {version!r}, not one of {', '.join(HANDSHAKE_VERSIONS)}")
            self.server.notify("notifications/initialized")
            tools, cursor, pages = [], None, 0
            while True:
                page = self.server.wait("tools/list", {"cursor": cursor} if cursor else None, READY_TIMEOUT_S)
                tools, cursor, pages = tools + _tools_of(page), page.get("nextCursor"), pages + 1
                if not cursor or not more_pages(pages, len(tools), self.command[0]):
                    break
        except (OSError, RuntimeError, TimeoutError) as exc:
            if self.server is not None:
                self.server.close()
            raise RuntimeError(f"MCP server {self.command[0]} did not start: {exc}") from None
        self._adopt(tools)
        self.pinged = time.monotonic()
        self.pump = _Pinging(self)
        log.info("MCP server %s ready with %d tools", self.command[0], len(self.tools))

    def on_stop(self) -> None:
        if self.server is not None:
            self.server.close()

    def _gone(self, why: str) -> None:
        self.abort(why)  # "the MCP server ended: killed by SIGKILL", "the MCP server: its output closed"

    def _on_message(self, message: dict) -> None:
        method = message["method"]
        if "id" in message:  # the server asks: a ping is answered, nothing else is offered
            if method == "ping":
                self.server.respond(message["id"])
            else:
                self.server.respond(message["id"], error={"code": METHOD_NOT_FOUND,
                                                          "message": f"the client does not offer {method}"})
        elif method == "notifications/tools/list_changed":
            if self.listing is None:
                self._list_again()
            else:  # one reading at a time: the list is read once more after it, however often the server says so
                self.relist = True

    def _list_again(self, cursor: str | None = None, pages: int = 0) -> None:
        """Read the tool list again (page by page, on the loop) and tell the heart when it is complete."""
        if cursor is None:
            self.listing, self.relist = [], False

        def answered(response: dict | None) -> None:
            page = (response or {}).get("result")
            if not isinstance(page, dict):
                log.warning("the MCP server did not list its tools again: %s",
                            describe_error((response or {}).get("error", "no answer")))
                self._listed()
                return
            self.listing += _tools_of(page)
            if page.get("nextCursor") and more_pages(pages + 1, len(self.listing), self.command[0]):
                self._list_again(page["nextCursor"], pages + 1)
                return
            self._adopt(self.listing)
            self.manifest_changed()
            self._listed()

        self.server.request("tools/list", {"cursor": cursor} if cursor else None,
                            time.monotonic() + self.timeout_s, answered)

    def _listed(self) -> None:
        """A reading of the list ended: read it again if the server said it changed meanwhile."""
        self.listing = None
        if self.relist:
            self._list_again()

    def _adopt(self, tools: list[dict]) -> None:
        kept, self.screenings = tool_screen.screen(tools)
        for screening in self.screenings:
            if screening not in self.logged:
                log.warning("MCP server %s, tool %r: %s", self.command[0], screening.tool, screening.why)
        self.logged = set(self.screenings)  # those of the current list: a server changing it at will grows nothing
        self.tools = {t["name"]: ability_of(t, self.timeout_s) for t in kept}

    def _ping(self, now: float) -> None:
        if self.ping_waiting or now < self.pinged + PING_EVERY_S:
            return
        self.ping_waiting, self.pinged = True, now

        def answered(response: dict | None) -> None:
            self.ping_waiting, self.pinged = False, time.monotonic()
            if response is None:
                self.abort(f"the MCP server did not answer a ping within {self.timeout_s:g}s")

        self.server.request("ping", None, now + self.timeout_s, answered)

    # -- the organ ------------------------------------------------------------------------

    def abilities(self) -> tuple[Ability, ...]:
        return tuple(self.tools.values())

    def screened(self) -> tuple[Screening, ...]:
        return self.screenings

    def timeout_of(self, name: str) -> float:
        ability = self.tools.get(name)
        return ability.timeout_s if ability is not None else self.timeout_s

    def begin(self, call: Call, deadline: float, finish: Callable[[Reply], None]) -> bool:
        started = time.monotonic()
        ability = self.tools.get(call.ability)
        problem = schema.check(ability.params, call.args) if ability is not None else ""
        if ability is None or problem:
            error = (ToolMissing(f"MCP server {self.name} has no tool {call.ability!r}") if ability is None
                     else BadParams(problem, hint="fix the arguments to match the tool's inputSchema"))
            finish(Reply(id=call.id, ok=False, error=self.on_failure(call, error), duration_s=0.0))
            return True
        if started >= deadline:
            finish(self.handle(call, deadline))  # the SDK's answer to a call whose deadline passed before it ran
            return True

        def answered(response: dict | None) -> None:
            self.requests.pop(call.id, None)
            now = time.monotonic()
            finish(reply_of(call, response, now - started, deadline - started,
                            now - self.pinged if self.ping_waiting else 0.0))

        request_id = self.server.request("tools/call", {"name": call.ability, "arguments": call.args}, deadline,
                                         answered)
        if not self.server.gone:  # answered at once otherwise
            self.requests[call.id] = request_id
        return True

    def on_cancel(self, call_id: str) -> None:
        request_id = self.requests.pop(call_id, None)
        if request_id is not None:  # the server is told (MCP notifications/cancelled) and no longer waited for
            self.server.cancel(request_id, "its caller cancelled it")

    def on_call(self, call: Call) -> Any:
        raise ToolMissing(f"MCP server {self.name} has no tool {call.ability!r}")  # calls go through begin()


class _Pinging(Pump):
    """The server's pump, with the organ's pings to it between calls."""

    def __init__(self, organ: McpOrgan) -> None:
        self.organ = organ
        self.server = organ.server

    def descriptors(self) -> dict[int, bool]:
        return self.server.descriptors()

    def ready(self, fd: int, readable: bool, writable: bool) -> None:
        self.server.ready(fd, readable, writable)

    def due(self) -> float:
        due = self.server.due()
        if self.organ.ping_waiting:  # its answer (or its deadline, among the server's) comes first
            return due
        ping_at = self.organ.pinged + PING_EVERY_S
        return due if due < ping_at else ping_at

    def expire(self, now: float) -> None:
        self.server.expire(now)
        if not self.server.gone:
            self.organ._ping(now)


def _tools_of(page: Any) -> list:
    """The tools of a tools/list page (none when it holds no list)."""
    tools = page.get("tools") if isinstance(page, dict) else None
    return tools if isinstance(tools, list) else []


def more_pages(read: int, tools: int, server: str) -> bool:
    """Tell whether the next page of a tool list is asked for, after `read` pages holding `tools` tools: not past
    MAX_PAGES pages or tool_screen.MAX_TOOLS tools (a server paging for ever would hold the organ for ever)."""
    if read < MAX_PAGES and tools <= tool_screen.MAX_TOOLS:
        return True
    log.warning("MCP server %s lists more than %d pages or %d tools: the rest of its list is not read", server,
                MAX_PAGES, tool_screen.MAX_TOOLS)
    return False


def ability_of(tool: dict, timeout_s: float) -> Ability:
    """An MCP tool object (as listed) as an ability, its annotations as side-effect facts, its title and output
    schema kept for the front door to list as the server does."""
    hints = tool.get("annotations") if isinstance(tool.get("annotations"), dict) else {}
    read_only = hints.get("readOnlyHint") is True
    params = tool.get("inputSchema") if isinstance(tool.get("inputSchema"), dict) else {}
    output = tool.get("outputSchema") if isinstance(tool.get("outputSchema"), dict) else {}
    open_world = hints.get("openWorldHint")
    return Ability(name=tool["name"], description=str(tool.get("description") or ""), params=params,
                   read_only=read_only, idempotent=hints.get("idempotentHint") is True or read_only,
                   destructive=hints.get("destructiveHint") is True, timeout_s=timeout_s,
                   title=tool["title"] if isinstance(tool.get("title"), str) else "", output=output,
                   open_world=open_world if isinstance(open_world, bool) else None)


def reply_of(call: Call, response: dict | None, took_s: float, budget_s: float, ping_silent_s: float = 0.0) -> Reply:
    """The reply to a tools/call from the server's response (None: no answer by the call's deadline).

    A call left unanswered while the server has not answered a ping either, for at least HUNG_SHARE of the call's
    time (`ping_silent_s`), failed on a hung server, not a slow tool: the organ restarts that server once the ping's
    own deadline passes, so a longer timeout would not help, and the caller is told so.

    Only the server's end is named here; any other JSON-RPC error goes to the heart as "unknown" with its code in
    the message, and broker.causes names it from code and text together (MCP answers an unknown tool, too, with
    -32602 invalid params). A tool that ran and failed is a result with isError, judged by the heart likewise."""
    if response is None and ping_silent_s >= HUNG_SHARE * budget_s:
        return Reply(id=call.id, ok=False, duration_s=took_s, error=Failure(
            Cause.ORGAN_UNHEALTHY, f"the MCP server answered neither {call.ability} within {budget_s:.3g}s nor a ping "
            f"sent {ping_silent_s:.3g}s ago: it is hung, and its organ restarts it if that ping stays unanswered",
            type="TimeoutError"))
    if response is None:
        return Reply(id=call.id, ok=False, duration_s=took_s, error=Failure(  # the heart adds the hint
            Cause.TIMEOUT, f"the MCP server did not answer {call.ability} within {budget_s:.3g}s", type="TimeoutError"))
    if "error" in response:
        error = response["error"] if isinstance(response["error"], dict) else {}
        code = error.get("code")
        cause = (Cause.CRASHED if code == SERVER_GONE else Cause.CANCELLED if code == REQUEST_CANCELLED
                 else Cause.UNKNOWN)
        return Reply(id=call.id, ok=False, duration_s=took_s, error=Failure(
            cause, describe_error(error), type="ServerExited" if code == SERVER_GONE else "McpError"))
    result = response.get("result")
    return Reply(id=call.id, ok=True, result=result if isinstance(result, dict) else {"content": []},
                 duration_s=took_s)
