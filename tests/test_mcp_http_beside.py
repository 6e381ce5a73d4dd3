"""Plain tools/call POSTs of an HTTP session are answered beside the SDK's server: one JSON body with the same
result the SDK's stream carries; a call that says or asks something, or takes a while, is handed over to the
SDK's server and streamed as always; whatever the SDK's transport would refuse goes to it unchanged.

A raw HTTP client speaks to `actors mcp --http`; the content type of an answer shows which way it went
(application/json: beside the SDK; text/event-stream: the SDK's server). The same call with an empty
`_meta` always takes the SDK's path, so each call is made both ways and the results compared.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import httpx2 as httpx
import pytest

from tests.conftest import stop_process, wait_for
from tests.test_mcp_beside import ANSWERS, MESH, call
from tests.test_mcp_server import _listening, free_port

VERSION = "2025-11-25"
INITIALIZE = {"protocolVersion": VERSION, "capabilities": {"elicitation": {}, "sampling": {}},
              "clientInfo": {"name": "t", "version": "1"}}
ACCEPT = "application/json, text/event-stream"
TIMEOUT_S = 30.0


class Session:
    """One Streamable HTTP session, spoken to with raw requests."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(timeout=TIMEOUT_S)
        self.headers = {"accept": ACCEPT, "content-type": "application/json"}
        answer = self.http.post(url, json={"jsonrpc": "2.0", "id": "init", "method": "initialize",
                                           "params": INITIALIZE}, headers=self.headers)
        assert answer.status_code == 200, answer.text
        self.headers |= {"mcp-session-id": answer.headers["mcp-session-id"], "mcp-protocol-version": VERSION}
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.exchange({"jsonrpc": "2.0", "id": "ping", "method": "ping"})

    def post(self, message: dict, **headers: str) -> httpx.Response:
        return self.http.post(self.url, content=json.dumps(message), headers={**self.headers, **headers})

    def exchange(self, request: dict, **headers: str) -> tuple[str, list[dict]]:
        """POST a request: (the answer's content type, the messages it carried, questions answered)."""
        seen = []
        with self.http.stream("POST", self.url, content=json.dumps(request),
                              headers={**self.headers, **headers}) as answer:
            assert answer.status_code == 200, answer.read()
            kind = answer.headers["content-type"].split(";")[0]
            if kind == "application/json":
                return kind, [json.loads(answer.read())]
            for line in answer.iter_lines():
                if not line.startswith("data:") or not line[5:].strip():
                    continue
                message = json.loads(line[5:])
                if message.get("method") in ANSWERS and "id" in message:
                    self.post({"jsonrpc": "2.0", "id": message["id"], "result": ANSWERS[message["method"]]})
                    message = {k: v for k, v in message.items() if k != "id"}
                seen.append(message)
                if message.get("id") == request["id"] and "method" not in message:
                    break
        return kind, seen


