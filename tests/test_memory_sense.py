"""Meaning in recall: the fusion of lexical and semantic scores, the card text, the bounded vector cache."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory import sense
from actors.memory.recall import MIN_RELEVANCE, Recaller
from actors.memory.sense import AGREE_COSINE, AGREE_FLOOR, Fusion, card_text, fuse, fusion_from_env
from actors.memory.service import Memory

T0 = 1_764_460_800.0
UNDER = (AGREE_FLOOR + MIN_RELEVANCE) / 2  # a lexical score the agreement floor admits and the lexical one does not


def test_without_meaning_the_lexically_admitted_cards_keep_their_lexical_order():
    lexical = [(4, 0.9, True), (2, 0.7, True), (9, UNDER, False)]
    assert fuse(lexical, {4: 0.1, 2: 0.9, 9: 0.99}, Fusion.OFF) == [4, 2]


def test_rerank_orders_the_admitted_cards_by_both_ranks_and_admits_nothing_new():
    lexical = [(4, 0.9, True), (2, 0.8, True), (7, 0.7, True), (9, UNDER, False)]
    cosines = {4: 0.1, 2: 0.6, 7: 0.5, 9: 0.99}
    assert fuse(lexical, cosines, Fusion.RERANK) == [2, 4, 7]


def test_agree_admits_a_card_under_the_floor_only_when_both_scores_agree_enough():
    lexical = [(1, UNDER, False), (2, UNDER, False), (3, AGREE_FLOOR / 2, False)]
    cosines = {1: AGREE_COSINE + 0.1, 2: AGREE_COSINE - 0.1, 3: 0.99}
    assert fuse(lexical, cosines, Fusion.AGREE) == [1]


def test_agree_keeps_every_lexically_admitted_card_whatever_its_cosine():
    lexical = [(5, 0.9, True), (6, UNDER, False)]
    assert sorted(fuse(lexical, {5: -0.2, 6: AGREE_COSINE}, Fusion.AGREE)) == [5, 6]


@pytest.mark.parametrize("value, expected", [
    ("", Fusion.OFF), ("agree", Fusion.AGREE), (" Rerank ", Fusion.RERANK), ("maybe", Fusion.OFF)])
def test_the_switch_names_a_fusion_and_anything_else_is_off(value, expected):
    assert fusion_from_env({sense.SWITCH_ENV: value}) is expected


def test_a_cards_text_holds_its_title_files_and_glosses_and_is_bounded():
    made = card_text("Android emulator fails to boot", {"file": ["avd.ini"], "gloss": ["android", "emul"],
                                                        "topic": ["never", "said"]})
    assert "Android emulator" in made and "avd.ini" in made and "android emul" in made and "never" not in made
    assert len(card_text("x" * 5000, {})) == sense.MAX_CARD_CHARS


# -- with the real encoder ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def encoder():
    pytest.importorskip("onnxruntime")
    from broker.text import embedding
    path = embedding.model_path()
    if path is None:
        pytest.skip("no embedding model installed (the 'meaning' extra)")
    return embedding.Encoder(path)


def test_the_vector_cache_embeds_a_text_once_and_drops_the_least_recently_used_past_its_bound(encoder):
    vectors = sense.Vectors(encoder, max_cached=2)
    first = vectors.matrix(["run the tests", "push the branch", "run the tests"])
    assert vectors.embedded == 2 and first.shape == (3, 384)
    assert abs(float(first[0] @ first[2]) - 1.0) < 1e-6
    vectors.matrix(["deploy to staging"])  # a third text: "push the branch", used least recently, goes
    vectors.matrix(["run the tests"])
    assert vectors.embedded == 3
    vectors.matrix(["push the branch"])
    assert vectors.embedded == 4 and len(vectors.cache) == 2


def failures(session: str, command: str, error: str) -> list[dict]:
    return [{"session": f"{session}{i}", "kind": "call", "organ": "shell", "ability": "run",
             "args": {"command": command}, "ok": False, "error": error} for i in range(3)]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    m = Memory(tmp_path_factory.mktemp("sense") / "home", clock=lambda: T0 + 3600)
    events = [*failures("a", "npm run build", "FATAL ERROR: JavaScript heap out of memory"),
              *failures("b", "git push origin main", "! [rejected] main -> main (non-fast-forward)")]
    m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
    m.consolidate()
    yield m
    m.close()


def test_recall_with_meaning_finds_what_lexical_recall_finds_and_refuses_what_it_refuses(store, encoder):
    lexical = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF)
    fused = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.AGREE, encoder=encoder)
    conn = store.reader()
    for query in ("build the web bundle with npm", "push my branch to origin main"):
        assert [h.card.id for h in fused.search(conn, query, 3)][:1] == [h.card.id for h in lexical.search(conn, query, 3)][:1]
    assert fused.vectors.embedded == len(store.cards())  # one vector a live card, made with the index
    assert fused.search(conn, "book a table for two at the harbour restaurant", 3) == []


def test_meaning_asked_for_without_the_shared_encoder_falls_back_to_lexical_recall(monkeypatch, store):
    from broker.text import embedding
    monkeypatch.delenv(embedding.SWITCH_ENV, raising=False)
    embedding.encoder.cache_clear()
    try:
        recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.AGREE)
    finally:
        embedding.encoder.cache_clear()
    assert recaller.fusion is Fusion.OFF and recaller.vectors is None
    assert recaller.search(store.reader(), "push my branch to origin main", 3)
