"""Exposure on a user's own small catalogue: term weights that do not trust a few tools' idf, and a request nothing
matches in a catalogue that fits the budget whole (round 13)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from broker.exposure import Context, Source, catalogue_from_mcp, default_budget, load_catalogue, select
from broker.exposure.catalogue import PRIOR_TOOLS, prior_weight_of
from broker.exposure.bm25 import MIN_CHANCE, Index, prior_idf
from broker.exposure.learning import Associations, Episode
from broker.exposure.selection import everyday_only, query_terms, sends_whole
from broker.text import english_frequency

SMALL = Path(__file__).resolve().parent / "data" / "small_catalogue.json"  # a new user's 5 organs, 11 tools


@pytest.fixture(scope="module")
def small():
    return load_catalogue(SMALL)


def test_english_frequency_knows_an_everyday_verb_is_commoner_than_a_technical_noun():
    assert english_frequency("get") > 50 * english_frequency("databas")
    assert english_frequency("next") > english_frequency("forecast")


def test_a_stem_the_frequency_list_does_not_hold_is_as_rare_as_its_floor_and_no_commoner():
    floor = english_frequency("zzqxvv")
    assert floor == english_frequency("qqwwzzy")
    assert 0 < floor <= english_frequency("databas")


def test_prior_idf_is_minus_the_log_of_the_chance_that_a_text_holds_the_word():
    assert prior_idf(0.01, 10) == pytest.approx(-math.log(1 - math.exp(-0.1)))
    assert prior_idf(1.0, 50) == pytest.approx(0.0, abs=1e-9)  # a word in every text says nothing
    assert prior_idf(0.0, 10) == pytest.approx(-math.log(MIN_CHANCE))  # bounded: never infinite


def test_a_small_index_weighs_a_common_word_below_a_rare_one_of_the_same_document_frequency():
    docs = [{"get": 1.0, "forecast": 1.0}, {"get": 1.0, "alert": 1.0}, {"databas": 1.0, "tabl": 1.0},
            {"databas": 1.0, "queri": 1.0}]
    plain = Index(docs)
    primed = Index(docs, prior=english_frequency, prior_weight=0.9)
    assert plain.score({"get": 1.0})[0] == pytest.approx(plain.score({"databas": 1.0})[2])
    assert primed.score({"get": 1.0})[0] < primed.score({"databas": 1.0})[2]


def test_an_index_blends_its_own_idf_with_the_prior_by_the_weight_given():
    docs = [{"get": 1.0, "forecast": 1.0}, {"databas": 1.0}]  # 1.5 terms a document on average
    plain, primed = Index(docs), Index(docs, prior=english_frequency, prior_weight=0.75)
    own = math.log(1 + 1.5 / 1.5)  # BM25's idf of a term in one of two documents
    blended = own * primed.postings["get"][0][1] / plain.postings["get"][0][1]  # the same tf part: idf's ratio
    assert blended == pytest.approx(0.25 * own + 0.75 * prior_idf(english_frequency("get"), 1.5))


def test_an_index_without_the_prior_or_its_weight_reads_its_own_idf_alone():
    docs = [{f"w{i}": 1.0, "get": 1.0} for i in range(40)]
    assert Index(docs, prior=english_frequency, prior_weight=0.0).postings == Index(docs).postings
    assert Index(docs, prior=None, prior_weight=0.5).postings == Index(docs).postings


def test_a_catalogue_weighs_the_prior_by_how_few_tools_it_has():
    assert prior_weight_of(0) == 1.0
    assert prior_weight_of(PRIOR_TOOLS // 2) == pytest.approx(0.5)
    assert prior_weight_of(PRIOR_TOOLS) == prior_weight_of(10 * PRIOR_TOOLS) == 0.0  # a large one: its own idf


def test_sends_whole_only_an_unmatched_request_and_only_a_catalogue_within_the_budget():
    assert sends_whole(False, 700, 2000)
    assert sends_whole(False, 2000, 2000)
    assert not sends_whole(False, 2001, 2000)
    assert not sends_whole(True, 700, 2000)


def test_a_request_nothing_matches_gets_a_small_catalogue_whole(small):
    assert query_terms("cancel my 2pm appointment", small) == {}
    exposure = select("cancel my 2pm appointment", small)
    assert exposure.exposed == tuple(t.address for t in small.tools)
    assert exposure.tokens["exposed"] == small.full_tokens <= default_budget(small)
    assert "find_abilities" not in [t["name"] for t in exposure.tools]  # nothing is left to find


def test_a_request_nothing_matches_gets_only_find_abilities_when_the_catalogue_exceeds_the_budget(small):
    assert select("cancel my 2pm appointment", small, budget_tokens=small.full_tokens - 1).exposed == ()
    without = load_catalogue(SMALL, frozenset({Source.UNMATCHED}))
    assert select("cancel my 2pm appointment", without).exposed == ()


def test_a_large_catalogue_keeps_an_unmatched_request_cheap():
    organs = {f"organ{k}": [{"name": f"tool{k}_{i}", "description": f"Frobnicate widget {k} {i} " * 8,
                             "inputSchema": {"type": "object"}}
                            for i in range(12)] for k in range(6)}
    catalogue = catalogue_from_mcp(organs)
    assert catalogue.whole_tokens > default_budget(catalogue)
    assert select("cancel my 2pm appointment", catalogue).exposed == ()


def test_an_everyday_verb_in_tool_names_does_not_outweigh_the_noun_that_names_the_organ(small):
    exposure = select("how many signups did we get last month? check the database", small)
    assert exposure.exposed[0].startswith("db.")


def test_a_request_matching_only_an_everyday_word_gets_a_small_catalogue_whole(small):
    # "get" is in the weather tools' names and in two of eleven tools: without the rule they were all it exposed
    exposure = select("how many signups did we get last month?", small)
    assert exposure.exposed == tuple(t.address for t in small.tools)
    assert exposure.tokens["exposed"] == small.full_tokens
    without = load_catalogue(SMALL, frozenset({Source.EVERYDAY}))
    assert set(select("how many signups did we get last month?", without).exposed) < set(exposure.exposed)


def test_an_everyday_word_beside_an_informative_one_still_ranks(small):
    assert everyday_only("how many signups did we get last month?", small)
    assert not everyday_only("how many signups did we get last month? check the database", small)
    assert not everyday_only("cancel my 2pm appointment", small)  # nothing matched: the unmatched rule's case
    exposure = select("how many signups did we get last month? check the database", small)
    assert len(exposure.exposed) < len(small)


def test_an_everyday_match_in_a_catalogue_over_its_budget_is_still_ranked(small):
    exposure = select("how many signups did we get last month?", small, budget_tokens=small.full_tokens - 1)
    assert 0 < len(exposure.exposed) < len(small)


def test_a_tool_used_a_moment_ago_does_not_shut_the_rest_of_a_small_catalogue_out(small):
    # what use suggests (the recent tool, what was learned) is not the request: a request whose words match nothing
    # still gets the whole catalogue that fits, the used tool first (a new user saw 7 tools shrink to 2 after one call)
    used = small.tools[0].address
    learned = Associations([Episode("what time is it", (used,), 0), Episode("time please", (used,), 0)])
    for context in (Context(recent=(used,)), Context(recent=(used,), learned=learned)):
        for intent in ("order a pizza with extra cheese", ""):
            exposure = select(intent, small, context)
            assert len(exposure.exposed) == len(small) and exposure.exposed[0] == used, (intent, context)
            assert exposure.tokens["exposed"] == small.full_tokens
    matched = select("send the quarterly numbers to bob by email", small, Context(recent=(used,)))
    assert "mail.send_email" in matched.exposed and len(matched.exposed) < len(small)  # words that match still rank
