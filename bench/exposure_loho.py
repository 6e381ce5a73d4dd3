"""Which exposure sources and constants generalize: each source left out, each constant re-chosen, leave one hand out
(round 20; the method of memory's bench/recall_loho.py).

A *hand* is the dev material of one writer: the project's own real-MCP dev intents, LiveMCPBench's dev half, each
evaluator's sets (fresh2-fresh5, fresh8, fresh9, fresh12, dev14, outcomes: the real-MCP and LiveMCPBench sets of a
writer are one hand), BFCL's dev half and MetaTool's. A *cell* is one dev set of `exposure.py` (22). Every variant
answers every dev intent cold, and warm two-fold inside its set (as `exposure.py --halves dev`), with the
catalogues built once per variant and the learned associations once per run.

Sources (`--sources`): each knowledge source of `broker.exposure.Source` left out (as `exposure.py --without`). A
source was made on some hands (`ORIGIN`: the hands that were dev when its round chose it, docs/exposure.md); its
held-out estimate is its effect on the other hands: recall (cold and warm) with the source minus without it, the
mean over those hands of each hand's recall, and the reduction likewise.

Constants (`--constants`): a grid of values for each. Leaving one hand out, the value with the best mean recall
(cold and warm, over the other hands) among those whose reduction on the other hands holds the targets (90% on the
real-MCP and LiveMCPBench hands, 97% on BFCL's; the default wins a tie) is scored on the hand left out; the report
gives the mean over left-out hands of that, against the default's.

    python bench/exposure_loho.py --sources [--only NAME ...] [--out FILE.json] [--shard I/N]
    python bench/exposure_loho.py --constants [--only NAME ...] [--out FILE.json] [--shard I/N]
    python bench/exposure_loho.py --report FILE.json ...     (the tables of runs saved before, merged)
    python bench/exposure_loho.py --net --out AFTER.json; python bench/exposure_loho.py --report AFTER.json --against
        BEFORE.json      (every cell with the code as it stands, per hand against a run saved before)

Learning across hands (`--transfer-misses`, `--transfer-constants`; round 21): for each real-MCP and LiveMCPBench
cell, w-othr is warm after learning only from the other cells of its catalogue (the other hands' dev intents, as
`exposure.py --transfer`). `--transfer-misses` splits its misses by what those episodes held (docs/exposure.md,
round 21); `--transfer-constants` re-chooses learning's constants (TRANSFER_CONSTANTS): leaving one hand out, the
value with the best w-othr on the other hands, cold and two-fold warm not lower and the reductions (w-othr's and
two-fold warm's) holding the targets there, is scored on the hand left out.

    python bench/exposure_loho.py --transfer-misses [--verbose]
    python bench/exposure_loho.py --transfer-constants [--only NAME ...] [--out FILE.json]

Round 20 ran this audit on main's code with the script as committed in 7d21ad9 (its CONSTANTS also held the weights
of the rules that round then removed: W_COGNATE, W_COMPLETED, COGNATE_SHARE; W_CODE was W_ABBREVIATION);
docs/exposure.md "Round 20" has the tables.

Dev only: it reads the dev sets of `exposure.py` and never a held-out one (`exposure.HELD_OUT`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import exposure as ex  # noqa: E402

from broker.exposure import Associations, Catalogue, Context, Source, companions, knowledge, load_catalogue  # noqa: E402
from broker.exposure import catalogue as catalogue_module  # noqa: E402
from broker.exposure import learning, selection  # noqa: E402

CELLS = ("real-mcp", "real-mcp-fresh2", "real-mcp-fresh3", "real-mcp-fresh4", "real-mcp-fresh5", "real-mcp-fresh8",
         "real-mcp-fresh9", "real-mcp-fresh12", "real-mcp-dev14", "real-mcp-outcomes", "livemcpbench",
         "livemcpbench-fresh2", "livemcpbench-fresh3", "livemcpbench-fresh4", "livemcpbench-fresh5",
         "livemcpbench-fresh8", "livemcpbench-fresh9", "livemcpbench-fresh12", "livemcpbench-dev14",
         "livemcpbench-outcomes", "bfcl", "metatool")
assert not any(held in cell for cell in CELLS for held in ex.HELD_OUT)


def hand_of(cell: str) -> str:
    """The writer of a dev set: real-mcp-fresh2 and livemcpbench-fresh2 are one hand."""
    for prefix in ("real-mcp-", "livemcpbench-"):
        if cell.startswith(prefix):
            return cell[len(prefix):]
    return cell  # real-mcp (the project's own), livemcpbench, bfcl, metatool


HANDS = tuple(dict.fromkeys(hand_of(c) for c in CELLS))
TARGET_REDUCTION = {"real-mcp": 0.90, "livemcpbench": 0.90, "bfcl": 0.97}  # by catalogue; MetaTool has none

# the hands that were dev when each round chose its rules (docs/exposure.md): rounds 1-8 had the four sets' dev
# halves and fresh2 (from round 2), fresh3 (from round 3); fresh4 and fresh5 from round 9, fresh8 from 12, fresh9
# from 14, outcomes from 15, fresh12 from 18, dev14 from 19
_R1 = {"real-mcp", "livemcpbench", "bfcl", "metatool"}
_R2 = _R1 | {"fresh2"}
_R3 = _R2 | {"fresh3"}
_R9 = _R3 | {"fresh4", "fresh5"}
_R12 = _R9 | {"fresh8"}
_R14 = _R12 | {"fresh9"}
_R15 = _R14 | {"outcomes"}
_R18 = _R15 | {"fresh12"}
_R19 = _R18 | {"dev14"}
ORIGIN: dict[str, set[str]] = {
    # the first release's sources (the ablation table of docs/exposure.md "Knowledge sources")
    **dict.fromkeys(("synonyms", "glossary", "abbreviations", "spelling", "compounds", "references", "clauses", "organs",
                     "organs.whole", "companions.named", "companions.producer", "companions.object",
                     "learned.similar", "learned.together", "meaning", "companions.read", "companions.list",
                     "references.written"), _R1),
    **dict.fromkeys(("zones", "commands", "currencies", "symbols", "calendar"), _R2),  # round 2
    **dict.fromkeys(("references.fills", "companions.entry", "arithmetic"), _R3),  # round 3
    **dict.fromkeys(("cities", "domains", "companions.first", "learned.popular"), _R3),  # rounds 4-5
    **dict.fromkeys(("completions", "companions.giver"), _R3),  # round 8
    **dict.fromkeys(("cognates", "derivations", "organs.named", "quoted", "references.quotes",
                     "companions.opener"), _R9),  # round 9
    **dict.fromkeys(("codes", "units", "percentiles", "questions", "ports"), _R9),  # round 11
    "media_types": _R12,  # round 12
    **dict.fromkeys(("prior", "catalogue.unmatched"), _R12),  # round 13
    **dict.fromkeys(("catalogue.everyday", "references.revisions", "references.slug_paths"), _R14),  # round 14
    **dict.fromkeys(("learned.statements", "abbreviations.whole_words"), _R15),  # round 15
    **dict.fromkeys(("derivations.opposites", "references.credentials"), _R15),  # round 16
    "organs.named_evenly": _R15,  # round 17
    **dict.fromkeys(("budget.brief", "catalogue.executors"), _R18),  # round 18
    "packages": _R19,  # round 19
    "references.readers": _R19,  # round 23: every hand was dev
}

# name -> (module, attribute, values tried, read when the catalogue is built). The default is the module's value.
_SEL, _KNOW, _COMP, _CAT = selection, knowledge, companions, catalogue_module
CONSTANTS: dict[str, tuple[object, str, tuple, bool]] = {
    "RELATIVE_CUTOFF": (_SEL, "RELATIVE_CUTOFF", (0.2, 0.25, 0.35, 0.4), False),
    "BRIEF_AFTER": (_SEL, "BRIEF_AFTER", (0.0, 0.1, 0.35, 0.5), False),
    "ORGAN_WEIGHT": (_SEL, "ORGAN_WEIGHT", (0.2, 0.3, 0.5, 0.6), False),
    "ORGAN_MIX": (_SEL, "ORGAN_MIX", (0.3, 0.7), False),
    "CLAUSE_WEIGHT": (_SEL, "CLAUSE_WEIGHT", (0.6, 0.7, 0.9, 1.0), False),
    "CLAUSE_FLOOR": (_SEL, "CLAUSE_FLOOR", (0.2, 0.4), False),
    "LEARNED_WEIGHT": (_SEL, "LEARNED_WEIGHT", (0.8, 1.2, 2.0, 2.4), False),
    "TOGETHER_WEIGHT": (_SEL, "TOGETHER_WEIGHT", (0.4, 0.6, 1.0), False),
    "NAMED_ORGAN_FLOOR": (_SEL, "NAMED_ORGAN_FLOOR", (0.4, 0.8, 1.0), False),
    "WHOLE_EVIDENCE": (_SEL, "WHOLE_EVIDENCE", (0.45, 0.5, 0.6, 0.65), False),
    "WHOLE_BUDGET_SHARE": (_SEL, "WHOLE_BUDGET_SHARE", (0.15, 0.2, 0.3, 0.35), False),
    "WHOLE_SHARE": (_SEL, "WHOLE_SHARE", (0.5, 0.6, 0.8), False),
    "W_SYNONYM": (_SEL, "W_SYNONYM", (0.3, 0.4, 0.6, 0.7), False),
    "W_CODE": (_SEL, "W_CODE", (0.6, 1.0), False),
    "W_FUZZY": (_SEL, "W_FUZZY", (0.2, 0.3, 0.5, 0.6), False),
    "W_DERIVED": (_SEL, "W_DERIVED", (0.3, 0.4, 0.6, 0.7), False),
    "W_REFERENCE": (_SEL, "W_REFERENCE", (0.2, 0.3, 0.5, 0.6), False),
    "W_HINT": (_SEL, "W_HINT", (0.5, 0.6, 1.0), False),
    "FILL_WEIGHT": (_SEL, "FILL_WEIGHT", (0.6, 1.0), False),
    "PACKAGE_WEIGHT": (_SEL, "PACKAGE_WEIGHT", (0.5, 0.6, 1.0), False),
    "PRECONDITION_TOP": (_SEL, "PRECONDITION_TOP", (1, 2, 5), False),
    "POPULAR_WEIGHT": (_SEL, "POPULAR_WEIGHT", (0.0, 0.2, 0.6), False),
    "STATEMENT_WEIGHT": (_SEL, "STATEMENT_WEIGHT", (0.5, 0.8), False),
    "MIN_INFLECTED": (_KNOW, "MIN_INFLECTED", (4, 6, 7), True),
    "NAMED_WEIGHT": (_COMP, "NAMED_WEIGHT", (0.5, 0.65, 1.0), True),
    "PRODUCER_WEIGHT": (_COMP, "PRODUCER_WEIGHT", (0.4, 0.5, 0.8), True),
    "OBJECT_WEIGHT": (_COMP, "OBJECT_WEIGHT", (0.2, 0.5), True),
    "LIST_WEIGHT": (_COMP, "LIST_WEIGHT", (0.35, 0.65), True),
    "READ_WEIGHT": (_COMP, "READ_WEIGHT", (0.35, 0.65), True),
    "ENTRY_WEIGHT": (_COMP, "ENTRY_WEIGHT", (0.35, 0.65), True),
    "W_NAME": (_CAT, "W_NAME", (2.0, 4.0), True),
    "W_PARAM_TEXT": (_CAT, "W_PARAM_TEXT", (0.25, 0.75), True),
    "ORGAN_B": (_CAT, "ORGAN_B", (0.15, 0.5), True),
}

Cell = list[float]  # [cold hits, warm hits, positives, cold reduction sum, warm reduction sum, intents]


class Bench:
    """The dev sets, their warm associations (learned once) and the catalogues of the current variant."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.rows = {cell: ex.halves(cell, data)[0] for cell in CELLS}
        self.relearn()
        self.catalogues: dict[str, Catalogue] = {}
        self.built_without: frozenset | None = None

    def relearn(self) -> None:
        """Learn every cell's folds (and, when asked, the other hands) again: for constants read while learning."""
        self.folds = {cell: [(learn_from, answer, Associations(ex.episodes(ex.journal(learn_from))))
                             for learn_from, answer in _folds(self.rows[cell])] for cell in CELLS}
        self._others: dict[str, Associations | None] = {}

    def catalogue(self, cell: str, without: frozenset) -> Catalogue:
        file = ex.SETS[cell][0]
        if self.built_without != without:
            self.catalogues, self.built_without = {}, without
        if file not in self.catalogues:
            self.catalogues[file] = load_catalogue(self.data / file, without)
        return self.catalogues[file]

    def run(self, without: frozenset = frozenset()) -> dict[str, Cell]:
        """Every cell's counts, cold and warm two-fold."""
        found = {}
        for cell in CELLS:
            catalogue = self.catalogue(cell, without)
            full = catalogue.full_tokens
            c = [0.0] * 6
            for row in self.rows[cell]:
                exposure = selection.select(row["intent"], catalogue)
                c[3] += 1 - exposure.tokens["exposed"] / full
                c[5] += 1
                if row["gold_any"]:
                    c[2] += 1
                    c[0] += ex.satisfied(row["gold_any"], exposure.exposed)
            for _, answer, learned in self.folds[cell]:
                context = Context(learned=learned)
                for row in answer:
                    exposure = selection.select(row["intent"], catalogue, context)
                    c[4] += 1 - exposure.tokens["exposed"] / full
                    if row["gold_any"]:
                        c[1] += ex.satisfied(row["gold_any"], exposure.exposed)
            found[cell] = c
        return found

    def others(self, cell: str) -> Associations | None:
        """What the other hands' dev sets on this cell's catalogue teach (learned once): None when it has none."""
        if cell not in self._others:
            own = {str(row["id"]) for row in self.rows[cell]}
            rows, seen = [], set(own)
            for other in CELLS:
                if other != cell and ex.SETS[other][0] == ex.SETS[cell][0]:
                    for row in self.rows[other]:
                        if str(row["id"]) not in seen:
                            seen.add(str(row["id"]))
                            rows.append(row)
            self._others[cell] = Associations(ex.episodes(ex.journal(rows))) if rows else None
        return self._others[cell]

    def run_transfer(self, without: frozenset = frozenset()) -> dict[str, Cell]:
        """Every cell with other hands on its catalogue: [cold hits, w-othr hits, positives, cold reduction sum,
        w-othr reduction sum, intents] (w-othr: warm after learning only from the other hands' dev sets)."""
        found = {}
        for cell in CELLS:
            learned = self.others(cell)
            if learned is None:
                continue
            catalogue = self.catalogue(cell, without)
            full = catalogue.full_tokens
            c = [0.0] * 6
            context = Context(learned=learned)
            for row in self.rows[cell]:
                cold = selection.select(row["intent"], catalogue)
                warm = selection.select(row["intent"], catalogue, context)
                c[3] += 1 - cold.tokens["exposed"] / full
                c[4] += 1 - warm.tokens["exposed"] / full
                c[5] += 1
                if row["gold_any"]:
                    c[2] += 1
                    c[0] += ex.satisfied(row["gold_any"], cold.exposed)
                    c[1] += ex.satisfied(row["gold_any"], warm.exposed)
            found[cell] = c
        return found

    def forget_words(self) -> None:
        """Drop what each catalogue remembers a word puts into a query (weights are read when it is recorded)."""
        for catalogue in self.catalogues.values():
            catalogue.word_puts.clear()


