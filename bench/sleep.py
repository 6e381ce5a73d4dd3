"""Sleep at scale: consolidating a large journal from scratch, and adding events to a large consolidated store.

Journals come from `bench/journals.py` (dev seeds, then further seeds, each journal's sessions its own), so a
store of N events holds the same kinds of work as the evaluation's journals, N/250 times over. Each
consolidation runs in a fresh interpreter, which reports its own wall time, CPU time and peak RSS
(`ru_maxrss`), so the numbers are the consolidation's alone (the parent's ingest is not in them).

- scratch: N events (default 100,000) ingested, then one consolidation of all of them.
  Targets: under 60 s, peak RSS under 500 MB.
- incremental: that consolidated store, then ROUNDS times: +K events (default 1,000) ingested and
  consolidated. Target: each under 2 s. Baseline, measured in the same run: the same +K events consolidated
  on an empty store; the ratio says whether the cost grows with the store (1.0 means it does not).

- during (`--during`): a second store holding the first half of the N events, consolidated; then the second
  half is ingested and consolidated on a thread of one process (and the recall index rebuilt there, as the
  organ does) while its main thread recalls and injects without pause; every answer's wall time. Target: every
  one within the abilities' deadline (30 s). p95 and max are reported, with the same queries on the store
  before the consolidation began as the baseline (the tokenizer and the index are warm in both).

    python bench/sleep.py [--events 100000] [--add 1000] [--rounds 5] [--during]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, verdict  # noqa: E402
from journals import generate  # noqa: E402

from actors.memory.service import Memory  # noqa: E402
from broker import tokens  # noqa: E402


def events(first_seed: int, count: int) -> tuple[list[dict], int]:
    """At least `count` events from consecutive journals starting at a seed; the next seed to use."""
    out: list[dict] = []
    seed = first_seed
    while len(out) < count:
        g = generate(seed)
        shift = (seed - first_seed) * 86400.0  # one journal a day
        out.extend({**e, "ts": e["ts"] + shift} for e in g.events)
        seed += 1
    # ingest refuses events more than a day past the clock: the journals end now, one a day before it
    ahead = max(e["ts"] for e in out[:count]) - time.time()
    return [{**e, "ts": e["ts"] - max(0.0, ahead)} for e in out[:count]], seed


def ingest(home: str, batch: list[dict]) -> float:
    started = time.perf_counter()
    with Memory(home) as m:
        report = m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in batch).encode()))
    assert not report.bad, report.bad
    return time.perf_counter() - started


def consolidate_in_child(home: str) -> dict:
    """Consolidate in a fresh interpreter; its wall and CPU seconds, peak RSS and report."""
    out = subprocess.run([sys.executable, __file__, "--child", home], capture_output=True, text=True, check=True,
                         timeout=600)
    return json.loads(out.stdout)


def child(home: str) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    with Memory(home) as m:
        report = m.consolidate()
    print(json.dumps({"wall_s": round(time.perf_counter() - wall, 3), "cpu_s": round(time.process_time() - cpu, 3),
                      "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                      "folded": report["folded"], "cards": report["cards"]}))


DEADLINE_S = 30.0  # memory.recall and memory.inject (the organ's default ability timeout)
QUERIES = ("run the tests for the billing module", "install httpx with pip", "commit the pending changes",
           "fetch the shipping data from sandbox.shipfast.net")


def _answers(m: Memory, until) -> list[float]:
    """Recall and inject in turn until `until()` is true (at least one round); each answer's wall seconds."""
    took: list[float] = []
    i = 0
    while not took or not until():
        query = QUERIES[i % len(QUERIES)]
        started = time.perf_counter()
        m.recall(query, 5) if i % 2 else m.inject(query, session=f"during-{i % 7}")
        took.append(time.perf_counter() - started)
        i += 1
    return took


def during(batch: list[dict]) -> dict:
    """Recall and inject on one thread while another consolidates the second half of the batch."""
    half = len(batch) // 2
    with tempfile.TemporaryDirectory(prefix="ab-sleep-during-") as home:
        ingest(home, batch[:half])
        with Memory(home) as m:
            m.consolidate()
            m.warm()
            tokens.load()  # as the organ does at start: quicktok holds the GIL while it loads
            before = [t for _ in range(200) for t in _answers(m, lambda: True)]
        ingest(home, batch[half:])
        with Memory(home) as m:
            m.warm()
            report: dict = {}

            def sleep() -> None:
                report.update(m.consolidate())
                m.warm()  # the new index, built on the consolidating thread

            sleeper = threading.Thread(target=sleep)
            started = time.perf_counter()
            sleeper.start()
            took = _answers(m, lambda: not sleeper.is_alive())
            sleeper.join(timeout=600)
            slept = time.perf_counter() - started
    ms = [t * 1000 for t in took]
    return {"consolidation_s": round(slept, 2), "folded": report.get("folded"), "answers": len(ms),
            "p50_ms": round(percentile(ms, 50), 2), "p95_ms": round(percentile(ms, 95), 2),
            "max_ms": round(max(ms), 1), "before_p95_ms": round(percentile([t * 1000 for t in before], 95), 2),
            "load": round(os.getloadavg()[0], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--add", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--during", action="store_true", help="also recall and inject while consolidating")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    base, seed = events(1, args.events)
    with tempfile.TemporaryDirectory(prefix="ab-sleep-") as home, \
            tempfile.TemporaryDirectory(prefix="ab-sleep-empty-") as empty:
        took = ingest(home, base)
        print(json.dumps({"ingest": {"events": len(base), "seconds": round(took, 2),
                                     "events_per_s": round(len(base) / took)}}))
        scratch = consolidate_in_child(home)
        print(json.dumps({"scratch": scratch, "load": os.getloadavg()[0]}))
        added, baseline = [], []
        for _ in range(args.rounds):
            batch, seed = events(seed, args.add)
            ingest(home, batch)
            added.append(consolidate_in_child(home))
            with tempfile.TemporaryDirectory(prefix="ab-sleep-one-", dir=empty) as alone:
                ingest(alone, batch)
                baseline.append(consolidate_in_child(alone))
            print(json.dumps({"added": added[-1], "same_events_on_an_empty_store": baseline[-1]}))
        grown = statistics.median(a["wall_s"] for a in added)
        alone_s = statistics.median(b["wall_s"] for b in baseline)
        ratio = (statistics.median(a["cpu_s"] for a in added)
                 / max(1e-9, statistics.median(b["cpu_s"] for b in baseline)))
        print(f"scratch: {scratch['folded']} events in {scratch['wall_s']} s wall ({scratch['cpu_s']} s CPU), "
              f"peak RSS {scratch['rss_mb']} MB  {verdict(scratch['wall_s'] < 60 and scratch['rss_mb'] < 500)}")
        print(f"+{args.add} events on a {len(base)}-event store: median {grown:.3f} s wall; the same events alone "
              f"{alone_s:.3f} s; CPU ratio {ratio:.2f}  {verdict(max(a['wall_s'] for a in added) <= 2.0)}")
        print(f"load average {os.getloadavg()[0]:.1f}")
    if args.during:
        seen = during(base)
        print(json.dumps({"during": seen}))
        print(f"recall and inject while {seen['folded']} events consolidate ({seen['consolidation_s']} s): "
              f"{seen['answers']} answers, p95 {seen['p95_ms']} ms, max {seen['max_ms']} ms (before it: p95 "
              f"{seen['before_p95_ms']} ms)  {verdict(seen['max_ms'] < DEADLINE_S * 1000)}")


if __name__ == "__main__":
    main()
