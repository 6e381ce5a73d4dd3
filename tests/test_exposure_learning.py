"""Learning from use: episodes from a journal, similar instructions, co-use, decay, tombstones, live hand-over."""

from __future__ import annotations

import json
import os
import threading

import pytest

from broker.exposure import Context, catalogue_from_mcp, learning, select, selection
from broker.exposure.learning import Associations, Episode, episodes

DAY = 86400.0


def progress(session: str, text: str, ts: float) -> dict:
    return {"ts": ts, "session": session, "kind": "progress", "text": text}


def call(session: str, address: str, ts: float, **extra) -> dict:
    organ, _, ability = address.partition(".")
    return {"ts": ts, "session": session, "kind": "call", "organ": organ, "ability": ability, "args": {}, **extra}


def test_each_instruction_and_the_calls_after_it_in_its_session_make_an_episode():
    events = [progress("a", "commit my work", 1), progress("b", "list pods", 2), call("a", "git.git_add", 3),
              call("b", "k8s.get", 4), call("a", "git.git_commit", 5), call("a", "git.git_add", 6),
              progress("a", "just chatting", 7), call("c", "x.orphan", 8), {"kind": "noise"}]
    assert episodes(events) == [Episode("commit my work", ("git.git_add", "git.git_commit"), 1.0),
                                Episode("list pods", ("k8s.get",), 2.0)]


def test_calls_the_agent_did_not_choose_are_not_learned():
    events = [progress("s", "fix the build", 1), call("s", "ci.rerun", 2, origin="healer"),
              call("s", "fs.read_file", 3, origin="agent"), call("s", "shell.run", 4)]
    assert episodes(events) == [Episode("fix the build", ("fs.read_file", "shell.run"), 1.0)]


def test_abilities_used_after_a_similar_instruction_are_suggested():
    learned = Associations([Episode("stage and commit the release notes", ("git.git_add", "git.git_commit"), 0),
                            Episode("show the weather in Oslo", ("weather.get_forecast",), 0)])
    suggested = learned.suggest("commit the changelog and stage it")
    assert set(suggested) == {"git.git_add", "git.git_commit"}
    assert all(0 < w <= 1 for w in suggested.values())
    assert learned.suggest("something entirely different") == {}


def test_abilities_used_together_become_companions():
    learned = Associations([Episode("ship it", ("git.git_add", "git.git_commit"), 0),
                            Episode("ship again", ("git.git_add", "git.git_commit"), 0),
                            Episode("just stage", ("git.git_add",), 0)])
    assert learned.together("git.git_commit")["git.git_add"] == pytest.approx(2 / 3)
    assert learned.together("git.git_add")["git.git_commit"] == pytest.approx(2 / 4)
    assert learned.together("git.unknown") == {}


def test_the_most_used_ability_is_the_most_popular_and_an_unused_one_not_at_all():
    learned = Associations([Episode("a", ("fs.read_file", "fs.edit_file"), 0), Episode("b", ("fs.read_file",), 0),
                            Episode("c", ("fs.read_file", "fs.read_file"), 0)]).forget("fs.edit_file")
    assert learned.popularity("fs.read_file") == pytest.approx(1.0)
    assert learned.popularity("fs.edit_file") == 0.0  # forgotten
    assert learned.popularity("fs.never") == 0.0
    assert Associations().popularity("fs.read_file") == 0.0


def test_among_tools_the_request_matches_alike_the_one_used_more_often_ranks_first():
    twins = {"notes": [{"name": f"note_{kind}", "description": "Work with a note",
                        "inputSchema": {"type": "object", "properties": {}}} for kind in ("alpha", "beta")]}
    catalogue = catalogue_from_mcp(twins)
    cold = select("work with a note", catalogue)
    assert cold.exposed[0] == "notes.note_alpha"  # a tie goes to the first in the catalogue
    learned = Associations([Episode("unrelated words entirely", ("notes.note_beta",), 0)])
    warm = select("work with a note", catalogue, Context(learned=learned))
    assert warm.exposed[0] == "notes.note_beta"


def test_a_habit_never_lifts_a_weaker_match_into_the_tier_the_words_rank_highly():
    twins = {"notes": [{"name": f"note_{kind}", "description": "Work with a note",
                        "inputSchema": {"type": "object", "properties": {}}} for kind in ("alpha", "beta", "gamma")]}
    catalogue = catalogue_from_mcp(twins)
    lexical = {0: 1.0, 1: 0.7, 2: 0.5}
    selection._favour_popular(lexical, {"notes.note_beta": 1.0, "notes.note_gamma": 1.0}, catalogue)
    assert lexical == {0: 1.0, 1: pytest.approx(selection.POPULAR_CAP), 2: pytest.approx(0.7)}


