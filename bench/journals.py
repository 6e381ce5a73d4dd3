"""Synthetic agent journals with planted ground truth, and task-phrased queries, for memory's evaluation.

A journal is a run of sessions; a session is a run of tasks, each a progress event (the user's prompt) and the
calls the agent made for it. Planted in every journal:

- pitfalls: a package install refused by an externally managed environment (3-5 times), a program that keeps
  failing the same way (3 times);
- rules: a failing command fixed by a changed command of the same program family (2 sessions), a file read
  at a wrong path then found at the right one, an edit whose old text was not found, fixed by reading the
  file again and editing (2 sessions: a rule recurs, `Thresholds.rule_sessions`; they were planted in one or two
  until round 34, so the one-session ones had stopped being rules in round 14);
- a weak link: `http.get` on one host, 9-14 calls failing 35-60% of the time;
- playbooks: read, edit, run the tests (2-3 sessions); look at the changes, then commit (2-3 sessions).

Noise stays under every threshold, by construction: explorations and edit cycles in which a step comes back
(never a workflow), one-call tasks, failures whose signature occurs at most twice and that nothing fixes, a
flaky host under the weak-link call count, and enough successful work that no other ability's success rate
falls under 70%. Some planted patterns also justify a second card under the stated rules (a weak host failing
three times with one error is also a pitfall): the generator counts what it emitted and lists those as
`implied`; they back their cards, but are not required to be found.

Dev seeds (1-20) and test seeds (1001-1020) differ in more than their seed: each split has its own vocabulary
(packages, files, folders, hosts, topics, programs with their errors and fixes, the test runner, the git
tools' names, the error text of a failed edit) and its own phrase bank; the test bank was written without
looking at results on it. Queries are what an agent about to work would say, with context of its own.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

DEV_SEEDS = range(1, 21)
TEST_SEEDS = range(1001, 1021)
SESSIONS = 14


@dataclass(frozen=True)
class Vocab:
    """The names one split draws from."""

    packages: tuple[str, ...]
    files: tuple[str, ...]
    dirs: tuple[str, ...]
    hosts: tuple[str, ...]
    topics: tuple[str, ...]
    # (program, failing command, its error, a fix of the same program family)
    programs: tuple[tuple[str, str, str, str], ...]
    pip: str  # the install command that meets an externally managed environment
    test_cmd: str  # the playbook's test run; {topic}
    test_anchor: str  # the program its card must name
    git: tuple[str, str, str]  # the git organ's status, diff and commit abilities
    edit_error: str  # an edit whose old text is not in the file; {path}
    aspects: tuple[str, ...]  # what noise tasks look into


DEV = Vocab(
    packages=("httpx", "requests", "numpy", "pydantic", "rich", "boto3", "flask", "sqlalchemy"),
    files=("conf.yaml", "settings.toml", "routes.py", "schema.sql", "Dockerfile", "index.ts", "billing.go",
           "auth.rs", "invoice.py", "ledger.csv", "nginx.conf", "tasks.json"),
    dirs=("src", "lib", "app", "deploy/config", "services/api", "pkg", "infra", "web/src"),
    hosts=("sandbox.shipfast.net", "api.paylane.io", "status.cloudmetric.com", "feeds.newsgrid.org",
           "geo.mapkit.dev", "auth.keyvault.app"),
    topics=("shipping", "invoices", "login", "search", "billing", "onboarding", "reports", "notifications"),
    programs=(
        ("npm", "npm test", "sh: 1: jest: not found", "npm ci && npm test"),
        ("cargo", "cargo build", "error: linker `cc` not found", "apt-get install -y gcc && cargo build"),
        ("docker", "docker build -t app .", "permission denied while trying to connect to the Docker daemon",
         "sudo docker build -t app ."),
        ("go", "go test ./...", "go: cannot find main module", "cd service && go test ./..."),
        ("make", "make release", "make: *** No rule to make target 'release'", "make dist"),
        ("terraform", "terraform apply", "Error: Backend initialization required", "terraform init && terraform apply"),
        ("kubectl", "kubectl apply -f deploy.yaml", "error: You must be logged in to the server",
         "kubectl --context staging apply -f deploy.yaml"),
        ("tsc", "tsc -p .", "error TS5058: The specified path does not exist: 'tsconfig.json'",
         "tsc -p web/tsconfig.json")),
    pip="pip install {pkg}",
    test_cmd="python -m pytest -q tests/test_{topic}.py",
    test_anchor="pytest",
    git=("status", "diff", "commit"),
    edit_error="old_string not found in {path}",
    aspects=("layout", "copy", "naming", "docs"),
)

TEST = Vocab(
    packages=("pandas", "fastapi", "celery", "redis", "pyyaml", "jinja2", "scipy", "uvicorn"),
    files=("app.ini", "limits.json", "handlers.py", "models.py", "main.rs", "server.ts", "queue.go",
           "users.sql", "pricing.csv", "docker-compose.yml", "webpack.config.js", "Gemfile"),
    dirs=("backend", "core", "etc/app", "config", "internal/server", "src/main", "ops", "frontend/src"),
    hosts=("ledger.finbox.io", "maps.geoplot.net", "hooks.relaybase.com", "cdn.assetly.org",
           "metrics.tallyhq.app", "forecast.skycast.dev"),
    topics=("checkout", "payments", "signup", "inventory", "analytics", "exports", "permissions", "scheduling"),
    programs=(
        ("gradle", "gradle test", "Could not resolve all files for configuration ':testRuntimeClasspath'.",
         "gradle test --refresh-dependencies"),
        ("bundle", "bundle exec rspec", "Could not find rspec-3.12.0 in locally installed gems",
         "bundle install && bundle exec rspec"),
        ("helm", "helm upgrade api ./chart",
         "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
         "helm rollback api && helm upgrade api ./chart"),
        ("poetry", "poetry install", "Poetry could not find a pyproject.toml file in /srv/app or its parents",
         "cd backend && poetry install"),
        ("mvn", "mvn package", "[ERROR] Failed to execute goal on project api: Could not resolve dependencies",
         "mvn -U package"),
        ("dotnet", "dotnet build", "MSBUILD : error MSB1011: Specify which project or solution file to use",
         "dotnet build src/Api/Api.csproj"),
        ("ansible", "ansible-playbook site.yml", "ERROR! the playbook: site.yml could not be found",
         "ansible-playbook ops/site.yml"),
        ("rustc", "rustc main.rs", "error[E0463]: can't find crate for `serde`", "cargo build")),
    pip="python3 -m pip install {pkg}",
    test_cmd="npx jest src/{topic}",
    test_anchor="jest",
    git=("git_status", "git_diff_unstaged", "git_commit"),
    edit_error="Could not find exact match for edit in {path}",
    aspects=("wording", "spacing", "comments", "readme"),
)

# phrase banks: {kind: [template]}; placeholders {program} {pkg} {file} {host} {topic}
DEV_BANK = {
    "pitfall_pip": ["upgrade {pkg} to the newest release with pip", "I need {pkg} installed before I can run the script",
                    "add {pkg} to the environment so the import works",
                    "before running the ingestion job I have to get {pkg} installed, the script dies on import",
                    "the requirements changed and {pkg} must be bumped to the next major version"],
    "pitfall_cmd": ["run {program} for the {topic} module now", "kick off {program} again after my change to {topic}",
                    "time to use {program} on the {topic} code",
                    "the CI step for {topic} calls {program}; reproduce it locally and read the output"],
    "rule": ["run {program} for {topic} after a fresh checkout", "use {program} to check the {topic} work",
             "going to run {program} on the {topic} branch",
             "I'll check the {topic} changes with {program} before opening the pull request"],
    "file": ["bump the log level in {file} to DEBUG", "open {file} and change the {topic} timeout",
             "update the {topic} entry in {file}",
             "the {topic} service reads {file}; I need to raise the retry limit there"],
    "edit": ["replace the deprecated {topic} call in {file}", "rename the {topic} helper inside {file}",
             "patch {file} so the {topic} flag defaults to off",
             "the {topic} function in {file} still uses the old API, rewrite that part"],
    "host": ["fetch the latest {topic} data from {host}", "call {host} to get today's {topic} numbers",
             "pull {topic} records from {host} for the report",
             "the dashboard needs fresh {topic} figures, so request them from {host} again"],
    "playbook": ["fix the failing {topic} tests", "make the {topic} test suite pass again",
                 "there is a bug in {topic}, patch it and verify",
                 "users say {topic} is broken since yesterday; find the cause, fix it and run the tests",
                 "a regression in {topic}: write the fix and confirm with the unit tests that nothing else broke"],
    "git": ["review the pending changes and commit them", "commit what I changed with a clear message",
            "look over my edits and then make a commit",
            "all edits for this task are done, stage them and commit with a message describing the fix"],
    "negative": ["write a haiku about autumn leaves", "what is the capital of Australia",
                 "summarise yesterday's standup notes", "draft an email to the design team about fonts",
                 "explain how a B-tree differs from a hash index", "translate the welcome text to German",
                 "rename the variable foo to bar in my head", "plan the sprint goals for next week",
                 "fix the typo in my cover letter", "check the spelling of this paragraph",
                 "run through the slides for tomorrow's talk", "update my calendar for the holidays",
                 "make a shopping list for the weekend", "find a good time for the team lunch",
                 "set a reminder to call the dentist", "read this poem and tell me what it means",
                 "run the numbers for the quarterly budget review", "install the new printer driver on my laptop",
                 "test the microphone before the video call", "update the wiki page about the vacation policy",
                 "check whether the meeting room is free at 3pm", "build a reading list on distributed systems"],
}
# dev only: phrasings that share no word with the card they need (no program, subcommand or ability name),
# every one asked in every dev journal; reported apart (`meaning` in bench/recall.py), so the journals and
# the sampled dev queries above stay as they were. Written after the test bank was visible in this file:
# they avoid its wording on purpose, but they are not independent of it.
DEV_MEANING = {
    "git": ["put my finished edits into version control with a short message",
            "preserve this state of the code before I start the next refactor",
            "check in the work I just did", "look at what is different in the working tree, then store it for good"],
    "tests": ["make sure nothing regressed in {topic} after my edit",
              "confirm the {topic} fix works by running the suite",
              "verify the {topic} behaviour end to end after patching it"],
    "install": ["the script dies with No module named {pkg}; make it importable",
                "make {pkg} available in this environment", "bring {pkg} onto this machine so the job can use it"],
}
TEST_BANK = {
    "pitfall_pip": ["get the latest {pkg} into this venv using pip", "pip-install {pkg} so the module resolves",
                    "the code needs {pkg}; set it up"],
    "pitfall_cmd": ["let me invoke {program} on {topic} to see where we are", "next step: {program} over the {topic} package",
                    "execute {program} once more for {topic}"],
    "rule": ["about to do a {program} run for {topic} in a clean clone", "verify {topic} with {program} before merging",
             "{program} for {topic}, then report back"],
    "file": ["tweak the {topic} settings in {file}", "set a new value for {topic} inside {file}",
             "I will edit {file} to adjust {topic}"],
    # written before any result on the test split was seen
    "edit": ["swap the old {topic} constant for the new one in {file}", "in {file}, change how {topic} is computed",
             "remove the unused {topic} branch from {file}"],
    "host": ["query {host} for the current {topic} status", "download {topic} updates from {host}",
             "hit the {host} endpoint for {topic}"],
    "playbook": ["repair the broken {topic} behaviour and prove it with tests",
                 "the {topic} specs are red; get them green", "debug {topic} until its tests succeed"],
    # written before any result on the test split was seen
    "git": ["I'm done editing, save my work to the repository history", "check what changed and record a commit",
            "wrap up: inspect the diff, then commit it"],
    "negative": ["compose a limerick about a cat", "how many moons does Jupiter have",
                 "recommend a good book on negotiation", "write release notes in a cheerful tone",
                 "what time zone is Tokyo in", "convert 5 miles into kilometres",
                 "brainstorm names for a coffee shop", "describe the rules of chess briefly",
                 # written before any result on the test split was seen
                 "help me pick a colour for the living room", "list three facts about penguins",
                 "correct the grammar in my message to the landlord", "suggest a name for my new puppy",
                 "outline a workout plan for beginners", "what should I cook for dinner tonight",
                 "proofread the invitation for saturday", "give me a fun fact about volcanoes"],
}


@dataclass
class Planted:
    """One planted pattern: the card kind it must yield, what identifies that card, and its queries.

    `implied` lists the other card kinds its own events justify under the stated rules (not required).
    """

    pattern: str  # which planted pattern: install, command, fix, path, edit, host, tests, git
    kind: str
    anchor: str  # a term the card's identity must hold (program, file name, host or ability word)
    queries: list[str] = field(default_factory=list)
    implied: tuple[str, ...] = ()
    values: dict = field(default_factory=dict)  # the names its queries were written with (pkg, topic)


@dataclass
class Generated:
    events: list[dict]
    planted: list[Planted]
    negatives: list[str]


class _Tasks:
    """Tasks by session; written out session after session, each session's tasks in a shuffled order."""

    def __init__(self, rng: random.Random, sessions: list[str]) -> None:
        self.rng = rng
        self.sessions = sessions
        self.by_session: dict[str, list[list[dict]]] = {s: [] for s in sessions}

    def task(self, session: str, prompt: str, calls: list[dict]) -> None:
        self.by_session[session].append([{"kind": "progress", "text": prompt}, *calls])

    def events(self) -> list[dict]:
        t = 1_764_460_800.0
        out = []
        for session in self.sessions:
            tasks = self.by_session[session]
            self.rng.shuffle(tasks)
            for task in tasks:
                t += self.rng.uniform(60, 600)
                for event in task:
                    t += self.rng.uniform(1, 30)
                    out.append({"ts": round(t, 3), "session": session, **event})
        return out


