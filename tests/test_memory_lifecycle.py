"""Cards over time: retirement, snapshots (export, import, bad files), stats, judgments that merge, lost events."""

from __future__ import annotations

import io
import json

import pytest

from actors.memory.journal import Entry
from actors.memory.judgments import same_topic, topic_of
from actors.memory.service import Memory
from actors.memory.snapshot import FORMAT, VERSION, SnapshotError, parse

T0 = 1_764_460_800.0


def events(*rows: dict) -> io.BytesIO:
    return io.BytesIO("".join(json.dumps({"ts": T0 + i, **r}) + "\n" for i, r in enumerate(rows)).encode())


def pip_trap(session: str, n: int = 3) -> list[dict]:
    return [{"session": session, "kind": "call", "organ": "shell", "ability": "run",
             "args": {"command": f"pip install pkg{i}"}, "ok": False,
             "error": "error: externally-managed-environment"} for i in range(n)]


@pytest.fixture
def memory(tmp_path):
    clock = [T0 + 100]
    m = Memory(tmp_path / "home", clock=lambda: clock[0])
    m.clock_value = clock
    yield m
    m.close()


def test_a_card_whose_advice_is_followed_by_the_same_failure_three_times_is_retired_and_says_so(memory):
    memory.ingest(events(*pip_trap("a")))
    memory.consolidate()
    block = memory.inject("upgrade httpx with pip", session="s9").block
    [card_id] = block.cards
    memory.clock_value[0] = T0 + 200
    memory.ingest(io.BytesIO("".join(json.dumps({"ts": T0 + 300 + i, **r}) + "\n"
                                     for i, r in enumerate(pip_trap("s9", 2))).encode()))
    memory.consolidate()
    assert card_id in {c.id for c in memory.cards()}  # two repeats: still trusted
    memory.ingest(io.BytesIO((json.dumps({"ts": T0 + 400, **pip_trap("s9", 3)[2]}) + "\n").encode()))
    report = memory.consolidate()
    assert report["retired"] == 1 and card_id not in {c.id for c in memory.cards()}
    [retired] = [c for c in memory.cards_view(include_gone=True) if c["id"] == card_id]
    assert retired["state"] == "retired" and "same failure followed 3 times" in retired["retired_reason"]
    assert memory.recall("upgrade httpx with pip")[0] == []
    stats = memory.stats()
    assert stats["retired_cards"] == 1 and stats["suppressed_repeats"]["inputs"]["repeats_after_injection"] == 3


def test_warnings_injected_into_sessions_that_never_did_the_work_are_not_counted_as_saving_anything(memory):
    memory.ingest(events(*pip_trap("a")))
    memory.consolidate()
    for n in range(5):  # what `actors recall ... --inject --session qN` does, with nothing else in those sessions
        assert memory.inject("upgrade httpx with pip", session=f"q{n}").block.cards
    rep = memory.stats()["suppressed_repeats"]
    assert rep["estimate"] == 0 and rep["inputs"]["injections"] == 5 and rep["inputs"]["opportunities"] == 0
    assert rep["inputs"]["expected_without_memory"] == 0


def test_a_session_that_did_the_warned_about_work_after_the_warning_counts_at_the_cards_own_baseline(memory):
    ok_pip = {"session": "b", "kind": "call", "organ": "shell", "ability": "run",
              "args": {"command": "pip install --user rich"}, "ok": True}
    memory.ingest(events(*pip_trap("a"), ok_pip))
    memory.consolidate()
    for session in ("q1", "q2", "q3"):
        memory.inject("upgrade httpx with pip", session=session)
    later = [{"session": "q1", "kind": "call", "organ": "shell", "ability": "run",  # did the work, no repeat
              "args": {"command": "pip install httpx"}, "ok": True},
             {"session": "q2", "kind": "call", "organ": "shell", "ability": "run",  # other work: no opportunity
              "args": {"command": "npm test"}, "ok": True},
             {**pip_trap("q3", 1)[0]}]  # did the work and failed the same way: a repeat
    memory.ingest(io.BytesIO("".join(json.dumps({"ts": T0 + 300 + i, **r}) + "\n"
                                     for i, r in enumerate(later)).encode()))
    rep = memory.stats()["suppressed_repeats"]
    [card] = rep["cards"]
    # the baseline: 3 failures in the 2 sessions (a, b) that ran pip without the warning
    assert (card["baseline_failures"], card["baseline_sessions"], card["rate"]) == (3, 2, 1.5)
    assert rep["inputs"]["opportunities"] == 2 and rep["inputs"]["repeats_after_injection"] == 1
    assert rep["inputs"]["expected_without_memory"] == 3.0 and rep["estimate"] == 2.0


