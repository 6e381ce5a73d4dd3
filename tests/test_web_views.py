"""What the web console draws, from constants: the live view, plot series, the judgments portrait, the saved view."""

from __future__ import annotations

from actors.web.live import CALL_BUCKET_S, EVENTS_KEPT, WINDOW_S, Live, downsample
from actors.web.portrait import portrait
from actors.web.saved import rows, totals

T0 = 1_764_460_800.0


def beat(seq: int, at: float, organs: dict | None = None, instruction: str = "", tokens: dict | None = None,
         interval_s: float = 1.0) -> dict:
    return {"seq": seq, "at": at, "interval_s": interval_s, "reason": "steady", "stage": "awake",
            "instruction": instruction, "organs": organs or {"fs": {"state": "up", "pid": 10, "restarts": 0,
                                                                     "wounds": []}},
            "alerts": [], "exposed": [], "tokens": tokens or {}}


def call(seq: int, at: float, ok: bool = True, origin: str = "agent", args: dict | None = None) -> dict:
    return {"seq": seq, "at": at, "kind": "call", "organ": "fs", "ability": "read_file", "ok": ok,
            "cause": "" if ok else "not_found", "origin": origin, "duration_s": 0.002, "args": args or {}}


def test_the_live_view_merges_a_beat_with_the_hearts_status():
    live = Live(home="/h")
    status = {"heart": {"pid": 42, "metrics": "http://127.0.0.1:1/metrics"},
              "organs": [{"name": "fs", "reason": "registered", "abilities": ["read_file"], "kind": "module",
                          "wounds": [{"cause": "timeout", "failures": 3, "open_s": 12.5, "chronic": False}]}]}
    live.on_beat(beat(7, T0, {"fs": {"state": "up", "pid": 10, "restarts": 2, "wounds": ["timeout"]}}), status)

    view = live.view()
    assert view["connected"] and view["heart"]["pid"] == 42 and view["heart"]["seq"] == 7
    assert view["organs"] == [{"name": "fs", "state": "up", "pid": 10, "restarts": 2, "reason": "registered",
                               "kind": "module", "abilities": ["read_file"], "breaker": "",
                               "wounds": [{"cause": "timeout", "failures": 3, "open_s": 12.5, "chronic": False}]}]
    assert view["series"]["wounds"] == [[T0, 1]] and view["counts"]["restarts"] == 2


def test_a_beat_without_status_still_shows_the_wound_causes_blood_carries():
    live = Live()
    live.on_beat(beat(1, T0, {"git": {"state": "lost", "pid": 3, "restarts": 0, "wounds": ["network"]}}), None)
    assert live.view()["organs"][0]["wounds"] == [{"cause": "network"}]


def test_calls_are_counted_in_ten_second_buckets_and_old_history_is_dropped():
    live = Live()
    live.on_event(call(1, T0 + 1))
    live.on_event(call(2, T0 + 9, ok=False))
    live.on_event(call(3, T0 + 11))
    assert live.view()["series"]["calls"] == [[T0, 1, 1], [T0 + CALL_BUCKET_S, 1, 0]]

    live.on_beat(beat(1, T0 + WINDOW_S + 30), None)
    assert live.view()["series"]["calls"] == []  # both buckets ended before the window


def test_a_gap_in_event_numbers_is_counted_as_missed_and_a_restarted_heart_starts_over():
    live = Live()
    for seq in (1, 2, 5, 6):
        live.on_event(call(seq, T0))
    assert live.view()["counts"]["missed"] == 2
    live.on_event(call(1, T0))  # a new heart
    live.on_event(call(2, T0))
    assert live.view()["counts"]["missed"] == 2


def test_events_are_kept_newest_first_bounded_and_with_long_arguments_cut():
    live = Live()
    for seq in range(1, EVENTS_KEPT + 11):
        live.on_event(call(seq, T0 + seq, args={"path": "x" * (2000 if seq == EVENTS_KEPT + 10 else 5)}))
    events = live.view()["events"]
    assert len(events) == EVENTS_KEPT and events[0]["seq"] == EVENTS_KEPT + 10
    assert events[0]["args"].endswith("(2012 characters)") and len(events[0]["args"]) < 700
    assert events[1]["args"] == '{"path": "xxxxx"}'


