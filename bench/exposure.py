"""Capability exposure on held-out intents: cold, warm (after learning from the dev intents) and plain BM25.

Each data set is a catalogue and labelled intents split into a dev half (tuned on) and a test half
(reported, never tuned on). real-mcp: dev = shared/data/exposure/real-mcp-dev.jsonl + bench/data/real-mcp-own.jsonl
(both looked at while tuning), test = bench/data/real-mcp-test.jsonl (written by another method before any
tuning). livemcpbench, bfcl and metatool: their one file split in halves by a fixed seed.
real-mcp-fresh2 and livemcpbench-fresh2: a second evaluator's intents (bench/data/fresh2/exposure), scored
once held out on the round-1 release and dev material since: a dev half only. real-mcp-fresh3 and
livemcpbench-fresh3 (bench/data/fresh3/exposure): a third evaluator's, likewise since the round-2 release.
real-mcp-fresh4, livemcpbench-fresh4 (bench/data/fresh4/exposure, a fourth evaluator's) and real-mcp-fresh5,
livemcpbench-fresh5 (bench/data/fresh5/exposure, a fifth's): held out through round 8, dev material from round 9
on (a dev half only). real-mcp-fresh8 and livemcpbench-fresh8 (bench/data/fresh8/exposure, an eighth's): held out
through round 11, dev material from round 12 on (its whole file a dev half). real-mcp-fresh9 and
livemcpbench-fresh9 (bench/data/fresh9/exposure, a ninth's): held out through round 13, dev material from
round 14 on (its whole file a dev half). Held out, a test half only: real-mcp-fresh10 and
livemcpbench-fresh10 (bench/data/fresh10/exposure, a tenth's) and real-mcp-fresh11 and livemcpbench-fresh11
(bench/data/fresh11/exposure, an eleventh's). real-mcp-fresh12 and livemcpbench-fresh12
(bench/data/fresh12/exposure, a twelfth's): held out through round 17, dev material from round 18 on (its
whole file a dev half). Held out too: real-mcp-fresh13 and livemcpbench-fresh13 (bench/data/fresh13/exposure, a
thirteenth's), real-mcp-fresh14 and livemcpbench-fresh14 (bench/data/fresh14/exposure, a fourteenth's, sub-tasks a
planning agent hands to a worker agent), real-mcp-fresh15 and livemcpbench-fresh15 (bench/data/fresh15/exposure, a
fifteenth's, steps of runbooks and checklists). real-mcp-dev14 and livemcpbench-dev14 (bench/data/dev14/exposure): questions and complaints of a
working day written as dev material by another hand (a dev half only). real-mcp-outcomes and livemcpbench-outcomes
(bench/data/outcomes-dev): dev material from the start, problems and goals in the words of the people affected.
Methods, on each half:
  cold   broker.exposure.select with no history, its default budget
  warm   the same after learning from a journal built from the dev half (the intent as a progress event,
         its first gold set as the calls made); on the dev half itself, two-fold: each fold is answered
         after learning from the other (learning from an intent and answering it would prove nothing)
  bm25   plain BM25 over the same index, the intent's own words, best first while they fit the same budget
Printed per half and method:
  recall     intents whose needed tools were all exposed / intents that need a tool
  reduction  mean over intents of 1 - tokens sent / tokens of all tools (find_abilities counted for all)
  neg tok    mean tokens sent for intents that need no tool (if the set has such intents)
  p50/p95    selection latency, token count included, in ms
Tokens: o200k (quicktok) of the compact JSON list of MCP tool objects actually sent.
`--ablate` prints instead, for each knowledge source, dev recall and reduction without it (cold; warm for
the learned sources). `--misses` prints the dev intents missed cold, then warm as a held-out set learns (from the
catalogue's first set's dev half; for that set itself, from the others), each gold tool left out with its rank,
its score as a share of the best and its tokens, and per set how many missed intents were budget-bound (the
gold tool scored within the cut-off), below the cut-off or matched nothing; it never reads a test half.
`--small K` scores small catalogues built from the dev sets (the first-aid case: a user's own few organs): for each
dev intent, a catalogue of its gold organs and K-1 other organs of the set's catalogue (fewer others when the gold
already spans more; K organs for an intent needing none), drawn with a fixed seed per intent; printed per set: recall,
reduction, precision (mean over intents that need tools of the share of exposed tools that are gold, in any of the
alternative gold sets, or a companion of one), how many intents got the small catalogue whole and the mean tokens
sent for intents that need no tool. `--without a,b`
leaves knowledge sources out (cold runs and `--small`): `--without prior,catalogue.unmatched` is round 12's selector.
`--transfer` prints, for each dev set of a catalogue with several, cold, the two-fold warm and warm after learning
only from other hands' dev intents: the catalogue's first set (w-base, what warm learns on a held-out set) and
every other dev set (w-othr); a held-out set is never learned from.

    python bench/exposure.py [--sets real-mcp,livemcpbench,bfcl,metatool] [--halves dev,test] [--limit N]
    python bench/exposure.py --ablate [--sets ...]
    python bench/exposure.py --misses [--sets ...]      # dev only
    python bench/exposure.py --transfer [--sets ...]    # dev only: what learning carries to another hand's words
    python bench/exposure.py --small 5 [--sets ...] [--without prior]   # dev only: small catalogues
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, verdict  # noqa: E402

from broker import tokens  # noqa: E402
from broker.exposure import (Associations, Catalogue, Context, Source, catalogue_from_mcp,  # noqa: E402
                             default_budget, lexicon, load_catalogue, select)
from broker.exposure import catalogue as exposure_catalogue  # noqa: E402
from broker.exposure.learning import episodes  # noqa: E402
from broker.exposure.selection import RELATIVE_CUTOFF, relevance  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "data"
FRESH2 = HERE / "data" / "fresh2" / "exposure"
FRESH3 = HERE / "data" / "fresh3" / "exposure"
FRESH4 = HERE / "data" / "fresh4" / "exposure"
FRESH5 = HERE / "data" / "fresh5" / "exposure"
FRESH8 = HERE / "data" / "fresh8" / "exposure"
FRESH9 = HERE / "data" / "fresh9" / "exposure"
FRESH10 = HERE / "data" / "fresh10" / "exposure"
FRESH11 = HERE / "data" / "fresh11" / "exposure"
FRESH12 = HERE / "data" / "fresh12" / "exposure"
FRESH13 = HERE / "data" / "fresh13" / "exposure"
FRESH14 = HERE / "data" / "fresh14" / "exposure"
FRESH15 = HERE / "data" / "fresh15" / "exposure"
DEV14 = HERE / "data" / "dev14" / "exposure"
OUTCOMES = HERE / "data" / "outcomes-dev"
SPLIT_SEED = 1729  # fixed: the halves never change between runs
# name -> (catalogue, dev files, test files); one file split in halves when dev and test are the same
SETS = {
    "real-mcp": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                 (str(HERE / "data" / "real-mcp-test.jsonl"),)),
    # written by hand by an evaluator who never read the project's code or data: report only, never tune on it
    "real-mcp-fresh": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                       (str(HERE / "data" / "fresh" / "exposure" / "real-mcp-fresh.jsonl"),)),
    "livemcpbench": ("catalogs/livemcpbench.json", ("exposure/livemcpbench.jsonl",), ("exposure/livemcpbench.jsonl",)),
    # a second evaluator's intents, scored once on the round-1 release: dev material from then on (no test half)
    "real-mcp-fresh2": ("catalogs/real-mcp.json", (str(FRESH2 / "real-mcp-fresh2.jsonl"),), ()),
    "livemcpbench-fresh2": ("catalogs/livemcpbench.json", (str(FRESH2 / "livemcpbench-fresh.jsonl"),), ()),
    # a third evaluator's intents, written from the catalogue's side, scored once held out on the round-2
    # release: dev material from then on (no test half)
    "real-mcp-fresh3": ("catalogs/real-mcp.json", (str(FRESH3 / "real-mcp-fresh3.jsonl"),), ()),
    "livemcpbench-fresh3": ("catalogs/livemcpbench.json", (str(FRESH3 / "livemcpbench-fresh3.jsonl"),), ()),
    # a fourth evaluator's intents, chat messages in people's words, and a fifth's, voice-dictated requests and
    # forwarded e-mails: held out through round 8 (scored on merged releases, never read), dev material from
    # round 9 on, when a new held-out set was being written by another hand (no test half)
    "real-mcp-fresh4": ("catalogs/real-mcp.json", (str(FRESH4 / "real-mcp-fresh4.jsonl"),), ()),
    "livemcpbench-fresh4": ("catalogs/livemcpbench.json", (str(FRESH4 / "livemcpbench-fresh4.jsonl"),), ()),
    "real-mcp-fresh5": ("catalogs/real-mcp.json", (str(FRESH5 / "real-mcp-fresh5.jsonl"),), ()),
    "livemcpbench-fresh5": ("catalogs/livemcpbench.json", (str(FRESH5 / "livemcpbench-fresh5.jsonl"),), ()),
    # an eighth evaluator's, chat requests written from imagined users' situations: held out through round 11,
    # dev material from round 12 on, its whole file a dev half (bench/data/fresh8/exposure/STATUS.md)
    "real-mcp-fresh8": ("catalogs/real-mcp.json", (str(FRESH8 / "real-mcp-fresh8.jsonl"),), ()),
    "livemcpbench-fresh8": ("catalogs/livemcpbench.json", (str(FRESH8 / "livemcpbench-fresh8.jsonl"),), ()),
    # a ninth evaluator's, requests written while holding an artefact (a log, a ticket, a screenshot): held out
    # through round 13 (scored five times, never read), dev material from round 14 on, its whole file a dev half
    # (bench/data/fresh9/STATUS.md)
    "real-mcp-fresh9": ("catalogs/real-mcp.json", (str(FRESH9 / "real-mcp-fresh9.jsonl"),), ()),
    "livemcpbench-fresh9": ("catalogs/livemcpbench.json", (str(FRESH9 / "livemcpbench-fresh9.jsonl"),), ()),
    # a tenth evaluator's, messages forwarded from teammates, e-mails and dictation: held out, report only, never
    # tune on them (bench/data/fresh10/STATUS.md)
    "real-mcp-fresh10": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                         (str(FRESH10 / "real-mcp-fresh10.jsonl"),)),
    "livemcpbench-fresh10": ("catalogs/livemcpbench.json", ("livemcpbench",),  # its dev half
                             (str(FRESH10 / "livemcpbench-fresh10.jsonl"),)),
    # an eleventh evaluator's, terse follow-ups typed in the middle of a piece of work, each after one sentence of
    # context: held out, report only, never tune on them (bench/data/fresh11/STATUS.md)
    "real-mcp-fresh11": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                         (str(FRESH11 / "real-mcp-fresh11.jsonl"),)),
    "livemcpbench-fresh11": ("catalogs/livemcpbench.json", ("livemcpbench",),  # its dev half
                             (str(FRESH11 / "livemcpbench-fresh11.jsonl"),)),
    # outcomes and problems as the people affected report them, written as dev material (read, tuned on): a whole
    # file a dev half (bench/data/outcomes-dev/README.md)
    "real-mcp-outcomes": ("catalogs/real-mcp.json", (str(OUTCOMES / "real-mcp-outcomes.jsonl"),), ()),
    "livemcpbench-outcomes": ("catalogs/livemcpbench.json", (str(OUTCOMES / "livemcpbench-outcomes.jsonl"),), ()),
    # a twelfth evaluator's, outcomes asked by people who are not developers: held out through exposure round 17
    # (scored five times, never read), dev material from round 18 on, its whole file a dev half (its memory part
    # stays held out; bench/data/fresh12/STATUS.md)
    "real-mcp-fresh12": ("catalogs/real-mcp.json", (str(FRESH12 / "real-mcp-fresh12.jsonl"),), ()),
    "livemcpbench-fresh12": ("catalogs/livemcpbench.json", (str(FRESH12 / "livemcpbench-fresh12.jsonl"),), ()),
    # a thirteenth evaluator's, questions and complaints of a developer's or an ops person's working day: held out,
    # report only, never tune on them (bench/data/fresh13/STATUS.md)
    "real-mcp-fresh13": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                         (str(FRESH13 / "real-mcp-fresh13.jsonl"),)),
    "livemcpbench-fresh13": ("catalogs/livemcpbench.json", ("livemcpbench",),  # its dev half
                             (str(FRESH13 / "livemcpbench-fresh13.jsonl"),)),
    # a fourteenth evaluator's, sub-tasks a planning agent hands to a worker agent: held out, report only, never tune
    # on them (bench/data/fresh14/STATUS.md)
    "real-mcp-fresh14": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                         (str(FRESH14 / "real-mcp-fresh14.jsonl"),)),
    "livemcpbench-fresh14": ("catalogs/livemcpbench.json", ("livemcpbench",),  # its dev half
                             (str(FRESH14 / "livemcpbench-fresh14.jsonl"),)),
    # a fifteenth evaluator's, steps of runbooks, READMEs, onboarding checklists and incident playbooks an agent is
    # asked to carry out: held out, report only, never tune on them (bench/data/fresh15/STATUS.md)
    "real-mcp-fresh15": ("catalogs/real-mcp.json", ("exposure/real-mcp-dev.jsonl", str(HERE / "data" / "real-mcp-own.jsonl")),
                         (str(FRESH15 / "real-mcp-fresh15.jsonl"),)),
    "livemcpbench-fresh15": ("catalogs/livemcpbench.json", ("livemcpbench",),  # its dev half
                             (str(FRESH15 / "livemcpbench-fresh15.jsonl"),)),
    # questions and complaints of a working day, written as dev material by another hand (bench/data/dev14)
    "real-mcp-dev14": ("catalogs/real-mcp.json", (str(DEV14 / "real-mcp-dev14.jsonl"),), ()),
    "livemcpbench-dev14": ("catalogs/livemcpbench.json", (str(DEV14 / "livemcpbench-dev14.jsonl"),), ()),
    "bfcl": ("catalogs/bfcl.json", ("exposure/bfcl-dev.jsonl",), ("exposure/bfcl-dev.jsonl",)),
    "metatool": ("catalogs/metatool.json", ("exposure/metatool-dev.jsonl",), ("exposure/metatool-dev.jsonl",)),
}
HELD_OUT = ("fresh10", "fresh11", "fresh13", "fresh14", "fresh15")  # sets nobody tuning reads: never learned from by --transfer
# held-out targets: (recall cold, recall warm, reduction)
TARGETS = {"real-mcp": (0.90, 0.95, 0.90), "bfcl": (0.97, 0.97, 0.97), "livemcpbench": (0.80, 0.80, 0.90)}

Answer = Callable[[str], tuple[list[str], int]]  # intent -> (addresses exposed, tokens sent)


@dataclass
class Result:
    """What one method did on one half of a data set."""

    method: str
    positives: int = 0
    satisfied: int = 0
    reductions: list[float] = field(default_factory=list)
    negative_tokens: list[int] = field(default_factory=list)
    latencies_s: list[float] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.satisfied / self.positives if self.positives else 1.0

    @property
    def reduction(self) -> float:
        return sum(self.reductions) / len(self.reductions) if self.reductions else 0.0


def satisfied(gold_any: list[list[str]], exposed: Iterable[str]) -> bool:
    """True when one of the alternative gold sets is wholly exposed."""
    shown = set(exposed)
    return any(set(gold) <= shown for gold in gold_any)


def evaluate(name: str, answer: Answer, rows: list[dict], full: int) -> Result:
    """Run one method over labelled intents."""
    result = Result(name)
    for row in rows:
        start = time.perf_counter()
        exposed, sent = answer(row["intent"])
        result.latencies_s.append(time.perf_counter() - start)
        result.reductions.append(1 - sent / full)
        if row["gold_any"]:
            result.positives += 1
            result.satisfied += satisfied(row["gold_any"], exposed)
        else:
            result.negative_tokens.append(sent)
    return result


def ours(catalogue: Catalogue, learned: Associations | None = None) -> Answer:
    """Our selector with its default budget; find_abilities is in the tokens sent."""
    context = Context(learned=learned)

    def answer(intent: str) -> tuple[list[str], int]:
        exposure = select(intent, catalogue, context)
        return list(exposure.exposed), exposure.tokens["exposed"]
    return answer


def bm25(catalogue: Catalogue) -> Answer:
    """Plain BM25 over the same index, the intent's own words: best first while they fit our default budget."""
    budget = default_budget(catalogue)

    def answer(intent: str) -> tuple[list[str], int]:
        scores = catalogue.index.score({term: 1.0 for term in lexicon.terms(intent)})
        chosen, used = [], 2 + catalogue.meta_tokens
        for i in sorted(scores, key=lambda i: (-scores[i], i)):
            if used + catalogue.tools[i].tokens + 1 <= budget:
                chosen.append(i)
                used += catalogue.tools[i].tokens + 1
        while chosen and tokens.count_text(catalogue.wire_text(sorted(chosen))) > budget:
            chosen.pop()
        return [catalogue.tools[i].address for i in chosen], tokens.count_text(catalogue.wire_text(sorted(chosen)))
    return answer


