"""Host hooks: recorded payloads in the shapes hosts send, parsed purely and fed to a real mesh."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys

import pytest
import zmq

from broker import hooks
from broker.wirenames import wire_name
from broker import health, protocol
from tests.conftest import ECHO_MESH, wait_for

# Shaped after Claude Code's documented hook input (common fields plus the event's own).
PROMPT = {"session_id": "abc123", "transcript_path": "/home/me/.claude/projects/p/abc123.jsonl",
          "cwd": "/home/me/project", "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
          "prompt": "make the login tests pass"}
BASH_FAILED = {"session_id": "abc123", "cwd": "/home/me/project", "hook_event_name": "PostToolUse",
               "tool_name": "Bash", "tool_input": {"command": "npm test", "description": "Run the tests"},
               "tool_response": {"stdout": "", "stderr": "sh: 1: jest: not found", "exitCode": 127,
                                 "interrupted": False}}
READ_OK = {"session_id": "abc123", "hook_event_name": "PostToolUse", "tool_name": "Read",
           "tool_input": {"file_path": "/home/me/project/src/app.py"},
           "tool_response": {"type": "text", "file": {"filePath": "/home/me/project/src/app.py",
                                                      "content": "print('Error: not really')\n"}}}
EDIT_FAILED = {"session_id": "abc123", "hook_event_name": "PostToolUse", "tool_name": "Edit",
               "tool_input": {"file_path": "src/app.py", "old_string": "x", "new_string": "y"},
               "tool_response": {"success": False, "error": "String to replace not found in file."}}
BASH_FAILURE = {"session_id": "abc123", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
                "tool_input": {"command": "npm test"}, "tool_use_id": "toolu_01",
                "error": "Exit code 127\nsh: 1: jest: not found", "is_interrupt": False}
STOP = {"session_id": "abc123", "hook_event_name": "Stop", "stop_hook_active": False}
PLAIN_TOOL = {"event": "tool", "session": "s9", "tool": "shell", "input": {"cmd": "make"},
              "output": "make: *** No rule to make target 'all'.  Stop.\n[exit code: 2]", "duration_ms": 12}


@pytest.mark.parametrize("payload, expected", [
    (PROMPT, hooks.Prompt("abc123", "make the login tests pass")),
    (STOP, hooks.Stop("abc123")),
    ({"event": "prompt", "session": "s9", "text": "fix the build"}, hooks.Prompt("s9", "fix the build")),
])
def test_prompts_and_stops_are_read_from_both_shapes(payload, expected):
    assert hooks.parse("ignored", payload) == expected


def test_a_shell_result_with_a_non_zero_exit_code_is_a_failure_even_if_the_host_did_not_flag_it():
    use = hooks.parse("PostToolUse", BASH_FAILED)
    assert (use.tool, use.ok, use.cause) == ("Bash", False, "tool_missing")
    assert "jest: not found" in use.message


def test_a_successful_read_of_a_file_that_mentions_errors_stays_a_success():
    use = hooks.parse("PostToolUse", READ_OK)
    assert use.ok is True and use.cause == ""


def test_host_failures_flagged_by_success_false_or_trailing_exit_markers_are_failures():
    edit = hooks.parse("PostToolUse", EDIT_FAILED)
    assert edit.ok is False and "not found" in edit.message
    plain = hooks.parse("tool", PLAIN_TOOL)
    assert (plain.ok, plain.tool, plain.duration_s) == (False, "shell", 0.012)


def test_a_tool_use_claude_code_reports_as_failed_is_a_classified_failure_and_an_interrupted_one_is_left_out():
    use = hooks.parse("PostToolUseFailure", BASH_FAILURE)
    assert (use.tool, use.ok, use.cause, use.args) == ("Bash", False, "tool_missing", {"command": "npm test"})
    assert "jest: not found" in use.message
    interrupted = hooks.parse("PostToolUseFailure", {**BASH_FAILURE, "is_interrupt": True})
    assert isinstance(interrupted, hooks.Ignore) and "interrupted" in interrupted.reason


def test_the_tag_claude_code_wraps_a_tool_error_in_is_no_part_of_the_failure_message():
    failed = {"session_id": "abc123", "hook_event_name": "PostToolUseFailure", "tool_name": "Edit",
              "tool_input": {"file_path": "/r/conf.yaml", "old_string": "level: INFO"},
              "error": "<tool_use_error>String to replace not found in file.\nString: level: INFO</tool_use_error>"}
    use = hooks.parse("PostToolUseFailure", failed)
    assert use.message == "String to replace not found in file.\nString: level: INFO"
    assert hooks.unwrapped("<tool_use_error>a</tool_use_error> and more") == "<tool_use_error>a</tool_use_error> and more"


@pytest.mark.parametrize("payload", [[], "text", {"hook_event_name": "Notification", "message": "hi"},
                                     {"hook_event_name": "PostToolUse"}, {"event": "prompt", "text": ""}])
def test_payloads_with_nothing_to_learn_are_ignored(payload):
    assert isinstance(hooks.parse("x", payload), hooks.Ignore)


def run_hook(mesh, event: str, payload) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "actors", "hook", event, "--home", str(mesh.home)],
                          input=json.dumps(payload), capture_output=True, text=True, timeout=30, env=mesh.env,
                          cwd=mesh.workdir)


def test_a_prompt_hook_sets_the_instruction_and_a_tool_hook_publishes_a_classified_call(mesh):
    with event_stream(mesh) as sub:
        assert run_hook(mesh, "UserPromptSubmit", PROMPT).returncode == 0
        assert mesh.status()["heart"]["instruction"] == "make the login tests pass"
        assert run_hook(mesh, "PostToolUse", BASH_FAILED).returncode == 0
        events = host_call_events(sub)
    call = next(e for e in events if e.kind == "call")
    assert (call.organ, call.ability, call.ok, call.cause, call.session) == ("host", "Bash", False, "tool_missing",
                                                                            "abc123")
    assert call.args == {"command": "npm test", "description": "Run the tests"}
    assert any(e.kind == "progress" and e.message == "make the login tests pass" for e in events)


@contextlib.contextmanager
def event_stream(mesh):
    """A SUB on the mesh's events, once it hears them (a SUB joins late: hooks are sent until one is heard)."""
    ctx = zmq.Context()
    try:
        sub = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.LINGER, 0)
        sub.setsockopt(zmq.SUBSCRIBE, protocol.EVENT)
        sub.connect(mesh.status()["heart"]["endpoints"]["blood"])
        wait_for(lambda: run_hook(mesh, "prompt", {"event": "prompt", "session": "warmup", "text": "x"})
                 and sub.poll(200), timeout=10, what="the event stream")
        yield sub
    finally:
        ctx.destroy(linger=0)


