"""Who may use the web console: the pure decision on every request, and the address parsing of `actors web`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
import webbrowser
from pathlib import Path

import pytest

from actors.web.security import (SESSION_IDLE_S, SESSION_MAX_S, TOKEN_TTL_S, Keys, Refusal, Request, Session,
                                 SessionState, Ticket, TokenState, cookie_header, decide, host_ok, session_state,
                                 site_for)
from actors.listen import is_loopback, parse_address
from actors.web import security
from actors.web.server import url_of

KEYS = Keys(token="start-token", session="session-cookie", csrf="csrf-token")
SITE = site_for("127.0.0.1", 8390)
OURS = "http://127.0.0.1:8390"
WEB_PACKAGE = Path(__file__).resolve().parents[1] / "actors" / "web"


def ask(token_state: TokenState = TokenState.LIVE, session: SessionState = SessionState.LIVE, **fields) -> object:
    base = {"method": "GET", "path": "/api/live", "host": "127.0.0.1:8390", "cookie": KEYS.session}
    return decide(Request(**{**base, **fields}), KEYS, SITE, token_state, session)


def test_a_request_with_the_session_cookie_passes():
    assert ask().allow
    assert ask(host="localhost:8390", origin="http://localhost:8390").allow


def test_the_start_token_opens_a_session_once_on_the_page_and_nowhere_else():
    login = ask(path="/", cookie=None, token="start-token", fetch_mode="navigate", fetch_site="none")
    assert login.allow and login.login and login.status == 303

    wrong = ask(path="/", cookie=None, token="guessed")
    assert not wrong.allow and wrong.status == 401 and wrong.refusal is Refusal.TOKEN
    elsewhere = ask(path="/api/live", cookie=None, token="start-token")
    assert not elsewhere.allow and elsewhere.refusal is Refusal.TOKEN


def test_without_the_cookie_or_with_a_wrong_one_everything_is_refused():
    for cookie in (None, "", "session-cooki", "session-cookie2"):
        decision = ask(cookie=cookie)
        assert not decision.allow and decision.status == 401 and decision.refusal is Refusal.SESSION
    assert ask(path="/", cookie=None).status == 401
    assert ask(path="/static/app.js", cookie=None).status == 401


def test_a_foreign_host_is_refused_even_with_the_cookie():
    # a DNS-rebinding page reaches 127.0.0.1 under its own name, and its name is in Host
    for host in ("evil.example:8390", "127.0.0.1:8391", "127.0.0.1", "localhost.evil.example:8390", ""):
        decision = ask(host=host)
        assert not decision.allow and decision.status == 403 and decision.refusal is Refusal.HOST, host


def test_a_foreign_origin_is_refused_before_the_cookie_is_looked_at():
    for origin in ("http://evil.example", "http://127.0.0.1:8391", "https://127.0.0.1:8390", "null"):
        decision = ask(origin=origin)
        assert not decision.allow and decision.status == 403 and decision.refusal is Refusal.ORIGIN, origin
    assert not ask(method="DELETE", origin="http://localhost:9999", csrf="csrf-token").allow


def test_a_cross_site_fetch_is_refused_but_a_navigation_reaches_the_token_check():
    assert ask(fetch_site="cross-site").refusal is Refusal.CROSS_SITE
    assert ask(fetch_site="same-site", method="DELETE", origin=OURS, csrf="csrf-token").refusal is Refusal.CROSS_SITE
    navigation = ask(path="/", cookie=None, token="start-token", fetch_site="cross-site", fetch_mode="navigate")
    assert navigation.login
    assert ask(fetch_site="same-origin").allow


def test_a_change_needs_our_origin_and_the_csrf_token():
    assert ask(method="DELETE", origin=OURS, csrf="csrf-token").allow
    assert ask(method="POST", origin="http://localhost:8390", csrf="csrf-token").allow
    for fields in ({"origin": OURS}, {"origin": OURS, "csrf": "wrong"}, {"origin": OURS, "csrf": ""}):
        decision = ask(method="DELETE", **fields)
        assert not decision.allow and decision.refusal is Refusal.CSRF and decision.status == 403
    missing_origin = ask(method="POST", csrf="csrf-token")
    assert not missing_origin.allow and missing_origin.refusal is Refusal.ORIGIN


def test_the_cookie_is_http_only_strict_and_named_for_the_port():
    header = cookie_header(SITE, KEYS)
    assert header.startswith("actors_web_8390=session-cookie;")
    assert "HttpOnly" in header and "SameSite=Strict" in header and "Path=/" in header
    assert site_for("127.0.0.1", 8391).cookie != SITE.cookie


def test_a_wildcard_console_accepts_addresses_but_never_names():
    site = site_for("0.0.0.0", 8390)
    assert host_ok("192.0.2.7:8390", site) and host_ok("127.0.0.1:8390", site) and host_ok("[::1]:8390", site)
    assert not host_ok("evil.example:8390", site)
    assert not host_ok("192.0.2.7:8391", site)
    v6 = site_for("[::1]", 8390)
    assert host_ok("[::1]:8390", v6) and host_ok("localhost:8390", v6) and not host_ok("::1:8390", v6)


def test_every_key_of_a_start_is_new():
    first, second = Keys.new(), Keys.new()
    assert len({first.token, first.session, first.csrf, second.token, second.session, second.csrf}) == 6
    assert len(first.token) >= 40


@pytest.mark.parametrize("text, expected", [
    ("127.0.0.1:0", ("127.0.0.1", 0)), ("localhost:8390", ("localhost", 8390)), ("[::1]:80", ("[::1]", 80)),
    ("0.0.0.0:8390", ("0.0.0.0", 8390)),
])
def test_the_listen_address_is_host_and_port(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["8390", "127.0.0.1", ":8390", "127.0.0.1:http", "::1:80", "127.0.0.1:70000"])
def test_a_bad_listen_address_is_refused_with_the_reason(text):
    with pytest.raises(ValueError, match="HOST:PORT|brackets"):
        parse_address(text)


def test_loopback_is_told_from_other_addresses_and_the_url_names_a_reachable_host():
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("[::1]") and is_loopback("127.1.2.3")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.0.2.1") and not is_loopback("example.com")
    assert url_of("0.0.0.0", 80, "t") == "http://127.0.0.1:80/?token=t"
    assert url_of("[::1]", 80, "t") == "http://[::1]:80/?token=t"


def test_the_console_sends_the_heart_only_read_only_commands(tmp_path):
    from actors.web.watch import Mesh
    from broker.home import Home

    mesh = Mesh(Home(tmp_path))
    for command in ("kill", "stop", "revive", "instruction", "alert", "record", "progress"):
        with pytest.raises(PermissionError):
            mesh.control(command)


def test_every_route_that_changes_memory_takes_only_post_or_delete_and_none_calls_an_organ(tmp_path):
    from actors.web.app import Console
    from broker.home import Home

    app = Console(Home(tmp_path), KEYS, SITE).app()
    routes = {(route.path, method) for route in app.app.routes for method in route.methods if method != "HEAD"}
    changing = {(path, method) for path, method in routes if method != "GET"}
    assert changing == {("/api/memory/judgments/{ident:int}", "DELETE"),
                        ("/api/memory/cards/{ident:int}/forget", "POST"), ("/api/memory/import", "POST")}
    assert not any(path in {p for p, m in routes if m == "GET"} for path, _ in changing)  # so GET there is 405
    sources = "".join(p.read_text() for p in WEB_PACKAGE.glob("*.py"))
    assert ".call(" not in sources  # the console reads the heart; it never calls an ability




# -- the start token is single-use and expires; another user's process is refused --------------------------

LOGIN = {"path": "/", "cookie": None, "token": "start-token", "fetch_mode": "navigate", "fetch_site": "none"}


def test_a_spent_or_expired_start_token_opens_no_session_and_says_to_restart():
    spent = ask(TokenState.SPENT, **LOGIN)
    assert not spent.allow and not spent.login and spent.status == 401 and spent.refusal is Refusal.TOKEN_SPENT
    assert "restart `actors web`" in spent.reason
    expired = ask(TokenState.EXPIRED, **LOGIN)
    assert not expired.allow and not expired.login and expired.refusal is Refusal.TOKEN_EXPIRED
    assert "restart" in expired.reason and "expired" in expired.reason
    assert ask(TokenState.SPENT, **{**LOGIN, "token": "guessed"}).refusal is Refusal.TOKEN  # a guess learns nothing


def test_the_browser_that_spent_the_token_is_sent_on_to_its_session_without_a_new_cookie():
    again = ask(TokenState.SPENT, **{**LOGIN, "cookie": KEYS.session})
    assert again.allow and again.clean and not again.login and again.status == 303
    assert ask(TokenState.SPENT, **{**LOGIN, "cookie": "stolen-guess"}).refusal is Refusal.TOKEN_SPENT


def test_a_ticket_is_live_until_spent_or_until_its_time_is_up():
    ticket = Ticket(started=100.0)
    assert ticket.state(100.0) is TokenState.LIVE and ticket.state(100.0 + TOKEN_TTL_S - 0.001) is TokenState.LIVE
    assert ticket.state(100.0 + TOKEN_TTL_S) is TokenState.EXPIRED
    assert TOKEN_TTL_S == 600.0
    ticket.spend()
    assert ticket.state(100.5) is TokenState.SPENT and ticket.state(100.0 + TOKEN_TTL_S) is TokenState.SPENT


# -- the session ends when unused for a while, and in any case after a working day ------------------------

@pytest.mark.parametrize("opened, seen, now, expected", [
    (0.0, 0.0, 0.0, SessionState.LIVE),
    (0.0, 0.0, 1799.999, SessionState.LIVE),
    (0.0, 0.0, 1800.0, SessionState.IDLE),
    (0.0, 40_000.0, 40_100.0, SessionState.LIVE),  # used all along
    (0.0, 43_199.0, 43_200.0, SessionState.EXPIRED),  # used a second ago, but opened twelve hours ago
    (0.0, 0.0, 50_000.0, SessionState.EXPIRED),
])
def test_a_session_is_idle_thirty_minutes_after_its_last_use_and_expired_twelve_hours_after_it_opened(
        opened, seen, now, expected):
    assert (SESSION_IDLE_S, SESSION_MAX_S) == (1800.0, 43_200.0)
    assert session_state(opened, seen, now) is expected


def test_only_a_live_session_is_marked_used_so_an_idle_one_stays_over():
    session = Session(opened=100.0)
    assert session.use(100.0 + SESSION_IDLE_S - 1) and session.seen == 100.0 + SESSION_IDLE_S - 1
    assert session.state(100.0 + 2 * SESSION_IDLE_S - 2) is SessionState.LIVE
    assert not session.use(100.0 + 3 * SESSION_IDLE_S)
    assert session.state(100.0 + 3 * SESSION_IDLE_S + 1) is SessionState.IDLE  # a late use did not revive it
    session.open(500.0)
    assert session.state(500.0) is SessionState.LIVE and session.seen == 500.0


def test_a_session_that_ended_is_refused_with_401_saying_to_restart_even_to_the_browser_that_opened_it():
    for state, refusal, words in ((SessionState.IDLE, Refusal.SESSION_IDLE, "30 minutes without use"),
                                  (SessionState.EXPIRED, Refusal.SESSION_EXPIRED, "12 hours after it opened")):
        for fields in ({}, {"path": "/static/app.js"}, {"method": "DELETE", "origin": OURS, "csrf": "csrf-token"},
                       {**LOGIN, "cookie": KEYS.session}):  # the same browser opening the printed URL again
            decision = ask(TokenState.SPENT, state, **fields)
            assert not decision.allow and not decision.clean and decision.status == 401, (state, fields)
            assert decision.refusal is refusal and words in decision.reason
            assert "restart `actors web`" in decision.reason
    assert ask(session=SessionState.IDLE, cookie="wrong").refusal is Refusal.SESSION  # says nothing to a stranger


def test_the_guard_ends_a_session_unused_for_thirty_minutes_and_any_after_twelve_hours():
    now = [100.0]
    guard = guard_of(clock=lambda: now[0])
    cookie = {"cookie": f"{SITE.cookie}={KEYS.session}"}
    assert serve(guard, "GET", "/", {}, "token=start-token")[0] == 303
    for minutes in range(20, 12 * 60, 20):  # used every twenty minutes: never idle
        now[0] = 100.0 + minutes * 60
        assert serve(guard, "GET", "/api/live", cookie)[0] == 200, minutes
    now[0] = 100.0 + SESSION_MAX_S
    status, _, body = serve(guard, "GET", "/api/live", cookie)
    assert status == 401 and b'"refused": "session_expired"' in body

    idle = guard_of(clock=lambda: now[0])
    now[0] = 100.0
    assert serve(idle, "GET", "/", {}, "token=start-token")[0] == 303
    now[0] += SESSION_IDLE_S - 1
    assert serve(idle, "GET", "/api/live", cookie)[0] == 200
    now[0] += SESSION_IDLE_S
    status, headers, body = serve(idle, "GET", "/", {**cookie, "accept": "text/html"})
    assert status == 401 and b"session has ended" in body and b"start it again" in body
    assert "set-cookie" not in headers and idle.refused[Refusal.SESSION_IDLE] == 1
    assert idle.app.reached == [("GET", "/api/live")]


@contextlib.contextmanager
def served(home: Path, session: Session):
    """A console for home on a real uvicorn server, on a free loopback port, with the given session (its port)."""
    import threading
    import time

    import uvicorn

    from actors import listen
    from actors.web.app import Console
    from broker.home import Home

    sock = listen.bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    console = Console(Home(home), KEYS, site_for("127.0.0.1", port), session=session)
    server = uvicorn.Server(uvicorn.Config(console.app(), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.started
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
    assert not thread.is_alive()


def test_a_real_console_answers_401_once_its_session_has_been_idle_for_its_timeout(tmp_path):
    import http.client
    import time

    def get(path: str, cookie: str = "", accept: str = "application/json") -> tuple[int, str, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", path, headers={"Cookie": cookie, "Accept": accept})
            answer = conn.getresponse()
            return answer.status, answer.getheader("set-cookie") or "", answer.read()
        finally:
            conn.close()

    with served(tmp_path / "home", Session(time.monotonic(), idle_s=0.5)) as port:
        status, set_cookie, _ = get("/?token=start-token")
        cookie = set_cookie.split(";")[0]
        assert status == 303 and cookie == f"actors_web_{port}={KEYS.session}"
        assert get("/api/live", cookie)[0] == 200
        time.sleep(0.7)
        status, _, body = get("/api/live", cookie)
        assert status == 401 and b'"refused": "session_idle"' in body
        status, _, page = get("/", cookie, accept="text/html")
        assert status == 401 and b"session has ended" in page


def test_an_open_live_stream_uses_its_session_and_ends_once_the_session_is_over(tmp_path, monkeypatch):
    import time

    from actors.web import app
    from actors.web.app import Console
    from broker.home import Home

    monkeypatch.setattr(app, "KEEPALIVE_S", 0.1)  # a turn of the stream every tenth of a second
    session = Session(security.clock(), idle_s=0.3, max_s=1.0)
    console = Console(Home(tmp_path / "home"), KEYS, SITE, session=session)

    async def read_all() -> list[bytes]:
        response = await console.stream(None)
        chunks = []
        async for chunk in response.body_iterator:
            chunks.append(chunk)
        return chunks

    started = time.monotonic()
    chunks = asyncio.run(asyncio.wait_for(read_all(), timeout=10))
    assert chunks[0].startswith(b"retry:") and chunks[1].startswith(b"event: live")
    assert len(chunks) > 5 and chunks[-1] == b": keepalive\n\n"  # never idle while the page is open
    assert session.seen - started > 0.6
    assert time.monotonic() - started < 5  # over after a second: the stream ended at its next turn
    assert console.broadcast.waiters == set()


def test_another_users_process_is_refused_before_anything_else_is_looked_at():
    for fields in ({}, LOGIN, {"method": "DELETE", "origin": OURS, "csrf": "csrf-token"}):
        decision = ask(peer_trusted=False, **fields)
        assert not decision.allow and not decision.login and decision.status == 403, fields
        assert decision.refusal is Refusal.PEER and "owner" in decision.reason


class Recorder:
    """A stand-in for the console's routes: records that a request got through."""

    def __init__(self) -> None:
        self.reached: list[tuple[str, str]] = []

    async def __call__(self, scope, receive, send) -> None:
        self.reached.append((scope["method"], scope["path"]))
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"ok"})


