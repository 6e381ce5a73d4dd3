"""Capability exposure: full-set recall vs tool-schema tokens, our selector against baselines, in one run.

For each data set (a catalogue and labelled intents) and each method, every intent is answered with a
list of MCP tool objects; the script counts its o200k tokens as compact JSON (the wire format) and
checks whether one of the intent's gold sets is wholly exposed. Printed per data set and method:
  recall     intents whose needed tools were all exposed / intents that need a tool
  reduction  1 - tokens exposed / tokens of all tools (find_abilities counted for our selector)
  neg tok    mean tokens exposed for intents that need no tool (if the set has such intents)
  p50/p95    selection latency, token count included, in ms
Methods: ours (broker.exposure.select, default budget); all tools; the "plugin" approach (top 4 organs
by keyword routing, at most 10 tools each, plus an always-on core of file tools); plain BM25 top-k.
Targets: bfcl recall >= 95% at >= 97% reduction; real-mcp and livemcpbench >= 90% at >= 90%.

    python bench/exposure.py [--sets real-mcp,own,livemcpbench,bfcl,metatool] [--limit N] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, verdict  # noqa: E402

from broker import tokens  # noqa: E402
from broker.exposure import Catalogue, lexicon, load_catalogue, select  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "data"
SETS = {  # name -> (catalogue, intents); a relative intents path is under the data directory
    "real-mcp": ("catalogs/real-mcp.json", "exposure/real-mcp-dev.jsonl"),
    "own": ("catalogs/real-mcp.json", str(HERE / "data" / "real-mcp-own.jsonl")),
    "livemcpbench": ("catalogs/livemcpbench.json", "exposure/livemcpbench.jsonl"),
    "bfcl": ("catalogs/bfcl.json", "exposure/bfcl-dev.jsonl"),
    "metatool": ("catalogs/metatool.json", "exposure/metatool-dev.jsonl"),
}
TARGETS = {"bfcl": (0.95, 0.97), "real-mcp": (0.90, 0.90), "livemcpbench": (0.90, 0.90)}  # recall, reduction
TOP_K = (5, 10, 20)
PLUGIN_ORGANS, PLUGIN_TOOLS = 4, 10
CORE_NAMES = ("read_file", "read_text_file", "write_file", "edit_file", "list_directory", "search_files")
CORE_MAX = 6

Method = Callable[[str, Catalogue], list[int]]  # intent -> positions of the tools sent (besides any meta tool)


@dataclass
class Result:
    """What one method did on one data set."""

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


def evaluate(name: str, answer: Callable[[str], tuple[list[str], int]], rows: list[dict], full: int) -> Result:
    """Run one method over labelled intents; answer gives (addresses exposed, tokens sent)."""
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


def ours(catalogue: Catalogue) -> Callable[[str], tuple[list[str], int]]:
    """Our selector with its default budget; find_abilities is in the tokens sent."""
    def answer(intent: str) -> tuple[list[str], int]:
        exposure = select(intent, catalogue)
        return list(exposure.exposed), exposure.tokens["exposed"]
    return answer


def baseline(catalogue: Catalogue, method: Method) -> Callable[[str], tuple[list[str], int]]:
    """A baseline that sends the tools method picks, nothing else."""
    def answer(intent: str) -> tuple[list[str], int]:
        chosen = method(intent, catalogue)
        sent = tokens.count_text(catalogue.wire_text(sorted(chosen), meta=False))
        return [catalogue.tools[i].address for i in chosen], sent
    return answer


def all_tools(intent: str, catalogue: Catalogue) -> list[int]:
    """Every tool, every time."""
    return list(range(len(catalogue)))


def top_k(k: int) -> Method:
    """Plain BM25 over the same index, the intent's own words only: the k best tools."""
    def method(intent: str, catalogue: Catalogue) -> list[int]:
        scores = catalogue.index.score(_plain_query(intent))
        return sorted(scores, key=lambda i: (-scores[i], i))[:k]
    return method


