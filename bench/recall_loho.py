"""Which recall rules generalize: each rule switched off and each constant re-chosen, leave one hand out (round 17).

A hand is one dev set (`recall_fresh.DEV_SETS`: journals written by one evaluator) or one query style (truth,
tickets, questions, asked: queries written by one hand for every set). A cell is a set asked in one style. Every
journal's store is built once (ingest, consolidate); each variant then asks every cell's queries, negatives and
cross negatives (a store asked the negatives of its set's other journals) of the stores as built.

Rules (`RULES`): each named rule of docs/memory.md "Recall" switched off (the named function or constant of
`actors/memory/recall.py` replaced for the run; the product's defaults are unchanged). A rule was made on some
cells (`ORIGIN`: the sets and styles that were dev when its round chose it); its *held-out estimate* is its
effect on the other cells: R@3 and FP with the rule minus without it, pooled over those cells.

Constants (`CONSTANTS`): a grid of values for each. Leaving one hand out, the value with the best R@3 - FP on the
other hands (pooled; the default wins a tie) is scored on the hand left out; the report gives the mean over
left-out hands of that, against the default's, for sets and for styles as hands.

    python bench/recall_loho.py [--rules] [--constants] [--joint [--passes 2]] [--only NAME ...] [--out FILE.json]
    python bench/recall_fresh.py --dev-sets --without corroborated   (one rule off, the usual report)

Round 17 ran this audit on main's code with the script as committed in 38a684e (its RULES also switched off the
rules that round then removed: rounds 8, 13, 15 and 16's, the gloss verbs, identifiers, compounded names; the
languages named with symbols went after a second pass); the rules listed here are those that remain. Round 18
added `--joint` and the condition modes, and tried two floors relative to what a query says (`FLOOR_CAP`, a long
query held above the floor; `MIN_SHARE`, a card accounting for a share of what the query says) with the script as
committed in 93f29c9 (the trial constants were in recall.py then); neither was chosen in any fold and both went.
Round 21 tried which names said alone identify a card (`DISTINCTIVE`), a folder said as a plain word counted as a
name (`FOLDERS`), everyday and generic topic words lowered and BM25's length normalisation of the topic, with the
script and recall.py as committed in dcb7e2e; only a file said alone lost its standing (docs/memory.md,
"Twenty-first round"). docs/memory.md "Seventeenth round" has the tables.

Dev only: it reads DEV_SETS and never a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
from actors.memory import recall  # noqa: E402
from actors.memory.service import Memory  # noqa: E402

STYLES = ("truth", "tickets", "questions", "asked")
SETS = rf.DEV_SETS
Patch = tuple[object, str, object]  # (module or object, attribute, value for the run)


def _query_without(**fields) -> Callable[[], list[Patch]]:
    """A switch that parses queries as usual, then empties some of the Query's fields."""
    def patches() -> list[Patch]:
        parse = recall.parse_query  # as switched so far: several switches of the Query combine
        return [(recall, "parse_query", lambda s: dataclasses.replace(parse(s), **fields))]
    return patches


def _set(obj: object, attr: str, value: object) -> Callable[[], list[Patch]]:
    return lambda: [(obj, attr, value)]


class _Seen:
    """A module as recall sees it, with some names replaced: the distiller, which shares the module, keeps them
    (a switch is about recall; `recall_fresh.py --without` switches before the stores are built)."""

    def __init__(self, module: object, **replaced: object) -> None:
        self.module, self.replaced = module, replaced

    def __getattr__(self, name: str) -> object:
        return self.replaced[name] if name in self.replaced else getattr(self.module, name)


def _in_recall(module_name: str, **replaced: object) -> Callable[[], list[Patch]]:
    return lambda: [(recall, module_name, _Seen(getattr(recall, module_name), **replaced))]


