"""The stdio transport's line reading: lines split with a cap, and a pipe read in its own callback that
pauses while the SDK's server is behind and hands every line on in order."""

from __future__ import annotations

import asyncio

import anyio

from actors.front.transport import Lines, _PipeLines


def test_lines_are_split_across_chunks_and_a_line_over_the_limit_is_dropped_whole():
    splitter = Lines(limit=5)
    assert splitter.feed(b"ab") == []
    assert splitter.feed(b"c\nde\n") == [b"abc", b"de"]
    assert splitter.feed(b"toolong") == []
    assert splitter.feed(b"er\nok\n") == [None, b"ok"]
    assert splitter.feed(b"tail") == [] and splitter.end() == [b"tail"]


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
