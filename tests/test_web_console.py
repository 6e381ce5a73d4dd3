"""`actors web` driven in a real headless Chromium (Debian's, through Playwright) against a real mesh.

One mesh, one console process and one browser for the whole module; each test opens its own browser
context (its own cookies). The last test photographs every view into docs/ for the README.
"""

from __future__ import annotations

import http.client
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import REPO, Mesh, kill_all, mesh_processes, stop_process

pytestmark = pytest.mark.xdist_group("web-console")  # one worker runs the module: one mesh, one browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DOCS = REPO / "docs"
SHOT_MAX_BYTES = 300 * 1024
VIEWPORT = {"width": 1200, "height": 800}
T0 = time.time() - 7200  # the journal is two hours old: its cards are fresh

MESH = """
[heart]
beat_s = 0.2
heartbeat_s = 0.2
quiet_after_s = 600

[organs.healer]
module = "actors.healer"

[organs.memory]
module = "actors.memory.organ"

[organs.fs]
module = "actors.organs.fs"
"""

JUDGMENTS = [  # (kind, text, reason)
    ("redline", "never push to main without asking", "main is shared with the release team"),
    ("principle", "a failing test is fixed before new work starts", ""),
    ("principle", "small commits with a one-line reason", ""),
    ("workflow", "run make lint, then pytest -q, before every commit", ""),
    ("taste", "the user prefers short answers with the command first", ""),
]


@dataclass
class Console:
    mesh: Mesh
    proc: subprocess.Popen
    url: str  # with the token, as printed (it opens one session: the module's console spends it at once)
    cookie: str = ""  # the value of the session the module's console opened with its token

    @property
    def base(self) -> str:
        return self.url.split("/?", 1)[0]

    @property
    def port(self) -> int:
        return urlsplit(self.url).port


def journal(path: Path) -> Path:
    """Failures that distil into cards: a pitfall (three ENOENTs) and a rule (npm test, then pnpm test, in two
    sessions: a fix seen once is not yet a rule)."""
    events = [{"ts": T0, "session": "s1", "kind": "progress", "text": "make the login tests pass"}]
    for i in range(3):
        events.append({"ts": T0 + 1 + i, "session": f"s{1 + i % 2}", "kind": "call", "organ": "fs",
                       "ability": "read_file", "args": {"path": f"src/app{i}.py"}, "ok": False,
                       "error": "ENOENT: no such file or directory", "duration_ms": 2.1})
    for ts, session in ((T0 + 10, "s1"), (T0 + 20, "s2")):
        events += [{"ts": ts, "session": session, "kind": "call", "organ": "shell", "ability": "run",
                    "args": {"command": "npm test"}, "ok": False, "error": "sh: 1: jest: not found"},
                   {"ts": ts + 1, "session": session, "kind": "call", "organ": "shell", "ability": "run",
                    "args": {"command": "pnpm test"}, "ok": True}]
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def read_url(proc: subprocess.Popen, timeout: float = 20.0) -> str:
    """The first line `actors web` prints: its URL (bounded wait)."""
    deadline = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            pytest.fail(f"actors web printed no URL (exit {proc.poll()}): {proc.stderr.read().decode()[-2000:]}")
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            line += os.read(proc.stdout.fileno(), 1)
    return line.decode().strip()


@pytest.fixture(scope="module")
def console(tmp_path_factory) -> Console:
    root = tmp_path_factory.mktemp("web")
    workdir = root / "work"
    workdir.mkdir()
    (workdir / "README.md").write_text("# a project\n")
    config = root / "mesh.toml"
    config.write_text(textwrap.dedent(MESH))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("ACTORS_HOME", None)
    mesh = Mesh(home=root / "home", workdir=workdir, config=config, env=env)
    proc = None
    try:
        mesh.up()
        seed_memory(mesh.home, journal(root / "journal.jsonl"))
        proc = start_console(mesh, subprocess.PIPE)
        opened = Console(mesh, proc, read_url(proc))
        opened.cookie = log_in(opened)  # the token opens one session only: every test's browser shares it
        yield opened
    finally:
        if proc is not None:
            stop_process(proc)
            proc.stdout.close()
            proc.stderr.close()
        if mesh_processes(mesh.home):
            mesh.cli("down", timeout=40)
        kill_all(mesh_processes(mesh.home))


