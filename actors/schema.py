"""Argument checking against the JSON Schema subset abilities declare. Pure functions."""

from __future__ import annotations

from typing import Any

from broker.errors import BadParams

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "object": (dict,), "array": (list, tuple), "null": (type(None),),
}


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
    expected = schema.get("type")
    if expected is not None:
        names = expected if isinstance(expected, list) else [expected]
        if not any(_is(value, name) for name in names):
            return f"{path}: expected {' or '.join(names)}, got {_json_type(value)}"
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        return f"{path}: must be one of {', '.join(map(repr, schema['enum']))}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"{path}: must be at least {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{path}: must be at most {schema['maximum']}"
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            return f"{path}: must have at least {schema['minLength']} characters"
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return f"{path}: must have at most {schema['maxLength']} characters"
    if isinstance(value, dict):
        return _check_object(schema, value, path)
    if isinstance(value, (list, tuple)) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            problem = check(schema["items"], item, f"{path}[{i}]")
            if problem:
                return problem
    return ""


def _check_object(schema: dict, value: dict, path: str) -> str:
    properties = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in value:
            return f"{path}: missing required parameter {name!r}"
    for name, item in value.items():
        if name in properties:
            problem = check(properties[name], item, f"{path}.{name}")
            if problem:
                return problem
        elif schema.get("additionalProperties") is False:
            known = ", ".join(properties) or "none"
            return f"{path}: unknown parameter {name!r} (parameters: {known})"
    return ""


def _is(value: Any, name: str) -> bool:
    kinds = _TYPES.get(name)
    if kinds is None:
        return True  # a type this subset does not know is not ours to refuse
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, kinds)


def _same(value: Any, option: Any) -> bool:
    # JSON equality: true is not 1, and 1 is not true
    return value == option and isinstance(value, bool) == isinstance(option, bool)


def _json_type(value: Any) -> str:
    for name, kinds in _TYPES.items():
        if _is(value, name) and name != "number":
            return name
    return type(value).__name__
