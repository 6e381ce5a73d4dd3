"""Recall: relevance × weight, path boost, escaping, negatives, Chinese and mixed-language queries."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.recall import fts_phrase, parse_query, relevance
from actors.memory.service import Memory

T0 = 1_764_460_800.0


def trap(session: str, organ: str, ability: str, error: str, files: list[str] | None = None,
         command: str = "") -> list[dict]:
    """Three failures with the same signature: one pitfall card."""
    out = []
    for i, path in enumerate(files or ["a", "b", "c"]):
        args = {"command": command} if command else {"path": path}
        out.append({"session": f"{session}{i}", "kind": "call", "organ": organ, "ability": ability, "args": args,
                    "ok": False, "error": error.replace("{path}", path)})
    return out


TRAPS = [
    trap("a", "fs", "read_file", "ENOENT: no such file or directory, open '{path}'", ["src/app.py", "src/b.py", "c.py"]),
    trap("b", "fs", "write_file", "EACCES: permission denied, open '{path}'", ["etc/x.conf", "etc/y.conf", "z.conf"]),
    trap("c", "shell", "run", "npm ERR! code EACCES: permission denied, mkdir '/usr/lib/node_modules'",
         command="npm install -g tsx"),
    trap("d", "git", "push", "! [rejected] main -> main (non-fast-forward)"),
    trap("e", "fs", "write_file", "权限不足：无法写入文件 '{path}'", ["/etc/hosts", "/etc/a", "/etc/b"]),
    trap("f", "shell", "run", "FATAL ERROR: 构建时内存不足 JavaScript heap out of memory", command="npm run build"),
    trap("g", "db", "query", "sqlite3.OperationalError: database is locked"),
    trap("h", "shell", "run", "ls: cannot access 'build': No such file or directory", command="ls build"),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    m = Memory(tmp_path_factory.mktemp("recall") / "home", clock=lambda: T0 + 3600)
    events = [{**e, "ts": T0 + i} for i, e in enumerate(e for t in TRAPS for e in t)]
    m.ingest(io.BytesIO("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode()))
    m.consolidate()
    yield m
    m.close()


def top(memory: Memory, query: str, n: int = 1) -> list[str]:
    return [h.card.title for h in memory.recaller.search(memory.reader(), query, n)]


@pytest.mark.parametrize("query, expected", [
    ("read_file says no such file", "fs.read_file fails with not_found"),
    ("npm install global permission denied", "shell.run fails with permission: npm ERR!"),
    ("git push rejected non-fast-forward", "git.push fails"),
    ("the sqlite database is locked", "db.query fails"),
    ("writing a config file: permission denied", "fs.write_file fails with permission: EACCES"),
])
def test_a_paraphrase_finds_its_card_first(memory, query, expected):
    assert top(memory, query)[0].startswith(expected)


@pytest.mark.parametrize("query, expected", [
    ("写入文件权限不足", "权限不足"),  # Chinese only: CJK bigrams, which the trigram index cannot hold
    ("无法写入 hosts 文件", "权限不足"),
    ("构建时内存不足", "内存不足"),
    ("npm run build 内存不足", "内存不足"),  # mixed: a trigram term and CJK bigrams
    ("write_file 权限 不足", "权限不足"),
])
def test_chinese_and_mixed_language_queries_find_chinese_cards(memory, query, expected):
    assert expected in top(memory, query)[0]


def test_two_letter_words_are_found_through_the_short_term_table(memory):
    assert "ls" in parse_query("ls build").short
    assert top(memory, "ls build cannot access")[0].startswith("shell.run fails with not_found: ls:")


@pytest.mark.parametrize("query", [
    "bake a sourdough bread", "book a flight to Tokyo", "明天天气怎么样", "explain quantum entanglement",
    "configure kubernetes ingress annotations", "", "   ", "the of and a to",
])
def test_queries_about_nothing_memory_holds_recall_nothing(memory, query):
    assert top(memory, query, 5) == []


@pytest.mark.parametrize("query", [
    'read_file "ENOENT', "NEAR(read file)", "read_file AND OR NOT", "col:title read", "read* file^", "'; DROP TABLE cards; --",
    '"""', "{path} (q) [n]",
])
def test_query_syntax_never_reaches_fts5(memory, query):
    memory.recaller.search(memory.reader(), query, 5)  # no sqlite3.OperationalError
    assert fts_phrase('a "b" c') == '"a ""b"" c"'


def test_a_file_the_query_mentions_boosts_the_cards_about_it(memory):
    hits = memory.recaller.search(memory.reader(), "ENOENT EACCES open src/app.py", 3)
    assert hits[0].card.title.startswith("fs.read_file")  # it failed on src/app.py
    plain = memory.recaller.search(memory.reader(), "ENOENT EACCES open", 3)
    by_title = {h.card.title: h.score for h in plain}
    assert hits[0].score > by_title.get(hits[0].card.title, 0)


def test_relevance_counts_title_and_triggers_fully_and_the_body_less():
    terms = {"npm": 2.0, "jest": 1.0}
    assert relevance(terms, "npm jest\x00") == 1.0
    assert relevance(terms, "npm\x00jest") == pytest.approx((2 + 0.75) / 3)
    assert relevance(terms, "\x00nothing here") == 0.0


def test_recall_results_are_ranked_by_relevance_times_weight(memory):
    hits = memory.recaller.search(memory.reader(), "permission denied EACCES", 5)
    assert len(hits) >= 2
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.score == pytest.approx(h.relevance * h.weight, rel=1e-6) or h.score > h.relevance * h.weight
               for h in hits)
