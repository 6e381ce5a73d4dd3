"""The chaos drill: call the organs continuously while killing random ones, and check every success was real.

One loop, one Client. Probes are chosen from the manifest: cheap read-only abilities without required
parameters, plus those whose work can be checked with a token unique to the call — `list_directory` (the
listing of "."), `run` with a `command` (`echo TOKEN` must print TOKEN) and `echo` with an `x` (TOKEN comes
back). A success whose result does not carry the proof is a false success. Every `kill_every_s` a random
supervised organ that is up (never the healer) gets SIGKILL through the heart. Restarts are read from
status at the end against the start.
"""

from __future__ import annotations

import itertools
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from actors.client import Client
from broker.errors import MeshError, MeshUnreachable
from broker.home import Home, pid_alive

HEALER = "healer"  # the healer is never killed: it is what retries the calls the drill is making
CALL_TIMEOUT_S = 10.0
SETTLE_S = 5.0  # at the end, wait this long at most for killed organs to be up again before counting
PROGRESS_EVERY_S = 1.0
FAILURE_PAUSE_S = 0.02  # after a failed call: a caller, not a busy loop against a dead organ's fail-fast answers
TRANSITIONAL = ("starting", "restarting")


@dataclass
class DrillReport:
    """What a drill did and saw. attempted = succeeded + sum(failed) + false_successes."""

    attempted: int = 0
    succeeded: int = 0
    verified: int = 0  # successes whose result carried the call's proof (the rest could only be matched by id)
    failed: Counter = field(default_factory=Counter)  # by cause
    false_successes: int = 0
    kills: int = 0
    kill_errors: int = 0
    restarts: dict[str, int] = field(default_factory=dict)
    fatal: list[str] = field(default_factory=list)  # organs that ended fatal
    probes: list[str] = field(default_factory=list)  # organ.ability addresses called
    uncalled: list[str] = field(default_factory=list)  # organs with no ability the drill can call (still killed)
    duration_s: float = 0.0
    heart_lost: bool = False

    def to_json(self) -> dict[str, Any]:
        """The document `actors drill --json` prints."""
        return {"attempted": self.attempted, "succeeded": self.succeeded, "verified": self.verified,
                "failed": dict(sorted(self.failed.items())), "restarts": dict(sorted(self.restarts.items())),
                "false_successes": self.false_successes, "kills": self.kills, "kill_errors": self.kill_errors,
                "fatal": self.fatal, "probes": self.probes, "uncalled": self.uncalled,
                "duration_s": round(self.duration_s, 3),
                "heart_lost": self.heart_lost}


@dataclass(frozen=True)
class Probe:
    """One cheap call and how to check that its success is real."""

    organ: str
    ability: str
    args: Callable[[str], dict]  # token -> arguments
    proves: Callable[[Any, str], bool] | None  # (result, token) -> the work happened; None: id match only

    @property
    def address(self) -> str:
        return f"{self.organ}.{self.ability}"


Progress = Callable[[DrillReport, str], None]


def run_drill(home: Path | str, duration_s: float, kill_every_s: float, seed: int | None = None,
              on_progress: Progress | None = None) -> DrillReport:
    """Call every organ's cheap abilities for duration_s while killing a random organ every kill_every_s (an
    organ whose abilities all need arguments the drill cannot make up is killed but not called: `uncalled`)."""
    if duration_s <= 0 or kill_every_s <= 0:
        raise ValueError("duration_s and kill_every_s must be positive")
    rng = random.Random(seed)
    report = DrillReport()
    with Client(Home(home)) as client:
        start_status = client.control("status")
        manifest = client.control("manifest")
        probes = choose_probes(manifest)
        if not probes:
            raise MeshError("no organ offers an ability the drill can call (read-only, no required parameters)")
        report.probes = [p.address for p in probes]
        report.uncalled = uncalled(manifest, probes)
        tokens = (f"drill{seed if seed is not None else ''}x{n}x{uuid.uuid4().hex[:12]}" for n in itertools.count())
        started = time.monotonic()
        end, next_kill, next_progress = started + duration_s, started + kill_every_s, started + PROGRESS_EVERY_S
        while (now := time.monotonic()) < end:
            if now >= next_kill:
                note = _kill_one(client, rng, report)
                while next_kill <= now:
                    next_kill += kill_every_s
                _progress(on_progress, report, note)
            failed_before = report.attempted - report.succeeded
            if not _call_one(client, rng.choice(probes), next(tokens), report):
                break
            if report.attempted - report.succeeded > failed_before:
                time.sleep(FAILURE_PAUSE_S)
            if now >= next_progress:
                next_progress += PROGRESS_EVERY_S
                _progress(on_progress, report, "")
        report.duration_s = time.monotonic() - started
        if not report.heart_lost:
            try:
                _settle(client)
                _count_restarts(start_status, client.control("status"), report)
            except MeshUnreachable:
                report.heart_lost = True
    return report


