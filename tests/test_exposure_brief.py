"""Tools sent brief: past the best fits, a tool goes without its prose, whole as an MCP tool and exactly counted."""

from __future__ import annotations

import json

import pytest

from broker import tokens
from broker.exposure import Context, catalogue_from_mcp, select
from broker.exposure.brief import MAX_DESCRIPTION, brief, first_sentence
from broker.exposure.selection import BRIEF_AFTER, default_budget
from broker.exposure.sources import Source

VERBS = ("get", "list", "create", "update", "delete", "search", "close", "assign", "comment", "link")
OBJECTS = ("issue", "sprint", "board", "epic", "worklog", "attachment")


def _tracker_tool(verb: str, obj: str) -> dict:
    return {"name": f"{verb}_{obj}",
            "description": f"{verb.title()} a tracker {obj} of the issue tracker. The {obj} belongs to a project and "
                           f"an issue; permissions of the project apply and the call fails without them. Use the "
                           f"project key and the issue key as the tracker writes them, and mind the rate limit.",
            "inputSchema": {"type": "object", "properties": {
                "project": {"type": "string", "description": f"The project key of the {obj}, as the tracker shows it "
                                                            "in its URLs and boards"},
                "issue": {"type": "string", "description": "The issue key the call is about (PROJ-123 style)"},
                "fields": {"type": "array", "items": {"type": "string", "description": "One field name"},
                           "description": "Which fields to return or change; all when left out"}},
                "required": ["project", "issue"]}}


ORGANS = {"tracker": [_tracker_tool(v, o) for v in VERBS for o in OBJECTS],  # 60 tools, long prose
          "clock": [{"name": "now", "description": "The current time in a time zone.",
                     "inputSchema": {"type": "object", "properties": {"zone": {"type": "string"}}}}]}
INTENT = "the issue tracker shows the wrong project for PAY-12, update the issue"

TOOL = {
    "name": "tracker__create_issue",
    "title": "Create issue",
    "description": "Create an issue in a project. The issue gets a key such as PAY-12.\nMarkdown is accepted.",
    "inputSchema": {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "title": "args",
        "properties": {
            "project": {"type": "string", "description": "The project key, e.g. PAY", "pattern": "^[A-Z]+$"},
            "priority": {"type": "string", "enum": ["low", "high"], "default": "low", "description": "How urgent"},
            "description": {"type": "string", "description": "The issue's body", "examples": ["Steps: ..."]},
            "labels": {"type": "array", "items": {"type": "string", "description": "One label"}, "minItems": 1},
            "parent": {"anyOf": [{"type": "string", "description": "A key"}, {"type": "null"}]},
        },
        "required": ["project", "description"], "additionalProperties": False},
    "outputSchema": {"type": "object", "properties": {"key": {"type": "string"}}},
    "annotations": {"destructiveHint": False},
    "_meta": {"vendor": "x"},
}


def test_a_brief_tool_keeps_what_a_call_needs_and_drops_the_prose():
    short = brief(TOOL)
    schema = short["inputSchema"]

    assert short["name"] == TOOL["name"] and short["title"] == "Create issue"
    assert short["description"] == "Create an issue in a project."
    assert short["annotations"] == TOOL["annotations"]
    assert "outputSchema" not in short and "_meta" not in short
    assert list(schema["properties"]) == ["project", "priority", "description", "labels", "parent"], \
        "a property named description is a property"
    assert schema["required"] == ["project", "description"] and schema["additionalProperties"] is False
    assert schema["properties"]["project"] == {"type": "string", "pattern": "^[A-Z]+$"}
    assert schema["properties"]["priority"] == {"type": "string", "enum": ["low", "high"], "default": "low"}
    assert schema["properties"]["labels"] == {"type": "array", "items": {"type": "string"}, "minItems": 1}
    assert schema["properties"]["parent"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert "title" not in schema and "$schema" not in schema
    assert TOOL["inputSchema"]["properties"]["project"]["description"], "the tool itself is left as it was"


def test_a_first_sentence_ends_at_its_stop_or_line_and_a_long_one_is_cut_at_a_word():
    assert first_sentence("Reads a file. Use it for text.") == "Reads a file."
    assert first_sentence("Version 2.1 of the API\nmore") == "Version 2.1 of the API"
    assert first_sentence("  no stop at all  ") == "no stop at all"
    long = "word " * 100
    cut = first_sentence(long)
    assert cut.endswith("…") and len(cut) <= MAX_DESCRIPTION + 1 and cut[:-1].split() == ["word"] * len(cut[:-1].split())


@pytest.fixture(scope="module")
def catalogue():
    return catalogue_from_mcp(ORGANS)


def test_past_a_fifth_of_the_budget_tools_go_brief_and_the_tokens_are_those_of_the_tools_sent(catalogue):
    exposure = select(INTENT, catalogue)
    brief_ones = set(exposure.brief)
    sent = {t["name"]: t for t in exposure.tools}

    assert brief_ones and brief_ones < set(exposure.exposed)
    for address in exposure.exposed:
        tool = catalogue.tools[catalogue.by_address[address]]
        assert sent[tool.wire["name"]] == (tool.brief if address in brief_ones else tool.wire)
    assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools)) <= default_budget(catalogue)
    full_ones = [a for a in exposure.exposed if a not in brief_ones]
    assert exposure.exposed[:len(full_ones)] == tuple(full_ones), "the best fits are the ones sent whole"
    before_last = tokens.count_tokens([catalogue.tools[catalogue.by_address[a]].wire for a in full_ones[:-1]])
    assert before_last < BRIEF_AFTER * default_budget(catalogue)


def test_brief_forms_buy_more_tools_for_the_same_budget_and_recent_tools_are_always_whole(catalogue):
    plain = select(INTENT, catalogue_from_mcp(ORGANS, without=frozenset({Source.BRIEF})))
    recent = ("tracker.link_worklog", "tracker.delete_sprint")
    exposure = select(INTENT, catalogue, Context(recent=recent))

    assert plain.brief == () and len(select(INTENT, catalogue).exposed) > 1.5 * len(plain.exposed)
    assert exposure.exposed[:2] == recent and not set(recent) & set(exposure.brief)


def test_a_brief_tool_is_as_valid_an_mcp_tool_as_the_full_one(catalogue):
    from mcp import types

    for tool in catalogue.tools:
        types.Tool.model_validate(tool.brief)
        assert json.loads(tool.brief_json) == tool.brief and tool.brief_tokens <= tool.tokens
