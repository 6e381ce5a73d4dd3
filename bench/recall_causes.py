"""Why recall answers what it should not and misses what it should, on the dev sets (round 21).

Every dev journal's store is built once (`recall_loho.build`: every set of `recall_fresh.DEV_SETS`, every query
style). Two reports, each with a summary by cause and each case on a line:

- false positives: every negative (with `--cross`, also the other journals' negatives of the set) that recalls a
  card: the top card, and the fields and query words that put it above the floor (`Index.verdict`'s parts:
  field, the card's term, the query word that reached it, its value). Summed by the fields whose words count
  (a word of work, `generic.txt`, left out: it is never what a card is about) and by kind of card.
- misses: every query whose lesson's card is not among the first three, by cause: no card holds the lesson's
  anchor (distillation), a card passes but ranks below three, or the rule that refuses the card that gets
  furthest (`recall.Refusal`: untouched, the floor, prose, one word, the condition).

    python bench/recall_causes.py [--false-positives] [--misses] [--cross] [--cases]

Dev only: it reads DEV_SETS and never a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
import recall_loho as rl  # noqa: E402
from actors.memory import recall  # noqa: E402

REACHED = "ranked below 3"
NO_CARD = "no card"
# how far a card got through the rules, the furthest first (None: it passes them all)
FURTHEST = [None, recall.Refusal.CONDITION, recall.Refusal.ONE_WORD, recall.Refusal.PROSE, recall.Refusal.FLOOR,
            recall.Refusal.UNTOUCHED]


def verdicts(journal: rl.Journal, query: str) -> dict[int, recall.Verdict]:
    """Every card of a journal's store scored for a query, by card id."""
    m = journal.memory
    index = m.recaller.current(m.reader())
    asking = index.asking(recall.parse_query(query), m.recaller.min_relevance)
    if asking is None:
        return {}
    return {index.ids[pos]: index.verdict(asking, pos, m.recaller.condition) for pos in range(len(index.ids))}


def signature(parts: tuple, generic: frozenset[str]) -> str:
    """The fields whose words count for a card, words of work left out (`topic+name`)."""
    return "+".join(sorted({field for field, term, _, _ in parts if term not in generic})) or "words of work only"


def false_positives(journals: list[rl.Journal], cross: bool) -> dict:
    """Each answered negative: the top card and what put it above the floor; counts by fields and by kind."""
    generic = recall.generic_words()
    by_fields: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    cases = []
    for j in journals:
        for style, asked in j.asked.items():
            negatives = [("own", q) for q in asked["negatives"]]
            if cross:
                negatives += [("cross", q) for other in journals if other is not j and other.set == j.set
                              and style in other.asked for q in other.asked[style]["negatives"]]
            for whose, query in negatives:
                hits = j.memory.recaller.search(j.memory.reader(), query, 3)
                if not hits:
                    continue
                top = hits[0].card
                v = verdicts(j, query)[top.id]
                by_fields[f"{whose}: {signature(v.parts, generic)}"] += 1
                by_kind[f"{whose}: {top.kind}"] += 1
                cases.append(f"{whose} [{j.set}/{style}] {query!r} -> {top.kind}: {top.title[:70]!r} "
                             f"{v.relevance:.3f} {[(f, t, w, round(x, 3)) for f, t, w, x in v.parts]}")
    return {"by_fields": dict(by_fields.most_common()), "by_kind": dict(by_kind.most_common()), "cases": cases}


def misses(journals: list[rl.Journal]) -> dict:
    """Each missed query by cause, with the card that got furthest and its parts."""
    causes: Counter[str] = Counter()
    cases = []
    for j in journals:
        cards = {c.id: c for c in j.memory.cards()}
        for style, asked in j.asked.items():
            for q in asked["queries"]:
                ids = q.get("planted_ids", [q["planted_id"]])
                top = [h.card for h in j.memory.recaller.search(j.memory.reader(), q["q"], 3)]
                if any(rf.holds(card, j.anchors[pid]) for card in top for pid in ids):
                    continue
                good = [c for c in cards.values() if any(rf.holds(c, j.anchors[pid]) for pid in ids)]
                found = verdicts(j, q["q"])
                judged = [(c, found.get(c.id)) for c in good]
                if not judged:
                    cause, detail = NO_CARD, ""
                else:
                    card, v = min(judged, key=lambda cv: (FURTHEST.index(cv[1].refused if cv[1] else
                                                                         recall.Refusal.UNTOUCHED),
                                                          -(cv[1].relevance if cv[1] else 0.0)))
                    refused = v.refused if v else recall.Refusal.UNTOUCHED
                    cause = REACHED if refused is None else str(refused)
                    detail = (f" -> {card.kind}: {card.title[:60]!r} "
                              f"{[(f, t, w, round(x, 3)) for f, t, w, x in v.parts] if v else []}")
                causes[cause] += 1
                cases.append(f"{cause} [{j.set}/{style}] {q['q']!r}{detail}")
    return {"causes": dict(causes.most_common()), "cases": sorted(cases)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--false-positives", action="store_true", help="the answered negatives by cause")
    parser.add_argument("--misses", action="store_true", help="the missed queries by cause")
    parser.add_argument("--cross", action="store_true", help="also the other journals' negatives of each set")
    parser.add_argument("--cases", action="store_true", help="list every case, not only the counts")
    args = parser.parse_args()
    both = not (args.false_positives or args.misses)
    report = {}
    with contextlib.ExitStack() as stack:
        journals = rl.build(stack)
        if args.false_positives or both:
            report["false_positives"] = false_positives(journals, args.cross)
        if args.misses or both:
            report["misses"] = misses(journals)
    if not args.cases:
        for part in report.values():
            part.pop("cases")
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
