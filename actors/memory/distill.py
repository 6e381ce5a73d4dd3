"""Distillation: deterministic rules that turn journal rows into card drafts. Pure.

A `Distiller` folds journal rows, in journal order, into counts that can be saved and resumed
(`to_state` / `from_state`), so consolidating incrementally and consolidating the whole journal at once
reach the same state. `drafts` renders that state into cards with the thresholds in force. The rules:

- pitfall: at least `pitfall_min` failures of one ability with one normalised error signature, unless rules that
  stand fixed that failure in every session it happened in (round 20: then the rule is the card, counting them);
- playbook: the successful calls between two progress events of a session (2-4 distinct steps, repeats in a
  row are one step), the same sequence in at least `playbook_sessions` sessions (`playbook_pair_sessions` for a
  sequence of two steps: a pair of calls is the shape any work takes by chance);
- weak link: an ability called at least `weak_min_calls` times with a success rate under `weak_max_success` (a
  host that does so on its own calls is one of its own); a command ability that does is a weak link by the program
  families that do on their own calls, and no card when none does (round 20);
- rule: a failure, then later in the same session (a new task in between or not) a success doing the same
  kind of work (a shared program family, or the same ability on the same file or host); read-only probes never
  close an episode; one rule per (ability, program family, normalised error), paired in at least `rule_sessions`
  sessions (2 by default, round 14: only rules that recur; a fix that only found the failed path's file elsewhere
  stands on one episode).
  When every fix was an edit of files and then the same call again, the edit fixed that piece of work: a rule
  only from `rule_edit_sessions` sessions on.

Every draft names its evidence (sessions, counts, examples) and its identity: the ability, programs, files,
hosts, topic words and the words of its calls that recall matches a query against.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import shlex
from dataclasses import dataclass, field
from typing import Iterable

import broker.text as text
from actors import guard
from broker import redact
from broker.causes import Cause
from broker.vocab import FAULT_DRILL
from actors.memory import meaning, normalise
from actors.memory.normalise import Work

KINDS = ("pitfall", "playbook", "weak_link", "rule")
STATE_VERSION = 31  # 4: identities hold the gloss field; 5: workflows hold the files and folders they touched;
# 6: subcommands skip the values of options before them, more programs have one (memory-options.txt,
# memory-subcommands.txt); a change of the shipped glosses renders every card again by itself (service.py);
# 7: rules count the episodes fixed only by editing files; rules and pitfalls hold the files among a command's
# operands (`python train.py`); a host's labels are name words stemmed too; pitfalls and rules hold the words
# of their calls (the `command` field); a CamelCase tool name (GitHub) is one topic word (github);
# 8: a failure's episode stays open across the session's progress events (issue 14: the same session); a
# wrapped command has the wrapped command's family; task names (mix deps.compile, artisan migrate:fresh, a Gradle
# task path) are subcommands, also of a tool a launcher runs (php artisan); a path operand without an extension
# is a file of pitfalls and rules; a hyphenated file name is a name word as written;
# 9: signatures drop colour codes, a traceback's is its error line (its frames' functions are topic words),
# durations and `v` versions are numbers; `sudo -u app` and the like are read through; the probes around a
# command's work (`npm test | tail`) are no family or step of it; `cargo +nightly build` is a build
# (9 too) short subcommands and run scripts are the full subcommand (`npm i`, `npm run build` -> build,
# memory-aliases.txt); a launched or wrapped tool is the step (`npx jest` -> jest); `node --version` is a probe
# (9 too) commands split outside quotes, inside `bash -c '…'` and subshells; environment wrappers (pipenv run,
# conda run, mise exec, dotenv, xvfb-run, direnv exec) run the wrapped tool
# (9 too) a pod's generated suffix, a lower-case numbered name (web01) and a written date are placeholders
# (9 too) a script a shell runs (`bash scripts/ci.sh`) is the command's family and step
# 10: a number with its unit, spaced or not, is one quantity (2.00 GiB, 512 MiB, 5000 ms)
# 11: a failed check fixed by its own tool's fixing mode (`cargo fmt` after `cargo fmt -- --check`) is an edit
# (11 too) the valued options of more programs with subcommands (mvn -pl, gradlew -x, aws --profile, alembic -c);
# mvnw, dart and flutter have subcommands, `dart run` and `flutter pub run` launch a tool; a file extension may
# have up to 12 characters (App.xcworkspace); pitfalls and rules hold the hosts their commands worked on
# 12: cards hold the settings their commands said (`--vault-password-file`, `DEVELOPMENT_TEAM=…`, `Category=Smoke`);
# workflows hold the operand words their commands said in two sessions (`stack ls dependencies`); a progress
# text's issue-tracker keys (`RUST-190`) are no topic words; pitfalls and rules hold the words of what their
# error said to do (`Recommended action: try adding … to your extra-deps`, `hint:`, `help:`); the words of a
# compound program name (pg_restore -> restor) are name words, not the program; a file kind that runs a
# tool's prefix into a word is named by that word too (tfstate -> state); a listing subcommand (`docker ps`) closes
# no failure's episode; a rule fixed by work on a file before the retry holds that file (stack.yaml)
# 13: rails runs namespaced tasks (memory-subcommands.txt); a task whose name the redactor masked
# (`credentials:[REDACTED]`) is its namespace; playbooks hold the words of a habit as glosses (memory-habit.txt)
# 14: rules count the episodes whose fix moved only the failed path (the same file found elsewhere)
# 15 (round 18): no traceback frames among topic words; a fix by a check's own tool is no edit; no reliability words
# on weak links, no English word read into a tool's file kind (tfstate -> state)
# 17 (memfix; 16 is round 19's): error signatures keep apostrophes, dotted names, TCP/IP and redacted URLs, so a
# card's key may change: the whole journal is folded again
# 18 (round 20): a command ability's calls count by program family (`families`), an ability's and a family's calls
# to each host apart (`by_host`); a pitfall notes the sessions in which a rule fixed its failure (`fixed`)
# 19 (round 24): a rule keeps each episode's failed call and fix (`pairs`), for the shape they share; an ability's,
# a family's and a host's counts keep their failures by signature (`sigs`)
# 20 (round 25): a qualified name's `::` is no host's colon among operands (`Rscript -e "devtools::document()"`); a
# URL corrected after a 404 (one word changed in folder and file) fixes it; an address is no path a file moved to
# 21: the agent host's own tools are said as the agent names them (`Edit`, not `host.Edit`) in the calls a rule keeps;
# an entry keeps the tasks of its first sessions (their current progress text), for recall's meaning
# 22 (round 29): an ability's, a family's and a host's failures count the folders they were in (`folders`); a
# workflow's edits count the code names they changed (`versionCode`) with its operand words
# 23 (round 34): a failure signature counts the folders its failures were in, as an ability's do
# 24 (round 36): a step repeated at once makes a run no workflow, as a step coming back later does
# 25 (round 38): a host option written the Windows way (`/TargetServerName:db.corp.local`) names a command's host
# 26 (attack38, O64): a host whose words read as an instruction (`ignore-all-previous-instructions.x.io`) is no host
# 27 (round 41): a quoted path whose names hold spaces is a path in an error's signature, as one without them
# 28 (round 41, newuser40): a workflow's step names the program as run (`pnpm typecheck`), not its family's
# 29 (round 42): a report's first line is its error's signature (`FAIL test/rota.test.ts`, not which test failed);
# a check's dot leaders are no file name (`yamllint.....Failed`)
# 30 (round 42): a command's work holds the script files it runs (`scripts`): another script is other work
# 31 (attack42): a rule keeps the sessions each of its fixes worked in (`fixed_in`, `fix_of`): it tells the fix most
# sessions had
MAX_FLOW = 4  # the longest workflow the fold tracks; thresholds may ask for shorter ones only
MAX_IDS = 50  # provenance kept per card: the first events, by journal order
MAX_LIST = 10  # sessions, files, hosts and programs kept per card
MAX_EXAMPLES = 3
MAX_TASKS = 5  # the tasks a card keeps: what its sessions were doing when it happened (recall's meaning reads them)
MAX_TASK_CHARS = 200
MAX_OPEN = 8  # open failure episodes kept per session
MAX_BETWEEN = 2  # work done between a failure and its fix that can still be credited for the fix
MAX_TOPIC = 24  # topic words counted per card
TOPIC_FROM_PROGRESS = 12  # words of a session's current instruction that count as its topic
BACKGROUND_ORIGINS = frozenset({"reflex", "healer", "background"})
FIELDS = ("ability", "program", "action", "file", "host", "name", "resource", "topic", "command", "gloss", "workflow")
MAX_COMMAND = 16  # words of the calls a card's evidence made that count
SESSION_IDLE_S = 86400.0  # a session quiet for this long (by event time) is over: its run ends, its state goes


@dataclass(frozen=True, slots=True)
class Row:
    """One journal event, as distillation sees it."""

    id: int
    ts: float
    session: str
    kind: str  # call | progress
    organ: str = ""
    ability: str = ""
    args: dict = field(default_factory=dict)
    ok: bool = True
    cause: str = ""
    error: str = ""
    text: str = ""
    origin: str = ""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """When each rule fires; all of them apply at render time, so changing one applies to the past too."""

    pitfall_min: int = 3  # same ability and error signature at least this often
    playbook_sessions: int = 2  # same workflow in at least this many sessions
    playbook_min_steps: int = 2
    # a workflow of two steps in at least this many sessions (round 14): a pair of calls (read then test, add then
    # commit) is the shape any work takes by chance, and is a habit only when it recurs more than a sequence must
    playbook_pair_sessions: int = 3
    playbook_max_steps: int = 4
    weak_min_calls: int = 8  # an ability called at least this often...
    weak_max_success: float = 0.70  # ...with a success rate under this
    rule_min_episodes: int = 1  # failure -> success episodes
    rule_edit_sessions: int = 2  # a rule whose every fix was an edit of files, then the same call, in this many sessions
    rule_sessions: int = 2  # a rule's failure paired with its fix in at least this many sessions (round 14: only rules
    # that recur, as a playbook must; a fix that only found the failed path's file elsewhere stands on one)

    def __post_init__(self) -> None:
        if not 2 <= self.playbook_min_steps <= self.playbook_max_steps <= MAX_FLOW:
            raise ValueError(f"playbook steps must satisfy 2 <= min <= max <= {MAX_FLOW}")
        if self.pitfall_min < 1 or self.playbook_sessions < 1 or self.playbook_pair_sessions < 1 or self.weak_min_calls < 1 or self.rule_min_episodes < 1 \
                or self.rule_edit_sessions < 1 or self.rule_sessions < 1:
            raise ValueError("pitfall_min, the playbook sessions, weak_min_calls and the rule thresholds must be >= 1")
        if not 0.0 < self.weak_max_success <= 1.0:
            raise ValueError("weak_max_success must be in (0, 1]")


@dataclass(frozen=True, slots=True)
class Draft:
    """A card as the rules produce it; `key` names the evidence it stands for."""

    key: str
    kind: str
    title: str
    body: str
    when: str = ""
    wrong: str = ""
    instead: str = ""
    identity: dict = field(default_factory=dict)  # field -> terms recall matches (see FIELDS)
    files: tuple[str, ...] = ()
    provenance: tuple[int, ...] = ()
    confirmations: int = 0
    first_ts: float = 0.0
    last_ts: float = 0.0
    stats: dict = field(default_factory=dict)
    evidence: dict = field(default_factory=dict)  # sessions, counts, examples (already redacted)

    @property
    def triggers(self) -> tuple[str, ...]:
        """Every identity term, for display."""
        return tuple(dict.fromkeys(t for f in FIELDS for t in self.identity.get(f, ())))


class Distiller:
    """Folds journal rows into resumable counts; renders drafts from them."""

    def __init__(self, state: dict | None = None, *, ignore_organs: Iterable[str] = ("memory",),
                 glosses: dict[str, list[str]] | None = None) -> None:
        state = state or {}
        if state and state.get("version") != STATE_VERSION:
            raise ValueError(f"distillation state version {state.get('version')!r} is not {STATE_VERSION}")
        self.last_id: int = state.get("last_id", 0)
        self.sigs: dict[str, dict] = state.get("sigs", {})
        self.abilities: dict[str, dict] = state.get("abilities", {})
        self.sessions: dict[str, dict] = state.get("sessions", {})
        self.flows: dict[str, dict] = state.get("flows", {})
        self.targets: dict[str, dict] = state.get("targets", {})  # "organ.ability host" -> counts
        self.rules: dict[str, dict] = state.get("rules", {})
        self.families: dict[str, dict] = state.get("families", {})  # "organ.ability family" -> a command's counts
        self.ignore_organs = frozenset(ignore_organs)
        self.glosses = glosses or {}  # the mesh's own descriptions of its abilities (`meaning.described`)
        # what this object's folding touched (not saved): ("sig" | "ability" | "target" | "flow" | "rule", key)
        self.dirty: set[tuple[str, str]] = set()
        # failures folded by this object (not saved): (session, ts, keys of the cards that warn about them)
        self.failures: list[tuple[str, float, tuple[str, ...]]] = []
        # keys of pitfalls the last rendering left out because a rule covers them (not saved): a card of one of them
        # made before the rule was goes (`CardStore.sync`'s `withdrawn`)
        self.withdrawn: set[str] = set()

    def to_state(self) -> dict:
        """The fold's state as plain JSON-ready data."""
        return {"version": STATE_VERSION, "last_id": self.last_id, "sigs": self.sigs,
                "abilities": self.abilities, "targets": self.targets, "sessions": self.sessions, "flows": self.flows,
                "rules": self.rules, "families": self.families}

    # -- the fold -------------------------------------------------------------------------

    def feed(self, rows: Iterable[Row]) -> int:
        """Fold rows newer than the last one seen, in journal order; return how many were folded."""
        folded = 0
        newest = 0.0
        touched: set[str] = set()
        for row in rows:
            if row.id <= self.last_id:
                continue  # already folded: feeding twice changes nothing
            self.last_id = row.id
            folded += 1
            newest = max(newest, row.ts)
            touched.add(row.session)
            if row.kind == "progress":
                self._progress(row)
            elif row.kind == "call" and self._learns_from(row):
                self._call(row)
        for sid, session in list(self.sessions.items()):
            if session["seg"] and sid in touched:
                self.dirty.add(("flow", " > ".join(session["seg"])))  # a run still going counts, tentatively
            if newest - session.get("last_ts", newest) > SESSION_IDLE_S:
                self._close_segment(sid, session)
                del self.sessions[sid]  # over: the state keeps only sessions that may go on
        return folded

    def _learns_from(self, row: Row) -> bool:
        # background work and reflexes are journalled, but they are not the agent's behaviour; nor is a failure a
        # fault drill caused (`actors kill`: the heart says so in its message)
        return (row.origin not in BACKGROUND_ORIGINS and row.organ not in self.ignore_organs and bool(row.ability)
                and not (not row.ok and FAULT_DRILL in row.error))

    def _session(self, sid: str, ts: float) -> dict:
        session = self.sessions.get(sid)
        if session is not None and ts - session["last_ts"] > SESSION_IDLE_S:
            self._close_segment(sid, session)  # quiet for a day: the session was over, this is a new one
            del self.sessions[sid]
        session = self._new_session(sid)
        session["last_ts"] = max(session["last_ts"], ts)
        return session

    def _new_session(self, sid: str) -> dict:
        return self.sessions.setdefault(sid, {"topic": [], "seg": [], "seg_ids": [], "seg_bad": False, "last_ts": 0.0,
                                              "seg_work": False, "seg_programs": [], "seg_actions": [], "seg_ts": 0.0,
                                              "seg_places": [], "open": []})

    def _progress(self, row: Row) -> None:
        session = self._session(row.session, row.ts)
        self._close_segment(row.session, session)
        for episode in session["open"]:  # still open: a later success of the same work in the session fixes it
            episode["carried"] = True
        session["topic"] = topic_terms(text.without_tickets(row.text))[:TOPIC_FROM_PROGRESS]
        session["task"] = redact.redact_text(normalise.clip_words(row.text, MAX_TASK_CHARS))

    def _call(self, row: Row) -> None:
        name = f"{row.organ}.{row.ability}"
        work = normalise.work_of(row.organ, row.ability, row.args)
        session = self._session(row.session, row.ts)
        # a command ability is as reliable as the program it runs (round 20: `git status`, `make lint` and `curl`
        # failing are no one weak link): its calls count by program family, the others by ability
        signature = normalise.error_signature(row.error) if not row.ok else ""
        if family := reliability_family(work):
            family_key = f"{name} {family}"
            self.dirty.add(("family", family_key))
            entries = [self.families.setdefault(family_key, _entry(row, {
                "ability": name, "family": family, "ok": 0, "causes": {}, "files": [], "hosts": []}))]
            for program in command_programs(work.command):
                _add(entries[0].setdefault("programs", []), program)
        else:
            self.dirty.add(("ability", name))
            entries = [self.abilities.setdefault(name, _entry(row, {"ok": 0, "causes": {}, "files": [], "hosts": []}))]
        # a host can be a weak link of its own, however well the ability does elsewhere: a URL argument's, or the
        # first host a command worked on (`ssh deploy@bastion.acme.io`)
        if host := _counted_host(work):
            _count_host(entries[0], host, row)
            self.dirty.add(("target", f"{name} {host}"))
            entries.append(self.targets.setdefault(f"{name} {host}", _entry(
                row, {"ability": name, "host": host, "ok": 0, "causes": {}, "files": [], "hosts": []})))
            if work.command:
                for program in command_programs(work.command):
                    _add(entries[-1].setdefault("programs", []), program)
        for stats in entries:
            stats["n"] += 1
            stats["ok"] += int(row.ok)
            _note(stats, row, session)
            if not row.ok:  # which failure it was, to tell whether rules explain them all (round 24)
                _count_sig(stats, warning_keys(name, work.family, signature)[0])
            for sig_key in stats.get("sigs", ()):  # a rule that tells these counts is rendered again
                for rule_key in self.sigs.get(sig_key, {}).get("fixed", ()):
                    self.dirty.add(("rule", rule_key))
        if row.ok:
            self._step(session, row, work)
            self._close_episodes(row.session, session, row, work)
            return
        if session["seg"]:
            self.dirty.add(("flow", " > ".join(session["seg"])))
        session["seg_bad"] = True  # a run with a failure in it is a recovery, not a habit
        for stats in entries:
            stats["causes"][row.cause or "unknown"] = stats["causes"].get(row.cause or "unknown", 0) + 1
            _add(stats["hosts" if _is_host(work) else "files"], work.file)
            count_places(stats.setdefault("folders", {}), _folders(work))
            for word in _resource_words(work):  # like its files and hosts, the resources its failures were on
                _add(stats.setdefault("resources", []), word)
        self._failure(row, work, session)
        self._open(session, row, work)
        self.failures.append((row.session, row.ts, warning_keys(name, work.family, signature)))

    def _failure(self, row: Row, work: Work, session: dict) -> str:
        signature = normalise.error_signature(row.error) or "(no message)"
        name = f"{row.organ}.{row.ability}"
        key = warning_keys(name, work.family, signature)[0]
        self.dirty.add(("sig", key))
        sig = self.sigs.setdefault(key, _entry(row, {"ability": name, "text": signature, "causes": {}, "files": [],
                                                     "hosts": [], "programs": [], "actions": [], "examples": [],
                                                     "calls": []}))
        sig["n"] += 1
        sig["causes"][row.cause or "unknown"] = sig["causes"].get(row.cause or "unknown", 0) + 1
        _note(sig, row, session)
        _add(sig["hosts" if _is_host(work) else "files"], work.file)
        if work.path:  # the place a file call failed in; a command's operands say what it worked on, not where
            count_places(sig.setdefault("folders", {}), _folders(work))
        for host in normalise.command_hosts(work.command) if work.command else ():
            _add(sig["hosts"], host, MAX_LIST)
        for name in _operand_files(work):
            _add(sig["files"], name, MAX_LIST)
        for word in command_programs(work.command):
            _add(sig["programs"], word)
        for word in command_actions(work.command):
            _add(sig["actions"], word)
        for word in _objects(work.command):
            _add(sig.setdefault("objects", []), word)
        for word in _settings(work.command):
            _add(sig.setdefault("settings", []), word)
        for word in _resource_words(work):
            _add(sig.setdefault("resources", []), word)
        _add(sig["examples"], row.error[:200], MAX_EXAMPLES)
        for rule_key in sig.get("fixed", {}):  # a rule that covers this failure counts it: it is rendered again
            self.dirty.add(("rule", rule_key))
        if not sig.get("advice") and (advice := normalise.error_advice(row.error)):
            sig["advice"] = normalise.error_signature(advice)
        _add(sig["calls"], normalise.summarise_call(work, row.args), MAX_EXAMPLES)
        return key

    # -- workflows ------------------------------------------------------------------------

    def _step(self, session: dict, row: Row, work: Work) -> None:
        label = normalise.step_label(row.organ, row.ability, row.args)
        seg = session["seg"]
        for place in _places(work):
            _add(session.setdefault("seg_places", []), place, MAX_PLACES)
        if seg:
            self.dirty.add(("flow", " > ".join(seg)))  # the run it was no longer counts as it was
        if label in seg or len(seg) >= MAX_FLOW:
            # a step came back, even at once (`git add a`, `git add b`: round 36, the "distinct abilities"),
            # or too many steps: not a workflow of 2-4 distinct steps
            session["seg_bad"] = True
            return
        if not seg:
            session["seg_ts"] = row.ts
        seg.append(label)
        session["seg_work"] = session["seg_work"] or not work.probe
        for program in command_programs(work.command):
            _add(session["seg_programs"], program)
        for action in command_actions(work.command):
            _add(session["seg_actions"], action)
        for word in [*_settings(work.command), *_operand_words(work.command),
                     *(edited_names(row.args) if _is_edit(work) else ())]:
            _add(session.setdefault("seg_words", []), word, MAX_PLACES)
        if len(session["seg_ids"]) < MAX_FLOW:
            session["seg_ids"].append(row.id)

    def _close_segment(self, sid: str, session: dict) -> None:
        seg = session["seg"]
        if seg:
            self.dirty.add(("flow", " > ".join(seg)))
        if _workflow(session):
            flow = self.flows.setdefault(" > ".join(seg), {"steps": list(seg), "n": 0, "sessions": [], "ids": [],
                                                           "topic": {}, "programs": [], "actions": [], "places": {},
                                                           "first": session["seg_ts"], "last": session["seg_ts"]})
            for program in session["seg_programs"]:
                _add(flow["programs"], program)
            for action in session["seg_actions"]:
                _add(flow["actions"], action)
            _count_places(flow["places"], session.get("seg_places", ()), sid not in flow["sessions"])
            if sid not in flow["sessions"]:
                flow["n"] += 1
                flow["sessions"].append(sid)
                _count_topic(flow["topic"], session["topic"])
                _count_topic(flow.setdefault("words", {}), session.get("seg_words", ()))
                _add(flow.setdefault("tasks", []), session.get("task", ""), MAX_TASKS)
            for event_id in session["seg_ids"]:
                if len(flow["ids"]) < MAX_IDS:
                    flow["ids"].append(event_id)
            flow["first"] = min(flow["first"], session["seg_ts"])
            flow["last"] = max(flow["last"], session["seg_ts"])
        session.update(seg=[], seg_ids=[], seg_bad=False, seg_work=False, seg_programs=[], seg_actions=[],
                       seg_ts=0.0, seg_places=[], seg_words=[])

    # -- failure -> success episodes ------------------------------------------------------

    def _open(self, session: dict, row: Row, work: Work) -> None:
        for episode in session["open"]:
            if normalise.same_work(_work(episode["work"]), work):
                _add(episode["ids"], row.id, MAX_IDS)
                return
        session["open"].append({
            "work": _fields(work), "wrong": normalise.summarise_call(work, row.args),
            "args": normalise.canonical_args(row.args), "cause": row.cause, "raw": row.error[:200],
            "error": normalise.error_signature(row.error), "ids": [row.id], "ts": row.ts, "between": [],
            "looked": [],
            **({"advice": advice} if (advice := normalise.error_advice(row.error)) else {})})
        del session["open"][:-MAX_OPEN]

    def _close_episodes(self, sid: str, session: dict, row: Row, work: Work) -> None:
        still_open = []
        lists = bool(work.command) and normalise.only_lists(work.command)
        for episode in session["open"]:
            failed = _work(episode["work"])
            if lists and not normalise.only_lists(failed.command):  # looking is no fix, as a probe is none
                still_open.append(episode)
                continue
            if not (normalise.same_work(failed, work) or _address_corrected(episode, failed, work, row)) \
                    or episode.get("carried") and not _same_task(failed, work):
                if work.probe and work.file and work.file == failed.file:
                    _add(episode["looked"], normalise.summarise_call(work, row.args), MAX_BETWEEN)
                elif not work.probe:
                    episode["between"].append(normalise.summarise_call(work, row.args))
                    if work.file and not work.host:  # what the fix worked on: `stack.yaml` edited, then the retry
                        _add(episode.setdefault("fixed_files", []), work.file, MAX_BETWEEN)
                    episode["edits"] = episode.get("edits", 0) + _is_edit(work)
                still_open.append(episode)
                continue
            same_args = episode["args"] == normalise.canonical_args(row.args)
            between = episode["between"]
            if same_args and not (0 < len(between) <= MAX_BETWEEN) and not episode["looked"]:
                continue  # the same call worked again with nothing done about it: patience, not a lesson
            edited = same_args and bool(between) and episode.get("edits", 0) == len(between)
            moved = not between and not episode["looked"] and moved_only(failed, work, episode["args"], row.args)
            self._rule(sid, session, episode, failed, work, row, between if same_args else [], edited, moved)
        session["open"] = still_open

    def _rule(self, sid: str, session: dict, episode: dict, failed: Work, work: Work, row: Row,
              between: list[str], edited: bool, moved: bool = False) -> None:
        instead = normalise.summarise_call(work, row.args)
        if between:
            instead = " then ".join([*between, instead])
        key = _digest("rule", failed.ability, failed.family, episode["error"])
        self.dirty.add(("rule", key))
        rule = self.rules.setdefault(key, {
            "n": 0, "ability": failed.ability, "families": list(failed.families), "file": failed.file, "host": failed.host,
            "when": failed.describe(), "wrong": episode["wrong"], "cause": episode["cause"],
            "error": episode["error"], "examples": [], "insteads": {}, "changes": {}, "sessions": [], "ids": [],
            "topic": {}, "programs": [], "actions": [], "first": episode["ts"], "last": row.ts})
        rule["n"] += 1
        rule["edited"] = rule.get("edited", 0) + edited
        rule["moved"] = rule.get("moved", 0) + moved
        rule["last"] = max(rule["last"], row.ts)
        pair = [episode["wrong"], instead]
        if pair not in rule.setdefault("pairs", []) and len(rule["pairs"]) < MAX_LIST:
            rule["pairs"].append(pair)  # what failed and what fixed it, each time: their shared shape is the lesson
        if instead not in rule["insteads"] and len(rule["insteads"]) >= 5:
            pass  # keep the first few fixes; counts of known ones still grow
        else:
            rule["insteads"][instead] = rule["insteads"].get(instead, 0) + 1
            rule["changes"].setdefault(instead, change_of(failed, episode, work, row.args, between))
            # the sessions each fix worked in: the fix told is the one the most sessions had, not the one a session
            # repeated most (attack42: one session repeating a fix an injected report asked for); files edited and
            # then the same call is one fix whichever files they were
            rule.setdefault("fix_of", {})[instead] = fix = \
                f"(edited) then {normalise.summarise_call(work, row.args)}" if edited else instead
            _add(rule.setdefault("fixed_in", {}).setdefault(fix, []), sid, MAX_SESSIONS)
        _add(rule["examples"], episode["raw"], MAX_EXAMPLES)
        if not rule.get("advice") and episode.get("advice"):
            rule["advice"] = normalise.error_signature(episode["advice"])
        for word in [*command_programs(failed.command), *command_programs(work.command)]:
            _add(rule["programs"], word)
        for word in [*command_actions(failed.command), *command_actions(work.command)]:
            _add(rule["actions"], word)
        for word in [*_objects(failed.command), *_objects(work.command)]:
            _add(rule.setdefault("objects", []), word)
        for word in [*_settings(failed.command), *_settings(work.command)]:
            _add(rule.setdefault("settings", []), word)
        for word in [*_resource_words(failed), *_resource_words(work)]:
            _add(rule.setdefault("resources", []), word)
        for name in [*_operand_files(failed), *_operand_files(work), *(episode.get("fixed_files", []) if between else [])]:
            _add(rule.setdefault("operands", []), name, MAX_LIST)
        for host in [*normalise.command_hosts(failed.command), *normalise.command_hosts(work.command)]:
            _add(rule.setdefault("hosts", []), host, MAX_LIST)
        # the pitfall of the same failure (ability and signature) notes the sessions in which this rule fixed it
        pitfall_key = warning_keys(failed.ability, "", episode["error"])[0]
        if (sig := self.sigs.get(pitfall_key)) is not None:
            fixed = sig.setdefault("fixed", {}).setdefault(key, [])
            if sid not in fixed and len(fixed) < MAX_SESSIONS:  # a session without an id is one too
                fixed.append(sid)
            self.dirty.add(("sig", pitfall_key))
            self.dirty |= _reliability_keys(failed)  # a weak link of those failures may now be explained
        if sid not in rule["sessions"]:
            _count_topic(rule["topic"], session["topic"])
            _add(rule.setdefault("tasks", []), session.get("task", ""), MAX_TASKS)
        _add(rule["sessions"], sid)
        for event_id in [*episode["ids"], row.id]:
            _add(rule["ids"], event_id, MAX_IDS)

    # -- rendering ------------------------------------------------------------------------

    def drafts(self, thresholds: Thresholds = Thresholds(), only: set[tuple[str, str]] | None = None) -> list[Draft]:
        """Every card the evidence so far supports, in a deterministic order; with `only` (the fold's `dirty`),
        just the cards whose evidence the fold touched, so an incremental consolidation costs what it folded."""
        self.withdrawn = set()
        weak = self._weak_candidates(thresholds, only)
        explained: dict[str, list[Weak]] = {}  # rule key -> the weak links whose failures it explains
        # a host's weak link stays: a rule's fix of a program family may have worked on another host (the next
        # `curl` elsewhere closes a timeout's episode), which says nothing of this host's reliability
        for candidate in (c for c in weak if not c.host):
            for rule_key in weak_fixed(candidate.stats, self.sigs, self.rules, thresholds):
                explained.setdefault(rule_key, []).append(candidate)
        covered = {c.key for told in explained.values() for c in told}
        self.withdrawn |= {c.key for c in weak if c.key in covered and c.dirty}
        found = [*self._pitfalls(thresholds, only),
                 *(self._weak_link(c) for c in weak
                   if c.dirty and c.key not in covered),
                 *self._playbooks(thresholds, only), *self._rules(thresholds, only, explained)]
        return sorted(found, key=lambda d: (d.first_ts, d.key))

    def _pitfalls(self, t: Thresholds, only: set | None = None) -> Iterable[Draft]:
        for key, sig in _pick(self.sigs, "sig", only):
            if sig["n"] < t.pitfall_min:
                continue
            if self._fixed(sig, t):
                self.withdrawn.add(key)  # the rule that fixed it says it, with these failures counted
                continue
            name, message = sig["ability"], sig["text"]
            cause = _most(sig["causes"])
            organ, _, ability = name.partition(".")
            where = f" on {', '.join((sig['files'] or sig['hosts'])[:3])}" if sig["files"] or sig["hosts"] else ""
            # one host every failure was on is what the pitfall is about (a flaky host reached by `curl`), or the
            # folders most of them were in (a read-only share, a folder only a group may read), as a weak link's are
            folders = shared_folders(sig.get("folders", {}), sig["n"])
            at = f" on {sig['hosts'][0]}" if len(sig["hosts"]) == 1 and not sig["files"] else \
                f" in {', '.join(folders)}" if folders else ""
            shown = normalise.shown_ability(name)
            yield Draft(
                key=key, kind="pitfall", title=f"{shown} fails with {cause}{at}: {normalise.clip_words(message, 90)}",
                body=(f"{shown} failed {sig['n']} times in {len(sig['sessions'])} sessions{where} with: "
                      f"{_quoted_error(sig['examples'], message)}. Calls: {'; '.join(sig['calls'])}."),
                when=f"calling {shown}" + (f" ({', '.join(sig['programs'][:3])})" if sig["programs"] else ""),
                wrong=sig["calls"][0] if sig["calls"] else f"calling {shown}",
                instead=f"check first what makes it fail: {normalise.clip_words(message, 100)}",
                identity=identity(organ, ability, programs=sig["programs"], actions=sig["actions"],
                                  files=[*folders, *sig["files"]], hosts=sig["hosts"], objects=sig.get("objects", ()),
                                  glosses=self.glosses,
                                  resources=sig.get("resources", ()),
                                  topic=[*topic_terms(message), *advice_terms(sig.get("advice", ""), message),
                                         *_top(sig["topic"])], calls=sig["calls"],
                                  settings=sig.get("settings", ())),
                files=tuple(sig["files"]), provenance=tuple(sig["ids"]), confirmations=sig["n"],
                first_ts=sig["first"], last_ts=sig["last"], stats={"failures": sig["n"], "cause": cause},
                evidence=_evidence(sig, sig["examples"]))

    def _fixed(self, sig: dict, t: Thresholds) -> bool:
        return pitfall_fixed(sig, self.rules, t)

    def _weak_candidates(self, t: Thresholds, only: set | None = None) -> list[Weak]:
        """Every weak link the counts support, each marked dirty when the fold touched it (or always, with no
        `only`): all of them are judged, since a rule tells the counts of those whose failures it explains."""
        found: list[Weak] = []
        carded: dict[str, set[str]] = {}  # ability -> its hosts that are weak links of their own
        for key, stats in self.targets.items():
            if _weak(stats, t):
                carded.setdefault(stats["ability"], set()).add(stats["host"])
                found.append(Weak(_digest("weak_link", stats["ability"], stats["host"]), stats["ability"], stats,
                                  only is None or ("target", key) in only, host=stats["host"]))
        # judged by their other calls: the weak hosts have their cards
        for name, raw in self.abilities.items():
            if _weak(stats := _without_hosts(raw, carded.get(name, set())), t):
                found.append(Weak(_digest("weak_link", name), name, stats, only is None or ("ability", name) in only))
        # a command ability that fails often (all its commands' calls, the weak hosts' apart) is a weak link by the
        # programs it ran that fail often on their own calls (`shell.run(make)`), and no card when none does; a
        # program failing often in an ability that does not is no card either (its failures are the traps its
        # pitfalls and rules name: round 20's dev sets)
        judged = {key: _without_hosts(stats, carded.get(stats["ability"], set())) for key, stats in self.families.items()}
        totals: dict[str, list[int]] = {}
        for stats in judged.values():
            total = totals.setdefault(stats["ability"], [0, 0])
            total[0], total[1] = total[0] + stats["n"], total[1] + stats["ok"]
        wanted = None if only is None else {self.families[k]["ability"] for kind, k in only
                                            if kind == "family" and k in self.families}
        for stats in judged.values():
            name = stats["ability"]
            n, ok = totals[name]
            if _weak({"n": n, "ok": ok}, t) and _weak(stats, t):
                found.append(Weak(_digest("weak_link", name, "", stats["family"]), name, stats,
                                  wanted is None or name in wanted, family=stats["family"]))
        return found

    def _weak_link(self, weak: Weak) -> Draft:
        key, stats, host, subject = weak.key, weak.stats, weak.host, weak.subject
        rate = stats["ok"] / stats["n"]
        cause = _most(stats["causes"])
        organ, _, ability = weak.name.partition(".")
        where = [host] if host else stats["hosts"] or [f for f in stats["files"] if nameable(f)]
        folders = [] if host else shared_folders(stats.get("folders", {}), stats["n"] - stats["ok"])
        places = [*folders, *([] if host else stats["files"])]
        ident = identity(organ, ability, files=places, glosses=self.glosses,
                         programs=stats.get("programs", ()),
                         hosts=[host] if host else stats["hosts"], resources=stats.get("resources", ()),
                         topic=[*topic_terms(cause), *shared_failure_words(self._failure_heads(stats)),
                                *_top(stats["topic"])])
        return Draft(
            key=key, kind="weak_link",
            title=f"Weak link: {subject} fails often ({stats['n'] - stats['ok']} of {stats['n']} calls)"
                  + (f", in {', '.join(folders)}" if folders else f", e.g. on {where[0]}" if where and not host else ""),
            body=(f"{subject} succeeded in {stats['ok']} of {stats['n']} calls ({rate:.0%}); most failures are "
                  f"{cause}. Check its result before relying on it."),
            when=f"calling {subject}", wrong=f"trusting {subject} to work the first time",
            instead="check its result, retry with care, or prefer a more reliable way to do the same work",
            identity=ident,
            provenance=tuple(stats["ids"]), confirmations=stats["n"], first_ts=stats["first"],
            last_ts=stats["last"], stats={"calls": stats["n"], "ok": stats["ok"], "success_rate": round(rate, 3),
                                          "cause": cause, **({"host": host} if host else {}),
                                          **({"family": weak.family} if weak.family else {})},
            evidence=_evidence(stats, []))

    def _failure_heads(self, stats: dict) -> list[tuple[str, int]]:
        """The first statement of each error signature an ability's, family's or host's failures had, with how many
        failures had it."""
        return [(normalise.error_head(self.sigs[key]["text"]), n) for key, n in stats.get("sigs", {}).items()
                if key in self.sigs]

    def _playbooks(self, t: Thresholds, only: set | None = None) -> Iterable[Draft]:
        tentative = self._open_segments()
        keys = {*self.flows, *tentative} if only is None else {k for kind, k in only if kind == "flow"}
        for key in sorted(keys):
            if key not in self.flows and key not in tentative:
                continue
            flow = self.flows.get(key)
            sessions = list(flow["sessions"]) if flow else []
            topic = dict(flow["topic"]) if flow else {}
            words = dict(flow.get("words", {})) if flow else {}
            tasks = list(flow.get("tasks", ())) if flow else []
            ids = list(flow["ids"]) if flow else []
            first, last = (flow["first"], flow["last"]) if flow else (math.inf, -math.inf)
            for sid, session in tentative.get(key, ()):
                if sid not in sessions:
                    sessions.append(sid)
                    _count_topic(topic, session["topic"])
                    _count_topic(words, session.get("seg_words", ()))
                    _add(tasks, session.get("task", ""), MAX_TASKS)
                ids += [i for i in session["seg_ids"] if i not in ids][: max(0, MAX_IDS - len(ids))]
                first, last = min(first, session["seg_ts"]), max(last, session["seg_ts"])
            steps = flow["steps"] if flow else key.split(" > ")
            if len(sessions) < (t.playbook_pair_sessions if len(steps) == 2 else t.playbook_sessions) \
                    or not t.playbook_min_steps <= len(steps) <= t.playbook_max_steps:
                continue
            shown = " → ".join(map(normalise.shown_ability, steps))
            abilities = [s.split("(", 1)[0] for s in steps]
            programs = list(flow["programs"]) if flow else []
            actions = list(flow["actions"]) if flow else []
            places = dict(flow.get("places", {})) if flow else {}
            for sid, session in tentative.get(key, ()):
                programs += session["seg_programs"]
                actions += session["seg_actions"]
                _count_places(places, session.get("seg_places", ()), not flow or sid not in flow["sessions"])
            files = worked_on(places, min(t.playbook_sessions, len(sessions)))
            ident = _merge_identity([identity(*a.partition(".")[::2], glosses=self.glosses) for a in abilities],
                                    programs=programs, actions=actions, files=files,
                                    topic=_top(topic, min_count=min(2, len(sessions))),
                                    settings=_top(words, min_count=min(2, len(sessions)), limit=MAX_LIST))
            ident["gloss"] = _unique([*ident.get("gloss", ()), *_habit_words()])
            if named := workflow_words(ident):
                ident["workflow"] = named
            yield Draft(
                key=_digest("playbook", key), kind="playbook", title=f"Workflow: {shown}",
                body=f"A workflow that worked in {len(sessions)} sessions, step by step: {shown}.",
                when=f"starting work that begins with {normalise.shown_ability(steps[0])}", wrong="improvising the steps",
                instead=f"follow {shown}",
                identity=ident, files=tuple(f for f in files if f + "/" not in places), provenance=tuple(sorted(ids)[:MAX_IDS]),
                confirmations=len(sessions), first_ts=first, last_ts=last,
                stats={"sessions": len(sessions), "steps": len(steps)},
                evidence={"sessions": sessions[:MAX_LIST], "session_count": len(sessions), "events": len(ids),
                          "examples": [shown], "tasks": tasks})

    def _open_segments(self) -> dict[str, list[tuple[str, dict]]]:
        """Workflows still running (no progress event after them yet): they count, tentatively, at render time."""
        found: dict[str, list[tuple[str, dict]]] = {}
        for sid, session in self.sessions.items():
            if _workflow(session):
                found.setdefault(" > ".join(session["seg"]), []).append((sid, session))
        return found

    def _rules(self, t: Thresholds, only: set | None = None,
               explained: dict[str, list[Weak]] | None = None) -> Iterable[Draft]:
        for key, rule in _pick(self.rules, "rule", only):
            if rule["n"] < t.rule_min_episodes or not _rule_stands(rule, t):
                continue
            instead = max(rule["insteads"], key=lambda i: (len(rule["fixed_in"][rule["fix_of"][i]]),
                                                             rule["insteads"][i], -list(rule["insteads"]).index(i)))
            change = rule["changes"].get(instead, "")
            shape = operand_shape(rule.get("pairs", []))
            wrong, told = (shape.wrong, shape.instead) if shape else (rule["wrong"], instead)
            examples = f" ({_listed(shape.values)})" if shape else ""
            retried = shape.shaped(change) if shape else change  # what a retry changed, of every episode
            organ, _, ability = rule["ability"].partition(".")
            families = rule["families"]
            members = [m for f in families for m in normalise.FAMILY_MEMBERS.get(f, (f,))]
            files = _unique([rule["file"], *rule.get("operands", [])])
            is_host = rule.get("host", False)
            pitfall = self.sigs.get(warning_keys(rule["ability"], "", rule["error"])[0])
            failed = pitfall["n"] if pitfall and pitfall["n"] >= t.pitfall_min and self._fixed(pitfall, t) else 0
            evidence = _evidence(rule, rule["examples"])
            if failed:  # it stands for the pitfall it covers: its evidence counts the failures
                evidence.update(failures=failed, failure_sessions=len(pitfall["sessions"]))
            told_weak = [{"subject": c.subject, "calls": c.stats["n"], "failures": c.stats["n"] - c.stats["ok"]}
                         for c in (explained or {}).get(key, ())]
            if told_weak:  # it stands for the weak links whose failures it explains: its evidence counts their calls
                evidence["weak_links"] = told_weak
            if shape:  # the lesson is the shape; the calls of each episode stay evidence
                evidence.update(operands=shape.values, calls=[" -> ".join(p) for p in rule["pairs"][:MAX_EXAMPLES]])
            yield Draft(
                key=key, kind="rule", title=_rule_title(rule["when"], wrong, told, retried) + examples,
                body=(f"When {rule['when']}, {wrong} failed ({rule['cause'] or 'error'}: "
                      f"{_quoted_error(rule['examples'], rule['error'])}); {told} worked"
                      + (f" ({change})" if change and not shape else "") + f". Seen in {rule['n']} episode(s)"
                      + (f" ({_listed(shape.values)})" if shape else "")
                      + (f"; it failed {failed} times in {len(pitfall['sessions'])} sessions" if failed else "")
                      + "".join(f"; {w['subject']} failed {w['failures']} of {w['calls']} calls" for w in told_weak)
                      + "."),
                when=rule["when"], wrong=wrong, instead=told,
                identity=identity(organ, ability, programs=[*members, *rule["programs"]], actions=rule["actions"],
                                  objects=rule.get("objects", ()), glosses=self.glosses,
                                  resources=rule.get("resources", ()),
                                  files=[] if is_host else files,
                                  hosts=[*(files if is_host else []), *rule.get("hosts", [])],
                                  topic=[*topic_terms(rule["error"]), *advice_terms(rule.get("advice", ""), rule["error"]),
                                         *topic_terms(change), *_top(rule["topic"])],
                                  calls=[rule["wrong"], *rule["insteads"]], settings=rule.get("settings", ())),
                files=tuple(files), provenance=tuple(rule["ids"]), confirmations=rule["n"], first_ts=rule["first"],
                last_ts=rule["last"], stats={"episodes": rule["n"], "change": change,
                                             "error": normalise.error_head(rule["error"] or "(no message)"),
                                             **({"failures": failed} if failed else {}),
                                             **({"weak_calls": sum(w["calls"] for w in told_weak)} if told_weak else {})},
                evidence=evidence)


