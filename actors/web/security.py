"""Who may use the console: Host and Origin, the start token, the session cookie and CSRF. Pure decisions.

The page can withdraw memory and shows call arguments, so every request passes `decide`:
- the Host header must name this console (a DNS-rebinding page has its own name in Host);
- a foreign Origin, or a cross-site fetch (Sec-Fetch-Site), is refused before anything else is looked at;
- the random token printed at start opens a session once: it becomes an HttpOnly, SameSite=Strict cookie
  and the browser is sent to the clean URL, so the token does not stay in the address bar or history;
- a mutation (POST, PUT, PATCH, DELETE) also needs the page's CSRF token in a header and an Origin of ours.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from enum import StrEnum

MUTATING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CSRF_HEADER = "x-csrf-token"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "[::]")
SECURITY_HEADERS = (
    # no inline script or style at all: everything comes from this origin's files
    ("content-security-policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),  # no <script src> or <img> of ours from another origin
    ("cache-control", "no-store"),
)


class Refusal(StrEnum):
    """Why a request was refused."""

    HOST = "host"
    ORIGIN = "origin"
    CROSS_SITE = "cross_site"
    TOKEN = "token"
    SESSION = "session"
    CSRF = "csrf"


@dataclass(frozen=True, slots=True)
class Keys:
    """The secrets of one start: the URL token, the cookie's value and the CSRF token. Never stored."""

    token: str
    session: str
    csrf: str

    @classmethod
    def new(cls) -> Keys:
        """Draw fresh random keys."""
        return cls(secrets.token_urlsafe(32), secrets.token_urlsafe(32), secrets.token_urlsafe(32))


@dataclass(frozen=True, slots=True)
class Site:
    """Where the console answers: the Host values and origins that are its own, and its cookie's name."""

    hosts: frozenset[str]
    origins: frozenset[str]
    cookie: str
    any_ip: bool = False  # bound to a wildcard address: any IP literal with our port is ours (names are not)
    port: int = 0


def site_for(host: str, port: int) -> Site:
    """The Site of a console bound to host:port."""
    host = host.lower()
    bare = host.strip("[]")
    names = {f"[{bare}]" if ":" in bare else bare}
    if _is_loopback(bare) or host == "localhost":
        names |= set(LOOPBACK_NAMES)
    hosts = frozenset(f"{n}:{port}" for n in names)
    return Site(hosts=hosts, origins=frozenset(f"http://{h}" for h in hosts),
                cookie=f"actors_web_{port}",  # cookies ignore ports: two consoles must not share one
                any_ip=host in WILDCARDS, port=port)


@dataclass(frozen=True, slots=True)
class Request:
    """The parts of an HTTP request the decision reads (headers lowercased by the caller)."""

    method: str
    path: str
    host: str = ""
    origin: str | None = None
    fetch_site: str = ""  # Sec-Fetch-Site
    fetch_mode: str = ""  # Sec-Fetch-Mode
    cookie: str | None = None  # the value of our cookie
    token: str | None = None  # ?token=
    csrf: str | None = None  # the CSRF header


@dataclass(frozen=True, slots=True)
class Decision:
    """Let the request through, open a session (login), or refuse it with a status and a reason."""

    allow: bool
    status: int = 200
    reason: str = ""
    refusal: Refusal | None = None
    login: bool = False


def decide(req: Request, keys: Keys, site: Site) -> Decision:
    """Decide one request: Host, Origin, cross-site, then the token or session, then CSRF for mutations."""
    if not host_ok(req.host, site):
        return _refuse(403, Refusal.HOST, f"Host {req.host[:100]!r} is not this console's address")
    if req.origin is not None and req.origin.lower() not in site.origins:
        return _refuse(403, Refusal.ORIGIN, f"Origin {req.origin[:100]!r} is not this console")
    navigation = req.method == "GET" and req.fetch_mode == "navigate"
    if req.fetch_site in ("cross-site", "same-site") and not navigation:
        return _refuse(403, Refusal.CROSS_SITE, "a request from another site")
    if req.token is not None:
        if req.method == "GET" and req.path == "/" and same(req.token, keys.token):
            return Decision(True, 303, "session opened", login=True)
        return _refuse(401, Refusal.TOKEN, "wrong token: open the URL `actors web` printed")
    if req.cookie is None or not same(req.cookie, keys.session):
        return _refuse(401, Refusal.SESSION, "no session: open the URL `actors web` printed")
    if req.method in MUTATING:
        if req.origin is None:
            return _refuse(403, Refusal.ORIGIN, "a change needs an Origin header")
        if req.csrf is None or not same(req.csrf, keys.csrf):
            return _refuse(403, Refusal.CSRF, "a change needs the page's CSRF token")
    return Decision(True)


def host_ok(host: str, site: Site) -> bool:
    """Tell whether a Host header names this console."""
    host = host.lower()
    if host in site.hosts:
        return True
    if not site.any_ip:
        return False
    name, _, port = host.rpartition(":")
    if port != str(site.port):
        return False
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False  # a DNS name could be rebound to us: only literal addresses are ours
    return True


def same(given: str, expected: str) -> bool:
    """Compare secrets in constant time."""
    return hmac.compare_digest(given.encode(), expected.encode())


def cookie_header(site: Site, keys: Keys) -> str:
    """The Set-Cookie value that holds the session: HttpOnly, SameSite=Strict, whole site, this run only."""
    return f"{site.cookie}={keys.session}; Path=/; HttpOnly; SameSite=Strict"


def _refuse(status: int, refusal: Refusal, reason: str) -> Decision:
    return Decision(False, status, reason, refusal)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
