"""Capability exposure: names, ranking, organ evidence, context, budget, the meta-ability, the CLI and the bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from broker import tokens
from broker.errors import ConfigError
from broker.exposure import (META_NAME, Context, address_of, catalogue_from_abilities, catalogue_from_mcp, companions,
                             Source, default_budget, explain, lexicon, load_catalogue, select)
from actors.why import reason_text
from broker.exposure.knowledge import Vocabulary
from broker.exposure.selection import relevance
from broker.protocol import Ability

REPO = Path(__file__).resolve().parents[1]


def tool(name: str, description: str, **params: str) -> dict:
    """An MCP tool object with string parameters described by params."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {p: {"type": "string", "description": d}
                                                             for p, d in params.items()}}}


ORGANS = {
    "git": [
        tool("git_status", "Shows the working tree status", repo_path="Path of the repository"),
        tool("git_commit", "Records changes to the repository", message="Commit message"),
        tool("git_log", "Shows the commit logs", max_count="How many commits"),
        tool("git_diff_staged", "Shows changes that are staged for commit"),
    ],
    "github": [
        tool("create_pull_request", "Create a new pull request in a GitHub repository", title="PR title"),
        tool("merge_pull_request", "Merge a pull request", pull_number="Pull request number"),
        tool("get_pull_request_status", "Get the combined status of all status checks for a pull request"),
        tool("create_issue", "Create a new issue in a GitHub repository", title="Issue title"),
        tool("fork_repository", "Fork a GitHub repository to your account"),
    ],
    "fs": [
        tool("read_file", "Read the complete contents of a file as text.", path="File to read"),
        tool("write_file", "Create a new file or overwrite an existing file.", path="File to write"),
        tool("list_directory", "List the entries of a directory.", path="Directory"),
    ],
    "desktop": [
        tool("read_file", "Read contents from files and URLs.", path="File or URL"),
        tool("start_process", "Start a terminal process with a command.", command="Shell command"),
    ],
    "docs": [
        tool("resolve-library-id", "Resolves a package name to a library ID.", libraryName="Library name"),
        tool("query-docs", "Retrieves up-to-date documentation. Call resolve-library-id first to get the ID.",
             libraryId="Library ID", query="Question"),
    ],
    "weather": [
        tool("get_forecast", "Get the weather forecast for a city.", city="City name"),
        tool("get_alerts", "Get severe weather alerts for a region.", region="Region"),
    ],
}


@pytest.fixture(scope="module")
def catalogue():
    return catalogue_from_mcp(ORGANS)


def top(catalogue, intent: str, n: int = 1, context: Context | None = None) -> list[str]:
    scores = relevance(intent, catalogue, context or Context())
    ranked = sorted(scores, key=lambda i: (-scores[i], i))
    return [catalogue.tools[i].address for i in ranked[:n]]


# -- text -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("get_pull_request_files", ["get", "pull", "request", "files"]),
    ("API-get-block-children", ["api", "get", "block", "children"]),
    ("math.hypot", ["math", "hypot"]),
    ("createSlice", ["create", "slice"]),
    ("HTMLParser", ["html", "parser"]),
    ("what PRs are open", ["what", "prs", "are", "open"]),
    ("resolve-library-id", ["resolve", "library", "id"]),
    ("提交 staged 改动", ["提交", "staged", "改动"]),
])
def test_names_and_text_split_on_separators_camel_case_and_scripts(text, expected):
    assert lexicon.words(text) == expected


@pytest.mark.parametrize("a, b", [
    ("pull requests", "pull_request"),
    ("creating issues", "create_issue"),
    ("listing directories", "list_directory"),
    ("stopped processes", "stop_process"),
])
def test_inflected_forms_meet_the_names_they_describe(a, b):
    assert lexicon.terms(a) == lexicon.terms(b)


def test_stopwords_and_bare_numbers_are_not_terms():
    assert lexicon.terms("can you please show me the 3 files") == ["show", "file"]


def test_cjk_words_bring_their_english_glossary_terms():
    assert {"commit", "branch"} <= set(lexicon.terms("提交到分支"))


@pytest.mark.parametrize("text, kinds", [
    ("open /home/maya/shop/.env.example please", [("file", "/home/maya/shop/.env.example")]),
    ("look at https://example.com/a?b=1.", [("url", "https://example.com/a?b=1")]),
    ("everything under packages/", [("path", "packages/")]),
    ("comment on PAY-88", [("key", "PAY-88")]),
    ("review acme/api#610 today", [("slug", "acme/api#610")]),
    ("fork acme/ui-kit", [("slug", "acme/ui-kit")]),
    ("read k8s/api.yaml", [("file", "k8s/api.yaml")]),
    ("e.g. this", []),
    ("the footer on localhost:3000/cart?", [("url", "localhost:3000/cart")]),  # a host with a port, no scheme
    ("is 10.0.0.5:8080 up", [("url", "10.0.0.5:8080")]),
    ("standup at 10:30, ratio 16:9", []),  # a time of day is no port
])
def test_references_are_cut_out_of_the_request(text, kinds):
    assert lexicon.references(text)[1] == kinds