def _folds(rows: list[dict]) -> list[tuple[list[dict], list[dict]]]:
    a, b = ex.halved(rows)
    return [(a, b), (b, a)]


SPLIT = ("misses", "cold", "had", "together", "matched", "unmatched", "part", "none")


def transfer_misses(bench: Bench, verbose: bool = False) -> dict[str, dict[str, int]]:
    """Per cell, the w-othr misses (`cold`: of them, found cold) split by what the other hands' episodes held: `had`
    (every tool of a gold set was called in some episode; `together`: in one episode), `part` (some), `none`; `had`
    split again by whether the similar-episode suggestions held the tools left out (`matched`: a weighing miss) or
    not (`unmatched`: the episodes were not found)."""
    split: dict[str, dict[str, int]] = {}
    for cell in CELLS:
        learned = bench.others(cell)
        if learned is None:
            continue
        catalogue = bench.catalogue(cell, frozenset())
        used = {a for e in learned.episodes for a in e.abilities}
        together = [frozenset(e.abilities) for e in learned.episodes]
        context = Context(learned=learned)
        counts = split.setdefault(cell, dict.fromkeys(SPLIT, 0))
        for row in bench.rows[cell]:
            if not row["gold_any"]:
                continue
            exposure = selection.select(row["intent"], catalogue, context)
            if ex.satisfied(row["gold_any"], exposure.exposed):
                continue
            counts["misses"] += 1
            counts["cold"] += ex.satisfied(row["gold_any"], selection.select(row["intent"], catalogue).exposed)
            shown = set(exposure.exposed)
            held = [g for g in row["gold_any"] if set(g) <= used]
            if held:
                counts["had"] += 1
                suggested = learned.suggest(row["intent"])
                left = [a for a in held[0] if a not in shown]
                kind = "matched" if all(a in suggested for a in left) else "unmatched"
                counts[kind] += 1
                counts["together"] += any(set(g) <= episode for g in held for episode in together)
                if verbose:
                    print(f"{cell:<22} {kind:<9} {row['intent'][:90]!r} left {left} "
                          f"{[round(suggested.get(a, 0.0), 2) for a in left]}")
            else:
                counts["part" if any(a in used for g in row["gold_any"] for a in g) else "none"] += 1
    return split


