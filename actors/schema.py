"""Argument checking against an ability's JSON Schema, with the `jsonschema` package. Pure functions.

The one validator of the project: the Organ SDK checks calls with it before an ability runs, a wrapped
MCP server's organ checks its tools' inputSchema with it, and the MCP front door uses it for its own
tools. Full JSON Schema (the dialect named by `$schema`, 2020-12 by default: anyOf, oneOf, $ref,
pattern, minItems, ...), with the types Python code can rely on: an integer is an int (never 1.0, never
true), a number is finite (never NaN or infinity), an array may be a tuple.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from enum import Enum
from typing import Any

import jsonschema
from jsonschema import validators
from jsonschema.exceptions import SchemaError, ValidationError

from broker.errors import BadParams

log = logging.getLogger(__name__)

MAX_COMPILED = 512  # validators kept, by schema object
MAX_MESSAGE = 300

_TYPES = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many({
    "integer": lambda _, v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda _, v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and math.isfinite(v)),
    "array": lambda _, v: isinstance(v, (list, tuple)),
})
_JSON_TYPES = (("null", type(None)), ("boolean", bool), ("integer", int), ("number", float), ("string", str),
               ("array", (list, tuple)), ("object", dict))
_compiled: OrderedDict[int, tuple[dict, Any]] = OrderedDict()


def object_schema(properties: dict[str, dict], required: list[str]) -> dict:
    """The schema of an arguments object with these properties."""
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def validate(schema: dict, value: Any, path: str = "args") -> None:
    """Raise BadParams naming the first place where value does not fit schema."""
    problem = check(schema, value, path)
    if problem:
        raise BadParams(problem, hint="fix the arguments to match the ability's parameters")


def check(schema: dict, value: Any, path: str = "args") -> str:
    """Return a one-line description of the first mismatch, or '' when value fits."""
    validator, fits = _validator(schema)
    if validator is None or (fits is not None and fits(value)):
        return ""
    try:
        error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    except RecursionError:
        return f"{path}: nested too deeply"
    return "" if error is None else _describe(error, path)


def _validator(schema: Any) -> tuple[Any, Any]:
    """The compiled validator of a schema (None for a schema that validates nothing we can check), and the
    quick test of the common case (None when the schema is not that simple)."""
    if not isinstance(schema, dict) or not schema:
        return None, None
    key = id(schema)
    hit = _compiled.get(key)
    if hit is not None and hit[0] is schema:
        _compiled.move_to_end(key)
        return hit[1], hit[2]
    validator = _compile(schema)
    fits = _quick_test(schema) if validator is not None else None
    _compiled[key] = (schema, validator, fits)  # holding the schema keeps its id from being reused
    while len(_compiled) > MAX_COMPILED:
        _compiled.popitem(last=False)
    return validator, fits


def _quick_test(schema: dict) -> Any:
    """For the arguments schema most abilities have (an object whose properties name only their JSON type),
    a test that says True only for values the full validator accepts, in a fraction of its time; a value it
    says False for goes to the validator, which explains what is wrong. None for any other schema."""
    properties, required = schema.get("properties", {}), schema.get("required", [])
    extra_allowed = schema.get("additionalProperties", True)
    if (set(schema) - _QUICK_OBJECT_KEYS or schema.get("type") != "object" or not isinstance(properties, dict)
            or not isinstance(required, list) or type(extra_allowed) is not bool
            or schema.get("$schema", _DRAFTS[0]) not in _DRAFTS):
        return None
    tests = {}
    for name, sub in properties.items():
        if not isinstance(sub, dict) or set(sub) - _QUICK_PROPERTY_KEYS:
            return None
        if "type" in sub:
            test = _QUICK_TYPES.get(sub["type"]) if isinstance(sub["type"], str) else None
            if test is None:
                return None
            tests[name] = test
    known = properties.keys()

    def fits(value: Any) -> bool:
        if not isinstance(value, dict) or (not extra_allowed and not known >= value.keys()):
            return False
        for name in required:
            if name not in value:
                return False
        for name, item in value.items():
            test = tests.get(name)
            if test is not None and not test(item):
                return False
        return True
    return fits


def _is_int(v: Any) -> bool:
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


# keywords that validate nothing (annotations), beside those the quick test checks itself
_QUICK_OBJECT_KEYS = {"type", "properties", "required", "additionalProperties", "description", "title", "$schema"}
# the published drafts, in each of which the keywords the quick test checks mean the same (a schema naming
# another dialect goes to the full validator, which knows what its author meant or says it cannot check it)
_DRAFTS = tuple(f"{scheme}://json-schema.org/{draft}" for scheme in ("https", "http")
                for draft in ("draft/2020-12/schema", "draft/2019-09/schema", "draft-07/schema#", "draft-06/schema#",
                              "draft-04/schema#", "draft-07/schema", "draft-06/schema", "draft-04/schema"))
_QUICK_PROPERTY_KEYS = {"type", "description", "title", "default", "examples"}
_QUICK_TYPES = {
    "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool), "integer": _is_int,
    "number": lambda v: _is_int(v) or (isinstance(v, float) and math.isfinite(v)),
    "array": lambda v: isinstance(v, (list, tuple)), "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def _compile(schema: dict) -> Any:
    base = validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        base.check_schema(schema)
    except SchemaError as exc:
        # a schema its own author got wrong: the ability is still callable, unchecked
        log.warning("ignoring an invalid JSON Schema (%s): %s", base.__name__, exc.message[:200])
        return None
    checked = validators.extend(base, type_checker=_TYPES)
    return checked(schema)


def _describe(error: ValidationError, path: str) -> str:
    where = path + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    keyword, expected, value = error.validator, error.validator_value, error.instance
    if keyword == "type":
        names = expected if isinstance(expected, list) else [expected]
        text = f"expected {' or '.join(map(str, names))}, got {_json_type(value)}"
    elif keyword == "required":
        missing = [name for name in expected if isinstance(value, dict) and name not in value]
        text = f"missing required parameter {(missing or expected)[0]!r}"
    elif keyword == "additionalProperties" and expected is False and isinstance(value, dict):
        known = set(error.schema.get("properties", {}))
        extra = next((k for k in value if k not in known), "?")
        text = f"unknown parameter {extra!r} (parameters: {', '.join(known) or 'none'})"
    elif keyword == "enum":
        # a typed vocabulary's members (StrEnum) are told by their values, as JSON carries them
        text = f"must be one of {', '.join(repr(v.value if isinstance(v, Enum) else v) for v in expected)}"
    elif keyword in ("minimum", "exclusiveMinimum"):
        text = f"must be {'at least' if keyword == 'minimum' else 'more than'} {expected}"
    elif keyword in ("maximum", "exclusiveMaximum"):
        text = f"must be {'at most' if keyword == 'maximum' else 'less than'} {expected}"
    elif keyword == "minLength":
        text = f"must have at least {expected} characters"
    elif keyword == "maxLength":
        text = f"must have at most {expected} characters"
    elif keyword == "minItems":
        text = f"must have at least {expected} items"
    elif keyword == "maxItems":
        text = f"must have at most {expected} items"
    elif keyword == "pattern":
        text = f"must match the pattern {expected!r}"
    else:
        text = error.message
    return f"{where}: {text}"[:MAX_MESSAGE]


def _json_type(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "non-finite number"
    for name, kinds in _JSON_TYPES:
        if isinstance(value, kinds):
            return name
    return type(value).__name__
