"""Who may use the console: the peer, Host and Origin, the start token, the session cookie and CSRF. Pure decisions.

The page can withdraw memory and shows call arguments, so every request passes `decide`:
- a local peer must be a process of the mesh's owner (or root): every local user reaches a loopback port, so
  another user's process is refused before anything else, as over the ipc sockets (`actors.peers`);
- the Host header must name this console (a DNS-rebinding page has its own name in Host);
- a foreign Origin, or a cross-site fetch (Sec-Fetch-Site), is refused before anything else is looked at;
- the random token printed at start opens one session, once: it becomes an HttpOnly, SameSite=Strict cookie
  and the browser is sent to the clean URL, so the token does not stay in the address bar or history; then
  it is spent, and unused it expires `TOKEN_TTL_S` after the start (`Ticket`): a token read later from a
  terminal's scrollback, a log or a browser's command line (`--open`) opens nothing;
- the session it opens ends after `SESSION_IDLE_S` without use (a request, or a live stream of an open page) and
  `SESSION_MAX_S` after it opened, whatever its use (`Session`): a cookie copied from the browser opens nothing
  for long;
- a mutation (POST, PUT, PATCH, DELETE) also needs the page's CSRF token in a header and an Origin of ours.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time
from dataclasses import dataclass
from enum import StrEnum

TOKEN_TTL_S = 600.0  # an unused start token opens nothing this long after the start
SESSION_IDLE_S = 30 * 60.0  # a session nothing used this long is over (an open page's live stream is a use)
SESSION_MAX_S = 12 * 3600.0  # and any session is over this long after it opened


def clock() -> float:
    """The seconds the token's and the session's lives are measured in: boot time, which no one can set back and
    which, unlike time.monotonic (CLOCK_MONOTONIC), goes on while the machine is suspended, so a laptop closed
    overnight wakes with its console's session over."""
    return time.clock_gettime(time.CLOCK_BOOTTIME)
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

    PEER = "peer"
    HOST = "host"
    ORIGIN = "origin"
    CROSS_SITE = "cross_site"
    TOKEN = "token"
    TOKEN_SPENT = "token_spent"
    TOKEN_EXPIRED = "token_expired"
    SESSION = "session"
    SESSION_IDLE = "session_idle"
    SESSION_EXPIRED = "session_expired"
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


class TokenState(StrEnum):
    """Whether the start token may still open a session."""

    LIVE = "live"
    SPENT = "spent"
    EXPIRED = "expired"


@dataclass(slots=True)
class Ticket:
    """The start token's life: live from the start until it opens a session or `ttl_s` passes (`clock`)."""

    started: float
    ttl_s: float = TOKEN_TTL_S
    spent: bool = False

    def state(self, now: float) -> TokenState:
        """The token's state at `clock` time now."""
        if self.spent:
            return TokenState.SPENT
        return TokenState.EXPIRED if now - self.started >= self.ttl_s else TokenState.LIVE

    def spend(self) -> None:
        """Mark the token used: it opened its one session."""
        self.spent = True


class SessionState(StrEnum):
    """Whether the session the token opened may still be used."""

    LIVE = "live"
    IDLE = "idle"  # unused for SESSION_IDLE_S
    EXPIRED = "expired"  # opened SESSION_MAX_S ago


def session_state(opened: float, seen: float, now: float, idle_s: float = SESSION_IDLE_S,
                  max_s: float = SESSION_MAX_S) -> SessionState:
    """The state at `clock` time now of a session opened at `opened` and last used at `seen`."""
    if now - opened >= max_s:
        return SessionState.EXPIRED
    return SessionState.IDLE if now - seen >= idle_s else SessionState.LIVE


