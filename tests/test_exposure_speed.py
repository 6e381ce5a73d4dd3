"""What selection precomputes per catalogue gives the same answers as computing them each time."""

from __future__ import annotations

import mimetypes
import random

import numpy as np
import pytest
from rapidfuzz.distance import DamerauLevenshtein

from broker import tokens
from broker.text.fuzzy import letter_counts
from broker.exposure import catalogue_from_mcp, select, selection
from broker.exposure.bm25 import NUMPY_FROM, Index
from broker.exposure.knowledge import Vocabulary
from broker.exposure.wirecount import ListCounter, parts


def tool(name: str, description: str, **params: str) -> dict:
    """An MCP tool object with string parameters described by params."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {p: {"type": "string", "description": d}
                                                             for p, d in params.items()}}}


ORGANS = {
    "git": [tool("git_status", "Shows the working tree status", repo_path="Path of the repository"),
            tool("git_commit", "Records changes", message="Commit message"),
            tool("git_log", "Shows the commit logs", max_count="How many commits: 10, 20 or 30")],
    "files": [tool("read_file", "Read a file. ", path="Where it is "),  # ends in a space: no parts
              tool("write_file", "写入文件", path="文件路径。"),  # ends in a CJK full stop: no parts
              tool("list_directory", "List a directory", path="The directory"),
              tool("translate_file", "파일 번역", language="대상 언어")],  # ends in a Hangul letter: parts
    "web": [{"name": "fetch", "description": "Fetch a URL", "annotations": {"readOnlyHint": True},
             "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}}],
}


def test_a_list_count_composed_from_parts_equals_the_count_of_the_list_text():
    catalogue = catalogue_from_mcp(ORGANS)
    rng = random.Random(3)
    for _ in range(300):
        chosen = sorted(rng.sample(range(len(catalogue)), rng.randint(0, len(catalogue))))
        assert catalogue.wire_tokens(chosen) == tokens.count_text(catalogue.wire_text(chosen))


def test_a_tool_whose_json_ends_in_a_space_or_a_non_ascii_sign_has_no_parts_and_is_counted_as_text():
    catalogue = catalogue_from_mcp(ORGANS)
    without = [i for i, t in enumerate(catalogue.tools) if parts(t.json) is None]
    assert [catalogue.tools[i].name for i in without] == ["read_file", "write_file"]
    assert catalogue.wire_tokens(without) == tokens.count_text(catalogue.wire_text(without))


def test_the_parts_of_a_tool_are_its_count_less_its_opening_and_its_closing_run():
    text = tokens.wire(ORGANS["web"][0])
    found = parts(text)
    assert found is not None and found.closing == '"]}}'  # after `"required":["url`
    assert found.inner == tokens.count_text(text) - tokens.count_text('{"') - tokens.count_text('"]}}')


def test_a_list_counter_ending_with_a_text_without_parts_counts_the_list_as_text():
    texts = [tokens.wire(t) for t in ORGANS["git"]]
    counter = ListCounter(texts, '{"name":"x","description":"ends in a space "}')
    assert counter.count([0, 2]) == tokens.count_text("[" + ",".join([texts[0], texts[2], counter.last]) + "]")


def test_a_changed_catalogue_counts_its_own_tools_not_those_of_the_one_before():
    before = catalogue_from_mcp(ORGANS)
    changed = {**ORGANS, "web": [{**ORGANS["web"][0], "description": "Fetch a URL and return its text as markdown"}]}
    after = catalogue_from_mcp(changed)
    last = [len(after) - 1]
    assert after.wire_tokens(last) == tokens.count_text(after.wire_text(last))
    assert after.wire_tokens(last) > before.wire_tokens(last)


def test_the_tokens_reported_for_an_exposure_are_those_of_the_tools_it_sends():
    catalogue = catalogue_from_mcp(ORGANS)
    for intent in ("commit my changes", "read the file notes.md", "fetch https://example.com", "写入文件"):
        exposure = select(intent, catalogue)
        assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools))


def test_bm25_sums_the_same_scores_with_numpy_as_with_the_loop():
    rng = random.Random(5)
    vocabulary = [f"t{k}" for k in range(30)]
    docs = [{rng.choice(vocabulary): rng.uniform(0.5, 3.0) for _ in range(rng.randint(1, 8))} for _ in range(400)]
    index = Index(docs)
    query = {term: rng.uniform(0.2, 1.0) for term in rng.sample(vocabulary, 12)}
    found = [(term, weight) for term, weight in query.items() if term in index]
    assert sum(len(index.postings[term]) for term, _ in found) >= NUMPY_FROM  # the numpy path is the one taken
    looped: dict[int, float] = {}
    for term, weight in found:
        for doc, w in index.postings[term]:
            looped[doc] = looped.get(doc, 0.0) + weight * w
    assert index.score(query) == looped  # equal floats, not merely close ones


@pytest.mark.parametrize("typo", ["kubernets", "reposotory", "comit", "brnach", "deplyoment", "naviagte", "fiel",
                                  "snapshto", "namespce", "stauts", "scrennshot", "Comit"])
def test_the_letter_count_filter_keeps_every_word_within_the_edit_limit(typo):
    words = ["kubernetes", "repository", "commit", "branch", "deployment", "navigate", "file", "files", "field",
             "snapshot", "snap", "namespace", "status", "state", "screenshot", "screen", "comet", "brunch", "Commit"]
    limit = 2 if len(typo) >= 8 else 1
    window, counts = Vocabulary(words, []).speller._window(len(typo), limit, "")  # any first letter
    kept = {window[i] for i in np.flatnonzero(np.abs(counts - letter_counts([typo])[0]).sum(axis=1) <= 2 * limit)}
    within = {w for w in window if DamerauLevenshtein.distance(typo, w) <= limit}
    assert within and within <= kept


def _ranked_by_sorting(catalogue, scores, lifts):
    # the definition: matched tools at or above the floor, and each lifted organ's unmatched tools at its
    # lift, best first, ties by position
    floor = selection.RELATIVE_CUTOFF * max([*scores.values(), *lifts.values()], default=0.0)
    pairs = [(-s, i) for i, s in scores.items() if s >= floor and s > 0]
    for k, lift in lifts.items():
        if lift >= floor:
            pairs += [(-lift, i) for i in catalogue.organs[catalogue.organ_names[k]] if i not in scores]
    return [i for _, i in sorted(pairs)]


@pytest.mark.parametrize("seed", range(20))
def test_the_numpy_ranking_gives_the_order_of_sorting_score_and_position_pairs(seed):
    catalogue = catalogue_from_mcp(ORGANS)
    rng = random.Random(seed)
    lifts = {k: rng.choice([0.1, 0.2, 0.4]) for k in range(len(catalogue.organs)) if rng.random() < 0.7}
    scores = {i: rng.choice([0.05, 0.2, 0.4, 0.6, 1.0]) for i in range(len(catalogue)) if rng.random() < 0.5}
    assert list(selection._ranked(catalogue, scores, lifts)) == _ranked_by_sorting(catalogue, scores, lifts)


def test_organ_lifts_added_in_numpy_are_the_sums_of_the_loop_in_the_same_order():
    catalogue = catalogue_from_mcp(ORGANS)
    lexical = {5: 0.1, 0: 0.7, 3: 1.0 / 3, 7: 0.2}
    lifts = {0: 0.4 * 0.123456789, 2: 0.4 * 0.987654321}
    expected = {i: s + lifts.get(catalogue.organ_position[i], 0.0) for i, s in lexical.items()}
    lifted = selection._lifted(lexical, lifts, catalogue)
    assert list(lifted.items()) == list(expected.items())
    assert selection._lifted(lexical, {}, catalogue) == lexical


def test_a_vocabulary_builds_every_typo_window_when_it_is_made():
    vocabulary = Vocabulary(["kubernetes", "commit", "branch", "file"], [])
    assert (10, 2, "") in vocabulary.speller._windows and (4, 1, "") in vocabulary.speller._windows
    assert vocabulary.spelled("kubernets") == ("kubernetes",)


def test_a_catalogue_loads_the_mime_table_when_it_is_built():
    catalogue_from_mcp(ORGANS)
    assert mimetypes.inited


def test_a_query_read_with_remembered_words_has_the_same_terms_in_the_same_order():
    intent = "show the git status of the repo, then comit the README.md changes and list the directory"
    fresh = selection.query_terms(intent, catalogue_from_mcp(ORGANS))
    catalogue = catalogue_from_mcp(ORGANS)
    for earlier in ("commit the status", "list the repo directory", intent):
        selection.query_terms(earlier, catalogue)
    assert catalogue.word_puts
    assert list(selection.query_terms(intent, catalogue).items()) == list(fresh.items())