def start_console(mesh: Mesh, stderr) -> subprocess.Popen:
    """`actors web` for the mesh, on a free loopback port (its first line on stdout is its URL)."""
    return subprocess.Popen([sys.executable, "-m", "actors", "web", "--home", str(mesh.home)],
                            stdout=subprocess.PIPE, stderr=stderr, cwd=mesh.workdir, env=mesh.env)


def log_in(console: Console) -> str:
    """Open the printed URL once, as a browser does, and return the session cookie's value it sets."""
    status, headers, _ = request(console, "GET", "/?" + urlsplit(console.url).query)
    assert status == 303, status
    name, _, rest = headers["set-cookie"].partition("=")
    assert name == f"actors_web_{console.port}"
    return rest.split(";", 1)[0]


def seed_memory(home: Path, journal_path: Path) -> None:
    """Cards from a journal, the judgments, and one judgment said once 45 days ago (faded: it gets folded)."""
    from actors.memory.service import Memory

    with Memory(home) as memory:
        with journal_path.open("rb") as stream:
            memory.ingest(stream)
        memory.consolidate()
        for kind, text, reason in JUDGMENTS:
            memory.remember(text, kind, reason)
    with Memory(home, clock=lambda: time.time() - 45 * 86400) as memory:
        memory.remember("the user likes tables in reviews", "taste")


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium; .ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, timeout=30_000)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, console):
    """A page in a fresh browser context, logged in with the printed URL."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": f"actors_web_{console.port}", "value": console.cookie, "domain": "127.0.0.1",
                          "path": "/", "httpOnly": True, "sameSite": "Strict"}])
    try:
        tab = context.new_page()
        tab.goto(console.base + "/")
        tab.wait_for_selector('#organs tr[data-organ="fs"]')
        yield tab
    finally:
        context.close()


def session_cookie(page, console: Console) -> str:
    [cookie] = [c for c in page.context.cookies() if c["name"] == f"actors_web_{console.port}"]
    return f"{cookie['name']}={cookie['value']}"


def request(console: Console, method: str, path: str, headers: dict | None = None, body: bytes | None = None
         ) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", console.port, timeout=10)
    try:
        conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{console.port}", **(headers or {})})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def judgments(console: Console) -> dict[int, str]:
    """The judgments in the memory database, read in this process (quick)."""
    from actors.memory.service import Memory

    with Memory(console.mesh.home) as memory:
        return {j.id: j.text for j in memory.judgments()}


def judgments_by_cli(console: Console) -> dict[int, str]:
    """The judgments as `actors memory judgments --json` lists them."""
    return {j["id"]: j["text"] for j in console.mesh.json("memory", "judgments")["judgments"]}


def injection(console: Console, query: str) -> str:
    """The block the memory organ gives an agent host for a prompt (what `actors hook` injects)."""
    client = console.mesh.client()
    try:
        reply = client.call("memory", "inject", {"query": query}, timeout_s=15)
    finally:
        client.close()
    assert reply.ok, reply.error
    return reply.result["text"]


def snapshot_of_memory(console: Console) -> tuple:
    """What must not change: the judgments (not their strength, which fades by the second) and the live cards."""
    from actors.memory.service import Memory

    with Memory(console.mesh.home) as memory:
        return ([(j.id, j.kind, j.text, j.confirmations, j.confirmed_at) for j in memory.judgments()],
                [(c.id, c.title, c.confirmations) for c in memory.cards()])


# -- the tests ----------------------------------------------------------------------------------

@pytest.fixture
def fresh(console, tmp_path):
    """A console of its own, on the module's mesh, whose token nobody has used yet; its stderr in a file."""
    with (tmp_path / "web.err").open("wb") as err:
        proc = start_console(console.mesh, err)
    try:
        yield Console(console.mesh, proc, read_url(proc))
    finally:
        stop_process(proc)
        proc.stdout.close()


