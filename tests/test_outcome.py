"""Failure detection: explicit failures, failures disguised in results, and successes that only look bad."""

from __future__ import annotations

import pytest

from broker.outcome import MAX_MESSAGE_CHARS, detect
from broker.protocol import Failure, Reply


def ok(result) -> Reply:
    return Reply(id="c1", ok=True, result=result)


def shell(exit_code=0, stdout="", stderr="", **extra) -> dict:
    return {"exitCode": exit_code, "stdout": stdout, "stderr": stderr, "timedOut": False, "durationMs": 12.5,
            "cwd": ".", **extra}


def mcp(text: str, is_error=True) -> dict:
    return {"content": [{"type": "text", "text": text}], "isError": is_error}


# -- explicit failures ---------------------------------------------------------------------

def test_an_explicit_failure_is_returned_as_the_organ_sent_it():
    error = Failure("not_found", "ENOENT: No such file or directory: 'x'", type="FileNotFoundError")
    assert detect(Reply(id="c1", ok=False, error=error)) is error


def test_a_failed_reply_without_an_error_is_an_unknown_failure():
    assert detect(Reply(id="c1", ok=False)) == Failure("unknown", "the organ gave no error")


def test_a_failed_reply_is_a_failure_whatever_its_result_says():
    assert detect(Reply(id="c1", ok=False, result=shell(0))).cause == "unknown"


# -- successes -----------------------------------------------------------------------------

@pytest.mark.parametrize("result", [
    None,
    42,
    ["a", "b"],
    "hello",
    "Error: connection refused (line 3 of the log being read)",
    "Traceback (most recent call last):\nValueError: bad\n",
    "[exit code: 0]",
    "build finished\n[exit code: 0]\n",
    "the test suite timed out after 5s last night, see issue 12",  # a timeout marker not at the end
    {},
    {"text": "2024-01-01 ERROR: disk full\nError: permission denied"},
    shell(0, stdout="Error: something in the file we printed", stderr="warning: deprecated"),
    shell(None, stderr="fatal: not really"),
    {"returncode": 0, "stdout": "ok"},
    {"exit_code": None},
    {"exitCode": True},  # a bool is not an exit status
    {"exitCode": "1"},  # nor is a string
    {"timedOut": False, "timed_out": False, "signal": None},
    {"signal": ""},
    mcp("Error: file not found", is_error=False),
    {"content": [{"type": "text", "text": "fine"}]},
    {"isError": "true"},  # only a real boolean counts
], ids=repr)
def test_a_result_without_a_failure_status_is_a_success_even_if_its_text_says_error(result):
    assert detect(ok(result)) is None


# -- disguised failures in structured results -----------------------------------------------