@pytest.mark.parametrize("text, kinds", [
    ("what's in 3f9a2c1?", [("revision", "3f9a2c1")]),  # git's abbreviated object name
    ("revert a1b2c3d4e5f60718293a4b5c6d7e8f9012345678", [("revision", "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678")]),
    ("paint it #ff0000 by 1234567", []),  # a colour, a number
    ("trace 123e4567-e89b-12d3-a456-426614174000", []),  # a UUID's parts are not commits
    ("the deadbeef cafe", []),  # hex letters without a digit: words
])
def test_a_commit_named_by_its_hex_object_name_is_a_revision(text, kinds):
    assert lexicon.references(text, revisions=True)[1] == kinds
    assert lexicon.references(text)[1] == []  # only when asked


def test_a_commit_named_by_its_hex_name_brings_the_tools_that_show_commits(catalogue):
    assert set(top(catalogue, "what's in 3f9a2c1?", 2)) == {"git.git_commit", "git.git_log"}
    without = catalogue_from_mcp(ORGANS, frozenset({Source.REVISIONS, Source.UNMATCHED}))
    assert select("what's in 3f9a2c1?", without).exposed == ()


@pytest.mark.parametrize("text, kinds", [
    ("log into https://app.test as qa@example.com / hunter2", [("url", "https://app.test"),
                                                              ("credentials", "qa@example.com / hunter2")]),
    ("sign in with admin@acme.test:s3cret, then open settings", [("credentials", "admin@acme.test:s3cret")]),
    ("mail qa@example.com: the build is green", [("file", "qa@example.com")]),  # a mailbox, then a sentence
    ("cc bob@acme.io/ann@acme.io", [("file", "bob@acme.io/ann@acme.io")]),  # two mailboxes, no secret
])
def test_a_mailbox_written_with_its_secret_is_an_account_to_log_in_with(text, kinds):
    assert lexicon.references(text, credentials=True)[1] == kinds


def test_an_account_with_its_secret_brings_the_tools_that_fill_a_form_and_click():
    organs = {"browser": [tool("navigate", "Navigate to a URL", url="The URL"),
                          tool("fill_form", "Fill multiple form fields", fields="The fields to fill"),
                          tool("click", "Perform click on a web page", element="The element"),
                          tool("console_messages", "Console messages of the page", level="The level")],
              "mail": [tool("send_email", "Send an email to a recipient", to="The recipient's email address",
                            body="The text")]}
    intent = "open the staging site and log in as qa@example.com / hunter2"
    chosen = select(intent, catalogue_from_mcp(organs, frozenset({Source.MEANING})), budget_tokens=260).exposed
    assert {"browser.fill_form", "browser.click"} <= set(chosen)
    without = catalogue_from_mcp(organs, frozenset({Source.MEANING, Source.CREDENTIALS}))
    assert "browser.fill_form" not in select(intent, without, budget_tokens=260).exposed


def test_a_loanword_written_in_another_alphabet_finds_its_tool(catalogue):
    # Cyrillic and Greek requests name the trade's words in their own letters: read as Latin, they are words
    # of the catalogue (fork, status, merge, pull request), or close enough for the spelling matcher
    assert top(catalogue, "сделай форк репозитория") == ["github.fork_repository"]
    assert top(catalogue, "мердж пулл реквест 42") == ["github.merge_pull_request"]
    assert top(catalogue, "покажи статус") == ["git.git_status"]


def test_a_two_part_name_reads_as_a_directory_as_well_as_a_repository(catalogue):
    assert top(catalogue, "what csvs are in data/exports?") == ["fs.list_directory"]
    without = catalogue_from_mcp(ORGANS, frozenset({Source.SLUG_PATHS}))
    assert "fs.list_directory" not in top(without, "what csvs are in data/exports?", 3)  # a repository only
    assert "github.fork_repository" in top(catalogue, "fork acme/ui-kit", 1)  # still a repository first


@pytest.mark.parametrize("word, vocabulary, expected", [
    ("opne", ["open", "one"], ("open",)),  # a swap wins over other one-edit neighbours
    ("staus", ["status"], ("status",)),
    ("shop", ["show", "stop"], ()),  # short words: only swaps are trusted
    ("status", ["status"], ()),  # known words are left alone
    ("snapshto", ["snapshot", "snap"], ("snapshot",)),
    ("namespce", ["namespace"], ("namespace",)),
])
def test_typos_are_corrected_only_towards_near_catalogue_words(word, vocabulary, expected):
    assert Vocabulary(vocabulary, []).spelled(word) == expected


