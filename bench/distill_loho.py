"""Which distillation rules generalize: each named rule switched off and each constant re-chosen, leave one set out
(round 18; bench/recall_loho.py does the same for recall).

Distillation sees journals, not queries, so its hands are the dev sets (`recall_fresh.DEV_SETS`: journals written by
one evaluator). For each variant every dev journal's store is built again (ingest, consolidate with the rule off or
the constant changed), and the variant is scored per set: planted lessons found, unbacked cards, and the R@3 and
false positives its cards lead to (every query style of the set, pooled; `recall_loho.ask`).

Rules (`RULES`): each named rule of docs/memory.md "Distillation" that the issue does not state (the issue's own
semantics, playbook >= 2 sessions, rule = the same kind of work, pitfall >= 3 failures, weak link >= 8 calls under
70%, are the spec and are not switched), replaced for the run by a function or constant of `actors/memory/distill.py`
or of the `normalise` it reads. Its held-out estimate is its effect (with it minus without it) on the sets that were
not dev when its round made it (`ORIGIN`).

Since a rule's cards are asked by every query style, its R@3 and FP are also given on the cells (set, style) that
were not dev when it was made (`other_cells`): the styles written later (ticket titles, round 12; questions and
asked, rounds 15-16) are other hands for the rules made before them.

Constants (`CONSTANTS`): leaving one set out, the value with the best score on the other sets (pooled; the default
wins a tie) is scored on the set left out; the mean over left-out sets is compared with the default's. The score is
(found - unbacked) + (R@3 - FP), shares of the pooled sets.

    python bench/distill_loho.py [--rules] [--constants] [--only NAME ...] [--out FILE.json]   (~5 minutes)

Round 18 ran this audit on main's code with the script as committed in 93f29c9 (its RULES also switched off the
rules that round then removed: traceback frames as topic words, a check's own fixing mode as an edit, reliability
words, a word read into a tool's file kind), run on the code of 67a7679; the rules listed here are those that remain.
docs/memory.md "Eighteenth round" has the tables.

Dev only: it reads DEV_SETS and never a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
import recall_loho as rl  # noqa: E402
from actors.memory import distill, normalise  # noqa: E402
from actors.memory.service import Memory, Settings  # noqa: E402

SETS = rf.DEV_SETS
Patch = rl.Patch


def _in_distill(**replaced: object) -> Callable[[], list[Patch]]:
    """Replace names of `normalise` as the distiller sees them (recall and normalise's own callers keep them)."""
    return lambda: [(distill, "normalise", rl._Seen(normalise, **replaced))]


def _set(attr: str, value: object) -> Callable[[], list[Patch]]:
    return lambda: [(distill, attr, value)]


# name -> (what switching it off does, the switch): docs/memory.md "Distillation" names each rule
RULES: dict[str, tuple[str, Callable[[], list[Patch]]]] = {
    "edited": ("a rule fixed only by editing files needs no more sessions than any rule (round 7's rule_edit_sessions)",
               lambda: []),  # done through the setting (OPTIONS below)
    "same_task": ("after a progress event any success of the same kind closes an episode (round 5's shared "
                  "subcommand off)", _set("_same_task", lambda *a: True)),
    "only_lists": ("a listing subcommand (docker ps) may close an episode (round 9 off)",
                   _in_distill(only_lists=lambda c: False)),
    "moved_only": ("a fix that found the failed path's file elsewhere needs two sessions too (round 14 off)",
                   _set("moved_only", lambda *a: False)),
    "advice": ("no words of what an error advised (round 9)", _set("advice_terms", lambda a, e: [])),
    "settings": ("no settings a command said (round 9)", _set("_settings", lambda c: ())),
    "operand_words": ("no operand words of a workflow's commands (round 9)", _set("_operand_words", lambda c: ())),
    "habit_words": ("no habit words on playbooks (round 11, memory-habit.txt)", _set("_habit_words", lambda: ())),
    "workflow_words": ("no well-known workflow words on playbooks (round 13)", _set("workflow_words", lambda i: [])),
    "objects": ("no packages an install worked on (round 5, memory-installs.txt)", _set("_objects", lambda c: [])),
    "operand_files": ("no files among a command's operands (round 4)", _set("_operand_files", lambda w: [])),
    "resources": ("no resource words of URL calls (round 6)", _set("_resource_words", lambda w: [])),
    "command_hosts": ("no hosts a command worked on (round 8)", _in_distill(command_hosts=lambda c: ())),
    "session_topic": ("no words of the session's instruction as topic (round 1)", _set("TOPIC_FROM_PROGRESS", 0)),
    "family_weak_links": ("a command ability's weak link counts all its calls, whatever program (round 20 off)",
                          _set("reliability_family", lambda w: "")),
    "fixed_pitfalls": ("a pitfall stays beside the rule that fixed it in every session (round 20 off)",
                       _set("pitfall_fixed", lambda *a: False)),  # weak links a rule explains stay too (round 24)
    "explained_weak_links": ("a weak link stays beside the rules that fixed its every failure (round 24 off)",
                             _set("weak_fixed", lambda *a: [])),
    "qualified_names": ("a qualified name's `::` drops the operand as a host's colon would (round 25 off)",
                        _set("qualified_names", lambda w: w)),
    "failure_words": ("no words most of a weak link's failures said (round 25 off)",
                      _set("shared_failure_words", lambda heads: [])),
    "corrected_address": ("a URL corrected after a 404 is other work (round 25 off)",
                          _set("_address_corrected", lambda *a: False)),
    "addresses": ("an address (`localhost:5080/health`) may be a path a file moved to (round 25 off)",
                  _set("addresses", lambda w: False)),
}
OPTIONS = {"edited": {"rule_edit_sessions": 1}}  # rules switched off through a setting

_R5 = {"fresh", "fresh2", "fresh3"}  # rounds 5-8: journals 1-6, the second and third hands
_R9 = _R5 | {"fresh4", "fresh5", "fresh6"}
ORIGIN: dict[str, set[str]] = {
    "session_topic": {"fresh"}, "operand_files": {"fresh", "fresh2"},
    "edited": _R5, "same_task": _R5, "objects": _R5, "resources": _R5, "command_hosts": _R5,
    "only_lists": _R9, "advice": _R9, "settings": _R9, "operand_words": _R9, "habit_words": _R9 | {"fresh8"},
    "workflow_words": set(rf.DEV_SETS_BEFORE_25), "moved_only": set(rf.DEV_SETS_BEFORE_25),
    # round 20: made on a new user's journal (not a dev set): every dev cell is another hand's
    "family_weak_links": set(), "fixed_pitfalls": set(),
    "explained_weak_links": set(),  # round 24: made on a new user's history, no dev set
    # round 25: made on fresh11's and fresh12's misses (dev since that round)
    "qualified_names": {"fresh11"}, "failure_words": {"fresh11"}, "corrected_address": {"fresh11"},
    "addresses": {"fresh12"},
}

ROUND = {"session_topic": 1, "operand_files": 4, "same_task": 5, "objects": 5, "resources": 6, "edited": 7,
         "command_hosts": 8, "only_lists": 9, "advice": 9, "settings": 9, "operand_words": 9, "habit_words": 11, "workflow_words": 13,
         "moved_only": 14, "family_weak_links": 20, "fixed_pitfalls": 20,
         "explained_weak_links": 23, "qualified_names": 25, "failure_words": 25, "corrected_address": 25,
         "addresses": 25}


def origin_cells(name: str) -> set[tuple[str, str]]:
    """The cells (set, query style) that were dev when a rule's round made it: the truth queries of its sets, the
    ticket titles from round 12 (fresh6, fresh8; fresh5's were written after), the questions and asked styles
    from rounds 15 and 16. A rule's cards are asked by every style, so the styles written later are other hands;
    fresh10-fresh12 (dev since round 25) are other hands for every rule made before."""
    if not ORIGIN[name]:
        return set()  # made on no dev set (round 20: the new user's journal)
    cells = {(s, "truth") for s in ORIGIN[name]}
    if ROUND[name] >= 12:
        cells |= {(s, "tickets") for s in ("fresh6", "fresh8")}
    if ROUND[name] >= 13:
        cells |= {("fresh5", "tickets")}
    if ROUND[name] >= 15:
        cells |= {(s, st) for s in rf.DEV_SETS_BEFORE_25 for st in ("questions", "asked")}
    return cells


# name -> (default, [(value, memory options, patches)])
CONSTANTS: dict[str, tuple[object, list]] = {
    "rule_sessions": (2, [(v, {"rule_sessions": v}, []) for v in (1, 2, 3)]),
    "playbook_pair_sessions": (3, [(v, {"playbook_pair_sessions": v}, []) for v in (2, 3, 4)]),
    "rule_edit_sessions": (2, [(v, {"rule_edit_sessions": v}, []) for v in (1, 2, 3)]),
    "MAX_BETWEEN": (distill.MAX_BETWEEN, [(v, {}, _set("MAX_BETWEEN", v)()) for v in (0, 1, 2, 3)]),
    "TOPIC_FROM_PROGRESS": (distill.TOPIC_FROM_PROGRESS,
                            [(v, {}, _set("TOPIC_FROM_PROGRESS", v)()) for v in (0, 6, 12, 24)]),
    "MAX_COMMAND": (distill.MAX_COMMAND, [(v, {}, _set("MAX_COMMAND", v)()) for v in (0, 8, 16, 32)]),
    "MAX_ADVICE_TERMS": (distill.MAX_ADVICE_TERMS, [(v, {}, _set("MAX_ADVICE_TERMS", v)()) for v in (0, 4, 8, 16)]),
}


def build(stack: contextlib.ExitStack, options: dict | None = None,
          patches: list[Patch] = ()) -> tuple[list[rl.Journal], dict[str, list[int]]]:
    """Every dev journal's store, distilled with the options and patches; per set [found, planted, unbacked, cards]."""
    settings = Settings.from_options(options or {})
    saved = [(obj, attr, getattr(obj, attr)) for obj, attr, _ in patches]
    for obj, attr, value in patches:
        setattr(obj, attr, value)
    _clear_caches()  # a cached function (`_operand_words`) may call a switched one (`qualified_names`)
    built, per_set = [], {}
    try:
        for name in SETS:
            figures = per_set.setdefault(name, [0, 0, 0, 0])
            for path in rf.journals(rf.HERE / "data" / name / "memory", "all"):
                truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
                m = stack.enter_context(Memory(stack.enter_context(tempfile.TemporaryDirectory()), settings))
                with open(path, "rb") as stream:
                    m.ingest(stream)
                m.consolidate()
                anchors = rf.anchors_of(truth["planted"])
                live = m.cards()
                for p in truth["planted"]:
                    kind = rf.KINDS.get(p["kind"].lower(), p["kind"].lower())
                    figures[0] += any(c.kind == kind and rf.holds(c, anchors[p["id"]]) for c in live)
                    figures[1] += 1
                figures[2] += sum(not any(rf.holds(c, t) for t in anchors.values()) for c in live)
                figures[3] += len(live)
                asked = {}
                for style in rl.STYLES:
                    file = path.with_suffix("").with_suffix(f".{style}.json")
                    if file.exists():
                        asked[style] = json.loads(file.read_text())
                built.append(rl.Journal(name, m, anchors, asked))
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)
        _clear_caches()
    return built, per_set


