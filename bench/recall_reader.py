"""A reader's ceiling (round 30): what careful reading makes of the same cards and queries recall is scored on.

`bench/data/reader30/` holds the cards the memory distilled from the journals of six dev sets (fresh10 to fresh15,
as distilled on 2026-12-07: each card's text, cut at 500 characters, and the tasks of the sessions it was learned
in) and those journals' truth queries, positives and negatives shuffled together, with the labels kept apart
(`key.json`: the cards that hold each positive's planted lesson, as `recall_fresh.holds` finds them). Two readers
(language-model helpers that saw only a pack and `bench/data/reader30/README.md`'s brief, never the key, the
project or its data) chose for every query the cards, at most three, an agent should be shown before that step,
or none (`answersA.json`, `answersB.json`).

This scores their answers as `recall_fresh` scores recall (R@3: one of the first three holds the lesson; false
positive: a negative gets any card) and, beside them, the product's recall on the same six sets' truth queries
(`recall_fresh.evaluate`, the cards as this checkout distils them). The readers' figures are a record: they do
not move with the code. Dev material only.

`--proposals` scores a second record: two more readers, each query shown with only the cards its words touch
(admitted or refused, in the words' order, at most five: what `Recaller.proposals` offers a model, whose order puts
recall's own choice first), choosing among them or none (`packC.json`, `packD.json`, `answersC.json`,
`answersD.json`, labels in `key-proposals.json`). Beside them: how often the right card is among the proposals at
all.

`--questions` scores a third record: the questions `memory.recall` with judge "model" itself sent for those queries
(`confirm.prompt` over `Recaller.proposals`, as this project asked them on 2026-12-07, round 30: `packE.json`,
`packF.json`), answered by two more readers given `confirm.SYSTEM` as their instructions, as the caller's model
would be (`answersE.json`, `answersF.json`: the raw answers, read by `confirm.chosen`). A query that touches no
card was asked nothing and gets no card. Beside them, recall's own choice for the same queries then (in
`key-questions.json`), how many queries ask, and the o200k tokens of a question (system prompt and prompt).

`--record` names which questions `--questions` scores (dev30 when not given) and `--make-questions` writes:
- dev30 (`bench/data/reader30/`): the record above.
- dev31 (`bench/data/reader31/`): the same dev queries asked by round 31's code, which also proposes the card
  nearest in meaning (`sense.NEAR`). 15 of the 470 questions changed: readers under the same instructions answered
  those, and the others keep dev30's answers.
- held30 (`bench/data/reader30-held/`): the held-out sets fresh16 and fresh17 (`packG.json`) and fresh18 and fresh19
  (`packH.json`), asked by round 30's code.
- held31 (`bench/data/reader31-held/`): fresh20 (`packI.json`) and fresh21 (`packJ.json`), sets written in round 31
  after judge "model" was built, asked by round 31's code.
- held30-31 (`bench/data/reader31-held30/`): held30's queries asked by round 31's code. 12 of its 354 questions
  changed: two new readers answered those, and the others keep held30's answers (as dev31 does).
- dev32 (`bench/data/reader32/`) and held32 (`bench/data/reader32-held/`: fresh16–17 `packK.json`, fresh18–19
  `packL.json`, fresh20–21 `packM.json`): round 32's questions when the agent passes search words (`memory.recall`'s
  terms). Each query is searched with the words a writer gave it (`bench/data/terms32/`: writers who saw only the
  queries, positives and negatives shuffled together, and the parameter's description); the model is still asked
  about the query alone. New readers answered every question of both. A hook has no agent's words: these records
  have no blocks.
- held32new (`bench/data/reader32-held-new/`): fresh22 (`packN.json`) and fresh23 (`packO.json`), sets written in
  round 32 after the search words were built, asked the same way.
- held33 (`bench/data/reader33-held/`): round 33's questions, asked the same way, for fresh20–21 (`packP.json`),
  fresh22–23 (`packQ.json`) and the sets written in round 33, fresh24 (`packR.json`) and fresh25 (`packS.json`).
- held34 (`bench/data/reader34-held/`): round 34's, for fresh20–21 (`packT.json`), fresh22–23 (`packU.json`) and
  the sets written in round 34, fresh26 (`packV.json`) and fresh27 (`packW.json`); fresh24 and fresh25 are dev since.
  New readers answered every question of each record.
- held35 (`bench/data/reader35-held/`): the sets written in round 35, fresh28 (`packX.json`) and fresh29
  (`packY.json`), asked by the same code as held34 (round 35 changed none: fresh20–23's questions are held34's).
- held36 (`bench/data/reader36-held/`): round 36's, for fresh20–21 (`packA.json`), fresh22–23 (`packB.json`) and the
  sets written in round 36, fresh30 (`packC.json`) and fresh31 (`packD.json`); fresh28 and fresh29 are dev since.
  Its key was written again in round 37 with that round's measure (a playbook's steps, `recall_fresh.anchors_of`):
  the questions are the same, byte for byte.
- held37 (`bench/data/reader37-held/`): the sets written in round 37, fresh32 (`packE.json`) and fresh33
  (`packF.json`), asked by round 36's code (round 37 changed the measure only); fresh22 is dev since.
- dev38 (`bench/data/reader38/`): the dev sets fresh30 (`packA.json`), fresh31 (`packB.json`) and fresh32
  (`packC.json`), the questions of held36 and held37 (byte for byte), answered by new readers under round 38's
  criterion (`confirm.CRITERION`: judged by the job, not by the names), the round it was chosen on.
- held38 (`bench/data/reader38-held/`): round 38's, for fresh20–21 (`packG.json`), fresh23 and fresh33
  (`packH.json`) and the sets written after round 37's figures, fresh34 (`packI.json`) and fresh35 (`packJ.json`),
  answered under round 38's criterion.
- held39 (`bench/data/reader39-held/`): the sets written in round 38, after its criterion, fresh36 (`packK.json`)
  and fresh37 (`packL.json`), asked by round 38's code (round 39 changed none).
- held40 (`bench/data/reader40-held/`): the sets written after round 39's figures, fresh38 (`packM.json`) and
  fresh39 (`packN.json`), asked by round 39's code with the agent's search words; held40-block
  (`bench/data/reader40-block/`): the same queries without them, as a prompt's hook asks (`blockO.json`,
  `blockP.json`), for the readers who played an agent given the block.
- held41 and held41-block (`bench/data/reader41-held/`, `bench/data/reader41-block/`): the sets written in round 41,
  fresh40 (`S`, `U`) and fresh41 (`T`, `V`), asked the same two ways by round 41's code.
- held42 and held42-block (`bench/data/reader42-held/`, `bench/data/reader42-block/`): the sets written in round 42,
  fresh42 (`AA`, `AC`) and fresh43 (`AB`, `AD`), asked the same two ways by round 42's code.
`--questions` also gives each set's figures (`by_set`).
A held-out record prints figures only, and `--make-questions` prints only how many; nobody tuning reads those files.
`--make-questions` writes each question three ways: as judge "model" asks the model (`packX.json`), as judge
"agent" gives the agent its result (`agentX.json`), and as a prompt's block with the memory option
`inject_judge = "agent"` (`blockX.json`: the query as the user's message and the block the hook adds; the key's
`block_numbers` say which proposals the block holds, in its order). `--questions --agent` and `--questions --block`
score readers who played the agent for the second and the third (`agent-answersX.json`, `block-answersX.json`).

`--expansions` asks a fourth question. A third reader wrote, for every card of the packs, six lines an agent might
write before a step the card applies to (`expansions.json`; it read the cards and their tasks, never the queries).
Each journal's store is built, each card that is still distilled as the packs hold it (same text, same tasks) gets
its six lines as tasks of its own, and the same queries are asked of recall with and without them (echo and the
vectors read them like any task).

`--terms dev|held` asks every truth query of the fourteen dev sets (or of the held-out sets, figures only) alone and
with its writer's search words: how often the right card is proposed, and recall's own choice.

    python bench/recall_reader.py [--proposals | --questions [--record R] [--agent | --block] |
                                   --make-questions --record R | --expansions | --terms dev|held]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
from actors.memory import confirm, inject, sense  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from broker import tokens  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "reader30"
PACKS = {"A": ("fresh10", "fresh13", "fresh15"), "B": ("fresh11", "fresh12", "fresh14")}
PROPOSED = {"C": PACKS["A"], "D": PACKS["B"]}  # the same sets, each query with its own proposals
ASKED = {"E": PACKS["A"], "F": PACKS["B"]}  # the same sets, each query as judge "model" asked it
# records of questions: the folder, each pack's sets (round 31's held-out sets were written after judge "model" was
# built)
RECORDS = {"dev30": (DATA, ASKED), "dev31": (DATA.parent / "reader31", ASKED),
           "held30": (DATA.parent / "reader30-held", {"G": ("fresh16", "fresh17"), "H": ("fresh18", "fresh19")}),
           "held31": (DATA.parent / "reader31-held", {"I": ("fresh20",), "J": ("fresh21",)}),
           "held30-31": (DATA.parent / "reader31-held30", {"G": ("fresh16", "fresh17"), "H": ("fresh18", "fresh19")}),
           "dev32": (DATA.parent / "reader32", ASKED),
           "held32": (DATA.parent / "reader32-held", {"K": ("fresh16", "fresh17"), "L": ("fresh18", "fresh19"),
                                                      "M": ("fresh20", "fresh21")}),
           "held32new": (DATA.parent / "reader32-held-new", {"N": ("fresh22",), "O": ("fresh23",)}),
           "held33": (DATA.parent / "reader33-held", {"P": ("fresh20", "fresh21"), "Q": ("fresh22", "fresh23"),
                                                      "R": ("fresh24",), "S": ("fresh25",)}),
           "held34": (DATA.parent / "reader34-held", {"T": ("fresh20", "fresh21"), "U": ("fresh22", "fresh23"),
                                                      "V": ("fresh26",), "W": ("fresh27",)}),
           "held35": (DATA.parent / "reader35-held", {"X": ("fresh28",), "Y": ("fresh29",)}),
           "held36": (DATA.parent / "reader36-held", {"A": ("fresh20", "fresh21"), "B": ("fresh22", "fresh23"),
                                                      "C": ("fresh30",), "D": ("fresh31",)}),
           "held37": (DATA.parent / "reader37-held", {"E": ("fresh32",), "F": ("fresh33",)}),
           "dev38": (DATA.parent / "reader38", {"A": ("fresh30",), "B": ("fresh31",), "C": ("fresh32",)}),
           "held38": (DATA.parent / "reader38-held", {"G": ("fresh20", "fresh21"), "H": ("fresh23", "fresh33"),
                                                      "I": ("fresh34",), "J": ("fresh35",)}),
           "held39": (DATA.parent / "reader39-held", {"K": ("fresh36",), "L": ("fresh37",)}),
           "held40": (DATA.parent / "reader40-held", {"M": ("fresh38",), "N": ("fresh39",)}),
           "held40-block": (DATA.parent / "reader40-block", {"O": ("fresh38",), "P": ("fresh39",)}),
           "held41": (DATA.parent / "reader41-held", {"S": ("fresh40",), "T": ("fresh41",)}),
           "held41-block": (DATA.parent / "reader41-block", {"U": ("fresh40",), "V": ("fresh41",)}),
           "held42": (DATA.parent / "reader42-held", {"AA": ("fresh42",), "AB": ("fresh43",)}),
           "held42-block": (DATA.parent / "reader42-block", {"AC": ("fresh42",), "AD": ("fresh43",)})}
# records whose queries come with their writers' search words (TERMS)
SEARCHED = ("dev32", "held32", "held32new", "held33", "held34", "held35", "held36", "held37", "dev38", "held38",
            "held39", "held40", "held41", "held42")
SEED = 3030  # the order questions are shuffled in
TERMS = DATA.parent / "terms32"


def reader(pack: str, key: dict) -> Counter:
    """A pack's answers against the key: positives, hits, negatives, false positives."""
    answers = json.loads((DATA / f"answers{pack}.json").read_text())
    packed = json.loads((DATA / f"pack{pack}.json").read_text())
    asked = [q["query"] for j in packed for q in j.get("queries", [j])]
    c: Counter = Counter()
    for qid in asked:
        truth, chosen = key[qid], answers[qid]
        c[truth["kind"]] += 1
        if truth["kind"] == "positive":
            c["hits"] += any(card in truth["good"] for card in chosen[:3])
        else:
            c["fp"] += bool(chosen)
    return c


