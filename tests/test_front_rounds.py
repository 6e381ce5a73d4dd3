"""Calls of 2026-07-28 clients waiting for answers between requests: resumed by their own client only, bounded."""

from __future__ import annotations

import asyncio

import pytest

from actors.front import rounds
from actors.front.rounds import Rounds
from broker.protocol import Ask, Notice, Reply


async def noticed(ctx, notice):
    ctx.append(notice)


def test_a_call_asks_waits_for_its_client_and_then_replies():
    async def scenario() -> None:
        answered = asyncio.Event()

        async def call(relay, round_):
            await relay(Notice(call="c", kind="progress", body={"progress": 1.0}))
            await relay(Ask(id="q1", call="c", kind="elicit"))
            await answered.wait()
            return Reply(id="c", ok=True, result="done")

        table, seen = Rounds(), []
        state, first = table.start("client-a", 5.0, call, seen, noticed)
        assert isinstance(await first.next_event(), Ask)
        assert seen == [Notice(call="c", kind="progress", body={"progress": 1.0})]
        assert table.resume(state, "client-b") is None  # another client's retry cannot take it
        again = table.resume(state, "client-a")
        assert again is first
        answered.set()
        assert (await again.next_event()).result == "done"
        table.finish(state)
        assert table.resume(state, "client-a") is None

    asyncio.run(scenario())


def test_waiting_calls_are_bounded_and_forgotten_at_their_deadline(monkeypatch):
    monkeypatch.setattr(rounds, "MAX_WAITING", 2)

    async def scenario() -> None:
        async def forever(relay, round_):
            await asyncio.sleep(3600)

        table = Rounds()
        short, _ = table.start("a", 0.01, forever, None, noticed)
        assert table.start("a", 5.0, forever, None, noticed) is not None
        assert table.start("a", 5.0, forever, None, noticed) is None  # the third waits for room
        await asyncio.sleep(0.05)
        assert table.resume(short, "a") is None  # past its deadline: gone, and room again
        assert table.start("a", 5.0, forever, None, noticed) is not None
        table.close()
        assert table.rounds == {}

    asyncio.run(scenario())


def test_a_call_that_outlives_its_deadline_ends_the_wait_with_a_timeout():
    async def scenario() -> None:
        async def slow(relay, round_):
            await asyncio.sleep(3600)

        table = Rounds()
        _, waiting = table.start("a", 0.05, slow, None, noticed)
        with pytest.raises(TimeoutError):
            await waiting.next_event()
        table.close()

    asyncio.run(scenario())
