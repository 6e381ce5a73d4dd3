"""Meaning in recall: the cards' tasks deciding what the words are unsure of, the bounded vector cache."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from actors.memory import sense
from actors.memory.recall import Recaller
from actors.memory.sense import MODEL, Fusion, Judged, fuse, fusion_from_env, undecided
from actors.memory.service import Memory

SURE_WORDS, KEEP_COSINE, ADMIT_COSINE = MODEL
FUSE = MODEL._asdict()

T0 = 1_764_460_800.0


def test_a_card_the_words_are_sure_of_stays_whatever_its_tasks_mean():
    assert fuse([Judged(4, True, SURE_WORDS)], {4: -0.3}, **FUSE) == [4]


def test_a_card_admitted_on_few_words_stays_only_when_one_of_its_tasks_means_what_the_query_does():
    lexical = [Judged(1, True, 1), Judged(2, True, SURE_WORDS - 1)]
    assert fuse(lexical, {1: KEEP_COSINE, 2: KEEP_COSINE - 0.01}, **FUSE) == [1]


def test_a_card_the_words_refuse_is_admitted_on_a_close_task_after_the_cards_the_words_admit():
    lexical = [Judged(7, False, 1), Judged(3, True, SURE_WORDS), Judged(8, False, 2)]
    assert fuse(lexical, {7: ADMIT_COSINE, 3: 0.0, 8: ADMIT_COSINE - 0.01}, **FUSE) == [3, 7]


def test_a_card_the_query_names_outright_is_one_the_words_are_sure_of():
    # "pip install numpy" names the pip card's command: one word of its sessions' topic, or none, does not matter
    lexical = [Judged(1, True, 1, named=True), Judged(2, True, 1), Judged(3, False, 1, named=True)]
    assert undecided(lexical, [True] * 4, SURE_WORDS) == [2, 3]
    assert fuse(lexical, {2: -0.1, 3: -0.1}, **FUSE) == [1]


@pytest.mark.parametrize("task, says", [("yes go ahead", False), ("continue", False), ("work on billing", False),
                                        ("fix the reports bug", False), ("set up the requests dependencies", False),
                                        ("RUST-142: builds are slow locally, try the shared compiler cache", True),
                                        ("帮我给新字段加个数据库 migration", True)])
def test_a_terse_task_has_no_say_and_a_task_that_says_the_work_has(task, says):
    from actors.memory.recall import generic_words
    assert sense.informative(task, generic_words()) is says


def test_a_card_without_tasks_keeps_its_lexical_verdict():
    lexical = [Judged(5, True, 1), Judged(6, False, 1)]
    assert fuse(lexical, {}, **FUSE) == [5]
    assert undecided(lexical, [False] * 7, SURE_WORDS) == []


def test_only_the_cards_with_tasks_the_words_are_unsure_of_need_the_query_embedded():
    lexical = [Judged(0, True, SURE_WORDS), Judged(1, True, 1), Judged(2, False, 3), Judged(3, False, 1)]
    assert undecided(lexical, [True, True, True, False], SURE_WORDS) == [1, 2]


@pytest.mark.parametrize("value, expected", [
    ("", Fusion.LIGHT), ("light", Fusion.LIGHT), ("off", Fusion.OFF), ("on", Fusion.ON), (" ON ", Fusion.ON),
    ("agree", Fusion.ON), ("rerank", Fusion.ON), ("maybe", Fusion.LIGHT)])
def test_the_switch_chooses_the_vectors_its_first_versions_names_mean_the_model_and_anything_else_the_default(
        value, expected):
    assert fusion_from_env({sense.SWITCH_ENV: value}) is expected


@pytest.mark.parametrize("memory, expected", [("", Fusion.ON), ("off", Fusion.OFF), ("on", Fusion.ON)])
def test_meaning_follows_the_shared_encoders_switch_unless_memorys_own_says_otherwise(memory, expected):
    from broker.text import embedding
    environ = {embedding.SWITCH_ENV: "on", **({sense.SWITCH_ENV: memory} if memory else {})}
    assert fusion_from_env(environ) is expected


class _Table:
    """An encoder of a few fixed texts (unit vectors), for the task matrix alone."""

    digest = "table"

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = {t: np.array(v, dtype=np.float32) / np.linalg.norm(v) for t, v in vectors.items()}

    def embed(self, text: str) -> np.ndarray:
        return self.vectors[text]


def test_a_cards_cosine_is_its_best_tasks_and_each_task_is_embedded_once():
    encoder = _Table({"a": [1, 0], "b": [0, 1], "c": [1, 1]})
    vectors = sense.Vectors(encoder)
    tasks = sense.Tasks(vectors, [("a", "b"), (), ("b", "a")])
    assert vectors.embedded == 2 and tasks.has == [True, False, True]
    cosines = tasks.cosines([0, 1, 2], encoder.embed("c"))
    assert set(cosines) == {0, 2} and cosines[0] == pytest.approx(2 ** -0.5)


def test_tasks_made_on_demand_embed_each_the_first_time_a_query_compares_its_card_and_give_the_same_cosines():
    encoder = _Table({"a": [1, 0], "b": [0, 1], "c": [1, 1], "d": [1, 2]})
    whole = sense.Tasks(sense.Vectors(encoder), [("a", "b"), ("c",), ("d", "a")])
    vectors = sense.Vectors(encoder)
    tasks = sense.Tasks(vectors, [("a", "b"), ("c",), ("d", "a")], whole=False)
    assert vectors.embedded == 0
    query = encoder.embed("c")
    assert tasks.cosines([0], query) == whole.cosines([0], query) and vectors.embedded == 2
    assert tasks.cosines([0, 1, 2], query) == whole.cosines([0, 1, 2], query) and vectors.embedded == 4


class _Read(_Table):
    def __init__(self, vectors: dict[str, list[float]]) -> None:
        super().__init__(vectors)
        self.read: list[str] = []

    def embed(self, text: str) -> np.ndarray:
        self.read.append(text)
        return super().embed(text)


def test_a_query_read_twice_in_a_row_is_embedded_once_and_the_next_query_anew():
    # O55: proposals read the query's vector for fusion, then for the nearest card
    encoder = _Read({"a": [1, 0], "b": [0, 1]})
    vectors = sense.Vectors(encoder)
    assert vectors.query("a") is vectors.query("a") and encoder.read == ["a"]
    assert vectors.query("b") @ vectors.query("a") == 0 and encoder.read == ["a", "b", "a"]
    assert vectors.cache == {}  # queries are not kept with the tasks' vectors


def _skip(n: int, *positions: int) -> np.ndarray:
    mask = np.zeros(n, dtype=bool)
    mask[list(positions)] = True
    return mask


def test_the_nearest_card_is_the_one_whose_best_task_is_nearest_the_query_the_proposed_ones_apart():
    encoder = _Table({"a": [1, 0], "b": [0, 1], "c": [1, 1], "d": [3, 1]})
    tasks = sense.Tasks(sense.Vectors(encoder), [("b",), (), ("a", "b"), ("d",)])
    query = encoder.embed("a")
    assert tasks.nearest(query, _skip(4)) == (2, pytest.approx(1.0))
    assert tasks.nearest(query, _skip(4, 2))[0] == 3  # d, then b: the card without tasks is never one
    assert tasks.nearest(query, _skip(4, 0, 2, 3)) is None
    assert sense.Tasks(sense.Vectors(encoder), [(), ()]).nearest(query, _skip(2)) is None


def test_no_card_is_nearest_while_its_tasks_wait_to_be_embedded():
    encoder = _Table({"a": [1, 0], "b": [0, 1]})
    vectors = sense.Vectors(encoder)
    tasks = sense.Tasks(vectors, [("a",), ("b",)], whole=False)
    assert tasks.nearest(encoder.embed("a"), _skip(2)) is None and vectors.embedded == 0
    tasks.cosines([0, 1], encoder.embed("a"))  # a query compared both cards: their tasks are embedded
    assert tasks.nearest(encoder.embed("a"), _skip(2))[0] == 0


class _Counted(np.ndarray):
    """A task matrix that counts the rows each product with a query reads."""

    products: list[int] = []

    def __matmul__(self, other):
        _Counted.products.append(self.shape[0])
        return np.asarray(self) @ other


def test_the_nearest_card_costs_one_product_a_distinct_task_however_many_cards_share_it():
    # O53: a thousand cards of two sessions hold two tasks, not two thousand rows to gather and multiply
    encoder = _Table({"a": [1, 0], "b": [0, 1]})
    tasks = sense.Tasks(sense.Vectors(encoder), [("a", "b")] * 1000)
    tasks.matrix = tasks.matrix.view(_Counted)
    _Counted.products = []
    assert tasks.nearest(encoder.embed("b"), _skip(1000))[0] == 0
    assert _Counted.products == [2]


@pytest.mark.parametrize("seed", range(6))
def test_the_nearest_card_is_the_one_a_reading_of_every_cards_rows_finds_ties_and_left_out_cards_included(seed):
    # the best tasks' cards first, every card's rows when those are left out: the same card and cosine either way
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(12)]
    vectors = rng.integers(-2, 3, size=(len(words), 3)).astype(float)  # small integers: equal cosines tie exactly
    vectors[~vectors.any(axis=1), 0] = 1.0  # no word without a direction
    encoder = _Table({w: list(v) for w, v in zip(words, vectors, strict=True)})
    cards = [tuple(rng.choice(words, size=rng.integers(0, 3), replace=False)) for _ in range(60)]
    tasks = sense.Tasks(sense.Vectors(encoder), cards)
    for query in words[:4]:
        for share in (0.0, 0.3, 0.97):  # none, some, nearly every card left out (past NEAREST_TRIES best tasks)
            skip = rng.random(len(cards)) < share
            q = encoder.embed(query)
            best = [(max(float(tasks.matrix[tasks.texts.index(t)] @ q) for t in card), pos)
                    for pos, card in enumerate(cards) if card and not skip[pos]]
            want = min(best, key=lambda b: (-b[0], b[1])) if best else None
            got = tasks.nearest(q, skip)
            assert (got is None) == (want is None)
            if want:
                assert got[0] == want[1] and abs(got[1] - want[0]) < 1e-6


def _index(tasks: list[tuple[str, ...]], encoder, learned_here: list[bool] | None = None):
    """An index of cards 1, 2, … with these tasks, for `Recaller._near` (which reads its ids, positions, tasks and
    origins)."""
    from array import array
    from types import SimpleNamespace
    ids = range(1, len(tasks) + 1)
    return SimpleNamespace(ids=array("q", ids), position={n: n - 1 for n in ids},
                           learned_here=None if learned_here is None else np.array(learned_here, dtype=bool),
                           tasks=sense.Tasks(sense.Vectors(encoder), tasks))


def test_of_cards_equally_near_in_meaning_the_best_standing_is_proposed_whatever_the_stores_size():
    # cards of one session share its task: a thousand of them tie, and the first position stands best (O51)
    encoder = _Table({"a": [1, 0]})
    recaller = Recaller(fusion=Fusion.ON, encoder=encoder)
    for n in (3, 1000):
        assert recaller._near(_index([("a",)] * n, encoder, [True] * n), "a", set()) == [(0, 0.0, ())]
        assert recaller._near(_index([("a",)] * n, encoder, [True] * n), "a", {1}) == [(1, 0.0, ())]


def test_an_imported_cards_tasks_never_make_it_the_card_nearest_in_meaning():
    # a snapshot's tasks are its author's words: they may keep or drop a card the words admit, never bring one (O50)
    encoder = _Table({"a": [1, 0], "near": [1, 0.5]})
    recaller = Recaller(fusion=Fusion.ON, encoder=encoder)
    assert recaller._near(_index([("a",), ("near",)], encoder, [True, True]), "a", set()) == [(0, 0.0, ())]
    assert recaller._near(_index([("a",), ("near",)], encoder, [False, True]), "a", set()) == [(1, 0.0, ())]
    assert recaller._near(_index([("a",), ("near",)], encoder, [False, False]), "a", set()) == []


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


def failures(session: str, task: str, command: str, error: str) -> list[dict]:
    return [event for i in range(3) for event in (
        {"session": f"{session}{i}", "kind": "progress", "text": task},
        {"session": f"{session}{i}", "kind": "call", "organ": "shell", "ability": "run", "args": {"command": command},
         "ok": False, "error": error})]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    m = Memory(tmp_path_factory.mktemp("sense") / "home", clock=lambda: T0 + 3600)
    events = [*failures("a", "bundle the web client for production", "npm run build",
                        "FATAL ERROR: JavaScript heap out of memory"),
              *failures("b", "share the login fix with the team on the remote", "git push origin main",
                        "! [rejected] main -> main (non-fast-forward)")]
    m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
    m.consolidate()
    yield m
    m.close()


def test_recall_with_meaning_finds_what_lexical_recall_finds_and_refuses_what_it_refuses(store, encoder):
    lexical = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF)
    fused = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=encoder)
    conn = store.reader()
    for query in ("build the web bundle with npm", "push my branch to origin main"):
        assert [h.card.id for h in fused.search(conn, query, 3)][:1] == [h.card.id for h in lexical.search(conn, query, 3)][:1]
    assert fused.vectors.embedded <= 2  # one vector a distinct task at most, made when a query compares its card
    assert fused.search(conn, "book a table for two at the harbour restaurant", 3) == []


@pytest.mark.parametrize("query", ["run the JavaScript linter", "check the production memory usage dashboards"])
def test_a_card_the_words_reach_by_chance_is_not_recalled_when_its_tasks_mean_other_work(store, encoder, query):
    # the words of the build's out-of-memory card (JavaScript, memory, production) said about other work
    lexical = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF)
    fused = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=encoder)
    conn = store.reader()
    assert lexical.search(conn, query, 3) and fused.search(conn, query, 3) == []


def test_memorys_own_switch_loads_the_model_without_the_shared_switch(monkeypatch, store, encoder):
    from broker.text import embedding
    monkeypatch.delenv(embedding.SWITCH_ENV, raising=False)
    monkeypatch.setenv(sense.SWITCH_ENV, "on")
    recaller = Recaller(clock=lambda: T0 + 3600)
    assert recaller.fusion is Fusion.ON and recaller.meaning is sense.Meaning.ON


def test_meaning_asked_for_without_its_model_falls_back_to_the_word_vectors_and_says_so(monkeypatch, tmp_path, store):
    from broker.text import embedding
    monkeypatch.setenv(embedding.MODEL_ENV, str(tmp_path / "absent.onnx"))
    embedding.load.cache_clear()
    try:
        recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON)
    finally:
        embedding.load.cache_clear()
    assert recaller.fusion is Fusion.LIGHT and recaller.meaning is sense.Meaning.MISSING
    assert recaller.thresholds == sense.LIGHT
    assert recaller.search(store.reader(), "push my branch to origin main", 3)


def test_a_query_after_a_consolidation_that_added_a_few_tasks_has_meaning_at_once(tmp_path, encoder):
    m = Memory(tmp_path / "home", clock=lambda: T0 + 3600)
    try:
        def learn(events: list[dict], at: float) -> None:
            m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": at + i}) + "\n" for i, e in enumerate(events)).encode()))
            m.consolidate()
        learn(failures("b", "share the login fix with the team on the remote", "git push origin main",
                       "! [rejected] main -> main (non-fast-forward)"), T0)
        recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=encoder)
        recaller.search(m.reader(), "push my branch", 3)  # the first index, with its tasks
        learn(failures("a", "bundle the web client for production", "npm run build",
                       "FATAL ERROR: JavaScript heap out of memory"), T0 + 100)
        assert recaller.search(m.reader(), "run the JavaScript linter", 3) == []  # the new card, by its task
        assert recaller.index[1].tasks is not None
    finally:
        m.close()


class _Slow:
    """The real encoder, held back until the test lets it go: a store's tasks take long to embed."""

    def __init__(self, encoder) -> None:
        import threading
        self.encoder, self.digest, self.go = encoder, encoder.digest, threading.Event()

    def embed(self, text: str):
        assert self.go.wait(10)
        return self.encoder.embed(text)


