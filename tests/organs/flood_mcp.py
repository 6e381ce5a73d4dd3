"""A raw stdio MCP server (no SDK) that says its tool list changed without pause once it was first read, and
lists 50 tools whose names end in the parity of the list's number (`t0_1` … `t49_1`, then `t0_0` …): a client
that mixes two readings of the list registers tools of both."""

from __future__ import annotations

import json
import sys
import threading
import time

TOOLS = 50
GAP_S = 0.002
_lock = threading.Lock()


def send(message: dict) -> None:
    with _lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def flood() -> None:
    while True:
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        time.sleep(GAP_S)


def main() -> None:
    listed = 0
    for line in sys.stdin:
        message = json.loads(line)
        ident, method = message.get("id"), message.get("method")
        if method == "initialize":
            send({"jsonrpc": "2.0", "id": ident, "result": {
                "protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {"listChanged": True}},
                "serverInfo": {"name": "flood", "version": "1"}}})
        elif method == "tools/list":
            listed += 1
            send({"jsonrpc": "2.0", "id": ident, "result": {"tools": [
                {"name": f"t{i}_{listed % 2}", "description": f"Tool {i}.", "inputSchema": {"type": "object"}}
                for i in range(TOOLS)]}})
            if listed == 1:
                threading.Thread(target=flood, daemon=True).start()
        elif method == "ping":
            send({"jsonrpc": "2.0", "id": ident, "result": {}})
        elif ident is not None:
            send({"jsonrpc": "2.0", "id": ident, "error": {"code": -32601, "message": f"no {method}"}})


if __name__ == "__main__":
    main()