def guard_of(clock=lambda: 0.0, uid: int | None = None, remote_allowed: bool = False):
    from actors.web.app import Guard

    owner = os.getuid() if uid is None else uid
    return Guard(Recorder(), KEYS, SITE, Ticket(started=0.0), clock=clock, remote_allowed=remote_allowed,
                 peer_uid=lambda peer, ours: owner)


def serve(guard, method: str, path: str, headers: dict, query: str = "") -> tuple[int, dict, bytes]:
    """One request through the guard, in process; its status, headers (lowercased) and body."""
    answer: dict = {"headers": {}, "body": b""}

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = {k.decode().lower(): v.decode() for k, v in message["headers"]}
        else:
            answer["body"] += message.get("body", b"")

    scope = {"type": "http", "method": method, "path": path, "query_string": query.encode(),
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8390),
             "headers": [(k.lower().encode(), v.encode()) for k, v in {"host": "127.0.0.1:8390", **headers}.items()]}
    asyncio.run(guard(scope, receive, send))
    return answer["status"], answer["headers"], answer["body"]


def test_the_printed_url_opens_one_session_and_a_second_opening_gets_the_restart_page():
    guard = guard_of()
    status, headers, _ = serve(guard, "GET", "/", {"accept": "text/html"}, "token=start-token")
    assert status == 303 and headers["location"] == "/" and KEYS.session in headers["set-cookie"]

    status, headers, body = serve(guard, "GET", "/", {"accept": "text/html"}, "token=start-token")  # someone else
    assert status == 401 and "set-cookie" not in headers
    assert b"This link no longer opens the console" in body and b"start it again" in body
    assert guard.refused[Refusal.TOKEN_SPENT] == 1
    status, headers, _ = serve(guard, "GET", "/", {"cookie": f"{SITE.cookie}={KEYS.session}"}, "token=start-token")
    assert status == 303 and "set-cookie" not in headers  # the first browser, opening the URL again
    assert serve(guard, "GET", "/api/live", {"cookie": f"{SITE.cookie}={KEYS.session}"})[0] == 200
    assert guard.app.reached == [("GET", "/api/live")]


