"""A small MCP server (the official SDK's, over stdio) for the wrapped-organ tests: `grow` adds a tool and
says so with tools/list_changed; `nap` sleeps (given `touch`, it touches `touch`.started before and `touch` after); `big` answers with `size` bytes of text."""

from __future__ import annotations

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

TOOLS = [
    types.Tool(name="grow", description="Add a tool named `name`.", annotations=types.ToolAnnotations(
        read_only_hint=False, destructive_hint=False), input_schema={
        "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
    types.Tool(name="nap", description="Sleep `seconds`, then touch the file `touch` if given.",
               annotations=types.ToolAnnotations(read_only_hint=True), input_schema={
                   "type": "object", "properties": {"seconds": {"type": "number"}, "touch": {"type": "string"}},
                   "required": ["seconds"]}),
    types.Tool(name="big", description="Answer `size` bytes of text.", input_schema={
        "type": "object", "properties": {"size": {"type": "integer"}}, "required": ["size"]}),
]


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
    args = params.arguments or {}
    if params.name == "grow":
        TOOLS.append(types.Tool(name=args["name"], description="grown", input_schema={"type": "object"}))
        await ctx.session.send_tool_list_changed()
        return types.CallToolResult(content=[types.TextContent(text=f"{len(TOOLS)} tools")])
    if params.name == "nap":
        if args.get("touch"):
            await anyio.Path(args["touch"] + ".started").touch()
        await anyio.sleep(float(args["seconds"]))
        if args.get("touch"):
            await anyio.Path(args["touch"]).touch()
        return types.CallToolResult(content=[types.TextContent(text="rested")])
    if params.name == "big":
        return types.CallToolResult(content=[types.TextContent(text="x" * int(args["size"]))])
    return types.CallToolResult(content=[types.TextContent(text=params.name)])


async def main() -> None:
    server = Server("changing", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
