"""The learned admission trial's pure parts (bench/recall_learned.py, round 22): features, the model, admission."""

from __future__ import annotations

import json

import numpy as np
import pytest

from actors.memory import recall
from actors.memory.recall import Index, parse_query
from bench import recall_learned as learned

T0 = 1_764_460_800.0


def _pair(label: bool, rules: bool, score: float) -> learned.Pair:
    return learned.Pair([0.0] * len(learned.FEATURES), label, rules, score)


def test_the_fitted_model_ranks_the_side_of_a_separating_feature_it_was_shown_first():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 2))
    y = (x[:, 0] > 0).astype(float)
    model = learned.fit(x, y, lam=1.0)
    p = learned.probability(model, np.array([[2.0, 0.0], [-2.0, 0.0]]))
    assert p[0] > 0.9 and p[1] < 0.1


def test_a_stronger_penalty_pulls_the_weights_toward_zero_but_never_the_bias():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(200, 1))
    y = (x[:, 0] + 0.5 * rng.normal(size=200) > -1).astype(float)  # mostly positive: the bias carries that
    weak, strong = learned.fit(x, y, lam=0.1), learned.fit(x, y, lam=1e6)
    assert abs(strong[0][1]) < 0.01 < abs(weak[0][1])
    assert learned.probability(strong, np.array([[0.0]]))[0] == pytest.approx(y.mean(), abs=0.02)


def test_a_pair_of_weight_zero_changes_nothing_in_the_fit():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(100, 2))
    y = (x[:, 1] > 0).astype(float)
    base = learned.fit(x, y, lam=1.0)
    noisy = learned.fit(np.vstack([x, [[9.0, 9.0]]]), np.append(y, 0.0), lam=1.0, s=np.append(np.ones(100), 0.0))
    # standardisation sees the extra row, so compare what the models say, not their raw weights
    probe = np.array([[0.5, 1.0], [-0.5, -1.0]])
    assert learned.probability(noisy, probe) == pytest.approx(learned.probability(base, probe), abs=0.05)


def test_a_wrong_card_reached_for_a_query_weighs_what_it_is_told_and_a_negatives_card_weighs_one():
    asked = [learned.Asked("s", "truth", True, [_pair(True, True, 1.0), _pair(False, True, 0.9)], True),
             learned.Asked("s", "truth", False, [_pair(False, True, 0.7)], True)]
    _, y, s = learned.matrix(asked, wrong=0.1)
    assert list(y) == [1.0, 0.0, 0.0] and list(s) == [1.0, 0.1, 1.0]


def test_learned_admission_ranks_by_probability_and_counts_a_hit_only_within_three():
    pairs = [_pair(False, True, 1.0), _pair(False, True, 0.9), _pair(False, True, 0.8), _pair(True, True, 0.7)]
    asked = learned.Asked("s", "truth", True, pairs, True)
    assert not learned.outcome(asked, np.array([0.9, 0.8, 0.7, 0.6]), 0.5, "learned")
    assert learned.outcome(asked, np.array([0.9, 0.8, 0.4, 0.6]), 0.5, "learned")


def test_a_negative_is_answered_when_any_card_is_admitted():
    asked = learned.Asked("s", "truth", False, [_pair(False, False, 0.3), _pair(False, True, 0.9)], True)
    assert learned.outcome(asked, np.array([0.6, 0.1]), 0.5, "learned")
    assert not learned.outcome(asked, np.array([0.6, 0.1]), 0.5, "veto")  # the rules refuse the first card
    assert learned.outcome(asked, np.array([0.1, 0.1]), 0.5, "rescue")  # the rules admit the second


def test_the_veto_keeps_the_rules_order_and_admits_only_what_both_admit():
    pairs = [_pair(False, True, 0.9), _pair(True, True, 0.8), _pair(True, False, 2.0)]
    asked = learned.Asked("s", "truth", True, pairs, True)
    assert learned.outcome(asked, np.array([0.9, 0.6, 0.99]), 0.5, "veto")
    assert not learned.outcome(asked, np.array([0.9, 0.4, 0.99]), 0.5, "veto")


def test_the_rescue_ranks_the_rules_cards_before_the_models():
    pairs = [_pair(False, True, 0.9), _pair(False, True, 0.8), _pair(False, True, 0.7), _pair(True, False, 0.1)]
    asked = learned.Asked("s", "truth", True, pairs, False)
    assert not learned.outcome(asked, np.array([0.0, 0.0, 0.0, 0.99]), 0.5, "rescue")
    asked.pairs = pairs[2:]
    assert learned.outcome(asked, np.array([0.0, 0.99]), 0.5, "rescue")


def test_rates_count_recall_over_queries_and_false_positives_over_negatives():
    asked = [learned.Asked("s", "t", True, [], False), learned.Asked("s", "t", True, [], False),
             learned.Asked("s", "t", False, [], False)]
    assert learned.rates(asked, [True, False, True]) == (0.5, 1.0, 2, 1)


def test_the_features_say_what_the_rules_look_at_for_one_card():
    rows = [(1, json.dumps({"program": ["pytest"], "topic": ["flaki", "fixtur"], "file": ["conftest.py"]}), 1, 0, T0),
            (2, json.dumps({"program": ["npm"], "topic": ["lockfil"]}), 1, 0, T0),
            (3, json.dumps({"program": ["cargo"], "topic": ["crate"]}), 1, 0, T0)]
    index = Index(rows, frozenset())
    a = index.asking(parse_query("fix the flaky pytest fixture before npm runs"), recall.MIN_RELEVANCE)
    ident = index.identities[0] if index.identities[0]["program"] == ("pytest",) else index.identities[1]
    pos = index.identities.index(ident)
    v = index.verdict(a, pos)
    _, _, _, reaching = recall.contributions(ident, a.weights, a.sources, a.only, a.q.terms)
    others = {f: learned.vocabulary(index, f) for f in ("program", "file", "host")}
    x = dict(zip(learned.FEATURES, learned.features(ident, v, a, index, reaching, others, 0, [v.relevance, 0.2],
                                                      recall.CONDITION)))
    assert len(x) == len(learned.FEATURES)
    assert x["share:program"] == 1.0 and x["share:topic"] == 1.0 and x["share:file"] == 0.0
    assert x["other_program"] == 1.0 and x["other_file"] == 0.0  # npm is another card's program
    assert x["rules_admit"] == 1.0 and x["corroborated"] == 1.0
    assert x["margin"] == pytest.approx(v.relevance - 0.2) and x["of_top"] == 1.0 and x["rank"] == 0.0
    assert x["value:program"] > 0 and x["value:file"] == 0.0