# -- the arithmetic -------------------------------------------------------------------------------

def by_hand(cells: dict[str, Cell]) -> dict[str, dict[str, float]]:
    """Per hand: cold and warm recall (pooled over its cells) and, per catalogue, the mean reductions."""
    hands: dict[str, Cell] = {}
    for cell, c in cells.items():
        h = hands.setdefault(hand_of(cell), [0.0] * 6)
        for k in range(6):
            h[k] += c[k]
    return {h: {"cold": c[0] / max(c[2], 1), "warm": c[1] / max(c[2], 1), "red_cold": c[3] / max(c[5], 1),
                "red_warm": c[4] / max(c[5], 1), "positives": c[2]} for h, c in hands.items()}


def feasible(cells: dict[str, Cell], keep: Callable[[str], bool]) -> bool:
    """Whether the reductions of the kept cells hold the targets, per catalogue (pooled over its kept cells)."""
    sums: dict[str, list[float]] = {}
    for cell, c in cells.items():
        if keep(hand_of(cell)):
            catalogue = "real-mcp" if cell.startswith("real-mcp") else "livemcpbench" if \
                cell.startswith("livemcpbench") else cell
            s = sums.setdefault(catalogue, [0.0, 0.0])
            s[0] += min(c[3], c[4])  # the worse of cold and warm
            s[1] += c[5]
    return all(s[0] / s[1] >= TARGET_REDUCTION.get(k, 0.0) for k, s in sums.items())


