"""Normalise error texts and describe calls, so the same trap on different files is one signature. Pure."""

from __future__ import annotations

import functools
import json
import posixpath
import re
import shlex
from dataclasses import dataclass
from urllib.parse import urlsplit

from actors import guard
import broker.text as text
from broker import redact
from broker.vocab import HOST_ORGAN

MAX_SIGNATURE = 200
# a URL's scheme and a run of a name's characters a path or file is looked for in, at most: each is tried where
# every word of the run begins, and read to the run's end each time, so 2,000 characters of `x.x.x…` (an error's
# longest) cost a signature 90 ms, a failing row three signatures (docs/security.md O59); no scheme is this long,
# no path's name or folder either (a file system's longest is 255)
MAX_SCHEME = 31
MAX_RUN = 256
_SHORT_RUN = rf"(?=[\w.@+-]{{1,{MAX_RUN}}}+(?![\w.@+-]))"  # where a run ends within MAX_RUN

# a path or file name, with the fragment, query or line:column a link or a compiler may add (`../auth.md#tokens`)
_PATHLIKE = re.compile(r"(?:(?:[A-Za-z]:)?[\w.@+~-]*(?:[/\\][\w.@+~-]+)+[/\\]?|[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,5})"
                       r"(?:[#?][\w.=&%-]*|(?::\d+)+)?")
# a quoted path from a root whose names hold spaces (`'/mnt/office share/Ring 1 - stewards.md'`, `"C:\\Program
# Files\\x"`): the same placeholder as a path without them (round 41: one signature for one error)
_SPACED_PATH = re.compile(r"(?:[A-Za-z]:|~|\.{1,2})?(?:[/\\][\w.@+~-]+(?: [\w.@+~-]+)*)+[/\\]?")

# words written with a slash that are no path: protocols and pairs in capitals (TCP/IP, I/O, N/A, GET/POST), and/or
_SLASH_WORD = re.compile(r"[A-Z]{1,5}(?:/[A-Z]{1,5})+|and/or|either/or")
_MASK = re.escape(redact.MASK)
# Order matters: a timestamp holds numbers, a URL holds a path, a quoted value may hold anything.
_SUBSTITUTIONS = (
    (re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"), "{time}"),
    # an HTTP date (`Tue, 01 Dec 2026 10:00:00 GMT`) and a syslog stamp (`Dec  1 10:00:01`)
    (re.compile(r"\b(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),?\s+)?(?:\d{1,2}\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|"
                r"Nov|Dec)\s+(?:\d{1,2}\s+)?(?:\d{4}\s+)?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:\s+(?:GMT|UTC)|\s*[+-]\d{4})?"),
     "{time}"),
    (re.compile(r"\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b"), "{time}"),
    # a URL, a redacted password in it (`https://deployer:[REDACTED]@registry.acme.io/v2/`) included
    (re.compile(rf"\b[a-z][a-z0-9+.-]{{0,{MAX_SCHEME}}}://(?:{_MASK}|[^\s'\"`)>\]])+(?<![:.,;!?])", re.I), "{url}"),
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "{hex}"),
    # a Kubernetes pod's generated suffix: `web-7d9f8b6c4-x2lqp` is the pod of `web` whichever it is
    (re.compile(r"(?<=[a-z0-9])-(?=[a-z0-9]*\d)[a-z0-9]{8,10}-[a-z0-9]{5}\b"), "-{hex}"),
    # a quoted value; an apostrophe inside a word (can't, doesn't) neither opens nor closes one, a Python literal's
    # prefix (b'\xff', f'...') does not stop one opening
    (re.compile(r"(?:(?<!\w)|(?<=(?<!\w)[bBuUrRfF]))'(?:[^'\n]|(?<=\w)'(?=\w)){0,300}'(?!\w)|\"[^\"\n]{0,300}\"|`[^`\n]{0,300}`|‘[^’\n]{0,300}’"
                r"|“[^”\n]{0,300}”"),
     lambda m: "{path}" if (_PATHLIKE.fullmatch(m.group(0)[1:-1]) or _SPACED_PATH.fullmatch(m.group(0)[1:-1]))
     and not _SLASH_WORD.fullmatch(m.group(0)[1:-1]) else "{q}"),
    # a path: something with a slash in it (not a word such as TCP/IP), or a file name with a short extension
    # (not a dotted name that goes on: `sqlalchemy.exc.OperationalError` is a Python name, not a file `.exc`)
    (re.compile(r"(?<![\w{])(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[/\\][\w.@+~-]+)+[/\\]?|"
                rf"\b{_SHORT_RUN}(?!(?:{_SLASH_WORD.pattern})(?![\w.@+/\\-]))[\w.@+-]+(?:[/\\][\w.@+-]+)+[/\\]?|"
                rf"\b{_SHORT_RUN}(?!(?:e\.g|i\.e|etc|vs)\b)[\w@+-][\w.@+-]*\.(?!\d+\b)[A-Za-z][A-Za-z0-9]{{0,5}}\b"
                r"(?![/(]|\.\w)"),
     "{path}"),
    (re.compile(r"\b0x[0-9a-f]+\b", re.I), "{hex}"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b", re.I), "{hex}"),
    # a numbered name in lower case (`web01`, `user42`, `db02`): the numbering of hosts and accounts, not the
    # error; an error code is upper case and stays (`TS2304`, `CS0246`, `E0382`)
    (re.compile(r"\b([a-z]{2,})\d{2,}\b"), r"\1{n}"),
    # a version written with its `v` (node v18.17.0), a duration in units (1m30s, 2h, 12m)
    (re.compile(r"\bv\d+(?:\.\d+)+\b|\b(?:\d+(?:\.\d+)?(?:ms|us|ns|h|m|s))+\b", re.I), "{n}"),
    # a number with its unit, spaced or not, is one quantity (2.00 GiB, 512 MiB, 5000 ms, 30 seconds, 2964px, 60fps)
    (re.compile(r"(?<![\w{])[-+]?\d+(?:[.,:]\d+)*(?:e[-+]?\d+)?(?:\s?(?:[kmgtp]i?b|bytes|ms|us|ns|secs?|seconds?|mins?|"
                r"minutes?|hours?)\b|(?:[a-z]{1,3}|%)?\b)", re.I), "{n}"),
)
# terminal colour and cursor codes (`\x1b[31m`): a coloured error is the same error
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
# the frames of a traceback change with the code around the error; its last line is the error
_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):", re.M)
_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"[^\W\d_]{3,}")  # a word a first line must hold to say what failed (not `{path}`, not `E:`)
_LEADERS = re.compile(r"\.{4,}")  # dot leaders between a check's name and its result (`yamllint.....Failed`)
_PLACEHOLDER = re.compile(r"\{(?:path|q|n|hex|time|url)\}")
_RUNS = re.compile(r"(\{[a-z]+\})(?:[\s,;]*\1)+")  # "{n}, {n}, {n}" is one placeholder