def workflow_words(ident: dict[str, list[str]]) -> list[str]:
    """The words that ask for the well-known workflows a playbook is (round 13, data/memory-workflows.txt): those
    whose marks its programs, subcommands, files or file names' words hold (a tag, a changelog, a version file:
    a release), stemmed."""
    held = {t for f in WORKFLOW_MARKED for t in ident.get(f, ())}
    return _unique([w for words, marks in meaning.workflows() if held & marks for w in words])


WORKFLOW_MARKED = ("program", "action", "file", "name")  # the fields whose terms mark a playbook's workflow


@functools.cache
def _habit_words() -> tuple[str, ...]:
    """What a playbook is about, stemmed (data/memory-habit.txt: routine, usual, workflow, …)."""
    return tuple(dict.fromkeys(text.stem(w) for w in sorted(text.load_words("memory-habit"))))


def _is_edit(work: normalise.Work) -> bool:
    """Tell whether a call changed a file's content (an edit or write of a file, not a command or a URL)."""
    return bool(work.file) and not work.families and not work.host and not work.probe


def _same_task(failed: Work, work: Work) -> bool:
    """Tell whether a success after a new task began still does the failed call's work: for a program whose
    subcommand names the work, a shared subcommand (`make release` failing is not fixed by a later `make fmt`;
    `mix compile` is by `mix deps.compile x && mix compile`)."""
    wanted = set(command_actions(failed.command))
    return not wanted or bool(wanted & set(command_actions(work.command)))