def mean_recall(hands: dict[str, dict[str, float]], keep: Callable[[str], bool]) -> float:
    """The mean over kept hands of (cold + warm) / 2 recall."""
    kept = [(v["cold"] + v["warm"]) / 2 for h, v in hands.items() if keep(h)]
    return sum(kept) / max(len(kept), 1)


def source_effect(base: dict[str, Cell], off: dict[str, Cell], origin: set[str]) -> dict:
    """With the source minus without it, on its own hands and on the others: recall and reduction points."""
    on_h, off_h = by_hand(base), by_hand(off)
    found = {}
    for part, keep in (("own", lambda h: h in origin), ("others", lambda h: h not in origin), ("all", lambda h: True)):
        hands = [h for h in on_h if keep(h)]
        row = {}
        for key in ("cold", "warm", "red_cold", "red_warm"):
            row[key] = round(100 * sum(on_h[h][key] - off_h[h][key] for h in hands) / max(len(hands), 1), 2)
        row["hands"] = len(hands)
        row["intents_changed"] = {h: [round(on_h[h]["positives"] * (on_h[h][k] - off_h[h][k])) for k in ("cold", "warm")]
                                  for h in hands if any(abs(on_h[h][k] - off_h[h][k]) > 1e-9 for k in ("cold", "warm"))}
        found[part] = row
    return found


