"""Memory recall: quality on a generated paraphrase set, and latency at 300, 3,000 and 30,000 cards.

Targets: 28 planted topics (pitfalls, failure -> success rules, weak links, workflows; 3 of them in Chinese
or mixed Chinese/English) are written as journal events, ingested and consolidated by the real pipeline.
Fillers: generated cards of every kind (random programs, subcommands, errors, abilities and file names, none
repeating a target's topic) fill the store up to each size; they are rendered by the same distillation
templates and written by the same store (without the clustering pass: they are distinct by construction).
Queries: 3 hand-written paraphrases per topic (84) and 30 negatives (off-topic, or in-domain words no card
holds). R@k: the topic's card is among the first k results. False positive: a negative returns any card.
Baselines, measured in the same run on the same database: a LIKE scan (any query word, ranked by words
matched) and FTS5 bm25 over the OR of the query's words, both without a relevance floor.
Latency: `Recaller.search` on a warm connection (what the organ runs per recall), all queries, 3 rounds
(baselines: 1 round); wall clock, and the calling thread's CPU time, which shows the work itself when
other processes share the machine.
Targets: R@3 >= 95% with <= 5% false positives; p95 <= 5 ms at 30,000 cards.

    python bench/recall.py [--sizes 300,3000,30000] [--seed 7]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import percentile, verdict  # noqa: E402

import broker.text as text  # noqa: E402
from actors.memory import distill  # noqa: E402
from actors.memory.db import transaction  # noqa: E402
from actors.memory.recall import fts_phrase  # noqa: E402
from actors.memory.service import Memory  # noqa: E402
from actors.memory.store import CardStore  # noqa: E402

TARGET_R3, TARGET_FP, TARGET_P95_MS = 0.95, 0.05, 5.0
ROUNDS = 3


@dataclass
class Topic:
    name: str
    events: list[dict]  # journal events (ts and session filled in later)
    queries: list[str]
    sessions: int = 1  # a workflow is planted in this many sessions


def call(organ: str, ability: str, args: dict, ok: bool, error: str = "") -> dict:
    return {"kind": "call", "organ": organ, "ability": ability, "args": args, "ok": ok, "error": error}


def cmd(command: str, ok: bool, error: str = "") -> dict:
    return call("shell", "run", {"command": command}, ok, error)


def pitfall(organ: str, ability: str, args: list[dict], error: str) -> list[dict]:
    return [call(organ, ability, a, False, error.format(**a, i=i)) for i, a in enumerate(args)]


def weak(organ: str, ability: str, n: int, ok: int, error: str) -> list[dict]:
    return [call(organ, ability, {"target": f"item-{i}"}, i < ok, "" if i < ok else error) for i in range(n)]


TOPICS = [
    Topic("read missing file", pitfall("fs", "read_file", [{"path": p} for p in ("src/a.py", "lib/b.ts", "c.md")],
                                       "ENOENT: no such file or directory, open '{path}'"),
          ["reading a file that does not exist", "ENOENT when opening source files",
           "read_file says no such file or directory"]),
    Topic("npm eacces", pitfall("shell", "run", [{"command": c} for c in ("npm install -g tsx", "npm install -g vite",
                                                                          "npm install -g nx")],
                                "npm ERR! code EACCES: permission denied, mkdir '/usr/lib/node_modules/{i}'"),
          ["npm install permission denied", "EACCES installing global npm packages",
           "npm cannot install globally, access denied"]),
    Topic("git push rejected", pitfall("git", "push", [{"remote": "origin", "branch": b} for b in ("feat/a", "fix/b", "feat/c")],
                                       "! [rejected] {branch} -> {branch} (non-fast-forward)"),
          ["git push gets rejected", "push refused because of non-fast-forward",
           "non-fast-forward error when pushing"]),
    Topic("pytest import", pitfall("shell", "run", [{"command": c} for c in ("pytest", "pytest -q", "pytest tests")],
                                   "ModuleNotFoundError: No module named 'app'"),
          ["pytest cannot import my module", "module not found when running pytest",
           "No module named app during pytest collection"]),
    Topic("rate limit", pitfall("web", "fetch", [{"url": f"https://api.example.com/v1/items/{i}"} for i in range(3)],
                                "HTTP 429 Too Many Requests: rate limit exceeded, retry after {i}0 seconds"),
          ["rate limit exceeded by the API", "too many requests when fetching", "web fetch returns HTTP 429"]),
    Topic("db locked", pitfall("db", "query", [{"sql": f"UPDATE t SET x = {i}"} for i in range(3)],
                               "sqlite3.OperationalError: database is locked"),
          ["sqlite database locked", "query fails because the database is locked", "OperationalError database locked"]),
    Topic("docker daemon", pitfall("shell", "run", [{"command": c} for c in ("docker build .", "docker ps",
                                                                             "docker compose up")],
                                   "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. "
                                   "Is the docker daemon running?"),
          ["docker daemon not running", "cannot connect to the docker socket", "docker build says daemon unreachable"]),
    Topic("ts2307", pitfall("shell", "run", [{"command": "tsc --noEmit"}] * 3,
                            "src/x{i}.ts(3,20): error TS2307: Cannot find module './util{i}' or its corresponding "
                            "type declarations."),
          ["typescript cannot find module", "TS2307 when compiling", "tsc complains about missing type declarations"]),
    Topic("erofs", pitfall("fs", "write_file", [{"path": p, "content": "x"} for p in ("/app/a", "/app/b", "/app/c")],
                           "EROFS: read-only file system, open '{path}'"),
          ["writing files fails on a read-only file system", "EROFS error when saving a file",
           "cannot write_file, filesystem is read only"]),
    Topic("rust borrow", pitfall("shell", "run", [{"command": "cargo build"}] * 3,
                                 "error[E0382]: borrow of moved value: `cfg{i}`"),
          ["rust borrow of moved value", "cargo build fails with E0382", "moved value error in cargo"]),
    Topic("ssl", pitfall("http", "get", [{"url": f"https://internal{i}.corp/api"} for i in range(3)],
                         "SSLError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self signed "
                         "certificate in certificate chain"),
          ["certificate verify failed on https requests", "SSL certificate errors calling the internal API",
           "http get fails with self signed certificate"]),
    Topic("go module", pitfall("shell", "run", [{"command": c} for c in ("go build ./...", "go test ./...",
                                                                         "go run .")],
                               "go: cannot find main module, but found .git/config in /src/r{i}"),
          ["go build cannot find main module", "go.mod missing, go cannot find the main module",
           "go test fails: no main module"]),
    Topic("npm test jest", [cmd("npm test", False, "sh: 1: jest: not found"), cmd("ls", True),
                            cmd("pnpm test", True)],
          ["jest not found when running npm test", "how do I run the tests with npm", "npm test fails, use pnpm?"]),
    Topic("python3", [cmd("python manage.py migrate", False, "bash: python: command not found"),
                      cmd("python3 manage.py migrate", True)],
          ["python command not found", "which python binary runs manage.py", "bash says python not found"]),
    Topic("pip user", [cmd("pip install requests", False, "ERROR: Could not install packages due to an OSError: "
                                                         "[Errno 13] Permission denied: '/usr/lib/python3/dist-packages'"),
                       cmd("pip install --user requests", True)],
          ["pip install permission denied in dist-packages", "cannot pip install requests, Errno 13",
           "pip install needs --user?"]),
    Topic("edit config", [call("fs", "edit_file", {"path": "src/config.ts", "old_string": "port: 80"}, False,
                               "old_string not found in file"),
                          call("fs", "write_file", {"path": "src/config.ts", "content": "..."}, True)],
          ["editing config.ts fails, old_string not found", "change the port in src/config.ts",
           "edit_file cannot find the text in config.ts"]),
    Topic("make check", [cmd("make test", False, "make: *** No rule to make target 'test'.  Stop."),
                         cmd("make check", True)],
          ["make test: no rule to make target", "how to run the tests with make", "make says no rule for test"]),
    Topic("compose", [cmd("docker compose up -d", False, "docker: 'compose' is not a docker command."),
                      cmd("docker-compose up -d", True)],
          ["docker compose is not a docker command", "compose subcommand unknown in docker",
           "start the services with docker compose up"]),
    Topic("yarn pnpm", [cmd("yarn install", False, "error This project's package.json defines \"packageManager\": "
                                                   "\"pnpm@8.6.0\". However the current global version of Yarn is 1.22."),
                        cmd("pnpm install", True)],
          ["yarn install refuses because packageManager is pnpm", "which package manager installs dependencies here",
           "yarn says the project defines packageManager pnpm"]),
    Topic("checkout main", [call("git", "checkout", {"branch": "main"}, False,
                                 "error: pathspec 'main' did not match any file(s) known to git"),
                            call("git", "checkout", {"branch": "master"}, True)],
          ["git checkout main fails with pathspec", "pathspec main did not match any file known to git",
           "switch to the default branch, main does not exist"]),
    Topic("browser click", weak("browser", "click", 10, 4, "ElementNotInteractableException: element not interactable"),
          ["browser click is unreliable", "clicking elements in the browser keeps failing",
           "is browser.click flaky"]),
    Topic("jira", weak("jira", "create_issue", 9, 5, "HTTP 502 Bad Gateway from jira"),
          ["creating jira issues fails often", "jira create_issue unreliable", "jira keeps failing to create issues"]),
    Topic("search web", weak("search", "web_search", 12, 6, "upstream search provider timed out"),
          ["web search is flaky", "search web_search often fails", "web_search unreliable results"]),
    Topic("fix test flow", [call("fs", "read_file", {"path": "tests/test_x.py"}, True),
                            call("fs", "edit_file", {"path": "src/x.py"}, True), cmd("pytest -q", True)],
          ["workflow to fix a failing test", "steps: read file, edit file, run pytest",
           "read_file then edit_file then pytest workflow"], sessions=2),
    Topic("sync flow", [call("git", "fetch", {}, True), call("git", "rebase", {"onto": "origin/main"}, True),
                        call("git", "push", {"force_with_lease": True}, True)],
          ["how to update my branch: fetch, rebase and push", "rebase then push workflow",
           "steps to sync with origin before a git push"], sessions=2),
    Topic("hosts zh", pitfall("fs", "write_file", [{"path": p, "content": "x"} for p in ("/etc/hosts", "/etc/a", "/etc/b")],
                              "权限不足：无法写入文件 '{path}'"),
          ["写入文件权限不足", "无法写入 hosts 文件", "write_file 权限不足 错误"]),
    Topic("heap zh", [cmd("npm run build", False, "FATAL ERROR: 构建时内存不足 JavaScript heap out of memory"),
                      cmd("NODE_OPTIONS=--max-old-space-size=4096 npm run build", True)],
          ["构建时内存不足", "npm run build heap out of memory", "打包内存不足怎么办"]),
    Topic("locale zh", pitfall("shell", "run", [{"command": "python gen.py"}] * 3,
                               "UnicodeEncodeError: 'ascii' codec can't encode characters 中文文件名 in position {i}"),
          ["中文文件名 编码错误", "ascii codec can't encode 中文", "UnicodeEncodeError with Chinese file names"]),
]

NEGATIVES = [
    "bake a sourdough bread at home", "book a flight to Tokyo next week", "what is the capital of Peru",
    "write a haiku about autumn leaves", "translate this paragraph into French", "explain quantum entanglement",
    "how many calories are in an apple", "set up the office printer", "recommend a jazz album for studying",
    "design a logo for a bakery", "plan a birthday party for a child", "summarise the history of Rome",
    "configure kubernetes ingress annotations", "tune the postgres autovacuum thresholds",
    "write a graphql resolver for invoices", "optimise the react reconciliation of a virtual list",
    "set up terraform state locking in s3", "draw an svg chart of quarterly revenue",
    "add dark mode to the settings page", "negotiate a salary raise", "learn to play the ukulele",
    "明天天气怎么样", "推荐一本好看的小说", "怎么做红烧肉", "帮我写一首关于春天的诗",
    "the meeting notes from Tuesday", "compare electric cars by range", "find a dentist nearby",
    "schedule a reminder for the dentist", "what rhymes with orange",
]

# -- fillers ----------------------------------------------------------------------------------

PROGRAMS = {
    "npm": ["ci", "publish", "audit", "run lint", "pack", "outdated", "link"], "pnpm": ["add", "dlx", "exec", "update"],
    "yarn": ["add", "workspace", "upgrade"], "pip": ["download", "wheel", "uninstall"], "poetry": ["lock", "add", "build"],
    "cargo": ["test", "clippy", "fmt", "publish"], "go": ["vet", "mod tidy", "generate"], "make": ["dist", "lint", "docs"],
    "docker": ["push", "pull", "tag", "login"], "kubectl": ["apply", "rollout", "logs"], "helm": ["upgrade", "lint"],
    "gradle": ["assemble", "check"], "mvn": ["package", "verify"], "dotnet": ["restore", "publish"],
    "bundle": ["exec", "install"], "rake": ["db:migrate", "spec"], "composer": ["require", "dump-autoload"],
    "mix": ["deps.get", "compile"], "swift": ["build", "package resolve"], "deno": ["task", "lint"],
    "bun": ["install", "x"], "ruff": ["format", "check"], "mypy": ["--strict"], "eslint": ["--fix"],
    "prettier": ["--write"], "black": ["--check"], "jest": ["--watch"], "vitest": ["run"], "ansible": ["playbook"],
    "gcloud": ["deploy"], "aws": ["s3 sync", "lambda invoke"], "az": ["login"], "flyctl": ["deploy"],
    "heroku": ["logs"], "psql": ["-c"], "redis-cli": ["ping"], "curl": ["-X POST"], "rsync": ["-a"], "ssh": ["-T"],
}
ERRORS = [
    "ETIMEDOUT: connection timed out after {n}ms", "ECONNRESET: socket hang up", "exit status {n}",
    "segmentation fault (core dumped)", "Killed: out of memory", "no space left on device",
    "unexpected token '{w}' at line {n}", "cannot find symbol {w}", "undefined reference to `{w}'",
    "version conflict: {w} requires {w2} >= {n}", "lockfile is out of date", "checksum mismatch for {w}",
    "authentication required", "401 Unauthorized", "403 Forbidden", "404 Not Found: {w}", "500 Internal Server Error",
    "503 Service Unavailable", "certificate has expired", "DNS lookup failed for {w}.internal",
    "too many open files", "address already in use :{n}", "broken pipe", "invalid argument: {w}",
    "deprecated option --{w}", "unknown flag --{w}", "missing required argument {w}", "syntax error near '{w}'",
    "failed to resolve {w}@{n}", "peer dependency {w} not installed", "test {w} timed out after {n}s",
    "assertion failed: expected {n} got {n2}", "snapshot mismatch in {w}", "coverage below {n}%",
    "lint error: unused variable {w}", "type error: {w} is not assignable to {w2}", "merge conflict in {w}",
    "detached HEAD state", "rate quota exceeded for {w}", "image {w}:latest not found", "pod {w} CrashLoopBackOff",
    "migration {n} already applied", "relation {w} does not exist", "duplicate key value violates {w}_pkey",
    "deadlock detected", "stack overflow in {w}", "recursion limit exceeded", "index out of range [{n}]",
    "nil pointer dereference in {w}", "KeyError: '{w}'", "AttributeError: {w} has no attribute {w2}",
    "ImportError: cannot import name {w}", "TypeError: {w}() missing 1 required positional argument",
]
ABILITIES = [("fs", "list_dir"), ("fs", "move"), ("fs", "delete"), ("fs", "stat"), ("git", "commit"), ("git", "merge"),
             ("git", "stash"), ("git", "tag"), ("web", "screenshot"), ("web", "post"), ("db", "migrate"),
             ("db", "backup"), ("http", "post"), ("http", "put"), ("slack", "send_message"), ("github", "create_pr"),
             ("github", "merge_pr"), ("github", "list_issues"), ("linear", "update_issue"), ("notion", "append_block"),
             ("s3", "upload"), ("s3", "presign"), ("k8s", "scale"), ("email", "send"), ("calendar", "create_event"),
             ("figma", "export"), ("sentry", "resolve"), ("pager", "ack"), ("vault", "read_secret"), ("ci", "rerun")]
SYLLABLES = ("ka to mi ra ne so lu vi da pe zo ri fa gu be ti xo qua ny el or an is um".split())
CAUSES = ("timeout", "network", "bad_params", "not_found", "permission", "conflict", "crashed", "unknown")


def word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def filler_state(rng: random.Random, n: int) -> dict:
    """A distillation state whose drafts are n generated cards (the real templates render them)."""
    sigs, rules, abilities, flows = {}, {}, {}, {}
    ts = 1_700_000_000.0
    for i in range(n):
        ts += 1
        roll = rng.random()
        program = rng.choice(sorted(PROGRAMS))
        sub = rng.choice(PROGRAMS[program])
        error = rng.choice(ERRORS).format(n=rng.randint(2, 9999), n2=rng.randint(2, 99), w=word(rng), w2=word(rng))
        ids = [i * 10 + k for k in range(3)]
        if roll < 0.45:
            organ, ability = ("shell", "run") if rng.random() < 0.5 else rng.choice(ABILITIES)
            files = [f"{word(rng)}/{word(rng)}.{rng.choice(['py', 'ts', 'go', 'rs', 'yaml', 'json'])}"]
            sigs[f"f{i}"] = {"n": 3, "organ": organ, "ability": ability, "cause": rng.choice(CAUSES),
                             "text": f"{program} {sub}: {error}" if organ == "shell" else error, "ids": ids,
                             "files": files, "programs": [program, sub.split()[0]] if organ == "shell" else [],
                             "first": ts, "last": ts}
        elif roll < 0.80:
            flag = f"--{word(rng)}"
            rules[f"r{i}"] = {"n": 1, "when": f"running {program} commands", "wrong": f"{program} {sub} {flag}",
                              "instead": f"{program} {sub} --{word(rng)}", "cause": rng.choice(CAUSES), "error": error,
                              "ability": "shell.run", "family": program, "file": "", "ids": ids, "first": ts,
                              "last": ts}
        elif roll < 0.90:
            organ, ability = rng.choice(ABILITIES)
            name = f"{organ}.{ability}_{word(rng)}"
            abilities[name] = {"n": 10, "ok": 5, "ids": ids, "first": ts, "last": ts,
                               "causes": {rng.choice(CAUSES): 5}}
        else:
            steps = [f"{o}.{a}" for o, a in rng.sample(ABILITIES, 3)]
            steps[-1] += f"_{word(rng)}"
            flows[f"w{i}"] = {"steps": steps, "sessions": 2, "ids": ids, "first": ts, "last": ts}
    return {"version": distill.STATE_VERSION, "last_id": 0, "sigs": sigs, "abilities": abilities, "sessions": {},
            "flows": flows, "rules": rules}


# -- building a store -------------------------------------------------------------------------

def journal(topics: list[Topic]) -> tuple[bytes, list[str]]:
    """The planted topics as JSON lines, each in its own session(s); and the topic of each line, in order."""
    lines, owners, ts = [], [], 1_764_460_800.0
    for n, topic in enumerate(topics):
        for s in range(topic.sessions):
            session = f"t{n}-{s}"
            for event in [{"kind": "progress", "text": "next task"}, *topic.events]:
                ts += 1.0
                lines.append({**event, "ts": ts, "session": session})
                owners.append(topic.name)
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in lines).encode() + b"\n", owners


def build(home: Path, size: int, seed: int) -> tuple[Memory, dict[str, set[int]]]:
    """A store of size cards: generated fillers first, then the planted topics; topic -> its card ids.

    The topics come last so their cards have the highest ids: nothing favours them in index order.
    """
    memory = Memory(home, clock=lambda: 1_764_500_000.0)
    data, owners = journal(TOPICS)
    rng = random.Random(seed)
    while (missing := size - len(TOPICS) - 4 - sum(memory.card_counts().values())) > 0:
        # fillers are distinct by construction: written by the store's sync without the clustering pass
        drafts = distill.Distiller(filler_state(rng, missing)).drafts()
        with transaction(memory.writer):
            CardStore(memory.writer).sync([replace(d, key=f"{d.key}-{rng.random()}", provenance=())
                                           for d in drafts], 1_764_500_000.0)
    with transaction(memory.writer):
        CardStore(memory.writer).optimize()  # as a consolidation that changed many cards does
    fillers = {c.id for c in memory.cards()}
    memory.ingest(io.BytesIO(data))
    memory.consolidate()
    answers: dict[str, set[int]] = {t.name: set() for t in TOPICS}
    for card in memory.cards():  # journal ids follow the lines' order: provenance names the topic
        if card.id not in fillers:
            answers[owners[card.provenance[0] - 1]].add(card.id)
    empty = [name for name, ids in answers.items() if not ids]
    if empty:
        raise SystemExit(f"planted topics that became no card: {empty}")
    return memory, answers


# -- measuring --------------------------------------------------------------------------------

def evaluate(search, answers: dict[str, set[int]]) -> dict:
    """R@1, R@3 over the positives and the false-positive rate over the negatives of a search function."""
    r1 = r3 = total = 0
    misses = []
    for topic in TOPICS:
        want = answers[topic.name]
        for query in topic.queries:
            got = search(query)
            total += 1
            r1 += bool(got[:1]) and got[0] in want
            r3 += any(i in want for i in got[:3])
            if not any(i in want for i in got[:3]):
                misses.append(query)
    fp = sum(1 for q in NEGATIVES if search(q))
    return {"r1": r1 / total, "r3": r3 / total, "fp": fp / len(NEGATIVES), "misses": misses}


def like_scan(conn: sqlite3.Connection, query: str, limit: int = 3) -> list[int]:
    """Baseline: cards containing any query word (LIKE), ranked by how many they contain."""
    words = [w for w in {*text.content_words(query), *text.cjk_bigrams(query)} if len(w) >= 2]
    if not words:
        return []
    score = " + ".join("(search LIKE ?)" for _ in words)
    rows = conn.execute(f"SELECT id, {score} AS s FROM cards WHERE forgotten_at IS NULL AND merged_into IS NULL "
                        f"AND s > 0 ORDER BY s DESC, id LIMIT ?", (*[f"%{w}%" for w in words], limit))
    return [r[0] for r in rows]


def fts_bm25(conn: sqlite3.Connection, query: str, limit: int = 3) -> list[int]:
    """Baseline: FTS5 bm25 over the OR of the query's words (3+ characters), no floor."""
    words = [w for w in text.content_words(query) if len(w) >= 3]
    words += [run for run in text.runs(query) if len(run) >= 3]
    if not words:
        return []
    expr = " OR ".join(fts_phrase(w) for w in words)
    rows = conn.execute("SELECT rowid FROM cards_fts WHERE cards_fts MATCH ? ORDER BY rank LIMIT ?", (expr, limit))
    return [r[0] for r in rows]


