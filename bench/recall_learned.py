"""A learned admission model for recall, against the hand-chosen rules, leaving one dev hand out (round 22).

For every (query, card) pair the lexical stage reaches (`Index.candidates`, then `Index.verdict`: a card is
reached when some term of the query is the card's), `features` computes what the rules already look at: the
value each identity field adds, the share of the card's ability, program, file, host and topic words the query
touches, the information (idf mass) of what the query says that reaches the card and that does not, whether the
query names another program, file or host than the card's, the card's rank and margin among the reached cards,
the query's length, and the rules' own tests (named outright, corroborated, share, conditioned, prose, admitted,
the refusal). A logistic regression (numpy, L2) is fitted on the dev sets' labelled pairs: positive = a card
that holds the query's lesson (`recall_fresh.holds`), negative = a card reached for a negative, or (weighing
`WRONG`) another card reached for a query.

Admission (`outcome`): `learned`, a card is recalled when the model's probability is at least a threshold, ranked
by it (with `--without-rules` the model reads none of the rules' tests: it replaces them instead of backing them);
`veto`, the rules admit it and the model agrees, the rules' order; `rescue`, the rules admit it or the model does,
the rules' cards first. Leaving one hand out (a dev set; `--styles`: a query style too), the L2 strength, the
wrong cards' weight and the threshold are chosen on the other hands by an inner leave-one-hand-out (pooled R@3 - FP
of the inner held-out predictions), the model is refitted on the other hands and scored on the hand left out. The
rules are scored on the same queries as they stand (their constants chose the same values in every fold of
round 21's leave-one-hand-out). Cross negatives (the set's other journals' negatives) are never trained or chosen
on, only reported. Nothing is reported in-sample. docs/memory.md, "Twenty-second round", has the figures: the
model was not taken.

    python bench/recall_learned.py [--styles] [--variants learned veto rescue] [--without-rules] [--out FILE.json]
                                   [--weights FILE.json]

`--weights` fits the first variant on every dev hand (its constants chosen by leaving one set out) and writes its
weights with the features' names (JSON). Dev only: it reads DEV_SETS and never a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
import recall_loho as rl  # noqa: E402
import broker.text as text  # noqa: E402
from actors.memory import recall  # noqa: E402

FIELDS = tuple(recall.FIELD_WEIGHTS)
SHARED = ("ability", "program", "file", "host", "topic")  # fields whose share of the card's words touched counts
FEATURES = (
    *(f"value:{f}" for f in FIELDS),
    *(f"share:{f}" for f in SHARED),
    "relevance", "over_floor", "named", "corroborated", "says_share", "conditioned", "prose", "rules_admit",
    *(f"refused:{r}" for r in recall.Refusal if r is not recall.Refusal.UNTOUCHED),
    "words_reaching", "parts_reached", "parts_generic", "info_touched", "info_untouched", "query_words",
    "other_program", "other_file", "other_host", "rank", "margin", "of_top",
)
# the rules' own tests among the features: left out with --without-rules (the model replaces the rules, not backs them)
RULE_FEATURES = frozenset({"named", "corroborated", "says_share", "conditioned", "rules_admit",
                           *(f for f in FEATURES if f.startswith("refused:"))})
USED = [FEATURES]  # the features the model reads (--without-rules: RULE_FEATURES left out)
LAMBDAS = (1.0, 10.0, 100.0, 1000.0)  # L2 strengths tried
WRONG = (0.0, 0.1, 0.3)  # weights tried for a wrong card reached for a query
THRESHOLDS = tuple(round(float(t), 2) for t in np.arange(0.05, 0.96, 0.05))
VARIANTS = ("learned", "veto", "rescue")


@dataclass
class Pair:
    """One card reached for one query, with its features and label."""

    x: list[float]
    label: bool
    rules: bool  # the rules admit it
    score: float  # the rules' relevance (boost included)


@dataclass
class Asked:
    """One query (or negative) asked of one store: its hand, the pairs reached, what the rules answered."""

    set: str
    style: str
    positive: bool
    pairs: list[Pair]
    rules_hit: bool  # a positive: the lesson's card among the rules' first three; a negative: any card answered
    cross: bool = False  # a negative of another journal of the set: reported, never trained or chosen on
    text: str = ""


def vocabulary(index: recall.Index, field: str) -> frozenset[str]:
    """Every term the index's cards hold in one field (their programs, files or hosts)."""
    return frozenset(t for ident in index.identities for t in ident.get(field, ()))