def recaller(sets: tuple[str, ...]) -> Counter:
    """The product's recall on the same sets' truth queries (the journals distilled by this checkout)."""
    c: Counter = Counter()
    for name in sets:
        got = rf.evaluate(journals(name))
        c["positive"] += got["positives"]
        c["hits"] += round(got["r_at_3"] * got["positives"])
        c["negative"] += got["negatives"]
        c["fp"] += round(got["false_positive_rate"] * got["negatives"])
    return c


def figures(c: Counter) -> dict:
    return {"r_at_3": f"{c['hits']}/{c['positive']} ({100 * c['hits'] / max(1, c['positive']):.1f}%)",
            "false_positives": f"{c['fp']}/{c['negative']} ({100 * c['fp'] / max(1, c['negative']):.1f}%)"}


@contextlib.contextmanager
def store(name: str, path: Path) -> Iterator[tuple[dict, dict, Memory]]:
    """A journal's store as the product distils it, with its truth file and the planted lessons' anchor terms."""
    truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
    anchors = rf.anchors_of(truth["planted"])
    with tempfile.TemporaryDirectory() as home, Memory(home, rf.SETTINGS[0], clock=rf.journal_clock(path)) as m:
        with open(path, "rb") as stream:
            m.ingest(stream)
        m.consolidate()
        m.recaller.warm(m.reader())  # meaning ready before the first query, as recall_fresh has it
        yield truth, anchors, m