def plugin(intent: str, catalogue: Catalogue) -> list[int]:
    """Keyword routing to the 4 best organs, at most 10 tools each, plus an always-on core of file tools."""
    query = _plain_query(intent)
    organ_scores = catalogue.organ_index.score(query)
    organs = sorted(organ_scores, key=lambda k: (-organ_scores[k], k))[:PLUGIN_ORGANS]
    tool_scores = catalogue.index.score(query)
    chosen = [i for i, tool in enumerate(catalogue.tools) if tool.name in CORE_NAMES][:CORE_MAX]
    for k in organs:
        members = catalogue.organs[catalogue.organ_names[k]]
        ranked = sorted(members, key=lambda i: (-tool_scores.get(i, 0.0), i))[:PLUGIN_TOOLS]
        chosen.extend(i for i in ranked if i not in chosen)
    return chosen


def _plain_query(intent: str) -> dict[str, float]:
    return {term: 1.0 for term in lexicon.terms(intent)}


def methods(catalogue: Catalogue) -> list[tuple[str, Callable[[str], tuple[list[str], int]]]]:
    """Our selector and the baselines, in the order they are printed."""
    return ([("ours", ours(catalogue)), ("all tools", baseline(catalogue, all_tools)),
             ("plugin 4x10+core", baseline(catalogue, plugin))]
            + [(f"bm25 top-{k}", baseline(catalogue, top_k(k))) for k in TOP_K])


def load_rows(path: Path, limit: int | None) -> list[dict]:
    """Labelled intents; with limit, an evenly spaced deterministic sample of that many."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if limit and limit < len(rows):
        step = len(rows) / limit
        rows = [rows[int(i * step)] for i in range(limit)]
    return rows


def table(name: str, results: list[Result], rows: list[dict], full: int) -> str:
    """The printed table of one data set."""
    negatives = sum(1 for r in rows if not r["gold_any"])
    head = (f"\n== {name}: {len(rows)} intents ({len(rows) - negatives} need tools, {negatives} none); "
            f"all tools = {full} tokens")
    lines = [head, f"{'method':<18} {'recall':>8} {'reduction':>10} {'neg tok':>8} {'p50 ms':>7} {'p95 ms':>7}"]
    for r in results:
        neg = f"{sum(r.negative_tokens) / len(r.negative_tokens):.0f}" if r.negative_tokens else "-"
        lines.append(f"{r.method:<18} {r.recall:>8.1%} {r.reduction:>10.1%} {neg:>8} "
                     f"{percentile(r.latencies_s, 50) * 1e3:>7.2f} {percentile(r.latencies_s, 95) * 1e3:>7.2f}")
    return "\n".join(lines)


def main() -> None:
    args = _parse_args()
    print("tokens: o200k (quicktok), compact JSON of the MCP tool objects sent; reduction is the mean over intents")
    verdicts = []
    catalogues: dict[str, Catalogue] = {}
    for name in args.sets.split(","):
        catalogue_file, intents_file = SETS[name]
        if catalogue_file not in catalogues:
            catalogues[catalogue_file] = load_catalogue(args.data / catalogue_file)
        catalogue = catalogues[catalogue_file]
        rows = load_rows(args.data / intents_file, args.limit)
        results = [evaluate(label, answer, rows, catalogue.full_tokens) for label, answer in methods(catalogue)]
        print(table(name, results, rows, catalogue.full_tokens))
        if name in TARGETS:
            recall, reduction = TARGETS[name]
            ours_result = results[0]
            met = ours_result.recall >= recall and ours_result.reduction >= reduction
            verdicts.append(f"{name}: recall {ours_result.recall:.1%} (target {recall:.0%}), reduction "
                            f"{ours_result.reduction:.1%} (target {reduction:.0%}), p95 "
                            f"{percentile(ours_result.latencies_s, 95) * 1e3:.1f} ms: {verdict(met)}")
    print("\n" + "\n".join(verdicts))


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated data sets: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=None, help="an evenly spaced sample of N intents per set")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data directory")
    return parser.parse_args()


if __name__ == "__main__":
    main()
