"""Each MCP client's view: versions told once, turns, pins, bounds. No sockets."""

from __future__ import annotations

from actors.front import clients
from actors.front.clients import View, Views


def test_the_same_tools_in_another_order_are_no_change_to_tell():
    # a small mesh is listed whole, the tool used last first: using another reorders it, and the client is told nothing
    view = View("k")
    assert not view.adopt(("i", 1, frozenset()), ("fs.read", "shell.run"), (), {})
    assert not view.adopt(("j", 1, frozenset()), ("shell.run", "fs.read"), (), {})
    assert not view.take_notice() and view.version == 1


def test_the_first_exposure_is_a_baseline_and_each_change_is_a_version_told_once():
    view = View("k")

    assert not view.adopt(("i", 1, frozenset()), ("fs.read",), (), {})
    assert not view.take_notice()
    assert not view.adopt(("i", 2, frozenset()), ("fs.read",), (), {})  # recomputed, same set: no change
    assert view.adopt(("j", 2, frozenset()), ("shell.run",), (), {})
    assert view.take_notice()
    assert not view.take_notice()
    assert view.adopt(("k", 2, frozenset()), ("fs.read",), (), {})
    view.listed()  # the client listed before it was told: nothing left to tell
    assert not view.take_notice()
    assert view.version == 3


def test_a_new_instruction_is_a_new_turn_and_old_uses_fade():
    view = View("k")
    view.use("fs.read")
    for turn in range(4):
        view.follow(f"instruction {turn}")
        assert ("fs.read" in view.recent()) is (turn < 3)
    view.follow("instruction 3")  # the same instruction again is not a turn
    assert view.hysteresis.turn == 4


def test_pins_come_first_and_never_fade():
    view = View("k", pins=("fs.read",))
    view.use("shell.run")
    for turn in range(5):
        view.follow(str(turn))

    assert view.recent() == ("fs.read",)
    assert view.wanted(7) == ("4", 7, frozenset({"fs.read"}))


def test_a_view_is_stale_exactly_when_the_exposure_it_wants_differs_from_the_one_it_has():
    view = View("k")
    steps = [
        lambda: view.use("fs.read"),
        lambda: view.adopt(view.wanted(1), ("fs.read",), (), {}),
        lambda: view.use("fs.read"),  # the same tool again: nothing to compute
        lambda: view.use("fs.read"),
        lambda: None,
        lambda: view.use("shell.run"),  # a new one: the recent set changed
        lambda: view.adopt(view.wanted(1), ("fs.read", "shell.run"), (), {}),
        lambda: view.use("fs.read"),  # known: it only moves up
        lambda: view.follow("a new instruction"),
        lambda: view.adopt(view.wanted(1), ("fs.read",), (), {}),
        lambda: setattr(view, "pins", ("web.get",)),
        lambda: view.adopt(view.wanted(1), ("web.get",), (), {}),
        lambda: view.use("web.get"),
    ]
    for catalogue in (1, 1, 2):  # the last pass: a new catalogue, every view stale until it is adopted
        for step in steps:
            step()
            assert view.stale(catalogue) == (view.wanted(catalogue) != view.inputs)
            assert view.stale(catalogue) == (view.wanted(catalogue) != view.inputs), "asked twice, same answer"


def test_views_are_bounded_and_idle_views_without_a_connection_are_forgotten(monkeypatch):
    monkeypatch.setattr(clients, "MAX_CLIENTS", 3)
    views = Views(pins=("fs.read",))
    views.get("idle", now=0.0)
    connected, _ = views.get("connected", now=0.0)
    connected.channel = object()
    views.get("a", now=clients.IDLE_FORGET_S + 1)

    assert [v.key for v in views.all()] == ["connected", "a"]
    assert views.get("a")[0].pins == ("fs.read",) and not views.get("a")[1]
    views.get("b")
    views.get("c")
    assert len(views.all()) == 3


def test_a_view_is_held_until_its_client_is_forgotten_or_comes_back_as_a_new_view():
    views = Views()
    view, _ = views.get("pipe")
    assert views.holds(view)
    views.forget("pipe")
    assert not views.holds(view)
    again, new = views.get("pipe")
    assert new and views.holds(again) and not views.holds(view)


def test_a_tool_sent_brief_and_then_whole_is_a_new_version_though_the_exposed_set_is_the_same():
    view = View("k")
    brief = ({"name": "fs__read", "description": "Read a file.", "inputSchema": {"type": "object"}},)
    whole = ({"name": "fs__read", "description": "Read a file. Give its path.", "inputSchema": {"type": "object"}},)
    assert not view.adopt(("i", 1, frozenset()), ("fs.read",), brief, {})
    assert not view.adopt(("i", 2, frozenset()), ("fs.read",), tuple(dict(t) for t in brief), {}), "equal tools"
    assert view.adopt(("i", 2, frozenset({"fs.read"})), ("fs.read",), whole, {})
    assert view.take_notice() and not view.take_notice()
