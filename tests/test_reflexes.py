"""Reflexes: condition trees, actions, matching, rendering, and the engine's cooldowns, credit and retirement."""

from __future__ import annotations

import itertools

import pytest

from actors.reflexes import ReflexEngine, check_action, check_condition, matches, render
from broker.protocol import LEVELS, Event, Reflex

NOW = 1000.0
CREDIT_WINDOW, RETIRE_AFTER = 60.0, 3
SEQ = itertools.count(1)
TIMEOUT_ON_FS = {"organ": "fs", "cause": "timeout"}
STAT = {"call": "fs.stat", "args": {"path": "/"}}


def event(at: float = NOW, kind: str = "call", organ: str = "fs", ability: str = "read_file", ok: bool = False,
          cause: str = "timeout", origin: str = "agent", **more) -> Event:
    return Event(seq=next(SEQ), at=at, kind=kind, organ=organ, ability=ability, ok=ok, cause=cause, origin=origin,
                 **more)


def healed(organ: str = "fs", at: float = NOW) -> Event:
    return Event(seq=next(SEQ), at=at, kind="healed", organ=organ)


def reflex(name: str = "stat-on-timeout", when: dict | None = None, then: dict | None = None,
           cooldown_s: float = 0.0, max_fires: int = 100) -> Reflex:
    return Reflex(when=when or TIMEOUT_ON_FS, then=then or STAT, name=name, cooldown_s=cooldown_s,
                  max_fires=max_fires)


def engine_with(*reflexes: Reflex, owner: str = "fs") -> ReflexEngine:
    engine = ReflexEngine(credit_window_s=CREDIT_WINDOW, retire_after=RETIRE_AFTER)
    assert engine.load({owner: list(reflexes)}) == []
    return engine


# -- check_condition -----------------------------------------------------------------------

@pytest.mark.parametrize("when", [
    {"organ": "fs"},
    {"organ": "fs", "ability": "read_file", "cause": "timeout", "ok": False, "origin": "agent"},
    {"cause": "timeout", "count": 3, "window_s": 60},
    {"count": 1},
    {"all": [{"organ": "fs"}, {"cause": "timeout"}]},
    {"any": [{"organ": "fs"}]},
    {"not": {"organ": "shell"}},
    {"all": [{"not": {"any": [{"cause": "timeout"}, {"cause": "network", "count": 2}]}}]},
], ids=["field", "every_field", "count", "count_alone", "all", "any", "not", "nested"])
def test_check_condition_accepts_a_well_formed_tree(when):
    assert check_condition(when) == ""


@pytest.mark.parametrize("when, path", [
    ("organ == fs", "when"),
    ([{"organ": "fs"}], "when"),
    ({}, "when"),
    ({"organ": "fs", "colour": "red"}, "when"),
    ({"all": []}, "when.all"),
    ({"any": {"organ": "fs"}}, "when.any"),
    ({"all": [{"organ": "fs"}], "organ": "fs"}, "when.all"),
    ({"any": [{"organ": "fs"}, {}]}, "when.any[1]"),
    ({"not": {}}, "when.not"),
    ({"not": {"organ": "fs"}, "cause": "timeout"}, "when.not"),
    ({"count": 0}, "when.count"),
    ({"count": -2}, "when.count"),
    ({"count": 2.5}, "when.count"),
    ({"count": "3"}, "when.count"),
    ({"all": [{"organ": "fs"}, {"not": {"any": [{"count": 0}]}}]}, "when.all[1].not.any[0].count"),
], ids=["string", "list", "empty", "unknown_key", "empty_all", "any_not_a_list", "all_with_sibling",
        "empty_child", "empty_not", "not_with_sibling", "count_zero", "count_negative", "count_float",
        "count_string", "deep"])
def test_check_condition_rejects_a_malformed_tree_naming_the_path(when, path):
    assert check_condition(when).startswith(f"{path}: ")