def _clear_caches() -> None:
    for value in vars(distill).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


def run(options: dict | None = None, patches: list[Patch] = ()) -> dict:
    """One variant: per set its distillation figures and its cells' recall figures."""
    with contextlib.ExitStack() as stack:
        journals, per_set = build(stack, options, patches)
        return {"sets": per_set, "cells": rl.ask(journals)}


def pooled(result: dict, keep: Callable[[str], bool]) -> dict:
    """Found, unbacked (shares), R@3 and FP over the sets kept."""
    found = planted = unbacked = cards = 0
    for name, (f, p, u, c) in result["sets"].items():
        if keep(name):
            found, planted, unbacked, cards = found + f, planted + p, unbacked + u, cards + c
    r, fp, pos, neg = rl.pooled(result["cells"], lambda k: keep(k[0]))
    return {"found": found / max(planted, 1), "unbacked": unbacked / max(cards, 1), "r_at_3": r, "fp": fp,
            "counts": f"found {found}/{planted}, unbacked {unbacked}/{cards}, R@3 {round(r * pos)}/{pos}, "
                      f"FP {round(fp * neg)}/{neg}"}


def score(figures: dict) -> float:
    return round(figures["found"] - figures["unbacked"] + figures["r_at_3"] - figures["fp"], 9)