def test_while_the_organ_warms_a_query_is_answered_by_the_words_and_by_meaning_after(store, encoder):
    import threading
    import time

    slow = _Slow(encoder)
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=slow)
    query = "run the JavaScript linter"  # the words recall the build's card; its tasks mean other work
    warming = threading.Thread(target=recaller.warm, args=(store.reader(),))  # the organ's sleep thread
    warming.start()
    try:
        deadline = time.monotonic() + 10
        while recaller.index[1] is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert recaller.search(store.reader(), query, 3)  # at once, while the tasks wait for the encoder
    finally:
        slow.go.set()
        warming.join(10)
    assert recaller.index[1].tasks is not None and recaller.search(store.reader(), query, 3) == []


def test_a_process_first_index_has_meaning_before_it_answers(store, encoder):
    # a command's one query (`actors recall`) would otherwise be answered by the words alone
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=encoder)
    assert recaller.search(store.reader(), "run the JavaScript linter", 3) == []


def test_an_index_keeps_its_cards_tasks_in_standing_order_until_a_bounded_number_of_distinct_ones():
    tasks = [("a", "b"), ("b", "c", ""), ("d",), ("a", "e")]
    assert sense.within(tasks, limit=3) == [("a", "b"), ("b", "c"), (), ("a",)]  # the fourth card is known by "a"