def test_failures_in_sessions_where_the_card_was_not_injected_do_not_count_against_it(memory):
    memory.ingest(events(*pip_trap("a"), *pip_trap("b"), *pip_trap("c")))
    memory.consolidate()
    assert [c.kind for c in memory.cards()].count("pitfall") == 1


def snapshot_of(memory: Memory) -> bytes:
    memory.ingest(events(*pip_trap("a"), {"session": "a", "kind": "progress", "text": "x"},
                         *[{"session": "b", "kind": "call", "organ": "fs", "ability": "read_file",
                            "args": {"path": f"src/m{i}.py"}, "ok": False, "error": "ENOENT"} for i in range(3)]))
    memory.consolidate()
    memory.remember("Must ask me before deleting anything", "redline")
    return json.dumps(memory.export_snapshot()).encode()


def test_a_snapshot_round_trip_carries_cards_judgments_and_tombstones(memory, tmp_path):
    raw = snapshot_of(memory)
    forgotten = memory.cards()[0]
    memory.forget_card(forgotten.id)
    raw = json.dumps(memory.export_snapshot()).encode()
    data = json.loads(raw)
    assert data["version"] == VERSION and len(data["tombstones"]) == 1 and data["judgments"]
    with Memory(tmp_path / "other") as other:
        report = other.import_snapshot(raw)
        assert report["cards_added"] == len(data["cards"]) and report["tombstones_added"] == 1
        assert {c.key for c in other.cards()} == {c["key"] for c in data["cards"]}
        assert [j.text for j in other.judgments()] == ["Must ask me before deleting anything"]
        again = other.import_snapshot(raw)
        assert again["cards_added"] == 0 and again["cards_merged"] == len(data["cards"])
        assert len(other.cards()) == len(data["cards"])


def test_import_never_resurrects_a_card_forgotten_here(memory, tmp_path):
    raw = snapshot_of(memory)
    with Memory(tmp_path / "other") as other:
        other.import_snapshot(raw)
        victim = other.cards()[0]
        other.forget_card(victim.id)
        report = other.import_snapshot(raw)
        assert report["cards_refused_forgotten"] == 1 and victim.key not in {c.key for c in other.cards()}


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(version=VERSION + 1), "newer than this actors reads"),
    (lambda d: d.pop("cards"), "'cards' is a required property"),
    (lambda d: d["cards"][0].update(kind="wish"), "at cards/0/kind"),
    (lambda d: d["cards"][0].update(confirmations=-1), "at cards/0/confirmations"),
    (lambda d: d.update(format="something else"), "at format"),
    (lambda d: d["cards"][0].update(evidence={"tasks": ["deploy \ud800 the app"]}), "half of a UTF-16 pair"),
])
def test_a_bad_or_newer_snapshot_is_refused_with_a_precise_error_and_nothing_changes(memory, tmp_path, mutate,
                                                                                      message):
    data = json.loads(snapshot_of(memory))
    mutate(data)
    with Memory(tmp_path / "other") as other:
        other.remember("I prefer short answers", "taste")
        with pytest.raises(SnapshotError, match=message):
            other.import_snapshot(json.dumps(data).encode())
        with pytest.raises(SnapshotError, match="not a JSON document"):
            other.import_snapshot(b"{not json")
        assert other.cards() == [] and len(other.judgments()) == 1


def test_a_judgment_forgotten_in_one_memory_is_forgotten_by_the_memory_that_imports_its_snapshot(memory, tmp_path):
    memory.remember("never deploy to prod on fridays", "redline")
    with Memory(tmp_path / "other", clock=lambda: T0) as other:
        other.import_snapshot(json.dumps(memory.export_snapshot()).encode())
        assert [j.text for j in other.judgments()] == ["never deploy to prod on fridays"]
        [judgment] = memory.judgments()
        assert memory.withdraw_judgment(judgment.id) is not None  # the console's withdraw is a forget too
        data = memory.export_snapshot()
        assert "prod" not in json.dumps(data["forgotten_judgments"])  # its digest, not its text
        report = other.import_snapshot(json.dumps(data).encode())
        assert report["judgments_forgotten"] == 1 and other.judgments() == []
        again = other.import_snapshot(json.dumps({**data, "judgments": [{
            "kind": "redline", "text": "Never deploy to prod  on Fridays", "confirmations": 1,
            "created_at": T0, "confirmed_at": T0}]}).encode())
        assert again["judgments_refused_forgotten"] == 1 and other.judgments() == []


