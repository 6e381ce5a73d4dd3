"""Memory on journals it was not tuned on: planted cards found, unbacked cards, R@3 and false positives; latency.

Journals and queries come from `bench/journals.py` (planted ground truth, noise under every threshold, separate
vocabularies and phrase banks for dev and test seeds). Each journal goes through the real pipeline (ingest,
sleep, recall). A planted pattern is found when a card of its kind holds its anchor (program, file, host or
ability word) in its identity; a card is unbacked when no planted pattern claims it (a pattern also claims the
cards its own events imply, e.g. a pitfall from a weak host failing three times the same way). R@3: the planted
card is among the first three results of its query. False positive: a negative query recalls any card.
`--ablate-related` first drops every entry of `broker/text/data/related.txt` whose word the split's phrase bank
uses, to show how much the figures rest on that list; `--ablate-meaning` recalls without the cards' glosses
(their tools' documented descriptions). On dev, every journal is also asked
`DEV_MEANING`'s phrasings that share no word with their card, counted apart (`meaning_r_at_3`).

Latency (`--latency N`): N generated cards in one store (each with 1-5 tasks of 6,000, for meaning), `Memory.recall`
in-process on a warm index, 300 queries of 4-20 words plus one of 768, with meaning (word vectors, the default) and
with the words alone (the baseline, in the same run); wall clock and the thread's CPU time, p50 and p95; and how often the
bounded search returns exhaustive scoring's best card (and top 5). Then judge "model"'s proposals, judge "agent"'s
result (the default since round 40: the proposals and their candidate lines, `agent_cpu_p95_ms`), and each again
with an agent's search words for every query (`memory.recall`'s terms: 3-11 of the cards' own terms). Shapes:
`realistic` (a Zipf vocabulary of 20,000 words, 3,000 files, 400 hosts, 150 programs), `narrow` (120 words: every
term in about 2,000 of 30,000 cards) and `same` (every card holds the same terms).

    python bench/recall.py --split dev|test [--misses] [--ablate-related] [--ablate-meaning]
                           [--latency 30000 [--shapes ...]]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile  # noqa: E402
from journals import DEV_BANK, DEV_MEANING, DEV_SEEDS, TEST_BANK, TEST_SEEDS, generate  # noqa: E402

from actors.memory import confirm, recall, sense  # noqa: E402
from actors.memory.db import transaction  # noqa: E402
from actors.memory.distill import Draft, identity  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from actors.memory.store import CardStore  # noqa: E402
import broker.text as text  # noqa: E402


def claims(card, planted, implied: bool = True) -> bool:
    """Tell whether a card stands for a planted pattern: its kind (or, with `implied`, a kind the pattern's own
    events justify too) and the pattern's anchor among its identity terms."""
    terms = {t for ts in card.identity.values() for t in ts}
    kinds = (planted.kind, *planted.implied) if implied else (planted.kind,)
    return card.kind in kinds and (planted.anchor in terms or text.stem(planted.anchor) in terms)


def _label(p) -> str:
    return f"{p.kind}:{p.pattern}"


