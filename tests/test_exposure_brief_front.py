"""Brief tools through the MCP front door, with the official SDK client over stdio and HTTP.

One mesh (a test organ of 151 abilities with long prose, tests/organs/many.py) and one HTTP front door serve the
module; each stdio test starts its own `actors mcp`, as an agent host would.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import AsyncExitStack

import pytest
from mcp import types

from broker.exposure.brief import brief
from tests.conftest import Mesh
from tests.organs.many import SCHEMA_TEMPLATE, _describe
from tests.test_mcp_front import MODES, TRANSPORTS, Changes, _handler, _listened, serve

pytestmark = pytest.mark.xdist_group("brief-front")  # one worker runs the module: its mesh starts once
MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.many]
module = "tests.organs.many"
"""
INSTRUCTION = "report the stock of pallets in the north region before promising a delivery"


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    yield from serve(tmp_path_factory.mktemp("brief"), MESH, instruction=INSTRUCTION)


def _full(name: str) -> dict:
    """The tool object the organ declares for many__stock_<noun>_<n>, as the catalogue sends it whole."""
    noun, n = name.removeprefix("many__stock_").rsplit("_", 1)
    return {"name": name, "description": _describe(noun, int(n)), "inputSchema": SCHEMA_TEMPLATE}


def _calls(mesh: Mesh) -> int:
    return json.loads(mesh.cli("call", "many.calls", "--json", check=True).stdout)["result"]["ran"]


def _sent(tool: types.Tool) -> dict:
    return tool.model_dump(by_alias=True, exclude_none=True, mode="json")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_brief_tool_is_listed_called_refused_on_bad_arguments_and_listed_whole_from_its_first_call_on(front, transport, mode):
    mesh = front.mesh

    async def scenario() -> None:
        changes = Changes()
        async with AsyncExitStack() as stack:
            client = await stack.enter_async_context(front.client(transport, mode,
                                                             message_handler=_handler(changes, mode)))
            await _listened(client, changes, mode, stack)
            listed = (await client.list_tools()).tools
            stock = {t.name: t for t in listed if t.name.startswith("many__stock_")}
            whole = [n for n, t in stock.items() if t.description == _full(n)["description"]]
            short = [n for n, t in stock.items() if n not in whole]
            assert whole and short, "the best fits are sent whole, the next ones brief"
            for name in short:
                expected = brief(_full(name))
                assert _sent(stock[name])["inputSchema"] == expected["inputSchema"]
                assert stock[name].description == expected["description"]
                assert stock[name].description.endswith("e.g. north or south."), "a whole first sentence"
            target, other = short[0], short[-1]

            ran = _calls(mesh)
            refused = await client.call_tool(other, {"region": "up", "title": "Weekly"})
            assert refused.is_error and "args.region: must be one of 'north'" in refused.content[0].text
            missing = await client.call_tool(other, {"region": "north"})
            assert missing.is_error and "title" in missing.content[0].text
            short_title = await client.call_tool(other, {"region": "north", "title": "W"})  # the $ref'd minLength
            assert short_title.is_error and "title" in short_title.content[0].text
            assert _calls(mesh) == ran, "a call refused for its arguments never runs"
            await changes.reach(1)  # the client is told, and lists again: the schema to mend its arguments by
            now = {t.name: t for t in (await client.list_tools()).tools}
            assert now[other].description == _full(other)["description"], "refused, it is listed whole"
            assert _sent(now[other])["inputSchema"] == SCHEMA_TEMPLATE

            done = await client.call_tool(target, {"region": "north", "title": "Weekly check", "count": 3})
            assert not done.is_error and "Weekly check" in done.content[0].text
            assert _calls(mesh) == ran + 1

            await changes.reach(2)  # what tools/list answers changed: the client is told so, and lists again
            now = {t.name: t for t in (await client.list_tools()).tools}
            assert now[target].description == _full(target)["description"], "used, it is listed whole"
            assert _sent(now[target])["inputSchema"] == SCHEMA_TEMPLATE

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_actors_expose_says_which_tools_go_brief_from_the_live_mesh_as_from_a_catalogue_file(front):
    mesh = front.mesh
    live = json.loads(mesh.cli("expose", INSTRUCTION, "--json", check=True).stdout)
    sent = {t["name"]: t for t in live["tools"]}

    assert live["brief"] and set(live["brief"]) < set(live["exposed"])
    for address in live["exposed"]:
        name = "many__" + address.split(".", 1)[1]
        if address.startswith("many.stock_"):
            expected = brief(_full(name)) if address in live["brief"] else _full(name)
            assert sent[name]["description"] == expected["description"]