def test_a_request_opening_with_an_article_pronoun_or_determiner_is_a_statement_and_an_order_or_question_not():
    from broker.exposure import lexicon
    assert lexicon.is_statement("the site looks broken on my phone")
    assert lexicon.is_statement("My students can't submit their homework")
    assert lexicon.is_statement("we keep getting paged about the payment service")
    assert not lexicon.is_statement("list the pods in staging")  # an order opens with its verb
    assert not lexicon.is_statement("what is blocking the mobile release?")  # a question with its question word
    assert not lexicon.is_statement("Customers say they can't pay")  # a noun first: not told apart
    assert not lexicon.is_statement("")


def test_abilities_used_after_two_past_statements_are_what_statements_get_and_a_single_use_is_chance():
    learned = Associations([Episode("the checkout page spins forever", ("errors.search_issues", "web.navigate"), 0),
                            Episode("my grades disappeared", ("errors.search_issues",), 0),
                            Episode("our export is missing two days", ("errors.search_issues", "logs.query"), 0),
                            Episode("the export is late again", ("logs.query",), 0),
                            Episode("search the issues for the crash", ("errors.search_issues", "errors.get"), 0)])
    after = learned.after_statements()
    assert after == {"errors.search_issues": pytest.approx(1.0), "logs.query": pytest.approx(2 / 3)}
    assert learned.forget("logs.query").after_statements() == {"errors.search_issues": pytest.approx(1.0)}
    assert Associations().after_statements() == {}


def test_a_statement_gets_what_was_used_after_past_statements_though_its_words_name_none_of_it():
    organs = {"errors": [{"name": "search_issues", "description": "Search error events reported by the application",
                          "inputSchema": {"type": "object", "properties": {}}}],
              "notes": [{"name": f"note_{k}", "description": f"Write a note about the {k} page",
                         "inputSchema": {"type": "object", "properties": {}}} for k in range(40)]}
    catalogue = catalogue_from_mcp(organs)
    # past statements sharing no word with the new one: nothing similar is suggested, only what statements got
    learned = Associations([Episode("the login fails at night", ("errors.search_issues",), 0),
                            Episode("my invoice is wrong", ("errors.search_issues",), 0)])
    budget = 300  # a few notes and find_abilities: the statement's words match only the notes
    report = "the pricing page looks empty"
    assert "errors.search_issues" not in select(report, catalogue, budget_tokens=budget).exposed
    assert "errors.search_issues" in select(report, catalogue, Context(learned=learned), budget_tokens=budget).exposed
    order = "write a note about the pricing page"  # an order: learned statements say nothing about it
    assert "errors.search_issues" not in select(order, catalogue, Context(learned=learned),
                                                budget_tokens=budget).exposed
    without = catalogue_from_mcp(organs, frozenset({"learned.statements"}))
    assert "errors.search_issues" not in select(report, without, Context(learned=learned),
                                                budget_tokens=budget).exposed


def test_old_episodes_count_less():
    learned = Associations([Episode("rotate the api keys", ("vault.rotate",), 0),
                            Episode("rotate the api keys", ("secrets.rotate",), 60 * DAY)])
    suggested = learned.suggest("rotate the api keys")
    assert suggested["secrets.rotate"] == pytest.approx(1.0)
    assert suggested["vault.rotate"] == pytest.approx(0.25)  # two half-lives older


def test_a_past_instruction_sharing_a_few_words_counts_as_the_square_root_of_its_cosine(monkeypatch):
    learned = Associations([Episode("rotate the api keys for the payment gateway, the staging database and the mail relay",
                                    ("vault.rotate",), 0),
                            Episode("show the weather forecast for Oslo and Bergen this weekend", ("weather.get_forecast",), 0)])
    intent = "rotate the certificate and show the weather forecast for Oslo and Bergen this weekend"  # one word shared
    weight = learned.suggest(intent)["vault.rotate"]
    monkeypatch.setattr(learning, "SIMILARITY_POWER", 1.0)
    cosine = learned.suggest(intent)["vault.rotate"]
    assert learning.MIN_SIMILARITY <= cosine < 0.2  # another hand's phrasing: rounds 1-20 dropped it
    assert weight == pytest.approx(cosine ** 0.5)
    monkeypatch.setattr(learning, "MIN_SIMILARITY", 0.2)
    assert set(learned.suggest(intent)) == {"weather.get_forecast"}


