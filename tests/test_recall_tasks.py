"""bench/recall_tasks.py's scoring: a setting of sense.fuse scored on judged queries, chosen leaving one hand out."""

from __future__ import annotations

from actors.memory.sense import Judged
from bench import recall_tasks as rt


def row(hand: str, kind: str, lexical: list[Judged], cosines: dict[int, float], good: set[int] = frozenset()) -> dict:
    return {"set": hand, "style": "truth", "kind": kind, "good": set(good), "lexical": lexical, "cosines": cosines,
            "ids": [10, 11, 12]}


# in every hand: a negative the words admit on one word, whose card's tasks mean other work, and a positive the
# words are sure of
ROWS = [r for hand in ("a", "b", "c") for r in (
    row(hand, "negative", [Judged(0, True, 1)], {0: 0.1}),
    row(hand, "positive", [Judged(1, True, 4)], {1: 0.0}, good={11}))]


def test_lexical_recall_is_the_words_verdicts_and_a_setting_is_fuse_with_it():
    negative = ROWS[0]
    assert rt.recalled(negative, rt.OFF) == [0] and rt.recalled(negative, (3, 0.25, 0.5)) == []
    c = rt.counts(ROWS, (3, 0.25, 0.5))
    assert (c["hits"], c["positive"], c["negative_fp"], c["negative"]) == (3, 3, 0, 3)


def test_each_hand_left_out_is_scored_with_the_setting_best_on_the_others():
    report = rt.leave_one_out(ROWS, "set")
    assert all(fold["setting"] is not rt.OFF for fold in report["folds"].values())
    assert report["pooled"]["lexical"]["false_positives"] == "3/3 (100.0%)"
    assert report["pooled"]["chosen"]["false_positives"] == "0/3 (0.0%)"


def test_a_right_card_the_words_touch_and_refuse_still_counts_as_touched():
    rows = [row("a", "positive", [Judged(1, False, 1)], {}, good={11}),  # touched, refused
            row("a", "positive", [Judged(0, True, 2)], {}, good={12}),  # another card touched, not the right one
            row("a", "negative", [Judged(2, True, 1)], {})]
    assert rt.touched(rows) == "1/2 (50.0%)"
