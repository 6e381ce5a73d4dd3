"""Decoding one JSON-RPC line quickly: what `json.loads` gives, without its encoding sniff and whitespace scans.

`json.loads(bytes)` first guesses the encoding (UTF-8, -16 or -32), then matches a whitespace pattern before
and after the value; a JSON-RPC line is UTF-8 and starts with its value. The quick path decodes it as UTF-8
and reads the value from its first character; anything it does not take as it is (leading or trailing
whitespace, other encodings, extra data, bad JSON) goes to `json.loads`, which then decides, raising as it
does. Used by both ends that read MCP's stdio: the front door's transport and the MCP organ.
"""

from __future__ import annotations

import json
from typing import Any

_RAW = json.JSONDecoder().raw_decode
REQUEST_CANCELLED = -32800  # the JSON-RPC code of a request its caller cancelled, as MCP's SDKs answer one


def loads(raw: bytes | str) -> Any:
    """The JSON value of one line, as json.loads gives it (ValueError, RecursionError as it raises)."""
    try:
        text = raw.decode("utf-8", "surrogatepass") if type(raw) is bytes else raw
        value, end = _RAW(text)
        if end == len(text):
            return value
    except ValueError:
        pass
    return json.loads(raw)
