"""Memory in a real mesh: calls reach the journal, deep sleep consolidates, memory.recall answers."""

from __future__ import annotations

import json

from actors.memory.service import Memory
from tests.conftest import wait_for

MEMORY_MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600
light_after_s = 1.0
deep_after_s = 2.0

[organs.echo]
module = "tests.organs.echo"

[organs.memory]
module = "actors.memory.organ"
"""


def call(mesh, target: str, as_session: str = "", **args) -> dict:
    extra = ("--session", as_session) if as_session else ()
    result = mesh.cli("call", target, "--args", json.dumps(args), "--json", *extra, timeout=60)
    return json.loads(result.stdout)


def journal(mesh) -> list[tuple]:
    with Memory(mesh.home) as memory:
        return memory.writer.execute("SELECT kind, organ, ability, ok, session, args, origin FROM events "
                                     "ORDER BY id").fetchall()


def test_calls_reach_the_journal_deep_sleep_distils_them_and_memory_recall_answers(make_mesh):
    mesh = make_mesh(MEMORY_MESH)
    assert call(mesh, "echo.echo", as_session="s1", x="hello")["ok"]
    for what in ("alpha.cfg", "beta.cfg", "gamma.cfg"):
        assert not call(mesh, "echo.missing", as_session="s1", what=what)["ok"]
    mesh.cli("instruct", "make the login tests pass", "--session", "s1", check=True)

    def journalled():
        rows = journal(mesh)
        calls = [r for r in rows if r[0] == "call" and r[1] == "echo"]
        return len(calls) >= 4 and any(r[0] == "progress" and r[4] == "s1" for r in rows) and rows
    rows = wait_for(journalled, timeout=20, what="the calls and the progress event in the journal")
    echo = [r for r in rows if r[0] == "call" and r[1] == "echo"]
    assert [(r[2], r[3], r[4]) for r in echo[:4]] == [("echo", 1, "s1")] + [("missing", 0, "s1")] * 3
    assert json.loads(echo[1][5]) == {"what": "alpha.cfg"} and echo[1][6] == "agent"

    # nothing but time passes: the stage turns deep and the organ consolidates on its own
    def distilled():
        with Memory(mesh.home) as memory:
            return [c for c in memory.cards() if c.kind == "pitfall"]
    [pitfall] = wait_for(distilled, timeout=30, what="a pitfall card after deep sleep")
    assert "echo.missing" in pitfall.title

    recalled = call(mesh, "memory.recall", query="echo missing no such thing", limit=3)
    assert recalled["ok"], recalled
    assert recalled["result"]["cards"][0]["id"] == pitfall.id
    assert call(mesh, "memory.status")["result"]["lost_events"] == 0

    cli = json.loads(mesh.cli("recall", "echo missing no such thing", "--json", check=True).stdout)
    assert cli["cards"][0]["id"] == pitfall.id  # the CLI reads the same file beside the running organ

    injected = call(mesh, "memory.inject", query="echo missing", session="s2")
    assert injected["ok"], injected
    injected = injected["result"]
    assert injected["text"].startswith('<memory advisory="true">') and pitfall.id in injected["cards"]