def test_a_compound_request_is_split_into_clauses():
    assert lexicon.clauses("scale api to 3, annotate the dashboard and comment on INC-8") == [
        "scale api to 3", "annotate the dashboard", "comment on INC-8"]


# -- ranking --------------------------------------------------------------------------------

@pytest.mark.parametrize("intent, best", [
    ("open a pull request for my branch", "github.create_pull_request"),
    ("merge PR 42", "github.merge_pull_request"),
    ("show me the staged diff", "git.git_diff_staged"),
    ("what's the weather forecast for Lyon", "weather.get_forecast"),
    ("fork acme/ui into my account", "github.fork_repository"),
    ("list the directory src", "fs.list_directory"),
    ("raed the file notes.txt", "fs.read_file"),  # a typo
])
def test_the_best_tool_for_an_intent_ranks_first(catalogue, intent, best):
    assert top(catalogue, intent) == [best]


def test_an_intent_with_several_parts_gets_the_best_tool_of_each_part(catalogue):
    exposed = select("create an issue about the flaky test, then show me the weather alerts", catalogue).exposed
    assert {"github.create_issue", "weather.get_alerts"} <= set(exposed)


def test_a_pull_request_intent_lifts_the_organ_siblings_over_unrelated_organs(catalogue):
    scores = relevance("is the pull request green?", catalogue)
    fork = scores.get(catalogue.by_address["github.fork_repository"], 0.0)
    assert fork > scores.get(catalogue.by_address["weather.get_alerts"], 0.0)
    assert fork > scores.get(catalogue.by_address["fs.write_file"], 0.0)


def test_a_tool_brings_the_sibling_its_description_names(catalogue):
    named = catalogue.companions[catalogue.by_address["docs.query-docs"]]
    assert named == {catalogue.by_address["docs.resolve-library-id"]: pytest.approx(0.8)}
    exposed = select("query the documentation of react", catalogue).exposed
    assert {"docs.query-docs", "docs.resolve-library-id"} <= set(exposed)


def test_a_chinese_intent_finds_english_tools_through_the_glossary(catalogue):
    assert "git.git_commit" in top(catalogue, "提交 staged 的改动", n=2)
    assert top(catalogue, "列出目录") == ["fs.list_directory"]


def test_a_chinese_intent_matches_a_chinese_description():
    catalogue = catalogue_from_mcp({"news": [tool("get-hot", "获取热门新闻榜单"), tool("get-weather", "获取城市天气预报")]})
    assert top(catalogue, "今天的天气预报") == ["news.get-weather"]
    assert top(catalogue, "today's trending news") == ["news.get-hot"]


def test_english_topics_meet_the_chinese_words_of_news_descriptions():
    catalogue = catalogue_from_mcp({"trends": [
        tool("get-tech-news", "获取数码科技快讯，包含最新的电子产品评测"),
        tool("get-politics-news", "获取时政要闻和国际新闻"),
        tool("get-book-rank", "获取读书排行榜，包含热门小说")]})
    assert top(catalogue, "recommend some consumer electronics worth buying") == ["trends.get-tech-news"]
    assert top(catalogue, "a novel worth reading") == ["trends.get-book-rank"]


def test_a_day_named_relative_to_today_asks_for_the_current_time():
    catalogue = catalogue_from_mcp({
        "time": [tool("get_current_time", "Get current time in a specific timezone", timezone="IANA name")],
        "trains": [tool("get-tickets", "Search train tickets between two stations", date="Travel day")]})
    assert set(select("train tickets to Shanghai next Wednesday", catalogue).exposed) == {
        "time.get_current_time", "trains.get-tickets"}


def test_a_named_file_hints_at_reading_and_a_named_directory_at_listing(catalogue):
    from broker.exposure.selection import query_terms
    assert {"file", "read"} <= set(query_terms("compare k8s/api.yaml with prod", catalogue))
    assert {lexicon.stem("directory"), "list"} <= set(query_terms("what is under packages/", catalogue))


def test_a_file_named_where_something_is_saved_hints_at_writing_and_elsewhere_at_reading(catalogue):
    from broker.exposure.selection import query_terms
    saved = query_terms("summarise the changelog, then save the summary to notes/summary.md", catalogue)
    assert "write" in saved and "read" not in saved
    read = query_terms("summarise notes/summary.md, then tell me the gist", catalogue)
    assert "read" in read and "write" not in read


@pytest.mark.parametrize("intent, written", [
    ("save the summary to notes/summary.md", {"notes/summary.md"}),
    ("copy README.md to docs/intro.md", {"docs/intro.md"}),  # of several, the last is the one written
    ("compare k8s/api.yaml with prod", set()),
    ("read notes.md, then write summary.md", {"summary.md"}),
])
def test_the_file_a_clause_creates_or_changes_is_the_one_written(intent, written):
    from broker.exposure.selection import written_files
    assert written_files(intent, lexicon.references(intent)[1]) == written


