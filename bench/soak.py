"""Soak: minutes of mixed calls with random organ kills, FIFOs, oversized payloads, timeouts and output floods.

A mesh of echo, fs, shell and the healer (frame limit 1 MiB) takes calls from several callers at once for
--minutes, while a killer SIGKILLs a random organ every --kill-every seconds. The calls mix small echoes,
file reads (a FIFO among the files), requests and replies over the frame limit, commands that time out,
commands that leave a `setsid` process behind (finished or timed out) and commands that print --flood-mb of
output. Then the mesh is stopped. The checks, each PASS or FAIL (exit 1 if any fails):

- every call answered: `Client.call` returned a reply, never raised, for every call made;
- nothing hung: every call answered within its own bound (its timeout plus the client's grace);
- no process escaped: after `actors down`, none of the `setsid` processes commands left is alive, no
  process still carries the mesh's home or a command tag of a dead shell organ, no command cgroup is left;
- RSS flat: the heart's resident memory over the last fifth of the run is within 20 % (or 16 MiB) of the
  first fifth's (after a warm-up); organs' memory is printed too (kills restart them, so it is not judged).

Run `python bench/soak.py [--minutes 10] [--callers 6] [--kill-every 7] [--flood-mb 200] [--seed 1]`.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actors import client as client_module  # noqa: E402
from actors.client import Client  # noqa: E402
from actors.organs import containment  # noqa: E402
from bench._mesh import Mesh, config_text  # noqa: E402
from bench._stats import describe, percentile  # noqa: E402
from broker.errors import MeshError  # noqa: E402
from broker.home import Home, pid_alive  # noqa: E402

LIMIT = 1024 * 1024
WARMUP_S = 20.0
SAMPLE_EVERY_S = 5.0
RSS_SLACK = 1.2
RSS_SLACK_BYTES = 16 * 1024 * 1024
KILLED = ("echo", "fs", "shell")
UNAVAILABLE = ("crashed", "network", "organ_unhealthy")  # the organ died, is restarting, or fails fast
UNAVAILABLE_PAUSE_S = 0.05


@dataclass
class Action:
    organ: str
    ability: str
    timeout_s: float  # 0: the ability's own (the client's bound comes from the manifest)
    weight: int
    args: dict = field(default_factory=dict)


def actions(flood_mb: int) -> dict[str, Action]:
    """The mixed workload, by name."""
    return {
        "echo": Action("echo", "echo", 5.0, 30, {"x": "hello"}),
        "read": Action("fs", "read_file", 0.0, 20, {"path": "notes.txt", "limit": 5}),
        "fifo": Action("fs", "read_file", 2.0, 4, {"path": "pipe"}),
        "too_big_request": Action("echo", "echo", 5.0, 4, {"x": "y" * (LIMIT + LIMIT // 2)}),
        "too_big_reply": Action("echo", "blob", 5.0, 4, {"size": LIMIT + LIMIT // 2}),
        "command": Action("shell", "run", 10.0, 15, {"command": "echo hi; ls | head -3"}),
        "timeout": Action("shell", "run", 0.5, 8, {"command": "sleep 5; echo late >> late.log"}),
        "leave_behind": Action("shell", "run", 10.0, 4, {"command": "setsid sleep 300 > /dev/null 2>&1 & echo $!"}),
        "escape_timeout": Action("shell", "run", 0.5, 4, {"command": "setsid sh -c 'echo $$.$(cut -d\" \" -f22 "
                                                               "/proc/$$/stat) >> escaped.pids; exec sleep 300' & sleep 5"}),
        "flood": Action("shell", "run", 60.0, 3, {"command": f"yes | head -c {flood_mb * 1024 * 1024}"}),
    }


@dataclass
class Record:
    action: str
    latency_s: float
    bound_s: float
    outcome: str  # ok | a cause | raised: ...
    process: str = ""  # a process the command left behind, as pid.starttime (pids are reused)


class Soak:
    def __init__(self, mesh: Mesh, workdir: Path, args: argparse.Namespace) -> None:
        self.mesh, self.workdir, self.args = mesh, workdir, args
        self.actions = actions(args.flood_mb)
        self.end = time.monotonic() + args.minutes * 60
        self.lock = threading.Lock()
        self.records: list[Record] = []
        self.kills: Counter[str] = Counter()
        self.rss: list[tuple[float, int, int]] = []  # (elapsed s, heart bytes, organs bytes)
        self.started = time.monotonic()

    def run(self) -> None:
        threads = [threading.Thread(target=self.caller, args=(i,), daemon=True) for i in range(self.args.callers)]
        threads += [threading.Thread(target=self.killer, daemon=True), threading.Thread(target=self.sampler,
                                                                                      daemon=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0.0, self.end - time.monotonic()) + 120)

    def caller(self, index: int) -> None:
        rng = random.Random(self.args.seed * 1000 + index)
        names = list(self.actions)
        weights = [self.actions[n].weight for n in names]
        with Client(self.mesh.home) as client:
            while time.monotonic() < self.end:
                name = rng.choices(names, weights)[0]
                record = self.call(client, name)
                self.records.append(record)
                if record.outcome in UNAVAILABLE:
                    time.sleep(UNAVAILABLE_PAUSE_S)  # as an agent would, rather than spin on a restarting organ

    def call(self, client: Client, name: str) -> Record:
        action = self.actions[name]
        bound = (action.timeout_s or client.longest_call(action.organ, action.ability)) + client_module.CALL_GRACE_S
        started = time.monotonic()
        try:
            reply = client.call(action.organ, action.ability, action.args, timeout_s=action.timeout_s,
                                session=f"soak-{threading.get_ident()}")
        except MeshError as exc:
            return Record(name, time.monotonic() - started, bound, f"raised: {type(exc).__name__}: {exc}")
        latency = time.monotonic() - started
        outcome = "ok" if reply.ok else reply.error.cause
        process = ""
        if name == "leave_behind" and reply.ok and reply.result["stdout"].strip().isdigit():
            process = containment.owner_id(int(reply.result["stdout"]))
        return Record(name, latency, bound, outcome, process)

    def killer(self) -> None:
        rng = random.Random(self.args.seed)
        with Client(self.mesh.home) as client:
            while time.monotonic() + self.args.kill_every < self.end:
                time.sleep(self.args.kill_every)
                organ = rng.choice(KILLED)
                try:
                    client.control("kill", organ=organ, signal_name="KILL")
                    self.kills[organ] += 1
                except MeshError:
                    pass  # not up at that moment (restarting)

    def sampler(self) -> None:
        while time.monotonic() < self.end:
            self.rss.append((time.monotonic() - self.started, *self.memory()))
            time.sleep(SAMPLE_EVERY_S)

    def memory(self) -> tuple[int, int]:
        heart = Home(self.mesh.home).read_endpoints()
        if heart is None:
            return 0, 0
        try:
            with Client(self.mesh.home) as client:
                pids = [o["pid"] for o in client.control("status")["organs"] if o["pid"]]
        except MeshError:
            pids = []
        return _rss(heart["pid"]), sum(_rss(pid) for pid in pids)


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def prepare(workdir: Path) -> None:
    (workdir / "notes.txt").write_text("".join(f"line {n}\n" for n in range(100)))
    os.mkfifo(workdir / "pipe")


def leftovers(home: Path, workdir: Path, left_behind: list[str]) -> list[str]:
    """What of the mesh is still alive after `actors down` (processes named pid.starttime: pids are reused)."""
    found = [f"setsid sleep {p}" for p in left_behind if containment._owner_alive(p)]
    escaped = workdir / "escaped.pids"
    timed_out = escaped.read_text().split() if escaped.exists() else []
    found += [f"timed-out setsid sleep {p}" for p in timed_out if containment._owner_alive(p)]
    marker = f"ACTORS_HOME={home}".encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry.name}/environ").read_bytes()
        except OSError:
            continue
        if marker in environ.split(b"\0") and pid_alive(int(entry.name)):
            found.append(f"mesh process {entry.name}")
    orphans = [pid for pid, tag in containment._tagged_processes() if not containment._owner_alive(tag)]
    found += [f"orphaned command {pid}" for pid in orphans]
    parent = containment.cgroup_parent()
    found += [f"cgroup {c}" for c in containment._our_cgroups(parent, lambda tag: not containment._owner_alive(tag))]
    return found


def report(soak: Soak, left: list[str]) -> bool:
    by_action: dict[str, list[Record]] = defaultdict(list)
    for record in soak.records:
        by_action[record.action].append(record)
    print(f"{len(soak.records)} calls by {soak.args.callers} callers in {soak.args.minutes:g} min; "
          f"kills: {dict(soak.kills)}; load average at the end: {os.getloadavg()[0]:.1f}")
    for name, records in sorted(by_action.items()):
        outcomes = Counter(r.outcome for r in records)
        latency = describe([r.latency_s for r in records], (50, 99, 100), "ms", 1e3, 0)
        print(f"  {name:<16} {dict(outcomes.most_common())}  {latency}")
    raised = [r for r in soak.records if r.outcome.startswith("raised")]
    late = [r for r in soak.records if r.latency_s > r.bound_s]
    checks = {
        "every call answered": (not raised, f"{len(raised)} raised" + (f", first: {raised[0].outcome}" if raised else "")),
        "nothing hung": (not late, f"{len(late)} over their bound; worst latency/bound "
                         f"{max((r.latency_s / r.bound_s for r in soak.records), default=0):.2f}"),
        "no process escaped": (not left, ", ".join(left[:10]) or "none left"),
    }
    heart = [(t, h) for t, h, _ in soak.rss if t >= WARMUP_S and h]
    if len(heart) >= 5:
        fifth = max(1, len(heart) // 5)
        first = statistics.median(h for _, h in heart[:fifth])
        last = statistics.median(h for _, h in heart[-fifth:])
        organs = [o for _, _, o in soak.rss if o]
        flat = last <= max(first * RSS_SLACK, first + RSS_SLACK_BYTES)
        checks["RSS flat"] = (flat, f"heart {first / 2**20:.1f} -> {last / 2**20:.1f} MiB; organs "
                                    f"{percentile(organs, 0) / 2**20:.0f}-{percentile(organs, 100) / 2**20:.0f} MiB")
    else:
        checks["RSS flat"] = (False, "too few samples (run at least a minute)")
    for name, (ok, detail) in checks.items():
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
    return all(ok for ok, _ in checks.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--callers", type=int, default=6)
    parser.add_argument("--kill-every", type=float, default=7.0)
    parser.add_argument("--flood-mb", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    mesh = Mesh("")
    workdir = Path(tempfile.mkdtemp(prefix="ab-soak-", dir="/tmp"))
    prepare(workdir)
    organs = {"healer": {"module": "actors.healer"}, "echo": {}, "fs": {"module": "actors.organs.fs"},
              "shell": {"module": "actors.organs.shell"}}
    mesh.config = config_text(organs, workdir=str(workdir), max_frame_bytes=LIMIT, beat_s=1.0,
                              quiet_after_s=3600.0)
    try:
        with mesh:
            soak = Soak(mesh, workdir, args)
            soak.run()
            mesh.stop()  # `actors down` first: what is left after it is what escaped
            left = leftovers(mesh.home, workdir, [r.process for r in soak.records if r.process])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0 if report(soak, left) else 1


if __name__ == "__main__":
    sys.exit(main())
