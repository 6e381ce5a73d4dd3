"""The stdio transport's line reading: lines split with a cap, and a pipe read in its own callback that
pauses while the SDK's server is behind and hands every line on in order."""

from __future__ import annotations

import asyncio
import json

import anyio
import pytest
from mcp import types
from mcp.shared.dispatcher import coerce_request_id

from actors.front.transport import (HEAD_BYTES, SESSION, Lines, MemoryEventStore, Overlong, _answers, _PipeLines,
                                    _SessionTag, leading_id)


def test_lines_are_split_across_chunks_and_a_line_over_the_limit_is_dropped_whole():
    splitter = Lines(limit=5)
    assert splitter.feed(b"ab") == []
    assert splitter.feed(b"c\nde\n") == [b"abc", b"de"]
    assert splitter.feed(b"toolong") == []
    assert splitter.feed(b"er\nok\n") == [Overlong(b"toolong"), b"ok"]  # its head kept, to find its id
    assert splitter.feed(b"tail") == [] and splitter.end() == [b"tail"]
    assert splitter.feed(b"ab\n" + b"x" * (HEAD_BYTES + 10) + b"\n")[1] == Overlong(b"x" * HEAD_BYTES)



def test_a_line_over_the_limit_cut_off_by_the_end_of_input_is_reported_overlong_not_dropped_unanswered():
    splitter = Lines(limit=5)
    assert splitter.feed(b"ok\ntoolong") == [b"ok"]
    assert splitter.end() == [Overlong(b"toolong")]  # its head kept, to answer on its id

@pytest.mark.parametrize("head, request_id", [
    (b'{"jsonrpc": "2.0", "id": "big", "method": "tools/call", "params": {"x": "yyy', "big"),
    (b'{"jsonrpc":"2.0","method":"tools/call","id":-7,"params":', -7),
    (b'{"id": "a\\"b", "jsonrpc"', 'a"b'),
    (b'{"params": {"id": 3}, "id": 4', None),  # after something nested: not known to be the request's
    (b'{"jsonrpc": "2.0", "method": "tools/call", "params": {"x', None),  # not in the head
    (b"[1, 2, 3", None),
])
def test_the_id_of_a_request_too_large_to_parse_is_read_from_its_head_when_it_leads(head, request_id):
    assert leading_id(head) == request_id


class _Transport:
    def __init__(self) -> None:
        self.paused = 0
        self.resumed = 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1


def test_a_pipe_that_outruns_the_server_pauses_and_hands_every_line_on_in_order():
    async def scenario() -> list[bytes]:
        into, out = anyio.create_memory_object_stream(1)
        ended = asyncio.get_running_loop().create_future()
        protocol = _PipeLines(100, lambda line: None if line == b"skip" else line, into, ended)
        transport = _Transport()
        protocol.connection_made(transport)
        protocol.data_received(b"1\n2\nskip\n3\n4")
        assert transport.paused == 1  # "2" found the queue full
        protocol.eof_received()
        protocol.connection_lost(None)
        got = []
        with anyio.fail_after(5):
            while len(got) < 4:
                got.append(await out.receive())
            await ended
        assert transport.resumed == 0  # the pipe had ended: nothing to resume
        return got

    assert asyncio.run(scenario()) == [b"1", b"2", b"3", b"4"]


def test_a_paused_pipe_resumes_once_the_server_caught_up():
    async def scenario() -> None:
        into, out = anyio.create_memory_object_stream(1)
        ended = asyncio.get_running_loop().create_future()
        protocol = _PipeLines(100, lambda line: line, into, ended)
        transport = _Transport()
        protocol.connection_made(transport)
        protocol.data_received(b"a\nb\nc\n")
        assert [await out.receive() for _ in range(3)] == [b"a", b"b", b"c"]
        with anyio.fail_after(5):
            while not transport.resumed:
                await asyncio.sleep(0.01)
        assert not ended.done()

    asyncio.run(scenario())


def _in_session(session: str | None, coro_fn, *args):
    """Run a store call as a request of `session` would (EnvelopeGuard sets the tag per request)."""
    async def run():
        SESSION.set(_SessionTag(session))
        return await coro_fn(*args)
    return asyncio.run(run())


def _answer(request_id: int, text: str):
    return types.jsonrpc_message_adapter.validate_python(
        {"jsonrpc": "2.0", "id": request_id, "result": {"content": [{"type": "text", "text": text}]}})


def _replayed(session: str, store: MemoryEventStore, after: str) -> tuple[str | None, list]:
    replayed: list = []

    async def collect(event):
        replayed.append(event.message)

    return _in_session(session, store.replay_events_after, after, collect), replayed


def test_a_resumed_stream_replays_only_its_own_sessions_events_although_stream_ids_repeat_across_sessions():
    store = MemoryEventStore()
    a_prime = _in_session("A", store.store_event, "1", None)
    b_prime = _in_session("B", store.store_event, "1", None)
    _in_session("A", store.store_event, "1", _answer(1, "secret of A"))
    _in_session("B", store.store_event, "1", _answer(1, "answer of B"))

    assert _replayed("B", store, b_prime) == ("1", [_answer(1, "answer of B")])
    assert _replayed("B", store, a_prime) == (None, []), "another session's event id"
    assert _replayed("A", store, a_prime) == ("1", [_answer(1, "secret of A")])


