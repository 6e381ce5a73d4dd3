"""Who may use the web console: the pure decision on every request, and the address parsing of `actors web`."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.web.security import Keys, Refusal, Request, cookie_header, decide, host_ok, site_for
from actors.listen import is_loopback, parse_address
from actors.web.server import url_of

KEYS = Keys(token="start-token", session="session-cookie", csrf="csrf-token")
SITE = site_for("127.0.0.1", 8390)
OURS = "http://127.0.0.1:8390"
WEB_PACKAGE = Path(__file__).resolve().parents[1] / "actors" / "web"


def ask(**fields) -> object:
    base = {"method": "GET", "path": "/api/live", "host": "127.0.0.1:8390", "cookie": KEYS.session}
    return decide(Request(**{**base, **fields}), KEYS, SITE)


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