def test_an_ability_used_after_a_single_instruction_is_suggested_only_as_one_of_the_nearest(monkeypatch):
    shapes = ("circle", "square", "hexagon", "ellipse", "rhombus", "trapezoid", "pentagon")
    once = [Episode(f"calculate the area of a {shape}", (f"geo.{shape}",), 0) for shape in shapes]
    twice = [Episode("calculate the rent for the flat", ("home.rent",), 0),
             Episode("calculate the rent increase", ("home.rent",), 0)]
    intent = "calculate the area of a triangle"
    suggested = Associations(once + twice).suggest(intent)
    assert len([a for a in suggested if a.startswith("geo.")]) == learning.NEIGHBOURS  # the five nearest, no more
    assert "home.rent" in suggested  # used twice: its centroid shares `calculate` with the request
    monkeypatch.setattr(learning, "MIN_CENTROID_USES", 1)  # rounds 12-22: every ability had a centroid
    assert {a for a in Associations(once + twice).suggest(intent) if a.startswith("geo.")} == \
        {f"geo.{shape}" for shape in shapes}


def test_use_brings_a_tool_but_does_not_drop_one_the_words_alone_send(monkeypatch):
    organs = {"sales": [tool("monthly_report", "Report the monthly sales figures by region")],
              "budget": [tool("plan_budget", "Plan the monthly budget from past figures")],
              "mail": [tool("send_digest", "Send the weekly digest to subscribers")],
              "garden": [tool(f"plant_{k}", f"Water plant number {k} in the greenhouse") for k in range(30)]}
    catalogue = catalogue_from_mcp(organs)
    intent, budget = "report the monthly sales figures", 400
    # the words alone: the report first, the budget tool at about a third of it, above the cut-off
    assert select(intent, catalogue, budget_tokens=budget).exposed == ("sales.monthly_report", "budget.plan_budget")
    learned = Associations([Episode("report the monthly sales figures", ("mail.send_digest",), 0)])
    warm = select(intent, catalogue, Context(learned=learned), budget_tokens=budget)
    assert warm.exposed == ("mail.send_digest", "sales.monthly_report", "budget.plan_budget")
    monkeypatch.setattr(selection, "USE_BAR_SHARE", 1.0)  # the bar of rounds 1-20: the best after use
    assert "budget.plan_budget" not in select(intent, catalogue, Context(learned=learned), budget_tokens=budget).exposed


def test_a_tombstoned_ability_is_never_suggested_even_after_learning_it_again():
    learned = Associations([Episode("deploy the app", ("old.deploy", "new.deploy"), 0)]).forget("old.deploy")
    learned = learned.learn([progress("s", "deploy the app", 10), call("s", "old.deploy", 11)])
    assert "old.deploy" not in learned.suggest("deploy the app")
    assert "old.deploy" not in learned.together("new.deploy")
    assert "new.deploy" in learned.suggest("deploy the app")


def test_associations_survive_a_round_trip_through_their_file(tmp_path):
    path = tmp_path / "associations.json"
    learned = Associations([Episode("open a PR", ("github.create_pull_request",), 5)], ["x.gone"], mark=7)
    learning.save(learned, path)
    again = learning.load(path)
    assert (again.episodes, again.tombstones, again.mark) == (learned.episodes, learned.tombstones, 7)
    assert learning.load(tmp_path / "missing.json").episodes == ()
    path.write_text('{"version": 99}')
    with pytest.raises(ValueError):
        learning.load(path)


def test_refresh_learns_only_the_events_after_the_last_one_learned(tmp_path):
    path = tmp_path / "associations.json"
    journal = [dict(progress("s", "read the config", 1), id=1), dict(call("s", "fs.read_file", 2), id=2),
               dict(progress("t", "list the pods", 3), id=3), dict(call("t", "k8s.get", 4), id=4)]
    asked = []

    def rows_since(last_id):
        asked.append(last_id)
        return [e for e in journal if e["id"] > last_id]

    first = learning.refresh(path, rows_since)
    journal.append(dict(progress("u", "restart the api", 5), id=5))
    journal.append(dict(call("u", "k8s.rollout", 6), id=6))
    second = learning.refresh(path, rows_since)
    assert asked == [0, 4]
    assert (len(first), first.mark, len(second), second.mark) == (2, 4, 3, 6)
    assert learning.forget(path, "k8s.get").tombstones == {"k8s.get"}
    assert learning.refresh(path, rows_since).tombstones == {"k8s.get"}