def call(organ: str, ability: str, args: dict, ok: bool = True, error: str = "") -> dict:
    return {"kind": "call", "organ": organ, "ability": ability, "args": args, "ok": ok, "error": error}


def cmd(command: str, ok: bool = True, error: str = "") -> dict:
    return call("shell", "run", {"command": command}, ok, error)


def read(path: str, ok: bool = True, error: str = "") -> dict:
    return call("fs", "read_file", {"path": path}, ok, error)


def edit(path: str, ok: bool = True, error: str = "", old: str = "a", new: str = "b") -> dict:
    return call("fs", "edit_file", {"path": path, "old_string": old, "new_string": new}, ok, error)


def get(url: str, ok: bool = True, error: str = "") -> dict:
    return call("http", "get", {"url": url}, ok, error)


def generate(seed: int) -> Generated:
    """One journal with its planted patterns and queries (vocabulary and phrase bank follow the seed's split)."""
    rng = random.Random(seed)
    vocab, bank = (TEST, TEST_BANK) if seed >= 1000 else (DEV, DEV_BANK)
    sessions = [f"s{seed}-{i}" for i in range(SESSIONS)]
    tasks = _Tasks(rng, sessions)
    planted: list[Planted] = []
    topics = rng.sample(vocab.topics, len(vocab.topics))
    files = rng.sample(vocab.files, len(vocab.files))
    hosts = rng.sample(vocab.hosts, len(vocab.hosts))
    programs = rng.sample(vocab.programs, len(vocab.programs))
    dirs = list(vocab.dirs)
    spread = rng.sample(sessions, len(sessions))  # sessions in a random order, so plants land anywhere

    def q(kind: str, **values) -> list[str]:
        return [t.format(**values) for t in rng.sample(bank[kind], 2)]

    # pitfall: a package install refused by an externally managed environment
    pkg = rng.choice(vocab.packages)
    for i in range(rng.randint(3, 5)):
        tasks.task(spread[i], f"set up the {topics[0]} dependencies",
                   [cmd(vocab.pip.format(pkg=rng.choice(vocab.packages)), False,
                        "error: externally-managed-environment")])
    planted.append(Planted("install", "pitfall", "pip", q("pitfall_pip", pkg=pkg), values={"pkg": pkg}))

    # pitfall: a program that keeps failing the same way
    prog, command, error, _ = programs[0]
    for i in range(3):
        tasks.task(spread[3 + i], f"work on {topics[1]}", [cmd(command, False, error)])
    planted.append(Planted("command", "pitfall", prog, q("pitfall_cmd", program=prog, topic=topics[1])))

    # rule: a failing command fixed by a changed command of the same family
    prog2, command2, error2, fix2 = programs[1]
    rng.randint(1, 2)  # how many sessions until round 34 (one or two): still drawn, so every later draw is the same
    for i in range(2):  # a rule recurs: its fix is seen in two sessions (Thresholds.rule_sessions, round 14)
        tasks.task(spread[6 + i], f"check the {topics[2]} changes",
                   [cmd(command2, False, error2), cmd("ls -la"), cmd(fix2)])
    planted.append(Planted("fix", "rule", prog2, q("rule", program=prog2, topic=topics[2])))

    # rule: a wrong path, then the right one for the same file name
    fname = files[0]
    wrong = f"{dirs[0]}/{topics[3]}/{fname}"
    tasks.task(spread[8], f"adjust the {topics[3]} configuration",
               [read(wrong, False, f"ENOENT: no such file or directory, open '{wrong}'"),
                read(f"{rng.choice(dirs[3:])}/{fname}")])
    planted.append(Planted("path", "rule", fname.lower(), q("file", file=fname, topic=topics[3])))

    # rule: an edit whose old text is not in the file; reading it again and editing works
    ename = files[2]
    epath = f"{rng.choice(dirs[:3])}/{ename}"
    rng.randint(1, 2)  # as above
    for i in range(2):
        tasks.task(spread[9 + i], f"update the {topics[6]} logic",
                   [read(epath), edit(epath, False, vocab.edit_error.format(path=epath)), read(epath),
                    edit(epath, old="c", new="d")])
    planted.append(Planted("edit", "rule", ename.lower(), q("edit", file=ename, topic=topics[6])))

    # weak link: one host failing often
    host = hosts[0]
    n = rng.randint(9, 14)
    bad = set(rng.sample(range(n), rng.randint(int(n * 0.35) + 1, int(n * 0.6))))
    errors = Counter()
    for i in range(n):
        err = rng.choice(["HTTP 503 Service Unavailable", "HTTP 502 Bad Gateway", "timed out after 10s"]) \
            if i in bad else ""
        errors[err] += bool(err)
        tasks.task(sessions[i % SESSIONS], f"refresh the {topics[4]} feed",
                   [get(f"https://{host}/v2/{topics[4]}?page={i}", i not in bad, err)])
    implied = ("pitfall",) if any(c >= 3 for c in errors.values()) else ()
    planted.append(Planted("host", "weak_link", host, q("host", host=host, topic=topics[4]), implied))

    # playbook: read, edit, run the tests
    target = files[1]
    for i in range(rng.randint(2, 3)):
        path = f"src/{topics[5]}/{target}"
        tasks.task(spread[10 + i], f"fix the {topics[5]} bug",
                   [read(path), edit(path), cmd(vocab.test_cmd.format(topic=topics[5]))])
    planted.append(Planted("tests", "playbook", vocab.test_anchor, q("playbook", topic=topics[5]),
                           values={"topic": topics[5]}))

    # playbook: look at the changes, then commit
    status, diff, commit = vocab.git
    for i in range(rng.randint(2, 3)):
        tasks.task(spread[(12 + i) % SESSIONS], rng.choice(["commit this", "save the work", "wrap up the change"]),
                   [call("git", status, {}), call("git", diff, {}), call("git", commit, {"message": f"change {i}"})])
    planted.append(Planted("git", "playbook", commit.split("_")[-1], q("git")))

    _noise(rng, tasks, vocab, files, hosts, programs, topics)
    return Generated(tasks.events(), planted, rng.sample(bank["negative"], 4))