def test_a_clause_may_hint_what_the_whole_request_does_not():
    # as a whole the request saves test.wav (writing); its last clause alone names test.wav to be read
    catalogue = catalogue_from_mcp({"fs": [tool("write_file", "Write a file.", path="Where")],
                                    "speech": [tool("read_aloud", "Read a text aloud.", text="What to say")]})
    exposure = select("save the sound to test.wav, then play test.wav at half volume", catalogue)
    assert "fs.write_file" in exposure.exposed


def test_names_colliding_across_organs_are_kept_apart(catalogue):
    addresses = [t.address for t in catalogue.tools if t.name == "read_file"]
    names = [t.wire["name"] for t in catalogue.tools if t.name == "read_file"]
    assert addresses == ["fs.read_file", "desktop.read_file"]
    assert names == ["fs__read_file", "desktop__read_file"]
    assert set(addresses) <= set(select("read the file a.txt", catalogue).exposed)


def test_selection_is_deterministic(catalogue):
    intent = "commit the staged changes and open a pull request"
    first = select(intent, catalogue)
    again = select(intent, catalogue_from_mcp(ORGANS))
    assert first == again
    assert tokens.wire(list(first.tools)) == tokens.wire(list(again.tools))


# -- context --------------------------------------------------------------------------------

def test_recently_used_abilities_stay_exposed_when_the_intent_moves_on(catalogue):
    exposed = select("what's the weather in Oslo", catalogue,
                     Context(recent=("github.merge_pull_request", "nope.unknown"))).exposed
    assert exposed[0] == "github.merge_pull_request"
    assert "weather.get_forecast" in exposed


def test_recent_abilities_stay_exposed_even_past_the_budget(catalogue):
    recent = ("fs.read_file", "fs.write_file")
    exposure = select("weather", catalogue, Context(recent=recent), budget_tokens=1)
    assert exposure.exposed == recent


def test_abilities_memory_cards_mention_are_lifted(catalogue):
    intent = "do the usual release chores"
    before = top(catalogue, intent, n=3)
    after = top(catalogue, intent, n=3, context=Context(mentioned=("git.git_log",)))
    assert "git.git_log" not in before
    assert after[0] == "git.git_log"


# -- budget and meta-ability ----------------------------------------------------------------

@pytest.mark.parametrize("budget", [1, 150, 400, 800, 100_000])
def test_the_exposed_tokens_never_exceed_the_budget_and_are_exact(catalogue, budget):
    exposure = select("read a file, commit it and open a pull request", catalogue, budget_tokens=budget)
    assert exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools))
    assert exposure.tokens["full"] == tokens.count_tokens([t.wire for t in catalogue.tools])
    if budget >= catalogue.meta_tokens + 2:
        assert exposure.tokens["exposed"] <= budget


def test_a_bigger_budget_exposes_more_and_best_first(catalogue):
    intent = "read a file, commit it and open a pull request"
    small = select(intent, catalogue, budget_tokens=400).exposed
    large = select(intent, catalogue, budget_tokens=100_000).exposed
    assert 0 < len(small) < len(large)
    assert set(small) <= set(large)
    scores = relevance(intent, catalogue)
    assert [scores[catalogue.by_address[a]] for a in large] == sorted(
        (scores[catalogue.by_address[a]] for a in large), reverse=True)


def test_find_abilities_is_sent_last_and_counted_whenever_a_tool_is_left_out(catalogue):
    for intent in ("merge PR 7", "", "tell me a joke about ducks"):
        exposure = select(intent, catalogue, budget_tokens=catalogue.full_tokens - 1)
        assert exposure.tools[-1]["name"] == META_NAME
        assert META_NAME not in exposure.exposed
        assert exposure.tokens["exposed"] >= catalogue.meta_tokens


def test_the_whole_catalogue_is_sent_without_find_abilities_and_costs_exactly_the_full_list(catalogue):
    exposure = select("tell me a joke about ducks", catalogue, budget_tokens=catalogue.full_tokens)
    assert len(exposure.exposed) == len(catalogue)
    assert META_NAME not in [t["name"] for t in exposure.tools]
    assert exposure.tools == tuple(t.wire for t in catalogue.tools)
    assert exposure.tokens["exposed"] == exposure.tokens["full"] == tokens.count_tokens(list(exposure.tools))
    every = Context(recent=tuple(t.address for t in catalogue.tools))  # every tool chosen, by whatever route
    assert META_NAME not in [t["name"] for t in select("merge PR 7", catalogue, every, 100_000).tools]
    assert select("merge PR 7", catalogue, budget_tokens=100_000).tools[-1]["name"] == META_NAME  # some left out


def test_an_intent_that_matches_nothing_exposes_only_find_abilities_when_all_tools_exceed_the_budget(catalogue):
    exposure = select("zzz qqq", catalogue, budget_tokens=catalogue.full_tokens - 1)
    assert exposure.exposed == ()
    assert [t["name"] for t in exposure.tools] == [META_NAME]


