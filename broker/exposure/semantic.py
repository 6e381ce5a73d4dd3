"""Meaning: each tool's sentence embedding, and how near an intent comes to it.

A tool is embedded as its organ's and its own name in words, then its description (`tool_text`). The
vectors of a catalogue are computed once and kept on disk under the cache directory, keyed by the model
and the texts, so a catalogue seen before costs one file read; a new one costs about 13 ms a tool here.
Without an encoder (`broker.text.embedding`) there is no meaning and selection is lexical only.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Sequence

import numpy as np

from broker import usercache
from broker.text import embedding, split_identifier

log = logging.getLogger(__name__)

QUERY_TOKENS = 40  # an intent's first tokens: the cost grows with length, and the request comes first


class Meaning:
    """The unit vectors of a catalogue's tools, by position, and the encoder that made them."""

    __slots__ = ("encoder", "vectors")

    def __init__(self, encoder: embedding.Encoder, vectors: np.ndarray) -> None:
        self.encoder = encoder
        self.vectors = vectors

    def similarities(self, text: str) -> np.ndarray:
        """The cosine of the text's vector with every tool's."""
        # einsum rather than BLAS: a matrix-vector product this small is slower across BLAS threads that
        # fight for two cores than on one
        return np.einsum("ij,j->i", self.vectors, self.encoder.embed(text, QUERY_TOKENS))

    def near(self, text: str) -> Future:
        """`similarities(text)` computed on a thread of its own (onnxruntime lets go of the GIL meanwhile)."""
        return _pool().submit(self.similarities, text)


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="meaning")


def tool_text(organ: str, name: str, description: str) -> str:
    """What a tool is embedded as: its organ and name in words, then its description."""
    return f"{' '.join(split_identifier(organ))} {' '.join(split_identifier(name))}: {description}".strip()


def meaning_of(texts: Sequence[str]) -> Meaning | None:
    """The vectors of these tool texts (from the cache when seen before); None without an encoder."""
    encoder = embedding.encoder()
    if encoder is None or not texts:
        return None
    where = cache_dir()
    digest = hashlib.sha256("\0".join([encoder.digest, *texts]).encode()).hexdigest()[:24]
    path = None if where is None else where / f"{digest}.npy"
    try:
        vectors = np.load(path, allow_pickle=False) if path is not None else None
        if vectors is not None and vectors.shape == (len(texts), embedding.DIMENSION):
            return Meaning(encoder, vectors)
    except (OSError, ValueError):
        pass  # not cached yet, or damaged: computed again below
    vectors = encoder.embed_all(texts)
    if path is not None:
        _save(path, vectors)
    return Meaning(encoder, vectors)


def cache_dir() -> Path | None:
    """Where catalogue vectors are kept (the user's cache, broker/usercache.py); None when it is off."""
    return usercache.directory("embeddings")


def _save(path: Path, vectors: np.ndarray) -> None:
    # written whole and renamed, so a reader never sees half a file; a cache that cannot be written costs
    # only the time to compute the vectors again next time
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            np.save(f, vectors, allow_pickle=False)
        os.replace(temporary, path)
    except OSError as exc:
        log.warning("cannot cache tool vectors in %s: %s", path.parent, exc)