def journals(name: str) -> list[Path]:
    return rf.journals(Path(rf.__file__).parent / "data" / name / "memory", "all")


def expansions(key: dict) -> dict[tuple[str, str, tuple[str, ...]], list[str]]:
    """(set, a card's text as packed, its tasks) -> the third reader's lines for it."""
    lines = json.loads((DATA / "expansions.json").read_text())
    found = {}
    for pack in PACKS:
        for j in json.loads((DATA / f"pack{pack}.json").read_text()):
            name = key[j["queries"][0]["query"]]["set"]
            for card in j["cards"]:
                found[(name, card["text"], tuple(card["during"]))] = lines[card["card"]]
    return found


def expanded(sets: tuple[str, ...], lines: dict) -> dict[str, Counter]:
    """The product's recall on the sets' truth queries, its cards' tasks as distilled and with the lines added."""
    out = {"as distilled": Counter(), "with the lines": Counter(), "cards given lines": Counter()}
    for name in sets:
        for path in journals(name):
            with store(name, path) as (truth, anchors, m):
                conn = m.reader()
                index = m.recaller.current(conn)
                cards = {c.id: c for c in m.cards()}
                tasks = [[index.tasks.texts[i] for i in rows] for rows in index.tasks.rows]
                given = []
                for pos, card_id in enumerate(index.ids):
                    card = cards[card_id]
                    extra = lines.get((name, f"{card.title}. {card.body}"[:500], tuple(tasks[pos])), [])
                    given.append(tasks[pos] + extra)
                    out["cards given lines"]["given"] += bool(extra)
                    out["cards given lines"]["cards"] += 1
                for label, card_tasks in (("as distilled", tasks), ("with the lines", given)):
                    index.tasks = sense.Tasks(m.recaller.vectors, card_tasks)
                    c = out[label]
                    for q in truth["queries"]:
                        top = [h.card for h in m.recaller.search(conn, q["q"], 3)]
                        c["positive"] += 1
                        c["hits"] += any(rf.holds(card, anchors[pid]) for card in top
                                         for pid in q.get("planted_ids", [q["planted_id"]]))
                    for query in truth["negatives"]:
                        c["negative"] += 1
                        c["fp"] += bool(m.recaller.search(conn, query, 3))
                    assert m.recaller.current(conn) is index, "the index was rebuilt while asked"
    return out


