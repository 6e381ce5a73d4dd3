"""Meaning in recall: a card's identity as one sentence vector, and how it joins the lexical score. Optional.

Lexical recall (`recall.py`) misses a paraphrase that shares no word, stem, gloss or ring with its card ("the
virtual phone" for the emulator). Here each live card's identity text (its title, files and glosses) is embedded
once by the shared encoder (`broker/text/embedding.py`) when the recall index is built (the organ builds it right
after each consolidation: `Memory.warm`) and kept, keyed by a digest of the text and the model, in a bounded cache,
so a later consolidation embeds only the cards that are new or changed. The decision of what the two scores make
together is a pure function (`fuse`): meaning may reorder the cards the lexical floor admitted, and may admit a
card the lexical score reached but left under the floor only when both agree enough (a lexical score at least
`AGREE_FLOOR` and a cosine at least `AGREE_COSINE`); a card the lexical score did not reach at all is never
recalled on meaning alone.

Only the lexical candidates are compared (at most `recall.CANDIDATES`), so a query costs one embedding and a few
dozen dot products whatever the store; a query no card reaches lexically is not embedded at all.

Off unless asked for: `ACTORS_MEMORY_MEANING=rerank` or `=agree`, with the shared encoder on (`ACTORS_EMBEDDING=on`,
`pip install 'actors[meaning]'`). On the three dev sets it moved R@3 by 1-5 points and false positives by 0-3
(docs/memory.md, last section): not a clear gain, so it stays off.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from enum import StrEnum
from typing import Iterable, Sequence

import numpy as np

log = logging.getLogger(__name__)

SWITCH_ENV = "ACTORS_MEMORY_MEANING"
MAX_CACHED = 65536  # card vectors kept (384 float32 each: 100 MB at most)
MAX_CARD_CHARS = 600  # identity text embedded per card; the encoder reads 128 tokens anyway
AGREE_FLOOR = 0.15  # the lexical score a card below the floor needs for meaning to admit it
AGREE_COSINE = 0.3  # the cosine it needs too
RRF_K = 10  # reciprocal rank fusion's constant: small, since a store's candidates are few


class Fusion(StrEnum):
    """What meaning does to recall."""

    OFF = "off"  # lexical only
    RERANK = "rerank"  # the lexically admitted cards, reordered by both ranks
    AGREE = "agree"  # rerank, and admit a card under the floor when both scores agree enough


def fusion_from_env(environ: dict[str, str] | None = None) -> Fusion:
    """The fusion asked for by $ACTORS_MEMORY_MEANING (off when unset or unknown)."""
    value = (os.environ if environ is None else environ).get(SWITCH_ENV, "").strip().lower()
    try:
        return Fusion(value)
    except ValueError:
        if value:
            log.warning("unknown %s=%r: memory recall works without meaning", SWITCH_ENV, value)
        return Fusion.OFF


def card_text(title: str, identity: dict) -> str:
    """The text a card is embedded from: its title, its files and its glosses (what its tools are for).

    Measured on the dev journals, the card's body and a redacted example added error text that pulled every
    failure card towards every query about failing; the title already names the ability, program and change."""
    parts = [title]
    files = identity.get("file", ())
    if files:
        parts.append("files: " + ", ".join(files))
    gloss = identity.get("gloss", ())
    if gloss:
        parts.append("about: " + " ".join(gloss))
    return ". ".join(p.strip() for p in parts if p and p.strip())[:MAX_CARD_CHARS]


def fuse(lexical: Sequence[tuple[int, float, bool]], cosines: dict[int, float], fusion: Fusion) -> list[int]:
    """The cards to recall, best first, from the lexical candidates and their cosines with the query.

    `lexical` is (position, lexical score, admitted by the lexical floor), best lexical score first; `cosines`
    maps a position to its cosine. OFF keeps the admitted cards in lexical order; RERANK orders them by
    reciprocal rank fusion of the lexical and the semantic ranks; AGREE also admits a card whose lexical score
    is at least `AGREE_FLOOR` and whose cosine is at least `AGREE_COSINE`."""
    if fusion is Fusion.OFF:
        return [pos for pos, _, admitted in lexical if admitted]
    kept = [(pos, score) for pos, score, admitted in lexical
            if admitted or (fusion is Fusion.AGREE and score >= AGREE_FLOOR
                            and cosines.get(pos, 0.0) >= AGREE_COSINE)]
    by_meaning = sorted(kept, key=lambda k: (-cosines.get(k[0], 0.0), k[0]))
    semantic_rank = {pos: rank for rank, (pos, _) in enumerate(by_meaning)}
    fused = {pos: 1.0 / (RRF_K + rank) + 1.0 / (RRF_K + semantic_rank[pos]) for rank, (pos, _) in enumerate(kept)}
    return sorted(fused, key=lambda pos: (-fused[pos], pos))


class Vectors:
    """Card vectors by digest of (model, text), bounded, least recently used dropped first; thread-safe."""

    def __init__(self, encoder, max_cached: int = MAX_CACHED) -> None:
        self.encoder = encoder
        self.max_cached = max_cached
        self.cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.lock = threading.Lock()
        self.embedded = 0  # texts the encoder was run on (misses of the cache)

    def matrix(self, texts: Iterable[str]) -> np.ndarray:
        """One unit vector a row for each text, from the cache or the encoder."""
        rows = [self.vector(t) for t in texts]
        return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

    def vector(self, text_: str) -> np.ndarray:
        """The unit vector of one card text."""
        key = hashlib.sha1(f"{self.encoder.digest}\0{text_}".encode()).hexdigest()
        with self.lock:
            found = self.cache.get(key)
            if found is not None:
                self.cache.move_to_end(key)
                return found
        found = self.encoder.embed(text_)
        with self.lock:
            self.embedded += 1
            self.cache[key] = found
            while len(self.cache) > self.max_cached:
                self.cache.popitem(last=False)
        return found

    def query(self, text_: str) -> np.ndarray:
        """The unit vector of a query (never cached: queries rarely repeat word for word)."""
        return self.encoder.embed(text_)