class _Counting:
    """An encoder that costs nothing and remembers the length of every text it was given."""

    digest = "counting"

    def __init__(self) -> None:
        self.lengths: list[int] = []

    def embed(self, text: str) -> np.ndarray:
        self.lengths.append(len(text))
        return np.full(4, 0.5, dtype=np.float32)


def test_a_snapshot_of_many_cards_with_long_distinct_tasks_costs_recall_a_bounded_embedding(tmp_path):
    from actors.memory.recall import MAX_TASK_CHARS

    cards = [{"key": f"k{i}", "kind": "pitfall", "title": f"shell.run fails on tool{i}", "body": "b", "confirmations": 3,
              "created_at": T0, "confirmed_at": T0, "identity": {"program": [f"tool{i}"]},
              "evidence": {"tasks": [f"task {i}.{j} parser lexer grammar " + ("x" * (1_000_000 if i == j == 0 else 40)) for j in range(8)]}}
             for i in range(sense.MAX_EMBEDDED // 8 + 100)]
    memory = Memory(tmp_path / "home", clock=lambda: T0 + 3600)
    memory.import_snapshot(json.dumps({"format": "actors-memory-snapshot", "version": 4, "cards": cards,
                                       "judgments": [], "tombstones": []}).encode())
    counting = _Counting()
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=counting)
    recaller.warm(memory.reader())
    assert len(counting.lengths) == sense.MAX_EMBEDDED and max(counting.lengths) <= MAX_TASK_CHARS
    assert recaller.search(memory.reader(), "tool7 fails", 3)
    memory.close()


def test_a_mesh_started_with_memorys_switch_has_a_memory_organ_that_reads_meaning_and_doctor_says_so(make_mesh,
                                                                                                     encoder):
    # a new user's report: the organs' allow-listed environment dropped the switches, so the hooks stayed lexical
    from tests.test_hooks import MEMORY_MESH

    mesh = make_mesh(MEMORY_MESH, start=False)
    mesh.env[sense.SWITCH_ENV] = "on"
    mesh.up()
    assert mesh.json("call", "memory.status")["result"]["meaning"] == "on"
    mesh.env[sense.SWITCH_ENV] = "off"  # this shell's recall would read the words alone
    status = mesh.json("memory", "status")
    assert (status["meaning"], status["meaning_of"]) == ("on", "organ")  # the organ's, whatever this shell says
    checks = json.loads(mesh.cli("doctor", "--json", check=True).stdout)["checks"]
    assert next(c for c in checks if c["name"] == "memory meaning")["detail"].startswith("on:")


def test_an_imported_cards_tasks_may_keep_or_drop_it_but_never_admit_it():
    # docs/security.md O32: a snapshot writes its cards' tasks as it likes
    lexical = [Judged(0, True, 1), Judged(1, False, 1), Judged(2, False, 1)]
    assert undecided(lexical, [True, True, True], SURE_WORDS, learned_here=[False, False, True]) == [0, 2]


def test_cards_from_a_snapshot_are_known_as_not_learned_here(store, tmp_path, encoder):
    imported = Memory(tmp_path / "imported", clock=lambda: T0 + 3600)
    try:
        imported.import_snapshot(json.dumps(store.export_snapshot()).encode())
        for memory, learned in ((store, True), (imported, False)):
            recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=encoder)
            index = recaller.current(memory.reader())
            assert len(index.ids) == 2 and index.learned_here.tolist() == [learned, learned]
    finally:
        imported.close()