@pytest.mark.parametrize("result, type_, cause, message", [
    (shell(127, stderr="bash: line 1: foo: command not found\n"), "ExitStatus", "unknown",
     "exit code 127: bash: line 1: foo: command not found"),
    ({"returncode": 2, "stderr": "ls: cannot access 'x': No such file or directory"}, "ExitStatus", "unknown",
     "exit code 2: ls: cannot access 'x': No such file or directory"),
    ({"exit_code": 1, "stdout": "FAILED tests/test_a.py::test_x\n"}, "ExitStatus", "unknown",
     "exit code 1: FAILED tests/test_a.py::test_x"),
    ({"exitStatus": 3}, "ExitStatus", "unknown", "exit code 3"),
    ({"exitCode": -1, "stderr": ""}, "ExitStatus", "unknown", "exit code -1"),
    (shell(137, stderr="", timedOut=True, durationMs=30012.0, signal="SIGKILL"), "Timeout", "timeout",
     "timed out after 30s"),
    (shell(137, stdout="step 1\nstep 2\n", stderr="\n[timed out after 30s]", timedOut=True, durationMs=30041.0),
     "Timeout", "timeout", "timed out after 30s: step 1 | step 2"),
    ({"timed_out": True}, "Timeout", "timeout", "timed out"),
    (shell(137, stderr="", signal="SIGKILL"), "Signal", "unknown", "killed by signal SIGKILL"),
    (shell(139, stderr="Segmentation fault", signal="SIGSEGV"), "Signal", "unknown",
     "killed by signal SIGSEGV: Segmentation fault"),
    ({"exitCode": None, "signal": 9}, "Signal", "unknown", "killed by signal SIGKILL"),
    ({"returncode": -15, "stdout": "shutting down"}, "Signal", "unknown", "killed by signal SIGTERM: shutting down"),
    (mcp("Error: ENOENT: no such file or directory, open '/x'"), "McpError", "unknown",
     "Error: ENOENT: no such file or directory, open '/x'"),
    ({"isError": True, "content": [{"type": "text", "text": "Tool 'x' failed:"},
                                   {"type": "image", "data": "iVBOR", "mimeType": "image/png"},
                                   {"type": "text", "text": "rate limit exceeded"}]},
     "McpError", "unknown", "Tool 'x' failed: | rate limit exceeded"),
    ({"isError": True, "content": []}, "McpError", "unknown", "the tool reported an error without text"),
    ({"isError": True}, "McpError", "unknown", "the tool reported an error without text"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_a_structured_result_with_a_failure_status_is_a_failure(result, type_, cause, message):
    failure = detect(ok(result))
    assert (failure.type, failure.cause, failure.message) == (type_, cause, message)


def test_an_exit_status_message_falls_back_to_stdout_when_stderr_is_blank():
    failure = detect(ok(shell(1, stdout="npm ERR! code E404\n", stderr="  \n")))
    assert failure.message == "exit code 1: npm ERR! code E404"


def test_an_exit_status_message_keeps_the_last_five_non_empty_lines():
    stderr = "\n".join(f"line {n}" for n in range(1, 9)) + "\n\n"
    assert detect(ok(shell(1, stderr=stderr))).message == "exit code 1: line 4 | line 5 | line 6 | line 7 | line 8"


def test_a_long_message_is_capped_keeping_the_end_of_the_output():
    stderr = "x" * 5000 + " FileNotFoundError: [Errno 2] No such file or directory: 'a.txt'"
    message = detect(ok(shell(1, stderr=stderr))).message
    assert len(message) == MAX_MESSAGE_CHARS
    assert message.startswith("exit code 1: ...x")
    assert message.endswith("No such file or directory: 'a.txt'")


def test_a_long_mcp_error_is_capped_keeping_its_start():
    message = detect(ok(mcp("Error: invalid params " + "y" * 2000))).message
    assert len(message) == MAX_MESSAGE_CHARS
    assert message.startswith("Error: invalid params") and message.endswith("...")


# -- disguised failures in text results -----------------------------------------------------

@pytest.mark.parametrize("text, type_, cause, message", [
    ("bash: foo: command not found\n[exit code: 127]", "ExitStatus", "unknown",
     "exit code 127: bash: foo: command not found"),
    ("[exit code: 1]\n", "ExitStatus", "unknown", "exit code 1"),
    ("out\n[Exit Status: 2]", "ExitStatus", "unknown", "exit code 2: out"),
    ("step 1\nkilled by signal SIGKILL\n", "Signal", "unknown", "killed by signal SIGKILL: step 1"),
    ("compiling\nprocess killed by signal 9 (SIGKILL)\n[exit code: 137]", "Signal", "unknown",
     "killed by signal 9: compiling"),
    ("downloading...\n[timed out after 30s]", "Timeout", "timeout", "timed out after 30s: downloading..."),
    ("downloading...\n[timed out]\n", "Timeout", "timeout", "timed out: downloading..."),
    ("Command timed out after 10 seconds", "Timeout", "timeout", "Command timed out after 10 seconds"),
    ("partial output\n[timed out after 5s]\n[exit code: 137]", "Timeout", "timeout",
     "timed out after 5s: partial output"),
])
def test_a_text_result_with_a_trailing_failure_marker_is_a_failure(text, type_, cause, message):
    failure = detect(ok(text))
    assert (failure.type, failure.cause, failure.message) == (type_, cause, message)


def test_an_exit_marker_in_the_middle_of_a_text_is_output_not_a_status():
    assert detect(ok("ran it: [exit code: 1]\nthen fixed it and ran again")) is None