# name -> (what switching it off does, the switch). docs/memory.md "Recall" names each rule.
RULES: dict[str, tuple[str, Callable[[], list[Patch]]]] = {
    "corroborated": ("one word reaching a card is enough (round 7's two-words rule off)",
                     _set(recall, "corroborated", lambda *a, **k: True)),
    "share": ("one telling word of a terse query is not enough (round 12's SAYS_HALF off)",
              _set(recall, "SAYS_HALF", float("inf"))),
    "held_to": ("a terse query keeps the whole floor (round 12 off)", _set(recall, "held_to", lambda f, s: f)),
    "conditioned": ("no condition: words around a card are enough (round 10 off)",
                    _set(recall, "conditioned", lambda *a, **k: True)),
    "prose_work": ("prose work (a title typed docs:) recalls as any query (round 12 off; round 11's verbs went in 19)",
                   _query_without(prose=False)),
    "named": ("naming a file, host, resource, ability or command outright lifts nothing, bypasses nothing",
              _set(recall, "names_touched", lambda *a, **k: False)),
    "names_ability": ("an ability named whole is no one name (round 3 off)",
                      _set(recall, "names_ability", lambda ident, said: False)),
    "names_command": ("a program and subcommand said are not the command named (after round 11 off)",
                      _set(recall, "names_command", lambda ident, said: False)),
    "rings": ("no rings (memory-synonyms.txt; round 3)",
              lambda: [*_query_without(similar=frozenset(), similar_from=())(), (recall, "_compounds", lambda q: [])]),
    "related": ("no programs reached through words of work (related.txt; round 1)",
                _query_without(related=frozenset(), related_from=())),
    "fuzzy": ("no misspellings read (round 7)", _query_without(unknown=())),
    "join_names": ("CamelCase tool names split in queries (round 4 off)", _in_recall("meaning", join_names=lambda s: s)),
    "without_tickets": ("ticket keys are words (round 9 off)", _in_recall("text", without_tickets=lambda s: s)),
    "libraries": ("a library an install verb names reaches no package manager (round 23 off)",
                  _in_recall("text", libraries=lambda s: {})),
    "glossary": ("the words of work in other languages are read as written (round 26 off)",
                 _in_recall("text", gloss=lambda s: s)),
}

_EARLY = {(s, "truth") for s in ("fresh",)}
_R7 = {(s, "truth") for s in ("fresh", "fresh2", "fresh3")}
_R9 = {(s, "truth") for s in ("fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")}
_R11 = _R9 | {("fresh8", "truth")}
_R12 = _R11 | {("fresh6", "tickets"), ("fresh8", "tickets")}  # fresh5's titles were written after (round 12)
# the cells that were dev when each rule was chosen (docs/memory.md, the rounds): its held-out estimate is the rest
ORIGIN: dict[str, set[tuple[str, str]]] = {
    "related": set(),  # rounds 1-2: the generator only, before any hand-written set
    "libraries": set(),  # round 23: a new user's report, no evaluation set
    "glossary": set(),  # round 26: general knowledge of nine languages, written before any query was read
    "rings": _EARLY, "names_ability": _EARLY,  # round 3: fresh (journals 1-6)
    "join_names": _EARLY | {("fresh2", "truth")},  # round 4
    "corroborated": _R7, "fuzzy": _R7,  # round 7: fresh, fresh2, fresh3
    "without_tickets": _R9, "conditioned": _R9,  # rounds 9-10: fresh-fresh6
    "prose_work": _R12, "names_command": _R11,  # round 12 (its types; round 11's verbs went in 19), round 11 (+ the lead's)
    "share": _R12, "held_to": _R12, "named": _EARLY,  # round 12; the path boost: rounds 1-3
}


def _scaled_fields(field: str, values: tuple[float, ...]) -> list[tuple[object, Callable[[], list[Patch]]]]:
    return [(v, _set(recall, "FIELD_WEIGHTS", {**recall.FIELD_WEIGHTS, field: v})) for v in values]


def _grid(attr: str, values: tuple) -> list[tuple[object, Callable[[], list[Patch]]]]:
    return [(v, _set(recall, attr, v)) for v in values]