def loho(results: dict[object, dict[str, Cell]], default: object) -> dict:
    """Leave each hand out: the value best on the others (mean recall, reductions held; the default wins a tie),
    scored on the hand left out; the mean over hands of that and of the default."""
    hands_of = {v: by_hand(cells) for v, cells in results.items()}
    rows, chosen_score, default_score = {}, [], []
    for hand in HANDS:
        def train(h, hand=hand):
            return h != hand

        def best_key(v, train=train):
            ok = feasible(results[v], train)
            return (ok, round(mean_recall(hands_of[v], train), 6), v == default)
        chosen = max(results, key=best_key)
        left = hands_of[chosen][hand]
        dleft = hands_of[default][hand]
        rows[hand] = {"chosen": chosen, "recall": round(100 * (left["cold"] + left["warm"]) / 2, 2),
                      "default": round(100 * (dleft["cold"] + dleft["warm"]) / 2, 2)}
        chosen_score.append((left["cold"] + left["warm"]) / 2)
        default_score.append((dleft["cold"] + dleft["warm"]) / 2)
    every = {str(v): {"recall": round(100 * mean_recall(hands_of[v], lambda h: True), 2),
                      "feasible": feasible(results[v], lambda h: True)} for v in results}
    return {"default": default, "by_hand": rows, "values": every,
            "loho": round(100 * sum(chosen_score) / len(HANDS), 2),
            "loho_default": round(100 * sum(default_score) / len(HANDS), 2),
            "chosen_on_all": max(results, key=lambda v: (feasible(results[v], lambda h: True),
                                                         round(mean_recall(hands_of[v], lambda h: True), 6),
                                                         v == default))}