@contextlib.contextmanager
def http_front_door(mesh) -> Iterator[str]:
    """`actors mcp --http` on a free loopback port of this mesh, while the block runs: its URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "actors", "mcp", "--http", f"127.0.0.1:{port}", "--home",
                               str(mesh.home)], env=mesh.env, cwd=mesh.workdir, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: _listening(port), timeout=30, what="the HTTP front door")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop_process(server)


@pytest.fixture
def session(make_mesh):
    with http_front_door(make_mesh(MESH)) as url:
        opened = Session(url)
        yield opened
        opened.http.close()


def _meanwhile(session: Session, request: dict) -> tuple[threading.Thread, list]:
    """Make an exchange on a thread: the thread, and the list its answer lands in."""
    answered: list = []
    waiting = threading.Thread(target=lambda: answered.append(session.exchange(request)))
    waiting.start()
    return waiting, answered


def _results(messages: list[dict]) -> list[dict]:
    return [{k: v for k, v in m.items() if k != "id"} for m in messages]


def test_a_repeated_plain_call_is_answered_with_json_and_the_same_result_as_the_sdks_stream(session):
    first_kind, first = session.exchange(call(1, "echo__echo", {"x": "é中"}))
    assert first_kind == "text/event-stream"  # a first use may change the exposure: the SDK's path
    kind, plain = session.exchange(call(2, "echo__echo", {"x": "é中"}))
    sdk_kind, through_sdk = session.exchange(call(3, "echo__echo", {"x": "é中"}, _meta={}))
    assert (kind, sdk_kind) == ("application/json", "text/event-stream")
    assert plain[0]["id"] == 2 and _results(plain) == _results(through_sdk) == _results(first[-1:])
    session.exchange(call(4, "echo__sleep", {"seconds": 0}))  # used once: a failed call is not a use
    kind, failed = session.exchange(call(5, "echo__sleep", {"seconds": "not a number"}))
    sdk_kind, failed_through_sdk = session.exchange(call(6, "echo__sleep", {"seconds": "not a number"}, _meta={}))
    assert (kind, sdk_kind) == ("application/json", "text/event-stream")
    assert _results(failed) == _results(failed_through_sdk) and failed[0]["result"]["isError"] is True


@pytest.mark.parametrize("tool, arguments", [
    ("conformance__test_tool_with_logging", {}),  # it logs before its reply
    ("conformance__test_elicitation", {"message": "who are you?"}),  # it asks the client first
    ("echo__sleep", {"seconds": 0.3}),  # it takes longer than the shortcut waits
])
def test_a_call_that_says_asks_or_waits_is_handed_over_and_streamed_as_the_sdk_does(session, tool, arguments):
    session.exchange(call("warm", tool, arguments))
    kind, handed_over = session.exchange(call("plain", tool, arguments))
    sdk_kind, through_sdk = session.exchange(call("meta", tool, arguments, _meta={}))
    assert kind == sdk_kind == "text/event-stream"
    assert _results(handed_over) == _results(through_sdk)
    assert handed_over[-1]["id"] == "plain"


def test_what_the_sdks_transport_refuses_is_refused_by_it_as_before(session):
    session.exchange(call(1, "echo__echo", {"x": 1}))
    assert session.exchange(call(2, "echo__echo", {"x": 1}))[0] == "application/json"
    assert session.post(call(3, "echo__echo", {"x": 1}), **{"mcp-protocol-version": "1999-01-01"}).status_code == 400
    assert session.post(call(4, "echo__echo", {"x": 1}), host="evil.example:80").status_code == 421
    assert session.post(call(5, "echo__echo", {"x": 1}), origin="http://evil.example").status_code == 403
    assert session.post(call(6, "echo__echo", {"x": 1}), **{"mcp-session-id": "unknown"}).status_code == 404
    assert session.http.delete(session.url, headers=session.headers).status_code == 200
    assert session.post(call(7, "echo__echo", {"x": 1})).status_code == 404  # a session ended is gone


def test_a_plain_call_the_client_cancels_is_answered_cancelled_as_the_sdk_answers_it(session):
    session.exchange(call(1, "echo__sleep", {"seconds": 0}))
    waiting, answered = _meanwhile(session, call(2, "echo__sleep", {"seconds": 2}))
    time.sleep(0.01)
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "t"}}
    assert session.post(cancel).status_code == 202
    waiting.join(TIMEOUT_S)
    (_, messages), = answered
    assert messages[-1]["id"] == 2 and messages[-1]["error"]["code"] == -32800  # beside the SDK or through it
    assert session.exchange(call(3, "echo__sleep", {"seconds": 0}))[0] == "application/json"  # it serves on


def test_an_id_still_in_flight_in_the_session_is_refused_and_the_first_request_is_answered(session):
    # the SDK's transport keeps one stream per request id: a second request with the id of a running one took
    # its place, and the first POST's stream never got its answer
    session.exchange(call(1, "echo__sleep", {"seconds": 0}))
    waiting, answered = _meanwhile(session, call(42, "echo__sleep", {"seconds": 1.5}))
    time.sleep(0.4)  # the first call runs (it takes 1.5 s)
    duplicate = session.post(call(42, "echo__echo", {"x": "dup"}))
    waiting.join(TIMEOUT_S)
    assert duplicate.status_code == 400
    assert duplicate.json()["error"]["code"] == -32600 and "id 42 is in use" in duplicate.json()["error"]["message"]
    (_, messages), = answered
    assert messages[-1]["id"] == 42 and messages[-1]["result"]["structuredContent"] == {"slept": 1.5}
    assert session.exchange(call(42, "echo__echo", {"x": "again"}))[1][-1]["id"] == 42  # answered: free again


def test_a_request_refused_for_want_of_a_session_names_no_session(session):
    # the SDK's transport made a session for it, refused the request, and sent that session's id, unknown after
    refused = session.http.post(session.url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                headers={"accept": ACCEPT, "content-type": "application/json"})
    assert refused.status_code == 400 and "mcp-session-id" not in refused.headers
    opened = session.http.post(session.url, json={"jsonrpc": "2.0", "id": 2, "method": "initialize",
                                                  "params": INITIALIZE}, headers={"accept": ACCEPT,
                                                                                  "content-type": "application/json"})
    assert opened.status_code == 200 and opened.headers["mcp-session-id"]  # a session opened still says so


def test_a_cancel_whose_request_id_is_no_id_is_taken_and_changes_nothing(session):
    for bad in ([1], {"a": 1}, None, True):
        cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": bad}}
        assert session.post(cancel).status_code in (202, 400), bad  # never an error of the server's own
    assert session.exchange(call(1, "echo__echo", {"x": 1}))[1][-1]["result"]["isError"] is False