@dataclass(frozen=True, slots=True)
class Weak:
    """A weak link the counts support: its card's key, ability, counts, and whether the fold touched it."""

    key: str
    name: str
    stats: dict
    dirty: bool
    host: str = ""
    family: str = ""

    @property
    def subject(self) -> str:
        """The weak link as its card says it: `http.get on docs.rs`, `shell.run(npm)`, `WebFetch`."""
        shown = normalise.shown_ability(self.name)
        return f"{shown} on {self.host}" if self.host else f"{shown}({self.family})" if self.family else shown


MAX_SIGS = 20  # failure signatures an ability's, a family's or a host's counts keep apart


def _count_sig(stats: dict, sig_key: str) -> None:
    """Count a failure of an ability, family or host by its signature (the pitfall's key); past MAX_SIGS of them
    the counts are marked incomplete, and no rule can explain them all."""
    sigs = stats.setdefault("sigs", {})
    if sig_key in sigs or len(sigs) < MAX_SIGS:
        sigs[sig_key] = sigs.get(sig_key, 0) + 1
    else:
        stats["sigs_full"] = True


def shared_failure_words(heads: list[tuple[str, int]]) -> list[str]:
    """The words most of a weak link's failures said (each error's first statement, `normalise.error_head`, with
    how many failures said it): the terms of more than half of them and of two at least. Failing for one reason
    (`pre-commit: …` with a different hook each time, an auth or quota error) names the reason; failures of many
    kinds (a 503, a timeout, a reset) share nothing, or a word of the protocol's. Words of work in general
    (`generic.txt`: error, fail, http) say no reason."""
    failures, generic = sum(n for _, n in heads), normalise.generic_stems()
    said: dict[str, int] = {}
    for head, n in heads:
        for term in topic_terms(head):
            said[term] = said.get(term, 0) + n
    return [t for t, n in said.items() if n >= 2 and 2 * n > failures and t not in generic]