# -- the runs --------------------------------------------------------------------------------------

def run_sources(bench: Bench, names: list[str], out: dict, save: Callable[[], None]) -> None:
    """Each source left out; the base run first."""
    if "base" not in out:
        out["base"] = bench.run()
        save()
    for name in names:
        if name in out.get("sources", {}):
            continue
        start = time.monotonic()
        off = bench.run(frozenset({Source(name)}))
        out.setdefault("sources_raw", {})[name] = off
        out.setdefault("sources", {})[name] = source_effect(out["base"], off, ORIGIN.get(name, set()))
        save()
        e = out["sources"][name]["others"]
        print(f"{name:<28} others: cold {e['cold']:+.2f} warm {e['warm']:+.2f} red {e['red_cold']:+.2f} "
              f"({time.monotonic() - start:.0f} s)", flush=True)


def loho_transfer(results: dict[object, tuple[dict[str, Cell], dict[str, Cell]]], default: object) -> dict:
    """Leave each hand out: the value with the best mean w-othr recall over the other hands (cold and two-fold warm
    kept: their mean no lower than the default's; the reductions, w-othr's and two-fold warm's, holding the targets
    on those hands; the default wins a tie), scored on the hand left out (its w-othr recall)."""
    hands_of = {v: (by_hand(t), by_hand(w)) for v, (t, w) in results.items()}
    rows, chosen_score, default_score = {}, [], []
    transfer_hands = [h for h in HANDS if h in hands_of[default][0]]
    for hand in transfer_hands:
        def train(h, hand=hand):
            return h != hand

        def best_key(v, train=train):
            t, w = results[v]
            ok = feasible(t, train) and feasible(w, train) and \
                mean_recall(hands_of[v][1], train) >= mean_recall(hands_of[default][1], train) - 1e-9
            reduction = sum(x["red_warm"] for h, x in hands_of[v][0].items() if train(h))
            return (ok, round(sum(x["warm"] for h, x in hands_of[v][0].items() if train(h)), 6), v == default,
                    reduction)  # among equals, the default, then the cheapest
        chosen = max(results, key=best_key)
        rows[hand] = {"chosen": chosen, "w-othr": round(100 * hands_of[chosen][0][hand]["warm"], 2),
                      "default": round(100 * hands_of[default][0][hand]["warm"], 2)}
        chosen_score.append(hands_of[chosen][0][hand]["warm"])
        default_score.append(hands_of[default][0][hand]["warm"])
    every = {str(v): {"w-othr": round(100 * sum(x["warm"] for x in hands_of[v][0].values()) / len(transfer_hands), 2),
                      "w-othr hits": sum(c[1] for c in results[v][0].values()),
                      "two-fold": round(100 * mean_recall(hands_of[v][1], lambda h: True), 2),
                      "feasible": feasible(results[v][0], lambda h: True) and feasible(results[v][1], lambda h: True)}
             for v in results}
    return {"default": default, "by_hand": rows, "values": every,
            "loho": round(100 * sum(chosen_score) / len(transfer_hands), 2),
            "loho_default": round(100 * sum(default_score) / len(transfer_hands), 2)}


