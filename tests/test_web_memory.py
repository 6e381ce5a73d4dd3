"""The web console's memory adapter on a real memory database: pages of cards, evidence, withdrawing, exports."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from actors.memory.service import Memory
from actors.web.memory import EXPORTS, CardIndex, MemoryView, SnapshotRefused

T0 = 1_764_460_800.0


def journal() -> bytes:
    """Three ENOENTs of fs.read_file in two sessions (a pitfall) and npm test failing, then pnpm test, in
    two sessions (a rule)."""
    events = [{"ts": T0, "session": "s1", "kind": "progress", "text": "make the login tests pass"}]
    for i in range(3):
        events.append({"ts": T0 + 1 + i, "session": f"s{1 + i % 2}", "kind": "call", "organ": "fs",
                       "ability": "read_file", "args": {"path": f"src/app{i}.py"}, "ok": False,
                       "error": "ENOENT: no such file or directory", "duration_ms": 2.1})
    for r, session in enumerate(("s2", "s3")):  # a rule recurs: the same fix in two sessions
        events += [{"ts": T0 + 10 + 2 * r, "session": session, "kind": "call", "organ": "shell", "ability": "run",
                    "args": {"command": "npm test"}, "ok": False, "error": "sh: 1: jest: not found"},
                   {"ts": T0 + 11 + 2 * r, "session": session, "kind": "call", "organ": "shell", "ability": "run",
                    "args": {"command": "pnpm test"}, "ok": True}]
    return "".join(json.dumps(e) + "\n" for e in events).encode()


@pytest.fixture
def view(tmp_path: Path):
    with Memory(tmp_path) as memory:
        memory.ingest(io.BytesIO(journal()))
        memory.consolidate()
        memory.remember("never push to main without asking", "redline", "main is shared")
        memory.remember("small commits with a one-line reason", "principle")
    adapter = MemoryView(tmp_path, clock=lambda: T0 + 86400)
    yield adapter
    adapter.close()


def test_cards_come_a_page_at_a_time_heaviest_first_with_kind_and_text_filters(view):
    every = view.cards()
    assert every["total"] == len(every["cards"]) >= 2
    weights = [c["weight"] for c in every["cards"]]
    assert weights == sorted(weights, reverse=True)
    assert sum(every["counts"].values()) == every["total"]

    pitfalls = view.cards(kind="pitfall")
    assert pitfalls["total"] >= 1 and {c["kind"] for c in pitfalls["cards"]} == {"pitfall"}
    one = view.cards(limit=1)
    assert len(one["cards"]) == 1 and one["cards"][0]["id"] == every["cards"][0]["id"]
    second = view.cards(offset=1, limit=1)
    assert second["cards"][0]["id"] == every["cards"][1]["id"]

    found = view.cards(query="ENOENT")  # the trigram index
    assert found["total"] >= 1 and all("ENOENT" in c["title"] + c["body"] + c["wrong"] + c["when"]
                                       for c in found["cards"])
    assert view.cards(query='zz"q')["total"] == 0  # quotes in a filter are text, not query syntax
    short = view.cards(query="fs")  # under three characters: a plain scan of the cards' text
    assert short["total"] >= 1 and all("fs" in (c["title"] + c["body"] + c["when"]).lower() for c in short["cards"])


def test_a_card_names_its_evidence_sessions_counts_and_examples(view):
    pitfall = view.cards(kind="pitfall")["cards"][0]
    card = view.card(pitfall["id"])
    evidence = card["evidence"]
    assert evidence["events"] == 3 and evidence["session_count"] == 2
    assert set(evidence["sessions"]) == {"s1", "s2"}
    assert evidence["examples"] and all("ENOENT" in e for e in evidence["examples"])
    assert card["stats"]["failures"] == 3 and card["sessions"] == 2 and card["evidence_events"] == 3
    assert view.card(999_999) is None


def test_withdrawing_a_judgment_by_id_removes_that_one_only(view):
    portrait = view.portrait()
    ids = {e["statement"]: e["id"] for entries in portrait["sections"].values() for e in entries}
    principle = next(i for s, i in ids.items() if "small commits" in s)
    withdrawn = view.withdraw(principle)
    assert withdrawn["id"] == principle and "small commits" in withdrawn["text"]
    left = [j["text"] for j in view.judgments()]
    assert left == ["never push to main without asking"]
    assert view.withdraw(principle) is None


def test_judgments_carry_their_evidence_and_a_red_line_says_it_does_not_fade(view):
    [redline] = [j for j in view.judgments() if j["kind"] == "redline"]
    assert redline["evidence"][0] == "because main is shared"
    assert any("said 1 time" in e for e in redline["evidence"])
    assert any("does not fade" in e for e in redline["evidence"])


def test_forgetting_a_card_says_what_happened(view):
    card = view.cards()["cards"][0]["id"]
    assert view.forget_card(card) == "forgotten"
    assert view.forget_card(card) == "already forgotten"
    assert card not in [c["id"] for c in view.cards()["cards"]]


def test_exports_are_the_files_the_cli_writes(view):
    name, media, body = view.export("skill")
    assert name == "SKILL.md" and media.startswith("text/markdown") and body.startswith(b"---\nname: ")
    name, _, body = view.export("agents")
    assert body.startswith(b"<!-- actors:memory -->") and b"<!-- /actors:memory -->" in body
    assert set(EXPORTS) == {"skill", "agents", "snapshot"}


def test_a_snapshot_that_is_not_json_is_refused_and_changes_nothing(view):
    before = (view.judgments(), view.cards())
    with pytest.raises(SnapshotRefused):
        view.import_snapshot(b"{ not json")
    assert (view.judgments(), view.cards()) == before


def test_memory_stats_include_the_database_status(view):
    stats = view.stats()
    assert stats["status"]["judgments"] == 2 and stats["status"]["events"]["call"] == 7


def test_the_adapter_opens_the_database_only_when_asked(tmp_path):
    adapter = MemoryView(tmp_path / "nothing-yet")
    assert not (tmp_path / "nothing-yet").exists()
    assert adapter.portrait()["total"] == 0
    assert (tmp_path / "nothing-yet" / "memory.db").exists()
    adapter.close()


def test_a_card_forgotten_elsewhere_is_never_shown_and_new_cards_come_once_the_order_is_read_again(view, tmp_path):
    listed = view.cards()
    first = listed["cards"][0]["id"]
    with Memory(tmp_path) as elsewhere:  # another process: the CLI or the memory organ
        assert elsewhere.forget_card(first) == "forgotten"
    assert first not in [c["id"] for c in view.cards()["cards"]]  # skipped at once, even from a fresh order

    with Memory(tmp_path) as elsewhere:
        elsewhere.ingest(io.BytesIO("".join(json.dumps(
            {"ts": T0 + 100 + i, "session": "s3", "kind": "call", "organ": "git", "ability": "push",
             "args": {"branch": f"b{i}"}, "ok": False, "error": "rejected: non-fast-forward"}) + "\n"
            for i in range(3)).encode()))
        elsewhere.consolidate()
    view.index(view.memory()).read_at -= CardIndex.STALE_S  # as if the order were read a while ago
    titles = [c["title"] for c in view.cards()["cards"]]
    assert any("git.push" in t for t in titles)


def retire(memory: Memory, card_id: int) -> None:
    """Inject a card into a session, then let the failure it warns about follow three times there."""
    memory.clock = lambda: T0 + 100
    assert memory.inject("read src/app1.py", session="z").block.cards
    repeats = [{"ts": T0 + 200 + i, "session": "z", "kind": "call", "organ": "fs", "ability": "read_file",
                "args": {"path": f"src/app{i}.py"}, "ok": False, "error": "ENOENT: no such file or directory"}
               for i in range(3)]
    memory.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in repeats).encode()))
    assert memory.consolidate()["retired"] == 1
    assert card_id not in {c.id for c in memory.cards()}


def test_a_retired_or_forgotten_card_is_answered_with_its_state_and_reason_and_listed_among_the_gone(view, tmp_path):
    import asyncio

    from starlette.requests import Request

    from actors.web.app import Console
    from actors.web.security import Keys, site_for
    from broker.home import Home

    pitfall = view.cards(kind="pitfall")["cards"][0]["id"]
    rule = view.cards(kind="rule")["cards"][0]["id"]
    with Memory(tmp_path) as memory:
        retire(memory, pitfall)
        assert memory.forget_card(rule) == "forgotten"
    view.index(view.memory()).invalidate()

    retired = view.card(pitfall)
    assert retired["state"] == "retired" and "same failure followed 3 times" in retired["reason"]
    assert view.card(rule)["state"] == "forgotten" and view.card(rule)["reason"].startswith("forgotten on ")
    assert view.card(999) is None
    gone = view.cards(gone=True)
    assert {c["id"]: c["state"] for c in gone["cards"]} == {pitfall: "retired", rule: "forgotten"}
    assert gone["counts"]["pitfall"] == 1 and view.cards(gone=True, kind="rule")["total"] == 1
    assert pitfall not in [c["id"] for c in view.cards()["cards"]]

    console = Console(Home(tmp_path), Keys(token="t", session="s", csrf="c"), site_for("127.0.0.1", 8390))
    try:
        def get(path_params: dict, query: bytes = b"") -> tuple[int, dict]:
            scope = {"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": query,
                     "path_params": path_params}
            handler = console.card if path_params else console.cards
            response = asyncio.run(handler(Request(scope)))
            return response.status_code, json.loads(response.body)
        status, answer = get({"ident": pitfall})
        assert status == 200 and answer["state"] == "retired" and "same failure" in answer["reason"]
        assert get({"ident": 999}) == (404, {"error": "no card #999"})
        huge = 10 ** 20  # past SQLite's integers: a 404, not a 500
        assert get({"ident": huge}) == (404, {"error": f"no card #{huge}"})
        status, page = get({}, b"state=gone")
        assert status == 200 and page["total"] == 2
        assert get({}, b"state=dead")[0] == 400
    finally:
        console.memory.close()
        console.mesh.close()
