"""`memory__recall` is listed whole to every MCP client whatever the instruction (its `terms` and `judge` are told
only in its parameters' descriptions), and the server's instructions say when to ask it, unless `actors mcp
--no-recall`."""

from __future__ import annotations

import asyncio

import pytest

from tests.test_mcp_front import MODES, WAIT_S, serve

pytestmark = pytest.mark.xdist_group("memory-listed")  # one worker runs the module: its mesh starts once
MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.echo]
module = "tests.organs.echo"

[organs.memory]
module = "actors.memory.organ"
"""
INSTRUCTION = "echo hello back to me"  # matches the echo organ, not memory


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("listed"), MESH, instruction=INSTRUCTION)


def listed(front, transport: str, mode: str, *options: str) -> tuple[dict, str]:
    """The tools a client is listed, by name, and the server's instructions."""
    async def scenario() -> tuple[dict, str]:
        async with front.client(transport, mode, options) as c:
            return {t.name: t for t in (await c.list_tools()).tools}, c.instructions or ""
    return asyncio.run(asyncio.wait_for(scenario(), 4 * WAIT_S))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_memory_recall_is_listed_whole_for_an_instruction_that_is_not_about_memory(front, transport, mode):
    tools, instructions = listed(front, transport, mode)
    if mode == "legacy":  # the handshake's instructions (the SDK client gives none on 2026-07-28)
        assert "Before a step, call memory__recall with the step as query" in instructions
    assert "echo__echo" in tools and "memory__sleep" not in tools, "the instruction chose echo's tools"
    schema = tools["memory__recall"].input_schema["properties"]
    assert schema["terms"]["description"].startswith("Search words for this step")
    assert schema["query"]["description"] == "The step, in your own words."


def test_no_recall_lists_memory_recall_only_as_the_instruction_chooses_and_says_nothing_of_it(front):
    tools, instructions = listed(front, "stdio", "legacy", "--no-recall")
    assert "echo__echo" in tools and "memory__recall" not in tools
    assert "Before a step" not in instructions and "echo (4 tools" in instructions