def test_an_empty_catalogue_still_offers_find_abilities():
    exposure = select("read a file", catalogue_from_abilities({}))
    assert exposure.exposed == () and exposure.tokens["exposed"] == tokens.count_tokens(list(exposure.tools))


# -- names and catalogues -------------------------------------------------------------------

def test_wire_names_are_valid_for_clients_and_map_back():
    organs = {"bfcl": [tool("math.hypot", "Hypotenuse."), tool("math_hypot", "Another one."),
                       tool("x" * 80, "A very long name.")]}
    catalogue = catalogue_from_mcp(organs)
    for t in catalogue.tools:
        assert len(t.wire["name"]) <= 64
        assert all(c.isalnum() or c in "_-" for c in t.wire["name"])
        assert catalogue.address_of(t.wire["name"]) == t.address
    assert catalogue.wire_name("bfcl.math_hypot") == "bfcl__math_hypot"
    assert len({t.wire["name"] for t in catalogue.tools}) == 3


@pytest.mark.parametrize("name, address", [("git__git_status", "git.git_status"),
                                           ("context7__resolve-library-id", "context7.resolve-library-id")])
def test_address_of_maps_a_plain_wire_name_back(name, address):
    assert address_of(name) == address


def test_address_of_refuses_a_name_without_an_organ():
    with pytest.raises(ValueError):
        address_of("find_abilities")


def test_abilities_become_mcp_tools_with_their_side_effect_annotations():
    ability = Ability(name="read_file", description="Read a file.", read_only=True, idempotent=True,
                      params={"type": "object", "properties": {"path": {"type": "string"}}})
    catalogue = catalogue_from_abilities({"fs": [ability, Ability(name="rm")]})
    first, second = (t.wire for t in catalogue.tools)
    assert first == {"name": "fs__read_file", "description": "Read a file.", "inputSchema": ability.params,
                     "annotations": {"readOnlyHint": True, "idempotentHint": True, "destructiveHint": False}}
    assert second["inputSchema"] == {"type": "object", "properties": {}}


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    ('["organs"]', 'expected a JSON object with an "organs" map'),
    ('{"organs": []}', '"organs" must map organ names'),
    ('{"organs": {"git": {}}}', "organs.git must be a list"),
    ('{"organs": {"git": [{"description": "x"}]}}', 'organs.git[0]: a tool needs a non-empty string "name"'),
    ('{"organs": {"git": [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "a", "inputSchema": '
     '{"type": "object"}}]}}', "organs.git[1]: tool 'a' is listed twice"),
    ('{"organs": {"git": [{"name": "a", "inputSchema": []}]}}', '"inputSchema" must be a JSON object'),
    ('{"organs": {"git": [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b"}]}}',
     'organs.git[1] (b): no "inputSchema"; MCP requires one'),
    ('{"organs": {"git": [{"name": "b", "inputSchema": null}]}}', 'organs.git[0] (b): no "inputSchema"'),
    ('{"organs": {"git": [{"name": "a", "inputSchema": {"type": "dict"}}]}}',
     'organs.git[0] (a): "inputSchema" must have "type": "object" (MCP), not "dict"'),
    ('{"organs": {"a.b": []}}', "bad organ name 'a.b'"),
])
def test_a_bad_catalogue_file_says_precisely_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "catalogue.json"
    path.write_text(content)
    with pytest.raises(ConfigError, match="catalogue .*") as caught:
        load_catalogue(path)
    assert message in str(caught.value)


# -- the benchmark harness ------------------------------------------------------------------

def test_the_bench_harness_computes_recall_reduction_and_negative_tokens():
    from bench import exposure as bench

    rows = [{"intent": "a", "gold_any": [["x.a"]]}, {"intent": "b", "gold_any": [["x.b", "x.c"], ["y.b"]]},
            {"intent": "c", "gold_any": [["x.c", "x.d"]]}, {"intent": "none", "gold_any": []}]
    answers = {"a": (["x.a", "x.z"], 100), "b": (["y.b"], 200), "c": (["x.c"], 300), "none": ([], 50)}
    result = bench.evaluate("fake", answers.__getitem__, rows, full=1000)
    assert (result.positives, result.satisfied) == (3, 2)
    assert result.recall == pytest.approx(2 / 3)
    assert result.reduction == pytest.approx((0.9 + 0.8 + 0.7 + 0.95) / 4)
    assert result.negative_tokens == [50]
    assert len(result.latencies_s) == 4


def test_the_bench_bm25_baseline_fills_the_same_budget_and_counts_what_it_sends(catalogue):
    from bench import exposure as bench

    answer = bench.bm25(catalogue)
    exposed, sent = answer("merge the pull request")
    assert exposed[0] == "github.merge_pull_request"
    shown = sorted(catalogue.by_address[a] for a in exposed)
    assert sent == tokens.count_text(catalogue.wire_text(shown)) <= default_budget(catalogue)