# -- the word vectors, the default ------------------------------------------------------------------

@pytest.fixture(scope="module")
def words():
    from broker.text import wordvectors
    if wordvectors.paths() is None:
        pytest.fail("the word vectors are a core dependency (wordllama) and are not installed")
    return wordvectors.load()


def test_the_word_vectors_put_a_paraphrase_nearer_than_other_work(words):
    ask = words.embed("Must ask me before deleting anything")
    assert ask.shape == (256,) and abs(float(np.linalg.norm(ask)) - 1.0) < 1e-5
    assert float(ask @ words.embed("Before you delete something, come ask me first")) > 0.5
    assert float(ask @ words.embed("bump the log level in conf.yaml to DEBUG")) < sense.LIGHT.keep
    assert not words.embed("").any()  # no token: the zero vector, near nothing



def test_by_default_recall_reads_the_word_vectors_and_loads_them_on_first_use(monkeypatch, store, words):
    from broker.text import embedding
    for name in (embedding.SWITCH_ENV, sense.SWITCH_ENV):
        monkeypatch.delenv(name, raising=False)
    recaller = Recaller(clock=lambda: T0 + 3600)
    assert (recaller.fusion, recaller.meaning, recaller.thresholds) == (Fusion.LIGHT, sense.Meaning.LIGHT, sense.LIGHT)
    assert recaller.vectors.embedded == 0  # nothing read yet: a command that never recalls never pays for them
    assert recaller.search(store.reader(), "push my branch to origin main", 3)
    assert recaller.index[1].tasks is not None and recaller.vectors.embedded <= 2