def test_check_condition_names_the_unknown_keys():
    problem = check_condition({"organ": "fs", "colour": "red", "size": 2})

    assert "colour" in problem and "size" in problem and "organ" not in problem.split("(")[0]


@pytest.mark.parametrize("window_s", ["soon", -5.0])
def test_check_condition_rejects_a_window_that_is_not_a_positive_number(window_s):
    assert check_condition({"cause": "timeout", "count": 2, "window_s": window_s}).startswith("when.window_s: ")


# -- check_action --------------------------------------------------------------------------

@pytest.mark.parametrize("then", [
    {"call": "fs.stat"},
    {"call": "fs.stat", "args": {"path": "/"}},
    *({"alert": {"level": level, "message": "{organ} hurts"}} for level in LEVELS),
])
def test_check_action_accepts_a_well_formed_action(then):
    assert check_action(then) == ""


@pytest.mark.parametrize("then, path", [
    ("fs.stat", "then"),
    ({}, "then"),
    ({"call": "fs.stat", "alert": {"level": "warn", "message": "x"}}, "then"),
    ({"call": "fs.stat", "extra": 1}, "then"),
    ({"alert": {"level": "warn", "message": "x"}, "args": {}}, "then"),
    ({"args": {}}, "then"),
    ({"call": "stat"}, "then.call"),
    ({"call": 3}, "then.call"),
    ({"call": "fs.stat", "args": ["/"]}, "then.args"),
    ({"alert": "warn"}, "then.alert"),
    ({"alert": {"message": "x"}}, "then.alert"),
    ({"alert": {"level": "panic", "message": "x"}}, "then.alert"),
    ({"alert": {"level": "warn"}}, "then.alert"),
    ({"alert": {"level": "warn", "message": 7}}, "then.alert"),
], ids=["string", "empty", "call_and_alert", "call_with_extra", "alert_with_args", "args_alone",
        "call_without_dot", "call_not_a_string", "args_not_a_map", "alert_not_a_map", "alert_without_level",
        "alert_unknown_level", "alert_without_message", "alert_message_not_a_string"])
def test_check_action_rejects_a_malformed_action_naming_the_path(then, path):
    assert check_action(then).startswith(f"{path}: ")


# -- matches -------------------------------------------------------------------------------

@pytest.mark.parametrize("when, expected", [
    ({"organ": "fs"}, True),
    ({"organ": "shell"}, False),
    ({"organ": "fs", "cause": "timeout"}, True),
    ({"organ": "fs", "cause": "network"}, False),
    ({"ability": "read_file"}, True),
    ({"ability": "write_file"}, False),
    ({"ok": False}, True),
    ({"ok": True}, False),
    ({"origin": "agent"}, True),
    ({"origin": "heart"}, False),
])
def test_a_field_leaf_matches_when_every_field_it_names_is_equal(when, expected):
    assert matches(when, event()) is expected


@pytest.mark.parametrize("when, expected", [
    ({"all": [{"organ": "fs"}, {"cause": "timeout"}]}, True),
    ({"all": [{"organ": "fs"}, {"cause": "network"}]}, False),
    ({"any": [{"organ": "shell"}, {"cause": "timeout"}]}, True),
    ({"any": [{"organ": "shell"}, {"cause": "network"}]}, False),
    ({"not": {"organ": "shell"}}, True),
    ({"not": {"organ": "fs"}}, False),
    ({"all": [{"organ": "fs"}, {"not": {"any": [{"cause": "network"}, {"ok": True}]}}]}, True),
])
def test_combinators_combine_their_parts(when, expected):
    assert matches(when, event()) is expected


def burst(times: list[float], **fields) -> list[Event]:
    return [event(at=t, **fields) for t in times]


@pytest.mark.parametrize("count, expected", [(2, True), (3, True), (4, False)])
def test_a_count_leaf_needs_that_many_matching_events_within_the_window(count, expected):
    history = burst([NOW - 20, NOW - 10, NOW])

    assert matches({"cause": "timeout", "count": count, "window_s": 60}, history[-1], history) is expected


