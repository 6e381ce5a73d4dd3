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


# -- round 18 review: schemas whose names look like prose, sentences that do not end at a stop ----------------------

ODD_SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "description": "A title"},
        "description": {"type": "string"},
        "examples": {"type": "array", "prefixItems": [{"type": "integer", "title": "first"}], "items": False},
        "kind": {"$ref": "#/components/title"},
        "shape": {"oneOf": [{"$ref": "#/$defs/title"}], "discriminator": {"propertyName": "k",
                                                                           "mapping": {"title": "#/$defs/title"}}},
    },
    "dependentSchemas": {"description": {"required": ["title"], "description": "prose"}},
    "dependentRequired": {"title": ["description"]},
    "dependencies": {"examples": ["title"], "kind": {"properties": {"title": {"minLength": 2, "title": "t"}}}},
    "components": {"title": {"type": "string", "enum": ["a", "b"]}},
    "$defs": {"title": {"type": "object", "properties": {"k": {"const": "t"}}, "title": "The title shape"}},
    "if": {"properties": {"kind": {"const": "a", "description": "d"}}}, "then": {"required": ["examples"]},
    "not": {"required": ["nothing"], "title": "n"},
    "x-vendor": {"description": "a vendor keyword's value, not a schema of ours"},
}


def test_a_brief_schema_keeps_every_part_a_name_refers_to_even_when_it_is_called_title_or_description():
    schema = brief({"name": "t", "description": "Shape a thing.", "inputSchema": ODD_SCHEMA})["inputSchema"]

    assert schema["dependentSchemas"] == {"description": {"required": ["title"]}}
    assert schema["dependentRequired"] == {"title": ["description"]}
    assert schema["dependencies"] == {"examples": ["title"], "kind": {"properties": {"title": {"minLength": 2}}}}
    assert schema["components"] == ODD_SCHEMA["components"], "the target of a $ref is where the $ref says"
    assert schema["properties"]["shape"]["discriminator"] == ODD_SCHEMA["properties"]["shape"]["discriminator"]
    assert schema["x-vendor"] == ODD_SCHEMA["x-vendor"]
    assert schema["$defs"]["title"] == {"type": "object", "properties": {"k": {"const": "t"}}}
    assert schema["properties"]["examples"] == {"type": "array", "prefixItems": [{"type": "integer"}], "items": False}
    draft7 = {"type": "object", "properties": {"pair": {"items": [{"type": "string", "title": "a"}, True]}}}
    assert brief({"name": "t", "inputSchema": draft7})["inputSchema"]["properties"]["pair"] == \
        {"items": [{"type": "string"}, True]}
    assert schema["if"] == {"properties": {"kind": {"const": "a"}}} and schema["not"] == {"required": ["nothing"]}


def test_a_brief_schema_accepts_and_refuses_exactly_the_arguments_the_full_one_does():
    from actors.schema import check

    schema = brief({"name": "t", "description": "Shape a thing.", "inputSchema": ODD_SCHEMA})["inputSchema"]
    cases = [{}, {"title": "x"}, {"description": "d"}, {"description": "d", "title": "x"}, {"examples": [1]},
             {"examples": ["1"]}, {"kind": "a"}, {"kind": "c"}, {"kind": "a", "title": "x"},
             {"kind": "a", "title": "xy", "examples": [1]}, {"shape": {"k": "t"}}, {"shape": {"k": "u"}},
             {"nothing": 1}]
    assert [bool(check(schema, case)) for case in cases] == [bool(check(ODD_SCHEMA, case)) for case in cases]
    assert any(check(ODD_SCHEMA, case) for case in cases) and not all(check(ODD_SCHEMA, case) for case in cases)


def test_a_first_sentence_goes_on_past_an_abbreviation_and_ends_at_a_cjk_stop():
    assert first_sentence("List repositories (e.g. git-sync sources) of this instance. More.") == \
        "List repositories (e.g. git-sync sources) of this instance."
    assert first_sentence("Returns the U.S. president in a year. More.") == "Returns the U.S. president in a year."
    assert first_sentence("Infer relevance i.e. from the name. More.") == "Infer relevance i.e. from the name."
    assert first_sentence("Reads a file. Use it for text.") == "Reads a file."
    assert first_sentence("查询12306中转余票信息。尚且只支持查询前十条。") == "查询12306中转余票信息。"
    assert first_sentence("Is it up? Then say so.") == "Is it up?"


def test_a_description_that_is_not_text_is_left_as_it_is_not_written_out_as_python():
    assert brief({"name": "t", "description": None, "inputSchema": {"type": "object"}})["description"] is None
    assert brief({"name": "t", "description": ["a. b"], "inputSchema": {"type": "object"}})["description"] == ["a. b"]


