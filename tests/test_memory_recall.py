"""Recall: task-phrased queries touch a card's identity; the floor, the path boost, CJK, any query length."""

from __future__ import annotations

import io
import json
import time

import pytest

import broker.text as text
from actors.memory.recall import (FIELD_WEIGHTS, MAX_QUERY_CHARS, MAX_TERMS_CHARS, corroborated, Index, idf,
                                  names_touched, parse_query, Refusal, relevance, with_terms)
from actors.memory.service import Memory
from tests.conftest import recalled_titles

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


@pytest.mark.parametrize("query, expected", [
    ("open src/app.py to read the request handler before changing it", "fs.read_file fails with not_found"),
    ("install tsx globally with npm so the scripts run", "shell.run fails with permission: npm ERR!"),
    ("push my branch to origin main once the review is done", "git.push fails"),
    ("query the sqlite database for the users created today", "db.query fails"),
])
def test_a_task_phrased_query_finds_the_card_whose_identity_it_touches(memory, query, expected):
    assert recalled_titles(memory, query, 1)[0].startswith(expected)


@pytest.mark.parametrize("query", [
    "what's the weather like in Paris tomorrow", "write a haiku about autumn leaves",
    "refactor the payment service to use dependency injection", "summarise the meeting notes for the team",
])
def test_the_relevance_floor_refuses_queries_about_nothing_memory_holds(memory, query):
    assert recalled_titles(memory, query) == []


def test_words_that_name_work_in_general_are_not_enough():
    index_terms = relevance({"ability": ["shell", "run"], "topic": ["error"]}, {"run": 0.3, "error": 0.3})
    assert index_terms[0] < 0.55 and index_terms[1] == ("ability", "topic")


def test_a_file_the_query_names_boosts_the_cards_about_it(memory):
    [hit] = memory.recaller.search(memory.reader(), "add an entry to /etc/hosts", 1)
    assert "权限不足" in hit.card.title and "file" in hit.touched
    query = parse_query("add an entry to /etc/hosts")
    plain = relevance(hit.card.identity, memory.recaller.current(memory.reader()).weights(query),
                      said=query.terms)[0]  # `hosts` as written and its stem are one word, as in the search
    assert hit.relevance == pytest.approx(plain * 1.5)


@pytest.mark.parametrize("query, expected", [
    ("构建时内存不足怎么办", "JavaScript heap out of memory"),
    ("无法写入文件 权限不足", "权限不足"),
])
def test_chinese_queries_find_chinese_cards_by_character_pairs(memory, query, expected):
    assert expected in recalled_titles(memory, query, 1)[0]


@pytest.mark.parametrize("query", ['"', "a OR b", "NEAR(x y)", "* ^ - :", "'; DROP TABLE cards; --", "\x00\x01"])
def test_query_syntax_is_only_text(memory, query):
    memory.recaller.search(memory.reader(), query, 5)


def test_a_query_of_any_length_is_bounded_and_answers(memory):
    words = " ".join(f"word{i} read_file ENOENT" for i in range(700))
    q = parse_query(words)
    assert len(q.terms) <= 256
    assert memory.recall(words)[0]  # the 700-word query still finds the read_file card, and does not crash
    assert memory.inject(words).block.text


def test_a_term_a_card_holds_in_two_fields_counts_once_in_its_document_frequency():
    rows = [(1, json.dumps({"name": ["stage"], "topic": ["stage", "deploy"]}), 1, 0, T0),
            (2, json.dumps({"topic": ["deploy"]}), 1, 0, T0), (3, json.dumps({"topic": ["other"]}), 1, 0, T0)]
    index = Index(rows, frozenset())
    assert index.df["stage"] == 1 and index.df["deploy"] == 2
    weights = index.weights(parse_query("staging"))
    assert weights["stage"] == pytest.approx(idf(1, 3) / idf(1, 3))