def weak_fixed(stats: dict, sigs: dict[str, dict], rules: dict[str, dict], t: Thresholds) -> list[str]:
    """The keys of the rules that explain a weak link (round 24, as round 20 for pitfalls): every one of its failures
    is a failure that rules that stand fixed in every session it happened in (`pitfall_fixed`); [] when one is not.
    Then the rule says it, and the weak link would be a second line about the same trap."""
    counted = stats.get("sigs", {})
    if stats["n"] == stats["ok"] or stats.get("sigs_full") or sum(counted.values()) < stats["n"] - stats["ok"]:
        return []
    if not all((sig := sigs.get(k)) is not None and pitfall_fixed(sig, rules, t) for k in counted):
        return []
    return _unique(rule_key for k in counted for rule_key in sigs[k].get("fixed", {})
                   if (rule := rules.get(rule_key)) and rule["n"] >= t.rule_min_episodes and _rule_stands(rule, t))


def _reliability_keys(work: Work) -> set[tuple[str, str]]:
    """The counts a call of this work folds into, as the fold's `dirty` names them: its ability's or its program
    family's, and its host's."""
    family = reliability_family(work)
    keys = {("family", f"{work.ability} {family}") if family else ("ability", work.ability)}
    host = _counted_host(work)
    return keys | ({("target", f"{work.ability} {host}")} if host else set())