def effect(base: dict, off: dict, origin: set[str]) -> dict:
    """With the rule minus without it, in points, on its own sets, on the others, and on the sets dev since round 25
    (`new_sets`: hands no rule made before it saw)."""
    found = {}
    for part, keep in (("own", lambda s: s in origin), ("others", lambda s: s not in origin),
                       ("new_sets", lambda s: s not in rf.DEV_SETS_BEFORE_25), ("all", lambda s: True)):
        on, without = pooled(base, keep), pooled(off, keep)
        found[part] = {k: round(100 * (on[k] - without[k]), 2) for k in ("found", "unbacked", "r_at_3", "fp")}
        found[part]["with"], found[part]["without"] = on["counts"], without["counts"]
    return found


def cell_effect(base: dict, off: dict, origin: set[tuple[str, str]]) -> dict:
    """With the rule minus without it, R@3 and FP points, on the cells (set, style) that were not dev when it was
    made: the recall it leads to, asked by hands that came later."""
    r_on, f_on, pos, neg = rl.pooled(base["cells"], lambda k: k not in origin)
    r_off, f_off, _, _ = rl.pooled(off["cells"], lambda k: k not in origin)
    return {"r_at_3": round(100 * (r_on - r_off), 2), "fp": round(100 * (f_on - f_off), 2), "positives": pos,
            "negatives": neg, "hits": f"{round(r_on * pos)} vs {round(r_off * pos)}",
            "false_positives": f"{round(f_on * neg)} vs {round(f_off * neg)}"}