def test_events_outside_the_window_are_not_counted():
    history = burst([NOW - 90, NOW - 80, NOW - 30, NOW])
    when = {"cause": "timeout", "count": 3, "window_s": 60}

    assert matches(when, history[-1], history) is False
    assert matches({**when, "count": 2}, history[-1], history) is True


def test_the_window_defaults_to_sixty_seconds():
    history = burst([NOW - 61, NOW - 59, NOW])

    assert matches({"cause": "timeout", "count": 2}, history[-1], history) is True
    assert matches({"cause": "timeout", "count": 3}, history[-1], history) is False


def test_a_count_only_counts_the_events_that_fit_the_leaf():
    history = [*burst([NOW - 3, NOW - 2], organ="shell"), *burst([NOW - 1, NOW])]

    assert matches({"organ": "fs", "count": 3}, history[-1], history) is False
    assert matches({"organ": "fs", "count": 2}, history[-1], history) is True


def test_a_count_is_not_met_when_the_event_itself_does_not_fit():
    history = burst([NOW - 3, NOW - 2, NOW - 1])
    other = event(at=NOW, organ="shell")

    assert matches({"organ": "fs", "count": 3}, other, [*history, other]) is False


# -- render --------------------------------------------------------------------------------

def test_render_fills_organ_ability_and_cause_everywhere_they_appear():
    message = render("{organ}.{ability} failed: {cause} ({organ})", event(organ="fs", ability="stat", cause="network"))

    assert message == "fs.stat failed: network (fs)"


@pytest.mark.parametrize("template", [
    "{__class__}", "{0}", "{}", "{organ.__dict__}", "{ability!r}", "{cause:>10}", "{seq} {args}", "{",
])
def test_render_leaves_every_other_brace_alone(template):
    assert render(template, event()) == template


def test_render_does_not_reinterpret_braces_inside_a_value_it_filled_in():
    assert render("{ability}: {cause}", event(ability="{cause}", cause="timeout")) == "{cause}: timeout"


# -- engine: loading -----------------------------------------------------------------------

def test_load_reports_a_malformed_reflex_by_owner_and_name_and_keeps_the_good_ones():
    engine = ReflexEngine()
    bad_when = reflex("bad-when", when={"organ": "fs", "colour": "red"})
    bad_then = reflex("bad-then", then={"call": "stat"})

    problems = engine.load({"fs": [reflex("good"), bad_when], "shell": [bad_then]})

    assert len(problems) == 2
    assert problems[0].startswith("fs/bad-when: when: unknown keys")
    assert problems[1].startswith("shell/bad-then: then.call: ")
    assert set(engine.states) == {"fs/good"}


def test_an_unnamed_reflex_is_known_by_its_content_wherever_it_stands():
    engine = ReflexEngine()
    unnamed = reflex("")

    engine.load({"fs": [reflex("first"), unnamed]})
    (key,) = set(engine.states) - {"fs/first"}
    engine.load({"fs": [unnamed, reflex("first")]})

    assert key.startswith("fs/reflex-")
    assert set(engine.states) == {"fs/first", key}


def test_reloading_keeps_the_record_of_a_known_reflex_and_takes_its_new_definition():
    engine = engine_with(reflex(cooldown_s=0.0))
    engine.on_event(event(at=NOW), NOW)

    assert engine.load({"fs": [reflex(cooldown_s=500.0)]}) == []

    state = engine.states["fs/stat-on-timeout"]
    assert state.fires == 1
    assert state.reflex.cooldown_s == 500.0
    assert engine.on_event(event(at=NOW + 10), NOW + 10) == []


def test_reloading_forgets_a_reflex_that_is_no_longer_declared():
    engine = engine_with(reflex("a"), reflex("b"))

    engine.load({"fs": [reflex("b")]})

    assert set(engine.states) == {"fs/b"}


