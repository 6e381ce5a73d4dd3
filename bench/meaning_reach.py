"""How far a card's crafted tasks reach with meaning (security.md O32): the share of dev queries one of them is
close to, at the cosine meaning admits a card the words refuse (`admit`) and the one it keeps a card the words
admit on few words (`keep`), for each kind of vectors with its thresholds (`sense.LIGHT`, the default's word
vectors; `sense.MODEL`, the sentence model's).

Four attackers: a card of seven generic tasks ("fix the bug", "work on the task", ...), a card of eight tasks on
eight everyday topics, a snapshot of cards whose tasks are written like queries (every other dev query, scored
on the others), and one card's five tasks chosen to be near as many queries as it can (the queries of that half
nearest five k-means centres of their vectors, scored on the others: security.md O37). The queries are the dev sets' positives and negatives (`recall_fresh.DEV_SETS_BEFORE_25`: the sets
read since before round 25, never a held-out one).

Last, the echo (round 29, `sense.echoes`: a task sharing three of the query's terms and a third of its own counts
as cosine 1, whatever the vectors): five tasks of `ECHO_WORDS` terms each, chosen greedily on every other dev query to
echo as many as they can, scored on the others (security.md O39, O47). Nine terms is what a third of the task's
terms lets through with three shared: 84 triples of terms a task, where three terms make one.

    python bench/meaning_reach.py        (the sentence model's line needs the `meaning` extra)
"""

from __future__ import annotations

import collections
import json
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_fresh as rf  # noqa: E402
from actors.memory import recall, sense  # noqa: E402
import broker.text as text  # noqa: E402
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


def reach(queries: np.ndarray, tasks: np.ndarray, thresholds: sense.Thresholds,
          near: float = 1.0) -> tuple[float, float, float]:
    """The share of queries whose best cosine with the tasks reaches `admit`, `keep`, and `near` (`sense.NEAR`: the
    card nearest in meaning is proposed to a reader, round 31, with no word of the query in it: security.md O54)."""
    best = (queries @ tasks.T).max(axis=1)
    return float((best >= thresholds.admit).mean()), float((best >= thresholds.keep).mean()), float((best >= near).mean())


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


ECHO_WORDS = (3, 6, 8, 9, 12)  # terms a crafted task says (a journal's: distill keeps 200 characters, some 25 terms)


def gain(queries: list[frozenset[str]], terms: set[str]) -> tuple[int, int]:
    """How many queries a task of these terms echoes, then how many of its terms they share in all (the tie-break)."""
    needed = max(sense.ECHO_TERMS, math.ceil(len(terms) * sense.ECHO_SHARE))
    return sum(len(q & terms) >= needed for q in queries), sum(len(q & terms) for q in queries)


def echo_reach(texts: list[str], words: int, tasks: int = 5, pool: int = 80) -> tuple[list[str], float]:
    """Tasks of `words` terms each, chosen one term at a time among the `pool` most frequent of every other query's
    to echo the most of them, and the share of the other queries they echo."""
    said = [sense.telling(recall.parse_query(q).said) for q in texts]
    written = {}  # a word of the queries for each term, to write the tasks in
    for q in texts:
        for w in text.words(q):
            for t in text.terms(w):
                written.setdefault(t, w)
    train, test = said[::2], said[1::2]
    frequent = [t for t, _ in collections.Counter(t for q in train for t in q).most_common(pool) if t in written]
    chosen_tasks: list[str] = []
    left = list(train)
    for _ in range(tasks):
        chosen: list[str] = []
        for _ in range(words):
            chosen.append(max((t for t in frequent if t not in chosen),
                              key=lambda t, c=chosen, q=left: gain(q, {*c, t})))
        task = " ".join(written[t] for t in chosen)
        chosen_tasks.append(task)
        left = [q for q in left if not sense.echoes(q, task)]
    echoed = sum(any(sense.echoes(q, t) for t in chosen_tasks) for q in test)
    return chosen_tasks, echoed / len(test)


def main() -> None:
    kinds = [("word vectors (the default)", wordvectors.load(), sense.LIGHT, sense.NEAR[sense.Fusion.LIGHT])]
    if embedding.model_path() is not None:
        kinds.append(("sentence model", embedding.Encoder(embedding.model_path()), sense.MODEL,
                      sense.NEAR[sense.Fusion.ON]))
    texts = dev_queries()
    for name, encoder, thresholds, near in kinds:
        queries = np.vstack([encoder.embed(q) for q in texts])
        print(f"{name}: {len(queries)} dev queries; admit at {thresholds.admit}, keep at {thresholds.keep}, "
              f"nearest proposed at {near}")
        for label, tasks in (("7 generic tasks", GENERIC), ("8 topic tasks", TOPICS)):
            admit, keep, nearest = reach(queries, np.vstack([encoder.embed(t) for t in tasks]), thresholds, near)
            print(f"  {label:32s} admit {admit:6.1%}  keep {keep:6.1%}  near {nearest:6.1%}")
        admit, keep, nearest = reach(queries[1::2], queries[::2], thresholds, near)
        print(f"  {len(queries[::2])} tasks written like queries   admit {admit:6.1%}  keep {keep:6.1%}  "
              f"near {nearest:6.1%}  (on the other half)")
        admit, keep, nearest = reach(queries[1::2], queries[::2][centred(queries[::2])], thresholds, near)
        print(f"  {'5 tasks chosen to reach far':32s} admit {admit:6.1%}  keep {keep:6.1%}  near {nearest:6.1%}  "
              "(on the other half)")
    print(f"echo (sense.echoes: {sense.ECHO_TERMS} terms, a share of {sense.ECHO_SHARE:.2f} of the task's):")
    for words in ECHO_WORDS:
        tasks, share = echo_reach(texts, words)
        print(f"  5 tasks of {words:2d} terms chosen to echo   {share:6.1%} of the other half  (e.g. {tasks[0]!r})")


if __name__ == "__main__":
    main()