def test_a_camelcase_name_a_query_spells_is_a_term_whole_beside_its_words():
    assert {"juliaformatter", "julia", "formatt"} <= parse_query("format the code with JuliaFormatter").terms
    assert "juliaformatter" in parse_query(with_terms("format the code", "JuliaFormatter")).terms


def test_name_words_add_up_so_a_second_one_is_never_lost_to_the_first():
    identity = {"name": ["airflow", "dag"], "topic": ["dag"]}
    one, _ = relevance(identity, {"airflow": 1.0})
    both, _ = relevance(identity, {"airflow": 1.0, "dag": 1.0})
    # dag counts once, in the field where it weighs most
    assert both > one and both == pytest.approx(FIELD_WEIGHTS["name"] + max(FIELD_WEIGHTS["name"] / 2, FIELD_WEIGHTS["topic"]))


def test_a_program_reached_through_a_word_of_work_counts_as_a_program_not_as_a_topic_word():
    identity = {"program": ["make"], "topic": ["make", "sure"]}
    sources, only = {"make": "build"}, {"make": frozenset({"program"})}
    as_program, touched = relevance(identity, {"make": 1.0}, sources, only)
    assert as_program == pytest.approx(FIELD_WEIGHTS["program"]) and touched == ("program",)
    assert relevance({"topic": ["make"]}, {"make": 1.0}, sources, only) == (0.0, ())


def test_a_query_naming_a_resource_a_card_called_gets_the_path_boost():
    identity = {"host": ["staging-orders.acme.dev"], "resource": ["healthz", "order"]}
    q = parse_query("check /healthz on staging")
    assert names_touched(identity, q.named, q.named_stems)
    assert not names_touched(identity, *(lambda p: (p.named, p.named_stems))(parse_query("check healthz on staging")))
    assert names_touched(identity, *(lambda p: (p.named, p.named_stems))(parse_query("GET /api/v1/orders")))


def test_results_are_ranked_by_relevance_then_weight(memory):
    hits = memory.recaller.search(memory.reader(), "permission denied writing the config file x.conf", 5)
    assert hits and hits == sorted(hits, key=lambda h: (-h.score, h.card.id))


def reported_journal() -> list[dict]:
    """A journal with the patterns a user reported memory missing: a commit habit, pip refused by an externally
    managed environment, npm test needing npm ci, a config file read at the wrong path, a flaky host."""
    events: list[dict] = []

    def add(session: str, **event) -> None:
        events.append({"ts": T0 + len(events), "session": session, **event})

    def run(session: str, command: str, ok: bool = True, error: str = "") -> None:
        add(session, kind="call", organ="shell", ability="run", args={"command": command}, ok=ok, error=error)

    for s in ("a", "b", "c"):
        add(s, kind="progress", text="commit the work")
        for ability in ("git_status", "git_diff", "git_commit"):
            add(s, kind="call", organ="git", ability=ability, args={}, ok=True)
        add(s, kind="progress", text="set up the dependencies")
        run(s, "pip install httpx", False, "error: externally-managed-environment")
    for s in ("d", "e"):
        add(s, kind="progress", text="run the web tests")
        run(s, "npm test", False, "sh: 1: jest: not found")
        run(s, "npm ci && npm test")
    for s in ("f1", "f2"):  # the agent read the config at the wrong path in two sessions
        add(s, kind="progress", text="raise the shipping log level")
        add(s, kind="call", organ="fs", ability="read_file", args={"path": "src/shipping/conf.yaml"}, ok=False,
            error="ENOENT: no such file or directory, open 'src/shipping/conf.yaml'")
        add(s, kind="call", organ="fs", ability="read_file", args={"path": "deploy/config/conf.yaml"}, ok=True)
    for i in range(13):
        add(f"g{i}", kind="progress", text="refresh shipment tracking")
        add(f"g{i}", kind="call", organ="http", ability="get", ok=i >= 5,
            args={"url": f"https://sandbox.shipfast.net/track?page={i}"}, error="" if i >= 5 else "timed out")
    for i in range(40):  # ordinary work that succeeds
        add(f"h{i % 7}", kind="progress", text="look around")
        run(f"h{i % 7}", ["ls", "git log -3", "python scripts/check.py", "cat README.md"][i % 4])
    return events


