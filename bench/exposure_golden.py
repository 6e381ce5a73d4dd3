"""A golden dump of exposure: every intent's selection, cold and warm, with its scores to the last bit.

For each named set and half (as `bench/exposure.py` loads them: the same catalogues, halves and warm
learning), one JSON line per intent and method: the addresses exposed (best first), the tokens sent, the
score of each exposed tool as a float's hex (exact), and a digest of every score `relevance` gives (a change
in the last bit of any tool's score, exposed or not, changes it). Two dumps made by different code, or with
different PYTHONHASHSEED values, are compared with `--compare A B`: how many lines differ in their tools,
in their exposed scores, in the digest only. It prints counts, never intents: a test half is compared, not
read. Never name a held-out set (fresh10, fresh11, fresh13, fresh14, fresh15): the default sets are the non-held-out ones (fresh8, dev since round
12, may be named: `--sets real-mcp-fresh8,livemcpbench-fresh8`).

    PYTHONHASHSEED=0 python bench/exposure_golden.py --out before.jsonl [--sets ...] [--halves dev,test]
    python bench/exposure_golden.py --compare before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from exposure import DEFAULT_DATA, HELD_OUT, SETS, halved, halves, learned_from  # noqa: E402

from broker.exposure import Associations, Catalogue, Context, load_catalogue, select  # noqa: E402
from broker.exposure.selection import relevance  # noqa: E402

# the sets no held-out evaluation lives in (exposure.HELD_OUT's are never loaded here; fresh4, fresh5 and fresh8,
# dev since rounds 9 and 12, are left out of the default so that dumps stay comparable with earlier ones)
OPEN_SETS = ("real-mcp", "real-mcp-fresh", "livemcpbench", "real-mcp-fresh2", "livemcpbench-fresh2",
             "real-mcp-fresh3", "livemcpbench-fresh3", "bfcl", "metatool")


def line(catalogue: Catalogue, intent: str, context: Context) -> dict:
    """What one selection gives: tools, tokens, exact scores of the exposed and a digest of all scores."""
    exposure = select(intent, catalogue, context)
    scores = relevance(intent, catalogue, context)
    every = ",".join(f"{i}:{scores[i].hex()}" for i in sorted(scores))
    return {"exposed": list(exposure.exposed), "tokens": exposure.tokens["exposed"],
            "scores": [scores.get(catalogue.by_address[a], 0.0).hex() for a in exposure.exposed],
            "digest": hashlib.sha256(every.encode()).hexdigest()[:16]}


def dump(names: list[str], which: list[str], data: Path, out) -> int:
    """Write the golden lines of these sets and halves; the number written."""
    catalogues: dict[str, Catalogue] = {}
    written = 0
    for name in names:
        if any(h in name for h in HELD_OUT):
            raise SystemExit(f"{name} is held out: it is never dumped")
        catalogue_file = SETS[name][0]
        if catalogue_file not in catalogues:
            catalogues[catalogue_file] = load_catalogue(data / catalogue_file)
        catalogue = catalogues[catalogue_file]
        dev, test = halves(name, data)
        for half in which:
            rows = dev if half == "dev" else test
            if not rows:
                continue
            plans: list[tuple[str, list[dict], Associations | None]] = [("cold", rows, None)]
            if half == "dev":  # two-fold, as bench/exposure.py's warm_dev
                a, b = halved(rows)
                plans += [("warm", b, learned_from(a)), ("warm", a, learned_from(b))]
            else:
                plans.append(("warm", rows, learned_from(dev)))
            for method, answered, learned in plans:
                context = Context(learned=learned)
                for row in answered:
                    found = line(catalogue, row["intent"], context)
                    out.write(json.dumps({"set": name, "half": half, "method": method, "id": str(row["id"]),
                                          **found}) + "\n")
                    written += 1
    return written


def compare(a: Path, b: Path) -> dict:
    """Counts of lines that differ between two dumps, by what differs."""
    def keyed(path: Path) -> dict:
        rows = (json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip())
        return {(r["set"], r["half"], r["method"], r["id"]): r for r in rows}
    left, right = keyed(a), keyed(b)
    counts = {"lines": len(left), "only in one": len(set(left) ^ set(right)), "tools": 0, "tool order": 0,
              "tokens": 0, "exposed scores": 0, "digest only": 0, "identical": 0}
    by_set: dict[str, int] = {}
    for key in sorted(set(left) & set(right)):
        x, y = left[key], right[key]
        if set(x["exposed"]) != set(y["exposed"]):
            counts["tools"] += 1
        elif x["exposed"] != y["exposed"]:
            counts["tool order"] += 1
        elif x["tokens"] != y["tokens"]:
            counts["tokens"] += 1
        elif x["scores"] != y["scores"]:
            counts["exposed scores"] += 1
        elif x["digest"] != y["digest"]:
            counts["digest only"] += 1
        else:
            counts["identical"] += 1
            continue
        by_set[f"{key[0]} {key[1]} {key[2]}"] = by_set.get(f"{key[0]} {key[1]} {key[2]}", 0) + 1
    counts["differing by set"] = by_set
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default=",".join(OPEN_SETS))
    parser.add_argument("--halves", default="dev,test")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = parser.parse_args()
    if args.compare:
        print(json.dumps(compare(*args.compare), indent=1))
        return
    if args.out is None:
        parser.error("--out or --compare")
    with open(args.out, "w", encoding="utf-8") as out:
        n = dump(args.sets.split(","), args.halves.split(","), args.data, out)
    print(f"{n} lines written to {args.out}")


if __name__ == "__main__":
    main()