def choose_probes(manifest: dict) -> list[Probe]:
    """The abilities the drill calls: checkable ones, and cheap read-only ones without required parameters."""
    probes = []
    for organ, entry in sorted(manifest.items()):
        for ability in entry.get("abilities", []):
            probe = _probe(organ, ability)
            if probe is not None:
                probes.append(probe)
    return probes


def uncalled(manifest: dict, probes: list[Probe]) -> list[str]:
    """The organs the drill kills but cannot call: none of their abilities is a probe."""
    return sorted(set(manifest) - {p.organ for p in probes})


def _probe(organ: str, ability: dict) -> Probe | None:
    name, params = ability.get("name", ""), ability.get("params") or {}
    properties, required = params.get("properties") or {}, set(params.get("required") or ())
    if name == "run" and "command" in properties and required <= {"command"}:
        limit = {"timeout_s": CALL_TIMEOUT_S / 2} if "timeout_s" in properties else {}
        return Probe(organ, name, lambda t: {"command": f"echo {t}", **limit}, _echoed_stdout)
    if name == "echo" and "x" in properties and required <= {"x"}:
        return Probe(organ, name, lambda t: {"x": t}, _echoed_x)
    if not ability.get("read_only") or required:
        return None
    if name == "list_directory" and "path" in properties:
        return Probe(organ, name, lambda t: {"path": "."}, _listed_here)
    return Probe(organ, name, lambda t: {}, None)


def _echoed_stdout(result: Any, token: str) -> bool:
    return isinstance(result, dict) and result.get("exitCode") == 0 and str(result.get("stdout", "")).strip() == token


def _echoed_x(result: Any, token: str) -> bool:
    return result == token or (isinstance(result, dict) and result.get("x") == token)


def _listed_here(result: Any, token: str) -> bool:
    return isinstance(result, dict) and result.get("path") == "." and isinstance(result.get("entries"), list)


def _call_one(client: Client, probe: Probe, token: str, report: DrillReport) -> bool:
    """Make one call and account for it; False when the heart is gone."""
    report.attempted += 1
    try:
        reply = client.call(probe.organ, probe.ability, probe.args(token), timeout_s=CALL_TIMEOUT_S,
                            origin="background")
    except MeshUnreachable:
        report.failed["mesh_unreachable"] += 1
        if not pid_alive(client.endpoints["pid"]):
            report.heart_lost = True
            return False
        return True
    if not reply.ok:
        report.failed[reply.error.cause if reply.error else "unknown"] += 1
    elif probe.proves is None:
        report.succeeded += 1
    elif probe.proves(reply.result, token):
        report.succeeded += 1
        report.verified += 1
    else:
        report.false_successes += 1
    return True


def _kill_one(client: Client, rng: random.Random, report: DrillReport) -> str:
    try:
        organs = client.control("status")["organs"]
    except MeshError as exc:
        report.kill_errors += 1
        return f"cannot read status: {exc}"
    targets = [o["name"] for o in organs
               if o["kind"] != "external" and o["name"] != HEALER and o["state"] == "up" and o["pid"]]
    if not targets:
        return "no organ is up to kill"
    victim = rng.choice(targets)
    try:
        done = client.control("kill", organ=victim, signal_name="KILL")
    except MeshError as exc:
        report.kill_errors += 1
        return f"cannot kill {victim}: {exc}"
    report.kills += 1
    return f"killed {victim} (pid {done.get('pid')})"


def _settle(client: Client) -> None:
    deadline = time.monotonic() + SETTLE_S
    while time.monotonic() < deadline:
        if not any(o["state"] in TRANSITIONAL for o in client.control("status")["organs"]):
            return
        time.sleep(0.1)


def _count_restarts(before: dict, after: dict, report: DrillReport) -> None:
    start = {o["name"]: o["restarts"] for o in before["organs"]}
    report.restarts = {o["name"]: max(0, o["restarts"] - start.get(o["name"], 0)) for o in after["organs"]}
    report.fatal = sorted(o["name"] for o in after["organs"] if o["state"] == "fatal")


def _progress(on_progress: Progress | None, report: DrillReport, note: str) -> None:
    if on_progress is not None:
        on_progress(report, note)