FAMILIES = {
    "npm": "npm", "npx": "npm", "pnpm": "npm", "pnpx": "npm", "yarn": "npm", "corepack": "npm",
    "pip": "pip", "pip3": "pip", "uv": "pip", "uvx": "pip", "poetry": "pip", "pipx": "pip",
    "python": "python", "python3": "python", "py": "python",
    "pytest": "pytest", "py.test": "pytest", "tox": "pytest", "nox": "pytest",
    "node": "node", "deno": "node", "bun": "node", "bunx": "node", "tsx": "node", "ts-node": "node",
    "cargo": "cargo", "rustc": "cargo", "go": "go", "make": "make", "cmake": "make", "ninja": "make",
    "docker": "docker", "podman": "docker", "docker-compose": "docker", "kubectl": "kubectl", "helm": "kubectl",
    "gcc": "cc", "g++": "cc", "cc": "cc", "clang": "cc", "clang++": "cc",
    "mvn": "java", "gradle": "java", "java": "java", "javac": "java",
    "tsc": "tsc", "eslint": "lint", "ruff": "lint", "flake8": "lint", "pylint": "lint", "mypy": "lint",
}
FAMILY_MEMBERS = {family: tuple(sorted(p for p, f in FAMILIES.items() if f == family)) for family in set(FAMILIES.values())}

# read-only probes never close an episode: looking around is not fixing anything
PROBE_PROGRAMS = frozenset({
    "ls", "ll", "dir", "cat", "head", "tail", "less", "more", "pwd", "echo", "printf", "which", "type", "whereis",
    "file", "stat", "wc", "tree", "find", "grep", "rg", "ag", "fd", "env", "printenv", "whoami", "id", "date",
    "uname", "hostname", "df", "du", "ps", "top", "true", "sleep", "diff", "cmp", "md5sum", "sha256sum", "realpath",
    "readlink", "basename", "dirname", "jq", "sort", "uniq", "cut", "history", "man", "help",
})
PROBE_GIT = frozenset({"status", "log", "diff", "show", "branch", "remote", "rev-parse", "describe", "blame",
                       "ls-files", "config", "tag", "reflog", "shortlog", "grep"})
PROBE_VERBS = frozenset({"read", "get", "list", "ls", "stat", "search", "find", "glob", "grep", "show", "cat",
                         "view", "head", "tail", "status", "describe", "recall", "inject", "cards", "exists",
                         "fetch", "lookup", "query", "inspect", "info", "open", "check", "diff", "log", "echo",
                         "webfetch", "websearch", "todowrite", "todoread", "notebookread"})