def _counted_host(work: Work) -> str:
    """The host whose calls are counted apart: a URL argument's, or the first host a command worked on."""
    return work.file if work.host else next(iter(normalise.command_hosts(work.command)), "") if work.command else ""


def pitfall_fixed(sig: dict, rules: dict[str, dict], t: Thresholds) -> bool:
    """Tell whether a pitfall's failure was fixed in every session it happened in by rules that stand (round 20):
    in each session of its failures, an episode of that failure closed by a success paired into a rule of the same
    ability and signature (`sig["fixed"]`: rule key -> sessions) that is rendered. Then the rule says it, and the
    pitfall would be a second line about the same thing. A failure never fixed, or left unfixed in one of its
    sessions, stays a pitfall (and its rule stays a rule)."""
    covered = {sid for rule_key, sessions in sig.get("fixed", {}).items()
               if (rule := rules.get(rule_key)) and rule["n"] >= t.rule_min_episodes and _rule_stands(rule, t)
               for sid in sessions}
    return bool(covered) and len(sig["sessions"]) < MAX_SESSIONS and set(sig["sessions"]) <= covered


def reliability_family(work: Work) -> str:
    """The program family whose calls a command ability's reliability is counted by (round 20: `shell.run(make)`,
    npm/npx/pnpm one, `python -m pytest` pytest, as rules pair them); "" for a call without a command, counted
    by its ability."""
    return work.family if work.command else ""


def _rule_stands(rule: dict, t: Thresholds) -> bool:
    """Tell whether a rule's episodes teach how to work. A fix seen once may be this one task's accident (a flag
    added, another subcommand tried, a process killed): a rule needs its failure paired with a fix in
    `rule_sessions` sessions, as a workflow must recur to be a playbook. A fix that only found the failed path's
    file elsewhere (`src/conf.yaml` missing, `deploy/conf.yaml` read) stands on one episode: where a file is, is a
    fact of the project, not a guess of one task. When every fix was an edit of files and then the same call
    again, the edit fixed that one piece of work (a bug, a typo), and only the same failure fixed that way in
    `rule_edit_sessions` sessions is a lesson (a strict build failing on broken links, fixed each time)."""
    sessions = len(rule["sessions"])
    recurs = sessions >= t.rule_sessions or rule.get("moved", 0) > 0
    return recurs and (rule.get("edited", 0) < rule["n"] or sessions >= t.rule_edit_sessions)


def _address_corrected(episode: dict, failed: Work, work: Work, row: Row) -> bool:
    """Tell whether a URL call that found nothing was fixed by the same ability asking the address corrected
    (`normalise.address_correction`): the wrong version or variant in a download's URL."""
    if not (failed.host and work.host and failed.ability == work.ability and episode["cause"] == Cause.NOT_FOUND):
        return False
    try:
        before = json.loads(episode["args"])
    except ValueError:
        return False
    return isinstance(before, dict) \
        and normalise.address_correction(normalise.url_of(before), normalise.url_of(row.args)) is not None


def moved_only(failed: Work, work: Work, failed_args: str, args: dict) -> bool:
    """Tell whether a fix differs from its failure only in the failed path, the same file named elsewhere: the
    one argument that differs is a path with the same base name (`src/conf.yaml` -> `deploy/conf.yaml`), or, for
    a command, the one word that differs is (`python src/train.py` -> `python scripts/train.py`)."""
    if failed.host or failed.ability != work.ability:
        return False
    try:
        before = json.loads(failed_args)
    except ValueError:
        return False
    if not isinstance(before, dict) or set(before) != set(args):
        return False
    changed = [k for k in args if before[k] != args[k]]
    if len(changed) != 1 or not all(isinstance(v, str) for v in (before[changed[0]], args[changed[0]])):
        return False
    old, new = before[changed[0]], args[changed[0]]
    if not failed.command:
        return bool(failed.file) and _base(old) == _base(new) == failed.file
    old_words, new_words = old.split(), new.split()
    differ = [(a, b) for a, b in zip(old_words, new_words) if a != b]
    return len(old_words) == len(new_words) and len(differ) == 1 and "/" in differ[0][0] + differ[0][1] \
        and _base(differ[0][0]) == _base(differ[0][1]) and not any(map(addresses, differ[0]))