def evaluate(seeds, meaning: dict | None = None) -> dict:
    """Run the journals of these seeds through memory; with `meaning`, also ask each pattern's phrasings that
    share no word with its card (every one, in every journal), counted apart."""
    found = total = cards = unbacked = r3 = positives = fp = negatives = 0
    meant_r3 = meant_n = 0
    by_kind: dict[str, list[int]] = {}  # label -> [found, planted, r@3, queries]
    misses: list[str] = []
    for seed in seeds:
        g = generate(seed)
        with tempfile.TemporaryDirectory() as home, Memory(home) as m:
            m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in g.events).encode()))
            m.consolidate()
            live = m.cards()
            cards += len(live)
            unbacked += sum(1 for c in live if not any(claims(c, p) for p in g.planted))
            for p in g.planted:
                row = by_kind.setdefault(_label(p), [0, 0, 0, 0])
                total += 1
                row[1] += 1
                mine = {c.id for c in live if claims(c, p, implied=False)}
                found += bool(mine)
                row[0] += bool(mine)
                for query in p.queries:
                    positives += 1
                    row[3] += 1
                    top = [h.card.id for h in m.recaller.search(m.reader(), query, 3)]
                    if mine & set(top):
                        r3 += 1
                        row[2] += 1
                    else:
                        misses.append(f"{seed} {p.kind}:{p.anchor}: {query!r}")
                for template in (meaning or {}).get(p.pattern, ()):
                    query = template.format(**p.values)
                    meant_n += 1
                    if mine & {h.card.id for h in m.recaller.search(m.reader(), query, 3)}:
                        meant_r3 += 1
                    else:
                        misses.append(f"{seed} meaning {p.kind}:{p.anchor}: {query!r}")
            for query in g.negatives:
                negatives += 1
                hits = m.recaller.search(m.reader(), query, 3)
                fp += bool(hits)
                if hits:
                    misses.append(f"{seed} negative: {query!r} -> {hits[0].card.title[:60]!r}")
    return {"journals": len(seeds), "planted_found": f"{found}/{total}", "cards": cards,
            "unbacked_share": round(unbacked / max(cards, 1), 4), "r_at_3": round(r3 / max(positives, 1), 4),
            "positives": positives, "false_positive_rate": round(fp / max(negatives, 1), 4), "negatives": negatives,
            "by_pattern": {k: f"found {v[0]}/{v[1]}, R@3 {v[2]}/{v[3]}" for k, v in sorted(by_kind.items())},
            **({"meaning_r_at_3": f"{meant_r3}/{meant_n}"} if meant_n else {}), "misses": misses}


SHAPES = ("realistic", "narrow", "same")


def _zipf(rng: random.Random, items: list[str], s: float = 1.1):
    """A sampler drawing items with Zipf-like frequencies (the first ones often, most of them rarely)."""
    weights = [1.0 / (rank + 1) ** s for rank in range(len(items))]
    cum, total = [], 0.0
    for w in weights:
        total += w
        cum.append(total)

    def draw(k: int = 1) -> list[str]:
        return rng.choices(items, cum_weights=cum, k=k)
    return draw


def _filler(rng: random.Random, shape: str, n: int) -> tuple[list[Draft], list[str]]:
    """n cards and 300 queries. realistic: a 20,000-word vocabulary with Zipf frequencies, 3,000 files,
    400 hosts, 150 programs, 40 abilities, up to 8 words of a call; narrow: 120 words, so every term is held by about 2,000 of 30,000
    cards; same: every card holds the same terms (the worst case for a posting list)."""
    syllables = ["ka", "lo", "mi", "ne", "po", "ru", "si", "ta", "vu", "ze", "bo", "da", "fe", "gu", "hi", "jo"]
    if shape == "realistic":
        vocab = list(dict.fromkeys(rng.choice(syllables) + rng.choice(syllables) + rng.choice(syllables)
                                   + rng.choice(["n", "r", "s", "l", "x", "t", "m"]) for _ in range(60000)))[:20000]
    else:
        vocab = [a + b for a in syllables[:10] for b in ("bar", "dex", "fin", "gol", "hum", "jot", "kip", "lum", "mox",
                                                          "nib", "pel", "quo")]
    words = _zipf(rng, vocab)
    programs = _zipf(rng, vocab[:150] if shape == "realistic" else vocab)
    files = _zipf(rng, [f"{w}.{e}" for w in vocab[:3000] for e in ("py",)][:3000])
    hosts = _zipf(rng, [f"api.{w}.com" for w in vocab[:400]])
    abilities = [(o, a) for o in ("fs", "shell", "http", "git", "db") for a in ("read", "write", "run", "get", "query",
                                                                                  "commit", "status", "list")]
    drafts = []
    fixed = identity("shell", "run", programs=["pytest", "pip"], files=["app.py"], topic=vocab[:8])
    # the tasks the cards were learned under (what meaning compares a query with): 6,000 distinct ones, 1-5 a card,
    # drawn apart so that the cards and queries are the same as before they had tasks
    task_rng = random.Random(rng.random())
    task_words = _zipf(task_rng, vocab)
    tasks = [" ".join(task_words(task_rng.randint(5, 12))) for _ in range(6000)]
    for i in range(n):
        if shape == "same":
            ident = fixed
        else:
            organ, ability = rng.choice(abilities)
            ident = identity(organ, ability, programs=programs(2), files=files(rng.randint(0, 2)),
                             hosts=hosts(1) if organ == "http" else [], topic=words(rng.randint(3, 12)),
                             calls=[" ".join(words(rng.randint(2, 8)))])  # the words of the calls it saw
        drafts.append(Draft(key=f"x{i}", kind=rng.choice(["pitfall", "rule", "weak_link", "playbook"]),
                            title=f"card {i}", body="filler", identity=ident, confirmations=rng.randint(1, 9),
                            first_ts=time.time() - rng.uniform(0, 90 * 86400), last_ts=time.time(),
                            provenance=(i,), evidence={"tasks": task_rng.sample(tasks, task_rng.randint(1, 5))}))
    queries = []
    for _ in range(300):
        picked = words(rng.randint(4, 20)) + rng.sample(["run", "the", "tests", "fix", "file", "check", "update"], 3)
        if rng.random() < 0.3:
            picked.append(files()[0] if rng.random() < 0.5 else hosts()[0])
        if shape == "same":
            picked += ["pytest", "pip", "app.py"]
        rng.shuffle(picked)
        queries.append(" ".join(picked))
    queries.append(" ".join(vocab[:256] * 3))  # a long query of the commonest words
    return drafts, queries