@pytest.mark.parametrize("query, kind, title", [
    ("review the pending changes with git diff and commit them", "playbook", "git.git_commit"),
    ("review the pending changes and commit them", "playbook", "git.git_commit"),  # the words, round 8
    ("upgrade httpx to the newest release with pip", "pitfall", "externally-managed-environment"),
    ("run the web test suite after a clean clone", "rule", "npm ci && npm test"),
    ("bump the log level in conf.yaml to DEBUG", "rule", "conf.yaml"),
    ("fetch the latest shipment tracking from sandbox.shipfast.net", "weak_link", "sandbox.shipfast.net"),
])
def test_the_queries_a_user_reported_unanswered_find_their_cards(tmp_path, query, kind, title):
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in reported_journal()).encode()))
        m.consolidate()
        hits = m.recaller.search(m.reader(), query, 3)
        assert any(h.card.kind == kind and title in h.card.title for h in hits), [h.card.title for h in hits]
        assert m.recaller.search(m.reader(), "what is the capital of Australia", 3) == []


def test_a_query_naming_a_cards_ability_outright_counts_it_as_one_name_with_the_path_boost():
    identity = {"ability": ["git", "commit"], "topic": ["clean", "tree"]}
    weights = {"git": 0.45, "commit": 0.3}
    named, touched = relevance(identity, weights, said=frozenset({"git", "commit", "a"}))
    assert named == pytest.approx(FIELD_WEIGHTS["ability"] * 0.75) and touched == ("ability",)
    assert relevance(identity, weights)[0] == pytest.approx(FIELD_WEIGHTS["ability"] * 0.45)  # unsaid: its best term
    assert names_touched(identity, frozenset(), said=frozenset({"git", "commit"}))
    assert not names_touched(identity, frozenset(), said=frozenset({"commit"}))  # the organ unsaid: not named
    workflow = {"ability": ["git", "log", "fs", "edit", "file", "add", "commit"]}
    assert not names_touched(workflow, frozenset(), said=frozenset({"git", "commit"}))



def test_a_query_saying_a_cards_program_and_subcommand_names_its_command_outright():
    identity = {"ability": ["shell", "run"], "program": ["npm"], "action": ["test"], "topic": ["script"]}
    assert names_touched(identity, frozenset(), said=frozenset({"npm", "test"}))
    assert not names_touched(identity, frozenset(), said=frozenset({"npm"}))  # the program alone
    assert not names_touched(identity, frozenset(), said=frozenset({"test"}))  # the subcommand alone


def test_the_failing_command_itself_recalls_its_lessons_in_a_store_of_a_few_cards(tmp_path):
    """A new user's five-card store: `npm test` failed in three sessions and `pnpm test` worked after it; the
    query `npm test` found nothing while `run npm test` did (in so small a store npm's weight is low)."""
    events = []
    for s in ("s1", "s2", "s3"):
        events.append({"ts": T0 + len(events), "session": s, "kind": "progress", "text": "make the login tests pass"})
        for command, ok in (("npm test", False), ("pnpm test", True)):
            events.append({"ts": T0 + len(events), "session": s, "kind": "call", "organ": "shell", "ability": "run",
                           "args": {"command": command}, "ok": ok, "duration_ms": 12.0,
                           **({} if ok else {"error": 'npm ERR! Missing script: "test" (use pnpm in this workspace)'})})
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in events).encode()))
        m.consolidate()
        for query in ("npm test", "why does npm test fail"):
            hits = m.recaller.search(m.reader(), query, 3)
            assert any("pnpm test" in h.card.title for h in hits), (query, [h.card.title for h in hits])
        assert m.recaller.search(m.reader(), "run the tests", 3) == []

