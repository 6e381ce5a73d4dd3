"""An ability talking to its caller: progress, logs and questions, through the organ's link. No sockets."""

from __future__ import annotations

import threading

import pytest

from actors.organ import Organ, ability
from broker import protocol
from broker.errors import Cancelled, Unanswerable
from broker.protocol import Answer, Ask, Call, Notice


class Asking(Organ):
    name = "asking"

    @ability("Ask the user for a name.", params={"timeout_s": {"type": "number"}})
    def who(self, timeout_s: float = 5.0) -> dict:
        self.progress(1, 2, "asking")
        self.log("info", "asking the user")
        return self.elicit("Your name?", {"type": "object", "properties": {"name": {"type": "string"}}},
                           timeout_s=timeout_s)

    @ability("Ask the model.")
    def think(self) -> dict:
        return self.sample("2+2?", max_tokens=5, system="be brief", temperature=0)


class Loop:
    """Stands in for the organ loop: records what is pushed and answers questions as told."""

    def __init__(self, organ: Organ, answer=None) -> None:
        self.organ, self.answer, self.sent = organ, answer, []
        organ.caller.push = self.push

    def push(self, frames: list[bytes], call: str = "") -> None:
        msg = protocol.decode(frames)
        assert call == msg.call  # the loop routes what a call says by its id (a lane call's goes on its lane)
        self.sent.append(msg)
        if isinstance(msg, Ask) and self.answer is not None:
            reply = self.answer(msg)
            threading.Timer(0.01, self.organ.caller.answered, [reply]).start()


def call(organ: Organ, ability_name: str, **args):
    return organ.handle(Call(id="c9", organ=organ.name, ability=ability_name, args=args))


def test_an_ability_reports_progress_logs_and_gets_its_users_answer():
    organ = Asking()
    loop = Loop(organ, lambda ask: Answer(id=ask.id, ok=True, result={"action": "accept", "content": {"name": "Ada"}}))

    reply = call(organ, "who")

    assert reply.ok and reply.result == {"action": "accept", "content": {"name": "Ada"}}
    progress, log, question = loop.sent
    assert progress == Notice(call="c9", kind="progress", body={"progress": 1.0, "total": 2.0, "message": "asking"})
    assert log == Notice(call="c9", kind="log", body={"level": "info", "message": "asking the user"})
    assert question.call == "c9" and question.kind == "elicit" and question.body["message"] == "Your name?"
    assert organ.caller.waiting == {}


def test_a_sampling_question_carries_mcps_parameters():
    organ = Asking()
    loop = Loop(organ, lambda ask: Answer(id=ask.id, ok=True, result={"role": "assistant"}))

    assert call(organ, "think").result == {"role": "assistant"}
    body = loop.sent[0].body
    assert body == {"messages": [{"role": "user", "content": {"type": "text", "text": "2+2?"}}], "maxTokens": 5,
                    "systemPrompt": "be brief", "temperature": 0}


@pytest.mark.parametrize("answer, cause", [
    (lambda ask: Answer(id=ask.id, ok=False, error="the client does not support elicitation"), "tool_missing"),
    (lambda ask: Answer(id=ask.id, ok=False, error="no answer within 1s", timed_out=True), "timeout"),
    (None, "timeout"),  # no answer ever comes
])
def test_a_question_without_an_answer_fails_the_call_with_its_cause(answer, cause):
    organ = Asking()
    Loop(organ, answer)

    reply = call(organ, "who", timeout_s=0.05)

    assert not reply.ok and reply.error.cause == cause


def test_outside_a_call_or_on_the_loop_thread_nothing_is_sent_and_questions_are_refused():
    organ = Asking()
    loop = Loop(organ)

    assert organ.progress(1) is False and organ.log("info", "x") is False
    with pytest.raises(Unanswerable):
        organ.elicit("?", {})
    organ.caller.loop_thread = threading.get_ident()
    with organ.caller.running("c1"), pytest.raises(Unanswerable, match="inline"):
        organ.elicit("?", {})
    assert loop.sent == []
    with pytest.raises(ValueError):
        organ.log("loud", "x")


def test_a_question_stops_waiting_when_its_call_is_cancelled_and_the_call_says_so():
    organ = Asking()
    Loop(organ)  # nobody answers
    threading.Timer(0.05, organ.caller.cancel, ["c9"]).start()

    reply = call(organ, "who", timeout_s=30)

    assert not reply.ok and reply.error.cause == "cancelled" and organ.caller.waiting == {}


def test_a_call_cancelled_before_it_runs_does_not_run_and_only_its_own_id_reads_cancelled():
    organ = Asking()
    loop = Loop(organ)
    organ.caller.cancel("c9")

    reply = call(organ, "who")

    assert not reply.ok and reply.error.cause == "cancelled" and loop.sent == []  # it never began
    with organ.caller.running("c8"):
        assert organ.cancelled() is False
    with organ.caller.running("c9"):
        assert organ.cancelled() is True
    assert organ.cancelled() is False  # outside a call


def test_a_question_asked_after_its_call_was_cancelled_is_never_sent():
    organ = Asking()
    loop = Loop(organ)
    organ.caller.cancel("c9")

    with organ.caller.running("c9"), pytest.raises(Cancelled):
        organ.elicit("?", {"type": "object"}, timeout_s=30)
    assert loop.sent == [] and organ.caller.waiting == {}
