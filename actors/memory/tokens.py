"""Count tokens: o200k exactly with quicktok (offline), else a bound that can only overestimate.

quicktok takes about a second to load its vocabulary, so it is loaded on first need: a block whose UTF-8
byte length already fits the budget needs no tokenizer at all (o200k is byte-level BPE, so a token covers
at least one byte and bytes bound tokens from above).
"""

from __future__ import annotations

import logging
import threading
from typing import Callable

log = logging.getLogger(__name__)

ENCODING = "o200k_base"
_lock = threading.Lock()
_exact: Callable[[str], int] | None = None
_loaded = False


def upper_bound(text: str) -> int:
    """At least the o200k token count of the text: its UTF-8 byte length."""
    return len(text.encode("utf-8"))


def exact_counter() -> Callable[[str], int] | None:
    """The exact o200k counter, or None when quicktok is not installed (loaded once, lazily)."""
    global _exact, _loaded
    with _lock:
        if not _loaded:
            _loaded = True
            try:
                import quicktok

                encoding = quicktok.get_encoding(ENCODING)
                _exact = encoding.count
            except Exception as exc:  # missing package or unreadable vocabulary: fall back, say so once
                log.warning("quicktok unavailable (%s); counting tokens as UTF-8 bytes, an overestimate", exc)
                _exact = None
        return _exact


def count(text: str) -> int:
    """o200k tokens of a text: exact with quicktok, else the byte bound (never an underestimate)."""
    exact = exact_counter()
    return exact(text) if exact is not None else upper_bound(text)


def method() -> str:
    """Say how tokens are counted here."""
    return f"{ENCODING} (quicktok)" if exact_counter() is not None else "UTF-8 bytes (upper bound)"