def host_call_events(sub) -> list:
    """The events heard until a call's is among them (bounded)."""
    events: list = []
    wait_for(lambda: _collect(sub, events) and any(e.kind == "call" for e in events), timeout=10,
             what="the host call event")
    return events


def _collect(sub, events: list) -> bool:
    while sub.poll(100):
        events.append(protocol.decode_event(sub.recv_multipart()))
    return True


def test_a_hook_against_a_stopped_mesh_exits_zero_at_once_and_prints_nothing(make_mesh):
    mesh = make_mesh(ECHO_MESH, start=False)
    result = run_hook(mesh, "UserPromptSubmit", PROMPT)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_malformed_payload_is_reported_on_stderr_and_never_fails_the_agent(mesh):
    result = subprocess.run([sys.executable, "-m", "actors", "hook", "PostToolUse", "--home", str(mesh.home)],
                            input="{not json", capture_output=True, text=True, timeout=30, env=mesh.env)
    assert result.returncode == 0 and result.stdout == ""
    assert "not JSON" in result.stderr


def test_a_payload_nested_past_pythons_reading_or_not_an_object_never_fails_the_agent(mesh):
    # O21: an agent's call of an MCP tool with arguments nested 5,000 deep reaches PreToolUse as it wrote them
    deep = '{"hook_event_name": "PreToolUse", "tool_name": "mcp__x__y", "tool_input": ' + '{"a": ' * 5000 + "1" + "}" * 5001
    for event, raw in (("PreToolUse", deep), ("PostToolUse", "[" * 100000 + "]" * 100000),
                       ("PreToolUse", "5"), ("UserPromptSubmit", '"text"')):
        result = subprocess.run([sys.executable, "-m", "actors", "hook", event, "--home", str(mesh.home)],
                                input=raw, capture_output=True, text=True, timeout=30, env=mesh.env)
        assert (result.returncode, result.stdout) == (0, ""), (event, raw[:20], result.stderr[-300:])
        assert "Traceback" not in result.stderr and result.stderr.startswith("actors: hook"), result.stderr


def test_a_payload_holding_half_of_a_utf16_pair_is_journalled_with_the_half_read_as_a_question_mark(mesh):
    # a tool's output cut between an emoji's halves (JSON writes "\\ud83d"): the wire holds no such text, and the
    # PostToolUse hook failed with a traceback, journalling nothing
    with event_stream(mesh) as sub:
        prompted = run_hook(mesh, "UserPromptSubmit", {**PROMPT, "prompt": "make the login tests pass \ud83d"})
        failed = run_hook(mesh, "PostToolUse", {**BASH_FAILED, "tool_response": {
            **BASH_FAILED["tool_response"], "stderr": "sh: 1: jest: not found \ud83d"}})
        events = host_call_events(sub)
    for result in (prompted, failed):
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-300:]
    [call] = [e for e in events if e.kind == "call" and e.session == "abc123"]
    assert not call.ok and call.message.endswith("not found ?")
    assert any(e.kind == "progress" and e.message == "make the login tests pass ?" for e in events)