def proposals() -> dict:
    key = json.loads((DATA / "key-proposals.json").read_text())
    out, pooled = {}, Counter()
    for pack, sets in PROPOSED.items():
        c = reader(pack, key)
        pooled += c
        out[f"pack {pack} ({', '.join(sets)})"] = figures(c)
    positives = [k for k in key.values() if k["kind"] == "positive"]
    reached = sum(bool(k["good"]) for k in positives)
    return {**out, "both": figures(pooled),
            "right_card_proposed": f"{reached}/{len(positives)} ({100 * reached / len(positives):.1f}%)"}


def terms_written() -> dict[tuple[str, str, str, int], str]:
    """(set, journal, positive or negative, the query's place among them) -> the search words its writer gave it."""
    key = json.loads((TERMS / "key-steps.json").read_text())
    given: dict[str, str] = {}
    for path in sorted(TERMS.glob("terms-*.json")):
        given.update(json.loads(path.read_text()))
    return {(k["set"], k["journal"], k["kind"], k["n"]): given[step] for step, k in key.items()}


def asked(truth: dict) -> list[tuple[str, str, int, list[str]]]:
    """A journal's truth queries: the query, positive or negative, its place among them, the planted ids it asks
    for."""
    return [(q["q"], "positive", n, q.get("planted_ids", [q["planted_id"]])) for n, q in enumerate(truth["queries"])] \
        + [(q, "negative", n, []) for n, q in enumerate(truth["negatives"])]