# name -> (module, attribute, values tried); those of LEARNED_AT_BUILD are read while associations are learned
TRANSFER_CONSTANTS: dict[str, tuple[object, str, tuple]] = {
    "USE_BAR_SHARE": (selection, "USE_BAR_SHARE", (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)),
    "LEARNED_WEIGHT": (selection, "LEARNED_WEIGHT", (1.0, 1.3, 1.6, 2.0, 2.4)),
    "TOGETHER_WEIGHT": (selection, "TOGETHER_WEIGHT", (0.4, 0.6, 0.8, 1.0)),
    "MIN_SIMILARITY": (learning, "MIN_SIMILARITY", (0.0, 0.05, 0.1, 0.15, 0.2, 0.25)),
    "SIMILARITY_POWER": (learning, "SIMILARITY_POWER", (0.33, 0.5, 0.6, 0.75, 1.0)),
    "NEIGHBOURS": (learning, "NEIGHBOURS", (3, 5, 8, 12)),
    "MIN_CENTROID_USES": (learning, "MIN_CENTROID_USES", (1, 2, 3)),  # round 23
}
LEARNED_AT_BUILD = {"MIN_CENTROID_USES"}


def run_transfer_constants(bench: Bench, names: list[str], out: dict, save: Callable[[], None]) -> None:
    """Each learning constant over its grid, chosen by w-othr leaving one hand out."""
    if "transfer_base" not in out:
        out["transfer_base"] = [bench.run_transfer(), bench.run()]
        save()
    for name in names:
        if name in out.get("transfer_constants", {}):
            continue
        module, attr, values = TRANSFER_CONSTANTS[name]
        default = getattr(module, attr)
        results = {default: tuple(out["transfer_base"])}
        start = time.monotonic()
        for value in values:
            if value == default:
                continue
            setattr(module, attr, value)
            try:
                if name in LEARNED_AT_BUILD:
                    bench.relearn()
                results[value] = (bench.run_transfer(), bench.run())
            finally:
                setattr(module, attr, default)
                if name in LEARNED_AT_BUILD:
                    bench.relearn()
        out.setdefault("transfer_constants", {})[name] = loho_transfer(results, default)
        save()
        r = out["transfer_constants"][name]
        print(f"{name:<20} default {default}: loho w-othr {r['loho']:.2f} vs {r['loho_default']:.2f}; "
              + ", ".join(f"{v} {x['w-othr']:.2f}/{x['w-othr hits']:.0f} two-fold {x['two-fold']:.2f}"
                          f"{'' if x['feasible'] else ' (reductions missed)'}" for v, x in r["values"].items())
              + f" ({time.monotonic() - start:.0f} s)", flush=True)
        print("    chosen per left-out hand: " + ", ".join(f"{h} {v['chosen']}" for h, v in r["by_hand"].items()),
              flush=True)


def run_constants(bench: Bench, names: list[str], out: dict, save: Callable[[], None]) -> None:
    """Each constant over its grid, the default included (run once as the base)."""
    if "base" not in out:
        out["base"] = bench.run()
        save()
    for name in names:
        if name in out.get("constants", {}):
            continue
        module, attr, values, at_build = CONSTANTS[name]
        default = getattr(module, attr)
        results = {default: out["base"]}
        start = time.monotonic()
        for value in values:
            setattr(module, attr, value)
            try:
                if at_build:
                    bench.built_without = None  # rebuild the catalogues with the value
                bench.forget_words()
                results[value] = bench.run()
            finally:
                setattr(module, attr, default)
                bench.forget_words()
                if at_build:
                    bench.built_without = None
        out.setdefault("constants_raw", {})[name] = {str(v): c for v, c in results.items()}
        out.setdefault("constants", {})[name] = loho(results, default)
        save()
        r = out["constants"][name]
        print(f"{name:<20} default {default}: loho {r['loho']:.2f} vs {r['loho_default']:.2f}, on all "
              f"{r['chosen_on_all']} ({time.monotonic() - start:.0f} s)", flush=True)


