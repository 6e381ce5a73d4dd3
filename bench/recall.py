"""Memory on journals it was not tuned on: planted cards found, unbacked cards, R@3 and false positives; latency.

Journals and queries come from `bench/journals.py` (planted ground truth, noise under every threshold,
separate phrase banks for dev and test seeds). Each journal goes through the real pipeline (ingest, sleep,
recall). A planted pattern is found when a card of its kind holds its anchor (program, file or host) in its
identity; a card is unbacked when no planted pattern claims it. R@3: the planted card is among the first
three results of its query. False positive: a negative query recalls any card.

Latency: 30,000 generated cards (random abilities, programs, files, hosts and topic words) in one store;
`Recaller.search` on a warm index, wall clock and the thread's CPU time, p50 and p95.

    python bench/recall.py --split dev|test [--latency 30000]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile  # noqa: E402
from journals import DEV_SEEDS, TEST_SEEDS, generate  # noqa: E402

from actors.memory.db import transaction  # noqa: E402
from actors.memory.distill import Draft, identity  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from actors.memory.store import CardStore  # noqa: E402


def claims(card, planted) -> bool:
    terms = {t for ts in card.identity.values() for t in ts}
    return card.kind == planted.kind and planted.anchor in terms


def evaluate(seeds) -> dict:
    found = total = cards = unbacked = r3 = positives = fp = negatives = 0
    misses: list[str] = []
    for seed in seeds:
        g = generate(seed)
        with tempfile.TemporaryDirectory() as home, Memory(home) as m:
            m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in g.events).encode()))
            m.consolidate()
            live = m.cards()
            cards += len(live)
            unbacked += sum(1 for c in live if not any(claims(c, p) for p in g.planted))
            for p in g.planted:
                total += 1
                mine = {c.id for c in live if claims(c, p)}
                found += bool(mine)
                for query in p.queries:
                    positives += 1
                    top = [h.card.id for h in m.recaller.search(m.reader(), query, 3)]
                    if mine & set(top):
                        r3 += 1
                    else:
                        misses.append(f"{seed} {p.kind}:{p.anchor}: {query!r}")
            for query in g.negatives:
                negatives += 1
                fp += bool(m.recaller.search(m.reader(), query, 3))
    return {"journals": len(seeds), "planted_found": f"{found}/{total}", "cards": cards,
            "unbacked_share": round(unbacked / max(cards, 1), 4), "r_at_3": round(r3 / max(positives, 1), 4),
            "positives": positives, "false_positive_rate": round(fp / max(negatives, 1), 4), "negatives": negatives,
            "misses": misses}


def latency(n: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    vocab = [f"{a}{b}" for a in ("ka", "lo", "mi", "ne", "po", "ru", "si", "ta", "vu", "ze")
             for b in ("bar", "dex", "fin", "gol", "hum", "jot", "kip", "lum", "mox", "nib", "pel", "quo")]
    with tempfile.TemporaryDirectory() as home, Memory(home) as m:
        drafts = []
        for i in range(n):
            ident = identity(rng.choice(["fs", "shell", "http", "git", "db"]), rng.choice(vocab),
                             programs=rng.sample(vocab, 2), files=[f"{rng.choice(vocab)}.{rng.choice(['py', 'ts'])}"],
                             topic=rng.sample(vocab, 5))
            drafts.append(Draft(key=f"x{i}", kind=rng.choice(["pitfall", "rule", "weak_link", "playbook"]),
                                title=f"card {i}", body="filler", identity=ident, confirmations=rng.randint(1, 9),
                                first_ts=time.time(), last_ts=time.time()))
        with transaction(m.writer):
            CardStore(m.writer).sync(drafts, time.time())
        queries = [" ".join(rng.sample(vocab, rng.randint(3, 12))) + " and then run the tests" for _ in range(300)]
        started = time.perf_counter()
        m.recaller.current(m.reader())
        build = time.perf_counter() - started
        wall, cpu = [], []
        for query in queries:
            w0, c0 = time.perf_counter(), time.thread_time()
            m.recaller.search(m.reader(), query, 5)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    return {"cards": n, "index_build_s": round(build, 3), "wall_p50_ms": round(percentile(wall, 50), 3),
            "wall_p95_ms": round(percentile(wall, 95), 3), "cpu_p50_ms": round(percentile(cpu, 50), 3),
            "cpu_p95_ms": round(percentile(cpu, 95), 3), "load": os.getloadavg()[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "test"], default="dev")
    parser.add_argument("--latency", type=int, default=0, help="also time recall at this many cards")
    parser.add_argument("--misses", action="store_true", help="list the queries whose card was not in the top 3")
    args = parser.parse_args()
    result = evaluate(DEV_SEEDS if args.split == "dev" else TEST_SEEDS)
    misses = result.pop("misses")
    print(json.dumps({"split": args.split, **result}, indent=1))
    if args.misses:
        print("\n".join(misses))
    if args.latency:
        print(json.dumps({"latency": latency(args.latency)}, indent=1))


if __name__ == "__main__":
    main()