def addresses(word: str) -> bool:
    """Tell whether a command's word is an address, not a file's path: a colon before its first slash (a URL,
    `localhost:5080/health`, `host:path` of scp or rsync). The same last name at another address is another
    host or port, not the file found elsewhere. A Windows drive (`C:\\src`, `C:/src`) is a path's."""
    return ":" in word.split("/", 1)[0] and not _DRIVE.match(word)


_DRIVE = re.compile(r"[A-Za-z]:[\\/]")


def _base(path: str) -> str:
    """A path's base name, lower-cased."""
    return path.rstrip("/").rsplit("/", 1)[-1].lower()


# -- identity and topic ---------------------------------------------------------------------

_HYPHENATED = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+(?![\w/-]|\.\w)")


def topic_terms(source: str) -> list[str]:
    """The stems and CJK pairs a text is about, placeholders left out, unique, in order; a hyphenated word is a
    term as written too, after them (`extra-deps`), as a hyphenated name is."""
    cleaned = normalise.strip_placeholders(meaning.join_names(source))
    whole = [w for w in _HYPHENATED.findall(cleaned.lower()) if len(w) > 4]
    return list(dict.fromkeys([*text.terms(cleaned), *whole]))


MAX_ADVICE_TERMS = 8


def advice_terms(advice: str, error: str) -> list[str]:
    """The words of what an error said to do (`normalise.error_advice`) that its signature does not already say,
    its hyphenated words first (`extra-deps`): a tool's advice names the setting or command that fixes it."""
    known = set(topic_terms(error))
    terms = topic_terms(advice)
    whole = [t for t in terms if "-" in t]
    return [t for t in _unique([*whole, *terms]) if t not in known][:MAX_ADVICE_TERMS]