def test_a_journal_file_with_a_bad_line_is_refused_with_its_line_number(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(progress("s", "x", 1)) + "\n\n[1, 2]\n")
    with pytest.raises(learning.JournalError, match=r"j.jsonl:3: not a JSON object"):
        list(learning.read_journal(path))


@pytest.mark.parametrize("ts, problem", [
    (1796400000000, r"j.jsonl:2: `ts` 1796400000000 is more than a day past this machine's clock .*looks like Unix milliseconds"),
    (1e20, r"j.jsonl:2: `ts` 1e\+20 is more than a day past this machine's clock \(\d+\)$"),
    (-5, r"j.jsonl:2: `ts` -5 is negative"),
    ("soon", r"j.jsonl:2: `ts` 'soon' is not a finite number of Unix seconds"),
    (10 ** 400, r"j.jsonl:2: `ts` '1000000000.*' is not a finite number of Unix seconds"),  # no OverflowError
])
def test_a_journal_event_whose_time_cannot_be_learned_from_is_refused_with_its_line_number(tmp_path, ts, problem):
    # one event far in the future would make every other episode ancient (decay counts from the newest)
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(progress("s", "x", 1_700_000_000)) + "\n" + json.dumps(progress("s", "y", ts)) + "\n")
    with pytest.raises(learning.JournalError, match=problem):
        list(learning.read_journal(path))


def test_an_episode_keeps_each_ability_once_and_a_bounded_number_of_them():
    events = [progress("s", "loop forever", 1)] + [call("s", f"x.tool{i % 40}", 2 + i) for i in range(400)]
    [episode] = episodes(events)
    assert len(episode.abilities) == learning.MAX_ABILITIES
    assert episode.abilities[:2] == ("x.tool0", "x.tool1")


def test_a_damaged_associations_file_leaves_the_previous_associations_in_place(tmp_path):
    path = tmp_path / learning.FILE_NAME
    watched = learning.Watched(path)
    assert len(watched.get()) == 0 and watched.error == ""
    learning.save(Associations([Episode("deploy it", ("k8s.apply",), 1)]), path)
    assert len(watched.get()) == 1
    path.write_text("{broken")
    assert len(watched.get()) == 1 and "Expecting" in watched.error
    path.unlink()
    assert len(watched.get()) == 0


def tool(name: str, description: str) -> dict:
    return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": {}}}


# git is made too big to be sent whole (more than a quarter of the budget), so only use can bring git_add
CATALOGUE = {"git": [tool("git_add", "Adds file contents to the staging area"),
                     tool("git_commit", "Records changes to the repository"),
                     tool("git_log", "Shows the commit logs"),
                     *(tool(f"git_plumbing_{n}", "A low-level command of the object database, for scripts: "
                            + " ".join(f"option{k} says what the object store does with packed objects" for k in range(12)))
                       for n in range(3))],
             "weather": [tool("get_forecast", "Weather forecast for a city")]}


def test_what_use_taught_changes_the_exposure_and_its_absence_does_not():
    catalogue = catalogue_from_mcp(CATALOGUE)
    intent = "save all my work to the repository"
    cold = select(intent, catalogue)
    assert "git.git_add" not in cold.exposed
    learned = Associations().learn([progress("s", "save my work", 1), call("s", "git.git_add", 2),
                                    call("s", "git.git_commit", 3)])
    warm = select(intent, catalogue, Context(learned=learned))
    assert {"git.git_add", "git.git_commit"} <= set(warm.exposed)
    assert select(intent, catalogue, Context(learned=Associations())) == cold