@pytest.mark.parametrize("query", ["run the JavaScript linter", "check the production memory usage dashboards"])
def test_by_default_a_card_the_words_reach_by_chance_is_not_recalled_when_its_tasks_mean_other_work(store, words,
                                                                                                     query):
    lexical = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF)
    light = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
    conn = store.reader()
    assert lexical.search(conn, query, 3) and light.search(conn, query, 3) == []
    assert light.search(conn, "bundle the web client for production with npm", 3)


def test_without_the_word_vectors_recall_works_with_words_alone_and_says_so(monkeypatch, store):
    from broker.text import wordvectors
    monkeypatch.setattr(wordvectors, "paths", lambda: None)
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
    assert (recaller.fusion, recaller.meaning, recaller.vectors) == (Fusion.OFF, sense.Meaning.OFF, None)
    assert recaller.search(store.reader(), "push my branch to origin main", 3)


def test_word_vectors_that_do_not_load_leave_recall_to_the_words(monkeypatch, store):
    from broker.text import wordvectors
    monkeypatch.setattr(wordvectors, "load", lambda: None)  # files there, unreadable
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
    assert recaller.fusion is Fusion.LIGHT
    assert recaller.search(store.reader(), "push my branch to origin main", 3)
    assert (recaller.fusion, recaller.meaning, recaller.vectors) == (Fusion.OFF, sense.Meaning.OFF, None)


