"""Memory on journals and queries written by an independent hand: planted cards found, unbacked cards, R@3, FP.

`bench/data/fresh/memory/` holds journals an evaluator wrote by hand without reading the project's code, data
or phrase banks, each with a truth file: the lessons planted in it (kind, anchor: the one word or ability that
identifies it) and the queries an agent about to work would ask, plus negatives (some of them traps that share
words of work with the journal). Journals 1-6 are dev: 1-3 were read and tuned on from the start; 4-6 were the
held-out half, run once and reported (docs/memory.md), and have been dev since. Journals 7 and later, when a hand
that never read the project adds them, are the test half: run once without `--misses`, reported as they come.

Each journal goes through the real pipeline (ingest, consolidate, recall). A planted lesson is found when a card
of its kind holds its anchor among its identity terms (the lesson's own ability `organ.name` as the organ and the
name's word stems; a file by base name, a URL by host, as cards name them; several words each, as written or
stemmed); a card is unbacked when no planted lesson's anchor is among its terms, whatever its kind (a weak link's
failures may well make a pitfall too). R@3: a card that holds the lesson's anchor is among the first three
results of its query. False positive: a negative query recalls any card; with several journals, each store is
also asked the other journals' negatives (`cross_false_positive_rate`).

Journals 1-6 are the dev part (tuned on, misses read); 7 and later the test part (run once, misses never read).

    python bench/recall_fresh.py [--split dev|test|all] [--data bench/data/fresh/memory] [--misses]
                                 [--meaning off|light|on] [--option rule_sessions=2 ...]
                                 [--option 'recall_condition="off"' (or "strict"; round 10's default is "implied")]
    python bench/recall_fresh.py --dev-sets [--misses] [--option …]   (every dev set, DEV_SETS, and their sums)
    python bench/recall_fresh.py --queries tickets --data bench/data/fresh8/memory   (round 12's ticket titles)
    python bench/recall_fresh.py --dev-sets --without corroborated --without rings   (rules off: recall_loho.RULES)

`--queries tickets` asks each journal's store the queries of `journal-N.tickets.json` instead of those of
`journal-N.truth.json` (same format; the planted lessons still come from the truth file): terse issue-tracker
titles written for dev sets in round 12 (`TICKET_SETS`). `--dev-sets --queries tickets` runs those sets only.
`--queries questions` asks `journal-N.questions.json`: questions a developer asks before starting the work, one per
planted lesson, written in round 15 for every dev set (bench/data/questions15/README.md says how).
`--queries asked` asks `journal-N.asked.json`: eight questions per journal written by a separate hand from the
journal alone, labelled with the planted lessons afterwards (bench/data/asked-dev/README.md). A question may name
several lessons (`planted_ids`): it is a hit when a card holding any of their anchors is among the first three.
`--queries narrated` asks `journal-N.narrated.json`: eight one-line narrations per journal (what an agent writes
just before it acts), written and labelled the same way by a separate hand (bench/data/narrated-dev/README.md).

`--meaning` says what recall's meaning reads (actors/memory/sense.py): `light`, the word vectors (the product's
default), `on`, the sentence model (needs the `meaning` extra; it turns the shared encoder on, ACTORS_EMBEDDING=on,
for this process), or `off`, the words alone. It sets ACTORS_MEMORY_MEANING.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import broker.text as text  # noqa: E402
from actors.memory.service import Memory, Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
KINDS = {"weak link": "weak_link", "weak-link": "weak_link", "workflow": "playbook"}


def anchor_terms(anchor: str, ability: str = "") -> set[str]:
    """The identity terms that name a lesson's anchor: a file, host or program as written, an ability (the
    lesson's own, `fs.read_file`) by parts.

    Cards name files by base name and URLs by host (docs/memory.md), so a path anchor is held as its base name
    and a URL anchor as its host; an anchor of several words (`git tag`, `npm ci`) is held when each word that is
    no stop word is."""
    anchor = anchor.strip().lower()
    if "://" in anchor:
        return {urlsplit(anchor).hostname or anchor}
    if " " in anchor:  # a card holds no stop word (`out of memory` is held as memory), as with an ability's words
        return {w for w in anchor.split() if w and not text.is_stopword(w)} or set(anchor.split())
    if "/" in anchor.strip("/"):
        return {anchor.rstrip("/").rsplit("/", 1)[-1]}
    ability = ability.strip().lower()
    if "." not in anchor and "_" in anchor and anchor == ability.partition(".")[2]:
        anchor = ability  # `list_directory` of fs.list_directory: the ability as a whole, named without its organ
    organ, dot, name = anchor.partition(".")
    if dot and anchor == ability and name.isidentifier():  # pyproject.toml is a file
        return {organ, *(text.stem(w) for w in text.split_identifier(name) if not text.is_stopword(w))}
    return {anchor.strip("/")}


class Anchor(frozenset):
    """A planted lesson's anchor terms, and for a playbook the steps it was planted as (`sequence`), when no other
    lesson of its journal was planted with the same steps."""

    sequence: tuple[str, ...] = ()


def anchors_of(planted: list[dict]) -> dict[str, Anchor]:
    """Each planted lesson's anchor, by its id (round 37: with a playbook's steps; a lesson's own anchor may be a word
    a card never holds, a layout folder such as `lib` or part of a name, `markdownhelp` of `Update-MarkdownHelpModule`,
    while the card of its workflow is there, step for step)."""
    steps = Counter(tuple(p["sequence"]) for p in planted if p.get("sequence"))
    found = {}
    for p in planted:
        anchor = found[p["id"]] = Anchor(anchor_terms(p["anchor"], p.get("ability", "")))
        sequence = tuple(p.get("sequence") or ())
        if KINDS.get(p["kind"].lower(), p["kind"].lower()) == "playbook" and sequence and steps[sequence] == 1:
            anchor.sequence = sequence
    return found


PLAYBOOK_TITLE = "Workflow: "  # how distill titles a playbook (`Workflow: fs.edit_file → …`)


def steps_of(card) -> tuple[str, ...]:
    """A playbook card's steps as `organ.ability`, as its title says them (`Workflow: fs.edit_file → shell.run(node)
    → git.diff`)."""
    if card.kind != "playbook" or not card.title.startswith(PLAYBOOK_TITLE):
        return ()
    return tuple(step.split("(", 1)[0].strip() for step in card.title[len(PLAYBOOK_TITLE):].split(" → "))


def holds(card, terms: set[str]) -> bool:
    """Tell whether a card holds a lesson: its identity holds every anchor term, as written or stemmed, or as the name
    of one of its files without the extension (an anchor `gen_timings` of a card about `gen_timings.py`, round 34); or,
    for a playbook's anchor (`anchors_of`), the card is the workflow of the steps it was planted as (round 37)."""
    held = {t for ts in card.identity.values() for t in ts}
    bare = {f.rsplit(".", 1)[0] for f in card.identity.get("file", ()) if "." in f.strip(".")}
    sequence = getattr(terms, "sequence", ())
    return all(t in held or text.stem(t) in held or t in bare for t in terms) \
        or bool(sequence) and steps_of(card) == sequence


# the dev sets that also have ticket-title queries (round 12: `journal-N.tickets.json`)
TICKET_SETS = ("fresh5", "fresh6", "fresh8")  # fresh5's titles were written after the round's rules were chosen
# which queries a run asks: "truth" (journal-N.truth.json), "tickets" (journal-N.tickets.json) or, round 15,
# "questions" (journal-N.questions.json: questions asked before the work, every dev set, bench/data/questions15)
# or "asked" (journal-N.asked.json: questions written from the journals alone, every dev set, bench/data/asked-dev)
# or "narrated" (journal-N.narrated.json: an agent's narration before it acts, every dev set, bench/data/narrated-dev)
QUERIES = ["truth"]


def queries_of(path: Path) -> dict:
    """The queries and negatives a run asks of a journal's store: its truth file's, or its ticket titles'."""
    return json.loads(path.with_suffix("").with_suffix(f".{QUERIES[0]}.json").read_text())


DEV_JOURNALS = 6
# every hand-written set that is dev material now (read, tuned on): fresh8 since round 11, fresh9 since round 13;
# the memory parts of fresh10, fresh11 and fresh12 since round 25 (held out and scored eight times before: their
# last held-out figures are in docs/memory.md; fresh10's and fresh11's exposure parts stay held out); the memory
# parts of fresh13, fresh14 and fresh15 since round 29 (held out and scored since rounds 17-21; their exposure parts
# stay held out)
DEV_SETS_BEFORE_25 = ("fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh8", "fresh9")
DEV_SETS_BEFORE_29 = (*DEV_SETS_BEFORE_25, "fresh10", "fresh11", "fresh12")  # dev since round 25: the last three
DEV_SETS_BEFORE_33 = (*DEV_SETS_BEFORE_29, "fresh13", "fresh14", "fresh15")  # dev since round 29: the last three
# fresh16 to fresh19 dev since round 33 (held out and scored in rounds 30-32, their last held-out figures in
# docs/memory.md): their planted lessons not found were read and mended
DEV_SETS_BEFORE_34 = (*DEV_SETS_BEFORE_33, "fresh16", "fresh17", "fresh18", "fresh19")
# fresh24 and fresh25 dev since round 34 (written and scored once, held out, in round 33: docs/memory.md)
DEV_SETS_BEFORE_35 = (*DEV_SETS_BEFORE_34, "fresh24", "fresh25")
# fresh26 and fresh27 dev since round 35 (written and scored once, held out, in round 34)
DEV_SETS_BEFORE_36 = (*DEV_SETS_BEFORE_35, "fresh26", "fresh27")
# fresh28 and fresh29 dev since round 36 (written and scored once, held out, in round 35)
DEV_SETS_BEFORE_37 = (*DEV_SETS_BEFORE_36, "fresh28", "fresh29")
# fresh22 dev since round 37 (held out and scored in rounds 32-36: its one lesson not found was read)
DEV_SETS_BEFORE_38 = (*DEV_SETS_BEFORE_37, "fresh22")
# fresh30 and fresh31 dev since round 38 (held out and scored in rounds 36 and 37), and fresh32 (scored once, in
# round 37: the user names the wrong tool, the kind of step round 38's criterion was chosen on)
DEV_SETS_BEFORE_41 = (*DEV_SETS_BEFORE_38, "fresh30", "fresh31", "fresh32")
# fresh38 and fresh39 dev since round 41 (held out and scored once, in round 40: a planted pitfall of each was not
# found, read since)
DEV_SETS_BEFORE_42 = (*DEV_SETS_BEFORE_41, "fresh38", "fresh39")
# fresh40 and fresh41 dev since round 42 (held out and scored once, in round 41: a planted lesson of fresh41 was not
# found, read since)
DEV_SETS = (*DEV_SETS_BEFORE_42, "fresh40", "fresh41")
# the sets whose memory journals nobody tuning reads (fresh20 and fresh21 written in round 31, after judge "model";
# fresh23 in round 32, after the agent's search words; fresh33 in round 37; fresh34 and fresh35 after round 37's
# figures, before round 38's criterion; fresh36 and fresh37 after it, scored in round 39; fresh38 and fresh39 were
# held out in round 40, fresh40 (dictated by voice) and fresh41 (a developer's shorthand) in round 41, dev since;
# fresh42 (the outcome the user wants, not the step) and fresh43 (the literal call the agent is about to make)
# written and scored once in round 42)
HELD_OUT = ("fresh20", "fresh21", "fresh23", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh42",
            "fresh43")
# written for a round to come: held out, not yet scored, in no figure of docs/memory.md (none now)
HELD_OUT_NEXT: tuple[str, ...] = ()


def journals(data: Path, split: str) -> list[Path]:
    """The journal files of a split: dev 1-6, test 7 and later, or all of them."""
    paths = sorted(data.glob("journal-*.jsonl"), key=lambda p: int(p.stem.split("-")[1]))
    if split == "all":
        return paths
    return [p for p in paths if (int(p.stem.split("-")[1]) <= DEV_JOURNALS) == (split == "dev")]


SETTINGS: list[Settings] = [Settings()]  # the memory options of this run (--option), one for every store


def journal_clock(path: Path) -> Callable[[], float]:
    """The clock a journal's store runs on: this machine's, or the journal's last event when the journal was written
    ahead of it (an evaluator dates its sessions as it likes; ingest refuses events more than a day ahead of the
    clock, so a set's figures would otherwise depend on the day it is scored)."""
    last = 0.0
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError, AttributeError):
            ts = json.loads(line).get("ts")
            if isinstance(ts, (int, float)) and math.isfinite(ts):
                last = max(last, float(ts))
    return lambda: max(time.time(), last)


def evaluate(paths: list[Path]) -> dict:
    found = total = cards = unbacked = r3 = positives = fp = negatives = 0
    misses: list[str] = []
    for path in paths:
        truth = json.loads(path.with_suffix("").with_suffix(".truth.json").read_text())
        planted = {p["id"]: p for p in truth["planted"]}
        with tempfile.TemporaryDirectory() as home, Memory(home, SETTINGS[0], clock=journal_clock(path)) as m:
            with open(path, "rb") as stream:
                m.ingest(stream)
            m.consolidate()
            m.recaller.warm(m.reader())  # meaning ready before the first query, as the organ's sleep thread makes it
            live = m.cards()
            cards += len(live)
            anchors = anchors_of(truth["planted"])
            for c in live:
                if not any(holds(c, terms) for terms in anchors.values()):
                    unbacked += 1
                    misses.append(f"{path.name} unbacked {c.kind}: {c.title[:80]!r}")
            for pid, p in planted.items():
                total += 1
                kind = KINDS.get(p["kind"].lower(), p["kind"].lower())
                if any(c.kind == kind and holds(c, anchors[pid]) for c in live):
                    found += 1
                else:
                    misses.append(f"{path.name} not found {kind}:{p['anchor']}")
            asked = queries_of(path)
            for q in asked["queries"]:
                positives += 1
                top = [h.card for h in m.recaller.search(m.reader(), q["q"], 3)]
                if any(holds(c, anchors[pid]) for c in top for pid in q.get("planted_ids", [q["planted_id"]])):
                    r3 += 1
                else:
                    misses.append(f"{path.name} {q['planted_id']}: {q['q']!r}")
            for query in asked["negatives"]:
                negatives += 1
                hits = m.recaller.search(m.reader(), query, 3)
                fp += bool(hits)
                if hits:
                    misses.append(f"{path.name} negative: {query!r} -> {hits[0].card.title[:60]!r}")
    cross = cross_negatives(paths) if len(paths) > 1 else {}
    return {"journals": len(paths), "planted_found": f"{found}/{total}",
            "cards": cards, "unbacked_share": round(unbacked / max(cards, 1), 4),
            "r_at_3": round(r3 / max(positives, 1), 4), "positives": positives,
            "false_positive_rate": round(fp / max(negatives, 1), 4), "negatives": negatives,
            **({"cross_false_positive_rate": cross["rate"], "cross_negatives": cross["negatives"]} if cross else {}),
            "misses": misses + cross.get("misses", [])}


def cross_negatives(paths: list[Path]) -> dict:
    """Each journal's store asked the other journals' negatives: false positives on more everyday tasks (their
    traps were written against another project's words, so they test the floor more than the traps)."""
    negatives = {p: queries_of(p)["negatives"] for p in paths}
    fp = n = 0
    misses = []
    for path in paths:
        with tempfile.TemporaryDirectory() as home, Memory(home, SETTINGS[0], clock=journal_clock(path)) as m:
            with open(path, "rb") as stream:
                m.ingest(stream)
            m.consolidate()
            m.recaller.warm(m.reader())
            for other, queries in negatives.items():
                for query in queries if other != path else ():
                    n += 1
                    hits = m.recaller.search(m.reader(), query, 3)
                    fp += bool(hits)
                    if hits:
                        misses.append(f"{path.name} cross negative ({other.name}): {query!r} -> "
                                      f"{hits[0].card.title[:60]!r}")
    return {"rate": round(fp / max(n, 1), 4), "negatives": n, "misses": misses}


def asked_sets(style: str) -> tuple[str, ...]:
    """The dev sets whose journals have queries of a style: the ticket sets, or every dev set with such files
    (fresh10-fresh12, dev since round 25, have truth files only)."""
    if style == "tickets":
        return TICKET_SETS
    return tuple(name for name in DEV_SETS
                 if any((HERE / "data" / name / "memory").glob(f"journal-*.{style}.json")))


def dev_sets(misses: bool = False) -> dict:
    """Every dev set's figures (all its journals), and their sums: hits, false positives, cross false positives."""
    per_set, total = {}, {"r_at_3": [0, 0], "false_positives": [0, 0], "cross_false_positives": [0, 0]}
    for name in asked_sets(QUERIES[0]):
        result = evaluate(journals(HERE / "data" / name / "memory", "all"))
        found = {"r_at_3": (result["r_at_3"], result["positives"]),
                 "false_positives": (result["false_positive_rate"], result["negatives"]),
                 "cross_false_positives": (result["cross_false_positive_rate"], result["cross_negatives"])}
        for key, (rate, n) in found.items():
            total[key][0] += round(rate * n)
            total[key][1] += n
        per_set[name] = {"planted_found": result["planted_found"], "unbacked_share": result["unbacked_share"],
                         **{k: f"{round(rate * n)}/{n}" for k, (rate, n) in found.items()},
                         **({"misses": result["misses"]} if misses else {})}
    return {"sets": per_set, "all": {k: f"{hit}/{n} ({hit / max(n, 1):.1%})" for k, (hit, n) in total.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=HERE / "data" / "fresh" / "memory")
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--misses", action="store_true", help="list what was missed (never for test)")
    parser.add_argument("--meaning", choices=["off", "light", "on"], default="light",
                        help="what recall's meaning reads (sense.py): word vectors (light, the default), the "
                             "sentence model (on), nothing (off)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a memory option as the organ's options table takes it (e.g. rule_sessions=2); repeatable")
    parser.add_argument("--dev-sets", action="store_true",
                        help=f"run every dev set ({', '.join(DEV_SETS)}; all their journals) and add them up")
    parser.add_argument("--queries", choices=["truth", "tickets", "questions", "asked", "narrated"], default="truth",
                        help="ask the truth files' queries, the ticket titles of journal-N.tickets.json, the "
                             "questions of journal-N.questions.json, those of journal-N.asked.json or the "
                             "narrations of journal-N.narrated.json")
    parser.add_argument("--without", action="append", default=[], metavar="RULE",
                        help="switch a recall rule off for the run (bench/recall_loho.py RULES); repeatable")
    args = parser.parse_args()
    if args.without:
        import recall_loho  # noqa: PLC0415  (it imports this module)
        unknown = sorted(set(args.without) - set(recall_loho.RULES))
        if unknown:
            sys.exit(f"unknown rule(s) {', '.join(unknown)}; known: {', '.join(recall_loho.RULES)}")
        for name in args.without:
            for obj, attr, value in recall_loho.RULES[name][1]():
                setattr(obj, attr, value)
    QUERIES[0] = args.queries
    SETTINGS[0] = Settings.from_options({k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)})
    os.environ["ACTORS_MEMORY_MEANING"] = args.meaning  # read when each store's recaller is made (--dev-sets too)
    if args.meaning == "on":
        os.environ["ACTORS_EMBEDDING"] = "on"
    if args.dev_sets:
        print(json.dumps(dev_sets(args.misses), indent=1))
        return
    paths = journals(args.data, args.split)
    if not paths:
        sys.exit(f"no journal of the {args.split} split in {args.data} (dev is journal-1 to journal-{DEV_JOURNALS}; "
                 "for a set of its own, use --split all)")
    result = evaluate(paths)
    misses = result.pop("misses")
    print(json.dumps({"meaning": args.meaning, "queries": args.queries, "options": args.option, **result}, indent=1))
    if args.misses:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
