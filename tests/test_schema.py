"""Argument checking against the JSON Schema abilities declare (the jsonschema package, Python-safe types)."""

from __future__ import annotations

import pytest

from actors.schema import check, object_schema, validate
from broker.errors import BadParams

READ = object_schema(
    {
        "path": {"type": "string", "minLength": 1, "maxLength": 8},
        "lines": {"type": "integer", "minimum": 1, "maximum": 100},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "follow": {"type": "boolean"},
        "mode": {"enum": ["text", "bytes"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "opts": {"type": "object", "properties": {"depth": {"type": "integer"}}, "required": ["depth"],
                 "additionalProperties": False},
        "note": {"type": ["string", "null"]},
        "anything": {},
    },
    required=["path"],
)

VALID = [
    ("only the required parameter", {"path": "a.txt"}),
    ("every parameter", {"path": "a.txt", "lines": 10, "ratio": 0.5, "follow": True, "mode": "text",
                         "tags": ["x", "y"], "matrix": [[1, 2], []], "opts": {"depth": 2}, "note": None,
                         "anything": {"k": [1]}}),
    ("an integer as a number", {"path": "a", "ratio": 1}),
    ("a string at minLength", {"path": "a"}),
    ("a string at maxLength", {"path": "a" * 8}),
    ("a number at minimum", {"path": "a", "lines": 1, "ratio": 0}),
    ("a number at maximum", {"path": "a", "lines": 100, "ratio": 1.0}),
    ("an empty array", {"path": "a", "tags": []}),
    ("a tuple as an array", {"path": "a", "tags": ("x",)}),
    ("the second of a union of types", {"path": "a", "note": "hi"}),
    ("any value where no type is declared", {"path": "a", "anything": 3.5}),
]

# name, args, the path the message must name, words it must hold
INVALID = [
    ("a missing required parameter", {}, "args", "missing required parameter 'path'"),
    ("an unknown parameter", {"path": "a", "pth": "b"}, "args", "unknown parameter 'pth'"),
    ("an integer where a string is expected", {"path": 5}, "args.path", "expected string, got integer"),
    ("a string where an integer is expected", {"path": "a", "lines": "10"}, "args.lines", "expected integer"),
    ("a bool where an integer is expected", {"path": "a", "lines": True}, "args.lines",
     "expected integer, got boolean"),
    ("a bool where a number is expected", {"path": "a", "ratio": False}, "args.ratio", "expected number"),
    ("an integer-valued float where an integer is expected", {"path": "a", "lines": 3.0}, "args.lines",
     "expected integer, got number"),
    ("NaN where a number is expected", {"path": "a", "ratio": float("nan")}, "args.ratio",
     "expected number, got non-finite number"),
    ("infinity where a number is expected", {"path": "a", "ratio": float("inf")}, "args.ratio", "expected number"),
    ("a fractional float where an integer is expected", {"path": "a", "lines": 2.5}, "args.lines",
     "expected integer"),
    ("an integer where a bool is expected", {"path": "a", "follow": 1}, "args.follow", "expected boolean"),
    ("a string where an array is expected", {"path": "a", "tags": "x"}, "args.tags", "expected array"),
    ("a list where an object is expected", {"path": "a", "opts": [1]}, "args.opts", "expected object"),
    ("a value outside the enum", {"path": "a", "mode": "lines"}, "args.mode", "must be one of 'text', 'bytes'"),
    ("a number below minimum", {"path": "a", "lines": 0}, "args.lines", "at least 1"),
    ("a number above maximum", {"path": "a", "ratio": 1.01}, "args.ratio", "at most 1"),
    ("a string below minLength", {"path": ""}, "args.path", "at least 1 characters"),
    ("a string above maxLength", {"path": "a" * 9}, "args.path", "at most 8 characters"),
    ("a wrong array item", {"path": "a", "tags": ["x", 2]}, "args.tags[1]", "expected string"),
    ("a wrong item two arrays deep", {"path": "a", "matrix": [[1], [2, "3"]]}, "args.matrix[1][1]",
     "expected integer"),
    ("a nested object without its required key", {"path": "a", "opts": {}}, "args.opts",
     "missing required parameter 'depth'"),
    ("a nested object with a wrong type", {"path": "a", "opts": {"depth": "deep"}}, "args.opts.depth",
     "expected integer"),
    ("a nested object with an unknown key", {"path": "a", "opts": {"depth": 1, "width": 2}}, "args.opts",
     "unknown parameter 'width'"),
    ("none of a union of types", {"path": "a", "note": 3}, "args.note", "expected string or null"),
    ("arguments that are not an object", ["a.txt"], "args", "expected object, got array"),
]


@pytest.mark.parametrize("args", [c[1] for c in VALID], ids=[c[0] for c in VALID])
def test_arguments_that_fit_the_schema_pass(args):
    assert check(READ, args) == ""
    validate(READ, args)


@pytest.mark.parametrize("args, path, words", [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_arguments_that_do_not_fit_are_described_at_their_path(args, path, words):
    problem = check(READ, args)

    assert problem.startswith(f"{path}: "), problem
    assert words in problem, problem


@pytest.mark.parametrize("args, path", [c[1:3] for c in INVALID], ids=[c[0] for c in INVALID])
def test_validate_raises_bad_params_naming_the_path(args, path):
    with pytest.raises(BadParams) as caught:
        validate(READ, args)

    assert caught.value.cause == "bad_params"
    assert str(caught.value).startswith(f"{path}: ")
    assert caught.value.hint


def test_validate_names_the_path_it_is_given():
    with pytest.raises(BadParams, match=r"^call\.args\.path: "):
        validate(READ, {"path": 1}, path="call.args")


def test_additional_properties_are_allowed_unless_refused():
    open_schema = {"type": "object", "properties": {"a": {"type": "integer"}}}

    assert check(open_schema, {"a": 1, "b": "anything"}) == ""
    assert check({**open_schema, "additionalProperties": False}, {"a": 1, "b": 2}) != ""


def test_object_schema_refuses_unknown_parameters_and_lists_the_required_ones():
    schema = object_schema({"path": {"type": "string"}}, ["path"])

    assert schema == {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"],
                      "additionalProperties": False}


def test_an_object_schema_without_parameters_accepts_only_empty_arguments():
    schema = object_schema({}, [])

    assert check(schema, {}) == ""
    assert "unknown parameter 'x' (parameters: none)" in check(schema, {"x": 1})


def test_a_schema_that_is_itself_invalid_is_not_enforced():
    assert check({"type": "uuid"}, "not checked") == ""


RICH = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "$defs": {"address": {"type": "object", "properties": {"city": {"type": "string", "pattern": "^[A-Z]"}},
                          "required": ["city"]}},
    "properties": {
        "address": {"$ref": "#/$defs/address"},
        "id": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^[a-f0-9]{8}$"}]},
        "shape": {"oneOf": [{"type": "object", "properties": {"r": {"type": "number"}}, "required": ["r"]},
                            {"type": "object", "properties": {"w": {"type": "number"}}, "required": ["w"]}]},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "uniqueItems": True},
    },
    "additionalProperties": False,
}


@pytest.mark.parametrize("args", [{"address": {"city": "Paris"}}, {"id": 7}, {"id": "deadbeef"},
                                  {"shape": {"r": 1.5}}, {"tags": ["a", "b"]}],
                         ids=["a $ref", "anyOf's first", "anyOf's second", "oneOf", "minItems"])
def test_the_full_json_schema_vocabulary_accepts_what_fits(args):
    assert check(RICH, args) == ""


@pytest.mark.parametrize("args, path, words", [
    ({"address": {"city": "paris"}}, "args.address.city", "must match the pattern"),
    ({"address": {}}, "args.address", "missing required parameter 'city'"),
    ({"id": "xyz"}, "args.id", ""),
    ({"shape": {"r": 1, "w": 2}}, "args.shape", ""),
    ({"tags": []}, "args.tags", "at least 1 items"),
    ({"tags": ["a", "a"]}, "args.tags", ""),
], ids=["a pattern inside a $ref", "a required key inside a $ref", "none of anyOf", "both of oneOf",
        "minItems", "uniqueItems"])
def test_the_full_json_schema_vocabulary_refuses_what_does_not_fit(args, path, words):
    problem = check(RICH, args)

    assert problem.startswith(f"{path}: "), problem
    assert words in problem, problem


def test_a_value_nested_beyond_the_recursion_limit_is_refused_not_raised():
    deep: list = []
    for _ in range(5000):
        deep = [deep]

    assert check({"type": "array", "items": {"$ref": "#"}}, deep) != ""


@pytest.mark.parametrize("schema, value", [({"enum": [0, 1]}, True), ({"enum": [0, 1]}, False),
                                           ({"enum": [True]}, 1)], ids=["true for 1", "false for 0", "1 for true"])
def test_an_enum_does_not_confuse_booleans_with_numbers(schema, value):
    assert check(schema, value) != ""


SIMPLE = object_schema({"s": {"type": "string", "description": "a text"}, "i": {"type": "integer"},
                        "n": {"type": "number"}, "b": {"type": "boolean"}, "a": {"type": "array"},
                        "o": {"type": "object"}, "z": {"type": "null"}, "any": {"title": "anything"}},
                       required=["s"])
SIMPLE_OPEN = {**SIMPLE, "additionalProperties": True}
SAMPLES = ["x", "", 0, 1, -7, True, False, 1.5, 2.0, float("nan"), float("inf"), None, [], [1], (), {}, {"k": 1},
           b"raw", 10**30]


@pytest.mark.parametrize("schema", [SIMPLE, SIMPLE_OPEN, *({**SIMPLE, "$schema": dialect} for dialect in (
    "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft-04/schema#"))], ids=["closed", "open", "draft-07", "2020-12", "draft-04"])
def test_the_quick_test_of_a_simple_schema_agrees_with_the_full_validator_on_every_value(schema):
    from actors.schema import _compile, _validator

    _, fits = _validator(schema)
    full = _compile(schema)
    assert fits is not None, "a schema of typed properties gets the quick test"
    values = [{"s": "x", name: sample} for name in [*SIMPLE["properties"], "extra", 3] for sample in SAMPLES]
    values += [{}, {"i": 1}, "not a map", ["s"], None, {"s": "x"}]
    for value in values:
        assert fits(value) == full.is_valid(value), value


@pytest.mark.parametrize("schema", [READ, {"type": "object", "$schema": "https://example.com/a-dialect-of-its-own"},
                                    {"type": "object", "properties": {"x": {"type": ["string", "null"]}}},
                                    {"type": "object", "properties": {"x": {"type": "string", "minLength": 1}}},
                                    {"type": "object", "additionalProperties": {"type": "string"}}])
def test_a_schema_with_any_keyword_beyond_types_has_no_quick_test(schema):
    from actors.schema import _validator

    assert _validator(schema)[1] is None


def test_an_enum_of_a_typed_vocabulary_is_told_by_its_values_not_its_members_reprs():
    from enum import StrEnum

    class Judge(StrEnum):
        WORDS = "words"
        AGENT = "agent"

    schema = {"type": "object", "properties": {"judge": {"type": "string", "enum": list(Judge)}}}
    assert check(schema, {"judge": "Agent"}, "args") == "args.judge: must be one of 'words', 'agent'"