@dataclass(slots=True)
class Session:
    """The session's times (`clock`): from the console's start until the token opens it, then from its opening.
    Only a live session is marked used, so an idle or expired one stays over."""

    opened: float
    seen: float | None = None  # the last use; the opening when not given
    idle_s: float = SESSION_IDLE_S
    max_s: float = SESSION_MAX_S

    def __post_init__(self) -> None:
        self.seen = self.opened if self.seen is None else self.seen

    def state(self, now: float) -> SessionState:
        """The session's state at `clock` time now."""
        return session_state(self.opened, self.seen, now, self.idle_s, self.max_s)

    def open(self, now: float) -> None:
        """The token opened the session now: its times start."""
        self.opened = self.seen = now

    def use(self, now: float) -> bool:
        """Mark the session used now if it is live; tell whether it is."""
        if self.state(now) is not SessionState.LIVE:
            return False
        self.seen = now
        return True


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
    peer_trusted: bool = True  # the connection's process is the mesh owner's or root's (or an allowed remote one)


@dataclass(frozen=True, slots=True)
class Decision:
    """Let the request through, open a session (login), or refuse it with a status and a reason."""

    allow: bool
    status: int = 200
    reason: str = ""
    refusal: Refusal | None = None
    login: bool = False  # set the session cookie and send the browser to the clean URL (the token is spent)
    clean: bool = False  # only send the browser to the clean URL (its session is already open)


def decide(req: Request, keys: Keys, site: Site, token: TokenState = TokenState.LIVE,
           session: SessionState = SessionState.LIVE) -> Decision:
    """Decide one request: peer, Host, Origin, cross-site, then the token or session, then CSRF for mutations."""
    if not req.peer_trusted:
        return _refuse(403, Refusal.PEER, "this console serves only the processes of the mesh's owner (and root) "
                                          "on this machine")
    if not host_ok(req.host, site):
        return _refuse(403, Refusal.HOST, f"Host {req.host[:100]!r} is not this console's address")
    if req.origin is not None and req.origin.lower() not in site.origins:
        return _refuse(403, Refusal.ORIGIN, f"Origin {req.origin[:100]!r} is not this console")
    navigation = req.method == "GET" and req.fetch_mode == "navigate"
    if req.fetch_site in ("cross-site", "same-site") and not navigation:
        return _refuse(403, Refusal.CROSS_SITE, "a request from another site")
    if req.token is not None:
        if not (req.method == "GET" and req.path == "/" and same(req.token, keys.token)):
            return _refuse(401, Refusal.TOKEN, "wrong token: open the URL `actors web` printed")
        if token is TokenState.LIVE:
            return Decision(True, 303, "session opened", login=True)
        if req.cookie is not None and same(req.cookie, keys.session):
            if session is not SessionState.LIVE:
                return _ended(session)
            return Decision(True, 303, "session already open", clean=True)  # the browser that used it, again
        if token is TokenState.SPENT:
            return _refuse(401, Refusal.TOKEN_SPENT, "this URL's token already opened a session, and it opens one "
                                                     "only: restart `actors web` for a new URL")
        return _refuse(401, Refusal.TOKEN_EXPIRED, f"this URL's token expired unused {TOKEN_TTL_S / 60:g} minutes "
                                                   "after `actors web` started: restart it for a new URL")
    if req.cookie is None or not same(req.cookie, keys.session):
        return _refuse(401, Refusal.SESSION, "no session: open the URL `actors web` printed")
    if session is not SessionState.LIVE:
        return _ended(session)
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


def _ended(session: SessionState) -> Decision:
    if session is SessionState.IDLE:
        return _refuse(401, Refusal.SESSION_IDLE, f"this console's session ended after {SESSION_IDLE_S / 60:g} "
                                                  "minutes without use: restart `actors web` for a new URL")
    return _refuse(401, Refusal.SESSION_EXPIRED, f"this console's session ended {SESSION_MAX_S / 3600:g} hours "
                                                 "after it opened: restart `actors web` for a new URL")


def _refuse(status: int, refusal: Refusal, reason: str) -> Decision:
    return Decision(False, status, reason, refusal)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