# name -> (default, [(value, switch)]); the floor is each recaller's min_relevance
CONSTANTS: dict[str, tuple[object, list]] = {
    "floor": (recall.MIN_RELEVANCE, [(v, ("floor", v)) for v in (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8)]),
    "condition": (str(recall.CONDITION), [(v, ("condition", recall.Condition(v))) for v in ("off", "implied", "strict")]),

    "PATH_BOOST": (recall.PATH_BOOST, _grid("PATH_BOOST", (1.0, 1.25, 1.5, 2.0))),
    "SAYS_HALF": (recall.SAYS_HALF, _grid("SAYS_HALF", (0.2, 0.3, 0.4, 0.5, 0.6, 0.75, 1.0))),
    "FLOOR_WORDS": (recall.FLOOR_WORDS, _grid("FLOOR_WORDS", (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0))),
    "GENERIC": (recall.GENERIC, _grid("GENERIC", (0.2, 0.35, 0.5, 0.6, 0.7))),
    "RELATED": (recall.RELATED, _grid("RELATED", (0.0, 0.3, 0.5, 0.7))),
    "SIMILAR": (recall.SIMILAR, _grid("SIMILAR", (0.0, 0.3, 0.5, 0.7))),
    "TYPO": (recall.TYPO, _grid("TYPO", (0.0, 0.3, 0.5, 0.7))),
    "TOPIC_TERMS": (recall.TOPIC_TERMS, _grid("TOPIC_TERMS", (1, 2, 3, 4))),
    "PRIOR_CARDS": (recall.PRIOR_CARDS, _grid("PRIOR_CARDS", (1, 5, 10, 20, 50))),
    **{f"field:{f}": (w, _scaled_fields(f, tuple(sorted({0.0, round(w * 0.5, 3), round(w * 0.75, 3), w,
                                                          round(min(w * 1.25, 1.5), 3)}))))
       for f, w in recall.FIELD_WEIGHTS.items()},
}

# the joint choice (round 18): name -> (default, values), searched together by coordinate descent
JOINT: dict[str, tuple[object, tuple]] = {
    "floor": (recall.MIN_RELEVANCE, (0.45, 0.5, 0.55, 0.6, 0.65, 0.7)),
    "condition": (str(recall.CONDITION), ("off", "implied", "strict")),
    "GENERIC": (recall.GENERIC, (0.35, 0.5, 0.6)),
    "FLOOR_WORDS": (recall.FLOOR_WORDS, (2.0, 2.5, 3.0, 4.0)),
    "SAYS_HALF": (recall.SAYS_HALF, (0.3, 0.4, 0.5, 0.6, 0.75)),
    "PRIOR_CARDS": (recall.PRIOR_CARDS, (5, 10, 20)),
    "RELATED": (recall.RELATED, (0.3, 0.5, 0.7)),
    "SIMILAR": (recall.SIMILAR, (0.3, 0.5, 0.7)),
    "TYPO": (recall.TYPO, (0.3, 0.5, 0.7)),
    **{f"field:{f}": (w, tuple(sorted({round(w * 0.75, 3), w, round(min(w * 1.25, 1.5), 3)})))
       for f, w in recall.FIELD_WEIGHTS.items() if f in ("program", "ability", "action", "name", "file", "gloss", "topic")},
}  # PATH_BOOST, TOPIC_TERMS and the host, resource, command and workflow weights: no single change won (round 17)


def joint_patches(journals: list[Journal], config: dict) -> list[Patch]:
    """The patches that set a joint configuration (name -> value, defaults left out)."""
    patches: list[Patch] = []
    fields = {n.partition(":")[2]: v for n, v in config.items() if n.startswith("field:")}
    if fields:
        patches.append((recall, "FIELD_WEIGHTS", {**recall.FIELD_WEIGHTS, **fields}))
    for name, value in config.items():
        if name == "floor":
            patches += [(j.memory.recaller, "min_relevance", value) for j in journals]
        elif name == "condition":
            patches += [(j.memory.recaller, "condition", recall.Condition(value)) for j in journals]
        elif not name.startswith("field:"):
            patches.append((recall, name, value))
    return patches


