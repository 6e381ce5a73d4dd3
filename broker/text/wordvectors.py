"""Light sentence vectors: WordLlama's static token vectors, mean-pooled. Cheap meaning, on by default in memory.

WordLlama (the PyPI package `wordllama`, MIT) ships a table of token vectors (LLaMA 2's 32,000 tokens, 256 values,
float16, 16 MB) trained so that the mean of a text's token vectors compares texts: no attention, so a text costs
a table lookup (~0.1 ms), against a transformer pass for the sentence model (`embedding.py`, ~7 ms). It
separates less well (docs/memory.md, "Twenty-eighth round"), which memory's fusion thresholds allow for
(`sense.LIGHT`). The vector of a text is the mean of its tokens' vectors, L2-normalised (what WordLlama does);
the token vectors' lengths already weigh the words (a stop word's vector is short).

The files are read where the package installed them, without importing it (its loader looks for the tokenizer
in a folder the wheel does not have and then downloads it): `tokenizers/l2_supercat_tokenizer_config.json`
and `weights/l2_supercat_256.safetensors`. `load()` is None when they are missing or do not load: callers then
work without meaning (lexical only).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import logging
from pathlib import Path
from typing import Iterable

import numpy as np

log = logging.getLogger(__name__)

PACKAGE = "wordllama"
TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")
WEIGHTS = ("weights", "l2_supercat_256.safetensors")
TENSOR = "embedding.weight"
MAX_TOKENS = 512  # a task is read as 1,000 characters at most; a query is cut before this anyway
DIMENSION = 256


class WordVectors:
    """One loaded table: text -> unit vector (the interface of `embedding.Encoder`)."""

    def __init__(self, tokenizer: Path, weights: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._table = load_file(str(weights))[TENSOR]
        if self._table.ndim != 2 or self._table.shape[1] != DIMENSION:
            raise ValueError(f"{weights}: {TENSOR} has shape {self._table.shape}, not (tokens, {DIMENSION})")
        self.digest = "wordllama:" + hashlib.sha256(
            f"{self._table.shape}".encode() + self._table[:64].tobytes() + self._table[-64:].tobytes()).hexdigest()[:16]

    def embed(self, text: str) -> np.ndarray:
        """The unit vector of one text (float32, 256 values); the zero vector when it has no token."""
        ids = self._tokenizer.encode(text, add_special_tokens=False).ids[:MAX_TOKENS]
        ids = [i for i in ids if 0 <= i < len(self._table)]
        if not ids:
            return np.zeros(DIMENSION, dtype=np.float32)
        pooled = self._table[ids].astype(np.float32).mean(axis=0)
        return pooled / max(float(np.linalg.norm(pooled)), 1e-12)

    def embed_all(self, texts: Iterable[str]) -> np.ndarray:
        """The unit vectors of several texts, one row each."""
        rows = [self.embed(text) for text in texts]
        return np.vstack(rows) if rows else np.zeros((0, DIMENSION), dtype=np.float32)


@functools.cache
def load() -> WordVectors | None:
    """The process's table, loaded on first use; None when it cannot be had."""
    files = paths()
    if files is None:
        log.warning("no word vectors installed (%s): memory recall works without meaning", PACKAGE)
        return None
    try:
        return WordVectors(*files)
    except Exception as exc:  # a broken install must not take recall down with it
        log.warning("word vectors %s did not load (%s: %s): memory recall works without meaning",
                    files[1], type(exc).__name__, exc)
        return None


def paths() -> tuple[Path, Path] | None:
    """The tokenizer and weights files of the installed package, or None."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0])
    files = (root.joinpath(*TOKENIZER), root.joinpath(*WEIGHTS))
    return files if all(f.is_file() for f in files) else None