def test_the_console_opens_with_its_token_and_refuses_without_it(browser, fresh):
    console = fresh
    context = browser.new_context(viewport=VIEWPORT)
    try:
        tab = context.new_page()
        refused = tab.goto(console.base + "/")
        assert refused.status == 401 and "This console is locked" in tab.content()
        assert tab.goto(console.base + "/?token=a-guess").status == 401
        assert tab.goto(console.base + "/api/live").status == 401

        opened = tab.goto(console.url)
        assert opened.status == 200 and tab.url == console.base + "/"  # the token left the address bar
        tab.wait_for_selector('#organs tr[data-organ="memory"] .pill.state-up')
        assert tab.locator("#conn").inner_text().startswith("live")
        [cookie] = context.cookies()
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["value"] not in console.url
        headers = opened.all_headers()
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "unsafe-inline" not in headers["content-security-policy"]
        assert tab.goto(console.url).status == 200 and tab.url == console.base + "/"  # the same browser, again
    finally:
        context.close()


def test_an_open_page_says_its_session_has_ended_and_to_restart_once_it_is_over(browser, console, monkeypatch):
    from actors.web import app
    from actors.web.security import Session
    from tests.test_web_security import served

    monkeypatch.setattr(app, "KEEPALIVE_S", 0.2)  # the page's stream turns five times a second (in this process)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        with served(console.mesh.home, Session(time.monotonic(), max_s=4.0)) as port:
            tab = context.new_page()
            assert tab.goto(f"http://127.0.0.1:{port}/?token=start-token").status == 200
            tab.wait_for_selector('#organs tr[data-organ="fs"]')
            assert tab.locator("#conn").inner_text().startswith("live")
            deadline = time.monotonic() + 15  # over at 4 s; the stream ends at its next turn, the page asks why
            while "session has ended" not in tab.locator("#conn").inner_text() and time.monotonic() < deadline:
                tab.wait_for_timeout(100)
            assert "session has ended: restart `actors web`" in tab.locator("#conn").inner_text()
            assert tab.goto(f"http://127.0.0.1:{port}/").status == 401 and "session has ended" in tab.content()
    finally:
        context.close()


def test_the_printed_url_opens_one_session_and_is_spent_for_everyone_else(browser, fresh):
    # someone who reads the URL later (a terminal's scrollback, a log, `ps` of a browser started by --open)
    first, later = browser.new_context(viewport=VIEWPORT), browser.new_context(viewport=VIEWPORT)
    try:
        tab = first.new_page()
        assert tab.goto(fresh.url).status == 200
        tab.wait_for_selector('#organs tr[data-organ="fs"]')

        intruder = later.new_page()
        spent = intruder.goto(fresh.url)
        assert spent.status == 401 and "This link no longer opens the console" in intruder.content()
        assert "start it again" in intruder.content() and later.cookies() == []
        assert intruder.goto(fresh.base + "/api/live").status == 401
        assert request(fresh, "GET", "/?" + urlsplit(fresh.url).query)[0] == 401  # nor by hand, without a browser

        tab.reload()  # the session it opened stays open
        tab.wait_for_selector('#organs tr[data-organ="fs"]')
    finally:
        first.close()
        later.close()


NOBODY_GET = """
import http.client, json, sys
port, query = int(sys.argv[1]), sys.argv[2]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
connection.request("GET", "/?" + query, headers={"Host": f"127.0.0.1:{port}"})
answer = connection.getresponse()
print(json.dumps([answer.status, answer.getheader("set-cookie"), answer.read().decode()]))
"""


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root and setpriv to be nobody")
def test_another_local_user_with_the_printed_url_is_refused_and_the_owner_still_gets_in(fresh, tmp_path):
    result = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-I",
                             "-c", NOBODY_GET, str(fresh.port), urlsplit(fresh.url).query],
                            capture_output=True, text=True, timeout=30, cwd="/")
    assert result.returncode == 0, result.stderr
    status, cookie, body = json.loads(result.stdout)
    assert status == 403 and cookie is None and json.loads(body)["refused"] == "peer"
    assert log_in(fresh)  # the refused request did not spend the token
    deadline = time.monotonic() + 10
    err = tmp_path / "web.err"
    while "refused GET / from 127.0.0.1" not in err.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "serves only the processes of the mesh's owner" in err.read_text()


