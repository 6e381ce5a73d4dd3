"""Distillation: deterministic rules that turn journal rows into card drafts. Pure.

A `Distiller` folds journal rows, in journal order, into counts that can be saved and resumed
(`to_state` / `from_state`), so consolidating incrementally and consolidating the whole journal at once
reach the same state. `drafts` renders that state into cards with the thresholds in force; `cluster`
merges similar drafts (connected components of 3-gram Jaccard similarity, so order cannot matter).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

import broker.text as text
from actors.memory import normalise, similar
from actors.memory.normalise import Work

KINDS = ("pitfall", "playbook", "weak_link", "rule")
STATE_VERSION = 1
MAX_FLOW = 4  # the longest workflow the fold tracks; thresholds may ask for shorter ones only
MAX_IDS = 50  # provenance kept per signature: the first events, by journal order
MAX_FILES = 10
MAX_OPEN = 8  # open failure episodes kept per session
MAX_TRIGGERS = 24
MERGE_JACCARD = 0.70  # character 3-gram Jaccard at which two cards say the same thing
BACKGROUND_ORIGINS = frozenset({"reflex", "healer", "background"})


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

    pitfall_min: int = 3  # same failure signature at least this often
    playbook_sessions: int = 2  # same workflow in at least this many sessions
    playbook_min_steps: int = 2
    playbook_max_steps: int = 4
    weak_min_calls: int = 8  # an ability called at least this often...
    weak_max_success: float = 0.70  # ...with a success rate under this
    rule_min_episodes: int = 1  # failure -> success episodes
    merge_jaccard: float = MERGE_JACCARD

    def __post_init__(self) -> None:
        if not 2 <= self.playbook_min_steps <= self.playbook_max_steps <= MAX_FLOW:
            raise ValueError(f"playbook steps must satisfy 2 <= min <= max <= {MAX_FLOW}")
        if not 0.0 < self.merge_jaccard <= 1.0:
            raise ValueError("merge_jaccard must be in (0, 1]")


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
    triggers: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    provenance: tuple[int, ...] = ()
    confirmations: int = 0
    first_ts: float = 0.0
    last_ts: float = 0.0
    stats: dict = field(default_factory=dict)
    keys: tuple[str, ...] = ()  # every draft key a merged card stands for
    gist: str = ""  # what the card is about, without its template's words

    def similarity_text(self) -> str:
        """The text that decides whether two cards say the same thing: the gist, not the template or counts."""
        return self.gist or f"{self.title}\n{self.body}"


class Distiller:
    """Folds journal rows into resumable counts; renders drafts from them."""

    def __init__(self, state: dict | None = None, *, ignore_organs: Iterable[str] = ("memory",)) -> None:
        state = state or {}
        if state and state.get("version") != STATE_VERSION:
            raise ValueError(f"distillation state version {state.get('version')!r} is not {STATE_VERSION}")
        self.last_id: int = state.get("last_id", 0)
        self.sigs: dict[str, dict] = state.get("sigs", {})
        self.abilities: dict[str, dict] = state.get("abilities", {})
        self.sessions: dict[str, dict] = state.get("sessions", {})
        self.flows: dict[str, dict] = state.get("flows", {})
        self.rules: dict[str, dict] = state.get("rules", {})
        self.ignore_organs = frozenset(ignore_organs)

    def to_state(self) -> dict:
        """The fold's state as plain JSON-ready data."""
        return {"version": STATE_VERSION, "last_id": self.last_id, "sigs": self.sigs,
                "abilities": self.abilities, "sessions": self.sessions, "flows": self.flows, "rules": self.rules}

    # -- the fold -------------------------------------------------------------------------

    def feed(self, rows: Iterable[Row]) -> int:
        """Fold rows newer than the last one seen, in journal order; return how many were folded."""
        folded = 0
        for row in rows:
            if row.id <= self.last_id:
                continue  # already folded: feeding twice changes nothing
            self.last_id = row.id
            folded += 1
            if row.kind == "call" and self._learns_from(row):
                self._call(row)
        return folded

    def _learns_from(self, row: Row) -> bool:
        # background work and reflexes are journalled, but they are not the agent's behaviour
        return row.origin not in BACKGROUND_ORIGINS and row.organ not in self.ignore_organs and bool(row.ability)

    def _call(self, row: Row) -> None:
        name = f"{row.organ}.{row.ability}"
        work = normalise.work_of(row.organ, row.ability, row.args)
        stats = self.abilities.setdefault(name, {"n": 0, "ok": 0, "ids": [], "first": row.ts, "last": row.ts,
                                                 "causes": {}})
        stats["n"] += 1
        stats["ok"] += int(row.ok)
        _remember(stats, row)
        if not row.ok:
            stats["causes"][row.cause or "unknown"] = stats["causes"].get(row.cause or "unknown", 0) + 1
        session = self.sessions.setdefault(row.session, {"tail": [], "counted": [], "open": []})
        if row.ok:
            self._step(session, row, work)
            if not work.probe:
                self._close(session, row, work)
        else:
            self._failure(row, work)
            self._open(session, row, work)

    def _failure(self, row: Row, work: Work) -> None:
        signature = normalise.error_signature(row.error)
        key = _digest("pitfall", row.organ, row.ability, row.cause, signature)
        sig = self.sigs.setdefault(key, {"n": 0, "organ": row.organ, "ability": row.ability, "cause": row.cause,
                                         "text": signature, "ids": [], "files": [], "programs": [], "first": row.ts,
                                         "last": row.ts})
        sig["n"] += 1
        _remember(sig, row)
        if work.file and work.file not in sig["files"] and len(sig["files"]) < MAX_FILES:
            sig["files"].append(work.file)
        for word in _command_words(work.command)[:3] if work.command else ():
            if word not in sig["programs"] and len(sig["programs"]) < MAX_FILES:
                sig["programs"].append(word)

    def _step(self, session: dict, row: Row, work: Work) -> None:
        label = f"{row.organ}.{row.ability}" + (f"({work.family})" if work.family else "")
        tail = session["tail"]
        if tail and tail[-1] == label:
            return  # the same step again: one step of the workflow
        tail.append(label)
        del tail[:-MAX_FLOW]
        for size in range(2, min(MAX_FLOW, len(tail)) + 1):
            steps = tail[-size:]
            if len(set(steps)) != size:
                continue
            key = " > ".join(steps)
            flow = self.flows.setdefault(key, {"steps": steps, "sessions": 0, "ids": [], "first": row.ts,
                                               "last": row.ts})
            if key in session["counted"]:
                continue
            session["counted"].append(key)
            flow["sessions"] += 1
            _remember(flow, row)

    def _open(self, session: dict, row: Row, work: Work) -> None:
        for episode in session["open"]:
            if normalise.same_work(_work(episode["work"]), work):
                if len(episode["ids"]) < MAX_IDS:
                    episode["ids"].append(row.id)
                return
        session["open"].append({"work": [work.ability, work.file, work.family, work.command, work.probe],
                                "wrong": normalise.summarise_call(work, row.args),
                                "args": normalise.canonical_args(row.args), "cause": row.cause,
                                "error": normalise.error_signature(row.error), "ids": [row.id], "ts": row.ts})
        del session["open"][:-MAX_OPEN]

    def _close(self, session: dict, row: Row, work: Work) -> None:
        still_open = []
        for episode in session["open"]:
            failed = _work(episode["work"])
            if not normalise.same_work(failed, work):
                still_open.append(episode)
                continue
            if episode["args"] == normalise.canonical_args(row.args):
                continue  # the same call worked on a second try: nothing to learn but patience
            instead = normalise.summarise_call(work, row.args)
            key = _digest("rule", failed.key, normalise.error_signature(episode["wrong"]),
                          normalise.error_signature(instead))
            rule = self.rules.setdefault(key, {
                "n": 0, "when": failed.describe(), "wrong": episode["wrong"], "instead": instead,
                "cause": episode["cause"], "error": episode["error"], "ability": failed.ability,
                "family": failed.family, "file": failed.file or work.file, "ids": [], "first": episode["ts"],
                "last": row.ts})
            rule["n"] += 1
            rule["last"] = row.ts
            for event_id in [*episode["ids"], row.id]:
                if len(rule["ids"]) < MAX_IDS and event_id not in rule["ids"]:
                    rule["ids"].append(event_id)
        session["open"] = still_open

    # -- rendering ------------------------------------------------------------------------

    def drafts(self, thresholds: Thresholds = Thresholds()) -> list[Draft]:
        """Every card the evidence so far supports, in a deterministic order."""
        found = [*self._pitfalls(thresholds), *self._weak_links(thresholds), *self._playbooks(thresholds),
                 *self._rules(thresholds)]
        return sorted(found, key=lambda d: (d.first_ts, d.key))

    def _pitfalls(self, t: Thresholds) -> Iterable[Draft]:
        for key, sig in self.sigs.items():
            if sig["n"] < t.pitfall_min:
                continue
            name = f"{sig['organ']}.{sig['ability']}"
            message = sig["text"] or "(no message)"
            yield Draft(
                key=key, kind="pitfall", title=f"{name} fails with {sig['cause'] or 'an error'}: {message[:80]}",
                body=f"Calling {name} keeps failing ({sig['cause'] or 'unknown'}): {message}",
                when=f"calling {name}", wrong=f"calling {name} as before",
                instead=f"check first what makes it fail: {message[:100]}",
                triggers=_triggers([*sig["programs"], sig["organ"], *_name_words(sig["ability"]), sig["cause"],
                                    *text.content_words(message)[:8], *map(text.basename, sig["files"])]),
                files=tuple(sig["files"]), provenance=tuple(sig["ids"]), confirmations=sig["n"],
                first_ts=sig["first"], last_ts=sig["last"], stats={"failures": sig["n"]},
                gist=f"{name} {sig['cause']} {message}")

    def _weak_links(self, t: Thresholds) -> Iterable[Draft]:
        for name, stats in self.abilities.items():
            rate = stats["ok"] / stats["n"] if stats["n"] else 1.0
            if stats["n"] < t.weak_min_calls or rate >= t.weak_max_success:
                continue
            cause = max(sorted(stats["causes"]), key=lambda c: stats["causes"][c]) if stats["causes"] else "unknown"
            organ, _, ability = name.partition(".")
            yield Draft(
                key=_digest("weak_link", name), kind="weak_link", title=f"Weak link: {name} often fails",
                body=f"{name} fails often; most failures are {cause}. Check its result before relying on it.",
                when=f"calling {name}", wrong=f"trusting {name} to work the first time",
                instead="check its result, and prefer a more reliable ability for the same work",
                triggers=_triggers([organ, *_name_words(ability), cause, "unreliable", "flaky"]),
                provenance=tuple(stats["ids"]), confirmations=stats["n"], first_ts=stats["first"],
                last_ts=stats["last"], stats={"calls": stats["n"], "ok": stats["ok"], "success_rate": round(rate, 3)},
                gist=name)

    def _playbooks(self, t: Thresholds) -> Iterable[Draft]:
        qualifying = {key: flow for key, flow in self.flows.items()
                      if flow["sessions"] >= t.playbook_sessions
                      and t.playbook_min_steps <= len(flow["steps"]) <= t.playbook_max_steps}
        for key, flow in qualifying.items():
            if any(other is not flow and other["sessions"] >= flow["sessions"]
                   and _contains(other["steps"], flow["steps"]) for other in qualifying.values()):
                continue  # a longer workflow seen just as often says it all
            steps = " → ".join(flow["steps"])
            words = [w for step in flow["steps"] for w in _step_words(step)]
            yield Draft(
                key=_digest("playbook", key), kind="playbook", title=f"Workflow: {steps}",
                body=f"A workflow that worked in several sessions: {steps}.",
                when=f"starting work that begins with {flow['steps'][0]}", wrong="improvising the steps",
                instead=f"follow {steps}", triggers=_triggers(words + ["workflow", "steps"]),
                provenance=tuple(flow["ids"]), confirmations=flow["sessions"], first_ts=flow["first"],
                last_ts=flow["last"], stats={"sessions": flow["sessions"], "steps": len(flow["steps"])},
                gist=steps)

    def _rules(self, t: Thresholds) -> Iterable[Draft]:
        for key, rule in self.rules.items():
            if rule["n"] < t.rule_min_episodes:
                continue
            members = normalise.FAMILY_MEMBERS.get(rule["family"], (rule["family"],)) if rule["family"] else ()
            organ, _, ability = rule["ability"].partition(".")
            files = (rule["file"],) if rule["file"] else ()
            yield Draft(
                key=key, kind="rule", title=f"{_cap(rule['when'])}: {rule['instead']} instead of {rule['wrong']}",
                body=(f"When {rule['when']}, {rule['wrong']} failed ({rule['cause'] or 'error'}: "
                      f"{rule['error'] or 'no message'}); {rule['instead']} worked."),
                when=rule["when"], wrong=rule["wrong"], instead=rule["instead"],
                triggers=_triggers([*members, organ, *_name_words(ability), rule["cause"],
                                    *text.content_words(rule["wrong"])[:6], *text.content_words(rule["instead"])[:6],
                                    *text.content_words(rule["error"])[:6], *map(text.basename, files)]),
                files=files, provenance=tuple(rule["ids"]), confirmations=rule["n"], first_ts=rule["first"],
                last_ts=rule["last"], stats={"episodes": rule["n"]},
                gist=f"{rule['when']}: {rule['wrong']} -> {rule['instead']}")