def test_two_openings_racing_with_the_token_open_one_session():
    guard = guard_of()

    async def both():
        async def one():
            answer = {}

            async def receive():
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message):
                if message["type"] == "http.response.start":
                    answer["status"] = message["status"]
            scope = {"type": "http", "method": "GET", "path": "/", "query_string": b"token=start-token",
                     "client": ("127.0.0.1", 50001), "server": ("127.0.0.1", 8390),
                     "headers": [(b"host", b"127.0.0.1:8390")]}
            await guard(scope, receive, send)
            return answer["status"]
        return sorted(await asyncio.gather(*(one() for _ in range(8))))

    assert asyncio.run(both()) == [303] + [401] * 7


def test_an_unused_token_expires_ten_minutes_after_the_start():
    now = [TOKEN_TTL_S - 1]
    guard = guard_of(clock=lambda: now[0])
    now[0] = TOKEN_TTL_S
    status, headers, body = serve(guard, "GET", "/", {"accept": "text/html"}, "token=start-token")
    assert status == 401 and "set-cookie" not in headers and b"start it again" in body
    status, _, body = serve(guard, "GET", "/", {}, "token=start-token")
    assert status == 401 and b'"refused": "token_expired"' in body

    fresh = guard_of(clock=lambda: TOKEN_TTL_S - 1)
    assert serve(fresh, "GET", "/", {}, "token=start-token")[0] == 303