def test_a_killed_organ_shows_on_the_page_and_comes_back_by_itself(page, console):
    row = page.locator('#organs tr[data-organ="fs"]')
    before_pid = row.locator(".pid").inner_text()
    before_restarts = int(row.locator(".restarts").inner_text())

    console.mesh.cli("kill", "fs", check=True)

    page.locator("#alerts li", has_text="fs killed by SIGKILL").wait_for(timeout=10_000)
    page.wait_for_function(
        """([pid, restarts]) => { const r = document.querySelector('#organs tr[data-organ="fs"]');
             return r && r.dataset.state === 'up' && r.querySelector('.pid').textContent !== pid
                    && Number(r.querySelector('.restarts').textContent) === restarts + 1; }""",
        arg=[before_pid, before_restarts], timeout=15_000)
    assert console.mesh.organ("fs")["pid"] == int(row.locator(".pid").inner_text())


@pytest.mark.timeout(180)  # 3.4 s on a quiet machine; four CLI runs, two injections and a browser took over 60 s
def test_a_judgment_withdrawn_with_two_clicks_is_gone_from_the_page_the_cli_and_the_next_injection(page, console):
    ident = next(i for i, text in judgments(console).items() if text.startswith("small commits"))
    page.goto(console.base + "/#memory")
    entry = page.locator(f'li[data-judgment="{ident}"]')
    assert "small commits with a one-line reason" in entry.inner_text()
    assert "small commits with a one-line reason" in injection(console, "commit the change")

    entry.get_by_role("button", name="withdraw").click()  # the ✕: asks first, removes nothing
    assert entry.locator(".question").inner_text() == "withdraw?"
    assert ident in judgments_by_cli(console)
    entry.get_by_role("button", name="yes, withdraw").click()

    entry.wait_for(state="detached")
    assert ident not in judgments_by_cli(console)
    after = injection(console, "commit the change")
    assert "small commits" not in after and "never push to main without asking" in after
    page.reload()
    page.locator("#judgments-principle li").first.wait_for()
    assert page.locator(f'li[data-judgment="{ident}"]').count() == 0

    cards = console.mesh.json("cards")["cards"]  # a card goes the same way, and stays forgotten
    card = page.locator(f'li[data-card="{cards[-1]["id"]}"]')
    card.get_by_role("button", name="forget").click()
    card.get_by_role("button", name="yes, forget").click()
    card.wait_for(state="detached")
    assert [c["id"] for c in console.mesh.json("cards")["cards"]] == [c["id"] for c in cards[:-1]]
    page.locator('#card-kinds button[data-kind="gone"]').click()  # the forgotten card, with its state and reason
    gone = page.locator(f'li[data-card="{cards[-1]["id"]}"]')
    assert gone.locator("p.bad").inner_text().startswith("forgotten: forgotten on ")
    assert gone.get_by_role("button", name="forget").count() == 0


def test_a_change_answers_405_to_get_and_needs_the_csrf_token(page, console):
    ident = next(iter(judgments(console)))
    cookie = {"Cookie": session_cookie(page, console)}
    status, headers, _ = request(console, "GET", f"/api/memory/judgments/{ident}", cookie)
    assert status == 405 and headers["allow"] == "DELETE"
    assert request(console, "GET", "/api/memory/cards/1/forget", cookie)[0] == 405
    assert request(console, "GET", "/api/memory/import", cookie)[0] == 405

    origin = {**cookie, "Origin": console.base}
    status, _, body = request(console, "DELETE", f"/api/memory/judgments/{ident}", origin)
    assert status == 403 and json.loads(body)["refused"] == "csrf"
    status, _, _ = request(console, "DELETE", f"/api/memory/judgments/{ident}", {**origin, "X-CSRF-Token": "guess"})
    assert status == 403
    assert ident in judgments(console)