def journal(rows: list[dict]) -> list[dict]:
    """A journal in the contract's format: each intent as a progress event, its first gold set as the calls."""
    events, ts = [], 1_764_460_800.0
    for row in rows:
        if not row["gold_any"]:
            continue
        session = str(row["id"])
        events.append({"ts": ts, "session": session, "kind": "progress", "text": row["intent"]})
        for address in row["gold_any"][0]:
            organ, _, ability = address.partition(".")
            ts += 1.0
            events.append({"ts": ts, "session": session, "kind": "call", "organ": organ, "ability": ability,
                           "args": {}, "ok": True, "duration_ms": 1.0})
        ts += 60.0
    return events


def learned_from(rows: list[dict]) -> Associations:
    """What exposure learns from the journal of these intents."""
    return Associations(episodes(journal(rows)))


def halved(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """Two halves of labelled intents, by a fixed seed."""
    ids = sorted(str(row["id"]) for row in rows)
    random.Random(SPLIT_SEED).shuffle(ids)
    second = set(ids[len(ids) // 2:])
    return [r for r in rows if str(r["id"]) not in second], [r for r in rows if str(r["id"]) in second]


def warm_dev(name: str, catalogue: Catalogue, rows: list[dict], limit: int | None) -> Result:
    """Warm on dev without answering what was learned: each fold after learning from the other."""
    a, b = halved(rows)
    result = Result("warm")
    for learn, answer in ((a, b), (b, a)):
        part = evaluate("warm", ours(catalogue, learned_from(learn)), sample(answer, limit and limit // 2),
                        catalogue.full_tokens)
        result.positives += part.positives
        result.satisfied += part.satisfied
        result.reductions += part.reductions
        result.negative_tokens += part.negative_tokens
        result.latencies_s += part.latencies_s
    return result


def read_rows(path: Path) -> list[dict]:
    """Labelled intents of one file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def halves(name: str, data: Path) -> tuple[list[dict], list[dict]]:
    """The dev and test intents of a data set."""
    _, dev_files, test_files = SETS[name]
    # a dev "file" that names another set stands for that set's dev half (never its test half)
    dev = [row for f in dev_files for row in (halves(f, data)[0] if f in SETS else read_rows(data / f))]
    if dev_files != test_files:
        return dev, [row for f in test_files for row in read_rows(data / f)]
    return halved(dev)


def pooled_dev(name: str, data: Path) -> list[dict]:
    """The dev intents of every set on this set's catalogue whose test half is not this set's (never a test
    half): what a journal of the catalogue's use could hold, beside this set's own dev half."""
    catalogue, _, tests = SETS[name]
    rows = list(halves(name, data)[0])
    seen = {str(row["id"]) for row in rows}
    for other, (other_catalogue, dev_files, other_tests) in SETS.items():
        if other == name or other_catalogue != catalogue or (other_tests and other_tests == tests):
            continue
        if other_tests and dev_files == other_tests:
            continue  # a set split in halves: its dev half is this one's, or another's test half is in it
        for row in halves(other, data)[0]:
            if str(row["id"]) not in seen and row["id"] not in {r["id"] for r in rows}:
                seen.add(str(row["id"]))
                rows.append(row)
    return rows


def other_dev(name: str, data: Path, base_only: bool = False) -> list[dict]:
    """The dev intents of the other sets on this set's catalogue, none of this set's own (never a test half):
    what another group of people asked. base_only: only the catalogue's first set (what warm learns from on
    a held-out set)."""
    catalogue = SETS[name][0]
    own = {str(row["id"]) for row in halves(name, data)[0]}
    rows: list[dict] = []
    seen = set(own)
    for other, (other_catalogue, _, _) in SETS.items():
        if other_catalogue != catalogue or any(h in other for h in HELD_OUT):
            continue
        if other != name:
            for row in halves(other, data)[0]:
                if str(row["id"]) not in seen:
                    seen.add(str(row["id"]))
                    rows.append(row)
        if base_only:
            break
    return rows


def transfer(name: str, args: argparse.Namespace) -> list[tuple[str, int, int]]:
    """Dev recall cold, warm two-fold inside the set, and warm after learning from other sets only; the counts."""
    catalogue = load_catalogue(args.data / SETS[name][0])
    dev, _ = halves(name, args.data)
    base, others = other_dev(name, args.data, base_only=True), other_dev(name, args.data)
    if not others:
        return []
    rows = sample(dev, args.limit)
    results = [("dev", evaluate("cold", ours(catalogue), rows, catalogue.full_tokens)),
               ("dev", warm_dev(name, catalogue, dev, args.limit))]
    if base:
        results.append(("dev", evaluate("w-base", ours(catalogue, learned_from(base)), rows, catalogue.full_tokens)))
    results.append(("dev", evaluate("w-othr", ours(catalogue, learned_from(others)), rows, catalogue.full_tokens)))
    print(table(f"{name}: dev {len(dev)} intents; learned from the first set's dev {len(base)} (w-base), every "
                f"other dev set {len(others)} (w-othr)", results, catalogue.full_tokens))
    return [(r.method, r.positives, r.satisfied) for _, r in results]


def sample(rows: list[dict], limit: int | None) -> list[dict]:
    """An evenly spaced deterministic sample of at most limit rows."""
    if limit and limit < len(rows):
        step = len(rows) / limit
        rows = [rows[int(i * step)] for i in range(limit)]
    return rows


def table(title: str, results: list[tuple[str, Result]], full: int) -> str:
    """The printed table of one data set."""
    lines = [f"\n== {title}; all tools = {full} tokens",
             f"{'half':<5} {'method':<6} {'n':>5} {'recall':>8} {'reduction':>10} {'neg tok':>8} {'p50 ms':>7} {'p95 ms':>7}"]
    for half, r in results:
        neg = f"{sum(r.negative_tokens) / len(r.negative_tokens):.0f}" if r.negative_tokens else "-"
        lines.append(f"{half:<5} {r.method:<6} {len(r.reductions):>5} {r.recall:>8.1%} {r.reduction:>10.1%} {neg:>8} "
                     f"{percentile(r.latencies_s, 50) * 1e3:>7.2f} {percentile(r.latencies_s, 95) * 1e3:>7.2f}")
    return "\n".join(lines)


def run_set(name: str, args: argparse.Namespace) -> list[str]:
    """Measure one data set; the verdict lines of its held-out targets."""
    catalogue_file = SETS[name][0]
    catalogue = load_catalogue(args.data / catalogue_file, args.without)
    dev, test = halves(name, args.data)
    learned = learned_from(dev)
    rows = {"dev": sample(dev, args.limit), "test": sample(test, args.limit)}
    results = []
    for half in args.halves.split(","):
        if not rows[half]:
            continue  # a dev-only set has no test half
        results.append((half, evaluate("cold", ours(catalogue), rows[half], catalogue.full_tokens)))
        if half == "dev":
            results.append((half, warm_dev(name, catalogue, dev, args.limit)))
        else:
            results.append((half, evaluate("warm", ours(catalogue, learned), rows[half], catalogue.full_tokens)))
            pooled = pooled_dev(name, args.data)
            if len(pooled) > len(dev):  # the other dev sets of the same catalogue: more use to learn from
                results.append((half, evaluate("warm+", ours(catalogue, learned_from(pooled)), rows[half],
                                               catalogue.full_tokens)))
        results.append((half, evaluate("bm25", bm25(catalogue), rows[half], catalogue.full_tokens)))
    if results:  # a dev-only set asked for its test half has nothing to print
        print(table(f"{name}: dev {len(dev)} intents, test {len(test)} intents", results, catalogue.full_tokens))
    if name not in TARGETS or "test" not in args.halves.split(","):
        return []
    cold_target, warm_target, reduction_target = TARGETS[name]
    found = {r.method: r for half, r in results if half == "test"}
    if not found:
        return []
    cold, warm = found["cold"], found["warm"]
    met = cold.recall >= cold_target and warm.recall >= warm_target and min(cold.reduction, warm.reduction) >= reduction_target
    return [f"{name} test: cold {cold.recall:.1%} / warm {warm.recall:.1%} (targets {cold_target:.0%} / "
            f"{warm_target:.0%}), reduction {cold.reduction:.1%} / {warm.reduction:.1%} (target {reduction_target:.0%}), "
            f"p95 {percentile(cold.latencies_s, 95) * 1e3:.1f} ms: {verdict(met)}"]


SMALL_SEED = 1913  # fixed: the same small catalogues every run


def small_organs(row: dict, organs: list[str], k: int) -> list[str]:
    """The organs of one intent's small catalogue, in the big catalogue's order: its gold organs and others drawn
    with a seed of the intent's id, K in all (or just the gold organs when they are K or more)."""
    gold = {address.split(".", 1)[0] for alternative in row["gold_any"] for address in alternative}
    others = [organ for organ in organs if organ not in gold]
    drawn = random.Random(f"{SMALL_SEED}:{row['id']}").sample(others, max(0, min(k - len(gold), len(others))))
    return [organ for organ in organs if organ in gold or organ in drawn]


def precision(exposed: Iterable[str], gold_any: list[list[str]], catalogue: Catalogue) -> float:
    """The share of exposed tools that are gold (in any alternative) or a companion of a gold tool."""
    gold = {catalogue.by_address[a] for alternative in gold_any for a in alternative if a in catalogue.by_address}
    fine = gold | {j for i in gold for j in catalogue.companions[i]}
    shown = [catalogue.by_address[a] for a in exposed]
    return sum(i in fine for i in shown) / len(shown) if shown else 0.0


def small(name: str, args: argparse.Namespace, totals: dict[str, float]) -> None:
    """Cold selection on small catalogues built around each dev intent's gold organs; adds to the totals."""
    data = json.loads((args.data / SETS[name][0]).read_text(encoding="utf-8"))["organs"]
    organs = list(data)
    dev, _ = halves(name, args.data)
    rows = sample(dev, args.limit)
    result, precisions, whole, tools = Result("small"), [], 0, []
    built: dict[tuple[str, ...], Catalogue] = {}
    for row in rows:
        chosen = tuple(small_organs(row, organs, args.small))
        if chosen not in built:
            if len(built) >= 64:
                built.clear()
            built[chosen] = catalogue_from_mcp({organ: data[organ] for organ in chosen}, args.without)
        catalogue = built[chosen]
        exposure = select(row["intent"], catalogue)
        result.reductions.append(1 - exposure.tokens["exposed"] / catalogue.full_tokens)
        whole += len(exposure.exposed) == len(catalogue)
        tools.append(len(catalogue))
        if row["gold_any"]:
            result.positives += 1
            result.satisfied += satisfied(row["gold_any"], exposure.exposed)
            precisions.append(precision(exposure.exposed, row["gold_any"], catalogue))
        else:
            result.negative_tokens.append(exposure.tokens["exposed"])
    mean_precision = sum(precisions) / len(precisions) if precisions else 0.0
    negatives = result.negative_tokens
    neg = f"{sum(negatives) / len(negatives):.0f}" if negatives else "-"
    print(f"{name:<22} {len(rows):>5} {sum(tools) / len(tools):>6.1f} {result.satisfied:>4}/{result.positives:<4} "
          f"{result.recall:>7.1%} {result.reduction:>10.1%} {mean_precision:>10.1%} {whole:>6} {neg:>8}")
    for key, value in (("rows", len(rows)), ("positives", result.positives), ("satisfied", result.satisfied),
                       ("reduction", sum(result.reductions)), ("precision", sum(precisions)), ("whole", whole),
                       ("negatives", len(negatives)), ("negative_tokens", sum(negatives))):
        totals[key] = totals.get(key, 0) + value


def ablate(name: str, args: argparse.Namespace) -> None:
    """Dev recall and reduction with each knowledge source left out."""
    dev, _ = halves(name, args.data)
    rows = sample(dev, args.limit)
    print(f"\n== {name} (dev, {len(rows)} intents): without each source, cold; learned sources warm (two-fold)")
    print(f"{'left out':<22} {'recall':>8} {'reduction':>10}   {'delta recall':>12}")
    base = {}
    for without in [None, *Source]:
        catalogue = load_catalogue(args.data / SETS[name][0], frozenset({without}) if without else frozenset())
        warm = without is not None and without.startswith("learned.")
        r = warm_dev(name, catalogue, dev, args.limit) if warm else evaluate("x", ours(catalogue), rows,
                                                                             catalogue.full_tokens)
        key = "warm" if warm else "cold"
        if without is None:
            base["cold"] = r
            base["warm"] = warm_dev(name, catalogue, dev, args.limit)
            for label in ("cold", "warm"):
                print(f"{'(nothing: ' + label + ')':<22} {base[label].recall:>8.1%} {base[label].reduction:>10.1%}")
            continue
        delta = r.recall - base[key].recall
        print(f"{without.value:<22} {r.recall:>8.1%} {r.reduction:>10.1%}   {delta * 100:>+11.1f}pt")


def misses(name: str, args: argparse.Namespace) -> None:
    """Print each dev intent our selector misses cold, then warm as on a held-out set (after learning from the
    catalogue's first set's dev half, `w-base`; for that set itself, from the other sets): the gold tools not
    exposed, their rank and score share."""
    catalogue = load_catalogue(args.data / SETS[name][0])
    dev, _ = halves(name, args.data)
    missed_by(name, catalogue, dev, Context(), "cold", args)
    base = other_dev(name, args.data, base_only=True) or other_dev(name, args.data)
    if base:
        missed_by(name, catalogue, dev, Context(learned=learned_from(base)), f"warm (learned {len(base)})", args)


def missed_by(name: str, catalogue: Catalogue, dev: list[dict], context: Context, method: str,
              args: argparse.Namespace) -> None:
    """Print the dev intents missed with this context, and how many missed intents each kind of miss holds."""
    print(f"\n== {name} (dev, {len(dev)} intents): misses, {method}")
    kinds = {kind: 0 for kind in MISS_KINDS}  # intents by the worst reason one of their gold tools was left out
    for row in sample(dev, args.limit):
        exposure = select(row["intent"], catalogue, context)
        if not row["gold_any"] or satisfied(row["gold_any"], exposure.exposed):
            continue
        scores = relevance(row["intent"], catalogue, context)
        ranked = {i: rank for rank, i in enumerate(sorted(scores, key=lambda i: (-scores[i], i)))}
        top = max(scores.values(), default=1.0)
        shown = set(exposure.exposed)
        nearest = min(row["gold_any"], key=lambda gold: len(set(gold) - shown))
        print(f"- [{row['id']}] {row['intent'][:160]}  ({len(shown)} tools, {exposure.tokens['exposed']} tokens)")
        worst = 0
        for address in (a for a in nearest if a not in shown):
            i = catalogue.by_address.get(address)
            if i is None:
                print(f"    {address}: not in the catalogue")
                worst = len(MISS_KINDS) - 1
            else:
                share = scores.get(i, 0.0) / top
                worst = max(worst, miss_kind(share))
                print(f"    {address}: rank {ranked.get(i, '-')}, score {share:.2f} of the best, "
                      f"{catalogue.tools[i].tokens} tokens")
        kinds[MISS_KINDS[worst]] += 1
    print("  missed intents by the worst gold tool left out: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))


# why a gold tool was left out: it scored within the cut-off but the budget was spent on better-scored tools,
# it scored below the cut-off (a weak match), or nothing of the intent matched it at all
MISS_KINDS = ("budget", "below cut-off", "no match")


def miss_kind(share: float) -> int:
    """The index in MISS_KINDS of a gold tool left out with this share of the best score."""
    return 2 if share <= 0 else (1 if share < RELATIVE_CUTOFF else 0)


def main() -> None:
    args = _parse_args()
    if args.prior_tools is not None:
        exposure_catalogue.PRIOR_TOOLS = args.prior_tools
    print("tokens: o200k (quicktok), compact JSON of the MCP tool objects sent; reduction is the mean over intents")
    verdicts = []
    transferred: dict[str, list[int]] = {}
    totals: dict[str, float] = {}
    if args.small:
        print(f"small catalogues of {args.small} organs (cold; without: {','.join(sorted(args.without)) or '-'})")
        print(f"{'set':<22} {'n':>5} {'tools':>6} {'found':>9} {'recall':>7} {'reduction':>10} {'precision':>10} "
              f"{'whole':>6} {'neg tok':>8}")
    for name in args.sets.split(","):
        if args.small:
            small(name, args, totals)
        elif args.misses:
            misses(name, args)
        elif args.transfer:
            for method, positives, hits in transfer(name, args):
                counts = transferred.setdefault(method, [0, 0])  # not `totals`: that is --small's
                counts[0] += positives
                counts[1] += hits
        elif args.ablate:
            ablate(name, args)
        else:
            verdicts.extend(run_set(name, args))
    if verdicts:
        print("\n" + "\n".join(verdicts))
    if totals:
        print(f"{'all':<22} {totals['rows']:>5} {'':>6} {totals['satisfied']:>4}/{totals['positives']:<4} "
              f"{totals['satisfied'] / totals['positives']:>7.1%} {totals['reduction'] / totals['rows']:>10.1%} "
              f"{totals['precision'] / totals['positives']:>10.1%} {totals['whole']:>6} "
              f"{totals['negative_tokens'] / max(totals['negatives'], 1):>8.0f}")
    if transferred:
        print("\nall sets: " + ", ".join(f"{m} {h}/{n} ({h / n:.1%})" for m, (n, h) in transferred.items()))


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated data sets: " + ", ".join(SETS))
    parser.add_argument("--halves", default="dev,test", help="dev, test or both")
    parser.add_argument("--limit", type=int, default=None, help="an evenly spaced sample of N intents per half")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data directory")
    parser.add_argument("--ablate", action="store_true", help="dev recall without each knowledge source")
    parser.add_argument("--transfer", action="store_true",
                        help="dev recall warm after learning from the other dev sets of the catalogue only (and "
                             "from its first set alone), beside cold and the two-fold warm inside the set")
    parser.add_argument("--misses", action="store_true",
                        help="the dev intents missed cold, then warm as a held-out set learns, with the rank of each "
                             "gold tool left out (dev only: test halves are never read intent by intent)")
    parser.add_argument("--small", type=int, default=0, metavar="K",
                        help="dev only: small catalogues of each intent's gold organs and K-1 others (fixed seed)")
    parser.add_argument("--prior-tools", type=int, default=None, metavar="N",
                        help="catalogue.PRIOR_TOOLS for this run (the curve of round 13)")
    parser.add_argument("--without", type=lambda text: frozenset(Source(s) for s in text.split(",") if s),
                        default=frozenset(), help="knowledge sources left out, comma-separated (cold and --small)")
    return parser.parse_args()


if __name__ == "__main__":
    main()