def test_the_bench_journal_replays_each_intent_and_its_first_gold_set():
    from bench import exposure as bench

    rows = [{"id": "a", "intent": "ship it", "gold_any": [["git.git_add", "git.git_commit"], ["x.y"]]},
            {"id": "n", "intent": "hello", "gold_any": []}]
    events = bench.journal(rows)
    assert [(e["kind"], e.get("ability")) for e in events] == [
        ("progress", None), ("call", "git_add"), ("call", "git_commit")]
    assert bench.learned_from(rows).episodes[0].abilities == ("git.git_add", "git.git_commit")


def test_the_bench_lists_dev_misses_with_the_rank_of_each_tool_left_out(tmp_path, capsys):
    import argparse

    from bench import exposure as bench

    (tmp_path / "catalogs").mkdir()
    (tmp_path / "exposure").mkdir()
    (tmp_path / "catalogs" / "metatool.json").write_text(json.dumps({"organs": ORGANS}))
    rows = [{"id": f"q{n}", "intent": "merge the pull request", "gold_any": [["weather.get_alerts"]]} for n in range(4)]
    (tmp_path / "exposure" / "metatool-dev.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    bench.misses("metatool", argparse.Namespace(data=tmp_path, limit=None))
    printed = capsys.readouterr().out
    dev, test = bench.halves("metatool", tmp_path)
    assert all(f"[{r['id']}]" in printed for r in dev) and not any(f"[{r['id']}]" in printed for r in test)
    assert "weather.get_alerts: rank" in printed


def test_the_bench_halves_are_fixed_and_disjoint():
    from bench import exposure as bench

    rows = [{"id": f"q{i}", "intent": str(i), "gold_any": []} for i in range(20)]
    first, second = bench.halved(rows)
    assert len(first) == len(second) == 10
    assert not {r["id"] for r in first} & {r["id"] for r in second}
    assert bench.halved(list(reversed(rows)))[0] == sorted(first, key=lambda r: -int(r["intent"]))


# -- the command line -----------------------------------------------------------------------

def actors(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "actors", "expose", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def catalogue_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("expose") / "catalogue.json"
    path.write_text(json.dumps({"organs": ORGANS}))
    return path


def test_expose_prints_addresses_then_a_token_summary(catalogue_file):
    out = actors("merge PR 42", "--catalog", str(catalogue_file), cwd=catalogue_file.parent)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0].split()[0] == "github.merge_pull_request" and "words: merge" in lines[0]  # and why (reasons)
    assert "find_abilities" in lines[-1] and "tool-schema tokens" in lines[-1]


def test_expose_json_has_the_exact_tools_sent_so_anyone_can_recount(catalogue_file):
    out = actors("merge PR 42", "--catalog", str(catalogue_file), "--json", cwd=catalogue_file.parent)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"exposed", "brief", "tools", "tokens", "matched", "reasons"}  # reasons: test_exposure_reasons
    assert set(data["brief"]) <= set(data["exposed"]) and data["matched"] is True
    assert data["tools"][-1]["name"] == META_NAME
    assert data["tokens"]["exposed"] == tokens.count_tokens(data["tools"])
    assert {k: v for k, v in data.items() if k != "reasons"} == select("merge PR 42", catalogue_from_mcp(ORGANS)).as_dict()


def test_expose_batch_answers_every_line_in_order_and_reports_bad_ones(catalogue_file):
    batch = catalogue_file.parent / "intents.jsonl"
    batch.write_text('{"id": "b", "intent": "weather in Oslo"}\nnot json\n{"id": "n"}\n'
                     '{"id": 4, "intent": "merge PR 42"}\n')
    out = actors("--batch", str(batch), "--catalog", str(catalogue_file), cwd=catalogue_file.parent)
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in results] == ["b", 2, "n", 4]
    assert [r.get("intent") for r in results] == ["weather in Oslo", None, None, "merge PR 42"]  # which answers which
    assert "error" in results[1] and "error" in results[2]
    assert results[0]["exposed"][0] == "weather.get_forecast" and results[3]["exposed"][0] == "github.merge_pull_request"
    assert out.returncode == 1