def test_a_foreign_origin_or_a_rebound_host_is_refused(page, console):
    ident = next(iter(judgments(console)))
    cookie = {"Cookie": session_cookie(page, console)}
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    for headers in ({"Origin": "http://evil.example"}, {"Origin": f"http://localhost:{console.port + 1}"},
                    {"Host": f"evil.example:{console.port}"}):
        status, _, body = request(console, "DELETE", f"/api/memory/judgments/{ident}",
                               {**cookie, "X-CSRF-Token": csrf, "Origin": console.base, **headers})
        assert status == 403, headers
        assert json.loads(body)["refused"] in ("origin", "host")
    assert request(console, "GET", "/api/live", {**cookie, "Origin": "http://evil.example"})[0] == 403

    # a page of another site (and one of another port: same site, so the Strict cookie goes along) tries it
    # from the same browser, by a CORS DELETE and by a simple no-cors POST: the memory stays as it was
    before = snapshot_of_memory(console)
    card = before[1][0][0]
    for attacker in ("http://attacker.example/", f"http://localhost:{console.port + 1}/"):
        page.route(attacker, lambda route: route.fulfill(status=200, content_type="text/html",
                                                         body="<!doctype html><title>hello</title>"))
        page.goto(attacker)
        outcomes = page.evaluate("""async ([judgment, card]) => {
            const tries = [fetch(judgment, {method: 'DELETE', credentials: 'include'}),
                           fetch(card, {method: 'POST', credentials: 'include', mode: 'no-cors'})];
            return Promise.all(tries.map((t) => t.then((r) => 'answered ' + r.type, (e) => 'blocked ' + e)));
        }""", [f"{console.base}/api/memory/judgments/{ident}", f"{console.base}/api/memory/cards/{card}/forget"])
        assert len(outcomes) == 2
    assert snapshot_of_memory(console) == before


def test_importing_a_bad_snapshot_shows_an_error_and_changes_nothing(page, console, tmp_path):
    before = snapshot_of_memory(console)
    page.goto(console.base + "/#memory")
    page.locator("#judgments-redline li").first.wait_for()
    exported = json.loads(page.evaluate("fetch('/api/memory/export/snapshot').then((r) => r.text())"))
    assert exported["format"] == "actors-memory-snapshot" and exported["judgments"]
    new_judgment = {"kind": "taste", "text": "the user likes diagrams in design notes", "reason": "",
                    "confirmations": 1, "created_at": time.time(), "confirmed_at": time.time()}
    bad = {"garbage.json": b"{ not json",
           "newer.json": json.dumps({**exported, "version": 999}).encode(),
           "half-bad.json": json.dumps({**exported, "judgments": [new_judgment, {"kind": "mood", "text": "x"}]}
                                       ).encode()}
    for name, content in bad.items():
        (tmp_path / name).write_bytes(content)
        page.set_input_files("#import-file", str(tmp_path / name))
        result = page.locator("#import-result.bad")
        result.wait_for()
        assert "refused, nothing changed" in result.inner_text(), name
        page.evaluate("document.getElementById('import-result').className = 'result'")
    assert snapshot_of_memory(console) == before
    assert "version 999" in json.loads(request(console, "POST", "/api/memory/import", {
        "Cookie": session_cookie(page, console), "Origin": console.base, "Content-Type": "application/json",
        "X-CSRF-Token": page.locator('meta[name="csrf-token"]').get_attribute("content")}, bad["newer.json"])[2]
        )["error"]

    good = tmp_path / "good.json"  # and a good one is merged: the page says so and shows what it brought
    good.write_text(json.dumps({**exported, "judgments": [*exported["judgments"], new_judgment]}))
    page.set_input_files("#import-file", str(good))
    page.locator("#import-result.ok", has_text="judgments added 1").wait_for()
    page.locator("li.judgment", has_text="diagrams in design notes").wait_for()
    assert "the user likes diagrams in design notes" in judgments(console).values()