def search_words(rng: random.Random, drafts: list[Draft], n: int) -> list[str]:
    """n agents' search words (`memory.recall`'s terms), of the cards' own terms: two programs, 1-8 topic words and,
    for three in ten, a file, each drawn from the cards' (every term a card holds, so the words touch cards)."""
    def held(field: str) -> list[str]:
        return sorted({t for d in drafts for t in d.identity.get(field, [])})
    programs, topic, files = held("program"), held("topic"), held("file")
    return [" ".join(rng.sample(programs, min(2, len(programs))) + rng.sample(topic, min(rng.randint(1, 8), len(topic)))
                     + ([rng.choice(files)] if files and rng.random() < 0.3 else [])) for _ in range(n)]


def agreement(index, queries: list[str]) -> tuple[float, float]:
    """How often the bounded search gives exhaustive scoring's best card, and how much of its top 5."""
    def top(query: str) -> list[int]:
        return [pos for _, pos, _, _ in index.search(recall.parse_query(query), recall.MIN_RELEVANCE, 5)[:5]]
    bounded = [top(q) for q in queries]
    caps = recall.MAX_POSTINGS, recall.MAX_TERM_POSTINGS, recall.CANDIDATES
    recall.MAX_POSTINGS = recall.MAX_TERM_POSTINGS = recall.CANDIDATES = 10 ** 9
    try:
        full = [top(q) for q in queries]
    finally:
        recall.MAX_POSTINGS, recall.MAX_TERM_POSTINGS, recall.CANDIDATES = caps
    pairs = [(b, f) for b, f in zip(bounded, full, strict=True) if f]
    if not pairs:
        return 1.0, 1.0
    return (round(sum(b[:1] == f[:1] for b, f in pairs) / len(pairs), 3),
            round(sum(len(set(b) & set(f)) / len(f) for b, f in pairs) / len(pairs), 3))


