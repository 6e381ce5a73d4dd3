"""Lessons before a call (a host's PreToolUse hook, actors/memory/before.py) against what the prompt's block
already brings, on journals replayed in time: which later failures were warned of, at what cost.

Each journal's sessions are put in time order; memory learns from the first half (ingest, consolidate) and the
second half is replayed as an agent host's hooks would meet it: each prompt (a progress event) asks `inject`
as `actors hook UserPromptSubmit` does, and each call asks `before_call` first as `actors hook PreToolUse` does,
each under its session (a card is told once a session, as the organ does). Nothing is learned during the replay.

Three replays of every journal: the prompt hook alone (the baseline, measured in the same run on the same
stores), the PreToolUse hook alone, both. A failed call of the replayed half is *foreseeable* when a learned card
speaks to it (`before.speaks_to`: the same program and subcommand, file, host or ability), and *warned* when such a
card had been put in front of the model earlier in its session; since that definition is before.py's own, a second
one that is not: a *repeated* failure is one whose ability, program family and error signature are those of a
learned pitfall or rule (`distill.warning_keys`, the key the card was made under), warned when that card had been
shown in its session. Also: the calls a card was told before and how many of them failed, and the tokens the
hooks added per hundred calls.

    python bench/before_call.py [--sets fresh fresh2 ...] [--split half|each] [--latency 30000]

`--split each` replays every session after learning from all the others (a memory that has seen the rest of the
project, later sessions included): more of the failures are about a lesson learned elsewhere.

`--latency N` also times `Memory.before_call` in-process on a store of N generated cards (bench/recall.py's
realistic shapes), CPU and wall, p50 / p95 over 300 calls drawn from the programs, files and hosts the cards hold.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors.memory import before, distill, normalise  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from bench.recall_fresh import DEV_SETS, HERE, journal_clock  # noqa: E402
from broker import tokens  # noqa: E402

def sessions_in_order(events: list[dict]) -> list[str]:
    """The journal's sessions by their first event's time."""
    first: dict[str, float] = {}
    for e in events:
        first[e["session"]] = min(first.get(e["session"], e["ts"]), e["ts"])
    return sorted(first, key=lambda s: (first[s], s))


def replay(path: Path, hooks: tuple[str, ...], split: str = "half") -> Counter:
    """One journal, learned from part of its sessions and the rest replayed with the given hooks (prompt, before):
    `half`, the first half learned and the second replayed; `each`, every session replayed after learning from
    all the others. The replayed calls, their failures, those a learned card speaks to, those warned, the cost."""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    events = [e for e in events if isinstance(e.get("ts"), (int, float)) and e.get("session")]
    order = sessions_in_order(events)
    if split == "half":
        return replay_once(path, events, set(order[: (len(order) + 1) // 2]), hooks)
    total: Counter = Counter()
    for session in order:
        total.update(replay_once(path, events, set(order) - {session}, hooks))
    return total


def replay_once(path: Path, events: list[dict], learned: set[str], hooks: tuple[str, ...]) -> Counter:
    counts: Counter = Counter(dict.fromkeys(("calls", "failures", "foreseeable", "warned", "repeats", "repeats_warned",
                                            "told_calls", "told_failed", "tokens"), 0))
    with tempfile.TemporaryDirectory() as home, Memory(home, clock=journal_clock(path)) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in events if e["session"] in learned).encode()))
        m.consolidate()
        cards = {c.id: c for c in m.cards()}
        by_key = {c.key: c.id for c in cards.values() if c.kind in ("pitfall", "rule")}
        shown: dict[str, set[int]] = {}  # session -> the cards put in front of the model so far
        for e in sorted((e for e in events if e["session"] not in learned), key=lambda e: e["ts"]):
            session = e["session"]
            if e.get("kind") == "progress" and e.get("text") and "prompt" in hooks:
                block = m.inject(e["text"], session).block
                counts["tokens"] += block.tokens
                shown.setdefault(session, set()).update(block.cards)
                continue
            if e.get("kind") != "call" or not e.get("organ") or not e.get("ability"):
                continue
            args = e.get("args") if isinstance(e.get("args"), dict) else {}
            told = m.before_call(e["organ"], e["ability"], args, session).block if "before" in hooks else None
            if told is not None:
                counts["tokens"] += told.tokens
                shown.setdefault(session, set()).update(told.cards)
            call = before.call_of(e["organ"], e["ability"], args)
            failed = e.get("ok") is False
            speaking = {i for i, c in cards.items() if before.speaks_to(c.kind, c.identity, c.wrong, call)}
            counts["calls"] += 1
            counts["failures"] += failed
            counts["foreseeable"] += failed and bool(speaking)
            counts["warned"] += failed and bool(speaking & shown.get(session, set()))
            work = normalise.work_of(e["organ"], e["ability"], args)
            repeated = {by_key[k] for k in distill.warning_keys(f"{e['organ']}.{e['ability']}", work.family,
                                                                normalise.error_signature(str(e.get("error") or "")))
                        if k in by_key} if failed else set()
            counts["repeats"] += bool(repeated)
            counts["repeats_warned"] += bool(repeated & shown.get(session, set()))
            counts["told_calls"] += bool(told and told.cards)
            counts["told_failed"] += bool(told and told.cards) and failed
    return counts


def latency(n_cards: int, seed: int = 7) -> dict:
    """Memory.before_call's time on a store of n generated cards (bench/recall.py's realistic shapes: Zipf-drawn
    programs, files and hosts), for 300 calls drawn from the same programs, files and hosts by how many cards hold
    them (the common ones most: their postings are the longest), CPU and wall, ms."""
    from bench.recall import CardStore, _filler, transaction  # the store recall's own latency figure uses

    rng = random.Random(seed)
    drafts, _ = _filler(rng, "realistic", n_cards)
    held = {field: Counter(t for d in drafts for t in d.identity.get(field, ())) for field in ("program", "file", "host")}
    pick = {field: (list(c), list(c.values())) for field, c in held.items()}
    calls = []
    for _ in range(300):
        kind = rng.choice(("program", "program", "file", "host"))
        value = rng.choices(*pick[kind])[0]
        calls.append(("shell", "run", {"command": f"{value} {rng.choice(pick['program'][0])} --fast"}) if kind == "program"
                     else ("fs", "read", {"path": f"src/{value}"}) if kind == "file"
                     else ("http", "get", {"url": f"https://{value}/v1/items"}))
    cpu: list[float] = []
    wall: list[float] = []
    told = 0
    with tempfile.TemporaryDirectory() as home, Memory(home) as m:
        with transaction(m.writer):
            CardStore(m.writer).sync(drafts, time.time())
        for organ, ability, args in calls[:20]:  # recall's index and the lessons' postings, once
            m.before_call(organ, ability, args)
        for organ, ability, args in calls:
            c0, w0 = time.thread_time(), time.perf_counter()
            told += bool(m.before_call(organ, ability, args).block.cards)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    q = lambda xs, p: statistics.quantiles(xs, n=100)[p - 1]  # noqa: E731
    return {"cards": n_cards, "calls": len(calls), "calls_told_a_card": told,
            "cpu_p50_ms": round(q(cpu, 50), 3), "cpu_p95_ms": round(q(cpu, 95), 3),
            "wall_p50_ms": round(q(wall, 50), 3), "wall_p95_ms": round(q(wall, 95), 3),
            "load": round(os.getloadavg()[0], 2)}


CONFIGS = {"prompt": ("prompt",), "before": ("before",), "both": ("prompt", "before")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(DEV_SETS), help="sets under bench/data (dev ones only)")
    parser.add_argument("--split", choices=("half", "each"), default="half",
                        help="learn from the first half of each journal's sessions and replay the rest, or replay "
                             "each session after learning from all the others")
    parser.add_argument("--latency", type=int, default=0, metavar="N", help="also time before_call at N cards")
    args = parser.parse_args()
    paths = [p for name in args.sets for p in sorted((HERE / "data" / name / "memory").glob("journal-*.jsonl"))]
    report: dict = {"sets": args.sets, "journals": len(paths), "split": args.split}
    for name, hooks in CONFIGS.items():
        c = Counter()
        for path in paths:
            c.update(replay(path, hooks, args.split))
        report[name] = {"replayed_calls": c["calls"], "failures": c["failures"],
                        "foreseeable_failures": c["foreseeable"],
                        "warned": f"{c['warned']}/{c['foreseeable']}",
                        "warned_share_of_foreseeable": round(c["warned"] / max(c["foreseeable"], 1), 4),
                        "repeated_failures_warned": f"{c['repeats_warned']}/{c['repeats']}",
                        "calls_told_a_card_before": c["told_calls"], "of_them_failed": c["told_failed"],
                        "tokens_per_100_calls": round(100 * c["tokens"] / max(c["calls"], 1), 1)}
    if args.latency:
        report["latency"] = latency(args.latency)
    report["token_counter"] = tokens.ENCODING
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
