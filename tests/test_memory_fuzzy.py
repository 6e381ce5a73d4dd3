"""Typo tolerance in recall: a misspelt word reaches the card's word one edit away, and nothing else does."""

from __future__ import annotations

import json

import pytest

from actors.memory.recall import TYPO, Index, parse_query
from broker.text import fuzzy

T0 = 1_764_460_800.0


@pytest.mark.parametrize("typo, word", [
    ("breakpont", "breakpoint"),  # a letter dropped
    ("pytset", "pytest"),  # two letters swapped
    ("kubctl", "kubectl"),
    ("chek", "check"),
    ("formatt", "format"),  # a letter added
    ("clippu", "clippy"),  # a letter changed
])
def test_a_word_one_edit_away_is_found_through_its_deletions(typo, word):
    assert fuzzy.Neighbours(["breakpoint", "pytest", "kubectl", "check", "format", "clippy"]).near(typo) == (word,)


def test_a_word_two_edits_away_or_with_another_first_letter_is_not_found():
    near = fuzzy.Neighbours(["pytest", "debug", "format"])
    assert near.near("pyttestt") == ()  # two edits
    assert near.near("xdebug") == ()  # another tool's name, not a typo of debug
    assert near.near("bormat") == ()  # the first letter is seldom the misspelt one


def test_a_word_the_vocabulary_holds_or_a_short_word_has_no_neighbours():
    near = fuzzy.Neighbours(["pytest", "npm", "npx"])
    assert near.near("pytest") == ()
    assert near.near("npz") == ()  # three letters: too many words are one edit from another


def test_an_english_word_is_never_read_as_a_typo():
    assert not fuzzy.may_be_typo("printer")  # never the card's "pointer"
    assert not fuzzy.may_be_typo("check")
    assert fuzzy.may_be_typo("breakpont") and fuzzy.may_be_typo("kubctl")
    assert not fuzzy.may_be_typo("k8s") and not fuzzy.may_be_typo("x")


def test_the_query_keeps_its_unknown_words_for_the_index_to_look_up():
    assert parse_query("Attach the probe and set a breakpont in setup").unknown == ("breakpont",)


def index(*identities: dict) -> Index:
    return Index([(i + 1, json.dumps(ident), 1, 0, T0) for i, ident in enumerate(identities)], frozenset())


def test_a_misspelt_query_word_reaches_the_cards_word_at_a_lower_weight():
    idx = index({"program": ["openocd"], "topic": ["breakpoint", "halt"]}, {"program": ["pytest"]})
    q = parse_query("attach openocd and set a breakpont")
    misspelt = idx.misspelt(q)
    assert misspelt == (("breakpont", ("breakpoint",)),)
    weights = idx.weights(q, misspelt)
    exact = idx.weights(parse_query("attach openocd and set a breakpoint"))
    assert weights["breakpoint"] == pytest.approx(exact["breakpoint"] * TYPO)
    [(_, pos, _, touched)] = idx.search(q, 0.55)
    assert idx.ids[pos] == 1 and "topic" in touched


def test_a_word_the_cards_hold_is_never_looked_up_as_a_typo():
    idx = index({"program": ["pytest"]}, {"program": ["pytes"]})
    assert idx.misspelt(parse_query("run pytes")) == ()


def test_the_one_matcher_also_serves_a_catalogue_two_edits_any_first_letter_the_most_used_first():
    # exposure's policy over the same search: a long word may hold two edits, a short one only a swap
    near = fuzzy.Neighbours(["kubernetes", "open", "oven", "status", "statue"], {"status": 5, "statue": 1},
                            same_first=False, two_edits_from=8, swaps_only_below=5)
    assert near.near("kubrnets") == ("kubernetes",)  # two edits in eight letters
    assert near.near("opne") == ("open",)  # a swap; "oven" is one change away and not trusted
    assert near.near("statu") == ("status", "statue")  # the most used first
    assert fuzzy.Neighbours(["status", "statue"]).near("statu") == ("statue", "status")  # by length, then word


def test_the_neighbours_in_a_first_letters_window_are_those_a_scan_of_every_word_finds():
    import random

    from rapidfuzz.distance import DamerauLevenshtein
    rng = random.Random(38)
    letters = "abcdefghijklmnopqrstuvwxyz"
    vocabulary = sorted({"".join(rng.choice(letters[:8]) for _ in range(rng.randint(4, 9))) for _ in range(3000)})
    neighbours = fuzzy.Neighbours(vocabulary)
    for word in [v[:i] + v[i + 1:] for v in vocabulary[::30] for i in (1, 3)] + [v[::-1] for v in vocabulary[::40]]:
        if len(word) < 4 or word in vocabulary:
            continue
        scanned = [v for v in vocabulary if v[0] == word[0] and DamerauLevenshtein.distance(word, v) <= 1]
        best = min((DamerauLevenshtein.distance(word, v) for v in scanned), default=None)
        nearest = sorted((v for v in scanned if DamerauLevenshtein.distance(word, v) == best),
                         key=lambda v: (abs(len(v) - len(word)), v))[:3]
        assert neighbours.near(word) == tuple(nearest), word