# -- engine: firing ------------------------------------------------------------------------

def test_a_matching_call_event_fires_the_reflex_with_its_action():
    engine = engine_with(reflex())
    failure = event()

    firings = engine.on_event(failure, NOW)

    assert len(firings) == 1
    assert firings[0].reflex == "fs/stat-on-timeout"
    assert firings[0].action == {"call": "fs.stat", "args": {"path": "/"}}
    assert firings[0].event is failure
    assert engine.states["fs/stat-on-timeout"].fires == 1


def test_a_call_event_that_does_not_match_fires_nothing():
    engine = engine_with(reflex())

    assert engine.on_event(event(cause="network"), NOW) == []
    assert engine.states["fs/stat-on-timeout"].fires == 0


def test_an_alert_reflex_fires_with_its_message_rendered():
    engine = engine_with(reflex(then={"alert": {"level": "warn", "message": "{organ}.{ability}: {cause}"}}))

    [firing] = engine.on_event(event(ability="read_file"), NOW)

    assert firing.action == {"alert": {"level": "warn", "message": "fs.read_file: timeout"}}


def test_a_reflex_does_not_fire_again_before_its_cooldown_has_passed():
    engine = engine_with(reflex(cooldown_s=30.0))
    assert len(engine.on_event(event(at=NOW), NOW)) == 1

    assert engine.on_event(event(at=NOW + 29.999), NOW + 29.999) == []
    assert len(engine.on_event(event(at=NOW + 30), NOW + 30)) == 1
    assert engine.states["fs/stat-on-timeout"].fires == 2


def test_a_reflex_stops_firing_at_max_fires():
    engine = engine_with(reflex(max_fires=2))

    fired = [len(engine.on_event(event(at=NOW + i), NOW + i)) for i in range(5)]

    assert fired == [1, 1, 0, 0, 0]


@pytest.mark.parametrize("message", ["", "timeout error failure", "crashed: network unreachable, retry failed"])
def test_a_reflexs_own_calls_never_trigger_reflexes_whatever_their_message(message):
    engine = engine_with(reflex(when={"organ": "fs"}))

    assert engine.on_event(event(origin="reflex", message=message), NOW) == []
    assert engine.states["fs/stat-on-timeout"].fires == 0


def test_a_reflexs_own_calls_do_not_count_toward_a_count_condition():
    engine = engine_with(reflex(when={"organ": "fs", "count": 2, "window_s": 60}))
    assert engine.on_event(event(at=NOW), NOW) == []

    for i in range(5):
        assert engine.on_event(event(at=NOW + 1 + i, origin="reflex"), NOW + 1 + i) == []

    assert len(engine.on_event(event(at=NOW + 10), NOW + 10)) == 1


@pytest.mark.parametrize("kind", ["wound", "alert"])
def test_events_other_than_calls_never_fire_a_reflex(kind):
    engine = engine_with(reflex())

    assert engine.on_event(event(kind=kind), NOW) == []
    assert engine.states["fs/stat-on-timeout"].fires == 0


# -- engine: credit and retirement ---------------------------------------------------------

def test_a_heal_of_the_organ_within_the_credit_window_credits_the_reflex():
    engine = engine_with(reflex())
    engine.on_event(event(at=NOW), NOW)

    assert engine.on_event(healed("fs"), NOW + CREDIT_WINDOW) == []

    state = engine.states["fs/stat-on-timeout"]
    assert (state.credited, state.unhelpful, state.awaiting) == (1, 0, [])
    assert engine.expire(NOW + 10 * CREDIT_WINDOW) == []
    assert state.unhelpful == 0, "a credited fire is not counted again as unhelpful"


def test_a_heal_resets_the_count_of_unhelpful_fires():
    engine = engine_with(reflex())
    engine.on_event(event(at=NOW), NOW)
    engine.expire(NOW + CREDIT_WINDOW + 1)
    state = engine.states["fs/stat-on-timeout"]
    assert state.unhelpful == 1

    later = NOW + 100
    engine.on_event(event(at=later), later)
    engine.on_event(healed("fs"), later + 5)

    assert (state.credited, state.unhelpful) == (1, 0)


