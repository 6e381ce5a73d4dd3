"""Round 15's question style on a card: a question about the work recalls the lesson, and one that names its command
outright does whatever else it asks. (Round 15's rule that a question about people recalls only a card it names
changed nothing on the hand it was not made on and went in round 17.)"""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.service import Memory, Settings
from tests.conftest import recalled_titles

T0 = 1_764_460_800.0


def aws_journal() -> bytes:
    """`aws s3 ls` failing on an expired token and working after `aws sso login`, in two sessions."""
    events = []
    for i in range(2):
        s = f"s{i}"
        events.append({"session": s, "kind": "progress", "text": "list the new AWS accounts' buckets"})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "aws s3 ls --profile infra"}, "ok": False,
                       "error": "An error occurred (ExpiredToken) when calling the ListBuckets operation: "
                                "The provided token has expired."})
        events.append({"session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "aws sso login --profile infra && aws s3 ls --profile infra"}, "ok": True})
    return b"".join(json.dumps({**e, "ts": T0 + i}).encode() + b"\n" for i, e in enumerate(events))


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    with Memory(tmp_path_factory.mktemp("round15") / "home", Settings(), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(aws_journal()))
        m.consolidate()
        yield m


def aws_rule(found: list[str]) -> bool:
    return any(t.startswith("Running aws commands") for t in found)


def test_a_question_about_work_recalls_the_card(memory):
    assert aws_rule(recalled_titles(memory, "Before I list the AWS buckets, anything I should know?"))


def test_a_question_naming_the_cards_command_recalls_it(memory):
    # `aws sso` is the card's program and subcommand: the question names its command
    assert aws_rule(recalled_titles(memory, "Who knows why aws sso login is needed before aws s3 ls?"))
