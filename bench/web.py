"""How fast `actors web` starts and serves its page, with 20 organs and 30,000 memory cards.

Start: `actors web` is spawned and timed until it prints its URL, and until a first GET of the page (with
the token, then with the session cookie) answers; the baseline is `actors status --json` on the same mesh,
a command that only imports the CLI and asks the heart once. Serving: every request the page makes for
its first view (the page, its script and style, the live view) and for the memory view (judgments, the
first page of 50 cards out of 30,000, one card's evidence) is timed on a keep-alive connection, as a
browser makes them; the baseline is the smallest static file over the same connection (the server's
floor). With Chromium installed, the page is also opened in headless Chromium and timed from navigation
until the organ table, then the memory view's cards, are drawn.

Run `python bench/web.py [--cards 30000] [--organs 20] [--starts 7] [--n 200]` (about a minute, most of
it writing the cards). Targets: start (until the page answers) median < 1 s; every request p50 < 100 ms;
the first view in Chromium median < 100 ms.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import random
import select
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._mesh import Mesh, config_text, repo_env  # noqa: E402
from bench._stats import describe, percentile, verdict  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
KINDS = ("pitfall", "playbook", "weak_link", "rule")
START_TARGET_S = 1.0
PAGE_TARGET_S = 0.100
URL_WAIT_S = 30.0


def seed_cards(home: Path, n: int, seed: int = 7) -> float:
    """Write n cards (and a few judgments) into the memory database under home; return the seconds it took.

    The cards are written as consolidation writes them (`CardStore.sync` of drafts), without distilling a
    journal that large: the console reads cards, and how they came about does not change what it reads.
    """
    from actors.memory.db import transaction
    from actors.memory.distill import Draft
    from actors.memory.service import Memory
    from actors.memory.store import CardStore

    started = time.monotonic()
    rng = random.Random(seed)
    now = time.time()
    with Memory(home) as memory:
        events = "".join(json.dumps({"ts": now - 3600 + i, "session": f"s{i % 40}", "kind": "call", "organ": "fs",
                                     "ability": "read_file", "args": {"path": f"src/m{i}.py"}, "ok": i % 3 != 0,
                                     "error": "" if i % 3 else "ENOENT: no such file or directory"}) + "\n"
                         for i in range(400))
        memory.ingest(io.BytesIO(events.encode()))
        drafts = [Draft(key=f"bench-{i}", kind=KINDS[i % 4], title=f"{KINDS[i % 4]} {i}: shell.run fails on "
                        f"module{i % 97}", body=f"Seen {i % 13 + 1} times in {i % 5 + 1} sessions; use flag "
                        f"--x{i % 9} instead", when=f"running tool {i % 50}", wrong="retry as is",
                        instead=f"pass --x{i % 9}", identity={"ability": ["shell", "run"], "topic": [f"t{i % 100}"]},
                        files=(f"src/f{i % 200}.py",), provenance=tuple(1 + (i + k) % 400 for k in range(3)),
                        confirmations=rng.randint(1, 9), first_ts=now - rng.uniform(0, 90 * 86400),
                        last_ts=now - rng.uniform(0, 60 * 86400), stats={"failures": i % 11},
                        evidence={"sessions": [f"s{i % 40}", f"s{(i + 1) % 40}"], "session_count": 2, "events": 3,
                                  "examples": [f"sh: module{i % 97}: not found"]}) for i in range(n)]
        with memory.lock, transaction(memory.writer):
            CardStore(memory.writer).sync(drafts, now)
        for kind, text in (("redline", "never push to main without asking"), ("principle", "tests before commits"),
                           ("workflow", "run make lint then pytest"), ("taste", "short answers, command first")):
            memory.remember(text, kind)
    return time.monotonic() - started


def start_console(home: Path) -> tuple[subprocess.Popen, str, float]:
    """Spawn `actors web`; return it, its URL and the seconds until it printed the URL."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "actors", "web", "--home", str(home)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=repo_env())
    line = b""
    deadline = time.monotonic() + URL_WAIT_S
    while not line.endswith(b"\n"):
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise RuntimeError(f"actors web printed no URL: {proc.stderr.read().decode()[-500:]}")
        if select.select([proc.stdout], [], [], 0.5)[0]:
            line += os.read(proc.stdout.fileno(), 1)
    return proc, line.decode().strip(), time.perf_counter() - started


