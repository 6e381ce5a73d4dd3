"""actors doctor's checks that are pure functions of what the mesh said."""

from __future__ import annotations

import pytest

from actors.doctor import memory_meaning
from broker.supervisor import inherited_environment


@pytest.mark.parametrize("state, ok, note", [("on", True, False), ("light", True, True), ("off", True, True),
                                             ("asked for, model not installed", False, False), ("", True, True)])
def test_doctor_says_whether_memorys_recall_reads_meaning_and_fails_when_asked_for_without_its_model(state, ok, note):
    check = memory_meaning(state)
    assert (check.ok, check.note) == (ok, note)
    assert ("pip install 'actors[meaning]'" in check.detail) is (not ok)


def test_organs_inherit_meanings_switches_and_never_an_unlisted_variable():
    launcher = {"ACTORS_EMBEDDING": "on", "ACTORS_MEMORY_MEANING": "off", "ACTORS_EMBEDDING_MODEL": "/m.onnx",
                "API_TOKEN": "secret"}
    assert inherited_environment(launcher) == {k: v for k, v in launcher.items() if k != "API_TOKEN"}