def test_each_view_is_photographed_and_the_docs_screenshots_are_remade_on_request(page, console, tmp_path):
    """Screenshots go to the test's directory; with ACTORS_DOCS_SHOTS=1 they replace docs/web-*.png (a test run
    never changes tracked files unasked)."""
    shots = DOCS if os.environ.get("ACTORS_DOCS_SHOTS") == "1" else tmp_path
    console.mesh.cli("instruct", "read the README file and list the source directory", check=True)
    client = console.mesh.client()
    try:
        for path in ("README.md", "README.md", "missing.txt"):  # the last one leaves a wound open
            client.call("fs", "read_file", {"path": path}, timeout_s=10)
    finally:
        client.close()
    page.locator('#organs tr[data-organ="fs"] .wound').wait_for()
    for view, ready in (("body", "#events li.event"), ("memory", "#cards li.card"),
                        ("exposure", "#exp-offered li code"), ("saved", "#saved td.value")):
        page.goto(f"{console.base}/#{view}")
        page.locator(ready).first.wait_for()
        if view == "exposure":  # just used: kept in the tool table for the next turns, and each tool says why
            page.locator("#exp-kept li", has_text="fs.read_file").wait_for()
            page.locator("#exp-offered li .why", has_text="used recently").first.wait_for()
        if view == "memory":
            page.locator("#judgments-unconfirmed > summary").click()
            page.locator("#judgments-redline .evidence summary").first.click()
            page.locator("#cards li.card .evidence summary").first.click()
            page.locator("#cards li.card .evidence dl").first.wait_for()
        shot = shots / f"web-{view}.png"
        page.screenshot(path=str(shot), full_page=True, animations="disabled", caret="hide")
        assert 0 < shot.stat().st_size < SHOT_MAX_BYTES, shot


def test_a_mesh_that_stops_shows_as_unreachable_and_is_rejoined_when_it_starts_again(page, console):
    old_heart = page.locator(".fact-heart-pid .value").inner_text()
    console.mesh.cli("down", check=True, timeout=40)
    page.locator("#conn.bad", has_text="mesh unreachable").wait_for(timeout=15_000)

    console.mesh.up()
    page.locator("#conn.ok").wait_for(timeout=20_000)
    page.wait_for_function("(old) => document.querySelector('.fact-heart-pid .value').textContent !== old",
                           arg=old_heart, timeout=10_000)
    page.locator('#organs tr[data-organ="fs"][data-state="up"]').wait_for(timeout=15_000)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_stopping_the_console_while_a_page_streams_ends_at_once_without_an_error(fresh, tmp_path, signal_number):
    cookie = log_in(fresh)
    conn = http.client.HTTPConnection("127.0.0.1", fresh.port, timeout=10)
    try:
        conn.request("GET", "/api/stream", headers={"Host": f"127.0.0.1:{fresh.port}",
                                                    "Cookie": f"actors_web_{fresh.port}={cookie}"})
        answer = conn.getresponse()
        assert answer.status == 200 and answer.getheader("content-type").startswith("text/event-stream")
        assert answer.read(len(b"retry: 2000\n\n")) == b"retry: 2000\n\n"  # the stream is open: a page watches
        started = time.monotonic()
        fresh.proc.send_signal(signal_number)
        fresh.proc.wait(timeout=10)
        took = time.monotonic() - started
    finally:
        conn.close()
    errors = (tmp_path / "web.err").read_text()
    # a stop asked for is a clean end, as the README says and the stdio front door does (uvicorn raised SIGTERM
    # again after its stop: exit 143)
    assert fresh.proc.returncode == 0, errors
    assert took < 1.5, f"stopping waited {took:.1f}s for the open stream"
    assert "Traceback" not in errors and "ERROR" not in errors, errors