def login(url: str) -> tuple[http.client.HTTPConnection, str]:
    """Open a session with the printed URL; return a keep-alive connection and the session cookie."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("GET", f"/?{parts.query}")
    answer = conn.getresponse()
    answer.read()
    cookie = answer.getheader("set-cookie").split(";", 1)[0]
    return conn, cookie


def get(conn: http.client.HTTPConnection, path: str, cookie: str) -> bytes:
    conn.request("GET", path, headers={"Cookie": cookie})
    answer = conn.getresponse()
    body = answer.read()
    if answer.status != 200:
        raise RuntimeError(f"GET {path}: {answer.status} {body[:200]!r}")
    return body


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for stream in (proc.stdout, proc.stderr):
        stream.close()


def measure_starts(home: Path, starts: int) -> tuple[list[float], list[float], list[float]]:
    printed, ready, baseline = [], [], []
    for _ in range(starts):
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "actors", "status", "--json", "--home", str(home)],
                              capture_output=True, env=repo_env(), timeout=30)
        if done.returncode != 0:
            raise RuntimeError(f"actors status failed: {done.stderr.decode()[-300:]}")
        baseline.append(time.perf_counter() - began)
        began = time.perf_counter()
        proc, url, took = start_console(home)
        try:
            conn, cookie = login(url)
            get(conn, "/", cookie)
            ready.append(time.perf_counter() - began)
            printed.append(took)
            conn.close()
        finally:
            stop(proc)
    return printed, ready, baseline


def measure_requests(url: str, n: int) -> dict[str, list[float]]:
    conn, cookie = login(url)
    some_card = json.loads(get(conn, "/api/memory/cards?limit=1", cookie))["cards"][0]["id"]
    paths = {"static floor (icon.svg)": "/static/icon.svg", "page (/)": "/", "app.js": "/static/app.js",
             "style.css": "/static/style.css", "live view": "/api/live", "judgments": "/api/memory/judgments",
             "cards, first 50 of all": "/api/memory/cards?limit=50",
             "cards, one kind": "/api/memory/cards?kind=rule&limit=50",
             "cards, filtered by text": "/api/memory/cards?q=module42&limit=50",
             "one card with evidence": f"/api/memory/cards/{some_card}"}
    times: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(10):  # warm-up: the database's pages and the connection
        for path in paths.values():
            get(conn, path, cookie)
    for _ in range(n):
        for name, path in paths.items():
            began = time.perf_counter()
            get(conn, path, cookie)
            times[name].append(time.perf_counter() - began)
    conn.close()
    return times


def measure_browser(url: str, n: int) -> dict[str, list[float]] | None:
    if not Path(CHROMIUM).exists():
        return None
    from playwright.sync_api import sync_playwright

    base = url.split("/?", 1)[0]
    times: dict[str, list[float]] = {"first view (organ table drawn)": [], "memory view (cards drawn)": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector("#organs tr[data-organ]")
            for i in range(n + 3):
                began = time.perf_counter()
                page.goto(base + "/#body")
                page.wait_for_selector("#organs tr[data-organ]")
                first = time.perf_counter() - began
                began = time.perf_counter()
                page.click('nav a[data-view="memory"]')
                page.wait_for_selector("#cards li.card")
                memory = time.perf_counter() - began
                if i >= 3:  # warm-up
                    times["first view (organ table drawn)"].append(first)
                    times["memory view (cards drawn)"].append(memory)
        finally:
            browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=30_000)
    parser.add_argument("--organs", type=int, default=20)
    parser.add_argument("--starts", type=int, default=7)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--browser-n", type=int, default=20)
    args = parser.parse_args()

    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"({os.cpu_count()} cores)")
    organs = {f"echo{i:02d}": {} for i in range(args.organs)}
    with Mesh(config_text(organs, beat_s=1.0, quiet_after_s=3600)) as mesh:
        took = seed_cards(mesh.home, args.cards)
        print(f"mesh: {args.organs} organs; memory: {args.cards} cards written in {took:.1f}s")

        printed, ready, baseline = measure_starts(mesh.home, args.starts)
        print(f"start, until the URL is printed:  {describe(printed, (50, 90, 100), 'ms', 1e3)}")
        print(f"start, until the page answers:    {describe(ready, (50, 90, 100), 'ms', 1e3)}")
        print(f"baseline `actors status --json`:  {describe(baseline, (50, 90, 100), 'ms', 1e3)}")
        start_p50 = percentile(ready, 50)
        print(f"start / baseline p50 ratio: {start_p50 / percentile(baseline, 50):.2f}x  "
              f"target median < {START_TARGET_S:g}s: {verdict(start_p50 < START_TARGET_S)}")

        proc, url, _ = start_console(mesh.home)
        try:
            time.sleep(2.0)  # a few beats in the live view
            times = measure_requests(url, args.n)
            floor = percentile(times["static floor (icon.svg)"], 50)
            worst = 0.0
            for name, values in times.items():
                p50 = percentile(values, 50)
                if not name.startswith("static floor"):
                    worst = max(worst, p50)
                print(f"  {name:<28} {describe(values, (50, 95, 99), 'ms', 1e3, 2)}  {p50 / floor:5.1f}x floor")
            print(f"slowest request p50 {worst * 1e3:.2f} ms; target every p50 < {PAGE_TARGET_S * 1e3:g} ms: "
                  f"{verdict(worst < PAGE_TARGET_S)}")
            browser = measure_browser(url, args.browser_n)
            if browser is None:
                print(f"(no {CHROMIUM}: the in-browser timing is skipped)")
            else:
                for name, values in browser.items():
                    print(f"  chromium: {name:<32} {describe(values, (50, 90), 'ms', 1e3)}")
                first = percentile(browser["first view (organ table drawn)"], 50)
                print(f"first view in Chromium p50 {first * 1e3:.1f} ms; target < {PAGE_TARGET_S * 1e3:g} ms: "
                      f"{verdict(first < PAGE_TARGET_S)}")
        finally:
            stop(proc)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