def test_the_exposure_worker_reads_the_associations_again_when_their_file_changes(tmp_path):
    from broker import protocol
    from broker.exposure_worker import read_frame, serve, write_frame

    to_worker, from_worker = os.pipe(), os.pipe()
    inbox, outbox = os.fdopen(to_worker[0], "rb"), os.fdopen(from_worker[1], "wb")
    thread = threading.Thread(target=serve, args=(inbox, outbox, str(tmp_path)), daemon=True)
    thread.start()
    send, receive = os.fdopen(to_worker[1], "wb"), os.fdopen(from_worker[0], "rb")
    try:
        abilities = {organ: [protocol.to_plain(protocol.Ability(name=t["name"], description=t["description"]))
                             for t in tools] for organ, tools in CATALOGUE.items()}
        write_frame(send, {"op": "catalogue", "abilities": abilities})
        assert read_frame(receive)["ok"]
        ask = {"op": "select", "intent": "save all my work to the repository", "recent": [], "budget": None}
        write_frame(send, ask)
        assert "git.git_add" not in read_frame(receive)["exposed"]
        learning.save(Associations().learn([progress("s", "save my work", 1), call("s", "git.git_add", 2)]),
                      tmp_path / learning.FILE_NAME)
        write_frame(send, ask)
        assert "git.git_add" in read_frame(receive)["exposed"]
    finally:
        send.close()
        thread.join(timeout=10)
        receive.close()
    assert not thread.is_alive()


def test_the_memory_journal_feeds_exposure_after_a_sleep(tmp_path):
    from actors.memory.journal import Entry
    from actors.memory.service import journal_events
    from actors.memory.service import Memory

    with Memory(tmp_path) as memory:
        memory.append([Entry(ts=1.0, kind="progress", session="s", text="commit the release"),
                       Entry(ts=2.0, kind="call", session="s", organ="git", ability="git_commit", ok=True)])
        memory.flush(force=True)
        learned = learning.refresh(tmp_path / learning.FILE_NAME, lambda last: journal_events(memory, last))
    assert learned.episodes == (Episode("commit the release", ("git.git_commit",), 1.0),)
    assert learned.mark == 2


LEARNING_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600

[organs.echo]
module = "tests.organs.echo"

[organs.memory]
module = "actors.memory.organ"
"""


def test_a_live_mesh_exposes_what_its_journal_taught_after_a_sleep(make_mesh):
    from actors.memory.service import Memory
    from tests.conftest import wait_for

    mesh = make_mesh(LEARNING_MESH)
    intent = "make the login tests green"  # no word of it matches a tool ("pass" reaches echo.missing's "fail")

    full = json.loads(mesh.cli("expose", intent, "--json", check=True, timeout=60).stdout)["tokens"]["full"]

    def expose() -> list[str]:
        # a budget one token short of every tool, so that a request nothing matches gets no tool, as in a catalogue
        # larger than its budget (not all of this small one: test_exposure_small)
        out = mesh.cli("expose", intent, "--json", "--budget", str(full - 1), check=True, timeout=60).stdout
        return json.loads(out)["exposed"]

    assert "echo.echo" not in expose()
    mesh.cli("instruct", intent, "--session", "s1", check=True)
    answer = json.loads(mesh.cli("call", "echo.echo", "--args", '{"x": 1}', "--session", "s1", "--json",
                                 check=True).stdout)
    assert answer["ok"], answer

    def journalled():
        with Memory(mesh.home) as memory:
            kinds = memory.writer.execute("SELECT kind, organ FROM events ORDER BY id").fetchall()
        return ("progress", "") in kinds and ("call", "echo") in kinds
    wait_for(journalled, timeout=20, what="the instruction and the call in the journal")
    for turn in range(4):  # the session moves on: echo.echo is no longer kept exposed as a recent ability
        mesh.cli("instruct", f"unrelated chat number {turn}", "--session", "s2", check=True)
    slept = json.loads(mesh.cli("call", "memory.sleep", "--json", check=True, timeout=60).stdout)
    assert slept["ok"], slept
    learned = learning.load(mesh.home / learning.FILE_NAME)
    assert Episode(intent, ("echo.echo",), learned.episodes[0].at) in learned.episodes
    assert "echo.echo" in expose()


def test_a_lock_held_past_its_limit_fails_the_write_in_time_and_the_lock_file_is_the_owners_alone(tmp_path,
                                                                                                monkeypatch):
    import fcntl
    import time

    path = tmp_path / learning.FILE_NAME
    learning.forget(path, "fs.read_file")
    lock = tmp_path / f".{learning.FILE_NAME}.lock"
    assert os.stat(lock).st_mode & 0o777 == 0o600
    monkeypatch.setattr(learning, "LOCK_WAIT_S", 0.3)
    with open(lock) as held:  # someone holds it and does not let go
        fcntl.flock(held, fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(TimeoutError, match="held by another process"):
            learning.forget(path, "shell.run")
        assert time.monotonic() - started < 2.0
    assert learning.load(path).tombstones == {"fs.read_file"}  # nothing half-written
    assert learning.forget(path, "shell.run").tombstones == {"fs.read_file", "shell.run"}  # let go: it writes
