"""The heart's shape: no import cycle in broker/, a loop short enough to read, one place for state changes."""

from __future__ import annotations

import ast
import re
from pathlib import Path

BROKER = Path(__file__).resolve().parent.parent / "broker"
HEART_MAX_LINES = 300


def broker_imports() -> dict[str, set[str]]:
    """Each broker module -> the broker modules it imports (at any depth of its code, TYPE_CHECKING included).

    `from broker.pkg import sub` is an edge to broker.pkg.sub when that is a module; an edge from a
    submodule to its own package is left out (Python imports a package before its submodules, always).
    """
    trees = {".".join(p.relative_to(BROKER.parent).with_suffix("").parts).removesuffix(".__init__"):
             ast.parse(p.read_text(encoding="utf-8")) for p in BROKER.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, tree in trees.items():
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & trees.keys()
                found |= subs or {node.module}
        graph[module] = {d for d in found if d in trees and d != module and not module.startswith(d + ".")}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the modules along it, or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_cycle_finder_finds_a_cycle_it_is_shown():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []


def test_no_module_of_broker_imports_itself_through_others():
    graph = broker_imports()

    assert "broker.heart" in graph and graph["broker.calls"], "the import graph was not read"
    assert cycle(graph) == []


def test_no_collaborator_of_the_heart_imports_the_heart():
    importers = [m for m, deps in broker_imports().items() if "broker.heart" in deps and m != "broker.__main__"]

    assert importers == []


def test_the_heart_module_is_at_most_three_hundred_lines():
    assert len((BROKER / "heart.py").read_text(encoding="utf-8").splitlines()) <= HEART_MAX_LINES


def test_only_the_organ_table_assigns_an_organ_state():
    assigns = re.compile(r"^\s*[\w., ]*\brec\.state\b[\w., ]*=[^=]", re.MULTILINE)
    offenders = [str(p.relative_to(BROKER)) for p in BROKER.rglob("*.py")
                 if p.name != "organs.py" and assigns.search(p.read_text(encoding="utf-8"))]
    assert assigns.search("    rec.state, rec.reason = 'up', ''") and not assigns.search("    if rec.state == 'up':")

    assert offenders == []