def test_a_tool_too_large_to_send_whole_is_sent_brief_rather_than_left_out():
    from broker.exposure import catalogue_from_mcp

    prose = {f"p{i}": {"type": "string", "description": "the release tag to roll back " * 30} for i in range(12)}
    organs = {"deploy": [
        {"name": "rollback_release", "description": "Roll back a release of the payments service to the previous "
         "version.", "inputSchema": {"type": "object", "properties": prose}},
        {"name": "release_notes", "description": "Write the release notes of the payments service release.",
         "inputSchema": {"type": "object", "properties": {"version": {"type": "string"}}}}],
        "other": [{"name": f"misc_{i}", "description": f"Unrelated helper number {i} for gardening and cooking.",
                   "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}} for i in range(40)]}
    catalogue = catalogue_from_mcp(organs)
    big = catalogue.tools[catalogue.by_address["deploy.rollback_release"]]
    assert big.tokens > 2000 > big.brief_tokens

    exposure = select("roll back the payments release", catalogue, budget_tokens=2000)

    assert exposure.exposed[0] == "deploy.rollback_release" and exposure.brief == ("deploy.rollback_release",)
    assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools)) <= 2000


def test_a_brief_schema_keeps_its_dialect_when_an_older_one_reads_its_keywords_otherwise():
    from actors.schema import check

    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
              "properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}],
                                      "additionalItems": False, "description": "A name and a count"}}}
    plain = {**draft7, "properties": {"name": {"type": "string", "description": "A name"}}}
    short = brief({"name": "t", "inputSchema": draft7})["inputSchema"]

    assert short["$schema"] == draft7["$schema"] and "description" not in short["properties"]["pair"]
    for pair in (["a", 1], ["a", "b"], ["a", 1, 2]):
        assert bool(check(short, {"pair": pair})) == bool(check(draft7, {"pair": pair}))
    assert bool(check(draft7, {"pair": ["a", "b"]})), "the full schema refuses a pair of two names"
    assert "$schema" not in brief({"name": "t", "inputSchema": plain})["inputSchema"], "nothing read otherwise"


def test_a_catalogue_chosen_whole_with_some_tools_brief_is_sent_whole_without_failing():
    from broker.exposure import catalogue_from_mcp

    words = ["invoice", "refund", "ledger", "payout", "receipt", "balance"]
    catalogue = catalogue_from_mcp({"pay": [
        {"name": f"{word}_tool", "description": f"Handle the {word} of a customer account. " + "More prose. " * 25,
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "x " * 40}}}}
        for word in words]})
    assert catalogue.full_tokens <= default_budget(catalogue)

    exposure = select("check the " + ", ".join(words) + " of the customer account", catalogue)

    assert sorted(exposure.exposed) == sorted(t.address for t in catalogue.tools) and exposure.brief == ()
    assert exposure.tools == tuple(t.wire for t in catalogue.tools)
    assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools)) == catalogue.full_tokens


def test_any_mix_of_whole_and_brief_tools_is_counted_exactly_and_every_selection_keeps_its_budget(catalogue):
    import random

    rng, n = random.Random(18), len(catalogue)
    for _ in range(100):
        positions = sorted((p if rng.random() < 0.5 else n + p for p in rng.sample(range(n), rng.randint(1, 40))),
                           key=lambda p: p % n)
        assert catalogue.wire_tokens(positions) == tokens.count_text(catalogue.wire_text(positions))
    for tool in rng.sample(catalogue.tools, 20):
        for budget in (300, 900, default_budget(catalogue)):
            exposure = select(tool.wire["description"][:120], catalogue, budget_tokens=budget)
            assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools)) <= budget


def test_a_tool_that_runs_any_command_is_within_reach_of_every_matched_request_and_only_of_those():
    organs = {**ORGANS,
              "box": [{"name": "run", "description": "Run a shell command in the box.",
                       "inputSchema": {"type": "object", "properties": {"command": {"type": "string"}},
                                       "required": ["command"]}},
                      {"name": "rollout", "description": "Roll a deployment out.",
                       "inputSchema": {"type": "object", "properties": {"subCommand": {"type": "string"}},
                                       "required": ["subCommand"]}}]}
    catalogue = catalogue_from_mcp(organs)

    assert [catalogue.tools[i].address for i in catalogue.executors] == ["box.run"], "a command, not a sub-command"
    assert select("what time is it now in Oslo", catalogue).exposed == ("clock.now", "box.run")
    exposure = select("close the epic", catalogue)
    assert exposure.exposed[-1] == "box.run" and "box.run" in exposure.brief, "last, brief: the words come first"
    assert "box.run" not in select("thanks, that was all", catalogue).exposed, "nothing matched: nothing added"
    without = catalogue_from_mcp(organs, without=frozenset({Source.EXECUTORS}))
    assert select("what time is it now in Oslo", without).exposed == ("clock.now",)