def test_a_snapshot_full_of_tombstones_never_pushes_out_a_judgment_forgotten_here(memory):
    memory.remember("never force-push to main", "redline")
    saved = memory.export_snapshot()
    [judgment] = memory.judgments()
    memory.withdraw_judgment(judgment.id)
    junk = {**saved, "judgments": [], "forgotten_judgments": [
        {"digest": f"{i:032x}", "kind": "redline", "forgotten_at": T0} for i in range(1000)]}
    report = memory.import_snapshot(json.dumps(junk).encode())
    assert report["judgment_tombstones_not_kept"] == 1  # the cap was full with this memory's own forgotten one
    again = memory.import_snapshot(json.dumps(saved).encode())
    assert again["judgments_refused_forgotten"] == 1 and memory.judgments() == []


@pytest.mark.parametrize("a, b", [
    ("Must ask me before deleting anything", "Before you delete something, come ask me first"),
    ("Never force-push to main", "Do not ever push --force to the main branch"),
    ("Check with me before you remove files", "Ask me before deleting any file"),
])
def test_paraphrased_judgments_are_one_judgment(a, b):
    assert same_topic(topic_of(a), topic_of(b))


def test_a_paraphrase_overwrites_instead_of_adding_a_second_judgment(memory):
    memory.remember("Must ask me before deleting anything", "redline")
    memory.remember("Before you delete something, come ask me first", "redline")
    [judgment] = memory.judgments()
    assert judgment.text == "Before you delete something, come ask me first"
    view = memory.judgments_view()
    assert view[0]["weight"] == 1.0 and view[0]["evidence"]["confirmations"] == 1
    assert memory.withdraw_judgment(judgment.id).id == judgment.id and memory.judgments() == []
    assert memory.withdraw_judgment(judgment.id) is None


def test_the_last_event_sequence_and_lost_events_survive_a_restart(tmp_path):
    with Memory(tmp_path / "home") as m:
        m.append([Entry(ts=T0, kind="progress", session="s", text="go")], last_seq=41, lost=2)
    with Memory(tmp_path / "home") as m:
        assert m.last_seq() == 41 and m.status()["lost_events"] == 2


def test_post_sleep_hooks_get_the_report_and_a_failing_hook_is_skipped(memory):
    seen = []
    memory.after_sleep += [lambda report: 1 / 0, seen.append]
    memory.ingest(events(*pip_trap("a")))
    memory.consolidate()
    assert seen and seen[0]["cards"]["pitfall"] == 1


def test_a_snapshot_of_the_previous_version_is_still_imported(memory):
    memory.ingest(events(*pip_trap("a")))
    memory.consolidate()
    data = memory.export_snapshot()
    data["version"] = 1
    for card in data["cards"]:  # version 1 identities had no action or name field
        card["identity"] = {f: t for f, t in card["identity"].items() if f not in ("action", "name")}
        card["key"] = "old-" + card["key"]
    report = memory.import_snapshot(json.dumps(data).encode())
    assert report["cards_added"] == len(data["cards"]) > 0


@pytest.mark.parametrize("entry", [{}, 0], ids=["empty_objects", "numbers"])
def test_a_snapshot_of_a_million_bad_entries_is_refused_naming_the_first_without_collecting_every_problem(entry):
    doc = {"format": FORMAT, "version": VERSION, "cards": [entry] * 1_000_000, "judgments": [],
           "tombstones": []}

    with pytest.raises(SnapshotError) as refused:
        parse(json.dumps(doc).encode())

    assert "at cards/0" in str(refused.value) and "(and more than 19 more problems)" in str(refused.value)


def test_a_snapshot_nested_too_deeply_is_refused_as_such():
    with pytest.raises(SnapshotError, match="nested too deeply"):
        parse(b"[" * 200_000 + b"]" * 200_000)


def test_a_batch_the_journal_failed_to_store_leaves_the_organs_place_in_the_sequence_where_it_was(tmp_path):
    from actors.memory.organ import MemoryOrgan
    from broker.protocol import Event

    class Waiting:  # what a subscription holds: one event at seq 9, two found missing before it
        missed, last_seq = 2, 9

        def next(self, timeout_s):
            return None

    organ = MemoryOrgan("memory", {}, str(tmp_path))
    organ.memory = Memory(tmp_path / "home", clock=lambda: 1_764_460_800.0)
    organ.last_seq, organ.lost, organ.journalled = 6, 0, 0  # as on_start leaves them
    stored = organ.memory.append

    def failing(entries, **marks):
        raise OSError("disk full")

    organ.memory.append = failing
    event = Event(seq=9, at=1_764_460_800.0, kind="call", organ="fs", ability="read_file", session="s")
    with pytest.raises(OSError):
        organ._drain(Waiting(), event, 0)
    assert (organ.last_seq, organ.lost) == (6, 0)  # the next subscription counts these from 6, as missing
    organ.memory.append = stored
    assert organ._drain(Waiting(), event, 0) == 2
    assert (organ.last_seq, organ.lost, organ.journalled) == (9, 2, 1)
    organ.memory.close()
