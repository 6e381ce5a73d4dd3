"""The shared vocabularies: plain strings on the wire, the contract's words, and one spelling per name."""

from __future__ import annotations

import json

import msgpack

from actors.memory.distill import KINDS as DISTILLED_KINDS
from actors.memory.judgments import JUDGMENT_KINDS as MEMORY_JUDGMENT_KINDS
from broker import vocab
from broker.exposure.catalogue import META_NAME, SEPARATOR
from broker.protocol import CAUSES, LEVELS, STAGES, STATES
from broker.vocab import BeatKind, Decision, OrganState, Stage


def test_the_contracts_state_and_stage_words_are_the_vocabularies():
    assert STATES == ("starting", "up", "lost", "restarting", "fatal", "stopped")
    assert STAGES == ("awake", "light", "deep")
    assert LEVELS == ("info", "warn", "critical")
    assert len(CAUSES) == 12 and {"organ_unhealthy", "cancelled"} <= set(CAUSES)


def test_a_member_goes_on_the_wire_and_into_json_as_its_plain_word():
    packed = msgpack.unpackb(msgpack.packb({"state": OrganState.LOST, "stage": Stage.DEEP}))

    assert packed == {"state": "lost", "stage": "deep"} and type(packed["state"]) is str
    assert json.loads(json.dumps({"d": Decision.FAIL_FAST, "k": BeatKind.QUIET})) == {"d": "fail_fast", "k": "quiet"}


def test_the_packages_use_the_shared_names():
    assert vocab.FIND_ABILITIES == META_NAME
    assert vocab.WIRE_NAME_SEP == SEPARATOR
    assert vocab.JUDGMENT_KINDS == MEMORY_JUDGMENT_KINDS
    assert vocab.CARD_KINDS == (*DISTILLED_KINDS, "judgment")