def features(ident: dict[str, list[str]], v: recall.Verdict, a: recall.Asking, index: recall.Index,
             reaching: tuple, others: dict[str, frozenset[str]], rank: int, rels: list[float],
             condition: recall.Condition) -> list[float]:
    """The features of one card reached by one query (FEATURES, in order)."""
    q = a.q
    value = {f: 0.0 for f in FIELDS}
    for field, _, _, x in v.parts:
        value[field] = value.get(field, 0.0) + x
    reached_terms = {t for _, t, _ in reaching}
    shares = [len(set(ident.get(f, ())) & reached_terms) / len(ident[f]) if ident.get(f) else 0.0 for f in SHARED]
    named = recall.names_touched(ident, q.named, q.named_stems, q.terms)
    covered = {w for _, _, word, _ in v.parts for w in (word, text.stem(word))}
    touched = sum(x for s, x in a.info.items() if s in covered)
    said = set(q.terms) | set(q.said)
    other = [float(bool((said & others[f]) - set(ident.get(f, ())))) for f in ("program", "file", "host")]
    nxt = rels[rank + 1] if rank + 1 < len(rels) else 0.0
    return [
        *(value[f] for f in FIELDS), *shares,
        v.relevance, v.relevance / a.floor if a.floor else 0.0, float(named),
        float(recall.corroborated(v.parts, index.generic, reaching)),
        recall.share(v.parts, a.info),
        float(recall.conditioned(v.parts, index.generic, mode=condition, reached_programs=q.related,
                                 ring_words=q.similar, typos=a.typos)),
        float(q.prose), float(v.refused is None),
        *(float(v.refused is r) for r in recall.Refusal if r is not recall.Refusal.UNTOUCHED),
        float(len({text.stem(w) for _, _, w, _ in v.parts})), float(sum(t != w for _, t, w, _ in v.parts)),
        float(sum(t in index.generic for _, t, _, _ in v.parts)),
        touched, sum(a.info.values()) - touched, float(len(q.said)),
        *other, float(rank), v.relevance - nxt, v.relevance / rels[0] if rels[0] else 0.0,
    ]


def pairs_of(journal: rl.Journal, query: str, ids: list[str]) -> list[Pair]:
    """Every card the lexical stage reaches for a query, with features and labels."""
    m = journal.memory
    index = m.recaller.current(m.reader())
    a = index.asking(recall.parse_query(query), m.recaller.min_relevance)
    if a is None:
        return []
    reached = []
    for pos in index.candidates(a.weights, recall.CANDIDATES):
        ident = index.identities[pos]
        v = index.verdict(a, pos, m.recaller.condition)
        if v.refused is recall.Refusal.UNTOUCHED:
            continue
        _, _, _, reaching = recall.contributions(ident, a.weights, a.sources, a.only, a.q.terms)
        reached.append((pos, ident, v, reaching))
    reached.sort(key=lambda r: (-r[2].relevance, r[0]))
    rels = [r[2].relevance for r in reached]
    others = {f: vocabulary(index, f) for f in ("program", "file", "host")}
    cards = {c.id: c for c in m.cards()}
    out = []
    for rank, (pos, ident, v, reaching) in enumerate(reached):
        card = cards[index.ids[pos]]
        label = any(rf.holds(card, journal.anchors[pid]) for pid in ids)
        x = features(ident, v, a, index, reaching, others, rank, rels, m.recaller.condition)
        out.append(Pair(x, label, v.refused is None, v.relevance))
    return out


def collect(journals: list[rl.Journal]) -> list[Asked]:
    """Every query, own negative and cross negative (the set's other journals' negatives) of every dev cell, with
    its pairs and the rules' answer."""
    asked = []
    for j in journals:
        m = j.memory
        for style, doc in j.asked.items():
            for q in doc["queries"]:
                ids = q.get("planted_ids", [q["planted_id"]])
                top = [h.card for h in m.recaller.search(m.reader(), q["q"], 3)]
                hit = any(rf.holds(card, j.anchors[pid]) for card in top for pid in ids)
                asked.append(Asked(j.set, style, True, pairs_of(j, q["q"], ids), hit, text=q["q"]))
            for query in doc["negatives"]:
                answered = bool(m.recaller.search(m.reader(), query, 3))
                asked.append(Asked(j.set, style, False, pairs_of(j, query, []), answered, text=query))
            for other in journals:
                if other is not j and other.set == j.set and style in other.asked:
                    for query in other.asked[style]["negatives"]:
                        answered = bool(m.recaller.search(m.reader(), query, 3))
                        asked.append(Asked(j.set, style, False, pairs_of(j, query, []), answered, cross=True,
                                           text=query))
    return asked


# -- the model ------------------------------------------------------------------------------------