def test_tokens_saved_count_each_new_instruction_and_each_agent_call_at_its_exposure():
    live = Live()
    live.on_beat(beat(1, T0, tokens={"full": 1000, "exposed": 1000}), None)
    live.on_beat(beat(2, T0 + 1, instruction="read the README", tokens={"full": 1000, "exposed": 200}), None)
    live.on_beat(beat(3, T0 + 2, instruction="read the README", tokens={"full": 1000, "exposed": 200}), None)
    live.on_event(call(1, T0 + 2.5))
    live.on_event(call(2, T0 + 2.6, origin="healer"))  # a retry is not a model request
    live.on_beat(beat(4, T0 + 3, instruction="run the tests", tokens={"full": 1000, "exposed": 400}), None)

    exposure = live.view()["exposure"]
    assert exposure["saved"] == {"requests": 3, "tokens": 800 + 800 + 600}
    assert [h["instruction"] for h in exposure["history"]] == ["run the tests", "read the README"]
    assert live.view()["counts"]["retry_attempts"] == 1 and live.view()["counts"]["retried_ok"] == 1


def test_the_instruction_standing_when_the_console_starts_is_shown_but_no_request_it_saw():
    live = Live()
    live.on_beat(beat(1, T0, instruction="read the README", tokens={"full": 3038, "exposed": 0}), None)
    live.on_beat(beat(2, T0 + 1, instruction="read the README", tokens={"full": 3038, "exposed": 0}), None)
    exposure = live.view()["exposure"]
    assert exposure["saved"] == {"requests": 0, "tokens": 0}
    assert [h["instruction"] for h in exposure["history"]] == ["read the README"]
    live.on_event(call(1, T0 + 1.5))  # the agent's next call is one
    assert live.view()["exposure"]["saved"] == {"requests": 1, "tokens": 3038}


def test_a_lost_mesh_is_said_once_until_it_answers_again():
    live = Live()
    live.on_disconnect("the heart stopped")
    version = live.version
    live.on_disconnect("the heart stopped")
    assert live.version == version and live.view()["error"] == "the heart stopped"
    live.on_beat(beat(1, T0), None)
    assert live.view()["connected"] and live.view()["error"] == ""


def test_downsampling_keeps_every_spike():
    points = [(float(i), 1.0) for i in range(1000)]
    points[617] = (617.0, 9.0)
    thinned = downsample(points, 100)
    assert len(thinned) == 100 and max(v for _, v in thinned) == 9.0
    assert thinned[-1][0] == 999.0
    assert downsample(points[:5], 100) == [[float(i), 1.0] for i in range(5)]


def judgment(ident: int, kind: str, strength: float, confirmations: int = 1) -> dict:
    return {"id": ident, "kind": kind, "statement": f"statement {ident}", "strength": strength,
            "confirmations": confirmations, "evidence": []}


def test_the_portrait_puts_red_lines_apart_and_folds_what_faded_unconfirmed():
    drawn = portrait([judgment(1, "principle", 2.0, 2), judgment(2, "redline", 1.0), judgment(3, "taste", 0.3),
                      judgment(4, "workflow", 0.3, 3), judgment(5, "taste", 0.9), judgment(6, "redline", 0.1)])
    sections = {name: [e["id"] for e in entries] for name, entries in drawn["sections"].items()}
    assert sections == {"redline": [2, 6], "principle": [1], "workflow": [4], "taste": [5], "unconfirmed": [3]}
    assert drawn["total"] == 6
    assert drawn["summary"] == ("2 red lines, 1 principle, 1 workflow habit, 1 taste; 1 unconfirmed. "
                                "Strongest: statement 2")