def test_expose_learns_from_a_journal_before_answering(catalogue_file):
    journal = catalogue_file.parent / "journal.jsonl"
    journal.write_text("\n".join(json.dumps(e) for e in [
        {"ts": 1, "session": "s", "kind": "progress", "text": "ship the release"},
        {"ts": 2, "session": "s", "kind": "call", "organ": "git", "ability": "git_log", "args": {}, "ok": True},
        {"ts": 3, "session": "s", "kind": "call", "organ": "github", "ability": "create_pull_request", "ok": True}]))
    warm = actors("ship the release", "--catalog", str(catalogue_file), "--journal", str(journal), "--json",
                  cwd=catalogue_file.parent)
    assert warm.returncode == 0, warm.stderr
    # cold, the words match nothing (and, this catalogue being within its budget, would get it whole: leave that out)
    assert "git.git_log" not in select("ship the release", catalogue_from_mcp(ORGANS, frozenset({Source.UNMATCHED}))).exposed
    assert {"git.git_log", "github.create_pull_request"} <= set(json.loads(warm.stdout)["exposed"])
    journal.write_text("not json\n")
    bad = actors("ship", "--catalog", str(catalogue_file), "--journal", str(journal), cwd=catalogue_file.parent)
    assert bad.returncode == 5 and "journal.jsonl:1" in bad.stderr
    live = actors("ship", "--journal", str(journal), cwd=catalogue_file.parent)
    assert live.returncode == 2 and "--journal needs --catalog" in live.stderr


def test_expose_forget_records_a_tombstone_in_the_home(tmp_path):
    out = actors("--forget", "git.git_add", "--home", str(tmp_path), "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"forgotten": "git.git_add", "tombstones": ["git.git_add"]}
    assert json.loads((tmp_path / "associations.json").read_text())["tombstones"] == ["git.git_add"]


def test_expose_forget_refuses_a_home_that_is_not_there_and_makes_none(tmp_path):
    out = actors("--forget", "git.git_add", "--home", str(tmp_path / "mistyped"), cwd=tmp_path)
    assert out.returncode == 3 and "no mesh home at" in out.stderr
    assert not (tmp_path / "mistyped").exists()


def test_expose_forget_says_when_the_running_mesh_offers_no_such_ability_and_keeps_the_tombstone(make_mesh):
    mesh = make_mesh()
    out = actors("--forget", "echo.nothing_like_it", "--home", str(mesh.home), cwd=mesh.workdir)
    assert out.returncode == 0, out.stderr
    assert "organ echo of the running mesh offers no ability 'nothing_like_it'" in out.stderr
    known = actors("--forget", "echo.echo", "--home", str(mesh.home), cwd=mesh.workdir)
    assert known.returncode == 0 and "note:" not in known.stderr


def test_expose_says_when_the_whole_catalogue_is_sent_without_find_abilities(tmp_path):
    small = REPO / "tests" / "data" / "small_catalogue.json"
    out = actors("cancel my 2pm appointment", "--catalog", str(small), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == len(load_catalogue(small)) + 2
    assert lines[-2] == "(no word of the request matched a tool: the whole catalogue fits the budget, so all of it is sent)"
    assert "(every tool, whole: nothing left to find, find_abilities not sent)" in lines[-1]
    assert "(0.0% fewer" in lines[-1] and "brief" not in out.stdout
    matched = actors("email Bob the forecast", "--catalog", str(small), cwd=tmp_path).stdout
    assert "no word of the request matched" not in matched


def test_expose_marks_the_tools_it_sends_brief_as_its_json_lists_them(tmp_path):
    small = REPO / "tests" / "data" / "small_catalogue.json"
    request = ("cancel my 2pm appointment and email Bob about it", "--catalog", str(small), "--budget", "250")
    listed = json.loads(actors(*request, "--json", cwd=tmp_path).stdout)
    assert listed["brief"], "a budget this small sends some tools brief"
    lines = actors(*request, cwd=tmp_path).stdout.strip().splitlines()
    marked = [line.split()[0] for line in lines[:-1] if line.split()[1] == "brief"]  # a column after the address
    assert marked == listed["brief"] and [line.split()[0] for line in lines[:-1]] == listed["exposed"]
    assert f"{len(listed['exposed'])} abilities, {len(listed['brief'])} brief (first sentence, schema without prose) " \
           "+ find_abilities" in lines[-1]


def test_expose_refuses_a_catalogue_tool_without_an_input_schema_naming_its_organ_and_tool(tmp_path):
    # MCP requires inputSchema; an empty one made up in its place would tell the agent the tool takes no arguments
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"organs": {"weather": [{"name": "get_forecast", "description": "Forecast for a city.",
                                                      "inputSchema": {"type": "object"}}],
                                          "mail": [{"name": "send_email", "description": "Send an email."}]}}))
    out = actors("email Bob", "--catalog", str(bad), cwd=tmp_path)
    assert out.returncode == 5 and out.stdout == ""
    assert out.stderr.count("\n") == 1
    assert 'organs.mail[0] (send_email): no "inputSchema"; MCP requires one' in out.stderr
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": 1, "intent": "email Bob"}\n')
    out = actors("--batch", str(batch), "--catalog", str(bad), "--json", cwd=tmp_path)
    assert out.returncode == 5 and out.stdout == "" and "send_email" in out.stderr