def make_questions(folder: Path, packs: dict[str, tuple[str, ...]], terms: dict | None = None) -> dict:
    """Write what judge "model" asks for every truth query of the packs' sets (its prompt, when some card is
    shown) and the key (the right cards' numbers; recall's own choice), shuffled; say only how many. With `terms`
    (`terms_written`), each query is searched with its writer's words, as an agent passing them would have it."""
    rng = random.Random(SEED)
    key, counts = {}, {}
    folder.mkdir(parents=True, exist_ok=True)
    for pack, sets in packs.items():
        items = []
        for name in sets:
            for path in journals(name):
                with store(name, path) as (truth, anchors, m):
                    for query, kind, place, planted in asked(truth):
                        words_too = (terms or {}).get((name, path.name, kind, place), "")
                        proposed = [h.card for h in m.proposals(query, words_too)[0]]
                        shown = confirm.lines(proposed)
                        words = [h.card for h in m.recall(query, 3, hit=False, terms=words_too)[0]]
                        # a hook has no agent's words: a searched record has no blocks
                        block = hooked(m, query) if terms is None else inject.Block("", (), (), 0)
                        items.append({"set": name, "kind": kind, "asked": any(shown),
                                      "prompt": confirm.prompt(query, shown) if any(shown) else "",
                                      "agent": as_agent(query, shown), "user": query, "block": block.text,
                                      "block_numbers": [[c.id for c in proposed].index(i) + 1 for i in block.cards],
                                      "good": [n for n, card in enumerate(proposed, 1) if shown[n - 1] and any(
                                          rf.holds(card, anchors[p]) for p in planted)],
                                      "words_any": bool(words),
                                      "words_hit": any(rf.holds(card, anchors[p]) for card in words for p in planted)})
        rng.shuffle(items)
        questions, agent, blocks = [], [], []
        for n, item in enumerate(items, 1):
            key[f"{pack}{n}"] = {k: v for k, v in item.items() if k not in ("prompt", "agent", "user", "block")}
            if item["asked"]:
                questions.append({"question": f"{pack}{n}", "prompt": item["prompt"]})
                agent.append({"question": f"{pack}{n}", **item["agent"]})
            if item["block_numbers"]:
                blocks.append({"question": f"{pack}{n}", "user_prompt": item["user"], "memory_block": item["block"]})
        for name, written in [("pack", questions), ("agent", agent)] + ([("block", blocks)] if terms is None else []):
            (folder / f"{name}{pack}.json").write_text(json.dumps(written, indent=1, ensure_ascii=False))
        counts[pack] = {"queries": len(items), "questions": len(questions)}
    (folder / "key-questions.json").write_text(json.dumps(key, indent=1))
    return counts


