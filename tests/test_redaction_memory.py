"""The redaction corpus through the real memory path: no secret reaches memory.db, cards, recall, injection,
exports or snapshots, and near misses are stored as they were (at most 2% altered)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from actors.cli import app
from tests.test_redaction import CASES, NEAR_MISSES, SECRETS

T0 = 1_764_460_800.0
NEAR_MISS_BUDGET = 0.02
QUERIES = ("deploy failed", "login password", "docker registry login", "database connection", "curl api token",
           "aws credentials", "git clone", "webhook")


def windows() -> dict[str, str]:
    """Every secret of the corpus and every eight characters of a long one, with the case they come from."""
    found = {}
    for case in SECRETS:
        for secret in case["secrets"]:
            if len(secret) < 12:
                found[secret] = case["id"]  # short: the whole of it
            for i in range(len(secret) - 7 if len(secret) >= 12 else 0):
                found.setdefault(secret[i:i + 8], case["id"])
    return found


WINDOWS = windows()
SHORTEST = min(len(w) for w in WINDOWS)
SIZES = sorted({len(w) for w in WINDOWS})


def leaks(text: str) -> list[tuple[str, str]]:
    """(case, text) of every secret or eight-character piece of one found in the text, in one pass."""
    found = {}
    for i in range(len(text) - SHORTEST + 1):
        for size in SIZES:
            piece = text[i:i + size]
            if piece in WINDOWS:
                found[WINDOWS[piece]] = piece
    return sorted(found.items())


def journal(cases: list[dict]) -> str:
    """Each case three times as a failing command (a pitfall), once as progress, once as a fixed retry (a rule)."""
    lines, ts = [], T0
    for n, case in enumerate(cases):
        text = case["text"]
        for attempt in range(3):
            ts += 1
            lines.append({"ts": ts, "session": f"s{n}-{attempt}", "kind": "progress", "text": f"task {n}: {text}"})
            lines.append({"ts": ts + 0.1, "session": f"s{n}-{attempt}", "kind": "call", "organ": "shell",
                          "ability": "run", "args": {"command": text, "env": {"NOTE": text}}, "ok": False,
                          "error": f"exit 1: {text}"})
        lines.append({"ts": ts + 0.2, "session": f"s{n}-2", "kind": "call", "organ": "shell", "ability": "run",
                      "args": {"command": f"{text} --retry"}, "ok": True})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


# the first test also builds the module's memory (about 40 commands in process): 15 s on a busy 2-core machine;
# one worker runs the module, so the memory is built once, not once per worker that gets some of its tests
pytestmark = [pytest.mark.timeout(240), pytest.mark.xdist_group("redaction-memory")]


@pytest.fixture(scope="module")
def memory_home(tmp_path_factory):
    """One memory fed with the whole corpus, consolidated, then read back every way a user or an agent can."""
    root = tmp_path_factory.mktemp("redaction")
    home = root / "home"
    run = CliRunner()
    (root / "journal.jsonl").write_text(journal(CASES), encoding="utf-8")

    def cli(*args: str) -> str:
        result = run.invoke(app, [*args, "--home", str(home)])
        assert result.exit_code == 0, result.output
        return result.stdout

    outputs = {"ingest": cli("memory", "ingest", str(root / "journal.jsonl"))}
    for case in SECRETS[:20]:
        cli("memory", "remember", f"never commit {case['text']}", "--kind", "redline")
    outputs["sleep"] = cli("memory", "sleep")
    outputs["cards"] = cli("cards", "--json")
    outputs["judgments"] = cli("memory", "judgments", "--json")
    for query in QUERIES:
        outputs[f"recall {query}"] = cli("recall", query, "--json", "--limit", "100")
        outputs[f"inject {query}"] = cli("recall", query, "--inject", "--budget", "4000")
    cli("cards", "export", "--out", str(root / "SKILL.md"))
    cli("cards", "export", "--agents-md", str(root / "AGENTS.md"))
    cli("memory", "export", "--out", str(root / "snapshot.json"))
    for name in ("SKILL.md", "AGENTS.md", "snapshot.json"):
        outputs[name] = (root / name).read_text(encoding="utf-8")
    db = sqlite3.connect(home / "memory.db")
    try:
        stored = [r[0] for r in db.execute("SELECT text FROM events WHERE kind = 'progress' ORDER BY id")]
    finally:
        db.close()
    raw = b"".join(p.read_bytes() for p in home.glob("memory.db*"))
    outputs["memory.db"] = raw.decode("utf-8", "replace")  # every table, index and the write-ahead log
    return {"outputs": outputs, "progress": stored}


def test_the_corpus_reached_cards_recall_and_exports_so_the_check_below_means_something(memory_home):
    outputs = memory_home["outputs"]
    cards = json.loads(outputs["cards"])["cards"]
    assert len(cards) >= 50 and {c["kind"] for c in cards} >= {"pitfall"}
    assert sum(json.loads(outputs[f"recall {q}"])["cards"] != [] for q in QUERIES) >= 4
    assert outputs["SKILL.md"].count("\n|") >= 10 and "[REDACTED]" in outputs["memory.db"]


@pytest.mark.parametrize("where", ["memory.db", "cards", "judgments", "SKILL.md", "AGENTS.md",
                                   "snapshot.json", *(f"recall {q}" for q in QUERIES),
                                   *(f"inject {q}" for q in QUERIES)])
def test_no_secret_of_the_corpus_survives_anywhere_memory_keeps_or_shows(memory_home, where):
    text = memory_home["outputs"][where]
    if where != "memory.db":
        text = text + "\n" + json.dumps(text)  # JSON escaping must not hide a secret either
    found = leaks(text)
    assert found == [], f"{len(found)} of {len(SECRETS)} secrets leaked into {where}: {found[:5]}"


def test_at_most_two_percent_of_near_misses_are_altered_on_their_way_into_memory(memory_home):
    originals = {f"task {n}: {c['text']}" for n, c in enumerate(CASES) if not c["secrets"]}
    stored = set(memory_home["progress"])
    altered = sorted(originals - stored)
    assert len(altered) <= NEAR_MISS_BUDGET * len(NEAR_MISSES), altered[:5]
