"""Which of memory's knowledge data generalizes: each data file, and each group of its entries, taken out (round 19).

bench/recall_loho.py and bench/distill_loho.py switch off recall's and distillation's rules; this does the same for
the word lists they read (broker/text/data, `DATA`). A *group* is the entries of a file that one commit last wrote
(`git blame`: a line changed later belongs to the later commit); taking a group out blanks its lines for the run
(`broker.text.lists._read` sees the file without them, every cache of the text layer and of memory is emptied), so
distillation and recall both read the file without it. Every dev journal's store is built again for each variant
(ingest, consolidate) and asked every cell's queries, negatives and cross negatives (`recall_loho.ask`).

A group was made on the cells that were dev when its commit was written (`cells_at`: the round it falls in, by the
dates of the rounds' sections of docs/memory.md, `ROUNDS`; the cells of each round as recall_loho's `ORIGIN` has
them); its *held-out estimate* is its effect (with it minus without it) on the other cells: right answers, false
positives and cross false positives, and planted lessons found and unbacked cards on the sets not dev then. A group
made in rounds 15-24 has fresh10-fresh12 (dev since round 25) as other cells; one made in round 25 or later, none.

    python bench/data_loho.py [--files NAME ...] [--whole] [--out FILE.json]   (~10 s a variant)

`--whole` takes each file out whole (one variant a file) instead of by groups, `--lines` each entry line alone
(`--lines-with STEM …`: only the lines holding a word of these stems, e.g. the gloss words false positives reached). Dev only: it reads DEV_SETS and never
a held-out set.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import distill_loho as dl  # noqa: E402
import recall_fresh as rf  # noqa: E402
import recall_loho as rl  # noqa: E402
from actors.memory import normalise  # noqa: E402
from broker.text import lists  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "broker" / "text" / "data"
# the word lists memory reads (equivalents.txt is read by judgments only, which no query asks; everyday.txt is
# exposure's too, so only memory's use of it can be taken out, not the file)
DATA = ("memory-advice", "memory-aliases", "memory-files", "memory-folders", "memory-glosses", "memory-habit",
        "memory-installs", "memory-listings", "memory-options", "memory-prose", "memory-subcommands",
        "memory-synonyms", "memory-tools", "memory-workflows", "generic", "related", "launchers", "everyday")
KEYED = {"memory-prose"}  # files whose keys recall reads by name: a key taken out keeps a value nothing says

_S = rf.DEV_SETS
_B = rf.DEV_SETS_BEFORE_25  # the dev sets of rounds 13-24
_TRUTH = lambda *sets: {(s, "truth") for s in sets}  # noqa: E731
# (the end of a round: its section's first commit in docs/memory.md, UTC; the cells dev while it was made)
ROUNDS: tuple[tuple[str, set[tuple[str, str]]], ...] = (
    ("2026-12-01 20:12:36", set()),  # rounds 1-2 before the first hand-written set: the generator only
    ("2026-12-01 22:00:40", _TRUTH("fresh")),  # round 3
    ("2026-12-01 22:42:49", _TRUTH("fresh", "fresh2")),  # round 4
    ("2026-12-02 16:05:57", _TRUTH("fresh", "fresh2", "fresh3")),  # rounds 5-8
    ("2026-12-05 11:44:32", _TRUTH(*_S[:6])),  # rounds 9-10
    ("2026-12-05 15:00:33", _TRUTH(*_S[:7])),  # round 11
    ("2026-12-05 17:53:44", _TRUTH(*_S[:7]) | {("fresh6", "tickets"), ("fresh8", "tickets")}),  # round 12
    ("2026-12-05 20:46:01", _TRUTH(*_B) | {(s, "tickets") for s in rf.TICKET_SETS}),  # rounds 13-14
    ("2026-12-06 17:30:00", {(s, st) for s in _B for st in rl.STYLES}),  # rounds 15-24
)
EVERY_CELL = {(s, st) for s in _S for st in rl.STYLES}  # round 25 and later (fresh10-fresh12 dev)


def cells_at(when: str) -> set[tuple[str, str]]:
    """The cells that were dev when a commit of this date (UTC, `YYYY-MM-DD HH:MM:SS`) was written."""
    return next((cells for end, cells in ROUNDS if when <= end), EVERY_CELL)


def groups(name: str) -> dict[str, tuple[str, list[int]]]:
    """commit -> (its date, UTC; the numbers of the file's entry lines it last wrote)."""
    out = subprocess.run(["git", "blame", "-w", "--line-porcelain", "--", f"broker/text/data/{name}.txt"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    found: dict[str, tuple[str, list[int]]] = {}
    commit, number, when = "", 0, ""
    for line in out.splitlines():
        if line.startswith("\t"):
            if line[1:].split("#", 1)[0].strip():
                found.setdefault(commit, (when, []))[1].append(number)
        elif line.startswith("committer-time "):
            when = datetime.datetime.fromtimestamp(int(line.split()[1]), datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")
        elif len(head := line.split()) >= 3 and len(head[0]) == 40:
            commit, number = head[0][:8], int(head[2])
    return found


def without(name: str, numbers: set[int]) -> str:
    """The file's text with some lines blanked (a keyed line keeps its key, with a value nothing says)."""
    lines = (DATA_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    for n in numbers:
        key, sep, _ = lines[n - 1].partition(":")
        lines[n - 1] = f"{key}: qqqnothing" if name in KEYED and sep else ""
    return "\n".join(lines) + "\n"


def _caches() -> Iterator[Callable]:
    for module in list(sys.modules.values()):
        if module is None or not module.__name__.startswith(("actors.memory", "broker.text")):
            continue
        for value in list(vars(module).values()):
            if callable(value) and hasattr(value, "cache_clear"):
                yield value


def refresh() -> None:
    """Empty every cache of the text layer and of memory, so each reads its data files again."""
    for cached in _caches():
        cached.cache_clear()
    normalise.SUBCOMMAND_PROGRAMS = lists.load_words("memory-subcommands")


@contextlib.contextmanager
def taken_out(name: str, numbers: set[int]) -> Iterator[None]:
    """Run with a data file's lines blanked, for the distiller and recall alike."""
    original = lists._read
    if name == "everyday":  # exposure's file too: take out memory's reading of it only
        from actors.memory import recall  # noqa: PLC0415
        saved = recall.everyday_stems
        recall.everyday_stems = lambda: frozenset()
    else:
        text = without(name, numbers)
        lists._read = lambda n: text if n == name else original(n)
    refresh()
    try:
        yield
    finally:
        lists._read = original
        if name == "everyday":
            recall.everyday_stems = saved
        refresh()


def run() -> dict:
    """Every dev store built and asked as the data files are now: per set its figures, per cell its answers."""
    with contextlib.ExitStack() as stack:
        journals, per_set = dl.build(stack)
        return {"sets": per_set, "cells": rl.ask(journals)}


def effect(base: dict, off: dict, own: set[tuple[str, str]]) -> dict:
    """With the group minus without it on the cells not dev when it was made (and the sets none of whose
    cells were): hits, false positives, cross false positives (counts), found and unbacked (counts)."""
    def sums(result: dict) -> list[int]:
        total = [0] * 6
        for key, c in result["cells"].items():
            if key not in own:
                total = [a + b for a, b in zip(total, c)]
        return total
    on, out = sums(base), sums(off)
    own_sets = {s for s, _ in own}
    sets_on = [sum(base["sets"][s][i] for s in _S if s not in own_sets) for i in range(4)]
    sets_off = [sum(off["sets"][s][i] for s in _S if s not in own_sets) for i in range(4)]
    return {"hits": on[0] - out[0], "positives": on[1], "fp": on[2] - out[2], "negatives": on[3],
            "cross_fp": on[4] - out[4], "cross_negatives": on[5],
            "found": sets_on[0] - sets_off[0], "unbacked": sets_on[2] - sets_off[2],
            "all": {"hits": _total(base, 0) - _total(off, 0), "fp": _total(base, 2) - _total(off, 2),
                    "cross_fp": _total(base, 4) - _total(off, 4),
                    "found": sum(base["sets"][s][0] - off["sets"][s][0] for s in _S),
                    "unbacked": sum(base["sets"][s][2] - off["sets"][s][2] for s in _S)}}


def _holds(name: str, number: int, stems: set[str]) -> bool:
    """Tell whether a line of a data file holds a word of one of these stems (its values, for a `key: …` line)."""
    from broker import text  # noqa: PLC0415
    line = (DATA_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()[number - 1]
    return bool(stems & {text.stem(w) for w in line.split("#", 1)[0].partition(":")[2].split()})


def _total(result: dict, i: int) -> int:
    return sum(c[i] for c in result["cells"].values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=list(DATA), help="only these data files")
    parser.add_argument("--whole", action="store_true", help="take each file out whole, not by groups")
    parser.add_argument("--lines", action="store_true", help="take each entry line out alone, not by groups")
    parser.add_argument("--lines-with", nargs="*", default=[], metavar="STEM",
                        help="with --lines: only the lines whose words (stemmed) hold one of these stems")
    parser.add_argument("--out", type=Path, help="also write the report here (JSON)")
    args = parser.parse_args()
    base = run()
    report: dict = {"base": dl.pooled(base, lambda s: True)["counts"], "files": {}}
    for name in args.files:
        found = groups(name) if name != "everyday" else {"conditioned": ("2026-12-05 11:37:33", [])}  # recall.conditioned, round 10
        if args.whole and name != "everyday":
            numbers = [n for _, ns in found.values() for n in ns]
            found = {"whole": (min(w for w, _ in found.values()), numbers)}
        if args.lines and name != "everyday":
            found = {f"{commit}:{n}": (when, [n]) for commit, (when, ns) in found.items() for n in ns
                     if not args.lines_with or _holds(name, n, set(args.lines_with))}
        report["files"][name] = {}
        for commit, (when, numbers) in sorted(found.items(), key=lambda kv: kv[1][0]):
            with taken_out(name, set(numbers)):
                off = run()
            row = {"date": when, "entries": len(numbers), **effect(base, off, cells_at(when))}
            report["files"][name][commit] = row
            print(name, commit, json.dumps(row), file=sys.stderr, flush=True)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