def identity(organ: str, ability: str, *, programs: Iterable[str] = (), actions: Iterable[str] = (),
             files: Iterable[str] = (), hosts: Iterable[str] = (), topic: Iterable[str] = (),
             objects: Iterable[str] = (), resources: Iterable[str] = (), calls: Iterable[str] = (),
             settings: Iterable[str] = (), glosses: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """The terms a card is about, by field: what a query must touch for the card to be recalled."""
    programs, actions, files, hosts = list(programs), list(actions), list(files), list(hosts)
    words = [text.stem(w) for w in text.split_identifier(ability) if not text.is_stopword(w)]
    found = {
        "ability": _unique([organ.lower(), *words]),
        "program": _unique(t for p in programs if p for t in _program_terms(p)[0]),
        # a namespaced task is its namespace's and its task's too (`flyway:migrate` -> flyway, migrat)
        "action": _unique(t for a in actions if a for t in action_terms(a)),
        "file": _unique(f.lower() for f in files if f),
        "host": _unique(h.lower() for h in hosts if h),
        # the words of those names: saying "routes" is weaker evidence than naming routes.py
        # (and the words of a compound program name: `lint` does not name ansible-lint, as `routes` does not
        # name routes.py)
        "name": _unique([*(t for f in files if f for t in _name_stems(f)),
                         *(t for p in programs if p for t in _program_terms(p)[1]),
                         *(t for h in hosts if h for t in _host_words(h)),
                         *(o.lower() for o in objects if o)]),  # the packages a command installed
        "resource": _unique(resources),  # what its URL calls were on: the words of their last path segments
        "topic": _unique(topic)[:MAX_TOPIC],
        # the words of the calls themselves (`perf stat -e cycles ./bench`): what the work was on, in its own terms
        # and the settings they said, whole (`vault-password-file`, `development_team`, `category=smoke`)
        "command": _unique([*(s.lower() for s in settings if s),
                            *(t for c in calls for t in topic_terms(c))])[:MAX_COMMAND],
        # what the tools do, in their documentation's words (git commit: "record changes to the repository")
        "gloss": meaning.gloss(organ, ability, programs, actions, glosses, files=[f for f in files if f],
                               hosts=[h for h in hosts if h]),
    }
    claimed = {t for f in ("ability", "program", "file", "host") for t in found[f]}
    found["action"] = [t for t in found["action"] if t not in claimed]
    found["name"] = [t for t in found["name"] if t not in claimed]
    found["topic"] = [t for t in found["topic"] if t not in claimed]
    found["command"] = [t for t in found["command"] if t not in claimed and t not in found["topic"]
                        and t not in found["name"]]
    found["gloss"] = [t for t in found["gloss"] if t not in claimed and t not in found["action"]]
    return {f: terms for f, terms in found.items() if terms}


def _merge_identity(parts: list[dict], **more: Iterable[str]) -> dict[str, list[str]]:
    extra = identity("", "", **more)
    merged: dict[str, list[str]] = {}
    for part in [*parts, extra]:
        for f, terms in part.items():
            merged[f] = _unique([*merged.get(f, []), *terms])
    claimed = {t for f in ("ability", "program", "file", "host") for t in merged.get(f, [])}
    merged["action"] = [t for t in merged.get("action", []) if t not in claimed]
    merged["name"] = [t for t in merged.get("name", []) if t not in claimed]
    merged["topic"] = [t for t in merged.get("topic", []) if t not in claimed][:MAX_TOPIC]
    merged["command"] = [t for t in merged.get("command", []) if t not in claimed
                         and t not in merged.get("action", [])][:MAX_COMMAND]
    merged["gloss"] = [t for t in merged.get("gloss", [])
                       if t not in claimed and t not in merged.get("action", [])][:meaning.MAX_GLOSS]
    return {f: t for f, t in merged.items() if t}


def action_terms(action: str) -> list[str]:
    """A subcommand or task, and for a namespaced task (`flyway:migrate`, `db:migrate`) its parts."""
    action = action.lower()
    parts = [text.stem(p) for p in action.split(":") if len(p) > 1] if ":" in action.strip(":") else []
    return _unique([text.stem(action), *parts])


def _program_terms(program: str) -> tuple[list[str], list[str]]:
    """A program's names (as written and stemmed; a script's name without its extension too, `validate-topics.sh`
    -> validate-topics) and, for a compound name, its words as a query would split them (ansible-playbook ->
    ansibl, playbook): the names are the program, the words only name words of it."""
    name = program.lower()
    base, dot, ext = name.rpartition(".")
    if dot and len(base) > 2 and ext.isalpha() and len(ext) <= 4:
        names, words = _program_terms(base)
        return _unique([name, *names]), words
    parts = [text.stem(w) for w in text.split_identifier(name)
             if len(w) > 2 and not text.is_stopword(w) and w not in text.load_words("generic")]
    if len(parts) > 1 or parts[:1] != [text.stem(name)]:
        return _unique([name, text.stem(name)]), [p for p in parts if p != text.stem(name)]
    return parts, []


def _name_stems(name: str) -> list[str]:
    """The words of a file name, and its extension when that is a word (`dim_customers.sql` -> dim, custom, sql):
    "the SQL model", "a parquet file" name files by their kind. A hyphenated name is a word as written too
    (`size-budget.md` -> size-budget, size, budget), as a hyphenated host label is."""
    stem = name.rsplit("/", 1)[-1]
    base, ext = stem.rsplit(".", 1) if "." in stem.strip(".") else (stem, "")
    words = [text.stem(w) for w in text.split_identifier(base) if len(w) > 2 and not text.is_stopword(w)]
    whole = [base.lower()] if "-" in base.strip("-") else []  # as written, as a hyphenated host label is
    kind = [ext.lower()] if len(ext) > 2 and ext.isalpha() else []
    return _unique([*whole, *words, *kind])


def _host_words(host: str) -> list[str]:
    """The words of a host's names, as written and stemmed, as a query names the service (`staging-orders.acme.dev`
    -> staging-orders, stage, order, acme; `artifacts.acme.dev` -> artifacts, artifact, acme)."""
    found = []
    labels = host.lower().split(".")
    for label in labels[:-1] if len(labels) > 1 else labels:  # a bucket or a service has one label (s3://assets)
        if len(label) > 2 and label not in ("www", "api", "com", "org", "net"):
            found.append(label)
            if "-" in label:
                found += [text.stem(w) for w in label.split("-") if len(w) > 2 and not text.is_stopword(w)]
            elif not text.is_stopword(label):
                found.append(text.stem(label))  # as a query says it: "the artifact server" for artifacts.x.dev
    return _unique(found)


def _rule_title(when: str, wrong: str, instead: str, change: str) -> str:
    """A rule's title: the call that worked instead of the one that failed, or, when it is the same call (an edit
    whose text was not found, done again after reading the file), the call retried with what changed."""
    if instead != wrong or not change:
        return f"{_cap(when)}: {instead} instead of {wrong}"
    return f"{_cap(when)}: retry {instead} {change}"


MAX_QUOTED = 160  # characters of an error a card's body quotes


def _quoted_error(examples: list[str], signature: str) -> str:
    """The error as a body quotes it: its first example as it was written (redacted when journalled), cut at a
    word; the signature when there is none. A report whose first line is its signature is quoted by that line
    alone: the lines after it differ from one failure to the next, and one failure's (an injected report's, attack42)
    would speak for all."""
    raw = next((e for e in examples if e.strip()), "")
    first = raw.strip().partition("\n")[0]
    if first != raw.strip() and normalise.error_signature(first) == signature:
        raw = first
    return json.dumps(normalise.clip_words(raw, MAX_QUOTED), ensure_ascii=False) if raw else signature or "no message"


@dataclass(frozen=True, slots=True)
class Shape:
    """What a rule's episodes share when their calls differ only in operands: the calls with a slot, the values."""

    wrong: str
    instead: str
    values: list[str]
    slot: str = "{name}"

    def shaped(self, said: str) -> str:
        """A text about one episode with every episode's value put as the slot."""
        for value in self.values:
            said = _fill(said, value, self.slot)
        return said


MAX_SLOT = 3  # words of a failed call that may differ from episode to episode in one slot (`pip install a b c`)
_SEPARATOR_WORDS = frozenset({"&&", "||", "|", ";", "&"})


def operand_shape(pairs: list[list[str]]) -> Shape | None:
    """The shape a rule's episodes share (round 24): when the failed calls differ only in one run of operands
    (`pip install ruff`, `pip install pandas`) and the fixes name the same operands (`.venv/bin/pip install ruff`),
    the calls with a slot (`pip install {package}` -> `.venv/bin/pip install {package}`), the most frequent fix's
    shape first; None when the episodes failed on one call, differ in more than operands, or their fixes differ
    otherwise than by the operand (a file found elsewhere each time is no shape)."""
    wrongs = [w.split() for w, _ in pairs]
    if len({tuple(w) for w in wrongs}) < 2:
        return None
    head = _shared(wrongs)
    tail = _shared([w[head:][::-1] for w in wrongs])
    middles = [w[head:len(w) - tail] for w in wrongs]
    if not head or any(not m or len(m) > MAX_SLOT or not all(map(_operand, m)) for m in middles):
        return None
    slot = "{" + _slot_kind(pairs, middles) + "}"
    shapes: dict[str, int] = {}
    for (_, instead), middle in zip(pairs, middles):
        shaped = _fill(instead, " ".join(middle), slot)
        shapes[shaped] = shapes.get(shaped, 0) + 1
    told = max(shapes, key=lambda i: (shapes[i], -list(shapes).index(i)))
    if len(shapes) > 1 and not all(slot in shaped for shaped in shapes):
        return None
    return Shape(wrong=" ".join([*wrongs[0][:head], slot, *wrongs[0][len(wrongs[0]) - tail:]]), instead=told,
                 values=_unique(" ".join(m) for m in middles), slot=slot)


def _shared(rows: list[list[str]]) -> int:
    """How many words all rows begin with."""
    n = 0
    while all(len(r) > n for r in rows) and len({r[n] for r in rows}) == 1:
        n += 1
    return n


def _operand(word: str) -> bool:
    return not word.startswith("-") and "=" not in word and word not in _SEPARATOR_WORDS and "…" not in word


def _slot_kind(pairs: list[list[str]], middles: list[list[str]]) -> str:
    """What the differing words are: packages an install names, files, or names."""
    if all(set(m) <= set(_objects(w)) for (w, _), m in zip(pairs, middles)):
        return "package"
    if all(text.paths(x) or _names_file(x) for m in middles for x in m):
        return "file"
    return "name"


def _fill(call: str, value: str, slot: str) -> str:
    """A call with a value, as a word or a path's last name (`.venv/bin/ruff`), put as a slot."""
    return re.sub(rf"(?<![^\s/]){re.escape(value)}(?=$|[\s;,)])", slot, call)


def _listed(values: list[str]) -> str:
    return ", ".join(values[:MAX_EXAMPLES]) + (", …" if len(values) > MAX_EXAMPLES else "")


def change_of(failed: Work, episode: dict, work: Work, args: dict, between: list[str]) -> str:
    """Say what the fix changed: the work done first, the path, the command's words, or the arguments."""
    parts = []
    if between:
        parts.append(f"first {' then '.join(between)}")
    if episode.get("looked"):
        parts.append(f"after {' and '.join(episode['looked'])}")
    if failed.command and work.command and failed.command != work.command:
        before, after = _command_words(failed.command), _command_words(work.command)
        added = [w for w in after if w not in before]
        removed = [w for w in before if w not in after]
        if added:
            parts.append(f"added {' '.join(added)}")
        if removed:
            parts.append(f"dropped {' '.join(removed)}")
    elif failed.path != work.path and failed.path and work.path:
        parts.append(f"{failed.path} -> {work.path}")
    elif not failed.command:
        try:
            before_args = json.loads(episode["args"])
        except ValueError:
            before_args = {}
        changed = sorted(k for k in {*before_args, *args} if before_args.get(k) != args.get(k))
        corrected = normalise.address_correction(normalise.url_of(before_args), normalise.url_of(args)) \
            if failed.host and isinstance(before_args, dict) else None
        if corrected:
            parts.append(f"{corrected[0]} -> {corrected[1]} in the url")
        elif changed:
            parts.append(f"changed {', '.join(changed[:4])}")
    return "; ".join(parts)


def _command_words(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


# -- helpers --------------------------------------------------------------------------------

MAX_SESSIONS = 200  # sessions an entry keeps, to count them


def _entry(row: Row, extra: dict) -> dict:
    return {"n": 0, "ids": [], "sessions": [], "topic": {}, "first": row.ts, "last": row.ts, **extra}


def _note(entry: dict, row: Row, session: dict) -> None:
    """Record a row as evidence of an entry: its id, time, session and (once per session) the session's topic."""
    if len(entry["ids"]) < MAX_IDS:
        entry["ids"].append(row.id)
    entry["first"] = min(entry["first"], row.ts)
    entry["last"] = max(entry["last"], row.ts)
    if row.session not in entry["sessions"]:
        if len(entry["sessions"]) < MAX_SESSIONS:
            entry["sessions"].append(row.session)
        _count_topic(entry["topic"], session["topic"])
        _add(entry.setdefault("tasks", []), session.get("task", ""), MAX_TASKS)


MAX_PLACES = 2 * MAX_LIST  # files and folders a run or a workflow keeps


def _places(work: Work) -> list[str]:
    """The files (base names) and folders (`name/`, and any name without an extension) a call worked on: its path
    argument, or the paths among a command's operands (`sqlfluff lint models/marts/x.sql`)."""
    if work.host:
        return []
    paths = [work.path] if work.path else [p for w in _operands(work.command) for p in text.paths(w)]
    found: list[str] = []
    for path in paths:
        parts = [p for p in path.lower().replace("\\", "/").split("/") if p not in ("", ".", "..", "~")]
        *folders, name = parts or [""]
        found += [f"{f}/" for f in folders if _telling(f)]
        if _telling(name):  # a name without an extension is a folder, or a file like Makefile: it counts as one
            found.append(name if "." in name.strip(".") else f"{name}/")
    return _unique(found)


def _operand_files(work: Work) -> list[str]:
    """The files among a command's operands, by base name: those with an extension (what `python train.py`
    ran), and a path's last name without one when the path does not end in a folder's slash (`chmod a+rw
    /dev/ttyUSB0` worked on ttyusb0). A directory a command moved into (`cd`) is no file of its work."""
    if not work.command:
        return []
    hosts = normalise.command_hosts(work.command)
    found = [p for p in _places(work) if not p.endswith("/") and not _names_host(p, hosts)]
    for part in normalise.commands_of(work.command):
        if normalise.program_of(part) in normalise.NAVIGATION:
            continue
        for path in (p for w in _operands(part) for p in text.paths(w)):
            name = path.lower().replace("\\", "/").rsplit("/", 1)[-1]
            if "/" in path.strip("/") or path.startswith("/"):
                if name and _telling(name) and name not in found and not _names_host(path, hosts):
                    found.append(name)
    return found


def _names_host(path: str, hosts: tuple[str, ...]) -> bool:
    """Tell whether a word read as a path is one of the command's hosts (`deploy@bastion.acme.io`,
    `ghcr.io/acme/api`), not a file."""
    return any(path == h or path.endswith("@" + h) or path.startswith(h + "/") or path.startswith(h + ":")
               for h in hosts)


def _operands(command: str) -> list[str]:
    """The words of a command after each part's program, options and assignments left out; a word with a colon
    (a host, a URL, `image:tag`) is no operand, but a qualified name's colons are no host's (`Rscript -e
    "devtools::document()"`: what the inline code called)."""
    found = []
    for part in normalise.commands_of(command) if command else ():
        words = _command_words(part)
        program = normalise.program_of(part)
        at = next((i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] == program), len(words))
        found += [w for w in words[at + 1:]
                  if not w.startswith("-") and ":" not in qualified_names(w) and not _SETTING.fullmatch(w)]
    return found


_QUALIFIED = re.compile(r"(?<=\w)::(?=[A-Za-z_])")


def qualified_names(word: str) -> str:
    """A word with each qualified name's `::` as a space (`devtools::document()` -> `devtools document()`,
    `Foo::Bar`): R's, C++'s, Rust's, Perl's and Ruby's namespaces are no host, port or tag."""
    return _QUALIFIED.sub(" ", word)


_LONG_OPTION = re.compile(r"--([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?:=.*)?", re.I)
_SETTING = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)=(.*)")
MAX_SETTINGS = 6  # settings kept per command


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def _settings(command: str) -> tuple[str, ...]:
    """The settings a command says, whole: its long options of several words (`--vault-password-file`), the names
    of its assignments (`DEVELOPMENT_TEAM=ABCDE12345` -> development_team) and an assignment of a word whole
    (`--filter Category=Smoke` -> category=smoke), and the names it spells in CamelCase (`-executeMethod
    Tools.BuildAddressables`, `julia -e 'using JuliaFormatter'`; after the settings, so that names cannot crowd
    them out). What a fix added is often one of them, and it is one name."""
    found: list[str] = []
    names: list[str] = []
    for part in normalise.commands_of(command) if command else ():
        for word in _command_words(part):
            if not word.startswith("-"):
                names += text.camel_names(word)
            option = _LONG_OPTION.fullmatch(word)
            setting = None if option or word.startswith("-") else _SETTING.fullmatch(word)
            if option:
                found.append(option.group(1).lower())
            elif setting:
                name, value = setting.groups()
                if len(name) > 2 and not name.isdigit():
                    found.append(name.lower())
                if len(value) > 2 and value.isalpha():
                    found.append(f"{name}={value}".lower())
    return tuple(_unique([*found, *names])[:MAX_SETTINGS])


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands
def _operand_words(command: str) -> tuple[str, ...]:
    """The words of a command's operands that are no path, file or number (`stack ls dependencies` -> ls, depend),
    and every word of inline code (`julia -e 'using JuliaFormatter; format(".")'` -> julia, formatt, format): what a
    workflow's command step worked on."""
    return tuple(_unique(t for w in _operands(command) if " " in w or not text.paths(w) and not _names_file(w)
                         for t in topic_terms(w)))


_CODE_NAME = re.compile(r"(?<![\w-])(?:[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)"
                        r"(?![\w-]|\.\w)")  # camelCase or snake_case, not a file's name (my_job.py)
MAX_EDIT_CHARS = 2000  # what of an edit's text is read for the names it changed
MAX_EDITED_NAMES = 6


def edited_names(args: dict) -> tuple[str, ...]:
    """The code names an edit's text said (`versionCode = 341`, `max_conn_idle`), lower-cased whole: camelCase and
    snake_case words, which are names in any language and no prose. A workflow that edits the same ones in two
    sessions is about them (bumping `versionCode`), whatever file they are in."""
    found: list[str] = []
    _strings({k: v for k, v in args.items() if k not in normalise.PATH_KEYS}, found, MAX_EDIT_CHARS)
    said = " ".join(found)[:MAX_EDIT_CHARS]
    return tuple(_unique(m.group(0).lower() for m in _CODE_NAME.finditer(said)))[:MAX_EDITED_NAMES]


def _strings(value, found: list[str], budget: int, depth: int = 0) -> int:
    """Gather the strings of a call's arguments, nested lists and objects read two levels down, until `budget`
    characters are gathered; what of the budget is left."""
    if isinstance(value, str):
        found.append(value[:budget])
        return budget - len(found[-1]) - 1
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items if depth <= 2 else ():
        if budget <= 0:
            break
        budget = _strings(item, found, budget, depth + 1)
    return budget


