"""The least a stdio MCP front door can be, for `bench/mcp_floor.py` only: never a product.

It reads JSON-RPC lines on stdin with blocking reads, answers `initialize` and `tools/list` from a file (the wrapped
server's own tool list), and makes each `tools/call` with the mesh's blocking `Client.call` (on a lane, as the front
door does), writing the organ's result back as the answer. No SDK, no event loop, no exposure, no validation, no
cancellation, no notifications: what is left is the floor a Python front door of this design cannot go under.

Run: python bench/_floor_relay.py HOME ORGAN TOOLS.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors.client import Client  # noqa: E402


def main() -> None:
    home, organ, tools_file = sys.argv[1:4]
    tools = json.loads(Path(tools_file).read_text())
    encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    out = sys.stdout.buffer
    with Client(home) as client:
        for line in sys.stdin.buffer:
            message = json.loads(line)
            method, request_id = message.get("method"), message.get("id")
            if request_id is None:
                continue  # a notification
            if method == "tools/call":
                params = message["params"]
                result = client.call(organ, params["name"], params.get("arguments") or {}).result
            elif method == "initialize":
                result = {"protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {}},
                          "serverInfo": {"name": "floor", "version": "0"}}
            else:
                result = {"tools": tools} if method == "tools/list" else {}
            out.write(encode({"jsonrpc": "2.0", "id": request_id, "result": result}).encode() + b"\n")
            out.flush()


if __name__ == "__main__":
    main()