def cluster(drafts: list[Draft], blocked: set[str] | frozenset[str] = frozenset(),
            threshold: float = MERGE_JACCARD) -> list[Draft]:
    """Merge similar drafts of one kind into one card each; drop what a forgotten card stood for.

    `blocked` holds the keys of forgotten (or deleted) cards: their drafts, and drafts similar enough to
    one of them to have merged into it, are dropped, so nothing brings a forgotten card back.
    """
    grams = [similar.grams(d.similarity_text()) for d in drafts]
    kinds = [d.kind for d in drafts]
    forgotten = {i for i, d in enumerate(drafts) if d.key in blocked}
    pairs = list(similar.similar_pairs(grams, threshold, kinds))
    # only direct similarity counts: a draft that would merge into a forgotten card stays out
    dead = forgotten | {j if i in forgotten else i for i, j in pairs if (i in forgotten) != (j in forgotten)}
    parent = list(range(len(drafts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in pairs:
        if i not in dead and j not in dead:
            parent[root(j)] = root(i)
    groups: dict[int, list[Draft]] = {}
    for i, d in enumerate(drafts):
        if i not in dead:
            groups.setdefault(root(i), []).append(d)
    merged = [merge(members) for members in groups.values()]
    return sorted(merged, key=lambda d: (d.first_ts, d.key))


def merge(members: list[Draft]) -> Draft:
    """One draft for several that say the same thing: the best-supported one's words, everyone's evidence."""
    if len(members) == 1:
        return replace(members[0], keys=(members[0].key,))
    lead = min(members, key=lambda d: (-d.confirmations, d.key))
    keys = tuple(sorted(d.key for d in members))
    return replace(
        lead, keys=keys,
        triggers=_triggers([t for d in sorted(members, key=lambda d: d.key) for t in d.triggers]),
        files=tuple(sorted({f for d in members for f in d.files}))[:MAX_FILES],
        provenance=tuple(sorted({i for d in members for i in d.provenance}))[:MAX_IDS],
        confirmations=sum(d.confirmations for d in members),
        first_ts=min(d.first_ts for d in members), last_ts=max(d.last_ts for d in members))


# -- helpers --------------------------------------------------------------------------------

def _remember(entry: dict, row: Row) -> None:
    if len(entry["ids"]) < MAX_IDS:
        entry["ids"].append(row.id)
    entry["first"] = min(entry["first"], row.ts)
    entry["last"] = max(entry["last"], row.ts)


def _work(fields: list[Any]) -> Work:
    ability, file, family, command, probe = fields
    return Work(ability=ability, file=file, family=family, command=command, probe=probe)


def _digest(*parts: str) -> str:
    return parts[0][:1] + hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:15]


def _contains(longer: list[str], shorter: list[str]) -> bool:
    n = len(shorter)
    return len(longer) > n and any(longer[i:i + n] == shorter for i in range(len(longer) - n + 1))


def _name_words(name: str) -> list[str]:
    parts = [p for p in name.replace("-", "_").split("_") if p]
    return [name, *parts] if len(parts) > 1 else [name]


def _step_words(step: str) -> list[str]:
    organ, _, rest = step.partition(".")
    ability, _, family = rest.partition("(")
    family = family.rstrip(")")
    members = list(normalise.FAMILY_MEMBERS.get(family, (family,))) if family else []
    return [organ, *_name_words(ability), *members]


def _command_words(command: str) -> list[str]:
    """The program and its subcommand (npm install -> npm, install), the words that name command work."""
    program = normalise.program_of(command)
    found = [program] if program else []
    rest = command.split(program, 1)[1].split() if program and program in command else []
    found += [w for w in rest[:2] if w.isalpha()][:1]
    return found


def _triggers(terms: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for term in terms:
        t = str(term).strip().lower()
        if t and not text.is_stopword(t) and not t.isdigit() and len(seen) < MAX_TRIGGERS:
            seen.setdefault(t, None)
    return tuple(seen)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def age_factor(age_s: float, half_life_s: float) -> float:
    """2^(-age / half-life): 1 now, 1/2 after one half-life; never above 1."""
    if half_life_s <= 0:
        return 1.0
    return math.pow(2.0, -max(0.0, age_s) / half_life_s)