def test_the_guard_refuses_another_users_process_with_403_and_counts_it():
    guard = guard_of(uid=os.getuid() + 4242)
    status, headers, body = serve(guard, "GET", "/", {}, "token=start-token")
    assert status == 403 and b'"refused": "peer"' in body and "set-cookie" not in headers
    assert serve(guard, "GET", "/api/live", {"cookie": f"{SITE.cookie}={KEYS.session}"})[0] == 403
    assert guard.refused[Refusal.PEER] == 2 and guard.app.reached == []
    assert guard.ticket.state(0.0) is TokenState.LIVE  # the refused login did not spend the owner's token
    assert serve(guard_of(uid=0), "GET", "/", {}, "token=start-token")[0] == 303  # root is served


def test_a_peer_the_kernel_does_not_know_is_served_only_on_a_non_loopback_console():
    from actors.web.app import Guard

    for remote_allowed, expected in ((False, 403), (True, 303)):
        guard = Guard(Recorder(), KEYS, SITE, Ticket(0.0), clock=lambda: 0.0, remote_allowed=remote_allowed,
                      peer_uid=lambda peer, ours: None)
        assert serve(guard, "GET", "/", {}, "token=start-token")[0] == expected


def test_a_page_on_another_localhost_port_gets_no_cors_grant_and_changes_nothing():
    guard = guard_of()
    cookie = {"cookie": f"{SITE.cookie}={KEYS.session}"}
    for origin in ("http://localhost:8391", "http://127.0.0.1:3000", "http://[::1]:8391", "null"):
        preflight = serve(guard, "OPTIONS", "/api/memory/judgments/1", {
            **cookie, "origin": origin, "access-control-request-method": "DELETE",
            "access-control-request-headers": "x-csrf-token"})
        assert preflight[0] == 403, origin
        assert not any(k.startswith("access-control-") for k in preflight[1]), preflight[1]
        for method, path, extra in (("DELETE", "/api/memory/judgments/1", {"x-csrf-token": "csrf-token"}),
                                    ("POST", "/api/memory/cards/1/forget", {"content-type": "text/plain"}),
                                    ("POST", "/api/memory/import", {"content-type": "multipart/form-data"}),
                                    ("GET", "/api/live", {})):
            status, headers, _ = serve(guard, method, path, {**cookie, "origin": origin, **extra})
            assert status == 403 and not any(k.startswith("access-control-") for k in headers), (origin, path)
    assert guard.app.reached == []  # nothing reached a route: no change, no read
    ok = serve(guard, "GET", "/api/live", {**cookie, "origin": OURS})
    assert ok[0] == 200 and not any(k.startswith("access-control-") for k in ok[1])  # same origin needs none


def test_the_consoles_session_is_timed_on_a_clock_that_counts_a_suspended_machine_and_is_never_set_back():
    # CLOCK_MONOTONIC stops while a machine sleeps: a laptop closed overnight would wake with its session still live
    from actors.web.app import Guard

    assert abs(security.clock() - time.clock_gettime(time.CLOCK_BOOTTIME)) < 1.0
    assert Guard(Recorder(), KEYS, SITE, Ticket(started=0.0)).clock is security.clock


def test_opening_the_console_where_no_browser_runs_says_so_on_stderr(caplog):
    from actors.web.server import open_in_browser

    def no_browser(url: str) -> bool:
        raise webbrowser.Error("could not locate runnable browser")

    with caplog.at_level("WARNING", logger="actors.web.server"):
        assert open_in_browser("http://127.0.0.1:1/#t", lambda url: False) is False
        assert open_in_browser("http://127.0.0.1:1/#t", no_browser) is False
        assert open_in_browser("http://127.0.0.1:1/#t", lambda url: True) is True
    assert [r.getMessage() for r in caplog.records] == [
        "no browser to open here: open the address printed above",
        "cannot open a browser (could not locate runnable browser): open the address printed above"]