def _noise(rng: random.Random, tasks: _Tasks, vocab: Vocab, files: list[str], hosts: list[str],
           programs: list[tuple], topics: list[str]) -> None:
    """Work under every threshold: no repeated 2-4-step run, no third failure with one signature, no fix."""
    others = files[4:]
    paths = [f"{d}/{f}" for d in vocab.dirs for f in others]
    probes = ["git status", "git log --oneline -5", "ls", "echo ok", "date", "cat README.md"]
    scripts = ["python scripts/report.py", "python manage.py check", "./scripts/lint.sh", "make fmt"]
    for _ in range(rng.randint(30, 40)):
        session = rng.choice(tasks.sessions)
        prompt = f"look into {rng.choice(vocab.topics)} {rng.choice(vocab.aspects)}"
        r = rng.random()
        a, b = rng.sample(paths, 2)
        if r < 0.35:  # explore: a read comes back, so this run is no workflow
            calls = [read(a), cmd(f"grep -rn {rng.choice(vocab.topics)} {rng.choice(vocab.dirs)}"),
                     call("fs", "list_directory", {"path": rng.choice(vocab.dirs)}), cmd(rng.choice(probes)), read(b)]
        elif r < 0.65:  # an edit cycle: the edit and the script come back
            script = rng.choice(scripts)
            calls = [read(a), edit(a), cmd(script), edit(a, old="x", new="y"), cmd(script)]
        elif r < 0.85:  # one call
            calls = [rng.choice([read(a), cmd(rng.choice(probes)), cmd(rng.choice(scripts))])]
        else:  # a lookup on a healthy host
            calls = [get(f"https://{rng.choice(hosts[2:])}/api/{rng.choice(vocab.topics)}")]
        tasks.task(session, prompt, calls)
    for _, command, error, _ in programs[2:4]:  # failures twice each, never fixed: no card
        for _ in range(2):
            tasks.task(rng.choice(tasks.sessions), "try something else",
                       [cmd(command, False, error), read(rng.choice(paths))])
    for i in range(4):  # healthy hosts keep http.get's other calls over 70% success
        tasks.task(rng.choice(tasks.sessions), f"look up {rng.choice(vocab.topics)}",
                   [get(f"https://{rng.choice(hosts[2:])}/v1/items/{i}")])
    flaky = hosts[1]  # 7 calls: under the weak-link count; no error three times
    for i, err in enumerate(["", "timed out", "", "connection reset by peer", "", "timed out", ""]):
        tasks.task(rng.choice(tasks.sessions), f"sync {rng.choice(vocab.topics)}",
                   [get(f"https://{flaky}/x/{i}", not err, err)])