def test_weight_is_drawn_as_line_weight_and_fading_as_opacity_but_red_lines_never_fade():
    drawn = portrait([judgment(1, "principle", 4.0, 4), judgment(2, "principle", 1.0, 2),
                      judgment(3, "redline", 0.5)])
    by_id = {e["id"]: e for entries in drawn["sections"].values() for e in entries}
    assert [by_id[i]["line"] for i in (1, 2, 3)] == [4, 2, 1]
    assert by_id[1]["opacity"] == 1.0 and by_id[2]["opacity"] == 1.0 and by_id[3]["opacity"] == 1.0
    faded = portrait([judgment(1, "taste", 0.6)])["sections"]["taste"][0]
    assert faded["opacity"] == round(0.45 + 0.55 * 0.6, 3)


def test_an_empty_portrait_says_how_judgments_arrive():
    assert "memory.remember" in portrait([])["summary"]


HEART = totals([
    ("actors_retries_total", {"cause": "timeout", "decision": "retried"}, 4.0),
    ("actors_retries_total", {"cause": "network", "decision": "retried"}, 1.0),
    ("actors_retries_total", {"cause": "not_found", "decision": "refer"}, 3.0),
    ("actors_retries_total", {"cause": "crashed", "decision": "fail_fast"}, 2.0),
    ("actors_calls_total", {"organ": "fs", "outcome": "ok"}, 40.0),
    ("actors_calls_total", {"organ": "fs", "outcome": "error"}, 6.0),
    ("actors_organ_restarts_total", {"organ": "fs"}, 2.0),
    ("actors_wounds_total", {"organ": "fs", "cause": "timeout"}, 3.0),
    ("actors_wounds_healed_total", {"organ": "fs", "cause": "timeout"}, 2.0),
    ("actors_heart_beats_total", {}, 99.0),
])


def test_the_saved_view_reads_the_hearts_counters_with_their_inputs():
    assert HEART == {"retries.retried": 5.0, "retries.refer": 3.0, "retries.fail_fast": 2.0, "calls.ok": 40.0,
                     "calls.error": 6.0, "organ_restarts": 2.0, "wounds": 3.0, "wounds_healed": 2.0}
    shown = {r["what"]: r for r in rows(HEART, {"retried_ok": 3, "retry_attempts": 4},
                                        {"saved": {"requests": 2, "tokens": 900},
                                         "tokens": {"full": 1000, "exposed": 550}}, None)}
    assert shown["retries granted"]["value"] == 5 and "3 of the 4 attempts" in shown["retries granted"]["inputs"]
    assert shown["retries refused"]["value"] == 5 and "3 handed straight back" in shown["retries refused"]["inputs"]
    assert shown["organ restarts"]["value"] == 2 and shown["wounds healed"]["value"] == 2
    assert shown["tool-schema tokens not sent"]["value"] == 900
    assert "2 model requests" in shown["tool-schema tokens not sent"]["inputs"]
    assert not any("$" in str(r["value"]) + r["inputs"] for r in shown.values())


def test_the_saved_view_takes_memorys_own_report_with_the_inputs_of_each_estimate():
    memory = {"status": {}, "saved": {
        "suppressed_repeats": {"estimate": 4.5, "method": "expected minus seen",
                               "inputs": {"injections": 3, "repeats_after_injection": 1,
                                          "expected_without_memory": 5.5, "baseline": "failures per session"}},
        "held_back_blocks": {"estimate_tokens": 820, "inputs": {"blocks": 4, "tokens": 820,
                                                                "reinject_after_turns": 4}},
        "retired_cards": 2, "cards": {"pitfall": 3, "rule": 1}}}
    shown = {r["what"]: r for r in rows(None, {"restarts": 1}, {}, memory)}
    repeats = shown["repeated failures suppressed by memory"]
    assert repeats["value"] == 4.5 and repeats["since"] == "memory"
    assert "5.5 failures expected without the warnings (failures per session) − 1 seen after 3 injections" \
        in repeats["inputs"]
    assert shown["memory tokens not repeated"]["value"] == 820 and "4 memory blocks" in \
        shown["memory tokens not repeated"]["inputs"]
    assert shown["cards retired"]["value"] == 2 and shown["cards"]["value"] == 4
    assert shown["organ restarts"]["value"] == 1