def report(files: list[Path], against: Path | None = None) -> None:
    """The tables of saved runs, merged (and their base per hand against another run's)."""
    merged: dict = {}
    for f in files:
        data = json.loads(f.read_text())
        for key in ("sources_raw", "constants"):
            merged.setdefault(key, {}).update(data.get(key, {}))
        merged["base"] = merged.get("base") or data.get("base")
    merged["sources"] = {name: source_effect(merged["base"], off, ORIGIN.get(name, set()))
                         for name, off in merged.get("sources_raw", {}).items()}
    if merged.get("base") and against is not None:
        before, after = by_hand(json.loads(against.read_text())["base"]), by_hand(merged["base"])
        print("| hand | intents | cold | warm | reduction cold | reduction warm |")
        print("|---|---|---|---|---|---|")
        for h in HANDS:
            b, a = before[h], after[h]
            print(f"| {h} | {a['positives']:.0f} | " + " | ".join(
                f"{100 * b[k]:.1f} → {100 * a[k]:.1f}" for k in ("cold", "warm", "red_cold", "red_warm")) + " |")
        print(f"| mean of hands | | {100 * mean_recall(before, lambda h: True):.2f} → "
              f"{100 * mean_recall(after, lambda h: True):.2f} (cold and warm) | | | |")
        return
    if merged.get("base"):
        print("base, per hand (cold / warm recall, reduction cold / warm):")
        for h, v in by_hand(merged["base"]).items():
            print(f"  {h:<14} {100 * v['cold']:6.1f} {100 * v['warm']:6.1f}  {100 * v['red_cold']:5.1f} "
                  f"{100 * v['red_warm']:5.1f}  ({v['positives']:.0f})")
    print("\n| source | made on | others: cold | warm | reduction | own: cold | warm | all: cold | warm |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, e in sorted(merged.get("sources", {}).items(), key=lambda kv: kv[1]["others"]["cold"] + kv[1]["others"]["warm"]):
        o, w, a = e["others"], e["own"], e["all"]
        print(f"| `{name}` | {w['hands']} hands | {o['cold']:+.2f} | {o['warm']:+.2f} | {o['red_cold']:+.2f} | "
              f"{w['cold']:+.2f} | {w['warm']:+.2f} | {a['cold']:+.2f} | {a['warm']:+.2f} |")
    print("\n| constant | default | chosen on all | LOHO (chosen) | LOHO (default) | chosen per left-out hand |")
    print("|---|---|---|---|---|---|")
    for name, r in merged.get("constants", {}).items():
        picks = ", ".join(f"{h} {v['chosen']}" for h, v in r["by_hand"].items() if v["chosen"] != r["default"])
        print(f"| `{name}` | {r['default']} | {r['chosen_on_all']} | {r['loho']:.2f} | {r['loho_default']:.2f} | "
              f"{picks or 'the default everywhere'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", action="store_true")
    parser.add_argument("--constants", action="store_true")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--shard", default="0/1", help="I/N: this process runs every N-th name from the I-th")
    parser.add_argument("--out", type=Path, default=Path("exposure_loho.json"))
    parser.add_argument("--report", type=Path, nargs="*", default=None)
    parser.add_argument("--net", action="store_true", help="only the code as it stands, every cell, saved as the base")
    parser.add_argument("--against", type=Path, default=None, help="with --report: per hand, a base saved before")
    parser.add_argument("--data", type=Path, default=ex.DEFAULT_DATA)
    parser.add_argument("--transfer-misses", action="store_true",
                        help="the w-othr misses of each cell, split by what the other hands' episodes held")
    parser.add_argument("--transfer-constants", action="store_true",
                        help="learning's constants, each chosen by w-othr leaving one hand out")
    parser.add_argument("--verbose", action="store_true", help="with --transfer-misses: each miss")
    args = parser.parse_args()
    if args.transfer_misses:
        split = transfer_misses(Bench(args.data), args.verbose)
        print("| cell | w-othr misses | found cold | gold called by another hand | in one episode | suggested | "
              "not suggested | partly | never called |")
        print("|---|---|---|---|---|---|---|---|---|")
        total = dict.fromkeys(SPLIT, 0)
        for cell, c in split.items():
            print(f"| {cell} | " + " | ".join(str(c[k]) for k in total) + " |")
            for k in total:
                total[k] += c[k]
        print("| all | " + " | ".join(str(total[k]) for k in total) + " |")
        return
    if args.report:
        report(args.report, args.against)
        return
    i, n = (int(x) for x in args.shard.split("/"))
    out = json.loads(args.out.read_text()) if args.out.exists() else {}

    def save() -> None:
        args.out.write_text(json.dumps(out))
    bench = Bench(args.data)
    if args.net:
        out["base"] = bench.run()
        save()
    if args.sources:
        names = args.only or [s.value for s in Source if s not in (Source.MEANING,)]
        run_sources(bench, names[i::n], out, save)
    if args.transfer_constants:
        names = args.only or list(TRANSFER_CONSTANTS)
        run_transfer_constants(bench, names[i::n], out, save)
    if args.constants:
        names = args.only or list(CONSTANTS)
        run_constants(bench, names[i::n], out, save)


if __name__ == "__main__":
    main()