def test_expose_with_a_bad_catalogue_fails_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"organs": {"git": [{"description": "no name"}]}}')
    out = actors("anything", "--catalog", str(bad), cwd=tmp_path)
    assert out.returncode == 5
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and "non-empty string \"name\"" in out.stderr


@pytest.mark.parametrize("text, command", [
    ("check it with docker --version", True), ("run `pytest tests/x.py -k slow` here", True),
    ("dir D:\\ && echo done", True), ("make sure build || notify", True),
    ("a well-known e-mail - see the list", False), ("run `npm` now", False), ("read notes.md", False),
])
def test_command_line_syntax_is_recognised(text, command):
    assert lexicon.names_command(text) is command


def test_a_command_line_points_at_the_tool_that_runs_commands():
    organs = {"sh": [tool("execute", "Run it in the terminal.", command="What to run")],
              "docs": [tool("docker_guide", "Read the docker guide: install and check a docker version.")]}
    intent = "check whether the docker is installed using docker --version"
    assert "sh.execute" in select(intent, catalogue_from_mcp(organs)).exposed
    without = catalogue_from_mcp(organs, without=frozenset({Source.COMMANDS}))
    assert "sh.execute" not in select(intent, without).exposed


def browser_and_logs() -> dict:
    """A browser whose tools act on the selected tab (navigate_page opens it) beside twelve log streams whose
    descriptions fit "console messages" as well: the precondition must win its place among them."""
    def page_tool(name: str, description: str, required: tuple[str, ...] = (), **params: str) -> dict:
        entry = tool(name, description, **params)
        entry["inputSchema"]["required"] = list(required)
        return entry

    return {"browser": [page_tool("navigate_page", "Go to a URL in the selected tab", ("url",), url="The address"),
                        page_tool("list_console_messages", "List the console messages of the selected tab"),
                        page_tool("take_screenshot", "Take a screenshot of the selected tab"),
                        page_tool("click", "Click an element of the selected tab", ("uid",), uid="The element")],
            "logs": [page_tool(f"stream_{n}", f"List console messages of log stream {n}") for n in range(12)]}


def test_the_precondition_of_a_best_matching_tool_is_exposed_before_the_other_matches():
    organs = browser_and_logs()
    intent = "list the console messages"
    exposed = select(intent, catalogue_from_mcp(organs), budget_tokens=400).exposed
    assert exposed[:2] == ("browser.list_console_messages", "browser.navigate_page")  # the tab is opened first
    without = catalogue_from_mcp(organs, without=frozenset({Source.PRECONDITIONS}))
    assert "browser.navigate_page" not in select(intent, without, budget_tokens=400).exposed  # crowded out


def reader_and_renderers() -> dict:
    """A file reader taking only a path (and a writer) beside a validator and twenty renderers of diagrams."""
    def with_required(entry: dict, *required: str) -> dict:
        entry["inputSchema"]["required"] = list(required)
        return entry

    return {"files": [with_required(tool("read_text_file", "Return what a file holds as text", path="Where it is"),
                                    "path"),
                      with_required(tool("write_file", "Create or overwrite a file", path="Where", content="What"),
                                    "path", "content")],
            "diagrams": [tool("validate_mermaid", "Tell whether a mermaid diagram is valid"),
                         *(tool(f"render_{k}", f"Render a diagram of kind {k}") for k in range(20))]}


def test_a_reader_needing_only_a_path_is_told_apart_from_writers_and_from_tools_needing_more():
    files = reader_and_renderers()["files"]
    assert companions.reads_only_path("read_text_file", files[0])
    assert not companions.reads_only_path("write_file", files[1])  # a writer
    assert not companions.reads_only_path("read_text_file", {**files[0], "inputSchema": {
        **files[0]["inputSchema"], "required": ["path", "encoding"]}})  # needs more than the path


def test_a_file_the_request_reads_brings_the_reader_that_needs_only_its_path():
    organs = reader_and_renderers()
    intent = "the mermaid diagram in docs/design.md won't render, is it even valid?"
    catalogue = catalogue_from_mcp(organs, frozenset({Source.MEANING}))
    assert "files.read_text_file" in select(intent, catalogue, budget_tokens=400).exposed
    reasons = explain(intent, catalogue, budget_tokens=400).reasons["files.read_text_file"]
    assert reasons[0].kind == "address" and reason_text(reasons[0].as_dict()) == "takes the URL or file given"
    without = catalogue_from_mcp(organs, frozenset({Source.MEANING, Source.READERS}))
    assert "files.read_text_file" not in select(intent, without, budget_tokens=400).exposed  # the renderers first
    # a file the request writes is not read: the reader is not lifted for it
    written = "save the mermaid diagram to docs/design.md"
    assert relevance(written, catalogue).get(catalogue.by_address["files.read_text_file"], 0.0) < \
        relevance(intent, catalogue)[catalogue.by_address["files.read_text_file"]]
