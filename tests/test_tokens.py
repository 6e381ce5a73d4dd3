"""Token counts with the real o200k vocabulary, on the exact wire format."""

from __future__ import annotations

import json

import pytest

from broker import tokens


@pytest.mark.parametrize("text, expected", [
    ("hello world", 2),  # o200k ids 24912, 2375, as tiktoken gives them
    ("", 0),
    ("<|endoftext|>", 7),  # a special token's text is ordinary text on the wire
])
def test_count_text_uses_the_o200k_vocabulary(text, expected):
    assert tokens.count_text(text) == expected


def test_the_wire_format_is_compact_json_with_unicode_kept():
    tools = [{"name": "a__b", "description": "读取文件", "inputSchema": {"type": "object"}}]
    assert tokens.wire(tools) == '[{"name":"a__b","description":"读取文件","inputSchema":{"type":"object"}}]'


def test_count_tokens_counts_the_compact_list_not_an_indented_one():
    tools = [{"name": "git__git_status", "description": "Shows the working tree status",
              "inputSchema": {"type": "object", "properties": {"repo_path": {"type": "string"}}}}]
    compact = tokens.count_tokens(tools)
    assert compact == tokens.count_text(json.dumps(tools, separators=(",", ":"), ensure_ascii=False))
    assert compact < tokens.count_text(json.dumps(tools, indent=2))


def test_importing_the_module_does_not_load_the_tokenizer():
    import subprocess
    import sys

    code = "import sys, broker.tokens; print('quicktok' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True)
    assert out.stdout.strip() == "False"