class Joint:
    """Coordinate descent over JOINT under leave one hand out, every configuration asked once."""

    def __init__(self, journals: list[Journal], names: tuple[str, ...], passes: int) -> None:
        self.journals, self.names, self.passes = journals, names, passes
        self.cache: dict[tuple, dict] = {}

    def cells(self, config: dict) -> dict:
        key = tuple(sorted((n, v) for n, v in config.items() if v != JOINT[n][0]))
        if key not in self.cache:
            with switched(self.journals, joint_patches(self.journals, dict(key))):
                self.cache[key] = ask(self.journals, cross=CROSS[0])  # without --with-cross: each hand's own negatives
            print(f"  asked {len(self.cache)}: {dict(key)}", file=sys.stderr)
        return self.cache[key]

    def descend(self, keep: Callable[[tuple[str, str]], bool]) -> dict:
        """The configuration a few passes of coordinate descent reach on the cells kept (R@3 - FP; ties stay)."""
        config = {n: JOINT[n][0] for n in self.names}

        def objective(c: dict) -> float:
            r, f, _, _ = pooled(self.cells(c), keep)
            return round(r - f, 9)
        for _ in range(self.passes):
            moved = False
            for name in self.names:
                best, best_value = objective(config), config[name]
                for value in JOINT[name][1]:
                    found = objective({**config, name: value})
                    if found > best:
                        best, best_value = found, value
                if best_value != config[name]:
                    config[name], moved = best_value, True
            if not moved:
                break
        return config

    def loho(self, hands: tuple[str, ...], axis: int) -> dict:
        rows, chosen, default = {}, [], []
        base = self.cells({})
        for hand in hands:
            config = self.descend(lambda k, hand=hand: k[axis] != hand)
            r, f, pos, _ = pooled(self.cells(config), lambda k, hand=hand: k[axis] == hand)
            r0, f0, _, _ = pooled(base, lambda k, hand=hand: k[axis] == hand)
            if not pos:
                continue
            rows[hand] = {"chosen": {n: v for n, v in config.items() if v != JOINT[n][0]},
                          "r_at_3": round(100 * r, 1), "fp": round(100 * f, 1),
                          "default_r_at_3": round(100 * r0, 1), "default_fp": round(100 * f0, 1)}
            chosen.append((r, f)), default.append((r0, f0))
        n = max(len(chosen), 1)
        return {"hands": rows, "mean_r_at_3": round(100 * sum(r for r, _ in chosen) / n, 2),
                "mean_fp": round(100 * sum(f for _, f in chosen) / n, 2),
                "default_mean_r_at_3": round(100 * sum(r for r, _ in default) / n, 2),
                "default_mean_fp": round(100 * sum(f for _, f in default) / n, 2)}


# -- the stores and the asking ------------------------------------------------------------------

@dataclasses.dataclass
class Journal:
    """One journal's store and what each style asks of it."""

    set: str
    memory: Memory
    anchors: dict[str, set[str]]
    asked: dict[str, dict]  # style -> its queries file


def build(stack: contextlib.ExitStack, styles: tuple[str, ...] = STYLES) -> list[Journal]:
    """Every dev journal's store, ingested and consolidated once, with the queries of each style it has."""
    built = []
    for name in SETS:
        for path in rf.journals(rf.HERE / "data" / name / "memory", "all"):
            truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
            home = stack.enter_context(tempfile.TemporaryDirectory())
            m = stack.enter_context(Memory(home, rf.SETTINGS[0]))
            with open(path, "rb") as stream:
                m.ingest(stream)
            m.consolidate()
            asked = {}
            for style in styles:
                file = path.with_suffix("").with_suffix(f".{style}.json")
                if file.exists():
                    asked[style] = json.loads(file.read_text())
            anchors = rf.anchors_of(truth["planted"])
            built.append(Journal(name, m, anchors, asked))
    return built


