"""Meaning: a card's gloss (its tools' documented descriptions), the verbs a query may use for them, and the
packages a package manager's card installed."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory import meaning
from actors.memory.db import get_meta, set_meta, transaction
from actors.memory.distill import _objects, identity
from actors.memory.recall import SIMILAR, parse_query
from actors.memory.service import Memory
import broker.text as text

T0 = 1_764_460_800.0


@pytest.mark.parametrize("organ, ability, programs, actions, words", [
    ("git", "commit", [], [], {"record", "chang"}),  # git-commit(1): Record changes to the repository
    ("git", "git_commit", [], [], {"record", "chang"}),  # the MCP git server's tool
    ("shell", "run", ["pip"], ["install"], {"packag"}),  # pip help: install  Install packages.
    ("fs", "read_file", [], [], {"content"}),
])
def test_a_card_knows_what_its_tools_do_in_their_documentations_words(organ, ability, programs, actions, words):
    ident = identity(organ, ability, programs=programs, actions=actions)
    assert words <= set(ident["gloss"])


def test_words_that_name_work_in_general_are_no_gloss_unless_they_are_the_tools_own():
    gloss = identity("fs", "write_file")["gloss"]  # "Create a new file or completely overwrite an existing file"
    assert "overwrit" in gloss and not {"new", "file"} & set(gloss)
    assert "chang" in identity("git", "commit")["gloss"]  # "Record changes …": related.txt ties changes to git
    assert "chang" not in identity("hg", "commit", glosses={"hg commit": ["record", "chang"]})["gloss"]
    # (round 19 took `repository: git` out of related.txt: more false positives on the cells it was not made on)


def test_gloss_words_the_card_holds_in_a_stronger_field_are_left_out():
    ident = identity("shell", "run", programs=["pip"], actions=["install"])
    assert "instal" in ident["action"] and "instal" not in ident["gloss"]


def test_an_unknown_tool_has_no_gloss():
    assert "gloss" not in identity("zz", "frobnicate_widget")


@pytest.mark.parametrize("command, packages", [
    ("pip install httpx rich", ["httpx", "rich"]),
    ("python3 -m pip install 'requests>=2.31' numpy==1.26", ["requests", "numpy"]),
    ("pip install -r requirements.txt", []),
    ("apt-get install -y gcc && cargo build", ["gcc"]),
    ("npm ci && npm test", []),
    ("git add src/app.py", []),
])
def test_a_package_managers_command_names_the_packages_it_works_on(command, packages):
    assert _objects(command) == packages


def _memory(tmp_path, events):
    m = Memory(tmp_path / "home", clock=lambda: T0 + 3600)
    m.ingest(io.BytesIO("".join(json.dumps({**e, "ts": T0 + i}) + "\n" for i, e in enumerate(events)).encode()))
    m.consolidate()
    return m


def _run(session, command, ok=False, error="error: externally-managed-environment"):
    return {"session": session, "kind": "call", "organ": "shell", "ability": "run", "args": {"command": command},
            "ok": ok, "error": "" if ok else error}


def test_a_query_naming_a_package_the_card_installed_finds_it_and_the_name_alone_is_not_enough(tmp_path):
    events = [_run(f"s{i}", f"pip install {pkg}") for i, pkg in enumerate(["httpx", "rich", "boto3"])]
    events += [_run(f"t{i}", "cargo build", error="error: linker `cc` not found") for i in range(3)]
    with _memory(tmp_path, events) as m:
        [card] = [c for c in m.cards() if "pip" in c.identity.get("program", ())]
        assert {"httpx", "rich", "boto3"} <= set(card.identity["name"])
        hits = m.recaller.search(m.reader(), "I need rich installed before the report runs", 1)
        assert hits and hits[0].card.id == card.id
        assert m.recaller.search(m.reader(), "rich", 3) == []


def test_a_gloss_verb_is_reached_only_by_saying_it(tmp_path):
    # round 17: the gloss verbs reached through other words (WordNet, `preserve` -> record) went; a word of a
    # card's gloss counts when the query says it
    events = []
    for s in ("a", "b"):
        events += [{"session": s, "kind": "progress", "text": "finish"},
                   *({"session": s, "kind": "call", "organ": "git", "ability": a, "args": {}, "ok": True}
                     for a in ("status", "diff", "commit")),
                   {"session": s, "kind": "progress", "text": "next"}]
    with _memory(tmp_path, events) as m:
        index = m.recaller.current(m.reader())
        assert "record" in index.weights(parse_query("record it"))
        assert "record" not in index.weights(parse_query("preserve it"))


MANIFEST = {"acme": {"state": "up", "reflexes": [], "abilities": [
    {"name": "publish_release", "description": "Ship a new version to the package index. Needs a token."},
    {"name": "nameless", "description": ""}]}}


def test_the_meshs_own_descriptions_are_glosses_from_their_first_sentence():
    assert meaning.described(MANIFEST) == {"acme publish_release": [text.stem(w) for w in ("ship", "new", "version",
                                                                                        "package", "index")]}
    assert meaning.described({"x": "not an entry"}) == {} and meaning.described([]) == {}


def test_a_live_description_wins_over_the_shipped_one_and_programs_keep_theirs():
    live = {"git commit": ["snapshot", "tree"]}
    ident = identity("git", "commit", glosses=live)
    assert ident["gloss"][:2] == ["snapshot", "tree"] and "record" not in ident["gloss"]
    assert "packag" in identity("shell", "run", programs=["pip"], actions=["install"], glosses=live)["gloss"]


def test_cards_are_rendered_again_with_the_descriptions_the_mesh_gives_its_abilities(tmp_path):
    events = [{"session": f"s{i}", "kind": "call", "organ": "acme", "ability": "publish_release", "args": {},
               "ok": False, "error": "HTTP 403 Forbidden"} for i in range(3)]
    with _memory(tmp_path, events) as m:
        assert m.recaller.search(m.reader(), "publish the new version to the package index", 3) == []
        assert m.describe(MANIFEST) and not m.describe(MANIFEST)  # the same descriptions again change nothing
        report = m.consolidate()
        assert report["folded"] == 0 and report["updated"] == 1  # nothing new in the journal, the card redone
        [card] = m.cards()
        assert {"ship", "version"} <= set(card.identity["gloss"])
        hits = m.recaller.search(m.reader(), "publish the new version to the package index", 3)
        assert [h.card.id for h in hits] == [card.id]
        # the description's everyday words alone are the words around the card, not what it is about (round 10)
        assert m.recaller.search(m.reader(), "ship the new version to the package index", 3) == []
        m.recaller.condition = "off"
        hits = m.recaller.search(m.reader(), "ship the new version to the package index", 3)
        assert [h.card.id for h in hits] == [card.id]


@pytest.mark.parametrize("kwargs, words", [
    ({"programs": ["mkdocs"]}, {"document", "site"}),  # a tool without a manual page here: memory-tools.txt
    ({"programs": ["terraform"], "actions": ["plan"]}, {"infrastructur", "provis"}),
    ({"files": ["CHANGELOG.md"]}, {"releas", "note"}),  # a well-known file says what it holds
    ({"hosts": ["vault.ops.internal"]}, {"secret", "credenti"}),  # a host named for a tool is that tool's service
])
def test_a_card_about_a_well_known_tool_file_or_service_knows_what_it_is_for(kwargs, words):
    organ, ability = ("http", "get") if "hosts" in kwargs else ("fs", "edit_file") if "files" in kwargs else (
        "shell", "run")
    assert words <= set(identity(organ, ability, **kwargs)["gloss"])


def test_a_host_or_file_named_like_no_known_tool_adds_nothing():
    plain = identity("http", "get").get("gloss")
    assert identity("http", "get", hosts=["zz-qq.example.org"]).get("gloss") == plain
    assert identity("http", "get", hosts=["inventory.internal"]).get("gloss") == plain  # a file's name, not a service
    assert text.stem("ansible") in identity("fs", "edit_file", files=["inventory"])["gloss"]  # as a file it is one


def test_a_query_saying_what_a_tool_is_for_finds_its_card_and_the_words_alone_do_not(tmp_path):
    events = [_run(f"s{i}", "mkdocs build --strict", error="Aborted with 2 warnings in strict mode!") for i in range(3)]
    events += [_run(f"t{i}", "cargo build", error="error: linker `cc` not found") for i in range(3)]
    with _memory(tmp_path, events) as m:
        [card] = [c for c in m.cards() if "mkdoc" in c.identity.get("program", ())]
        hits = m.recaller.search(m.reader(), "regenerate the documentation site, warnings must not pass", 1)
        assert hits and hits[0].card.id == card.id and "gloss" in hits[0].touched
        assert m.recaller.search(m.reader(), "documentation", 3) == []


def test_a_query_word_reaches_the_other_words_of_its_ring_and_a_compound_is_read_joined():
    assert text.stem("documentation") in meaning.similar(text.stem("handbook"))
    assert text.stem("handbook") in meaning.similar(text.stem("docs"))  # a ring goes every way
    q = parse_query("open a pull request for the fix")
    assert "pr" in q.similar and "pullrequest" in q.terms  # the compound is said, as if written joined
    assert "e2e" in parse_query("run the end-to-end suite").similar  # three words joined
    assert meaning.similar(text.stem("settings")) == ()  # generic words (set) reach nothing


def test_a_word_reached_through_its_ring_counts_less_than_the_word_said(tmp_path):
    events = [_run(f"s{i}", "mkdocs build --strict", error="Aborted with 2 warnings in strict mode!") for i in range(3)]
    events += [{"session": f"s{i}", "kind": "progress", "text": "update the docs"} for i in range(3)]
    with _memory(tmp_path, events) as m:
        index = m.recaller.current(m.reader())
        said = index.weights(parse_query("the docs"))
        reached = index.weights(parse_query("the handbook"))
        assert reached["doc"] == pytest.approx(said["doc"] * SIMILAR)


def test_a_store_rendered_with_older_shipped_knowledge_renders_its_cards_again(tmp_path):
    events = [_run(f"s{i}", "mkdocs build --strict", error="Aborted with 2 warnings in strict mode!") for i in range(3)]
    with _memory(tmp_path, events) as m:
        summary = get_meta(m.reader(), "consolidation")
        assert meaning.knowledge_digest() in summary["settings"]
        older = summary["settings"].replace(meaning.knowledge_digest(), "0" * 16)  # as a store of an older release
        with m.lock, transaction(m.writer):
            set_meta(m.writer, "consolidation", {**summary, "settings": older})
        report = m.consolidate()  # nothing new in the journal, yet every card is rendered again
        assert report["folded"] == 0 and report["consolidations"] == summary["consolidations"] + 1
        assert report["settings"] == summary["settings"] and m.cards()
        again = m.consolidate()  # and once is enough: nothing new, nothing rendered
        assert again["consolidations"] == report["consolidations"] and again["changed"] is False


def test_a_camelcase_tool_name_the_knowledge_describes_is_one_word_and_other_camelcase_words_stay():
    assert meaning.join_names("set up GitHub Actions") == "set up github Actions"
    assert meaning.join_names("a KeyError in train.py") == "a KeyError in train.py"


def test_a_query_about_a_github_account_does_not_recall_a_card_about_git(tmp_path):
    events = [{"ts": 1_764_460_800.0 + i, "session": f"s{i}", "kind": "call", "organ": "git", "ability": "push",
               "args": {}, "ok": False, "error": "! [rejected] main -> main (non-fast-forward)"} for i in range(3)]
    with Memory(tmp_path / "home") as m:
        m.ingest(io.BytesIO("".join(json.dumps(e) + "\n" for e in events).encode()))
        m.consolidate()
        assert m.recaller.search(m.reader(), "push my branch with git", 3)
        assert m.recaller.search(m.reader(), "set up two-factor authentication on my GitHub account", 3) == []