def test_a_card_learned_under_a_terse_prompt_keeps_its_lexical_verdict(tmp_path, words):
    # a transcript's prompt is often "yes go ahead": it says nothing of the work, so it drops nothing
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        events = failures("c", "yes go ahead", "npm run build", "FATAL ERROR: JavaScript heap out of memory")
        m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
        m.consolidate()
        lexical = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF)
        light = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
        for query in ("run the JavaScript linter", "bundle the web client for production with npm"):
            found = [h.card.id for h in lexical.search(m.reader(), query, 3)]
            assert found and [h.card.id for h in light.search(m.reader(), query, 3)] == found


def test_a_query_holding_half_of_a_utf16_pair_is_read_by_the_word_vectors_with_the_half_as_a_question_mark(store,
                                                                                                          words):
    # docs/security.md O33: `actors recall` reads a byte that is not UTF-8 in its argument as such a half
    light = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
    conn = store.reader()
    for query in ("run the JavaScript linter \udcff", "bundle the web client for production with npm \ud800"):
        assert light.search(conn, query, 3) == light.search(conn, query.replace(query[-1], "?"), 3)


def test_meaning_reads_a_query_no_longer_than_the_words_read_it(store):
    # docs/security.md O33: the query's vector cost as much as the whole text, whatever the words read of it
    from actors.memory.recall import MAX_QUERY_CHARS

    counting = _Counting()
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=counting)
    recaller.search(store.reader(), "run the JavaScript linter " + "x" * 100_000, 3)
    assert max(counting.lengths) == MAX_QUERY_CHARS  # the query, beside the tasks it is compared with