@pytest.mark.parametrize("tool, address", [
    ("mcp__actors__shell__run", "shell.run"),
    ("mcp__my__mesh__fs__read_file", "fs.read_file"),  # a server name that holds the separator itself
    ("mcp__github__create_issue", None),  # another MCP server of the host
    ("mcp__actors__run", None),  # a bare name may be another server's: not taken for the mesh's
    ("mcp__actors__shell__nope", None),  # no such ability
    ("Bash", None),
    ("mcp__" + "x__" * 20000 + "shell__run", None),  # a name no host gives: refused at once, never searched
    ("mcp__actors__evil__bad_name", "evil.bad\nname"),  # as the front door escaped it
    ("mcp__actors__" + wire_name("evil", "x" * 80), "evil." + "x" * 80),  # cut to 64 and made unique
])
def test_a_host_tool_name_is_the_meshs_own_only_when_it_names_an_organ_and_its_ability(tool, address):
    abilities = {"shell": ["run"], "fs": ["read_file"], "evil": ["bad\nname", "x" * 80]}
    wires = {wire_name(organ, a): f"{organ}.{a}" for organ, names in abilities.items() for a in names}
    assert hooks.served_by_mesh(tool, wires) == address


def test_a_call_the_host_made_through_actors_mcp_is_not_journaled_again_as_a_host_tool(mesh):
    own = {**READ_OK, "tool_name": "mcp__actors__echo__echo", "tool_input": {"text": "hi"}}
    other = {**READ_OK, "tool_name": "mcp__github__get_me", "tool_input": {}}
    with mesh.client() as client:
        assert client.control("hook", event="PostToolUse", payload=own) == {
            "ignored": "echo.echo was called through actors mcp, which journals it"}
        assert client.control("hook", event="PostToolUse", payload=other) == {"recorded": True}


MEMORY_MESH = ECHO_MESH + """
[organs.memory]
module = "actors.memory.organ"
"""


def test_memory_asked_by_a_prompt_hook_is_the_hooks_call_and_not_the_agents_use_of_a_tool(make_mesh):
    mesh = make_mesh(MEMORY_MESH)
    with mesh.client() as client, client.events(["call"]) as events:
        assert run_hook(mesh, "UserPromptSubmit", PROMPT).returncode == 0
        asked = events.next(15)
    assert asked is not None and (asked.organ, asked.ability, asked.session) == ("memory", "inject", "abc123")
    assert asked.origin == "hook"  # so exposure keeps no memory tool listed for it, and learning learns nothing


def test_a_hosts_call_in_a_session_named_past_its_bound_is_published_under_its_prompts_cut_name(mesh):
    named = "S" * 5000
    with event_stream(mesh) as sub:
        assert run_hook(mesh, "UserPromptSubmit", {**PROMPT, "session_id": named}).returncode == 0
        assert run_hook(mesh, "PostToolUse", {**BASH_FAILED, "session_id": named}).returncode == 0
        events = host_call_events(sub)
    sessions = {e.session for e in events if e.kind in ("call", "progress") and e.session.startswith("S")}
    assert sessions == {named[:health.MAX_SESSION]}


def test_doctor_notes_a_mesh_no_hook_has_reached_and_counts_the_host_calls_once_one_has(make_mesh):
    mesh = make_mesh(MEMORY_MESH)

    def hooks_check() -> dict:
        checks = json.loads(mesh.cli("doctor", "--json", check=True).stdout)["checks"]
        return next(c for c in checks if c["name"] == "hooks")

    unheard = hooks_check()
    assert unheard["ok"] and unheard["note"] and "check that its --home names this mesh" in unheard["detail"]
    assert run_hook(mesh, "PostToolUse", BASH_FAILED).returncode == 0
    heard = wait_for(lambda: next((c for c in [hooks_check()] if not c["note"]), None), timeout=15,
                     what="the host call counted")
    assert heard["ok"] and heard["detail"] == "1 tool call of an agent host recorded since the heart started"


def test_host_calls_are_read_from_the_metrics_text_summed_over_outcomes():
    from actors.doctor import host_calls

    text = ('actors_calls_total{organ="host",outcome="ok"} 3.0\nactors_calls_total{organ="echo",outcome="ok"} 9.0\n'
            'actors_calls_total{organ="host",outcome="error"} 2.0\n# HELP actors_calls_total Calls\n')
    assert host_calls(text) == 5