def fit(x: np.ndarray, y: np.ndarray, lam: float, s: np.ndarray | None = None,
        iterations: int = 50) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A logistic regression with an L2 penalty and sample weights `s` (Newton's method on standardised features):
    (weights, mean, scale); the bias is weights[0] and is not penalised."""
    s = np.ones(len(y)) if s is None else s
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], lam)
    penalty[0] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-z @ w))
        grad = z.T @ (s * (p - y)) + penalty * w
        hess = (z * (s * p * (1 - p))[:, None]).T @ z + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w, mean, scale


def probability(model: tuple[np.ndarray, np.ndarray, np.ndarray], x: np.ndarray) -> np.ndarray:
    """The model's probability that each pair's card is the query's lesson."""
    w, mean, scale = model
    return 1.0 / (1.0 + np.exp(-(w[0] + ((x - mean) / scale) @ w[1:])))


def outcome(asked: Asked, p: np.ndarray, threshold: float, variant: str) -> bool:
    """A positive: its lesson's card among the first three admitted; a negative: any card admitted."""
    if variant == "learned":
        admitted = sorted((-pi, i) for i, pi in enumerate(p) if pi >= threshold)
    elif variant == "veto":  # the rules admit it and the model agrees; the rules' order
        admitted = sorted((-pair.score, i) for i, (pair, pi) in enumerate(zip(asked.pairs, p))
                          if pair.rules and pi >= threshold)
    else:  # rescue: the rules admit it, or the model does; the rules' cards first, in their order
        admitted = sorted((0 if pair.rules else 1, -pair.score if pair.rules else -pi, i)
                          for i, (pair, pi) in enumerate(zip(asked.pairs, p)) if pair.rules or pi >= threshold)
        admitted = [(None, i) for *_, i in admitted]
    if not asked.positive:
        return bool(admitted)
    return any(asked.pairs[i].label for _, i in admitted[:3])


def rates(asked: list[Asked], hits: list[bool]) -> tuple[float, float, int, int]:
    """(R@3, FP, positives, negatives) of outcomes."""
    pos = [h for a, h in zip(asked, hits) if a.positive]
    neg = [h for a, h in zip(asked, hits) if not a.positive]
    return sum(pos) / max(len(pos), 1), sum(neg) / max(len(neg), 1), len(pos), len(neg)


def matrix(asked: list[Asked], wrong: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs' features, labels and sample weights: a wrong card reached for a query (not a negative's card)
    weighs `wrong`: admitting it costs nothing unless it ranks the lesson's card out of the first three."""
    rows = [(p, a.positive) for a in asked for p in a.pairs]
    columns = [FEATURES.index(f) for f in USED[0]]
    return (np.array([p.x for p, _ in rows], dtype=float).reshape(len(rows), len(FEATURES))[:, columns],
            np.array([p.label for p, _ in rows], dtype=float),
            np.array([1.0 if p.label or not positive else wrong for p, positive in rows]))


def predictions(train: list[Asked], test: list[Asked], lam: float, wrong: float) -> list[np.ndarray]:
    """The model fitted on `train`, its probabilities for each of `test`'s pairs (per query)."""
    x, y, s = matrix(train, wrong)
    model = fit(x, y, lam, s)
    return [probability(model, matrix([a])[0]) if a.pairs else np.zeros(0) for a in test]


def choose(asked: list[Asked], hand: int, variant: str) -> tuple[float, float, float]:
    """(L2 strength, wrong cards' weight, threshold) best by an inner leave-one-hand-out over `asked` (pooled
    R@3 - FP; ties: the stronger penalty, the heavier wrong cards, the higher threshold)."""
    hands = sorted({hand_of(a, hand) for a in asked})
    best, chosen = -9.0, (LAMBDAS[-1], 1.0, 0.5)
    for lam in LAMBDAS:
        for wrong in WRONG:
            probs: list[np.ndarray] = [np.zeros(0)] * len(asked)
            for h in hands:
                inside = [i for i, a in enumerate(asked) if hand_of(a, hand) == h]
                out = predictions([a for a in asked if hand_of(a, hand) != h], [asked[i] for i in inside], lam, wrong)
                for i, p in zip(inside, out):
                    probs[i] = p
            for t in THRESHOLDS:
                r, f, _, _ = rates(asked, [outcome(a, p, t, variant) for a, p in zip(asked, probs)])
                if round(r - f, 9) > best or (round(r - f, 9) == best and (lam, wrong, t) > chosen):
                    best, chosen = round(r - f, 9), (lam, wrong, t)
    return chosen


CHANGE = {(True, True): "answer gained", (True, False): "answer lost", (False, True): "false positive added",
          (False, False): "false positive gone"}  # (a query, not a negative; the model answers) against the rules


def hand_of(a: Asked, hand: int) -> str:
    return a.set if hand == 0 else a.style


def loho(asked: list[Asked], hand: int, variant: str) -> dict:
    """Each hand left out: the model chosen and fitted on the others, scored on it; the rules on it too."""
    rows, learned, rules = {}, [], []
    for h in sorted({hand_of(a, hand) for a in asked}):
        train = [a for a in asked if hand_of(a, hand) != h and not a.cross]
        test = [a for a in asked if hand_of(a, hand) == h and not a.cross]
        crossed = [a for a in asked if hand_of(a, hand) == h and a.cross]
        lam, wrong, t = choose(train, hand, variant)
        probs = predictions(train, test + crossed, lam, wrong)
        outcomes = [outcome(a, p, t, variant) for a, p in zip(test, probs)]
        r, f, pos, neg = rates(test, outcomes)
        r0, f0, _, _ = rates(test, [a.rules_hit for a in test])
        xf = sum(outcome(a, p, t, variant) for a, p in zip(crossed, probs[len(test):]))
        xf0 = sum(a.rules_hit for a in crossed)
        rows[h] = {"lambda": lam, "wrong": wrong, "threshold": t, "r_at_3": round(100 * r, 1), "fp": round(100 * f, 1),
                   "rules_r_at_3": round(100 * r0, 1), "rules_fp": round(100 * f0, 1), "queries": pos, "negatives": neg,
                   "cross_fp": xf, "rules_cross_fp": xf0, "cross": len(crossed),
                   "changed": [f"{CHANGE[a.positive, o]} [{a.set}/{a.style}] {a.text!r}"
                               for a, o in zip(test, outcomes) if o != a.rules_hit]}
        learned.append((r, f)), rules.append((r0, f0))
        print(variant, h, json.dumps({k: v for k, v in rows[h].items() if k != "changed"}), file=sys.stderr)
    n = max(len(learned), 1)
    cross = sum(row["cross"] for row in rows.values())
    return {"hands": rows,
            "cross_fp": round(100 * sum(row["cross_fp"] for row in rows.values()) / max(cross, 1), 2),
            "rules_cross_fp": round(100 * sum(row["rules_cross_fp"] for row in rows.values()) / max(cross, 1), 2),
            "mean_r_at_3": round(100 * sum(r for r, _ in learned) / n, 2),
            "mean_fp": round(100 * sum(f for _, f in learned) / n, 2),
            "rules_mean_r_at_3": round(100 * sum(r for r, _ in rules) / n, 2),
            "rules_mean_fp": round(100 * sum(f for _, f in rules) / n, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", action="store_true", help="also leave one query style out")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS)
    parser.add_argument("--without-rules", action="store_true",
                        help="the model reads no rule's test (named, corroborated, share, conditioned, admitted)")
    parser.add_argument("--out", type=Path, help="also write the report here (JSON)")
    parser.add_argument("--weights", type=Path, help="fit the first variant on every dev hand; write its weights")
    args = parser.parse_args()
    if args.without_rules:
        USED[0] = tuple(f for f in FEATURES if f not in RULE_FEATURES)
    report: dict = {"features": list(USED[0])}
    with contextlib.ExitStack() as stack:
        asked = collect(rl.build(stack))
    own = [a for a in asked if not a.cross]
    _, y, _ = matrix(own)
    report["pairs"] = {"pairs": len(y), "positive": int(y.sum()), "queries": sum(a.positive for a in own),
                       "negatives": sum(not a.positive for a in own), "cross": len(asked) - len(own)}
    r0, f0, _, _ = rates(own, [a.rules_hit for a in own])
    report["rules_pooled"] = {"r_at_3": round(100 * r0, 1), "fp": round(100 * f0, 1)}
    for variant in args.variants:
        report[variant] = {"by_set": loho(asked, 0, variant)}
        if args.styles:
            report[variant]["by_style"] = loho(asked, 1, variant)
    if args.weights:
        variant = args.variants[0]
        lam, wrong, t = choose(own, 0, variant)
        x, y, s = matrix(own, wrong)
        w, mean, scale = fit(x, y, lam, s)
        args.weights.write_text(json.dumps({
            "variant": variant, "lambda": lam, "wrong": wrong, "threshold": t, "bias": float(w[0]),
            "features": {n: {"weight": float(wi), "mean": float(m), "scale": float(s)}
                         for n, wi, m, s in zip(USED[0], w[1:], mean, scale)}}, indent=1))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
