"""What saying why costs, and proof that it changes nothing selected (broker/exposure/reasons.py).

--digest MODE   a SHA-256 of every exposure, cold and warm (after learning from the same intents with their first
                gold set as the calls), of four dev sets: real-MCP dev, LiveMCPBench fresh12 (dev since round 18),
                the first 300 of BFCL dev and MetaTool dev. MODE `select`, or `explain` (its exposure without the
                reasons). Run it with PYTHONHASHSEED=0 on two checkouts (PYTHONPATH=<checkout>): equal digests,
                equal exposures, byte for byte. `select` runs on a checkout without reasons too.
--cost          CPU time of `select` and of `explain` on real-MCP dev and LiveMCPBench fresh12 (each intent three
                times, alternating, warm), that every exposed tool has a reason, and which reasons come first.
--rounds N      N rounds of MODE over 60 real-MCP dev intents after a warm-up round, nothing printed: run it under
                `valgrind --tool=cachegrind` with N = 0 and N = 5, and the difference over 300 is one selection's
                instructions (load-independent; see docs/exposure.md, "Why a tool is exposed").

    PYTHONHASHSEED=0 PYTHONPATH=. python bench/reasons.py --digest select
    PYTHONPATH=. python bench/reasons.py --cost
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import statistics
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data"
FRESH12 = HERE / "data" / "fresh12" / "exposure"  # its exposure part only: dev material since round 18
SETS = [("catalogs/real-mcp.json", DATA / "exposure/real-mcp-dev.jsonl"),
        ("catalogs/livemcpbench.json", FRESH12 / "livemcpbench-fresh12.jsonl"),
        ("catalogs/bfcl.json", DATA / "exposure/bfcl-dev.jsonl"),
        ("catalogs/metatool.json", DATA / "exposure/metatool-dev.jsonl")]
MAX_ROWS = 300


def rows_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][:MAX_ROWS]


def chooser(mode: str):
    from broker.exposure import select

    if mode == "select":
        return select
    from broker.exposure import explain

    return lambda intent, catalogue, context: dataclasses.replace(explain(intent, catalogue, context), reasons=None)


def learned_from(rows: list[dict]):
    from broker.exposure import Associations
    from broker.exposure.learning import episodes

    events = []
    for k, row in enumerate(rows):
        events.append({"ts": 2 * k, "session": f"s{k}", "kind": "progress", "text": row["intent"]})
        gold = row.get("gold_any") or []
        for address in (gold[0] if gold and isinstance(gold[0], list) else gold)[:3]:
            organ, _, ability = str(address).partition(".")
            events.append({"ts": 2 * k + 1, "session": f"s{k}", "kind": "call", "organ": organ, "ability": ability,
                           "ok": True})
    return Associations(episodes(events))


def digest(mode: str) -> None:
    from broker.exposure import Context, load_catalogue

    choose, total, n = chooser(mode), hashlib.sha256(), 0
    for catalogue_file, rows_file in SETS:
        catalogue, rows = load_catalogue(DATA / catalogue_file), rows_of(rows_file)
        one = hashlib.sha256()
        warm = Context(learned=learned_from(rows))
        for row in rows:
            for context in (Context(), warm):
                one.update(json.dumps(choose(row["intent"], catalogue, context).as_dict(), sort_keys=True).encode())
                n += 1
        total.update(one.digest())
        print(f"{catalogue_file} {rows_file.name} {len(rows)} intents: {one.hexdigest()[:16]}")
    print(f"all {n} exposures: {total.hexdigest()[:16]}")


def cost() -> None:
    from broker.exposure import explain, load_catalogue, select

    for catalogue_file, rows_file in SETS[:2]:
        catalogue, rows = load_catalogue(DATA / catalogue_file), [r["intent"] for r in rows_of(rows_file)]
        for intent in rows:
            select(intent, catalogue)  # warm: the tokenizer, the words remembered per catalogue
        plain, why, missing, first = [], [], 0, {}
        for _ in range(3):
            for intent in rows:
                t = time.process_time()
                select(intent, catalogue)
                plain.append(time.process_time() - t)
                t = time.process_time()
                exposure = explain(intent, catalogue)
                why.append(time.process_time() - t)
                missing += sum(1 for a in exposure.exposed if not exposure.reasons[a])
                for reasons in exposure.reasons.values():
                    first[str(reasons[0].kind)] = first.get(str(reasons[0].kind), 0) + 1
        print(f"{catalogue_file} ({rows_file.name}, {len(rows)} intents x 3): CPU select p50 {_ms(plain, 0.5)} "
              f"p95 {_ms(plain, 0.95)}, explain p50 {_ms(why, 0.5)} p95 {_ms(why, 0.95)} ms, mean extra "
              f"{1000 * (statistics.mean(why) - statistics.mean(plain)):.2f} ms; tools without a reason: {missing}; "
              f"first reasons: {dict(sorted(first.items(), key=lambda e: -e[1]))}")


def rounds(mode: str, n: int) -> None:
    from broker.exposure import Context, load_catalogue

    choose = chooser(mode)
    catalogue, rows = load_catalogue(DATA / SETS[0][0]), [r["intent"] for r in rows_of(SETS[0][1])][:60]
    for intent in rows:
        choose(intent, catalogue, Context())
    for _ in range(n):
        for intent in rows:
            choose(intent, catalogue, Context())


def _ms(values: list[float], share: float) -> str:
    return f"{sorted(values)[int(share * (len(values) - 1))] * 1000:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digest", choices=("select", "explain"))
    parser.add_argument("--cost", action="store_true")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--mode", choices=("select", "explain"), default="select", help="for --rounds")
    args = parser.parse_args()
    if args.digest:
        digest(args.digest)
    if args.cost:
        cost()
    if args.rounds is not None:
        rounds(args.mode, args.rounds)


if __name__ == "__main__":
    main()
