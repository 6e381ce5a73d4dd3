"""The organ SDK without sockets: declaring abilities and turning every outcome into a reply."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from actors.organ import Organ, ability
from broker.errors import Conflict, NotFound
from broker.protocol import Call, Reply


class Notes(Organ):
    name = "notes"

    @ability("Read a note.", params={"path": {"type": "string"}}, read_only=True, timeout_s=5.0)
    def read(self, path: str) -> str:
        with open(self.workdir / path, encoding="utf-8") as f:
            return f.read()

    @ability("Add two numbers.", params={"a": {"type": "integer"}, "b": {"type": "integer"}})
    def add(self, a: int, b: int = 1) -> int:
        return a + b

    @ability("Look a note up by key.", params={"key": {"type": "string"}}, read_only=True, idempotent=False)
    def find(self, key: str) -> str:
        raise NotFound(f"no note {key!r}", hint="list the notes first")

    @ability("Delete every note.", destructive=True, idempotent=True)
    def purge(self) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", "/notes")

    @ability("Claim a note.", params={"key": {"type": "string"}})
    def claim(self, key: str) -> None:
        raise Conflict(f"{key} is taken")

    @ability("Misbehave.")
    def boom(self) -> None:
        raise RuntimeError("the gears jammed")

    def helper(self) -> str:
        """Not an ability: no @ability mark."""
        return "internal"


class MoreNotes(Notes):
    @ability("Count the notes.", read_only=True)
    def count(self) -> int:
        return 2


@pytest.fixture
def notes(tmp_path: Path) -> Notes:
    (tmp_path / "hello.txt").write_text("hello", encoding="utf-8")
    return Notes(workdir=tmp_path)


def call(ability_name: str, **args) -> Call:
    return Call(id="c1", organ="notes", ability=ability_name, args=args)


# -- declaring abilities -------------------------------------------------------------------

def test_abilities_lists_the_marked_methods_in_definition_order():
    assert [a.name for a in Notes.abilities()] == ["read", "add", "find", "purge", "claim", "boom"]


def test_a_subclass_lists_its_parents_abilities_and_its_own():
    assert [a.name for a in MoreNotes.abilities()] == ["read", "add", "find", "purge", "claim", "boom", "count"]


def test_an_ability_carries_an_object_schema_of_its_parameters():
    add = next(a for a in Notes.abilities() if a.name == "add")

    assert add.description == "Add two numbers."
    assert add.params == {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                          "required": ["a"], "additionalProperties": False}


def test_required_parameters_are_those_without_defaults():
    by_name = {a.name: a for a in Notes.abilities()}

    assert by_name["read"].params["required"] == ["path"]
    assert by_name["add"].params["required"] == ["a"]
    assert by_name["purge"].params["required"] == []


@pytest.mark.parametrize("name, read_only, idempotent, destructive, timeout_s", [
    ("read", True, True, False, 5.0),  # read_only implies idempotent
    ("find", True, False, False, 30.0),  # unless it says otherwise
    ("add", False, False, False, 30.0),
    ("purge", False, True, True, 30.0),
])
def test_ability_flags_come_from_the_decorator(name, read_only, idempotent, destructive, timeout_s):
    declared = next(a for a in Notes.abilities() if a.name == name)

    assert (declared.read_only, declared.idempotent, declared.destructive, declared.timeout_s) == \
        (read_only, idempotent, destructive, timeout_s)


def test_an_ability_without_a_schema_for_a_parameter_fails_at_class_definition():
    with pytest.raises(TypeError, match="no schema for parameter.*path"):
        class Broken(Organ):  # noqa: F841 - the definition itself must fail
            @ability("Read.", params={"encoding": {"type": "string"}})
            def read(self, path: str, encoding: str = "utf-8") -> str:
                return path + encoding


def test_the_organ_name_defaults_to_the_class_attribute_then_the_class_name():
    class Plain(Organ):
        pass

    assert Notes().name == "notes"
    assert Notes(name="memo").name == "memo"
    assert Plain().name == "plain"


# -- handling calls ------------------------------------------------------------------------

def test_a_successful_call_returns_an_ok_reply_with_the_result(notes):
    reply = notes.handle(call("add", a=2, b=3))

    assert isinstance(reply, Reply)
    assert (reply.id, reply.ok, reply.result, reply.error) == ("c1", True, 5, None)
    assert reply.duration_s >= 0


def test_a_default_parameter_may_be_left_out(notes):
    assert notes.handle(call("add", a=2)).result == 3


def test_an_ability_reads_relative_to_the_workdir(notes):
    assert notes.handle(call("read", path="hello.txt")).result == "hello"


@pytest.mark.parametrize("ability_name, args, words", [
    ("add", {}, "missing required parameter 'a'"),
    ("add", {"a": "2"}, "args.a"),
    ("add", {"a": True}, "args.a"),
    ("add", {"a": 1, "c": 2}, "unknown parameter 'c'"),
    ("read", {"path": 5}, "args.path"),
])
def test_bad_arguments_give_a_failed_reply_with_cause_bad_params(notes, ability_name, args, words):
    reply = notes.handle(call(ability_name, **args))

    assert reply.ok is False and reply.result is None
    assert reply.error.cause == "bad_params"
    assert words in reply.error.message


def test_an_unknown_ability_gives_cause_tool_missing(notes):
    reply = notes.handle(call("write", path="x"))

    assert reply.error.cause == "tool_missing"
    assert "write" in reply.error.message


def test_a_method_without_the_mark_cannot_be_called(notes):
    assert notes.handle(call("helper")).error.cause == "tool_missing"


def test_raising_not_found_gives_cause_not_found_with_the_message_and_hint(notes):
    reply = notes.handle(call("find", key="k"))

    assert reply.ok is False
    assert reply.error.cause == "not_found"
    assert reply.error.message == "no note 'k'"
    assert reply.error.hint == "list the notes first"
    assert reply.error.type == "NotFound"


def test_raising_conflict_gives_cause_conflict(notes):
    assert notes.handle(call("claim", key="k")).error.cause == "conflict"


def test_file_not_found_from_open_gives_cause_not_found_and_an_enoent_message(notes):
    reply = notes.handle(call("read", path="missing.txt"))

    assert reply.error.cause == "not_found"
    assert reply.error.message.startswith("ENOENT")
    assert "missing.txt" in reply.error.message
    assert reply.error.type == "FileNotFoundError"


def test_a_directory_opened_as_a_file_gives_cause_bad_params(notes, tmp_path):
    (tmp_path / "sub").mkdir()

    reply = notes.handle(call("read", path="sub"))

    assert reply.error.cause == "bad_params"
    assert reply.error.message.startswith("EISDIR")


def test_permission_error_gives_cause_permission(notes):
    reply = notes.handle(call("purge"))

    assert reply.error.cause == "permission"
    assert reply.error.message.startswith("EACCES")
    assert reply.error.type == "PermissionError"


def test_an_unexpected_exception_gives_cause_unknown_with_its_type_in_the_message(notes):
    reply = notes.handle(call("boom"))

    assert reply.ok is False
    assert reply.error.cause == "unknown"
    assert reply.error.message == "RuntimeError: the gears jammed"
    assert reply.error.type == "RuntimeError"


def test_a_timeout_error_gives_cause_timeout():
    class Slow(Organ):
        @ability("Wait.")
        def wait(self) -> None:
            raise TimeoutError("upstream took too long")

    assert Slow().handle(Call(id="c1", organ="slow", ability="wait")).error.cause == "timeout"


@pytest.mark.parametrize("exc, cause", [(PermissionError("not yours"), "permission"),
                                        (FileNotFoundError("no such note"), "not_found")],
                         ids=["PermissionError", "FileNotFoundError"])
def test_an_os_error_raised_without_an_errno_is_classified_by_its_type(exc, cause):
    class Raiser(Organ):
        @ability("Raise.")
        def go(self) -> None:
            raise exc

    assert Raiser().handle(Call(id="c1", organ="raiser", ability="go")).error.cause == cause