def searched(sets: tuple[str, ...], terms: dict) -> dict:
    """Each truth query of the sets asked alone and with its writer's search words: how often the right card is
    among the proposals, how many negatives get some, and recall's own choice (R@3, false positives)."""
    c: Counter = Counter()
    for name in sets:
        for path in journals(name):
            with store(name, path) as (truth, anchors, m):
                for query, kind, place, planted in asked(truth):
                    c[kind] += 1
                    for how, words_too in (("alone", ""), ("with terms", terms[(name, path.name, kind, place)])):
                        proposed = [h.card for h in m.proposals(query, words_too)[0]]
                        own = [h.card for h in m.recall(query, 3, hit=False, terms=words_too)[0]]
                        if kind == "positive":
                            c[f"{how} reach"] += any(rf.holds(x, anchors[p]) for x in proposed for p in planted)
                            c[f"{how} hits"] += any(rf.holds(x, anchors[p]) for x in own for p in planted)
                        else:
                            c[f"{how} proposed to"] += bool(proposed)
                            c[f"{how} fp"] += bool(own)
                        c[f"{how} {kind} proposals"] += len(proposed)
    out = {}
    for how in ("alone", "with terms"):
        own = Counter(hits=c[f"{how} hits"], fp=c[f"{how} fp"], positive=c["positive"], negative=c["negative"])
        out[how] = {"right_card_proposed": f"{c[f'{how} reach']}/{c['positive']}",
                    "negatives_given_proposals": f"{c[f'{how} proposed to']}/{c['negative']}",
                    "proposals_per_query_positive_negative": [round(c[f"{how} {k} proposals"] / max(1, c[k]), 2)
                                                              for k in ("positive", "negative")],
                    "recalls_own_choice": figures(own)}
    return out


def hooked(m: Memory, query: str) -> inject.Block:
    """The block a prompt (the query as the user's words) gets with the memory option `inject_judge = "agent"`."""
    kept = m.settings
    m.settings = dataclasses.replace(kept, inject_judge="agent")
    try:
        return m.inject(query).block
    finally:
        m.settings = kept


def blocks(folder: Path, packs: dict[str, tuple[str, ...]]) -> dict:
    """Readers who played an agent whose user's prompt came with `inject_judge = "agent"`'s block, answering with
    the places of the lessons they apply (1 for the block's first lesson line), against the key."""
    key = json.loads((folder / "key-questions.json").read_text())
    out, pooled = {}, Counter()
    for pack, sets in packs.items():
        answers = json.loads((folder / f"block-answers{pack}.json").read_text())
        c: Counter = Counter()
        for qid, truth in key.items():
            if not qid.startswith(pack):
                continue
            numbers = truth["block_numbers"]
            picks = (confirm.chosen(answers[qid], numbers, 3) or []) if numbers else []
            chose = [numbers[p] for p in picks]
            c[truth["kind"]] += 1
            if truth["kind"] == "positive":
                c["hits"] += any(n in truth["good"] for n in chose)
            else:
                c["fp"] += bool(chose)
        out[f"pack {pack} ({', '.join(sets)})"] = figures(c)
        pooled += c
    shown = [k for k in key.values() if k["block_numbers"]]
    return {**out, "both": figures(pooled), "prompts_given_a_block": f"{len(shown)}/{len(key)}",
            "right_card_in_the_block": f"{sum(bool(set(k['block_numbers']) & set(k['good'])) for k in shown)}/"
                                       f"{sum(k['kind'] == 'positive' for k in key.values())}"}


def as_agent(query: str, shown: list[str]) -> dict:
    """The same question as judge "agent" puts it to the calling agent: the step (quoted as the model reads it) and
    the result `memory.recall` gives, each candidate's card its number in the model's question."""
    return {"your_step": inject.observed(query, confirm.STEP_CAP),
            "memory_recall_result": {"cards": [], "candidates": [{"card": n, "lesson": line}
                                                                 for n, line in confirm.numbered(shown)],
                                     "choose": confirm.GUIDE, "judged_by": "agent"}}