def test_a_commands_one_query_embeds_the_tasks_of_the_cards_it_compares_not_the_stores(tmp_path):
    # docs/security.md O35: `actors recall` embedded the store's 4,096 tasks for its one query (3-9 s)
    from actors.memory.recall import CANDIDATES, MAX_TASKS

    cards = [{"key": f"k{i}", "kind": "pitfall", "title": f"shell.run fails on tool{i}", "body": "b", "confirmations": 3,
              "created_at": T0, "confirmed_at": T0, "identity": {"program": [f"tool{i}"]},
              "evidence": {"tasks": [f"run tool{i} on the nightly data"]}} for i in range(2 * CANDIDATES * MAX_TASKS)]
    memory = Memory(tmp_path / "home", clock=lambda: T0 + 3600)
    memory.import_snapshot(json.dumps({"format": "actors-memory-snapshot", "version": 4, "cards": cards,
                                       "judgments": [], "tombstones": []}).encode())
    counting = _Counting()
    recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.ON, encoder=counting)
    recaller.search(memory.reader(), "tool7 fails", 3)
    assert 2 <= len(counting.lengths) <= CANDIDATES * MAX_TASKS + 1  # its card's task and the query, not all
    recaller.warm(memory.reader())  # an organ's sleep thread embeds them all, once
    assert len(counting.lengths) == len(cards) + 1
    memory.close()


def test_word_vectors_that_do_not_load_leave_recall_to_the_words_when_the_first_tasks_come_after_the_organ_warmed(
        monkeypatch, tmp_path):
    # docs/security.md O36: the first query after the consolidation that gave cards their first tasks failed
    from broker.text import wordvectors
    monkeypatch.setattr(wordvectors, "load", lambda: None)  # files there, unreadable
    m = Memory(tmp_path / "home", clock=lambda: T0 + 3600)
    try:
        def learn(events: list[dict], at: float) -> None:
            m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": at + i}) + "\n" for i, e in enumerate(events)).encode()))
            m.consolidate()
        learn([e for e in failures("b", "", "git push origin main", "! [rejected] main -> main (non-fast-forward)")
               if e["kind"] == "call"], T0)  # a journal without progress events: cards without tasks
        recaller = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT)
        recaller.warm(m.reader())  # the organ at start
        learn(failures("a", "bundle the web client for production", "npm run build",
                       "FATAL ERROR: JavaScript heap out of memory"), T0 + 100)
        assert recaller.search(m.reader(), "run the JavaScript linter", 3)  # before the organ warms again
        assert (recaller.fusion, recaller.vectors) == (Fusion.OFF, None)
    finally:
        m.close()


def test_an_index_reads_a_bounded_number_of_tasks_whether_or_not_they_say_the_work():
    # O38: a snapshot of tasks that say nothing made every index build read them all
    says = lambda t: not t.startswith("yes")  # noqa: E731
    assert sense.within([("yes go",), ("parser lexer grammar",)], says=says) == [(), ("parser lexer grammar",)]
    tasks = [(f"yes {i}",) for i in range(10)] + [("parser lexer grammar",)]
    assert sense.within(tasks, limit=3, says=says)[-1] == ()  # six read, none said the work: the last never read