def test_a_query_naming_an_ability_finds_its_card_where_one_word_of_it_finds_nothing(memory):
    [named] = memory.recaller.search(memory.reader(), "git push", 1)
    assert named.card.title.startswith("git.push fails")
    # one word of work among others is never enough (round 7); said alone it is all the query says (round 12)
    assert memory.recaller.search(memory.reader(), "push the new banner to the homepage carousel", 1) == []


def test_one_word_of_work_shared_with_a_card_recalls_nothing_but_two_words_do(tmp_path):
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in reported_journal()).encode()))
        m.consolidate()
        for query in ("commit the design mockups to the marketing drive", "commit to a date for the team offsite"):
            assert m.recaller.search(m.reader(), query, 3) == [], query
        hits = m.recaller.search(m.reader(), "commit the work after checking git status", 3)
        assert hits and "git.git_commit" in hits[0].card.title


def test_corroboration_needs_two_query_words_or_the_cards_program_said():
    assert not corroborated([("ability", "commit", "commit", 0.6)])
    assert not corroborated([("name", "docs", "docs", 0.5), ("topic", "doc", "doc", 0.45)])  # one word, two forms
    assert corroborated([("ability", "commit", "commit", 0.6), ("ability", "git", "git", 0.3)])
    assert corroborated([("program", "pytest", "pytest", 0.8)])  # a program the query names
    assert not corroborated([("program", "pytest", "test", 0.4)])  # reached through a word of work, not said
    assert not corroborated([("program", "make", "make", 0.3)], generic=frozenset({"make"}))
    assert not corroborated([("topic", "local", "local", 0.45)])


@pytest.mark.parametrize("name", ["stack", "swift", "cargo", "black"])
def test_a_program_said_alone_identifies_its_card_even_when_an_everyday_word_names_it(name):
    # round 8 held such a program back ("stack the chairs"); round 17 found that it changed no query of any dev hand
    assert corroborated([("program", name, name, 0.8)])


@pytest.mark.parametrize("name", ["ingest", "shipping", "topics", "dockerfile"])
def test_a_folder_or_file_said_as_one_plain_word_is_one_word_like_any_other(name):
    # round 21: "set up a Grafana dashboard for ingest lag" is no errand of a card about the ingest/ crate's tests
    # (dev, leaving one hand out); naming the file outright (src/ingest, Dockerfile.dev) still needs nothing more
    assert not corroborated([("file", name, name, 1.0)])


def test_a_folder_said_alone_no_longer_finds_a_card_but_said_with_its_work_or_as_a_path_it_does(tmp_path):
    events = trap("p", "fs", "list_directory", "ENOENT: no such file or directory, scandir '{path}'",
                  ["crates/ingest", "crates/ingest", "crates/ingest"])
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
        m.consolidate()
        [card] = m.cards()
        assert "ingest" in card.identity["file"]
        assert m.recaller.search(m.reader(), "set up a Grafana dashboard for ingest lag", 3) == []
        assert m.recaller.search(m.reader(), "list the ingest crate's directory", 3)
        assert m.recaller.search(m.reader(), "what is in crates/ingest", 3)
def test_the_verdict_names_the_rule_that_refuses_a_card():
    rows = [(1, json.dumps({"program": ["docker"], "action": ["build"], "file": ["ingest"],
                            "topic": ["imag", "daemon"], "command": ["lag"]}), 1, 0, T0)]
    index = Index(rows, frozenset())

    def refused(query: str) -> Refusal | None:
        asking = index.asking(parse_query(query), 0.55)
        return index.verdict(asking, 0).refused

    assert refused("docker build fails: is the daemon up?") is None
    assert refused("set up a Grafana dashboard for ingest latency") is Refusal.ONE_WORD
    assert refused("daemon") is None  # one word that is all a terse query says (round 12)
    assert refused("check the lag on the dashboard for the release") is Refusal.FLOOR  # a word of its calls
    assert index.asking(parse_query("bake a lemon cake"), 0.55) is None  # no word of any card


