"""Synthetic agent journals with planted ground truth, and task-phrased queries, for memory's evaluation.

A journal has sessions of tasks (a progress event, then calls). Planted in it: pitfalls (one failure signature
3-5 times), rules (a failure then a fix of the same kind of work, in 1-2 sessions), weak links (an ability over
8 calls failing 35-60% of the time on one host) and playbooks (one 3-step run in 2-3 sessions). Noise stays
under every threshold: successful reads, edits and commands on random files, failures at most twice and never
followed by a fix, a flaky ability at most 7 calls, runs of steps that occur in one session only.

Queries are what an agent about to work would say, with context; the phrase banks for dev and test seeds are
separate lists written separately, so tuning on dev cannot learn the test wording. Dev seeds: 1-20; test
seeds: 1001-1020.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

DEV_SEEDS = range(1, 21)
TEST_SEEDS = range(1001, 1021)

PROGRAMS = [("pip", "install {pkg}", "error: externally-managed-environment", "pip install --user {pkg}"),
            ("npm", "npm test", "sh: 1: jest: not found", "npm ci && npm test"),
            ("cargo", "cargo build", "error: linker `cc` not found", "apt-get install -y gcc && cargo build"),
            ("docker", "docker build -t app .", "permission denied while trying to connect to the Docker daemon",
             "sudo docker build -t app ."),
            ("go", "go test ./...", "go: cannot find main module", "cd service && go test ./..."),
            ("make", "make release", "make: *** No rule to make target 'release'", "make dist"),
            ("terraform", "terraform apply", "Error: Backend initialization required", "terraform init && terraform apply"),
            ("kubectl", "kubectl apply -f deploy.yaml", "error: You must be logged in to the server",
             "kubectl --context staging apply -f deploy.yaml")]
PACKAGES = ["httpx", "requests", "numpy", "pydantic", "rich", "boto3", "flask", "sqlalchemy"]
FILES = ["conf.yaml", "settings.toml", "routes.py", "schema.sql", "Dockerfile", "index.ts", "billing.go", "auth.rs",
         "invoice.py", "ledger.csv", "nginx.conf", "tasks.json"]
DIRS = ["src", "lib", "app", "deploy/config", "services/api", "pkg", "infra", "web/src"]
HOSTS = ["sandbox.shipfast.net", "api.paylane.io", "status.cloudmetric.com", "feeds.newsgrid.org",
         "geo.mapkit.dev", "auth.keyvault.app"]
TOPICS = ["shipping", "invoices", "login", "search", "billing", "onboarding", "reports", "notifications"]

# phrase banks: {kind: [template]}; placeholders {program} {pkg} {file} {host} {topic}
DEV_BANK = {
    "pitfall_pip": ["upgrade {pkg} to the newest release with pip", "I need {pkg} installed before I can run the script",
                    "add {pkg} to the environment so the import works"],
    "pitfall_cmd": ["run {program} for the {topic} module now", "kick off {program} again after my change to {topic}",
                    "time to use {program} on the {topic} code"],
    "rule": ["run {program} for {topic} after a fresh checkout", "use {program} to check the {topic} work",
             "going to run {program} on the {topic} branch"],
    "file": ["bump the log level in {file} to DEBUG", "open {file} and change the {topic} timeout",
             "update the {topic} entry in {file}"],
    "host": ["fetch the latest {topic} data from {host}", "call {host} to get today's {topic} numbers",
             "pull {topic} records from {host} for the report"],
    "playbook": ["fix the failing {topic} tests", "make the {topic} test suite pass again",
                 "there is a bug in {topic}, patch it and verify"],
    "negative": ["write a haiku about autumn leaves", "what is the capital of Australia",
                 "summarise yesterday's standup notes", "draft an email to the design team about fonts",
                 "explain how a B-tree differs from a hash index", "translate the welcome text to German",
                 "rename the variable foo to bar in my head", "plan the sprint goals for next week"],
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
    "host": ["query {host} for the current {topic} status", "download {topic} updates from {host}",
             "hit the {host} endpoint for {topic}"],
    "playbook": ["repair the broken {topic} behaviour and prove it with tests",
                 "the {topic} specs are red; get them green", "debug {topic} until its tests succeed"],
    "negative": ["compose a limerick about a cat", "how many moons does Jupiter have",
                 "recommend a good book on negotiation", "write release notes in a cheerful tone",
                 "what time zone is Tokyo in", "convert 5 miles into kilometres",
                 "brainstorm names for a coffee shop", "describe the rules of chess briefly"],
}


@dataclass
class Planted:
    """One planted pattern: the card kind it must yield, what identifies that card, and its queries."""

    kind: str
    anchor: str  # a term the card's identity must hold (program, file name or host)
    queries: list[str] = field(default_factory=list)


@dataclass
class Generated:
    events: list[dict]
    planted: list[Planted]
    negatives: list[str]


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.events: list[dict] = []
        self.t = 1_764_460_800.0

    def ev(self, **fields) -> None:
        self.t += self.rng.uniform(1, 30)
        self.events.append({"ts": round(self.t, 3), **fields})

    def progress(self, session: str, text: str) -> None:
        self.ev(session=session, kind="progress", text=text)

    def call(self, session: str, organ: str, ability: str, args: dict, ok: bool = True, error: str = "") -> None:
        self.ev(session=session, kind="call", organ=organ, ability=ability, args=args, ok=ok, error=error)

    def cmd(self, session: str, command: str, ok: bool = True, error: str = "") -> None:
        self.call(session, "shell", "run", {"command": command}, ok, error)


def generate(seed: int) -> Generated:
    """One journal with its planted patterns and queries (the phrase bank follows the seed's split)."""
    rng = random.Random(seed)
    bank = TEST_BANK if seed >= 1000 else DEV_BANK
    w = _Writer(rng)
    planted: list[Planted] = []
    topics = rng.sample(TOPICS, len(TOPICS))
    files = rng.sample(FILES, len(FILES))
    hosts = rng.sample(HOSTS, len(HOSTS))
    programs = rng.sample(PROGRAMS, len(PROGRAMS))
    sessions = [f"s{seed}-{i}" for i in range(14)]

    def q(kind: str, **values) -> list[str]:
        return [t.format(**values) for t in rng.sample(bank[kind], 2)]

    # pitfall: pip into an externally managed environment
    pkg = rng.choice(PACKAGES)
    for i in range(rng.randint(3, 5)):
        s = sessions[i]
        w.progress(s, f"set up the {topics[0]} dependencies")
        w.cmd(s, f"pip install {rng.choice(PACKAGES)}", False, "error: externally-managed-environment")
    planted.append(Planted("pitfall", "pip", q("pitfall_pip", pkg=pkg)))
    # pitfall: a program that keeps failing the same way
    prog, command, error, _ = programs[0]
    for i in range(3):
        s = sessions[3 + i]
        w.progress(s, f"work on {topics[1]}")
        w.cmd(s, command.format(pkg=pkg), False, error)
    planted.append(Planted("pitfall", prog, q("pitfall_cmd", program=prog, topic=topics[1])))
    # rule: a failing command fixed by a changed command, same family
    prog2, command2, error2, fix2 = programs[1]
    for i in range(rng.randint(1, 2)):
        s = sessions[6 + i]
        w.progress(s, f"check the {topics[2]} changes")
        w.cmd(s, command2.format(pkg=pkg), False, error2)
        w.cmd(s, "ls -la")
        w.cmd(s, fix2.format(pkg=pkg))
    planted.append(Planted("rule", prog2, q("rule", program=prog2, topic=topics[2])))
    # rule: a wrong path then the right one, same file name
    fname = files[0]
    s = sessions[8]
    w.progress(s, f"adjust the {topics[3]} configuration")
    w.call(s, "fs", "read_file", {"path": f"{DIRS[0]}/{topics[3]}/{fname}"}, False,
           f"ENOENT: no such file or directory, open '{DIRS[0]}/{topics[3]}/{fname}'")
    w.call(s, "fs", "read_file", {"path": f"{rng.choice(DIRS[3:])}/{fname}"})
    planted.append(Planted("rule", fname.lower(), q("file", file=fname, topic=topics[3])))
    # weak link: one ability on one host failing often
    host = hosts[0]
    n = rng.randint(9, 14)
    bad = rng.randint(int(n * 0.35) + 1, int(n * 0.6))
    for i in range(n):
        s = sessions[i % 14]
        w.progress(s, f"refresh the {topics[4]} feed")
        w.call(s, "http", "get", {"url": f"https://{host}/v2/{topics[4]}?page={i}"}, i >= bad,
               "" if i >= bad else rng.choice(["HTTP 503 Service Unavailable", "timed out after 10s"]))
    planted.append(Planted("weak_link", host, q("host", host=host, topic=topics[4])))
    # playbook: read, edit, test in 2-3 sessions
    target = files[1]
    for i in range(rng.randint(2, 3)):
        s = sessions[9 + i]
        w.progress(s, f"fix the {topics[5]} bug")
        w.call(s, "fs", "read_file", {"path": f"src/{topics[5]}/{target}"})
        w.call(s, "fs", "edit_file", {"path": f"src/{topics[5]}/{target}", "old_string": "a", "new_string": "b"})
        w.cmd(s, f"python -m pytest -q tests/test_{topics[5]}.py")
        w.progress(s, "done")
    planted.append(Planted("playbook", "pytest", q("playbook", topic=topics[5])))
    # noise under every threshold
    for i in range(rng.randint(40, 70)):
        s = rng.choice(sessions)
        r = rng.random()
        if r < 0.15:
            w.progress(s, f"look into {rng.choice(TOPICS)} {rng.choice(['layout', 'copy', 'naming', 'docs'])}")
        elif r < 0.55:
            w.call(s, "fs", rng.choice(["read_file", "list_directory"]),
                   {"path": f"{rng.choice(DIRS)}/{rng.choice(files[4:])}"})
        elif r < 0.8:
            w.cmd(s, rng.choice(["git status", "git log --oneline -5", "ls", "echo ok", "date"]))
        else:
            w.cmd(s, f"grep -rn {rng.choice(TOPICS)} {rng.choice(DIRS)}")
    for prog3, command3, error3, _ in programs[2:4]:  # failures twice, never fixed: no card
        for i in range(2):
            s = rng.choice(sessions)
            w.progress(s, "try something")
            w.cmd(s, command3.format(pkg=pkg), False, error3)
            w.progress(s, "moving on")
    flaky = hosts[1]
    for i in range(7):  # a flaky host under the weak-link call count
        w.call(rng.choice(sessions), "http", "get", {"url": f"https://{flaky}/x/{i}"}, i % 2 == 0, "timed out")
    negatives = rng.sample(bank["negative"], 4)
    return Generated(w.events, planted, negatives)