def test_what_is_remembered_of_tasks_across_index_builds_is_what_one_index_reads_not_every_task_ever_met():
    # O45: 65,536 tasks' terms stayed in a long-running organ (some 280 MB); one index reads twice MAX_EMBEDDED
    tasks = [f"tune the parser {i} grammar lexer" for i in range(3 * sense.MAX_EMBEDDED)]
    for task in tasks:
        sense.says_the_work(task), sense.echo_of(task)
    assert sense.says_the_work.cache_info().currsize == sense.echo_of.cache_info().currsize == 2 * sense.MAX_EMBEDDED
    sense.says_the_work.cache_clear(), sense.echo_of.cache_clear()


def test_a_task_sharing_three_of_the_querys_terms_echoes_it_and_words_of_work_are_no_such_terms():
    tasks = sense.Tasks(sense.Vectors(_Table({})), [("3.4.1 hotfix for the internal track, QA is waiting",),
                                                    ("run the tests and fix the build",), ()], whole=False)
    query = sense.work_terms("prepare the hotfix release for the internal testing track")
    assert tasks.echoes([0, 1, 2], query) == [0]
    assert tasks.echoes([0, 1, 2], sense.work_terms("run the tests, then fix the build")) == []  # words of work
    assert tasks.echoes([0], sense.work_terms("the hotfix track")) == []  # two terms are not three


def test_a_task_stuffed_with_words_echoes_only_a_query_that_says_a_third_of_them():
    stuffed = "hotfix internal track " + " ".join(f"word{i}x" for i in range(12))
    assert not sense.echoes(sense.work_terms("prepare the hotfix release for the internal testing track"), stuffed)
    assert sense.echoes(sense.work_terms("hotfix internal track word1x word2x"), stuffed)


def test_an_issue_key_is_no_term_a_query_and_a_task_share():
    # rotate and vault are two terms; INFRA, every task of the tracker's, would have made three
    assert not sense.echoes(sense.work_terms("INFRA-372: rotate the vault"), "INFRA-360: rotate vault keys")
    assert sense.echoes(sense.work_terms("rotate the vault keys"), "INFRA-360: rotate vault keys")


def release_workflow(tasks: list[str]) -> list[dict]:
    """A release workflow done once under each task: edit the build file, bundle, commit."""
    return [event for i, task in enumerate(tasks) for event in (
        {"session": f"r{i}", "kind": "progress", "text": task},
        {"session": f"r{i}", "kind": "call", "organ": "fs", "ability": "edit_file",
         "args": {"path": "app/build.gradle.kts"}, "ok": True},
        {"session": f"r{i}", "kind": "call", "organ": "shell", "ability": "run",
         "args": {"command": "./gradlew :app:bundleRelease"}, "ok": True},
        {"session": f"r{i}", "kind": "call", "organ": "git", "ability": "commit", "args": {"message": "release"},
         "ok": True},
        {"session": f"r{i}", "kind": "progress", "text": "done"})]


@pytest.mark.parametrize("query, recalled", [
    ("prepare the hotfix release for the internal testing track", True),  # one word, and one task's own words
    ("write the release notes for the wiki", False),  # the one word alone
])
def test_a_card_the_words_refuse_is_admitted_when_the_query_says_one_of_its_tasks_in_its_words(tmp_path, words,
                                                                                                query, recalled):
    tasks = ["ship the 3.4.0 release to the play store", "3.4.1 hotfix for the internal track, QA is waiting",
             "cut the 3.5.0 beta for the translators"]
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        events = release_workflow(tasks)
        m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
        m.consolidate()
        assert not Recaller(clock=lambda: T0 + 3600, fusion=Fusion.OFF).search(m.reader(), query, 3)
        found = Recaller(clock=lambda: T0 + 3600, fusion=Fusion.LIGHT).search(m.reader(), query, 3)
        assert bool(found) is recalled and all(h.card.kind == "playbook" for h in found)
