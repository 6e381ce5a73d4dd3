"""What a prompt's memory block costs and holds under each `inject_judge` (round 40: "agent" became the default).

Every truth query of the dev sets (`recall_fresh.DEV_SETS`), as a user's message, gets the block `memory.inject`
adds with `inject_judge = "words"` (recall's own choice) and with `"agent"` (recall's proposals as candidates,
after `confirm.GUIDE`), on the same store. Printed per judge: how many prompts get a block, the o200k tokens of a
block (median, 90th percentile) and per prompt (mean, a prompt without a block counting 0), how many positives'
blocks hold the right card, how many negatives get a card, and the hits counted. Dev sets only: held-out blocks
are scored by readers (`python bench/recall_reader.py --questions --record held40-block --block`).

    python bench/inject_cost.py [--sets fresh30 fresh31 ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_reader as rr  # noqa: E402
from actors.memory.confirm import InjectJudge  # noqa: E402


def measure(sets: tuple[str, ...]) -> dict:
    tokens: dict[str, list[int]] = {judge: [] for judge in InjectJudge}
    c: Counter = Counter()
    for name in sets:
        for path in rr.journals(name):
            with rr.store(name, path) as (truth, anchors, m):
                cards = {card.id: card for card in m.cards()}
                for query, kind, _, planted in rr.asked(truth):
                    c[kind] += 1
                    for judge in InjectJudge:
                        m.settings = dataclasses.replace(m.settings, inject_judge=judge)
                        before = sum(m.recaller.pending.values())
                        block = m.inject(query).block
                        c[f"{judge} hits"] += sum(m.recaller.pending.values()) - before
                        tokens[judge].append(block.tokens if block.cards else 0)
                        held = [cards[i] for i in block.cards if i in cards]
                        if kind == "positive":
                            c[f"{judge} right"] += any(rr.rf.holds(card, anchors[p]) for card in held for p in planted)
                        else:
                            c[f"{judge} fp"] += bool(held)
                    m.recaller.pending.clear()
    out = {}
    for judge in InjectJudge:
        given = [t for t in tokens[judge] if t]
        out[judge] = {"prompts_given_a_block": f"{len(given)}/{len(tokens[judge])}",
                      "block_tokens_p50_p90": [statistics.median(given), statistics.quantiles(given, n=10)[-1]]
                      if len(given) > 1 else given,
                      "tokens_per_prompt_mean": round(sum(tokens[judge]) / max(1, len(tokens[judge])), 1),
                      "positives_whose_block_holds_the_right_card": f"{c[f'{judge} right']}/{c['positive']}",
                      "negatives_given_a_card": f"{c[f'{judge} fp']}/{c['negative']}",
                      "hits_counted": c[f"{judge} hits"]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(rr.rf.DEV_SETS), choices=list(rr.rf.DEV_SETS),
                        help="dev sets to measure (all of them by default)")
    print(json.dumps(measure(tuple(parser.parse_args().sets)), indent=1))


if __name__ == "__main__":
    main()