def questions(folder: Path = DATA, packs: dict[str, tuple[str, ...]] = ASKED, answered: str = "answers") -> dict:
    """The product's own questions, answered: R@3 and false positives of the readers' choices (`confirm.chosen`
    on their raw answers, `answered` the files' prefix: agent-answers for readers who played the agent) against
    recall's own choice for the same queries."""
    key = json.loads((folder / "key-questions.json").read_text())
    out, pooled, sizes, by_set = {}, {"model": Counter(), "words": Counter()}, [], {}
    for pack, sets in packs.items():
        answers = json.loads((folder / f"{answered}{pack}.json").read_text())
        prompts = {q["question"]: q["prompt"] for q in json.loads((folder / f"pack{pack}.json").read_text())}
        sizes += [tokens.count_text(f"{confirm.SYSTEM}\n{prompt}") for prompt in prompts.values()]
        got = {"model": Counter(), "words": Counter()}
        for qid, truth in key.items():
            if not qid.startswith(pack):
                continue
            numbered = [int(m.group(1)) for m in re.finditer(r"^\[(\d+)\] ", prompts.get(qid, ""), re.M)]
            shown = ["shown" if n in numbered else "" for n in range(1, max(numbered, default=0) + 1)]
            picks = confirm.chosen(answers[qid], shown, 3) if qid in prompts else []
            got["model"]["unreadable"] += picks is None
            numbers = [p + 1 for p in picks or []]
            for who, chose, hit in (("model", bool(numbers), any(n in truth["good"] for n in numbers)),
                                    ("words", truth["words_any"], truth["words_hit"])):
                for c in (got[who], by_set.setdefault(truth.get("set", ""), {}).setdefault(who, Counter())):
                    c[truth["kind"]] += 1
                    c["hits" if truth["kind"] == "positive" else "fp"] += hit if truth["kind"] == "positive" else chose
        out[f"pack {pack} ({', '.join(sets)})"] = {who: figures(c) for who, c in got.items()}
        for who, c in got.items():
            pooled[who] += c
    sizes.sort()
    positives = [k for k in key.values() if k["kind"] == "positive"]
    return {**out, "both": {who: figures(c) for who, c in pooled.items()},
            "by_set": {name: {who: figures(c) for who, c in counts.items()} for name, counts in sorted(by_set.items())},
            "right_card_proposed": f"{sum(bool(k['good']) for k in positives)}/{len(positives)}",
            "answers_naming_no_card_by_number": pooled["model"]["unreadable"],
            "queries_asking": f"{len(sizes)}/{len(key)}",
            "question_tokens_p50_p90": [sizes[len(sizes) // 2], sizes[9 * len(sizes) // 10]] if sizes else []}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--proposals", action="store_true", help="the readers who chose among recall's proposals")
    what.add_argument("--questions", action="store_true", help="the readers who answered judge \"model\"'s questions")
    what.add_argument("--make-questions", action="store_true", help="write a record's questions (--record)")
    what.add_argument("--expansions", action="store_true", help="ask with the third reader's lines too")
    what.add_argument("--terms", choices=("dev", "held"), help="ask every truth query of the dev sets or of the "
                      "held-out sets (figures only) alone and with its writer's search words")
    parser.add_argument("--agent", action="store_true", help="score the readers who played the agent (judge "
                        "\"agent\"'s candidates) instead of the model")
    parser.add_argument("--block", action="store_true", help="score the readers who played an agent given "
                        "inject_judge \"agent\"'s block in its prompt")
    parser.add_argument("--record", choices=list(RECORDS), help="whose questions (dev30 the default; the held-out "
                        "records print figures only)")
    args = parser.parse_args()
    if args.make_questions:
        if not args.record:
            parser.error("--make-questions writes a record's questions: add --record")
        print(json.dumps(make_questions(*RECORDS[args.record],
                                        terms_written() if args.record in SEARCHED else None), indent=1))
        return
    if args.terms:
        print(json.dumps(searched(rf.DEV_SETS if args.terms == "dev" else rf.HELD_OUT, terms_written()), indent=1))
        return
    if args.record and not args.questions:
        parser.error("--record goes with --questions or --make-questions")
    if (args.agent or args.block) and not args.questions:
        parser.error("--agent and --block go with --questions")
    if args.block:
        print(json.dumps(blocks(*RECORDS[args.record or "dev30"]), indent=1))
        return
    if args.proposals or args.questions:
        print(json.dumps(proposals() if args.proposals else
                         questions(*RECORDS[args.record or "dev30"], "agent-answers" if args.agent else "answers"),
                         indent=1))
        return
    key = json.loads((DATA / "key.json").read_text())
    if args.expansions:
        got = expanded(tuple(s for sets in PACKS.values() for s in sets), expansions(key))
        given = got.pop("cards given lines")
        print(json.dumps({"cards given lines": f"{given['given']}/{given['cards']}",
                          **{label: figures(c) for label, c in got.items()}}, indent=1))
        return
    out, pooled = {}, {"reader": Counter(), "recall": Counter()}
    for pack, sets in PACKS.items():
        got = {"reader": reader(pack, key), "recall": recaller(sets)}
        out[f"pack {pack} ({', '.join(sets)})"] = {who: figures(c) for who, c in got.items()}
        for who, c in got.items():
            pooled[who] += c
    out["both"] = {who: figures(c) for who, c in pooled.items()}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
