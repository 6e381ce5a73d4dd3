"""Exposure speed: selection on a 2,000-tool catalogue, and learning from a 10,000-event journal.

Selection: the first 2,000 tools of the real-MCP and BFCL catalogues together (18 + 1 organs), the
real-MCP and BFCL dev intents as queries, cold and warm (after learning from them); each timing includes
the exact o200k count of the list sent. Baseline in the same run: plain BM25 top-20 over the same index.
Learning: a journal of 10,000 events in the contract's format (progress events, each followed by the
calls made for it) parsed from JSON lines and learned into associations, median of several runs.
Targets: selection p95 <= 10 ms; learning <= 2 s. Wall and CPU time are both printed: on a shared machine
the wall-clock tail is mostly other processes (note the load average with the numbers).

    python bench/exposure_latency.py [--tools 2000] [--events 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import describe, percentile, verdict  # noqa: E402

from broker.exposure import Associations, Context, Source, catalogue_from_mcp, lexicon, select  # noqa: E402
from broker.exposure.learning import episodes  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SELECT_P95_S = 0.010
LEARN_S = 2.0


def big_catalogue(size: int) -> dict[str, list[dict]]:
    """The first `size` tools of the real-MCP catalogue followed by BFCL's."""
    organs: dict[str, list[dict]] = {}
    left = size
    for name in ("real-mcp", "bfcl"):
        for organ, tools in json.loads((DATA / "catalogs" / f"{name}.json").read_text())["organs"].items():
            if left <= 0:
                break
            organs[organ] = tools[:left]
            left -= len(organs[organ])
    return organs


def intents() -> list[dict]:
    """The dev intents of the two catalogues (queries for the timing, and the journal's content)."""
    rows = []
    for name in ("exposure/real-mcp-dev.jsonl", "exposure/bfcl-dev.jsonl"):
        rows += [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]
    return rows


def journal_text(rows: list[dict], events: int) -> str:
    """JSON lines of a journal with exactly `events` events, cycling through the intents."""
    lines, ts, n = [], 1_764_460_800.0, 0
    while len(lines) < events:
        row = rows[n % len(rows)]
        n += 1
        session = f"s{n % 7}"
        lines.append(json.dumps({"ts": ts, "session": session, "kind": "progress", "text": row["intent"]}))
        for address in (row["gold_any"][0] if row["gold_any"] else [])[: events - len(lines)]:
            organ, _, ability = address.partition(".")
            ts += 0.5
            lines.append(json.dumps({"ts": ts, "session": session, "kind": "call", "organ": organ,
                                     "ability": ability, "args": {"path": "src/app.py"}, "ok": True,
                                     "duration_ms": 3.2}))
        ts += 30.0
    return "\n".join(lines[:events]) + "\n"


def learn(text: str) -> Associations:
    """Parse a journal's JSON lines and learn from them."""
    return Associations(episodes(json.loads(line) for line in io.StringIO(text) if line.strip()))


def main() -> None:
    args = _parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    rows = intents()
    start = time.perf_counter()
    catalogue = catalogue_from_mcp(big_catalogue(args.tools))
    built_s = time.perf_counter() - start
    lexical = catalogue_from_mcp(big_catalogue(args.tools), frozenset({Source.MEANING}))
    print(f"catalogue: {len(catalogue)} tools in {len(catalogue.organs)} organs; {len(rows)} intents; built in "
          f"{built_s:.1f} s (meaning: {'yes' if catalogue.meaning is not None else 'no model'}; its tool vectors "
          "are computed on first sight and cached)")
    text = journal_text(rows, args.events)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        learned = learn(text)
        times.append(time.perf_counter() - start)
    learn_s = statistics.median(times)
    print(f"learning from {args.events} events ({len(learned)} episodes): median {learn_s:.2f} s over {args.runs} runs")
    results = {}
    for label, context, chosen in (("cold", Context(), catalogue), ("warm", Context(learned=learned), catalogue),
                                   ("lexical only (cold)", Context(), lexical)):
        samples, cpu = [], []
        for row in rows:
            start, start_cpu = time.perf_counter(), time.process_time()
            select(row["intent"], chosen, context)
            samples.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        results[label] = samples
        print(f"select {label}: wall {describe(samples, (50, 95, 99), 'ms', 1e3, 2)}; "
              f"cpu {describe(cpu, (50, 95), 'ms', 1e3, 2)}")
    if catalogue.meaning is not None:
        samples, cpu = [], []
        for row in rows:
            start, start_cpu = time.perf_counter(), time.process_time()
            catalogue.meaning.similarities(row["intent"])
            samples.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        print(f"meaning alone (query embedding and {len(catalogue)} cosines): wall "
              f"{describe(samples, (50, 95, 99), 'ms', 1e3, 2)}; cpu {describe(cpu, (50, 95), 'ms', 1e3, 2)}")
    baseline = []
    for row in rows:
        start = time.perf_counter()
        scores = catalogue.index.score({t: 1.0 for t in lexicon.terms(row["intent"])})
        sorted(scores, key=lambda i: (-scores[i], i))[:20]
        baseline.append(time.perf_counter() - start)
    print(f"bm25 top-20 (no token count): {describe(baseline, (50, 95, 99), 'ms', 1e3, 2)}")
    p95 = max(percentile(results["cold"], 95), percentile(results["warm"], 95))
    print(f"ratio cold/bm25 at p50: {percentile(results['cold'], 50) / percentile(baseline, 50):.1f}x")
    print(f"selection p95 {p95 * 1e3:.1f} ms (target {SELECT_P95_S * 1e3:.0f} ms): {verdict(p95 <= SELECT_P95_S)}")
    print(f"learning {learn_s:.2f} s (target {LEARN_S:.0f} s): {verdict(learn_s <= LEARN_S)}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", type=int, default=2000)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    return parser.parse_args()


if __name__ == "__main__":
    main()
