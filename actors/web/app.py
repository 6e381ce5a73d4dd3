"""The console's HTTP side: a Starlette app behind the `Guard`, JSON for the page and a server-sent stream.

Routes (every one behind the guard; changes are DELETE or POST only, so a GET on them answers 405):
  GET  /                          the page (its CSRF token in a meta tag; no inline script)
  GET  /static/NAME               the page's script, style and icon, from this package
  GET  /api/live                  the living mesh: heart, organs, alerts, exposure, plot series, events
  GET  /api/stream                the same, pushed as server-sent events whenever it changes
  GET  /api/exposure              what the heart offers for the current instruction (tools, names, tokens)
  GET  /api/saved                 what the mesh saved, with the inputs of each figure
  GET  /api/memory/judgments      the judgments portrait
  DELETE /api/memory/judgments/ID withdraw a judgment
  GET  /api/memory/cards          a page of cards (kind, q, offset, limit; state=gone: retired and forgotten)
  GET  /api/memory/cards/ID       one card with its evidence and state (live, retired, forgotten) and reason
  POST /api/memory/cards/ID/forget  forget a card for good
  GET  /api/memory/export/WHAT    skill | agents | snapshot, as a download
  POST /api/memory/import         merge a JSON snapshot (refused whole, nothing changed, when bad)
Nothing here calls an organ: the heart is asked only read-only control commands (`watch.Mesh`).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import threading
import urllib.request
from collections import Counter
from dataclasses import dataclass
from http.cookies import SimpleCookie
from importlib import resources
from typing import Any, Callable
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request as HttpRequest
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from actors import peers
from actors.memory.db import MemoryUnavailable
from actors.memory.snapshot import MAX_BYTES as MAX_IMPORT_BYTES
from actors.web import saved
from actors.web.live import Live
from actors.web.memory import EXPORTS, MemoryView, SnapshotRefused
from actors.web.security import (CSRF_HEADER, SECURITY_HEADERS, Keys, Refusal, Request, Session, Site, Ticket,
                                 clock, cookie_header, decide)
from actors.web.watch import Mesh, Watcher
from actors.why import REASONS_SHOWN, reason_text
from broker.errors import MeshError
from broker.home import Home

log = logging.getLogger(__name__)

MAX_STREAMS = 16  # open server-sent streams; more get 503
STREAM_GAP_S = 0.25  # at most four updates a second per stream, whatever the beat
KEEPALIVE_S = 15.0
METRICS_TIMEOUT_S = 1.0
EXPOSE_TIMEOUT_S = 5.0  # selection runs in the heart's exposure worker, which may be busy a moment
MAX_CARD_ID = 2**63 - 1  # the largest integer SQLite stores: a card id past it names no card
STATIC = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8",
          "icon.svg": "image/svg+xml"}
LOCKED = ("<!doctype html><html lang=en><head><meta charset=utf-8><title>actors web: locked</title></head><body>"
          "<h1>This console is locked</h1><p>{reason}.</p><p>Open the URL that <code>actors web</code> printed when "
          "it started: it carries a token that is new at every start.</p></body></html>")
SPENT = ("<!doctype html><html lang=en><head><meta charset=utf-8><title>actors web: link used</title></head><body>"
         "<h1>This link no longer opens the console</h1><p>{reason}.</p><p>The URL that <code>actors web</code> "
         "prints opens one session, in the first browser that opens it, and only within {minutes:g} minutes of "
         "the start. Stop <code>actors web</code> (Ctrl-C) and start it again, then open the new URL it prints. "
         "A browser that already opened this console keeps its session.</p></body></html>")
ENDED = ("<!doctype html><html lang=en><head><meta charset=utf-8><title>actors web: session ended</title></head>"
         "<body><h1>This console's session has ended</h1><p>{reason}.</p><p>Stop <code>actors web</code> (Ctrl-C) "
         "and start it again, then open the new URL it prints.</p></body></html>")
SESSION_ENDED = (Refusal.SESSION_IDLE, Refusal.SESSION_EXPIRED)
PAGES = {Refusal.TOKEN_SPENT: SPENT, Refusal.TOKEN_EXPIRED: SPENT, Refusal.SESSION_IDLE: ENDED,
         Refusal.SESSION_EXPIRED: ENDED}  # the page a refused browser gets; LOCKED for any other refusal


class Broadcast:
    """Wakes the open streams when `Live` changes; `notify` may be called from any thread, as often as it likes."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiters: set[asyncio.Event] = set()
        self.pending = threading.Event()
        self.closing = False  # the server is stopping: open streams end, so the shutdown waits for none of them

    def close(self) -> None:
        """End every open stream at its next turn (from any thread, e.g. a signal handler)."""
        self.closing = True
        self.notify()

    def notify(self) -> None:
        """Say that something changed (coalesced: one wake-up per turn of the event loop)."""
        loop = self.loop
        if loop is None or self.pending.is_set():
            return
        self.pending.set()
        try:
            loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the loop closed: the server is stopping
            pass

    def _wake(self) -> None:
        self.pending.clear()
        for waiter in self.waiters:
            waiter.set()


