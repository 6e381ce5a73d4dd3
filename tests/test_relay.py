"""The heart's relay: notices and questions from a running ability to its caller, answers back. No sockets."""

from __future__ import annotations

from broker import protocol
from broker.protocol import Answer, Ask, Notice
from broker.relay import MAX_ASKS, Relay

ORGAN, CLIENT, OTHER = b"organ", b"client", b"other"


class Wire:
    def __init__(self, reachable=(ORGAN, CLIENT, OTHER)) -> None:
        self.sent: list[tuple[bytes, object]] = []
        self.reachable = set(reachable)

    def __call__(self, ident: bytes, frames: list[bytes]) -> bool:
        if ident not in self.reachable:
            return False
        self.sent.append((ident, protocol.decode(frames)))
        return True


def ask(ask_id: str = "a1", timeout_s: float = 30.0) -> Ask:
    return Ask(id=ask_id, call="c1", kind="elicit", body={"message": "name?"}, timeout_s=timeout_s)


def test_a_notice_reaches_the_caller_of_its_call_and_is_dropped_when_the_call_is_over():
    wire = Wire()
    relay = Relay(wire)
    notice = Notice(call="c1", kind="progress", body={"progress": 1.0})

    relay.notice(CLIENT, protocol.encode(notice))
    relay.notice(None, protocol.encode(notice))

    assert wire.sent == [(CLIENT, notice)]


def test_a_question_reaches_the_caller_and_only_its_answer_goes_back_to_the_organ():
    wire = Wire()
    relay = Relay(wire)
    relay.ask(ORGAN, CLIENT, ask(), protocol.encode(ask()))
    answer = Answer(id="a1", ok=True, result={"action": "accept"})

    assert not relay.answer(OTHER, answer, protocol.encode(answer))  # not the one asked
    assert relay.answer(CLIENT, answer, protocol.encode(answer))
    assert not relay.answer(CLIENT, answer, protocol.encode(answer))  # answered once

    assert wire.sent == [(CLIENT, ask()), (ORGAN, answer)]


def test_a_question_nobody_can_answer_is_refused_to_the_organ_at_once():
    wire = Wire(reachable=(ORGAN,))
    relay = Relay(wire)

    relay.ask(ORGAN, None, ask("a1"), protocol.encode(ask("a1")))  # the call is over
    relay.ask(ORGAN, CLIENT, ask("a2"), protocol.encode(ask("a2")))  # the caller is gone

    refusals = [msg for _, msg in wire.sent]
    assert [(a.id, a.ok) for a in refusals] == [("a1", False), ("a2", False)]
    assert "not running" in refusals[0].error and "cannot be reached" in refusals[1].error
    assert relay.waiting == {}


def test_waiting_questions_are_bounded_and_a_reused_id_is_refused():
    wire = Wire()
    relay = Relay(wire)
    for n in range(MAX_ASKS):
        relay.ask(ORGAN, CLIENT, ask(f"a{n}"), protocol.encode(ask(f"a{n}")))
    relay.ask(ORGAN, CLIENT, ask("a0"), protocol.encode(ask("a0")))
    relay.ask(ORGAN, CLIENT, ask("more"), protocol.encode(ask("more")))

    assert len(relay.waiting) == MAX_ASKS
    refused = [msg for ident, msg in wire.sent if ident == ORGAN]
    assert [a.id for a in refused] == ["a0", "more"] and all(not a.ok for a in refused)


def test_a_question_past_its_deadline_is_forgotten():
    wire = Wire()
    relay = Relay(wire)
    relay.ask(ORGAN, CLIENT, ask("old", timeout_s=1e-9), protocol.encode(ask("old", timeout_s=1e-9)))
    relay.ask(ORGAN, CLIENT, ask("new"), protocol.encode(ask("new")))

    assert list(relay.waiting) == ["new"]