PATH_KEYS = ("path", "file_path", "filepath", "file", "filename", "notebook_path", "target", "dest", "src")
COMMAND_KEYS = ("command", "cmd", "script", "shell")
URL_KEYS = ("url", "uri", "endpoint", "href", "link")
# programs that change where or how the next command runs, not what it does
NAVIGATION = frozenset({"cd", "pushd", "popd", "export", "source", ".", "set", "unset", "alias"})
# programs whose subcommand names the work (git commit, npm ci, docker build, dbt run): data/memory-subcommands.txt
SUBCOMMAND_PROGRAMS = text.load_words("memory-subcommands")
_SEPARATORS = re.compile(r"\s*(?:&&|\|\||;|\|(?!&))\s*|\s*\|&\s*")
_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://(?:[^@/\s]*@)?([^:/\s?#]+)", re.I)
_WRAPPERS = frozenset({"sudo", "env", "time", "nice", "nohup", "exec", "command", "xargs", "timeout"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


@functools.cache
def generic_stems() -> frozenset[str]:
    """Stems of words that name work in general (data/generic.txt: run, file, test, error, fix, …)."""
    return frozenset(text.stem(w) for w in text.load_words("generic"))


def error_signature(text: str) -> str:
    """Normalise an error text: paths, numbers, hex ids, quoted values and timestamps become placeholders."""
    return _signature(str(text))


@functools.lru_cache(maxsize=4096)  # pure, and distillation reads a failing row's error three times
def _signature(text: str) -> str:
    text = _ANSI.sub("", text)
    if _TRACEBACK.search(text):
        return _normalised(_traceback_error(text))
    first, _, rest = text.strip().partition("\n")
    if rest.strip():  # a report: its first line says what failed, the lines after it the details of this run
        head = _normalised(first)
        if _PLACEHOLDER.search(head) and _WORD.search(strip_placeholders(_HEAD_MARKERS.sub("", head))) \
                and not head.endswith(":"):
            return head
    return _normalised(text)


def _normalised(text: str) -> str:
    text = _LEADERS.sub(" ", text)
    text = _SPACES.sub(" ", text).strip()
    for pattern, placeholder in _SUBSTITUTIONS:
        text = pattern.sub(placeholder, text)
    text = _RUNS.sub(r"\1", text)
    return text[:MAX_SIGNATURE].strip()


MAX_HEAD = 40  # an error's first words as a rule's injected line says them (inject.card_line)
# what opens an error line without saying what the error is: a shell's exit code, a severity or a shell's name
_HEAD_MARKERS = re.compile(r"^(?:exit code \{n\}\s*)?(?:(?:[a-z][\w.-]{0,20} )?(?:(?:error|fatal|e|warning|warn)\s*[:!]|err!)"
                           r"\s*|(?:ba|z|da|k)?sh\s*:\s*(?:\{n\}\s*:\s*)?)*", re.I)
# where an error's first statement ends: a sentence or clause, a box-drawn detail, a second marked line
_HEAD_ENDS = re.compile(r"[.;,](?=\s|$)|\s[-×╰│]\s?|\s\(|\s(?:[a-z][\w.-]{0,20} )?(?:(?:error|fatal|hint|help)\s*[:!]|err!)",
                        re.I)


def error_head(signature: str, cap: int = MAX_HEAD) -> str:
    """What an error is, in its own first words: a signature's first statement, its exit code and severity
    markers left out, placeholders shown as "…", cut at a word (`error: externally-managed-environment × This …`
    -> externally-managed-environment; `Exit code {n} error: could not compile` -> could not compile)."""
    bare = _HEAD_MARKERS.sub("", signature.strip())
    head = _HEAD_ENDS.split(bare, maxsplit=1)[0].strip() if bare else ""
    if len(strip_placeholders(head).strip()) < 3:
        head = bare or signature.strip()
    return clip_words(_RUNS.sub(r"\1", _PLACEHOLDER.sub("…", head)).replace("… …", "…"), cap)


def clip_words(text: str, cap: int) -> str:
    """A text on one line, cut at the last word boundary before `cap` with "…" when longer."""
    text = _SPACES.sub(" ", str(text)).strip()
    if len(text) <= cap:
        return text
    cut = text[:cap - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > cap // 2 else cut).rstrip(" ,;:") + "…"


MAX_ADVICE = 240
_LINE_MARKERS = re.compile(r"^[\s>*•·|#+-]*(?:[A-Za-z][\w.-]{0,20} (?:ERR!|WARN!?|error|warning)\s*)?[\s>*•·|#+-]*")


def error_advice(text: str) -> str:
    """What an error text says to do about it, in the tool's words: the line that begins with a tool's advice
    (`Recommended action: try adding the following to your extra-deps in stack.yaml`, `hint: …`, `help: …`,
    `Did you mean …`; data/memory-advice.txt) and the line after it; '' when it gives none. The signature is
    the error's start, where the advice rarely is."""
    lines = [line for line in _ANSI.sub("", str(text)).splitlines() if line.strip()]
    starts = _advice_starts()
    for i, line in enumerate(lines):
        bare = _LINE_MARKERS.sub("", line).lower()
        if any(bare.startswith(s) and not bare[len(s):len(s) + 1].isalnum() for s in starts):
            return _SPACES.sub(" ", " ".join(lines[i:i + 2])).strip()[:MAX_ADVICE]
    return ""


@functools.cache
def _advice_starts() -> tuple[str, ...]:
    return tuple(sorted((line.lower() for line in text.load_lines("memory-advice")), key=len, reverse=True))


def _traceback_error(text: str) -> str:
    """The error a Python traceback ends with: its last line that is not a frame or a caret."""
    lines = [line.strip() for line in text[_TRACEBACK.search(text).end():].splitlines() if line.strip()]
    for line in reversed(lines):
        if not line.startswith(("File ", "^", "~")) and not set(line) <= set("^~ "):
            return line
    return text


def strip_placeholders(text: str) -> str:
    """A signature without its placeholders ({path}, {n}, …), for the words it is about."""
    return _PLACEHOLDER.sub(" ", text)


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def program_of(command: str) -> str:
    """Name the program a shell command runs, skipping sudo, env assignments and the like."""
    words = _words(command)
    wrapper = ""
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "--":
            continue  # the end of a wrapper's options (`dotenv -- npm test`)
        elif _ASSIGNMENT.match(word) or word in _WRAPPERS:
            wrapper = posixpath.basename(word) if word in _WRAPPERS else wrapper
        elif wrapper and word.startswith("-"):
            skip = word in _valued_options().get(wrapper, frozenset())  # `sudo -u app`: app is no program
        elif not word.isdigit():  # the duration of `timeout 10 cmd`
            return posixpath.basename(word)
    return ""


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def family_of(command: str) -> str:
    """Name the program family of a command: npm, npx and pnpm are one family."""
    program = program_of(command)
    if program in ("python", "python3", "py"):
        words = _words(command)
        if "-m" in words and words.index("-m") + 1 < len(words):
            module = words[words.index("-m") + 1]
            return FAMILIES.get(module, "python")
    return FAMILIES.get(program, program)


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def launched(command: str) -> str:
    """Name the program a launcher or a wrapper runs (`npx jest` -> jest, `bundle exec rspec` -> rspec,
    `devcontainer exec --workspace-folder . composer install` -> composer, `distrobox enter box -- sudo mix
    compile` -> mix, `docker compose run --rm web mix test` -> mix), else ''. Options and their values
    (memory-options.txt) are skipped, and so are `sudo`, `env` and assignments before the wrapped command."""
    program = program_of(command)
    via = _launchers().get(program)
    if not via:
        return ""
    words = _words(command)
    valued = _valued_options().get(program, frozenset())
    start = next((i for i, w in enumerate(words) if posixpath.basename(w) == program), len(words)) + 1
    rest = _skip_options(words[start:], valued)
    if via != ("-",):
        sub = next((v for v in via if v != "--" and rest[:len(v.rstrip("+").split("."))] == v.rstrip("+").split(".")),
                   "")
        if not sub:
            return ""
        rest = _skip_options(rest[len(sub.rstrip("+").split(".")):], valued)
        if sub.endswith("+"):  # the container, pod or service it runs in comes first
            rest = _skip_options(rest[1:], valued)
        if "--" in via:  # the wrapper names its box first: the command follows `--`
            rest = rest[rest.index("--") + 1:] if "--" in rest else []
    inner = program_of(shlex.join(rest)) if rest else ""
    return "" if inner.startswith("-") else inner


def _skip_options(words: list[str], valued: frozenset[str]) -> list[str]:
    """The words from the first one that is neither an option nor a valued option's value."""
    skip = False
    for i, word in enumerate(words):
        if skip:
            skip = False
        elif word in valued:
            skip = True
        elif not word.startswith("-") or word == "--":
            return words[i:]
    return []


@functools.cache
def _launchers() -> dict[str, tuple[str, ...]]:
    return text.load_pairs("launchers")


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def is_probe_command(command: str) -> bool:
    """Tell whether a shell command only looks around (ls, cat, git status) and changes nothing."""
    program = program_of(command)
    words = _words(command)
    if words[:1] == ["command"] and words[1:2] in (["-v"], ["-V"]) or _asks_version(words, program):
        return True  # `command -v node`, `node --version`: asking, not doing
    if program == "git":
        words = [w for w in words if not w.startswith("-")]
        sub = words[words.index("git") + 1] if "git" in words and words.index("git") + 1 < len(words) else ""
        return sub in PROBE_GIT
    return program in PROBE_PROGRAMS


_ASKING = frozenset({"--version", "-V", "--help", "-h", "version", "help"})


def _asks_version(words: list[str], program: str) -> bool:
    """Tell whether a command only asks a program its version or usage (`python3 --version`, `go version`)."""
    at = next((i for i, w in enumerate(words) if posixpath.basename(w) == program), len(words))
    rest = words[at + 1:]
    return len(rest) == 1 and rest[0] in _ASKING


def _words(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:  # an unbalanced quote: still name the program
        return command.split()


@dataclass(frozen=True, slots=True)
class Work:
    """What a call worked on: its ability, the file (or host) by base name, the program families of a command."""

    ability: str  # organ.ability
    file: str = ""  # base name of the path argument, or the host of a URL argument
    path: str = ""  # the path argument as given (cleaned)
    families: tuple[str, ...] = ()  # program families of a command's parts (`cd` and the like left out)
    command: str = ""
    probe: bool = False
    host: bool = False  # `file` is the host of a URL, not a file name
    target: str = ""  # what the call worked on, for pairing a fix: the file's base name, or host/last URL segment
    scripts: tuple[str, ...] = ()  # the script files a command runs, by base name (`scripts_of`)

    @property
    def family(self) -> str:
        """The main family of a command: its last part that does the work."""
        return self.families[-1] if self.families else ""

    def describe(self) -> str:
        """Say in words when a rule about this work applies."""
        if self.families:
            return f"running {self.family} commands"
        if self.file:
            return f"using {shown_ability(self.ability)} on {self.file}"
        return f"calling {shown_ability(self.ability)}"


def shown_ability(name: str) -> str:
    """An ability as a card says it: the agent host's own tools by the names the agent knows them by (`Bash`,
    `Read`, not `host.Bash`); an organ's as `organ.ability`."""
    return name.removeprefix(f"{HOST_ORGAN}.")


_SHELL_C = re.compile(r"""^\s*(?:sudo\s+)?(?:/\S*/)?(?:ba|z|da|k)?sh\s+-[a-z]*c\s+(['"])(.*)\1\s*$""", re.S)
_QUOTING = re.compile(r"['\"\\\\]")
_GROUPING = re.compile(r"^[({\s]+|[)}\s]+$")


def commands_of(command: str) -> list[str]:
    """The simple commands of a compound one (`a && b; c | d` -> a, b, c, d), also inside a shell's `-c` string
    (`bash -c "cd web && npm ci"`) and a subshell or group (`(cd web && npm test)`)."""
    shell = _SHELL_C.match(command)
    if shell:
        return commands_of(shell.group(2))
    parts = (_GROUPING.sub("", part) for part in _split_unquoted(command))
    return [part for part in parts if part]


def _split_unquoted(command: str) -> list[str]:
    """Split a command at `&&`, `||`, `;` and `|` outside quotes (`git commit -m "a; b"` is one command)."""
    if not _QUOTING.search(command):
        return _SEPARATORS.split(command)  # most commands quote nothing: the plain split, fast
    parts, start, quote, i = [], 0, "", 0
    while i < len(command):
        char = command[i]
        if quote:
            quote = "" if char == quote else quote
            i += 2 if char == "\\" and quote == '"' else 1
            continue
        if char in "'\"":
            quote = char
        elif char == "\\":
            i += 1
        else:
            separator = _SEPARATORS.match(command, i)
            if separator and separator.group(0).strip():
                parts.append(command[start:i])
                start = i = separator.end()
                continue
        i += 1
    parts.append(command[start:])
    return parts


def working_parts(command: str) -> list[str]:
    """The simple commands of a compound one that do its work: navigation (`cd`, `export`) left out, and the
    read-only probes around the work too (`npm test 2>&1 | tail -5` is npm test's; `ls && npm ci` is npm ci's).
    A command of probes only is all probes."""
    parts = [p for p in commands_of(command) if program_of(p) not in NAVIGATION]
    working = [p for p in parts if not is_probe_command(p)]
    return working or parts


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def families_of(command: str) -> tuple[str, ...]:
    """The program families of a command's parts, in order, unique; navigation (`cd`, `export`) left out. What a
    launcher or `python -m` runs is a family of the part too (`npx eslint .` is npm and lint, `python -m black`
    is python and black), so `eslint .` failing and `npx eslint .` working is the same kind of work."""
    found: dict[str, None] = {}
    for part in working_parts(command):
        if program_of(part):
            found.setdefault(family_of(part), None)
            tool = launched(part) or _module(part)
            if tool:
                found.setdefault(FAMILIES.get(tool, tool), None)
    return tuple(found)


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def scripts_of(command: str) -> tuple[str, ...]:
    """The script files a command's parts run or work on, by base name, lowercased: each part's first word with a
    script's extension (memory-scripts.txt: `xvfb-run -a wolframscript -file scripts/build_docs.wls` ->
    build_docs.wls; `python3 -W ignore tools/a.py --all` -> a.py; `./deploy.sh staging` -> deploy.sh)."""
    found: dict[str, None] = {}
    for part in working_parts(command):
        for word in _words(part):
            name = posixpath.basename(word).lower()
            if not word.startswith("-") and name.rpartition(".")[2] in _script_extensions() and "." in name[1:]:
                found.setdefault(name, None)
                break
    return tuple(found)


@functools.cache
def _script_extensions() -> frozenset[str]:
    return text.load_words("memory-scripts")


def _module(command: str) -> str:
    """The module `python -m MODULE` runs, else ''."""
    if program_of(command) not in ("python", "python3", "py"):
        return ""
    words = _words(command)
    at = words.index("-m") + 1 if "-m" in words else len(words)
    return words[at].split(".", 1)[0] if at < len(words) else ""


def work_of(organ: str, ability: str, args: dict) -> Work:
    """Describe the work a call did, for deciding what a later success fixes."""
    name = f"{organ}.{ability}"
    command = _first_string(args, COMMAND_KEYS)
    if command:
        parts = [p for p in commands_of(command) if program_of(p) not in NAVIGATION]
        probe = bool(parts) and all(is_probe_command(p) for p in parts)
        return Work(name, families=families_of(command) or ("shell",), command=command, probe=probe,
                    scripts=scripts_of(command))
    path = _first_string(args, PATH_KEYS)
    if path:
        cleaned = _clean_path(path)
        base = posixpath.basename(cleaned).lower()
        return Work(name, file=base, path=cleaned, probe=is_probe_ability(ability), target=base)
    host = host_of(args)
    if not host:
        return Work(name, probe=is_probe_ability(ability))
    # a URL's resource is its host and last path segment: /v1/users -> /v2/users is a fix, /x/1 -> /x/2 is
    # other work
    segment = posixpath.basename(urlsplit(url_of(args)).path.rstrip("/"))
    return Work(name, file=host, path=host, probe=is_probe_ability(ability), host=True,
                target=f"{host}/{segment.lower()}")


def host_of(args: dict) -> str:
    """The host a call's URL argument names, lowercased ('' when there is none, or when its words read as an
    instruction: `reads_as_instruction`)."""
    url = url_of(args)
    match = _HOST.match(url) if url else None
    host = match.group(1).lower() if match else ""
    return "" if host and reads_as_instruction(host) else host


@functools.lru_cache(maxsize=4096)  # pure, and a journal names its few hosts again and again
def reads_as_instruction(host: str) -> bool:
    """Whether a host's labels, read as words (`ignore-all-previous-instructions.x.io`), are an instruction to a
    model: such a host is named in no card's title or identity (O64; the guard reads no word inside a name)."""
    return guard.suspect(re.sub(r"[.\-]+", " ", host))


_HOST_NAME = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*|\d{1,3}(?:\.\d{1,3}){3}", re.I)
_NO_HOSTS = frozenset({"localhost", "127.0.0.1", "0.0.0.0"})
_SLASH_OPTION = re.compile(r"/[A-Za-z]+:\S+")  # an option as Windows tools write it: `/Name:value`
_REGISTRY = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?/", re.I)


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def command_hosts(command: str) -> tuple[str, ...]:
    """The hosts a command worked on, lowercased, in order: a URL's host (`psql postgres://app@db.x.io/shop`),
    a `user@host` or `host:port` operand (`ssh deploy@bastion.acme.io`, `kafka-1.internal:9092`), and the value
    of a host option (`psql -h db.internal`, `kcat -b kafka-1.internal:9092`, `sqlpackage /tsn:db.corp.local`;
    memory-options.txt `hosts`). A name counts as a host when it is dotted or an IPv4 address; the loopback names
    none, nor does a host whose words read as an instruction (`reads_as_instruction`, O64)."""
    options = _valued_options().get("hosts", frozenset())
    found: dict[str, None] = {}
    for part in commands_of(command):
        words = _words(part)[1:]
        for i, word in enumerate(words):
            value, named = "", False
            if any(c.isspace() for c in word):
                continue  # a quoted text (a commit message), not an operand
            if "://" in word:
                match = _HOST.match(word)
                value, named = (match.group(1) if match else ""), True  # a URL names its host, dotted or not
            elif _REGISTRY.match(word) and "=" not in word:  # not a label (`app.kubernetes.io/name=web`)
                value = word.split("/", 1)[0]  # an image or module path: `ghcr.io/acme/api:1.4`
            elif word.startswith("-"):
                option, eq, rest = word.partition("=")
                if option in options:
                    value = rest if eq else (words[i + 1] if i + 1 < len(words) else "")
            elif _SLASH_OPTION.fullmatch(word):  # `sqlpackage /TargetServerName:uat-sql.corp.local`
                option, _, rest = word.partition(":")
                value = rest if option.lower() in options else ""
            elif "@" in word and "/" not in word.split("@", 1)[0]:
                value = word.split("@", 1)[1].split(":", 1)[0]
            elif re.fullmatch(r"[^/:]+:\d{2,5}", word):
                value = word.split(":", 1)[0]
            value = value.split("@")[-1].split(":", 1)[0].lower().rstrip(".")
            if value and value not in _NO_HOSTS and (_HOST_NAME.fullmatch(value) or named and len(value) > 2) \
                    and not reads_as_instruction(value):
                found.setdefault(value, None)
    return tuple(found)


def step_label(organ: str, ability: str, args: dict) -> str:
    """A workflow step: the ability, and for a command its family (and subcommand for git, npm, docker, …);
    a command a launcher or a wrapper runs is that tool's step (`npx jest` -> jest, `php artisan migrate:fresh`
    -> artisan migrate:fresh, `docker compose run web mix test` -> mix test)."""
    command = _first_string(args, COMMAND_KEYS)
    if not command:
        return f"{organ}.{ability}"
    parts = working_parts(command) or [command]
    labels = []
    for part in parts:
        inner = launched(part)  # a launcher's or a wrapper's step is the tool it runs
        if inner in SUBCOMMAND_PROGRAMS:
            labels.append(f"{inner} {subcommand_of(part, inner)}".strip())  # `php artisan migrate`, `… mix test`
        elif inner:
            labels.append(FAMILIES.get(inner, inner))  # `npx jest`, `pnpm exec jest`, `poetry run pytest`: jest
        else:
            labels.append(f"{_step_program(part)} {subcommand_program(part)[1]}".strip())
    return f"{organ}.{ability}({' && '.join(dict.fromkeys(labels))})"


def _step_program(command: str) -> str:
    """The program a workflow step names: the program as run (`pnpm typecheck`, not its family's `npm`), the one a
    front end of its family runs (`uv pip install` is pip's), and `python -m pytest` is pytest."""
    program = program_of(command)
    family = FAMILIES.get(program)
    if family == "python":
        return family_of(command)
    words = _words(command)
    after = words[words.index(program) + 1] if program in words[:-1] else ""
    return after if family and FAMILIES.get(after) == family else program


def subcommand_program(command: str) -> tuple[str, str]:
    """The program whose subcommand names a command's work, and that subcommand: the program itself
    (`git commit`), or the tool a launcher runs (`php artisan scribe:generate` -> artisan, scribe:generate);
    ('', '') when neither has subcommands (memory-subcommands.txt)."""
    program = program_of(command)
    if program in SUBCOMMAND_PROGRAMS:
        return program, subcommand_of(command)
    tool = launched(command)
    if tool in SUBCOMMAND_PROGRAMS:
        return tool, subcommand_of(command, tool)
    return "", ""


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def only_lists(command: str) -> bool:
    """Tell whether every part of a command that does work only runs a program's listing subcommand (`docker ps`,
    `kubectl describe pod x`, `npm ls`: data/memory-listings.txt): it looks, as a probe does."""
    parts = working_parts(command) if command else []
    listings = text.load_words("memory-listings")
    return bool(parts) and all(subcommand_program(p)[1] in listings for p in parts)


_TASK = re.compile(r"[A-Za-z][\w-]*(?:[:.][A-Za-z][\w-]*)*")


MASKED_TASK = ":" + redact.MASK  # a namespaced task whose name the redactor took for a label and its value


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def subcommand_of(command: str, program: str = "") -> str:
    """The first word after the program that is not an option nor an option's value (`git commit -m x` ->
    commit; `git -C repo status` -> status: `-C` takes a value, `memory-options.txt`). A task runner's task
    name is one word with its namespace (`mix deps.compile`, `artisan migrate:fresh`); a Gradle task path names
    its task (`gradlew :app:bundleRelease` -> bundleRelease)."""
    words = _words(command)
    program = program or program_of(command)
    valued = _valued_options().get(program, frozenset())
    aliases = _aliases().get(program, {})
    after = skip = False
    script = ""  # `npm run` seen: the script's name is the work
    for word in words:
        if skip:
            skip = False
        elif after and word.startswith("+") and len(word) > 1:
            continue  # a toolchain before the subcommand: `cargo +nightly build`
        elif after and not word.startswith("-"):
            task = word.rsplit(":", 1)[-1] if word.startswith(":") else word
            if task.endswith(MASKED_TASK):  # `credentials:show` read as a secret's label and value: its namespace
                task = task[: -len(MASKED_TASK)]
            if not script and aliases.get(task) == "*":
                script = task
                continue
            task = task if script else aliases.get(task, task)
            return task if _TASK.fullmatch(task) else ""  # s3, not 0.9.1
        elif after and word in valued:
            skip = True
        elif posixpath.basename(word) == program:
            after = True
    return script


@functools.cache
def _aliases() -> dict[str, dict[str, str]]:
    """program -> its short subcommands and their full names, `*` for a script runner (data/memory-aliases.txt)."""
    return {program: dict(pair.split("=", 1) for pair in pairs if "=" in pair)
            for program, pairs in text.load_pairs("memory-aliases").items()}


@functools.cache
def _valued_options() -> dict[str, frozenset[str]]:
    """program -> its options that take a value and may stand before the subcommand (data/memory-options.txt)."""
    return {program: frozenset(options) for program, options in text.load_pairs("memory-options").items()}


def is_probe_ability(ability: str) -> bool:
    """Tell whether an ability's name says it only reads (read_file, list_dir, git_status, Grep)."""
    words = [w for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", ability) if w]
    lowered = [w.lower() for w in words]
    if not lowered:
        return False
    if lowered[0] in PROBE_VERBS or ability.lower() in PROBE_VERBS:
        return True
    return len(lowered) > 1 and lowered[0] == "git" and lowered[1] in PROBE_GIT


def same_work(failed: Work, success: Work) -> bool:
    """Tell whether a success did the failure's kind of work: a shared program family (a probe only fixes a
    probe) and, when both run script files, a shared script (another script of the same interpreter is other
    work); or the same ability on the same file base name (or the same host and last URL segment)."""
    if failed.command or success.command:
        if not (failed.command and success.command) or (success.probe and not failed.probe):
            return False
        if failed.scripts and success.scripts and not set(failed.scripts) & set(success.scripts):
            return False
        return bool(set(failed.families) & set(success.families))
    return failed.ability == success.ability and failed.target == success.target


_URL_PARTS = (re.compile(r"([/_~-])"), re.compile(r"([/._~-])"))


def address_correction(failed: str, fixed: str) -> tuple[str, str] | None:
    """The word a URL's correction changed, (before, after), or None when it is no correction: the same host and
    query, and the path with one word changed everywhere it stood, twice at least (`…/spark-sql_2.13/3.5.1/
    spark-sql_2.13-3.5.1.pom` -> `…_2.12…_2.12…`: a version or variant a download's folder and file both name).
    A word changed once is other work (`/issues/1` -> `/issues/2`)."""
    before, after = urlsplit(failed), urlsplit(fixed)
    if (before.hostname or "") != (after.hostname or "") or not before.hostname or before.query != after.query:
        return None
    for parts in _URL_PARTS:  # a dotted word whole first (2.13 -> 2.12), then its parts (v1.2.0 with 1.2.0)
        old, new = parts.split(before.path), parts.split(after.path)
        changed = [(a, b) for a, b in zip(old, new) if a != b]
        if len(old) == len(new) and len(changed) >= 2 and len(set(changed)) == 1:
            return changed[0]
    return None


def url_of(args: dict) -> str:
    """A call's URL argument ('' when there is none)."""
    return _first_string(args, URL_KEYS)


def summarise_call(work: Work, args: dict, limit: int = 120) -> str:
    """A short description of a call's salient arguments: the command, or the ability and its file."""
    if work.command:
        return _clip(_SPACES.sub(" ", work.command).strip(), limit)
    rest = {k: v for k, v in sorted(args.items()) if k not in PATH_KEYS and k not in ("content", "new_string",
                                                                                      "old_string", "text", "body")}
    parts = [shown_ability(work.ability)]
    if work.path:
        parts.append(work.path)
    if rest:
        parts.append(json.dumps(rest, sort_keys=True, ensure_ascii=False, default=str))
    return _clip(" ".join(parts), limit)


def canonical_args(args: dict) -> str:
    """One string for comparing two calls' arguments."""
    return json.dumps(args, sort_keys=True, ensure_ascii=False, default=str)


def _first_string(args: dict, keys: tuple[str, ...]) -> str:
    for key in keys:
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return " ".join(value)
    return ""


def _clean_path(path: str) -> str:
    path = path.replace("\\", "/")
    cleaned = posixpath.normpath(path)
    return cleaned[2:] if cleaned.startswith("./") else cleaned


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