def test_the_everyday_words_come_from_word_frequencies_and_leave_tool_names_out():
    assert {"stack", "swift", "database", "the"} <= text.everyday()
    assert not {"docker", "pytest", "kubectl", "npm", "kafka"} & text.everyday()


def test_document_frequency_counts_what_cards_saw_and_the_gloss_only_for_words_no_card_saw():
    rows = [(1, json.dumps({"program": ["npm"], "gloss": ["node", "packag"]}), 1, 0, T0),
            (2, json.dumps({"program": ["pnpm"], "gloss": ["node", "packag"]}), 1, 0, T0),
            (3, json.dumps({"resource": ["node"], "topic": ["frame"]}), 1, 0, T0)]
    index = Index(rows, frozenset())
    assert index.df["node"] == 1  # only card 3 saw "node"; the others merely know npm is about node packages
    assert index.df["packag"] == 2  # no card saw it: its gloss frequency is all there is


def test_a_card_is_found_by_the_words_of_the_commands_its_evidence_ran(tmp_path):
    events = trap("p", "shell", "run", "Error: access to performance monitoring is limited",
                  command="perf stat -e cycles,instructions ./build/bench/resize_bench")
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
        m.consolidate()
        [card] = m.cards()
        assert {"cycl", "instruct"} <= set(card.identity["command"])
        assert [h.card.id for h in m.recaller.search(m.reader(), "count the cycles and instructions of the resize "
                                                                 "benchmark", 3)] == [card.id]


def test_a_tickets_key_is_no_query_word():
    q = parse_query("RUST-201: write doc comments for the cursor module")
    assert "rust" not in q.terms and "201" not in q.terms and {"doc", "comment", "cursor"} <= q.terms


def test_what_the_tools_do_and_the_words_of_the_calls_weigh_less_than_the_error_and_the_instructions():
    assert FIELD_WEIGHTS["gloss"] < FIELD_WEIGHTS["topic"] and FIELD_WEIGHTS["command"] < FIELD_WEIGHTS["topic"]


def pep668_journal() -> list[dict]:
    """A new user's store whose one card is pip refused by an externally managed environment (PEP 668) and the
    virtual environment's pip doing the install instead."""
    events: list[dict] = []
    for s, package in (("a", "httpx"), ("b", "rich"), ("c", "requests")):
        for event in ({"kind": "progress", "text": "set up the dependencies"},
                      {"kind": "call", "organ": "shell", "ability": "run", "args": {"command": f"pip install {package}"},
                       "ok": False, "error": "error: externally-managed-environment\n\nhint: See PEP 668 for the "
                                             "detailed specification."},
                      {"kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": f".venv/bin/pip install {package}"}, "ok": True}):
            events.append({"ts": T0 + len(events), "session": s, **event})
    return events


@pytest.mark.parametrize("query", [
    "install pandas", "pip install numpy", "install the python package pandas",
    # a second library, or other work after it, once dropped install's share under SAYS_HALF (round 23)
    "install pandas and matplotlib", "install pandas and plot the forecast",
    "install pandas and plot the 10-day forecast to forecast.png",
    "install scikit-learn",  # the registry's name of a library Debian names sklearn (library-aliases.txt)
])
def test_a_query_naming_the_library_to_install_finds_the_install_card(tmp_path, query):
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in pep668_journal()).encode()))
        m.consolidate()
        assert [h.card.kind for h in m.recaller.search(m.reader(), query, 3)] == ["rule"], query


@pytest.mark.parametrize("query", ["install the new printer driver", "plot the forecast with pandas and matplotlib"])
def test_installing_what_is_no_library_or_using_a_library_finds_no_install_card(tmp_path, query):
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in pep668_journal()).encode()))
        m.consolidate()
        assert m.recaller.search(m.reader(), query, 3) == [], query


