"""How far a card's crafted tasks reach with meaning on (security.md O32): the share of dev queries one of them is
close to, at the cosine meaning admits a card the words refuse (`sense.ADMIT_COSINE`) and the one it keeps a card
the words admit on few words (`sense.KEEP_COSINE`).

Three attackers: a card of seven generic tasks ("fix the bug", "work on the task", ...), a card of eight tasks on
eight everyday topics, and a snapshot of cards whose tasks are written like queries (every other dev query, scored
on the others). The queries are the dev sets' positives and negatives (`recall_fresh.DEV_SETS_BEFORE_25`: the sets
read since before round 25, never a held-out one).

    python bench/meaning_reach.py        (needs the `meaning` extra: pip install 'actors[meaning]')
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
from broker.text import embedding  # noqa: E402

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


def reach(queries: np.ndarray, tasks: np.ndarray) -> tuple[float, float]:
    """The share of queries whose best cosine with the tasks reaches ADMIT_COSINE, and KEEP_COSINE."""
    best = (queries @ tasks.T).max(axis=1)
    return float((best >= sense.ADMIT_COSINE).mean()), float((best >= sense.KEEP_COSINE).mean())


def main() -> None:
    encoder = embedding.Encoder(embedding.model_path())
    queries = np.vstack([encoder.embed(q) for q in dev_queries()])
    print(f"{len(queries)} dev queries; admit at {sense.ADMIT_COSINE}, keep at {sense.KEEP_COSINE}")
    for label, tasks in (("7 generic tasks", GENERIC), ("8 topic tasks", TOPICS)):
        admit, keep = reach(queries, np.vstack([encoder.embed(t) for t in tasks]))
        print(f"{label:32s} admit {admit:6.1%}  keep {keep:6.1%}")
    admit, keep = reach(queries[1::2], queries[::2])
    print(f"{len(queries[::2])} tasks written like queries   admit {admit:6.1%}  keep {keep:6.1%}  (on the other half)")


if __name__ == "__main__":
    main()