def latencies(fn, queries: list[str], rounds: int = ROUNDS) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each call (the CPU time shows the work when the machine is busy)."""
    wall, cpu = [], []
    for _ in range(rounds):
        for q in queries:
            started, started_cpu = time.perf_counter(), time.thread_time()
            fn(q)
            cpu.append(time.thread_time() - started_cpu)
            wall.append(time.perf_counter() - started)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="300,3000,30000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    queries = [q for t in TOPICS for q in t.queries] + NEGATIVES
    print(f"{len(TOPICS)} planted topics, {sum(len(t.queries) for t in TOPICS)} paraphrases, "
          f"{len(NEGATIVES)} negatives; seed {args.seed}")
    ok = True
    for size in sizes:
        root = Path(tempfile.mkdtemp(prefix="ab-recall-"))
        try:
            started = time.monotonic()
            memory, answers = build(root, size, args.seed)
            conn = memory.reader()
            cards = len(memory.cards())
            built = time.monotonic() - started
            ours = evaluate(lambda q: [h.card.id for h in memory.recaller.search(conn, q, 3)], answers)
            like = evaluate(lambda q: like_scan(conn, q), answers)
            bm25 = evaluate(lambda q: fts_bm25(conn, q), answers)
            lat, cpu = latencies(lambda q: memory.recaller.search(conn, q, 5), queries)
            lat_like, _ = latencies(lambda q: like_scan(conn, q, 5), queries, rounds=1)
            lat_bm25, _ = latencies(lambda q: fts_bm25(conn, q, 5), queries, rounds=1)
            p50, p95 = percentile(lat, 50) * 1e3, percentile(lat, 95) * 1e3
            quality_ok = ours["r3"] >= TARGET_R3 and ours["fp"] <= TARGET_FP
            latency_ok = p95 <= TARGET_P95_MS if size >= 30000 else True
            ok = ok and quality_ok and latency_ok
            print(f"\n== {cards} cards (built in {built:.1f}s) ==")
            for name, q, l in (("recall", ours, lat), ("LIKE scan", like, lat_like), ("FTS5 bm25", bm25, lat_bm25)):
                print(f"  {name:<10} R@1 {q['r1']:6.1%}  R@3 {q['r3']:6.1%}  FP {q['fp']:6.1%}   "
                      f"p50 {percentile(l, 50) * 1e3:6.2f} ms  p95 {percentile(l, 95) * 1e3:6.2f} ms")
            print(f"  recall CPU time: p50 {percentile(cpu, 50) * 1e3:.2f} ms  p95 {percentile(cpu, 95) * 1e3:.2f} ms"
                  f"  ({len(cpu)} calls; {os.getloadavg()[0]:.1f} load average)")
            print(f"  quality {verdict(quality_ok)} (R@3 >= {TARGET_R3:.0%}, FP <= {TARGET_FP:.0%})"
                  + (f"; latency {verdict(latency_ok)} (p95 {p95:.2f} ms <= {TARGET_P95_MS:g} ms)"
                     if size >= 30000 else f"; latency p50 {p50:.2f} ms, p95 {p95:.2f} ms"))
            if args.show_misses and ours["misses"]:
                print("  missed: " + "; ".join(ours["misses"]))
            memory.close()
        finally:
            shutil.rmtree(root, ignore_errors=True)
    print(f"\noverall: {verdict(ok)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
