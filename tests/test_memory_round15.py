"""Round 15: a question about people (who does it, what was decided) asks for no tool's lesson; a card it names
outright is still recalled."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import asks_people, parse_query
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


def test_a_question_whose_answer_is_a_person_asks_about_people():
    assert asks_people("Who approves new AWS accounts?")
    assert asks_people("whose job is the AWS bill?")
    assert asks_people("Please, who owns the infra account?")  # a word that only leads to it is skipped
    assert parse_query("Who approves new AWS accounts?").people


def test_a_question_asking_what_people_decided_asks_about_people():
    assert asks_people("What did we decide about moving to OpenTofu?")
    assert asks_people("Decision on the AWS account layout")


def test_a_question_about_work_asks_about_no_person():
    assert not asks_people("Before I list the buckets with aws, anything I should know?")
    assert not asks_people("How do we usually log in to AWS from here?")
    assert not asks_people("Can I reach the bucket, who knows?")  # `who` later in the question asks no person
    # a form of decide after the question's first clause is a later step of a plan, not what it asks
    assert not asks_people("list the buckets of every AWS account, then I'll decide which to clean up")


def test_a_question_about_work_recalls_the_card(memory):
    assert aws_rule(recalled_titles(memory, "Before I list the AWS buckets, anything I should know?"))


def test_a_question_about_people_recalls_no_card_it_does_not_name(memory):
    assert recalled_titles(memory, "Who approves new AWS accounts?") == []
    assert recalled_titles(memory, "What did we decide about the AWS accounts?") == []


def test_a_question_about_people_still_recalls_a_card_it_names_outright(memory):
    # `aws sso` is the card's program and subcommand: the question names its command
    assert aws_rule(recalled_titles(memory, "Who knows why aws sso login is needed before aws s3 ls?"))


def test_the_off_condition_reads_no_question_form(tmp_path):
    with Memory(tmp_path / "home", Settings.from_options({"recall_condition": "off"}), clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO(aws_journal()))
        m.consolidate()
        assert aws_rule(recalled_titles(m, "Who approves new AWS accounts?"))
