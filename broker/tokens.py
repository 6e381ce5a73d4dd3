"""Token counts of tool schemas on the wire, with OpenAI's o200k vocabulary (offline, via quicktok).

Loading the vocabulary takes a second or more; counts made before are remembered by the text's digest and,
once `keep_counts()` is called, kept in the user's cache (broker/usercache.py, keyed by quicktok's files), so a
process that counts only texts counted before never loads it.

The wire format is fixed: the JSON list of MCP tool objects, compact, UTF-8 kept as is
(`json.dumps(tools, separators=(",", ":"), ensure_ascii=False)`). The same tools indented count up
to 45% more, so every number this module gives is for that format and no other.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from typing import Any

from broker import usercache

ENCODING = "o200k_base"
MAX_REMEMBERED = 1 << 16  # distinct texts whose counts are remembered (about 2 MB kept on disk)
CACHE_KIND, CACHE_NAME = "tokens", "o200k"


def wire(tools: list[dict] | dict) -> str:
    """Serialise tools (or one tool) exactly as they are sent to the agent."""
    return json.dumps(tools, separators=(",", ":"), ensure_ascii=False)


def upper_bound(text: str) -> int:
    """At least the o200k token count of a text: its UTF-8 byte length (a byte-level BPE token covers a byte or more)."""
    return len(text.encode("utf-8"))


def load() -> None:
    """Load the vocabulary now (it holds the GIL for a second or more: do it before a loop starts beating)."""
    _encoder()


def count_text(text: str) -> int:
    """Count the o200k tokens of a text (special tokens are plain text here)."""
    if not text:
        return 0
    remembered = _remembered()
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    count = remembered.counts.get(digest)
    if count is None:
        count = _encoder().count(text)
        with remembered.lock:  # keep_counts copies the table from another thread
            if len(remembered.counts) >= MAX_REMEMBERED:
                remembered.counts.clear()  # bounded: the catalogues counted since are what the next process needs
            remembered.counts[digest] = count
            remembered.added = True
    return count


def keep_counts() -> None:
    """Keep the counts made so far in the user's cache (nothing when none is new or the cache is off)."""
    remembered = _remembered()
    where = usercache.directory(CACHE_KIND)
    with remembered.lock:
        if not remembered.added or where is None:
            return
        remembered.added = False
        usercache.write(where / (CACHE_NAME + usercache.SUFFIX), _cache_key(), dict(remembered.counts))


class _Counts:
    """Counts by the digest of their text, and whether any was added since they were read or kept."""

    def __init__(self, counts: dict[bytes, int]) -> None:
        self.counts = counts
        self.added = False
        self.lock = threading.Lock()


def _cache_key() -> str:
    return usercache.key_of((ENCODING, *usercache.package_identity("quicktok", "data", f"data/{ENCODING.split('_')[0]}.vocab")))


@functools.cache
def _remembered() -> _Counts:
    where = usercache.directory(CACHE_KIND)
    if where is None:
        return _Counts({})
    found, counts = usercache.read(where / (CACHE_NAME + usercache.SUFFIX), _cache_key())
    if not found or not isinstance(counts, dict) or len(counts) > MAX_REMEMBERED:
        return _Counts({})
    return _Counts(counts)


def count_tokens(tools: list[dict]) -> int:
    """Count the o200k tokens of the compact JSON list of tools."""
    return count_text(wire(tools))


@functools.cache
def _encoder() -> Any:
    # imported and loaded on first use: the vocabulary takes most of a second to load, which the
    # heart's and the organs' start-up must not pay
    import quicktok

    return quicktok.get_encoding(ENCODING)