@dataclass
class Console:
    """One console: the mesh it watches, its memory, its keys and the page."""

    home: Home
    keys: Keys
    site: Site
    on_ready: Callable[[], None] = lambda: None
    ticket: Ticket | None = None  # the start token's life; a new one from now when not given
    session: Session | None = None  # the session's life (its live streams use it); a new one from now when not given
    remote_allowed: bool = False  # served on a non-loopback address: peers of other machines are served too

    def __post_init__(self) -> None:
        self.live = Live(home=str(self.home.path))
        self.broadcast = Broadcast()
        self.watcher = Watcher(self.home, self.live, self.broadcast.notify)
        self.mesh = Mesh(self.home)
        self.memory = MemoryView(self.home.path)
        files = resources.files("actors.web") / "static"
        self.static = {name: (files / name).read_bytes() for name in STATIC}
        page = (files / "index.html").read_text(encoding="utf-8")
        self.page = page.replace("{{csrf}}", html.escape(self.keys.csrf)).replace(
            "{{home}}", html.escape(str(self.home.path))).encode()
        self._view: tuple[int, bytes] = (-1, b"")

    def app(self) -> Any:
        """The ASGI application: the routes behind the guard."""
        routes = [
            Route("/", self.index, methods=["GET"]),
            Route("/static/{name}", self.asset, methods=["GET"]),
            Route("/api/live", self.live_now, methods=["GET"]),
            Route("/api/stream", self.stream, methods=["GET"]),
            Route("/api/exposure", self.exposure, methods=["GET"]),
            Route("/api/saved", self.saved, methods=["GET"]),
            Route("/api/memory/judgments", self.judgments, methods=["GET"]),
            Route("/api/memory/judgments/{ident:int}", self.withdraw, methods=["DELETE"]),
            Route("/api/memory/cards", self.cards, methods=["GET"]),
            Route("/api/memory/cards/{ident:int}", self.card, methods=["GET"]),
            Route("/api/memory/cards/{ident:int}/forget", self.forget, methods=["POST"]),
            Route("/api/memory/export/{what}", self.export, methods=["GET"]),
            Route("/api/memory/import", self.import_snapshot, methods=["POST"]),
        ]
        self.session = self.session or Session(clock())
        return Guard(Starlette(routes=routes, lifespan=self._lifespan), self.keys, self.site,
                     self.ticket or Ticket(clock()), remote_allowed=self.remote_allowed, session=self.session)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Any):
        self.broadcast.loop = asyncio.get_running_loop()
        self.watcher.start()
        self.on_ready()
        try:
            yield
        finally:
            self.watcher.stop()
            self.mesh.close()
            await run_in_threadpool(self.memory.close)

    # -- page -----------------------------------------------------------------------------

    async def index(self, request: HttpRequest) -> Response:
        return Response(self.page, media_type="text/html; charset=utf-8")

    async def asset(self, request: HttpRequest) -> Response:
        name = request.path_params["name"]
        if name not in self.static:
            return JSONResponse({"error": f"no file {name[:64]!r}"}, status_code=404)
        return Response(self.static[name], media_type=STATIC[name])

    # -- the living mesh ------------------------------------------------------------------

    def view_json(self) -> bytes:
        """The live view as JSON, encoded once per version whatever the number of readers."""
        version, data = self._view
        if version != self.live.version:
            version = self.live.version
            data = json.dumps(self.live.view(), ensure_ascii=False, separators=(",", ":")).encode()
            self._view = (version, data)
        return data

    async def live_now(self, request: HttpRequest) -> Response:
        return Response(self.view_json(), media_type="application/json")

    async def stream(self, request: HttpRequest) -> Response:
        if len(self.broadcast.waiters) >= MAX_STREAMS:
            return JSONResponse({"error": f"too many open consoles (at most {MAX_STREAMS})"}, status_code=503)
        waiter = asyncio.Event()
        self.broadcast.waiters.add(waiter)

        async def events():
            try:
                yield b"retry: 2000\n\n"
                sent = -1
                while not self.broadcast.closing:
                    if not self.session.use(clock()):
                        return  # an open page uses its session; once it is over, the page's next request says so
                    if sent != self.live.version:
                        sent = self.live.version
                        yield b"event: live\ndata: " + self.view_json() + b"\n\n"
                        await asyncio.sleep(STREAM_GAP_S)
                        continue
                    waiter.clear()
                    try:
                        await asyncio.wait_for(waiter.wait(), KEEPALIVE_S)
                    except asyncio.TimeoutError:
                        yield b": keepalive\n\n"
            finally:
                self.broadcast.waiters.discard(waiter)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"x-accel-buffering": "no"})

    async def exposure(self, request: HttpRequest) -> Response:
        try:
            answer = await run_in_threadpool(lambda: self.mesh.control("expose", why=True,
                                                                       timeout_s=EXPOSE_TIMEOUT_S))
        except MeshError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        names = {address: name for name, address in (answer.get("names") or {}).items()}
        tools = {t.get("name"): t for t in answer.get("tools") or ()}
        reasons = answer.get("reasons") or {}
        offered = [{"address": a, "name": names.get(a, a), "description": (tools.get(names.get(a, a)) or {})
                    .get("description", "")[:400],
                    "why": "; ".join(reason_text(r) for r in (reasons.get(a) or ())[:REASONS_SHOWN])}
                   for a in answer.get("exposed") or ()]
        return JSONResponse({"instruction": answer.get("instruction", ""), "offered": offered,
                             "tokens": answer.get("tokens", {}), "kept": answer.get("kept", []),
                             "meta": [t.get("name") for t in answer.get("tools") or () if t.get("name") not in
                                      {names.get(a) for a in answer.get("exposed") or ()}]})

    async def saved(self, request: HttpRequest) -> Response:
        url = (self.live.status.get("heart") or {}).get("metrics") or ""
        heart, memory = await asyncio.gather(run_in_threadpool(_scrape, url), run_in_threadpool(self._memory_stats))
        view = json.loads(self.view_json())
        return JSONResponse({"rows": saved.rows(heart, view["counts"], view["exposure"], memory),
                             "metrics": url, "memory": memory})

    def _memory_stats(self) -> dict | None:
        try:
            return self.memory.stats()
        except MemoryUnavailable as exc:
            log.info("memory stats: %s", exc)
            return None

    # -- memory ---------------------------------------------------------------------------

    async def judgments(self, request: HttpRequest) -> Response:
        return await _memory(self.memory.portrait)

    async def withdraw(self, request: HttpRequest) -> Response:
        ident = request.path_params["ident"]
        return await _memory(lambda: self.memory.withdraw(ident), missing=f"no judgment #{ident}",
                             wrap=lambda j: {"withdrawn": j})

    async def cards(self, request: HttpRequest) -> Response:
        q = request.query_params
        try:
            offset, limit = int(q.get("offset", 0)), int(q.get("limit", 50))
        except ValueError:
            return JSONResponse({"error": "offset and limit are whole numbers"}, status_code=400)
        gone = q.get("state", "live")
        if gone not in ("live", "gone"):
            return JSONResponse({"error": "state is live (the default) or gone (retired and forgotten)"},
                                status_code=400)
        return await _memory(lambda: self.memory.cards(q.get("kind", ""), q.get("q", ""), offset, limit,
                                                       gone == "gone"))

    async def card(self, request: HttpRequest) -> Response:
        ident = request.path_params["ident"]
        if not 0 < ident <= MAX_CARD_ID:  # past SQLite's integers: no card, and no query
            return JSONResponse({"error": f"no card #{ident}"}, status_code=404)
        return await _memory(lambda: self.memory.card(ident), missing=f"no card #{ident}")

    async def forget(self, request: HttpRequest) -> Response:
        ident = request.path_params["ident"]
        if not 0 < ident <= MAX_CARD_ID:
            return JSONResponse({"error": f"card #{ident} is unknown"}, status_code=404)
        try:
            outcome = await run_in_threadpool(self.memory.forget_card, ident)
        except MemoryUnavailable as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        if outcome not in ("forgotten", "already forgotten"):
            return JSONResponse({"error": f"card #{ident} is {outcome}"}, status_code=404)
        return JSONResponse({"outcome": outcome})

    async def export(self, request: HttpRequest) -> Response:
        what = request.path_params["what"]
        if what not in EXPORTS:
            return JSONResponse({"error": f"export one of {', '.join(EXPORTS)}"}, status_code=404)
        try:
            name, media, body = await run_in_threadpool(self.memory.export, what)
        except MemoryUnavailable as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return Response(body, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'})

    async def import_snapshot(self, request: HttpRequest) -> Response:
        size = request.headers.get("content-length")
        if size is not None and size.isdigit() and int(size) > MAX_IMPORT_BYTES:
            return JSONResponse({"error": f"a snapshot is at most {MAX_IMPORT_BYTES // (1024 * 1024)} MiB"},
                                status_code=413)
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_IMPORT_BYTES:
                return JSONResponse({"error": f"a snapshot is at most {MAX_IMPORT_BYTES // (1024 * 1024)} MiB"},
                                    status_code=413)
        try:
            report = await run_in_threadpool(self.memory.import_snapshot, bytes(raw))
        except SnapshotRefused as exc:
            return JSONResponse({"error": f"snapshot refused, nothing changed: {exc}"}, status_code=422)
        except MemoryUnavailable as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return JSONResponse({"imported": report})


async def _memory(work: Callable[[], Any], missing: str = "", wrap: Callable[[Any], Any] = lambda x: x) -> Response:
    """Run a memory read or change off the event loop; a locked or damaged database is a 503 with the reason."""
    try:
        result = await run_in_threadpool(work)
    except MemoryUnavailable as exc:
        return JSONResponse({"error": str(exc)}, status_code=503)
    if result is None and missing:
        return JSONResponse({"error": missing}, status_code=404)
    return JSONResponse(wrap(result))


def _scrape(url: str) -> dict[str, float] | None:
    """The heart's counters from its metrics endpoint (loopback, short deadline); None when unreachable."""
    if not url.startswith("http://"):
        return None
    from prometheus_client.parser import text_string_to_metric_families

    try:
        with urllib.request.urlopen(url, timeout=METRICS_TIMEOUT_S) as answer:
            text = answer.read(4 * 1024 * 1024).decode("utf-8", "replace")
    except (OSError, ValueError) as exc:
        log.info("metrics at %s not read: %s", url, exc)
        return None
    try:
        return saved.totals((s.name, s.labels, s.value) for f in text_string_to_metric_families(text)
                            for s in f.samples)
    except ValueError as exc:
        log.info("metrics at %s not parsed: %s", url, exc)
        return None


class Guard:
    """ASGI middleware: every request passes `security.decide`; every answer gets the security headers.

    It holds the start token's `Ticket` (spent by the login it allows: the event loop runs one decision at a
    time, so two requests racing with the token open one session) and the `Session` it opens (used by every
    request it lets through), and counts refusals by reason."""

    def __init__(self, app: Any, keys: Keys, site: Site, ticket: Ticket, *, remote_allowed: bool = False,
                 clock: Callable[[], float] = clock,
                 peer_uid: Callable[[tuple, tuple], int | None] = peers.peer_uid, session: Session | None = None
                 ) -> None:
        self.app = app
        self.keys = keys
        self.site = site
        self.ticket = ticket
        self.session = session or Session(clock())
        self.remote_allowed = remote_allowed
        self.clock = clock
        self.peer_uid = peer_uid
        self.refused: Counter[Refusal] = Counter()
        self.headers = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS]

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[str, str] = {}
        for key, value in scope["headers"]:
            headers.setdefault(key.decode("latin-1").lower(), value.decode("latin-1"))
        request = request_of(scope, headers, self.site.cookie, self._trusted(scope))
        now = self.clock()
        decision = decide(request, self.keys, self.site, self.ticket.state(now), self.session.state(now))
        if decision.login:
            self.ticket.spend()  # before any await: no second request can open a session with it
            self.session.open(now)
            log.info("the start token opened a session; it is spent")
            await self._answer(send, 303, b"", "text/plain", [(b"location", b"/"),
                               (b"set-cookie", cookie_header(self.site, self.keys).encode())])
            return
        if decision.clean:
            await self._answer(send, 303, b"", "text/plain", [(b"location", b"/")])
            return
        if not decision.allow:
            self._count(scope, decision.refusal, decision.reason)
            if "text/html" in headers.get("accept", "") and scope["method"] == "GET":
                page = PAGES.get(decision.refusal, LOCKED)
                body = page.format(reason=html.escape(decision.reason), minutes=self.ticket.ttl_s / 60).encode()
                await self._answer(send, decision.status, body, "text/html; charset=utf-8")
            else:
                body = json.dumps({"error": decision.reason, "refused": str(decision.refusal)}).encode()
                await self._answer(send, decision.status, body, "application/json")
            return
        self.session.use(now)

        async def secured(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, secured)

    def _trusted(self, scope: dict) -> bool:
        client, server = scope.get("client"), scope.get("server")
        if not client or not server:
            return False  # a connection without addresses (a unix socket) is not what this console serves
        return peers.trusted(self.peer_uid(tuple(client), tuple(server)), self.remote_allowed)

    def _count(self, scope: dict, refusal: Refusal | None, reason: str) -> None:
        self.refused[refusal] += 1
        if refusal is Refusal.PEER or refusal in (Refusal.TOKEN_SPENT, Refusal.TOKEN_EXPIRED, *SESSION_ENDED):
            # told on stderr: another user's process knocking, or someone holding an old URL or session
            level = logging.WARNING if self.refused[refusal] <= 10 else logging.INFO
            log.log(level, "refused %s %s from %s (%d so far): %s", scope["method"], scope["path"][:100],
                    _client_of(scope), self.refused[refusal], reason)
        else:
            log.info("refused %s %s: %s", scope["method"], scope["path"][:100], reason)

    async def _answer(self, send: Callable, status: int, body: bytes, media: str,
                      extra: list[tuple[bytes, bytes]] = ()) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", media.encode()), (b"content-length", str(len(body)).encode()),
                                *extra, *self.headers]})
        await send({"type": "http.response.body", "body": body})


def _client_of(scope: dict) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "an unknown peer"


def request_of(scope: dict, headers: dict[str, str], cookie_name: str, peer_trusted: bool = True
               ) -> Request:
    """The parts of an ASGI request that `decide` reads."""
    jar = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header is the same as none
        jar = SimpleCookie()
    cookie = jar.get(cookie_name)
    tokens = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return Request(method=scope["method"], path=scope["path"], host=headers.get("host", ""),
                   origin=headers.get("origin"), fetch_site=headers.get("sec-fetch-site", ""),
                   fetch_mode=headers.get("sec-fetch-mode", ""), cookie=cookie.value if cookie else None,
                   token=tokens[0] if tokens else None, csrf=headers.get(CSRF_HEADER),
                   peer_trusted=peer_trusted)
