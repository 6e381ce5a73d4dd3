"""How far a card's crafted tasks reach with meaning (security.md O32): the share of dev queries one of them is
close to, at the cosine meaning admits a card the words refuse (`admit`) and the one it keeps a card the words
admit on few words (`keep`), for each kind of vectors with its thresholds (`sense.LIGHT`, the default's word
vectors; `sense.MODEL`, the sentence model's).

Four attackers: a card of seven generic tasks ("fix the bug", "work on the task", ...), a card of eight tasks on
eight everyday topics, a snapshot of cards whose tasks are written like queries (every other dev query, scored
on the others), and one card's five tasks chosen to be near as many queries as it can (the queries of that half
nearest five k-means centres of their vectors, scored on the others: security.md O37). The queries are the dev sets' positives and negatives (`recall_fresh.DEV_SETS_BEFORE_25`: the sets
read since before round 25, never a held-out one).

    python bench/meaning_reach.py        (the sentence model's line needs the `meaning` extra)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
from actors.memory import sense  # noqa: E402
from broker.text import embedding, wordvectors  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
GENERIC = ("fix the bug", "help me with this task", "do the work the user asked for in the repository",
           "update the code, run the tests, fix the build and deploy the service",
           "set up the project, write a script, configure the tool and check it works", "work on the task",
           "implement the feature and make the tests pass")
TOPICS = ("run the unit tests", "deploy the service to production", "fix the failing CI pipeline",
          "install the project dependencies", "write a database migration", "update the documentation",
          "debug the API endpoint returning 500", "set up docker compose for local development")


def dev_queries() -> list[str]:
    """Every distinct positive and negative query of the dev sets, in file order."""
    found: list[str] = []
    for name in rf.DEV_SETS_BEFORE_25:
        for path in sorted((DATA / name / "memory").glob("journal-*.truth.json")):
            truth = json.loads(path.read_text())
            found += [q["q"] for q in truth["queries"]] + list(truth["negatives"])
    return list(dict.fromkeys(found))


def reach(queries: np.ndarray, tasks: np.ndarray, thresholds: sense.Thresholds) -> tuple[float, float]:
    """The share of queries whose best cosine with the tasks reaches `admit`, and `keep`."""
    best = (queries @ tasks.T).max(axis=1)
    return float((best >= thresholds.admit).mean()), float((best >= thresholds.keep).mean())


def centred(queries: np.ndarray, k: int = 5, rounds: int = 30, seed: int = 0) -> list[int]:
    """The rows nearest k centres of the vectors (spherical k-means, the best of five starts at covering them)."""
    rng = np.random.default_rng(seed)
    best: tuple[float, np.ndarray] | None = None
    for _ in range(5):
        centres = queries[rng.choice(len(queries), k, replace=False)]
        for _ in range(rounds):
            nearest = (queries @ centres.T).argmax(axis=1)
            centres = np.vstack([queries[nearest == j].mean(axis=0) if (nearest == j).any() else centres[j]
                                 for j in range(k)])
            centres /= np.linalg.norm(centres, axis=1, keepdims=True)
        covered = float((queries @ centres.T).max(axis=1).mean())
        if best is None or covered > best[0]:
            best = (covered, centres)
    return [int((queries @ centre).argmax()) for centre in best[1]]


def main() -> None:
    kinds = [("word vectors (the default)", wordvectors.load(), sense.LIGHT)]
    if embedding.model_path() is not None:
        kinds.append(("sentence model", embedding.Encoder(embedding.model_path()), sense.MODEL))
    texts = dev_queries()
    for name, encoder, thresholds in kinds:
        queries = np.vstack([encoder.embed(q) for q in texts])
        print(f"{name}: {len(queries)} dev queries; admit at {thresholds.admit}, keep at {thresholds.keep}")
        for label, tasks in (("7 generic tasks", GENERIC), ("8 topic tasks", TOPICS)):
            admit, keep = reach(queries, np.vstack([encoder.embed(t) for t in tasks]), thresholds)
            print(f"  {label:32s} admit {admit:6.1%}  keep {keep:6.1%}")
        admit, keep = reach(queries[1::2], queries[::2], thresholds)
        print(f"  {len(queries[::2])} tasks written like queries   admit {admit:6.1%}  keep {keep:6.1%}  (on the other "
              "half)")
        admit, keep = reach(queries[1::2], queries[::2][centred(queries[::2])], thresholds)
        print(f"  {'5 tasks chosen to reach far':32s} admit {admit:6.1%}  keep {keep:6.1%}  (on the other half)")


if __name__ == "__main__":
    main()
