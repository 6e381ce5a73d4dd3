"""Where a call's time goes: CPU per call by thread, py-spy samples of the heart and an organ, codec costs.

Two mesh scenarios, each on a fresh mesh of echo organs:
- roundtrip: one organ, one closed-loop caller in this process (what call_roundtrip.py measures);
- load: 20 organs, 8 client processes calling a random organ (what load.py measures).
After a warm-up, the CPU time (user and system) of every thread of the heart and of the organs is read
from /proc/PID/task over a window, with the calls from the heart's `actors_calls_total`; then, over a
second window of the same length, the heart and one organ are sampled with `py-spy record --idle`.
Printed per process: CPU µs per call by thread (main loop, libzmq I/O, other Python threads), then the
top frames by self time and by inclusive time (below the heart's or the organ's loop) over the samples
that were working (stacks whose innermost frame is a blocking wait — poll, select, waitpid, a queue
get — are left out), each as a share and as µs per call (that share of the process's Python-thread CPU
per call: an estimate, the sampler's view of the interpreter).
Then, with no mesh, the cost of the per-message steps a call goes through (a fixed loop of each).
Needs py-spy (`pip install py-spy`) and permission to ptrace the mesh (same user, or root).

    python bench/profile.py [--scenarios roundtrip,load,codec] [--seconds 15] [--top 12] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections import Counter
from pathlib import Path

from _mesh import Mesh, config_text
from actors.client import Client
from broker.home import Home
from load import run_clients

WARMUP_S = 3.0
RATE_HZ = 200
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")
SCENARIOS = {"roundtrip": (1, 1), "load": (20, 8)}  # organs, clients
# innermost frames that mean a thread is blocked, not working (their own CPU is counted by /proc anyway)
WAITS = {"Poller.poll", "Socket.poll", "_PollLikeSelector.select", "Popen._try_wait", "Selector._run", "_worker",
         "Condition.wait", "Event.wait", "Thread.join", "BaseServer.serve_forever", "_wait_for_tstate_lock",
         "_wait_status", "Zygote._listen", "_Workers._serve"}  # an idle worker waits in SimpleQueue.get (C)
# the loops a call's work runs under: inclusive times count only the frames below them
ROOTS = {"Heart._loop", "OrganLoop._loop", "_WorkItem.run"}


def main() -> None:
    args = _parse_args()
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    for name in args.scenarios.split(","):
        if name == "codec":
            _codec_costs()
            continue
        if not Path(py_spy).exists():
            sys.exit("py-spy is not installed: pip install py-spy")
        organs, clients = SCENARIOS[name]
        _profile(name, py_spy, organs, clients, args.seconds, args.top, args.keep)


# -- the mesh scenarios ---------------------------------------------------------------------

def _profile(name: str, py_spy: str, n_organs: int, n_clients: int, seconds: float, top: int,
             keep: Path | None) -> None:
    organs = [f"echo{n:02d}" for n in range(1, n_organs + 1)]
    config = config_text({o: {} for o in organs}, beat_s=1.0, quiet_after_s=3600.0)
    with Mesh(config) as mesh:
        endpoints = Home(mesh.home).read_endpoints()
        with Client(mesh.home) as client:
            pids = {o["name"]: o["pid"] for o in client.control("status")["organs"]}
        heart, organ = endpoints["pid"], pids[organs[0]]
        driver = threading.Thread(target=_drive, args=(mesh.home, organs, n_clients,
                                                       WARMUP_S + 2 * seconds + 2.0), daemon=True)
        driver.start()
        time.sleep(WARMUP_S)
        # CPU is read over a window of its own: py-spy pausing the processes would add to it
        before = {pid: _thread_cpu(pid) for pid in (heart, *pids.values())}
        calls_before = _calls(endpoints["metrics"])
        time.sleep(seconds)
        after = {pid: _thread_cpu(pid) for pid in before}
        calls = max(1.0, _calls(endpoints["metrics"]) - calls_before)
        outputs = {heart: mesh.home / "heart.txt", organ: mesh.home / "organ.txt"}
        spies = [subprocess.Popen([py_spy, "record", "--pid", str(pid), "--idle", "--format", "raw",
                                   "--rate", str(RATE_HZ), "--duration", f"{seconds:g}", "--output", str(out)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for pid, out in outputs.items()]
        for spy in spies:
            spy.wait(timeout=seconds + 60)
        driver.join(timeout=seconds + 120)
        print(f"\n== {name}: {n_organs} organ(s), {n_clients} caller(s), {seconds:g}s measured: {calls:.0f} calls "
              f"= {calls / seconds:.0f} calls/s; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
        heart_cpu = _cpu_by_role({heart: before[heart]}, {heart: after[heart]}, calls)
        organ_cpu = _cpu_by_role({p: before[p] for p in pids.values()}, {p: after[p] for p in pids.values()}, calls)
        for title, cpu in (("heart", heart_cpu), (f"organs (all {n_organs})", organ_cpu)):
            print(f"CPU per call, {title}: " + ", ".join(f"{role} {u + k:.0f} µs (user {u:.0f}, system {k:.0f})"
                                                         for role, (u, k) in cpu.items()))
        for title, pid, cpu in (("heart", heart, heart_cpu), ("organ", organ, organ_cpu)):
            python_us = sum(cpu["main"]) + sum(cpu["other Python threads"])
            # an organ's share is of what a call costs the organ that handles it (all organs' CPU per call)
            _report(f"{title} (pid {pid})", _read(outputs[pid]), python_us, top)
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(outputs[pid], keep / f"{name}-{title}.txt")


def _drive(home: Path, organs: list[str], clients: int, seconds: float) -> None:
    if clients == 1:
        with Client(home) as client:
            stop_at = time.monotonic() + seconds
            while time.monotonic() < stop_at:
                client.call(organs[0], "echo", {"x": "hi"})
    else:
        run_clients(str(home), False, organs, clients, seconds)


def _thread_cpu(pid: int) -> dict[int, tuple[str, float, float]]:
    """CPU seconds so far (user, system) of each thread of a process, with the thread's name."""
    threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "stat").read_text()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        threads[int(task.name)] = (comm, int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS)
    return threads