def test_a_library_to_install_finds_the_card_of_its_own_languages_package_manager(tmp_path):
    events = pep668_journal()
    for s in ("d", "e", "f"):
        events.append({"ts": T0 + len(events), "session": s, "kind": "call", "organ": "shell", "ability": "run",
                       "args": {"command": "npm install -g tsx"}, "ok": False,
                       "error": "npm ERR! code EACCES: permission denied, mkdir '/usr/lib/node_modules'"})
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in events).encode()))
        m.consolidate()
        pandas = m.recaller.search(m.reader(), "install pandas and plot the forecast", 3)
        lodash = m.recaller.search(m.reader(), "install lodash and build the site", 3)
        assert [h.card.kind for h in pandas] == ["rule"] and "pip" in pandas[0].card.title
        assert [h.card.kind for h in lodash] == ["pitfall"] and "npm" in lodash[0].card.title


def test_a_library_to_install_does_not_reach_another_languages_card_through_the_install_verb(tmp_path):
    """A new user's store: `install numpy please` recalled the pip card and an npm test rule beside it (install
    reached every package manager; numpy says which)."""
    events = pep668_journal()
    for s in ("s1", "s2", "s3"):
        for command, ok in (("npm test", False), ("pnpm test", True)):
            events.append({"ts": T0 + len(events), "session": s, "kind": "call", "organ": "shell", "ability": "run",
                           "args": {"command": command}, "ok": ok,
                           **({} if ok else {"error": 'npm ERR! Missing script: "test"'})})
    with Memory(tmp_path / "home", clock=lambda: T0 + 3600) as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in events).encode()))
        m.consolidate()
        for query in ("install numpy please", "install numpy"):
            assert [h.card.title.split(":")[0] for h in m.recaller.search(m.reader(), query, 3)] == [
                "Running pip commands"], query
        assert len(m.recaller.search(m.reader(), "install the deps", 3)) == 2  # no library said: every manager


def test_an_agents_search_words_follow_its_query_and_fit_the_query_cap():
    assert with_terms("deploy the api", "") == with_terms("deploy the api", " \n ") == "deploy the api"
    assert with_terms("deploy the api", "  kubectl \n apply ") == "deploy the api\nkubectl apply"
    cut = with_terms("x" * (MAX_QUERY_CHARS + 10), "helm upgrade")
    assert len(cut) == MAX_QUERY_CHARS and cut.endswith("x\nhelm upgrade")
    assert len(with_terms("q", "ab " * MAX_TERMS_CHARS)) <= len("q\n") + MAX_TERMS_CHARS


def test_an_agents_search_words_are_read_beside_a_query_of_six_hundred_different_words():
    # parse_query keeps the first MAX_QUERY_TERMS terms it reads: the words came last and were all dropped (O56)
    words = [f"{a}o{b}{c}" for a in "bcdfgh" for b in "klmnpr" for c in "bcdfghklmnprstvwz"][:600]
    query = " ".join(words)[:4000]
    read = parse_query(with_terms(query, "nginx k8s systemctl")).terms
    assert {"nginx", "k8s", "systemctl"} <= read
    assert with_terms(query, "nginx").startswith(" ".join(words[:100]) + " ")  # the query kept up to its cap, in words
    assert with_terms(query, "nginx").split("\n")[0] in query.split("\n")[0]
    step = "deploy the nginx config to staging"
    assert with_terms(step, "nginx systemctl") == f"{step}\nnginx systemctl"  # a step leaves room: all of it read


def test_a_query_of_one_long_run_of_dotted_words_is_read_in_time_that_grows_with_its_length_not_its_square():
    # `_HOST` was tried at every word of the run and read it to its end: 0.5 s for 8,000 characters (O60)
    started = time.process_time()
    for query in ("x." * 4000, "1." * 3997 + "1abcd"):
        parse_query(query)
    assert time.process_time() - started < 0.5
    assert {"db1.example.com", "api.acme.io"} <= parse_query("ssh db1.example.com then curl api.acme.io:443").named
