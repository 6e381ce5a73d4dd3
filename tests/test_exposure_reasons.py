"""Why each exposed tool is there (broker/exposure/reasons.py): real selections on small catalogues, the CLI, the mesh."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from broker.exposure import Associations, Context, Source, catalogue_from_mcp, explain, load_catalogue, select
from broker.exposure.reasons import Kind, Reason, Term
from tests.test_exposure import ORGANS, browser_and_logs

REPO = Path(__file__).resolve().parents[1]
SMALL = REPO / "tests" / "data" / "small_catalogue.json"
BOX = {"box": [{"name": "run", "description": "Run a shell command in the box.",
                "inputSchema": {"type": "object", "properties": {"command": {"type": "string"}},
                                "required": ["command"]}}]}


@pytest.fixture(scope="module")
def catalogue():
    return catalogue_from_mcp(ORGANS)


def journal(*episodes: tuple[str, tuple[str, ...]]) -> list[dict]:
    """Journal events: each instruction as a progress event, then its calls, in a session of its own."""
    events, ts = [], 0.0
    for n, (text, calls) in enumerate(episodes):
        events.append({"ts": (ts := ts + 1), "session": f"s{n}", "kind": "progress", "text": text})
        for address in calls:
            organ, ability = address.split(".")
            events.append({"ts": (ts := ts + 1), "session": f"s{n}", "kind": "call", "organ": organ,
                           "ability": ability, "ok": True})
    return events


def kinds(exposure, address: str) -> list[Kind]:
    return [r.kind for r in exposure.reasons[address]]


def reason(exposure, address: str, kind: Kind) -> Reason:
    return next(r for r in exposure.reasons[address] if r.kind == kind)


LEARNED = Associations().learn(journal(("ship the release", ("git.git_log", "github.create_pull_request")),
                                       ("zzz qqq", ("github.fork_repository", "weather.get_alerts"))))


@pytest.mark.parametrize("intent, context, budget", [
    ("merge PR 42", Context(), None), ("merge PR 42", Context(), 2000),
    ("what's the weather in Oslo", Context(recent=("github.merge_pull_request",)), 500),
    ("do the usual release chores", Context(mentioned=("git.git_log",)), 500),
    ("ship the release", Context(learned=LEARNED), 500), ("fork the repository", Context(learned=LEARNED), 1000),
    ("read a file, commit it and open a pull request", Context(), 150), ("thanks, that was all", Context(), None),
])
def test_explaining_a_selection_changes_nothing_selected_and_gives_every_exposed_tool_a_reason(catalogue, intent,
                                                                                               context, budget):
    plain = select(intent, catalogue, context, budget)
    explained = explain(intent, catalogue, context, budget)
    assert plain.reasons is None and "reasons" not in plain.as_dict(), "nobody asked: nothing recorded"
    assert dataclasses.replace(explained, reasons=None) == plain
    assert list(explained.reasons) == list(plain.exposed)
    assert all(explained.reasons.values()), "every exposed tool says why it is there"
    assert list(explained.as_dict()) == [*plain.as_dict(), "reasons"], "the existing keys, unchanged, then reasons"


def test_a_word_match_names_the_query_terms_the_words_that_put_them_there_and_their_weight(catalogue):
    exposure = explain("merge PR 42", catalogue)
    words = exposure.reasons["github.merge_pull_request"][0]
    assert words.kind == Kind.WORDS and words.score == pytest.approx(1.0), "the best match scores 1"
    assert words.terms[0] == Term("merg", words.terms[0].weight, "merge"), "the word's own stem: not derived"
    assert Term("pull", reason(exposure, "github.merge_pull_request", Kind.WORDS).terms[2].weight, "pr", True) \
        in words.terms, "PR was read as pull request"
    assert [t.weight for t in words.terms] == sorted((t.weight for t in words.terms), reverse=True)
    assert reason(exposure, "github.merge_pull_request", Kind.ORGAN).organ == "github"
    assert words.as_dict()["terms"][1] == {"term": "request", "weight": round(words.terms[1].weight, 2),
                                           "word": "pr", "derived": True}


def test_a_precondition_names_the_tool_it_is_taken_for():
    exposure = explain("list the console messages", catalogue_from_mcp(browser_and_logs()), budget_tokens=400)
    assert exposure.exposed[:2] == ("browser.list_console_messages", "browser.navigate_page")
    assert exposure.reasons["browser.navigate_page"][0] == Reason(Kind.COMPANION, of="browser.list_console_messages")


def test_a_recent_tool_says_it_was_used_recently_and_a_mentioned_one_that_memory_named_it(catalogue):
    kept = explain("what's the weather in Oslo", catalogue, Context(recent=("github.merge_pull_request",)), 500)
    assert kinds(kept, "github.merge_pull_request")[0] == Kind.RECENT
    assert kinds(kept, "weather.get_forecast")[0] == Kind.WORDS
    named = explain("do the usual release chores", catalogue, Context(mentioned=("git.git_log",)), 500)
    assert named.reasons["git.git_log"][0] == Reason(Kind.MENTIONED, score=pytest.approx(0.6))


def test_what_use_taught_names_the_past_instruction_and_the_tool_used_together(catalogue):
    learned = explain("ship the release", catalogue, Context(learned=LEARNED), 500)
    assert reason(learned, "git.git_log", Kind.LEARNED).instruction == "ship the release"
    assert Kind.WORDS not in kinds(learned, "git.git_log"), "the request's words do not match it: use does"
    together = explain("fork the repository", catalogue, Context(learned=LEARNED), 1000)
    assert "weather.get_alerts" in together.exposed
    assert together.reasons["weather.get_alerts"][0] == Reason(Kind.TOGETHER, score=pytest.approx(0.4),
                                                               of="github.fork_repository", share=0.5)
    assert Kind.POPULAR in kinds(together, "github.fork_repository")


def test_a_reported_problem_brings_what_was_used_after_past_reports(catalogue):
    reports = Associations().learn(journal(*((f"the site looks broken again {n}", ("fs.list_directory",))
                                             for n in range(3))))
    exposure = explain("our weather station is down", catalogue, Context(learned=reports), 1200)  # no word shared
    assert kinds(exposure, "fs.list_directory") == [Kind.STATEMENT]
    similar = explain("the weather station seems broken", catalogue, Context(learned=reports), 1200)
    assert reason(similar, "fs.list_directory", Kind.LEARNED).instruction.startswith("the site looks broken again")


def test_a_tool_found_by_meaning_alone_says_how_near_the_request_it_is(tmp_path, monkeypatch):
    from broker import usercache
    from broker.text import embedding
    from tests.test_exposure_meaning import ORGANS as PLAIN_ORGANS, RAIN

    monkeypatch.setenv(usercache.ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(embedding.SWITCH_ENV, "on")  # meaning is off by default
    embedding.load.cache_clear()
    try:
        exposure = explain(RAIN, catalogue_from_mcp(PLAIN_ORGANS))  # no word of it is the forecast tool's
    finally:
        embedding.load.cache_clear()
    nearest = exposure.reasons["weather.get_forecast"][0]
    assert nearest.kind == Kind.MEANING and nearest.score == pytest.approx(0.8), "the nearest gets the full weight"
    assert 0.2 <= nearest.similarity <= 1


def test_a_small_organ_clearly_meant_is_sent_whole_and_says_so(catalogue):
    exposure = explain("merge PR 42", catalogue, budget_tokens=2000)
    assert kinds(exposure, "github.fork_repository") == [Kind.WHOLE, Kind.ORGAN]
    assert reason(exposure, "github.fork_repository", Kind.WHOLE).organ == "github"
    assert 0 < reason(exposure, "github.fork_repository", Kind.ORGAN).share <= 1


def test_a_library_named_brings_the_documentation_tool_and_its_companion(catalogue):
    exposure = explain("how do I use numpy arrays", catalogue, budget_tokens=1200)
    assert kinds(exposure, "docs.query-docs")[0] == Kind.LIBRARY
    assert exposure.reasons["docs.resolve-library-id"][0] == Reason(Kind.COMPANION, of="docs.query-docs")


def test_a_tool_that_runs_any_command_says_it_fills_the_budget_as_an_executor():
    exposure = explain("merge PR 42", catalogue_from_mcp({**ORGANS, **BOX}), budget_tokens=2000)
    assert exposure.exposed[-1] == "box.run" and exposure.reasons["box.run"] == (Reason(Kind.EXECUTOR),)
    nothing = catalogue_from_mcp({**ORGANS, **BOX}, without=frozenset({Source.UNMATCHED}))
    assert explain("thanks, that was all", nothing).reasons == {}, "nothing matched: nothing exposed, nothing to say"


def test_a_request_nothing_matches_gets_the_whole_catalogue_and_every_tool_says_why():
    small = load_catalogue(SMALL)
    exposure = explain("cancel my 2pm appointment", small)
    assert len(exposure.exposed) == len(small) and not exposure.matched
    assert {kinds(exposure, a)[0] for a in exposure.exposed} == {Kind.CATALOGUE}


# -- the command line -----------------------------------------------------------------------

def actors(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "actors", "expose", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd, env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.fixture(scope="module")
def catalogue_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("why") / "catalogue.json"
    path.write_text(json.dumps({"organs": {**ORGANS, **BOX}}))
    return path


def test_actors_expose_prints_each_tools_reasons_beside_it_and_its_json_carries_them_all(catalogue_file):
    request = ("merge PR 42", "--catalog", str(catalogue_file), "--budget", "2000")
    data = json.loads(actors(*request, "--json", cwd=catalogue_file.parent).stdout)
    expected = explain("merge PR 42", load_catalogue(catalogue_file), budget_tokens=2000).as_dict()
    assert data == expected and list(data["reasons"]) == data["exposed"]
    assert data["reasons"]["box.run"] == [{"kind": "executor"}]
    lines = actors(*request, cwd=catalogue_file.parent).stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == data["exposed"]
    assert lines[0].split(None, 1)[1] == "words: merge, pr->request, pr->pull; organ github pointed at (1.00)"
    assert lines[-2].split(None, 1)[1] == "runs any command"
    assert all(len(line.split(None, 1)) == 2 for line in lines[:-1]), "a reason beside every tool"


def test_actors_expose_names_the_past_instruction_it_learned_from(catalogue_file):
    journal_file = catalogue_file.parent / "journal.jsonl"
    journal_file.write_text("\n".join(json.dumps(e) for e in journal(("ship the release", ("git.git_log",)))))
    out = actors("ship the release", "--catalog", str(catalogue_file), "--journal", str(journal_file),
                 cwd=catalogue_file.parent)
    assert out.returncode == 0, out.stderr
    line = next(line for line in out.stdout.splitlines() if line.startswith("git.git_log "))
    assert 'learned: used after "ship the release"' in line


def test_the_batch_answers_carry_reasons_too(catalogue_file):
    batch = catalogue_file.parent / "q.jsonl"
    batch.write_text('{"id": 1, "intent": "merge PR 42"}\n')
    result = json.loads(actors("--batch", str(batch), "--catalog", str(catalogue_file), cwd=catalogue_file.parent).stdout)
    assert list(result["reasons"]) == result["exposed"] and result["reasons"]["github.merge_pull_request"][0]["kind"] == "words"


# -- the live mesh --------------------------------------------------------------------------

def test_the_live_mesh_answers_actors_expose_with_each_tools_reasons_and_the_front_gets_none(make_mesh):
    from actors.client import Client
    from broker.errors import MeshError
    from broker.home import Home

    mesh = make_mesh()  # one echo organ
    data = json.loads(mesh.cli("expose", "echo this text back", "--json", check=True, timeout=60).stdout)
    assert "echo.echo" in data["exposed"] and list(data["reasons"]) == data["exposed"]
    assert data["reasons"]["echo.echo"][0]["kind"] in ("words", "catalogue")
    text = mesh.cli("expose", "echo this text back", check=True, timeout=60).stdout
    line = next(line for line in text.splitlines() if line.startswith("echo.echo "))
    assert line.split(None, 1)[1].startswith(("words: echo", "the whole catalogue fits the budget"))
    with Client(Home(mesh.home)) as client:
        plain = client.control("expose", intent="echo this text back", timeout_s=30)
        assert "reasons" not in plain and plain["exposed"] == data["exposed"], "not asked (the MCP front): not sent"
        with pytest.raises(MeshError, match="why must be true or false"):
            client.control("expose", intent="echo", why="yes", timeout_s=30)