def latency(n: int, shape: str = "realistic", meaning: str = "light", seed: int = 7) -> dict:
    """Recall timed on n generated cards, with meaning as $ACTORS_MEMORY_MEANING says (`off`: the words alone)."""
    rng = random.Random(seed)
    drafts, queries = _filler(rng, shape, n)
    os.environ[sense.SWITCH_ENV] = meaning
    with tempfile.TemporaryDirectory() as home, Memory(home) as m:
        with transaction(m.writer):
            CardStore(m.writer).sync(drafts, time.time())
        started = time.perf_counter()
        m.recaller.warm(m.reader())  # as the organ builds it: every task embedded before the first query
        build = time.perf_counter() - started
        for query in queries[:20]:  # warm the stemmer's cache and the statement cache
            m.recall(query, 5)
        wall, cpu, found = [], [], 0
        for query in queries:
            w0, c0 = time.perf_counter(), time.thread_time()
            hits, _ = m.recall(query, 5)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
            found += bool(hits)
        judged_wall, judged_cpu = [], []  # what judge "model" and "agent" propose (Recaller.proposals)
        for query in queries:
            w0, c0 = time.perf_counter(), time.thread_time()
            m.proposals(query)
            judged_cpu.append((time.thread_time() - c0) * 1000)
            judged_wall.append((time.perf_counter() - w0) * 1000)
        def candidates(query: str, words: str = "") -> list[str]:  # judge "agent", the default: the lines too
            return confirm.lines([h.card for h in m.proposals(query, words)[0]])
        agent_cpu = []
        for query in queries:
            c0 = time.thread_time()
            candidates(query)
            agent_cpu.append((time.thread_time() - c0) * 1000)
        searched = {"recall": [], "proposals": [], "agent": []}  # each again, each query with an agent's search words
        asks = {"recall": lambda q, w: m.recall(q, 5, terms=w), "proposals": m.proposals, "agent": candidates}
        for query, words in zip(queries, search_words(rng, drafts, len(queries)), strict=True):
            for what, ask in asks.items():
                c0 = time.thread_time()
                ask(query, words)
                searched[what].append((time.thread_time() - c0) * 1000)
        top1, top5 = agreement(m.recaller.current(m.reader()), queries[:60])
    return {"cards": n, "shape": shape, "meaning": str(m.recaller.meaning), "queries": len(queries), "answered": found,
            "top1_as_exhaustive": top1, "top5_overlap_with_exhaustive": top5,
            "index_build_s": round(build, 3), "wall_p50_ms": round(percentile(wall, 50), 3),
            "wall_p95_ms": round(percentile(wall, 95), 3), "cpu_p50_ms": round(percentile(cpu, 50), 3),
            "cpu_p95_ms": round(percentile(cpu, 95), 3), "cpu_max_ms": round(max(cpu), 3),
            "proposals_wall_p95_ms": round(percentile(judged_wall, 95), 3),
            "proposals_cpu_p95_ms": round(percentile(judged_cpu, 95), 3),
            "agent_cpu_p95_ms": round(percentile(agent_cpu, 95), 3),
            **{f"{what}_with_terms_cpu_p95_ms": round(percentile(ms, 95), 3) for what, ms in searched.items()},
            "load": round(os.getloadavg()[0], 2)}


def ablate_related(bank: dict) -> list[str]:
    """Drop from the related-words list every word that the phrase bank uses; return the words dropped."""
    used = {text.stem(w) for phrases in bank.values() for phrase in phrases for w in text.words(phrase)}
    table = text._related()
    dropped = sorted(k for k in table if k in used)
    for key in dropped:
        del table[key]
    return dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "test"], default="dev")
    parser.add_argument("--latency", type=int, default=0, help="also time recall at this many cards")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="filler shapes for --latency: " + ", ".join(SHAPES))
    parser.add_argument("--misses", action="store_true", help="list the queries whose card was not in the top 3")
    parser.add_argument("--ablate-related", action="store_true",
                        help="first drop every related-words entry whose word the split's phrase bank uses")
    parser.add_argument("--ablate-meaning", action="store_true",
                        help="recall without the cards' glosses")
    args = parser.parse_args()
    if args.ablate_meaning:
        recall.FIELD_WEIGHTS["gloss"] = 0.0
    if args.ablate_related:
        print(json.dumps({"related_dropped": ablate_related(DEV_BANK if args.split == "dev" else TEST_BANK)}))
    result = evaluate(DEV_SEEDS, DEV_MEANING) if args.split == "dev" else evaluate(TEST_SEEDS)
    misses = result.pop("misses")
    print(json.dumps({"split": args.split, **result}, indent=1))
    if args.misses:
        print("\n".join(misses))
    if args.latency:
        for shape in args.shapes.split(","):
            for meaning in ("off", "light"):  # the words alone: the baseline, measured in the same run
                print(json.dumps({"latency": latency(args.latency, shape, meaning)}))


if __name__ == "__main__":
    main()
