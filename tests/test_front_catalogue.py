"""The front door's tables from the heart's manifest, tool names and request envelopes. No sockets."""

from __future__ import annotations

import pytest

from actors.front.catalogue import (MAX_INTRODUCTION, Naming, completions, expand_pins, from_manifest, introduction,
                                   pinned, recall_hint)
from actors.front.transport import check
from broker import protocol
from broker.protocol import Ability


def organ(*abilities: Ability, state: str = "up") -> dict:
    return {"abilities": [protocol.to_plain(a) for a in abilities], "state": state}


MANIFEST = {
    "fs": organ(Ability("read_file"), Ability("list"), Ability("notes", kind="prompt"),
                Ability("readme", kind="resource", uri="file://README"),
                Ability("by_id", kind="resource", uri="fs://item/{id}/data",
                        params={"type": "object", "properties": {"id": {"type": "string"}}})),
    "git": organ(Ability("read_file"), Ability("status"), Ability("notes", kind="prompt"),
                 Ability("other_readme", kind="resource", uri="file://README")),
    "down": organ(Ability("secret"), state="lost"),
}


def test_tools_prompts_and_resources_come_from_the_organs_that_are_up():
    catalogue = from_manifest(MANIFEST)

    assert catalogue.tool("fs.read_file") and catalogue.tool("fs.notes") is None
    assert "down.secret" not in catalogue.abilities
    assert catalogue.bare == {"list": "fs.list", "status": "git.status"}  # read_file is in two organs
    assert catalogue.prompts == {"fs__notes": "fs.notes", "git__notes": "git.notes"}
    assert catalogue.resources == {"file://README": "fs.readme"}  # the first organ wins a shared URI


def test_the_introduction_names_each_organs_tools_by_count_and_first_names_and_the_organs_not_up():
    text = introduction(from_manifest(MANIFEST))

    assert text == "Organs up now: fs (2 tools: read_file, list); git (2 tools: read_file, status). Not up now: down."
    many = from_manifest({"big": organ(*(Ability(f"tool_{i}") for i in range(9)), Ability("two words"))})
    assert introduction(many) == ("Organs up now: big (10 tools: tool_0, tool_1, tool_2, tool_3, tool_4, tool_5, "
                                  "...).")  # a name that is no identifier is never said to the model
    assert introduction(from_manifest({})) == "No organ offers tools now."


def test_the_introduction_of_a_mesh_of_many_organs_stays_within_its_cap_and_says_how_many_it_left_out():
    text = introduction(from_manifest({f"organ{i:03}": organ(Ability("a" * 60)) for i in range(100)}))

    assert len(text) <= MAX_INTRODUCTION and text.startswith("Organs up now: organ000 (1 tool: ")
    kept = text.count(" (1 tool: ")
    assert text.endswith(f"; and {100 - kept} more organs.") and 10 < kept < 100


def test_a_prompt_is_found_by_its_listed_name_and_always_by_its_organs_qualified_name():
    alone = from_manifest({"fs": MANIFEST["fs"]})
    shared = from_manifest(MANIFEST)

    assert alone.prompts == {"notes": "fs.notes"}  # listed under its own name while no other organ has it
    assert alone.prompt("notes") == alone.prompt("fs__notes") == "fs.notes"  # a saved qualified name keeps working
    assert shared.prompt("fs__notes") == "fs.notes" and shared.prompt("notes") is None
    assert alone.prompt("fs__read_file") is None and alone.prompt("nobody__notes") is None  # a tool, an organ not there


def test_a_resource_template_reads_its_arguments_from_the_uri():
    catalogue = from_manifest(MANIFEST)

    assert catalogue.read("fs://item/42/data") == ("fs.by_id", {"id": "42"})
    assert catalogue.read("fs://item/4/2/data") is None  # a part is one path segment
    assert catalogue.read("file://README") == ("fs.readme", {})
    assert catalogue.read("nothing://here") is None


def test_tool_names_resolve_from_what_was_shown_then_bare_then_qualified():
    catalogue = from_manifest(MANIFEST)

    assert catalogue.resolve_tool("fs__read_file", {}) == "fs.read_file"
    assert catalogue.resolve_tool("status", {}) == "git.status"
    assert catalogue.resolve_tool("read_file", {}) is None  # ambiguous
    assert catalogue.resolve_tool("shown", {"shown": "fs.list"}) == "fs.list"
    assert catalogue.resolve_tool("fs__notes", {}) is None  # a prompt is not a tool
    assert catalogue.resolve_tool("nope__nothing", {}) is None
    assert catalogue.wire_name("fs.list", "fs__list", Naming.BARE) == "list"
    assert catalogue.wire_name("fs.read_file", "fs__read_file", Naming.BARE) == "fs__read_file"
    assert catalogue.wire_name("fs.list", "fs__list", Naming.QUALIFIED) == "fs__list"


def test_pins_expand_shell_patterns_over_tools_only():
    catalogue = from_manifest(MANIFEST)

    assert expand_pins(("git.*", "fs.list"), catalogue) == ("git.read_file", "git.status", "fs.list")