def _cpu_by_role(before: dict, after: dict, calls: float) -> dict[str, tuple[float, float]]:
    """(user, system) µs per call by role: the main thread, libzmq's threads (ZMQbg/*), other threads."""
    roles = {"main": [0.0, 0.0], "libzmq I/O": [0.0, 0.0], "other Python threads": [0.0, 0.0]}
    for pid, threads in after.items():
        for tid, (comm, user, system) in threads.items():
            _, user0, system0 = before[pid].get(tid, (comm, 0.0, 0.0))
            role = "main" if tid == pid else "libzmq I/O" if comm.startswith("ZMQbg") else "other Python threads"
            roles[role][0] += (user - user0) / calls * 1e6
            roles[role][1] += (system - system0) / calls * 1e6
    return {role: (user, system) for role, (user, system) in roles.items()}


def _calls(metrics_url: str) -> float:
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with direct.open(metrics_url, timeout=5) as response:
        text = response.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("actors_calls_total{"))


def _read(path: Path) -> Counter:
    stacks: Counter = Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            stacks[stack] += int(count)
    return stacks


def _frame(raw: str) -> tuple[str, str]:
    match = FRAME.match(raw)
    return (match["function"], match["file"]) if match else (raw, "")


def _report(title: str, stacks: Counter, cpu_per_call_us: float, top: int) -> None:
    own: Counter = Counter()
    inclusive: Counter = Counter()
    waiting = 0
    for stack, count in stacks.items():
        frames = [_frame(f) for f in stack.split(";")]
        if frames[-1][0] in WAITS:
            waiting += count
            continue
        own[frames[-1]] += count
        below = next((i + 1 for i, (function, _) in enumerate(frames) if function in ROOTS), 0)
        for frame in set(frames[below:]):
            inclusive[frame] += count
    working = sum(own.values())
    print(f"-- {title}: {working} working samples, {waiting} waiting (all threads, {RATE_HZ} Hz); "
          f"µs below = share x {cpu_per_call_us:.0f} µs of Python-thread CPU per call")
    if not working:
        return
    for label, counter in (("self", own), ("inclusive", inclusive)):
        print(f"   top {top} by {label} time:")
        for (function, file), count in counter.most_common(top):
            share = count / working
            print(f"     {share:6.1%} {share * cpu_per_call_us:6.1f} µs  {function} ({file})")


# -- per-message costs, no mesh -------------------------------------------------------------

def _codec_costs(n: int = 20000) -> None:
    """Time the steps a call goes through in the heart and the organ loop, each in a loop of its own."""
    from actors.organ import Organ, ability
    from broker import protocol
    from broker.metrics import HeartMetrics
    from broker.protocol import Call, Event, Reply

    class Echo(Organ):
        name = "echo"

        @ability("Return x.", params={"x": {"type": "string"}})
        def echo(self, x: str) -> str:
            return x

    organ = Echo(name="echo", options={}, workdir=".")
    call = Call(id=uuid.uuid4().hex, organ="echo", ability="echo", args={"x": "hi"}, timeout_s=5.0)
    call_frames = protocol.encode(call)
    reply = Reply(id=call.id, ok=True, result="hi", duration_s=1e-5)
    reply_frames = protocol.encode(reply)
    metrics = HeartMetrics("bench")
    metrics.declare_organ("echo")
    event = Event(seq=1, at=time.time(), kind="call", organ="echo", ability="echo", origin="agent",
                  duration_s=1e-4, args={"x": "hi"})
    steps = {
        "uuid4().hex (client: a request id)": lambda: uuid.uuid4().hex,
        "Call(...) + encode (client)": lambda: protocol.encode(Call(id=call.id, organ="echo", ability="echo",
                                                                   args={"x": "hi"})),
        "decode Call (heart, and again in the organ loop)": lambda: protocol.decode(call_frames),
        "organ.handle(call) (schema check, bind, run)": lambda: organ.handle(call),
        "encode Reply (organ loop)": lambda: protocol.encode(reply),
        "decode Reply (heart; the client again)": lambda: protocol.decode(reply_frames),
        "metrics.call_done (labels + inc + observe)": lambda: metrics.call_done("echo", None, 1e-4),
        "encode_event(call event) (heart publish)": lambda: protocol.encode_event(event),
        "pack_value(args) (event args size check)": lambda: protocol.pack_value(call.args),
        "fingerprint: pack_value([id, ability, args]) (organ loop)": lambda: protocol.pack_value(
            [call.id, call.ability, call.args]),
    }
    print(f"\n== per-message steps, no mesh ({n} each; load average {os.getloadavg()[0]:.2f}):")
    for label, step in steps.items():
        for _ in range(n // 10):
            step()
        started = time.perf_counter()
        for _ in range(n):
            step()
        print(f"   {(time.perf_counter() - started) / n * 1e6:6.2f} µs  {label}")


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenarios", default="roundtrip,load,codec", help="comma-separated: roundtrip, load, codec")
    parser.add_argument("--seconds", type=float, default=15.0, help="sampled window per mesh scenario (default 15)")
    parser.add_argument("--top", type=int, default=12, help="frames listed per table (default 12)")
    parser.add_argument("--keep", type=Path, default=None, help="copy the raw py-spy stacks into this directory")
    return parser.parse_args()


if __name__ == "__main__":
    main()