def ask(journals: list[Journal], cross: bool = True) -> dict[tuple[str, str], list[int]]:
    """Per cell: [hits, positives, false positives, negatives, cross false positives, cross negatives] (without
    `cross`, the cross negatives are not asked: 0 of 0)."""
    cells: dict[tuple[str, str], list[int]] = {}
    for j in journals:
        m = j.memory
        for style, asked in j.asked.items():
            c = cells.setdefault((j.set, style), [0] * 6)
            for q in asked["queries"]:
                top = [h.card for h in m.recaller.search(m.reader(), q["q"], 3)]
                ids = q.get("planted_ids", [q["planted_id"]])
                c[0] += any(rf.holds(card, j.anchors[pid]) for card in top for pid in ids)
                c[1] += 1
            for query in asked["negatives"]:
                c[2] += bool(m.recaller.search(m.reader(), query, 3))
                c[3] += 1
            for other in journals if cross else ():
                if other is not j and other.set == j.set and style in other.asked:
                    for query in other.asked[style]["negatives"]:
                        c[4] += bool(m.recaller.search(m.reader(), query, 3))
                        c[5] += 1
    return cells


@contextlib.contextmanager
def switched(journals: list[Journal], patches: list[Patch] | tuple) -> Iterator[None]:
    """Run with some of recall's names replaced (or, `("floor", v)` and `("condition", v)`, every recaller's floor
    or condition), indexes rebuilt."""
    saved = []
    if isinstance(patches, tuple):  # ("floor", value) or ("condition", value)
        attr = {"floor": "min_relevance"}.get(patches[0], patches[0])
        patches = [(j.memory.recaller, attr, patches[1]) for j in journals]
    for obj, attr, value in patches:
        saved.append((obj, attr, getattr(obj, attr)))
        setattr(obj, attr, value)
    for j in journals:
        j.memory.recaller.index = ("", None)  # PRIOR_CARDS and field weights are read when the index is built
    try:
        yield
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)
        for j in journals:
            j.memory.recaller.index = ("", None)


# -- the arithmetic -------------------------------------------------------------------------------

CROSS = [False]  # --with-cross: the cross negatives count as negatives in every choice


def pooled(cells: dict, keep: Callable[[tuple[str, str]], bool]) -> tuple[float, float, int, int]:
    """(R@3, FP, positives, negatives) over the cells kept (with CROSS, the cross negatives among the negatives)."""
    hit = pos = fp = neg = 0
    for key, c in cells.items():
        if keep(key):
            hit, pos, fp, neg = hit + c[0], pos + c[1], fp + c[2], neg + c[3]
            if CROSS[0]:
                fp, neg = fp + c[4], neg + c[5]
    return hit / max(pos, 1), fp / max(neg, 1), pos, neg


def rule_effect(base: dict, off: dict, origin: set) -> dict:
    """The rule's effect (with it minus without it) on its own cells, on the others, and on the sets dev since round
    25 (`new_sets`: hands no rule made before it saw): R@3 and FP points."""
    found = {}
    for part, keep in (("own", lambda k: k in origin), ("others", lambda k: k not in origin),
                       ("new_sets", lambda k: k[0] not in rf.DEV_SETS_BEFORE_25), ("all", lambda k: True)):
        r_on, f_on, pos, neg = pooled(base, keep)
        r_off, f_off, _, _ = pooled(off, keep)
        found[part] = {"r_at_3": round(100 * (r_on - r_off), 2), "fp": round(100 * (f_on - f_off), 2),
                       "positives": pos, "negatives": neg}
    return found


def loho(results: dict, default: object, hands: tuple[str, ...], axis: int) -> dict:
    """Leave each hand out: the value best on the others (R@3 - FP, pooled; the default wins a tie), scored on
    the hand left out; the mean over hands, against the default's."""
    rows, chosen_r, chosen_f, default_r, default_f = {}, [], [], [], []
    for hand in hands:
        def train(k, hand=hand):
            return k[axis] != hand

        def held(k, hand=hand):
            return k[axis] == hand

        def objective(value):
            r, f, _, _ = pooled(results[value], train)
            return round(r - f, 9), value == default
        best = max(results, key=objective)
        r, f, pos, _ = pooled(results[best], held)
        if not pos:
            continue
        r0, f0, _, _ = pooled(results[default], held)
        rows[hand] = {"chosen": best, "r_at_3": round(100 * r, 1), "fp": round(100 * f, 1),
                      "default_r_at_3": round(100 * r0, 1), "default_fp": round(100 * f0, 1)}
        chosen_r.append(r), chosen_f.append(f), default_r.append(r0), default_f.append(f0)
    n = max(len(chosen_r), 1)
    return {"hands": rows, "mean_r_at_3": round(100 * sum(chosen_r) / n, 2), "mean_fp": round(100 * sum(chosen_f) / n, 2),
            "default_mean_r_at_3": round(100 * sum(default_r) / n, 2),
            "default_mean_fp": round(100 * sum(default_f) / n, 2)}


