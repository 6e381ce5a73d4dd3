"""bench/recall_reader.py: the readers' saved answers cover their packs and are scored as recall is."""

from __future__ import annotations

import json

from bench import recall_reader as rr


def test_every_query_of_a_pack_has_an_answer_of_its_own_journals_cards():
    key = json.loads((rr.DATA / "key.json").read_text())
    for pack in rr.PACKS:
        answers = json.loads((rr.DATA / f"answers{pack}.json").read_text())
        for journal in json.loads((rr.DATA / f"pack{pack}.json").read_text()):
            cards = {c["card"] for c in journal["cards"]}
            for q in journal["queries"]:
                assert q["query"] in key
                assert set(answers[q["query"]]) <= cards and len(answers[q["query"]]) <= 3


def test_a_reader_scores_a_hit_in_its_first_three_and_a_false_positive_for_any_card(tmp_path, monkeypatch):
    pack = [{"journal": "X1", "cards": [{"card": f"X1-c{i}", "text": "", "during": []} for i in range(5)],
             "queries": [{"query": f"X1-q{i}", "text": ""} for i in range(4)]}]
    key = {"X1-q0": {"kind": "positive", "good": ["X1-c0"], "set": "s"},
           "X1-q1": {"kind": "positive", "good": ["X1-c4"], "set": "s"},
           "X1-q2": {"kind": "negative", "good": [], "set": "s"},
           "X1-q3": {"kind": "negative", "good": [], "set": "s"}}
    answers = {"X1-q0": ["X1-c1", "X1-c2", "X1-c0"], "X1-q1": ["X1-c1", "X1-c2", "X1-c3"],
               "X1-q2": ["X1-c1"], "X1-q3": []}
    (tmp_path / "packX.json").write_text(json.dumps(pack))
    (tmp_path / "answersX.json").write_text(json.dumps(answers))
    monkeypatch.setattr(rr, "DATA", tmp_path)
    c = rr.reader("X", key)
    assert rr.figures(c) == {"r_at_3": "1/2 (50.0%)", "false_positives": "1/2 (50.0%)"}


def test_a_model_answer_is_read_as_the_product_reads_it_and_a_query_asked_nothing_gets_no_card(tmp_path):
    prompt = 'The step the agent is about to take: "x"\n\nLessons:\n[1] [rule] a\n[3] [pitfall] b'  # card 2 withheld
    (tmp_path / "packX.json").write_text(json.dumps([{"question": f"X{n}", "prompt": prompt} for n in (1, 2, 3)]))
    (tmp_path / "answersX.json").write_text(json.dumps({"X1": 'Both: {"apply": [3]}', "X2": '{"apply": [2]}',
                                                       "X3": "lesson 1"}))
    key = {"X1": {"kind": "positive", "good": [3], "words_any": False, "words_hit": False},
           "X2": {"kind": "negative", "good": [], "words_any": True, "words_hit": False},  # 2 was not shown
           "X3": {"kind": "negative", "good": [], "words_any": False, "words_hit": False},  # no number: unreadable
           "X4": {"kind": "positive", "good": [], "words_any": True, "words_hit": True}}  # touched no card
    (tmp_path / "key-questions.json").write_text(json.dumps(key))
    got = rr.questions(tmp_path, {"X": ("s",)})
    assert got["both"]["model"] == {"r_at_3": "1/2 (50.0%)", "false_positives": "0/2 (0.0%)"}
    assert got["both"]["words"] == {"r_at_3": "1/2 (50.0%)", "false_positives": "1/2 (50.0%)"}
    assert got["answers_naming_no_card_by_number"] == 1


def test_a_block_answer_names_places_in_the_block_which_stand_for_the_proposals_it_holds(tmp_path):
    key = {"X1": {"kind": "positive", "good": [4], "block_numbers": [1, 4]},  # the block kept proposals 1 and 4
           "X2": {"kind": "positive", "good": [2], "block_numbers": [1, 3]},  # the right card did not fit
           "X3": {"kind": "negative", "good": [], "block_numbers": [2]},
           "X4": {"kind": "negative", "good": [], "block_numbers": []}}  # no block: no card, whatever is said
    (tmp_path / "key-questions.json").write_text(json.dumps(key))
    (tmp_path / "block-answersX.json").write_text(json.dumps({"X1": '{"apply": [2]}', "X2": '{"apply": [1, 2]}',
                                                             "X3": '{"apply": [5]}', "X4": '{"apply": [1]}'}))
    got = rr.blocks(tmp_path, {"X": ("s",)})
    assert got["both"] == {"r_at_3": "1/2 (50.0%)", "false_positives": "0/2 (0.0%)"}  # place 5 of X3 is no lesson
    assert (got["prompts_given_a_block"], got["right_card_in_the_block"]) == ("3/4", "1/2")


def test_every_truth_query_of_the_dev_and_held_out_sets_has_its_writers_search_words_once():
    written = rr.terms_written()
    expected = set()
    for name in (*rr.rf.DEV_SETS, *rr.rf.HELD_OUT, *rr.rf.HELD_OUT_NEXT):
        for path in rr.journals(name):
            truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
            expected |= {(name, path.name, kind, place) for _, kind, place, _ in rr.asked(truth)}
    assert set(written) == expected and len(json.loads((rr.TERMS / "key-steps.json").read_text())) == len(expected)
    assert all(words.strip() for words in written.values())


def test_a_planted_playbook_is_held_by_the_card_of_its_steps_only_when_no_other_lesson_has_them():
    from types import SimpleNamespace
    planted = [{"id": "p1", "kind": "playbook", "anchor": "lib", "sequence": ["fs.write_file", "shell.run", "git.add"]},
               {"id": "p2", "kind": "workflow", "anchor": "docs", "sequence": ["fs.edit_file", "git.diff"]},
               {"id": "p3", "kind": "playbook", "anchor": "site", "sequence": ["fs.edit_file", "git.diff"]},
               {"id": "p4", "kind": "pitfall", "anchor": "lib", "ability": "shell.run"}]
    anchors = rr.rf.anchors_of(planted)
    card = SimpleNamespace(kind="playbook", title="Workflow: fs.write_file → shell.run(pio) → git.add",
                           identity={"file": ["ds3231.cpp"], "program": ["pio"]})
    pair = SimpleNamespace(kind="playbook", title="Workflow: fs.edit_file → git.diff", identity={"file": ["a.md"]})
    assert rr.rf.holds(card, anchors["p1"]) and not rr.rf.holds(card, anchors["p4"])  # a layout folder it never holds
    assert not rr.rf.holds(pair, anchors["p2"]) and not rr.rf.holds(pair, anchors["p3"])  # two lessons have its steps