def loho(results: dict, default: object) -> dict:
    """Leave each set out: the value best on the others, scored on the set left out; means against the default's."""
    rows, chosen, kept = {}, [], []
    for hand in SETS:
        def train(s: str, hand: str = hand) -> bool:
            return s != hand

        def held(s: str, hand: str = hand) -> bool:
            return s == hand
        best = max(results, key=lambda v: (score(pooled(results[v], train)), v == default))
        on, base = pooled(results[best], held), pooled(results[default], held)
        rows[hand] = {"chosen": best, "score": round(100 * score(on), 2), "default_score": round(100 * score(base), 2)}
        chosen.append(on), kept.append(base)

    def mean(found: list[dict], key: str) -> float:
        return round(100 * sum(f[key] for f in found) / len(found), 2)
    return {"hands": rows, **{f"mean_{k}": mean(chosen, k) for k in ("found", "unbacked", "r_at_3", "fp")},
            **{f"default_mean_{k}": mean(kept, k) for k in ("found", "unbacked", "r_at_3", "fp")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", action="store_true", help="switch each rule off (the default: rules and constants)")
    parser.add_argument("--constants", action="store_true", help="re-choose each constant by leaving a set out")
    parser.add_argument("--only", nargs="*", default=[], help="only these rules or constants")
    parser.add_argument("--out", type=Path, help="also write the report here (JSON)")
    args = parser.parse_args()
    both = not (args.rules or args.constants)
    base = run()
    report: dict = {"base": pooled(base, lambda s: True)["counts"],
                    "base_sets": {s: pooled(base, lambda k, s=s: k == s)["counts"] for s in SETS}}
    if args.rules or both:
        report["rules"] = {}
        for name, (what, switch) in RULES.items():
            if args.only and name not in args.only:
                continue
            off = run(OPTIONS.get(name), switch())
            report["rules"][name] = {"off": what, "made_on": sorted(ORIGIN[name]), **effect(base, off, ORIGIN[name]),
                                     "other_cells": cell_effect(base, off, origin_cells(name))}
            print(name, json.dumps(report["rules"][name]["others"]), file=sys.stderr)
    if args.constants or both:
        report["constants"] = {}
        for name, (default, grid) in CONSTANTS.items():
            if args.only and name not in args.only:
                continue
            results = {value: base if value == default else run(options, patches) for value, options, patches in grid}
            report["constants"][name] = {"default": default, "by_set": loho(results, default),
                                         "pooled": {str(v): pooled(r, lambda s: True)["counts"]
                                                    for v, r in results.items()}}
            print(name, json.dumps(report["constants"][name]["by_set"]), file=sys.stderr)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, default=str))
    print(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
