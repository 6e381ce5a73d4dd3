"""Meaning from the cards' tasks (rounds 27 and 28): what it does to recall on the dev sets, with each kind of
vectors, and its constants chosen leaving one hand out.

Every dev journal's store (`recall_loho.build`: every set of `recall_fresh.DEV_SETS`, every query style, the
narrations too) is built once with recall as the product has it. Each query (positives, negatives, and the set's
other journals' negatives) is judged once: the cards its words touch (`Index.judge`), whether they admit each and
on how many of its words, and each touched card's best cosine with the query over its tasks (`sense.Tasks`), with
the sentence model (MiniLM int8, `--vectors model`) or the word vectors (WordLlama, `--vectors light`, the
default's). `sense.fuse` is pure, so every setting of its three constants (`sure`, `keep`,
`admit`) is scored on the same judgments: R@3, false positives and cross false positives. Leaving one hand out (a
hand is a dev set, or a query style), the setting with the best R@3 - FP on the other hands is scored on the hand
left out; the report gives each fold's choice and the pooled figures against lexical recall. Last, the cost: every
query asked of its store by the product's recall (`Recaller.search`, three cards) without meaning and with it,
alternated query by query, CPU time's median and 95th percentile.

    python bench/recall_tasks.py [--vectors light|model]   (both when not said; the model needs the `meaning`
                                                            extra: pip install 'actors[meaning]')

Dev only: it reads DEV_SETS and never a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
import recall_loho as rl  # noqa: E402
from actors.memory import recall, sense  # noqa: E402
from actors.memory.recall import Recaller  # noqa: E402
from broker.text import embedding, wordvectors  # noqa: E402

STYLES = (*rl.STYLES, "narrated")
OFF = None  # lexical recall: the cards the words admit, as they are
GRID = [OFF, *itertools.product((2, 3, 4), (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4),
                                (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 2.0))]
KINDS = {"model": sense.Fusion.ON, "light": sense.Fusion.LIGHT}


def judge(index: recall.Index, recaller: Recaller, vectors: sense.Vectors, query: str) -> dict:
    """The cards a query's words touch (admitted or not, on how many words) and their tasks' best cosines."""
    q = recall.parse_query(query)
    found = recall.open_to_meaning(q, index.judge(q, recaller.min_relevance, 3, None, recaller.condition),
                                   recaller.condition)  # as Recaller._fused: prose work admits none
    lexical = [sense.Judged(pos, v.refused is None, index.words(v), v.named) for _, pos, v in found]
    touched = [lx.pos for lx in lexical if index.tasks.has[lx.pos]]
    cosines = index.tasks.cosines(touched, vectors.query(query)) if touched else {}
    for pos in index.tasks.echoes(touched, sense.telling(q.said)):
        cosines[pos] = sense.ECHOED  # as Recaller._fused reads a task the query says in its words
    return {"lexical": lexical, "cosines": cosines, "ids": index.ids}


def judged(journals: list[rl.Journal], encoder) -> list[dict]:
    """Every query of every journal, judged once: its kind, the right cards, and what fuse needs."""
    vectors = sense.Vectors(encoder)
    rows = []
    for j in journals:
        conn = j.memory.reader()
        index = j.memory.recaller.current(conn)
        tasks = {card_id: recall._tasks(evidence) for card_id, evidence in conn.execute("SELECT id, evidence FROM cards")}
        index.tasks = sense.Tasks(vectors, sense.within([tasks.get(card_id, ()) for card_id in index.ids],
                                                        says=sense.says_the_work))
        cards = j.memory.cards()
        for style, asked in j.asked.items():
            for q in asked["queries"]:
                ids = q.get("planted_ids", [q["planted_id"]])
                good = {c.id for c in cards if any(rf.holds(c, j.anchors[pid]) for pid in ids)}
                rows.append({"set": j.set, "style": style, "kind": "positive", "good": good,
                             **judge(index, j.memory.recaller, vectors, q["q"])})
            negatives = [("negative", q) for q in asked["negatives"]] + [
                ("cross", q) for other in journals if other is not j and other.set == j.set
                and style in other.asked for q in other.asked[style]["negatives"]]
            for kind, q in negatives:
                rows.append({"set": j.set, "style": style, "kind": kind, "good": set(),
                             **judge(index, j.memory.recaller, vectors, q)})
    return rows


def recalled(row: dict, setting) -> list[int]:
    """The positions a setting recalls for a judged query (OFF: the words' verdicts alone)."""
    if setting is OFF:
        return [lx.pos for lx in row["lexical"] if lx.admitted]
    sure, keep, admit = setting
    undecided = set(sense.undecided(row["lexical"], [p in row["cosines"] for p in range(len(row["ids"]))], sure))
    return sense.fuse(row["lexical"], {p: c for p, c in row["cosines"].items() if p in undecided},
                      sure=sure, keep=keep, admit=admit)


def counts(rows: list[dict], setting) -> Counter:
    c: Counter = Counter()
    for row in rows:
        chosen = recalled(row, setting)
        c[row["kind"]] += 1
        if row["kind"] == "positive":
            c["hits"] += any(row["ids"][p] in row["good"] for p in chosen[:3])
        else:
            c[f"{row['kind']}_fp"] += bool(chosen)
    return c


def figures(c: Counter) -> dict:
    def pct(a: str, b: str) -> str:
        return f"{c[a]}/{c[b]} ({100 * c[a] / max(1, c[b]):.1f}%)"
    return {"r_at_3": pct("hits", "positive"), "false_positives": pct("negative_fp", "negative"),
            "cross_false_positives": pct("cross_fp", "cross")}


def touched(rows: list[dict]) -> str:
    """How often the words touch a positive's right card at all, admitted or refused: what a decision over the
    touched cards could reach (round 30: the rest is the decision's)."""
    positives = [r for r in rows if r["kind"] == "positive"]
    reached = sum(any(r["ids"][lx.pos] in r["good"] for lx in r["lexical"]) for r in positives)
    return f"{reached}/{len(positives)} ({100 * reached / max(1, len(positives)):.1f}%)"


def objective(c: Counter) -> float:
    return c["hits"] / max(1, c["positive"]) - c["negative_fp"] / max(1, c["negative"])


def leave_one_out(rows: list[dict], hand: str) -> dict:
    folds, chosen, lexical = {}, Counter(), Counter()
    for value in sorted({r[hand] for r in rows}):
        rest = [r for r in rows if r[hand] != value]
        left = [r for r in rows if r[hand] == value]
        best = max(GRID, key=lambda s: (objective(counts(rest, s)), s is OFF))
        c, base = counts(left, best), counts(left, OFF)
        chosen += c
        lexical += base
        folds[value] = {"setting": best, "lexical": figures(base), "chosen": figures(c)}
    return {"folds": folds, "pooled": {"lexical": figures(lexical), "chosen": figures(chosen)}}


def cost(journals: list[rl.Journal], fusion: sense.Fusion, encoder) -> dict:
    """CPU ms of `Recaller.search` a query, lexical and with meaning, alternated (median, 95th percentile)."""
    taken: dict[str, list[float]] = {"lexical": [], "meaning": []}
    for j in journals:
        conn = j.memory.reader()
        recallers = {"lexical": Recaller(fusion=sense.Fusion.OFF),
                     "meaning": Recaller(fusion=fusion, encoder=encoder)}
        for r in recallers.values():
            r.warm(conn)  # the index (and the tasks' vectors) built before any query is timed
        queries = [q["q"] for asked in j.asked.values() for q in asked["queries"]] + [
            q for asked in j.asked.values() for q in asked["negatives"]]
        for query in queries:
            for name, r in recallers.items():
                started = time.process_time()
                r.search(conn, query, 3)
                taken[name].append(1000 * (time.process_time() - started))
    return {name: {"queries": len(ms), "p50_cpu_ms": round(sorted(ms)[len(ms) // 2], 2),
                   "p95_cpu_ms": round(sorted(ms)[int(0.95 * len(ms))], 2)} for name, ms in taken.items()}


def encoder_of(kind: str):
    if kind == "model":
        os.environ[embedding.SWITCH_ENV] = "on"  # the shared encoder, for this process only
        return embedding.encoder()
    return wordvectors.load()


def report(journals: list[rl.Journal], kind: str) -> dict:
    encoder = encoder_of(kind)
    if encoder is None:
        sys.exit(f"no {kind} vectors: pip install 'actors[meaning]'" if kind == "model" else "no word vectors")
    rows = judged(journals, encoder)
    product = sense.THRESHOLDS[KINDS[kind]]
    return {"right_card_touched": touched(rows), "lexical": figures(counts(rows, OFF)),
            "product": {"setting": tuple(product), **figures(counts(rows, product))},
            "by_style": {style: {"lexical": figures(counts(rs, OFF)), "product": figures(counts(rs, product))}
                         for style in STYLES if (rs := [r for r in rows if r["style"] == style])},
            "leave_one_set_out": leave_one_out(rows, "set"),
            "leave_one_style_out": leave_one_out(rows, "style"),
            "cost": cost(journals, KINDS[kind], encoder)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", choices=sorted(KINDS), action="append",
                        help="the vectors to judge with (repeatable; both when not said)")
    kinds = parser.parse_args().vectors or ["light", "model"]
    with contextlib.ExitStack() as stack:
        journals = rl.build(stack, STYLES)
        print(json.dumps({kind: report(journals, kind) for kind in kinds}, indent=1))


if __name__ == "__main__":
    main()
