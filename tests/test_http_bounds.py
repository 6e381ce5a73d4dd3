"""The HTTP servers' bounds, on a real uvicorn server and real sockets: a request head that does not complete in
time closes its connection, and connections beyond the cap are closed as they open; requests in bounds are served;
a connection that breaks leaves nothing behind; a refused peer's connections have a small cap of their own."""

from __future__ import annotations

import gc
import socket
import struct
import threading
import time

import pytest
import uvicorn

from actors.http_bounds import CROWDED, SLOW, STRANGER, bounded_h11

HEAD_S = 0.4
CAP = 3
STRANGERS = 2
STRANGE_IP = "127.0.0.2"  # the peer the test server refuses (as another local user's process)


async def hello(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
def served():
    """A uvicorn server with bounds on a free loopback port: (port, the reasons it refused for)."""
    yield from _serve(timeout_keep_alive=5)


@pytest.fixture
def served_long_kept():
    """The same with a keep-alive of a minute, longer than any test waits."""
    yield from _serve(timeout_keep_alive=60)


def _serve(**options):
    refused: list[str] = []
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(hello, log_level="warning", lifespan="off", **options,
                            http=bounded_h11(refused.append, head_timeout_s=HEAD_S, max_connections=CAP,
                                             admit=lambda client, server: client[0] != STRANGE_IP,
                                             max_strangers=STRANGERS))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    try:
        yield sock.getsockname()[1], refused
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    return conn


def closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closed the connection (EOF or reset) within seconds."""
    conn.settimeout(seconds)
    try:
        while True:
            if not conn.recv(4096):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"


def ask(conn: socket.socket) -> bytes:
    """Send a whole request and read its whole answer (head and the two-byte body)."""
    conn.sendall(REQUEST)
    conn.settimeout(5)
    answer = b""
    while not answer.endswith(b"\r\n\r\nok"):
        chunk = conn.recv(4096)
        assert chunk, f"the connection closed after {answer!r}"
        answer += chunk
    return answer


def test_a_request_head_sent_too_slowly_closes_its_connection_and_is_counted(served):
    port, refused = served
    slow = connect(port)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    started = time.monotonic()
    assert closed_within(slow, HEAD_S + 5)
    assert HEAD_S * 0.9 <= time.monotonic() - started
    assert refused == [SLOW]
    with connect(port) as fine:  # the server still serves
        assert ask(fine).startswith(b"HTTP/1.1 200")


def test_a_connection_that_never_sends_a_byte_is_closed_too(served):
    port, refused = served
    with connect(port) as idle:
        assert closed_within(idle, HEAD_S + 5)
    assert refused == [SLOW]


def test_a_kept_alive_connection_is_served_again_but_a_half_sent_next_head_closes_it(served):
    port, refused = served
    with connect(port) as conn:
        for _ in range(2):
            assert ask(conn).startswith(b"HTTP/1.1 200")
            time.sleep(HEAD_S * 1.5)  # idle between requests is the keep-alive timeout's (5 s), not the head's
        conn.sendall(b"GET / HTTP/1.1\r\n")
        assert closed_within(conn, HEAD_S + 5)
    assert refused == [SLOW]


def test_connections_beyond_the_cap_are_closed_as_they_open(served):
    port, refused = served
    kept = [connect(port) for _ in range(CAP)]
    try:
        for conn in kept:
            conn.sendall(b"GET")  # a head under way: open, not yet late
        time.sleep(0.1)
        with connect(port) as extra:
            assert closed_within(extra, 2)
        assert refused == [CROWDED]
    finally:
        for conn in kept:
            conn.close()


def test_another_users_connections_take_no_place_of_the_owners_and_have_a_small_cap_of_their_own(served):
    port, refused = served
    strangers = [connect(port, STRANGE_IP) for _ in range(STRANGERS)]
    try:
        for conn in strangers:
            conn.sendall(b"GET")  # heads under way: open, not yet late
        time.sleep(0.1)
        for _ in range(5):  # one more of theirs is closed as it opens, however often they try
            with connect(port, STRANGE_IP) as extra:
                assert closed_within(extra, 2)
        assert refused == [STRANGER] * 5
        owners = [connect(port) for _ in range(CAP)]  # the owner still has every place
        try:
            for conn in owners:
                assert ask(conn).startswith(b"HTTP/1.1 200")
        finally:
            for conn in owners:
                conn.close()
        assert refused == [STRANGER] * 5
    finally:
        for conn in strangers:
            conn.close()
    with connect(port, STRANGE_IP) as theirs:  # their places free again: still answered (by the app's refusal)
        assert ask(theirs).startswith(b"HTTP/1.1 200")


def _connections_of(client: tuple) -> list:
    gc.collect()
    return [o for o in gc.get_objects() if type(o).__name__ == "BoundedH11" and o.client == client]


def test_a_connection_reset_after_an_answer_is_released_at_once_not_after_its_keep_alive(served_long_kept):
    port, refused = served_long_kept
    conn = connect(port)
    client = conn.getsockname()
    assert ask(conn).startswith(b"HTTP/1.1 200")  # answered: the keep-alive timer runs (a minute here)
    assert len(_connections_of(client)) == 1
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()  # a reset, as a client that gives up on a connection sends: uvicorn sees it as an error
    deadline = time.monotonic() + 5
    while _connections_of(client) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _connections_of(client) == [], "the connection's state is held until its keep-alive would end"
    with connect(port) as fine:
        assert ask(fine).startswith(b"HTTP/1.1 200")
    assert refused == []