def test_a_replayed_event_is_sent_as_the_same_json_as_the_first_time():
    store = MemoryEventStore()
    first = types.jsonrpc_message_adapter.validate_json(
        '{"jsonrpc":"2.0","id":"x7","result":{"content":[{"type":"text","text":"é \\u2028"}],"structuredContent":'
        '{"n":1.5,"deep":[null,{"a":[]}]},"_meta":{"k":"v"}}}', by_name=False)
    primed = _in_session("A", store.store_event, "x7", None)
    _in_session("A", store.store_event, "x7", first)

    stream, replayed = _replayed("A", store, primed)

    assert stream == "x7"
    assert [m.model_dump_json(by_alias=True, exclude_unset=True) for m in replayed] == [
        first.model_dump_json(by_alias=True, exclude_unset=True)]


def test_the_store_keeps_the_newest_events_within_its_bytes_and_forgets_one_larger_than_them_all():
    store = MemoryEventStore(max_events=1000, max_bytes=10_000)
    primed = _in_session("A", store.store_event, "1", None)
    sizes = []
    for n in range(30):
        _in_session("A", store.store_event, "1", _answer(n, "x" * 1000))
        sizes.append(store.size)

    assert max(sizes) <= 10_000 and len(store.events) < 12 and primed not in store.events
    assert store.size == sum(len(data) for _, _, data in store.events.values())
    kept_from = _in_session("A", store.store_event, "2", None)
    _in_session("A", store.store_event, "2", _answer(99, "y" * 20_000))
    assert store.size <= 10_000 and len(store.events) <= 1
    assert _replayed("A", store, kept_from) == (None, []), "evicted: unknown, so the client starts over"


def test_the_store_keeps_at_most_its_number_of_events():
    store = MemoryEventStore(max_events=5)
    for n in range(12):
        _in_session("A", store.store_event, "1", _answer(n, "x"))

    assert len(store.events) == 5
    assert [json.loads(data)["id"] for _, _, data in store.events.values()] == [7, 8, 9, 10, 11]


def test_event_ids_are_random_not_a_counter():
    store = MemoryEventStore()
    ids = [_in_session("A", store.store_event, "1", _answer(n, "x")) for n in range(50)]

    assert len(set(ids)) == 50 and not any(i.isdigit() for i in ids) and min(len(i) for i in ids) >= 16


def test_request_bodies_being_read_at_once_are_capped_over_all_requests_and_the_budget_comes_back():
    from actors.front.transport import MAX_BUFFERED_BYTES, MAX_REQUEST_BYTES, EnvelopeGuard

    served, refused, statuses = [], [], []
    scope = {"type": "http", "method": "POST", "client": ("203.0.113.5", 40000), "server": ("203.0.113.1", 8390),
             "headers": []}

    async def app(scope, receive, send):
        served.append((await receive())["body"])

    async def scenario():
        guard = EnvelopeGuard(app, refused.append, remote_allowed=True)  # a peer of another machine, allowed
        release = asyncio.Event()
        part = MAX_REQUEST_BYTES - 1

        def slow_body():
            sent = False

            async def receive():
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": b" " * part, "more_body": True}
                await release.wait()
                return {"type": "http.disconnect"}
            return receive

        async def send(message):
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        holders = [asyncio.create_task(guard(scope, slow_body(), send)) for _ in range(MAX_BUFFERED_BYTES // part)]
        await asyncio.sleep(0.05)
        body = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
        one = iter([{"type": "http.request", "body": body * 30_000, "more_body": False}])
        await guard(scope, lambda: asyncio.sleep(0, next(one)), send)
        assert statuses == [503] and refused == ["size"] and served == []
        release.set()
        await asyncio.gather(*holders)
        assert guard.buffered == 0
        again = iter([{"type": "http.request", "body": body, "more_body": False}])
        await guard(scope, lambda: asyncio.sleep(0, next(again)), send)
        assert served == [body]

    asyncio.run(asyncio.wait_for(scenario(), 30))


@pytest.mark.parametrize("body, answers", [
    (b'{"jsonrpc":"2.0","id":42,"result":{}}', True),  # a JSON body
    (b'event: message\ndata: {"jsonrpc":"2.0","id":42,"error":{"code":1,"message":"x"}}\n\n', True),
    (b'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"id":42,"result":1}}\n\n',
     False),  # a notification about it
    (b'data: {"jsonrpc":"2.0","id":43,"result":{}}\n\n', False),  # another request's
    (b'data: {"jsonrpc":"2.0","id":"42","result":{}}\n\n', True),  # ids compare as the SDK's transport keys them
    (b"", False),
])
def test_the_part_of_an_http_answer_that_frees_a_request_id_is_its_response(body, answers):
    assert _answers(body, coerce_request_id(42)) is answers