def totals(cells: dict) -> dict:
    """Per style and in all: R@3 and FP, and cross FP."""
    out = {}
    for style in (*STYLES, "all"):
        keep = (lambda k: True) if style == "all" else (lambda k, s=style: k[1] == s)
        r, f, pos, neg = pooled(cells, keep)
        xfp = sum(c[4] for k, c in cells.items() if keep(k))
        xn = sum(c[5] for k, c in cells.items() if keep(k))
        out[style] = f"R@3 {100 * r:.1f}% of {pos}, FP {100 * f:.1f}% of {neg}, cross FP {100 * xfp / max(xn, 1):.1f}%"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", action="store_true", help="switch each rule off (the default: rules and constants)")
    parser.add_argument("--constants", action="store_true", help="re-choose each constant by leaving a hand out")
    parser.add_argument("--joint", action="store_true",
                        help="choose the JOINT constants together, coordinate descent under leave one hand out")
    parser.add_argument("--passes", type=int, default=2, help="coordinate descent passes (--joint)")
    parser.add_argument("--with-cross", action="store_true",
                        help="count the cross negatives (other journals' negatives) as negatives in every choice")
    parser.add_argument("--only", nargs="*", default=[], help="only these rules or constants")
    parser.add_argument("--out", type=Path, help="also write the full per-cell figures here (JSON)")
    args = parser.parse_args()
    both = not (args.rules or args.constants or args.joint)
    CROSS[0] = args.with_cross
    report: dict = {}
    with contextlib.ExitStack() as stack:
        journals = build(stack)
        base = ask(journals)
        report["base"] = totals(base)
        report["cells"] = {f"{s}/{st}": c for (s, st), c in sorted(base.items())}
        if args.rules or both:
            report["rules"] = {}
            for name, (what, switch) in RULES.items():
                if args.only and name not in args.only:
                    continue
                with switched(journals, switch()):
                    off = ask(journals)
                report["rules"][name] = {"off": what, "made_on": sorted(f"{s}/{st}" for s, st in ORIGIN[name]),
                                         **rule_effect(base, off, ORIGIN[name]), "without": totals(off)}
                print(name, json.dumps(report["rules"][name]["others"]), file=sys.stderr)
        if args.joint:
            joint = Joint(journals, tuple(n for n in JOINT if not args.only or n in args.only), args.passes)
            everything = joint.descend(lambda k: True)
            report["joint"] = {"by_set": joint.loho(SETS, 0), "by_style": joint.loho(STYLES, 1),
                               "all_hands": {n: v for n, v in everything.items() if v != JOINT[n][0]},
                               "asked": len(joint.cache)}
            with switched(journals, joint_patches(journals, report["joint"]["all_hands"])):
                report["joint"]["all_hands_totals"] = totals(ask(journals))
            print("joint", json.dumps(report["joint"]), file=sys.stderr)
        if args.constants or both:
            report["constants"] = {}
            for name, (default, grid) in CONSTANTS.items():
                if args.only and name not in args.only:
                    continue
                results = {}
                for value, switch in grid:
                    with switched(journals, switch if isinstance(switch, tuple) else switch()):
                        results[value] = ask(journals)
                if default not in results:
                    results[default] = base
                report["constants"][name] = {"default": default,
                                             "by_set": loho(results, default, SETS, 0),
                                             "by_style": loho(results, default, STYLES, 1),
                                             "pooled": {str(v): totals(c)["all"] for v, c in results.items()}}
                print(name, json.dumps({k: report["constants"][name][k] for k in ("by_set", "by_style")}),
                      file=sys.stderr)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, default=str))
    print(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