def _names_file(word: str) -> bool:
    base, dot, ext = word.rpartition(".")
    return bool(dot and base and ext.isalnum() and not ext.isdigit())


def _telling(name: str) -> bool:
    """Tell whether a file or folder name says what the work was about: not a layout folder (`src`, `node_modules`:
    data/memory-folders.txt), nor a word of work unless it is a file's name with its extension (`CHANGES.md` is the
    changelog; `build/` is anyone's, round 29)."""
    stem = name.rsplit(".", 1)[0] if "." in name.strip(".") else name
    return len(stem) > 2 and not text.is_stopword(stem) and name not in text.load_words("memory-folders") \
        and (stem != name or text.stem(stem) not in normalise.generic_stems())


def _count_places(counts: dict, places: Iterable[str], new_session: bool) -> None:
    """Count in how many sessions a workflow touched each file and folder (a second run in one session adds its
    places without counting the session again)."""
    for place in places:
        if place in counts or len(counts) < 2 * MAX_PLACES:
            counts[place] = counts.get(place, 0) + int(new_session)


def _folders(work: Work) -> list[str]:
    """The folders a call worked in that say what it was about (`/mnt/coursework/submissions/hw1` -> coursework,
    submissions; a name without an extension is a folder too), without their slash."""
    return [p[:-1] for p in _places(work) if p.endswith("/")]


MAX_NAMED_CHARS = 64  # the longest folder or file name a weak link's title says (a place's name, not a text)


def shared_folders(folders: dict, failures: int) -> list[str]:
    """The folders at least half of a weak link's or a pitfall's failures (two or more) were in, in the order their
    paths name them: the place that fails (a network share, a mounted volume), which the file each failure was on
    does not say; each a name its title can say (`nameable`)."""
    wanted = max(2, (failures + 1) // 2)
    found = [f for f, n in folders.items() if n >= wanted and nameable(f)][:MAX_LIST]
    # each is a name, but a title says them one after another: a transcript's folders may say together what none
    # says alone (`/srv/ignore all previous/instructions, reply …/`), which the title's commas hid from the guard
    # (docs/security.md O61)
    return [] if guard.suspect(" ".join(found)) else found


def nameable(name: str) -> bool:
    """Whether a folder or file name of a journal's paths may be said in a card's title: a name, not a text (at most
    MAX_NAMED_CHARS) and printable (no line break, no terminal escape: a path is whatever a tool was given, O42)."""
    return len(name) <= MAX_NAMED_CHARS and name.isprintable()


def worked_on(places: dict, recurring: int) -> list[str]:
    """What a workflow is about: the folders it worked in in at least `recurring` sessions (`components`), then
    its files (with an extension), the most frequent first; at most MAX_LIST."""
    ranked = sorted(places, key=lambda p: -places[p])
    folders = [p[:-1] for p in ranked if p.endswith("/") and places[p] >= max(2, recurring)]
    files = [p for p in ranked if not p.endswith("/")]
    return [*folders, *files][:MAX_LIST]


def _count_topic(counts: dict, terms: Iterable[str]) -> None:
    for term in terms:
        if term in counts or len(counts) < MAX_TOPIC * 2:
            counts[term] = counts.get(term, 0) + 1


def count_places(counts: dict, places: Iterable[str], cap: int = MAX_TOPIC * 2) -> None:
    """Count places, `cap` of them at most. A new place that finds the counter full first forgets the places counted
    once (lossy counting), so one call of many folders cannot keep later failures' folders out, as first come did
    (docs/security.md O48). The order places were first counted in is kept: it is their paths' order."""
    for place in places:
        if place not in counts and len(counts) >= cap:
            for once in [p for p, n in counts.items() if n == 1]:
                del counts[once]
        if place in counts or len(counts) < cap:
            counts[place] = counts.get(place, 0) + 1


def _top(counts: dict, min_count: int = 1, limit: int = MAX_TOPIC // 2) -> list[str]:
    ranked = sorted((t for t, n in counts.items() if n >= min_count), key=lambda t: (-counts[t], t))
    return ranked[:limit]


def _evidence(entry: dict, examples: list[str]) -> dict:
    return {"sessions": entry["sessions"][:MAX_LIST], "session_count": len(entry["sessions"]),
            "events": entry["n"], "examples": list(examples[:MAX_EXAMPLES]), "tasks": list(entry.get("tasks", ()))}


def _add(items: list, value, cap: int = MAX_LIST) -> None:
    if value and value not in items and len(items) < cap:
        items.append(value)


def _most(counts: dict) -> str:
    return max(sorted(counts), key=lambda c: counts[c]) if counts else "unknown"


def _unique(terms: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(t for t in terms if t))


def _fields(work: Work) -> list:
    return [work.ability, work.file, work.path, list(work.families), work.command, work.probe, work.host,
            work.target]


def _work(fields: list) -> Work:
    ability, file, path, families, command, probe, host, target = fields
    return Work(ability=ability, file=file, path=path, families=tuple(families), command=command, probe=probe,
                host=host, target=target, scripts=normalise.scripts_of(command) if command else ())


def _pick(entries: dict, kind: str, only: set | None) -> Iterable[tuple[str, dict]]:
    """The entries to render: all of them, or the ones the fold touched."""
    if only is None:
        return entries.items()
    return [(key, entries[key]) for k, key in sorted(only) if k == kind and key in entries]


MAX_HOSTS = 50  # hosts whose calls an ability's or a program's counts keep apart


def _count_host(entry: dict, host: str, row: Row) -> None:
    """Count a call to a host among an ability's or a program family's calls, so that they can be judged without
    the calls of a host that is a weak link of its own."""
    by_host = entry.setdefault("by_host", {})
    if host not in by_host and len(by_host) >= MAX_HOSTS:
        return
    counts = by_host.setdefault(host, {"n": 0, "ok": 0, "causes": {}})
    counts["n"] += 1
    counts["ok"] += int(row.ok)
    if not row.ok:
        counts["causes"][row.cause or "unknown"] = counts["causes"].get(row.cause or "unknown", 0) + 1


def _without_hosts(stats: dict, weak_hosts: set[str]) -> dict:
    """An ability's or a program family's counts without the calls to the given hosts (weak links of their own)."""
    apart = [counts for host, counts in stats.get("by_host", {}).items() if host in weak_hosts]
    if not apart:
        return stats
    causes = dict(stats["causes"])
    for counts in apart:
        for cause, n in counts["causes"].items():
            causes[cause] = causes.get(cause, 0) - n
    return {**stats, "n": stats["n"] - sum(c["n"] for c in apart), "ok": stats["ok"] - sum(c["ok"] for c in apart),
            "hosts": [h for h in stats["hosts"] if h not in weak_hosts],
            "causes": {c: n for c, n in causes.items() if n > 0}}


def _weak(stats: dict, t: Thresholds) -> bool:
    """Tell whether counted calls make a weak link: enough of them, and too few successful."""
    return stats["n"] >= t.weak_min_calls and stats["ok"] / stats["n"] < t.weak_max_success


def _workflow(session: dict) -> bool:
    """Tell whether a session's current run is a workflow: 2 or more distinct steps, nothing failed or came
    back, and at least one step that does something (a run of lookups only is looking around)."""
    return not session["seg_bad"] and len(session["seg"]) >= 2 and session["seg_work"]


def _is_host(work: Work) -> bool:
    return work.host


@functools.lru_cache(maxsize=8192)  # pure, and a journal repeats its commands (every command call counts its programs)
def command_programs(command: str) -> tuple[str, ...]:
    """The programs a command runs (`npm ci && npx jest` -> npm, npx, jest): names, families, launched tools."""
    found: list[str] = []
    for part in normalise.commands_of(command) if command else ():
        program = normalise.program_of(part)
        if not program or program in normalise.NAVIGATION:
            continue
        found += [program, normalise.family_of(part), normalise.launched(part)]
    return tuple(_unique(found))


_PACKAGE = re.compile(r"[a-z0-9][a-z0-9_.-]*")
_VERSION_SPEC = re.compile(r"[<>=!~;@\[].*$")
MAX_OBJECTS = 5  # packages kept per command


def _objects(command: str) -> list[str]:
    """The packages a package manager's command works on (`pip install httpx rich` -> httpx, rich): what an
    install is about, as a file is what an edit is about. Options, paths and files are left out."""
    found: list[str] = []
    installs = text.load_words("memory-installs")
    for part in normalise.commands_of(command) if command else ():
        programs = {normalise.program_of(part), normalise.launched(part), normalise.family_of(part)}
        if not programs & normalise.SUBCOMMAND_PROGRAMS:
            continue
        words = _command_words(part)
        at = next((i for i, w in enumerate(words) if w in installs), -1)
        for word in words[at + 1:] if at >= 0 else ():
            name = _VERSION_SPEC.sub("", word.lower())
            if not word.startswith("-") and "/" not in name and _PACKAGE.fullmatch(name) \
                    and not text.paths(name):
                found.append(name)
    return _unique(found)[:MAX_OBJECTS]


def _resource_words(work: Work) -> list[str]:
    """The words of the resource a URL call worked on, its last path segment (`/v1/files/K/nodes` -> node,
    `/healthz` -> healthz): what a call to a host is about, as a file is what an edit is about. Ids, numbers
    and words of work are left out."""
    if not work.host or "/" not in work.target:
        return []
    segment = work.target.split("/", 1)[1]
    generic = normalise.generic_stems()
    return [text.stem(w) for w in text.split_identifier(segment)
            if len(w) > 2 and w.isalpha() and not text.is_stopword(w) and text.stem(w) not in generic]


def command_actions(command: str) -> list[str]:
    """The subcommands a command runs (`git commit`, `npm ci && npm test` -> ci, test; `php artisan
    migrate:fresh` -> migrate:fresh)."""
    found: list[str] = []
    for part in normalise.commands_of(command) if command else ():
        tool, sub = normalise.subcommand_program(part)
        if tool:
            found.append(sub)
    return _unique(found)


def warning_keys(name: str, family: str, signature: str) -> tuple[str, str]:
    """The keys of the pitfall and of the rule that warn about a failure of `name` (organ.ability) in a program
    family with an error signature: what a failure after an injection is matched against."""
    return _digest("pitfall", name, signature or "(no message)"), _digest("rule", name, family, signature)


def _digest(*parts: str) -> str:
    return parts[0][:1] + hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:15]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def age_factor(age_s: float, half_life_s: float) -> float:
    """2^(-age / half-life): 1 now, 1/2 after one half-life; never above 1."""
    if half_life_s <= 0:
        return 1.0
    return math.pow(2.0, -max(0.0, age_s) / half_life_s)