def test_completion_offers_enum_examples_and_default_that_start_with_the_text():
    schema = {"properties": {"city": {"enum": ["Paris", "Parma"], "examples": ["Porto", "paris"], "default": "Pau"}}}

    assert completions(schema, "city", "par") == ["Paris", "Parma", "paris"]
    assert completions(schema, "nothing", "") == []


@pytest.mark.parametrize("body, request_id, code", [
    (b"{not json", None, -32700),
    (b"[1, 2]", None, -32600),
    (b'{"jsonrpc": "2.0", "id": 3}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', None, -32600),
    (b'"text"', None, -32600),
    (b"[" * 100000, None, -32700),
], ids=["not JSON", "a batch", "no method", "a boolean id", "an object id", "a string", "nested too deeply"])
def test_a_malformed_envelope_gets_the_json_rpc_error_it_deserves(body, request_id, code):
    message, error = check(body)

    assert message is None
    assert error["id"] == request_id and error["error"]["code"] == code


@pytest.mark.parametrize("body, says", [
    (b'{"jsonrpc": "2.0", "id": 3}', "needs a method (a request or a notification), or a result or an error"),
    (b'{"id": 4, "method": "ping"}', "jsonrpc: Field required"),
    (b'{"jsonrpc": "2.0", "id": 5, "method": "ping", "params": [1]}', "params: Input should be a valid dictionary"),
    (b'{"jsonrpc": "2.0", "id": 6, "error": {"code": "x"}}', "error.code: Input should be a valid integer"),
    (b"42", "a message is a JSON object, not a number"),
], ids=["no method", "no jsonrpc", "params as an array", "an error without a code", "a number"])
def test_a_malformed_envelope_is_told_what_is_wrong_in_the_kind_of_message_it_claims_to_be(body, says):
    error = check(body)[1]["error"]

    assert error["message"].startswith("Invalid Request: ") and says in error["message"], error
    assert "validation error" not in error["message"] and "union[" not in error["message"]


def test_a_well_formed_request_and_notification_pass():
    assert check(b'{"jsonrpc": "2.0", "id": "x", "method": "tools/list"}')[1] is None
    assert check(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')[1] is None


def test_a_tool_of_an_organ_that_is_not_up_is_passed_to_the_heart_to_say_why():
    catalogue = from_manifest(MANIFEST)

    assert catalogue.resolve_tool("down__secret", {}) == "down.secret"
    assert catalogue.tool("down.secret") is None
    assert catalogue.resolve_tool("gone__secret", {}) is None  # not declared at all


RECALL = Ability("recall", params={"type": "object", "properties": {
    "query": {"type": "string"}, "terms": {"type": "string"},
    "judge": {"type": "string", "enum": ["words", "model", "agent"]}}})


def test_the_recall_hint_names_memory_recall_as_the_client_sees_it_and_nothing_without_it():
    with_memory = from_manifest({**MANIFEST, "memory": organ(RECALL)})
    assert recall_hint(with_memory, Naming.QUALIFIED).startswith("Before a step, call memory__recall with")
    assert recall_hint(with_memory, Naming.BARE).startswith("Before a step, call recall with")
    assert recall_hint(from_manifest(MANIFEST), Naming.QUALIFIED) == ""
    resting = from_manifest({"memory": organ(RECALL, state="lost")})
    assert recall_hint(resting, Naming.QUALIFIED) == ""


def test_a_recall_of_an_organ_named_memory_that_takes_no_search_words_is_neither_pinned_nor_named():
    # a wrapped MCP server named memory with a recall of its own: the hint told the agent to give it terms and
    # judge "agent", which it does not take, and it was listed whole to every client (O57)
    wrapped = from_manifest({"memory": organ(Ability("recall", params={"type": "object", "properties": {
        "query": {"type": "string"}}}))})
    assert recall_hint(wrapped, Naming.QUALIFIED) == ""
    assert pinned((), wrapped, True, 64) == ()
    assert pinned(("memory.*",), wrapped, True, 64) == ("memory.recall",)  # pinned when the operator asks
    judged = from_manifest({"memory": organ(Ability("recall", params={"type": "object", "properties": {
        "terms": {"type": "string"}, "judge": {"type": "string", "enum": ["words"]}}}))})
    assert recall_hint(judged, Naming.QUALIFIED) == "" and pinned((), judged, True, 64) == ()


def test_the_recall_pin_takes_none_of_the_room_of_the_operators_pins():
    # with 64 --pin the last one was dropped in silence for memory.recall, pinned first (O58)
    catalogue = from_manifest({"memory": organ(RECALL),
                               "many": organ(*(Ability(f"t{n:02d}") for n in range(70)))})
    patterns = tuple(f"many.t{n:02d}" for n in range(64))
    got = pinned(patterns, catalogue, True, 64)
    assert got[0] == "memory.recall" and got[1:] == tuple(f"many.t{n:02d}" for n in range(64))
    assert pinned(patterns, catalogue, False, 64) == got[1:]
    assert pinned(("memory.recall", "many.t00"), catalogue, True, 64) == ("memory.recall", "many.t00")
