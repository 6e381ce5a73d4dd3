"""How error signatures group a set of journals' failures, to compare two checkouts of the normaliser.

    PYTHONPATH=/work/wt-base python -m bench.signatures J.jsonl... > base.json
    PYTHONPATH=. python -m bench.signatures J.jsonl... > branch.json
    python -m bench.signatures --compare base.json branch.json

The first form writes each failed call's (file, line, organ.ability, signature); the comparison says how many
groups (file, ability, signature) each has, how many texts changed, and which groups were split or merged.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def signatures(paths: list[str]) -> list[list]:
    """(file, line, organ.ability, signature) of every failed call in the journals."""
    from actors.memory.normalise import error_signature

    found = []
    for path in sorted(paths):
        with open(path, encoding="utf-8") as stream:
            for number, line in enumerate(stream, start=1):
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                if isinstance(event, dict) and event.get("kind") == "call" and event.get("ok") is False:
                    found.append([path, number, f"{event.get('organ')}.{event.get('ability')}",
                                  error_signature(event.get("error") or "")])
    return found


def compare(base: list[list], branch: list[list]) -> dict:
    """Groups on each side, texts changed, and the base groups that are not one group on the branch."""
    if [row[:3] for row in base] != [row[:3] for row in branch]:
        raise SystemExit("the two files were not made from the same journals")
    groups = []
    for rows in (base, branch):
        by = defaultdict(set)
        for i, (path, _, ability, signature) in enumerate(rows):
            by[(path, ability, signature)].add(i)
        groups.append({frozenset(g) for g in by.values()})
    return {"failures": len(base), "groups_base": len(groups[0]), "groups_branch": len(groups[1]),
            "texts_changed": sum(a[3] != b[3] for a, b in zip(base, branch)),
            "groups_split_or_merged": len(groups[0] - groups[1])}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--compare"]:
        with open(argv[1]) as a, open(argv[2]) as b:
            print(json.dumps(compare(json.load(a), json.load(b))))
        return
    json.dump(signatures(argv), sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