@pytest.mark.parametrize("organ, after_s", [("shell", 5.0), ("fs", CREDIT_WINDOW + 0.001)],
                         ids=["another_organ", "too_late"])
def test_a_heal_of_another_organ_or_after_the_window_earns_no_credit(organ, after_s):
    engine = engine_with(reflex())
    engine.on_event(event(at=NOW), NOW)

    engine.on_event(healed(organ), NOW + after_s)

    assert engine.states["fs/stat-on-timeout"].credited == 0


def test_a_fire_whose_wound_does_not_heal_in_time_counts_as_unhelpful():
    engine = engine_with(reflex())
    engine.on_event(event(at=NOW), NOW)
    state = engine.states["fs/stat-on-timeout"]

    engine.expire(NOW + CREDIT_WINDOW)
    assert state.unhelpful == 0

    engine.expire(NOW + CREDIT_WINDOW + 0.001)
    assert (state.unhelpful, state.awaiting) == (1, [])

    engine.expire(NOW + 10 * CREDIT_WINDOW)
    assert state.unhelpful == 1, "a fire is counted as unhelpful once"


def unhelpful_fires(engine: ReflexEngine, times: int, start: float) -> float:
    """Fire the reflex `times` times, each left unhealed past the credit window; return the time after."""
    now = start
    for _ in range(times):
        assert len(engine.on_event(event(at=now), now)) == 1
        now += CREDIT_WINDOW + 1
        engine.expire(now)
    return now


def test_a_reflex_is_retired_after_retire_after_unhelpful_fires_and_reported_once():
    engine = engine_with(reflex())
    now = unhelpful_fires(engine, RETIRE_AFTER - 1, NOW)
    assert engine.states["fs/stat-on-timeout"].retired is False

    engine.on_event(event(at=now), now)
    now += CREDIT_WINDOW + 1

    assert engine.expire(now) == ["fs/stat-on-timeout"]
    assert engine.expire(now + 1000) == []
    assert engine.states["fs/stat-on-timeout"].retired is True


def test_each_late_fire_counts_even_when_they_expire_in_one_pass_and_the_retirement_is_reported_once():
    engine = engine_with(reflex())
    for i in range(RETIRE_AFTER + 1):
        engine.on_event(event(at=NOW + i), NOW + i)

    # all fires but the last are late now
    assert engine.expire(NOW + RETIRE_AFTER - 1 + CREDIT_WINDOW + 0.5) == ["fs/stat-on-timeout"]
    assert engine.states["fs/stat-on-timeout"].unhelpful == RETIRE_AFTER

    assert engine.expire(NOW + 10 * CREDIT_WINDOW) == []
    assert engine.states["fs/stat-on-timeout"].unhelpful == RETIRE_AFTER + 1


def test_a_retired_reflex_never_fires_again_even_after_a_reload():
    engine = engine_with(reflex())
    now = unhelpful_fires(engine, RETIRE_AFTER, NOW)
    assert engine.states["fs/stat-on-timeout"].retired is True

    alert = reflex("alert", when={"organ": "fs"}, then={"alert": {"level": "warn", "message": "{organ}"}})
    assert engine.load({"fs": [reflex(), alert]}) == []

    assert [f.reflex for f in engine.on_event(event(at=now + 1000), now + 1000)] == ["fs/alert"]


def test_only_unhelpful_fires_in_a_row_retire_a_reflex():
    engine = engine_with(reflex())
    now = unhelpful_fires(engine, RETIRE_AFTER - 1, NOW)
    engine.on_event(event(at=now), now)
    engine.on_event(healed("fs"), now + 1)

    now = unhelpful_fires(engine, RETIRE_AFTER - 1, now + 10)

    assert engine.states["fs/stat-on-timeout"].retired is False
