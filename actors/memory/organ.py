"""The memory organ: journals the heart's events, consolidates in deep sleep, recalls and injects.

A background thread subscribes to the heart's events with its own client (`Client.events`, like the healer's
reflex thread), appends call and progress events to HOME/memory.db, counts events lost to the PUB high-water
mark or published while it was down from gaps in their sequence numbers, and a thread of its own consolidates
when the blood's stage turns `deep`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

from actors import guard
from actors.client import Client, Events
from actors.memory import confirm, db
from actors.memory.confirm import Judge
from actors.memory.journal import from_event
from actors.memory.judgments import JUDGMENT_KINDS
from actors.memory.recall import MAX_TERMS_CHARS
from actors.memory.service import Memory, Settings
from actors.organ import Organ, ability
from broker import tokens
from broker.errors import BadParams, CallTimeout, MeshError, Unanswerable
from broker.protocol import Blood, Event
from broker.vocab import HOST_ORGAN, Judged

log = logging.getLogger(__name__)

SLICE_MS = 200
BATCH = 500  # events appended per transaction at most
FLUSH_EVERY_S = 5.0
RECONNECT_S = 1.0
MANIFEST_TIMEOUT_S = 5.0
_TEXT = {"type": "string", "maxLength": 4000}
STEP = {**_TEXT, "description": "The step, in your own words."}
TERMS = {"type": "string", "maxLength": MAX_TERMS_CHARS,
         "description": "Search words for this step besides the query: the programs, commands, files, services and "
                        "hosts it involves, and English words for it when the query is in another language."}
JUDGE_TIMEOUT_S = 60.0  # what the caller's model has to choose (`recall` with judge "model")
UNSUPPORTED_HINT = '; judge "agent" gives you the candidates to choose from instead'


class MemoryOrgan(Organ):
    name = "memory"
    perception = ("stage",)
    workers = 4

    @classmethod
    def check_options(cls, options: dict) -> str:
        """Say what is wrong with these options ('' when nothing is), as the organ itself would find it."""
        try:
            Settings.from_options(options)
        except ValueError as exc:
            return str(exc) if str(exc).startswith("options") else f"options: {exc}"
        return ""

    def on_start(self) -> None:
        self.home = Path(os.environ.get("ACTORS_HOME", ".actors"))
        self.settings = Settings.from_options(self.options)
        # quicktok holds the GIL for a second or two while it loads o200k: load it now, before the loop
        # starts heartbeating, or the heart would find this organ silent in the middle of a call
        tokens.load()
        self.quarantined = ""
        self.memory = self._open()
        self.memory.keep_options(self.options)  # so `actors memory sleep` and the rest consolidate as this organ does
        self.memory.after_sleep.append(self.memory.teach_exposure)
        self.stage = ""
        self.catalogue = 0  # the digest of the mesh's abilities, from blood
        self.described = None  # the digest whose descriptions memory holds
        self.deep = threading.Event()
        self.stopping = threading.Event()
        # the last event sequence number journalled survives restarts: events published while this organ was
        # down show up as a gap at the first event after it comes back, and are counted
        self.last_seq = self.memory.last_seq()
        self.journalled = 0
        self.lost = 0
        self.thread = threading.Thread(target=self._listen, name="journal", daemon=True)
        self.thread.start()
        # consolidation has a thread of its own, so the journal thread keeps draining events while it runs
        self.sleeper = threading.Thread(target=self._sleep_loop, name="sleep", daemon=True)
        self.sleeper.start()
        self._report_cards()

    def _open(self) -> Memory:
        try:
            return Memory(self.home, self.settings)
        except db.MemoryUnavailable as exc:
            path = db.path_in(self.home)
            if not path.exists():
                raise
            # keep the damaged file for recovery and carry on with a fresh memory
            aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            for suffix in ("", "-wal", "-shm"):
                if Path(f"{path}{suffix}").exists():
                    os.replace(f"{path}{suffix}", f"{aside}{suffix}")
            self.quarantined = f"memory database was unusable ({exc}); moved it to {aside}"
            log.error("%s", self.quarantined)
            return Memory(self.home, self.settings)

    def on_stop(self) -> None:
        self.stopping.set()
        self.deep.set()
        self.thread.join(timeout=3.0)
        self.sleeper.join(timeout=3.0)
        self.memory.close()

    def on_blood(self, blood: Blood) -> None:
        if blood.stage == "deep" and self.stage != "deep":
            self.deep.set()  # consolidation runs on the journal thread, never on the loop
        self.stage = blood.stage
        self.catalogue = blood.catalogue  # the journal thread reads the manifest again when it changes

    # -- abilities ------------------------------------------------------------------------

    # recall and cards answer agents (through `actors mcp`: tools and the memory://cards resource): a card whose
    # text reads as an instruction to a model is given without it (guard.for_model), as inject leaves it out
    # (recall, inject and cards quote the owner's instructions and calls: owners_words, for the keys remote_events
    # names only)

    @ability("Recall the memory cards learned in past sessions about the step you are about to take, best first. "
             "judge \"agent\" (default): you choose among candidates (best with terms); \"model\": your model does "
             "(MCP sampling).",
             read_only=True, owners_words=True, timeout_s=JUDGE_TIMEOUT_S + 30,
             params={"query": STEP, "terms": TERMS, "limit": {"type": "integer", "minimum": 1, "maximum": 50},
                     "judge": {"type": "string", "enum": list(Judge)}})
    def recall(self, query: str, limit: int = 5, judge: str = Judge.AGENT, terms: str = "") -> dict:
        if judge == Judge.MODEL:
            return self._judged(query, terms, limit)
        if judge == Judge.AGENT:
            return self._candidates(query, terms)
        hits, elapsed = self.memory.recall(query, limit, terms=terms)
        self.report("actors_recall_duration_seconds", elapsed)
        return {"cards": [guard.for_model(h.as_dict()) for h in hits], "latency_ms": round(elapsed * 1000, 3),
                "judged_by": Judge.WORDS}

    def _judged(self, query: str, terms: str, limit: int) -> dict:
        """Recall with the caller's model choosing among the proposals (confirm.py) for the step (the query; the
        agent's search words find cards, they are not the step); the words' own choice when nothing is proposed or
        the model cannot choose, with why."""
        started = time.perf_counter()
        proposed, elapsed = self.memory.proposals(query, terms)
        self.report("actors_recall_duration_seconds", elapsed)
        shown = confirm.lines([h.card for h in proposed])
        picked, outcome, why = None, Judged.NOTHING_PROPOSED, ""
        if any(shown):
            try:
                step = query if query.strip() else terms  # a blank step: the agent's words are all it said of it
                answer = self.sample(confirm.prompt(step, shown), system=confirm.SYSTEM, max_tokens=confirm.MAX_TOKENS,
                                     timeout_s=JUDGE_TIMEOUT_S, temperature=0)
                picked = confirm.chosen(confirm.text_of(answer), shown, limit)
                outcome, why = (Judged.MODEL, "") if picked is not None else \
                    (Judged.UNREADABLE, "its answer named no card by number")
            except (Unanswerable, CallTimeout) as exc:
                outcome = Judged.TIMEOUT if isinstance(exc, CallTimeout) else Judged.UNSUPPORTED
                why = str(exc)[:300] + ("" if outcome == Judged.TIMEOUT else UNSUPPORTED_HINT)
        self.report("actors_memory_judged_total", 1, outcome=outcome)
        if picked is None:
            hits, _ = self.memory.recall(query, limit, terms=terms)
            verdict = {"judged_by": Judge.WORDS, **({"model_unavailable": why} if why else {})}
        else:
            hits = [proposed[i] for i in picked]
            self.memory.chose(hits)
            verdict = {"judged_by": Judge.MODEL}
        return {"cards": [guard.for_model(h.as_dict()) for h in hits], "proposed": len(proposed),
                "latency_ms": round((time.perf_counter() - started) * 1000, 3), **verdict}

    def _candidates(self, query: str, terms: str) -> dict:
        """The cards a model would choose from (judge "model"), given to the agent to choose among, with how to
        choose: no card is chosen; those recall's own choice holds count a hit, as judge "words" counts them."""
        started = time.perf_counter()
        proposed, elapsed = self.memory.proposals(query, terms)
        self.report("actors_recall_duration_seconds", elapsed)
        answer = confirm.for_agent([h.card for h in proposed])
        shown = {c["card"] for c in answer["candidates"]}
        self.memory.chose([h for h in proposed if h.chosen and h.card.id in shown])
        self.report("actors_memory_judged_total", 1, outcome=Judged.AGENT if shown else Judged.NOTHING_PROPOSED)
        return {**answer, "proposed": len(proposed), "latency_ms": round((time.perf_counter() - started) * 1000, 3)}

    @ability("The advisory memory block an agent host adds to a prompt: judgments and relevant cards "
             "within a token budget; the same set is not repeated within a few turns of a session.",
             owners_words=True, params={"query": _TEXT, "session": {"type": "string", "maxLength": 200},
                                        "budget": {"type": "integer", "minimum": 1, "maximum": 100000}})
    def inject(self, query: str = "", session: str = "", budget: int = 0) -> dict:
        started = time.perf_counter()
        result = self.memory.inject(query, session, budget or None)
        self.report("actors_recall_duration_seconds", time.perf_counter() - started)
        return result.as_dict()

    @ability("The memory cards that speak to a tool call about to be made (an agent host's PreToolUse hook): "
             "rules, pitfalls and weak links about the program, file or host it works on, each told once a session.",
             owners_words=True, params={"tool": {"type": "string", "minLength": 1, "maxLength": 300},
                                        "args": {"type": "object"},
                                        "session": {"type": "string", "maxLength": 200},
                                        "budget": {"type": "integer", "minimum": 1, "maximum": 100000}})
    def before_call(self, tool: str, args: dict | None = None, session: str = "", budget: int = 0) -> dict:
        # a host's tool (Bash, Edit) is journalled as host.<tool>; an address names a mesh's ability
        organ, dot, ability = tool.partition(".")
        started = time.perf_counter()
        result = self.memory.before_call(organ if dot else HOST_ORGAN, ability if dot else tool, args or {}, session,
                                         budget or None)
        self.report("actors_recall_duration_seconds", time.perf_counter() - started)
        return result.as_dict()

    @ability("Consolidate the journal into cards now, as deep sleep would.", timeout_s=600)
    def sleep(self) -> dict:
        report = self.memory.consolidate()
        self._after_consolidation(report)
        return report

    @ability("List the memory cards (optionally of one kind).", read_only=True, owners_words=True,
             params={"kind": {"type": "string", "enum": ["", "pitfall", "playbook", "weak_link", "rule"]},
                     "limit": {"type": "integer", "minimum": 1}})
    def cards(self, kind: str = "", limit: int = 500) -> dict:
        found = self.memory.cards(kind or None)
        return {"cards": [guard.for_model(c.as_dict()) for c in found[:limit]], "counts": self.memory.card_counts()}

    @ability("Remember a standing judgment of the user (a statement, not a command).",
             params={"text": _TEXT, "kind": {"type": "string", "enum": list(JUDGMENT_KINDS)},
                     "reason": {"type": "string", "maxLength": 1000}})
    def remember(self, text: str, kind: str, reason: str = "") -> dict:
        try:
            judgment, removed = self.memory.remember(text, kind, reason)
        except ValueError as exc:
            raise BadParams(str(exc)) from None
        return {"judgment": judgment.as_dict(time.time()), "removed": removed}

    @ability("Forget a standing judgment of the user by its exact text or id (#3); a statement that only matches "
             "judgments by topic forgets them with confirm=true, else they are returned unremoved.",
             params={"text": _TEXT, "confirm": {"type": "boolean"}})
    def forget(self, text: str, confirm: bool = False) -> dict:
        done = self.memory.forget_judgment(text, confirm)
        now = time.time()
        return {"forgotten": [j.as_dict(now) for j in done.removed],
                "unconfirmed": [j.as_dict(now) for j in done.unconfirmed]}

    @ability("Memory's state: journal size, events lost, last consolidation, cards by kind, sleep stage.",
             read_only=True)
    def status(self) -> dict:
        return {**self.memory.status(), "stage": self.stage, "journalled": self.journalled,
                "lost_since_start": self.lost, "quarantined": self.quarantined,
                "consolidating_since": self.memory.consolidating_since}

    # -- the journal thread ---------------------------------------------------------------

    def _listen(self) -> None:
        while not self.stopping.is_set():
            try:
                with Client(self.home) as client:
                    self._serve(client)
            except MeshError as exc:
                log.warning("journal: %s; retrying in %gs", exc, RECONNECT_S)
            except Exception:  # the journal must outlive any one bad event or database hiccup
                log.exception("journal thread failed; restarting it in %gs", RECONNECT_S)
            self.stopping.wait(RECONNECT_S)

    def _serve(self, client: Client) -> None:
        # every kind: the sequence spans them all; counting resumes from the last event journalled, so events
        # published while this organ was down (or while it reconnected) are counted as lost
        with client.events(after_seq=self.last_seq, rcvhwm=100_000) as events:
            if self.quarantined:
                client.control("alert", level="warn", organ=self.name, message=self.quarantined[:900])
            counted = 0  # of events.missed, what is already added to lost_events
            next_flush = time.monotonic() + FLUSH_EVERY_S
            while not self.stopping.is_set():
                event = events.next(SLICE_MS / 1000)
                if event is not None:
                    counted = self._drain(events, event, counted)
                if self.catalogue != self.described:
                    self._describe(client, self.catalogue)
                if time.monotonic() >= next_flush:
                    self.memory.flush()
                    self._report_cards()  # the CLI may have forgotten a card meanwhile
                    next_flush = time.monotonic() + FLUSH_EVERY_S

    def _describe(self, client: Client, catalogue: int) -> None:
        """Hand memory the descriptions the organs registered their abilities with: what cards' work means."""
        self.described = catalogue  # once per digest, whatever happens below
        try:
            if self.memory.describe(client.control("manifest", timeout_s=MANIFEST_TIMEOUT_S)):
                log.info("memory holds the descriptions of the mesh's abilities (catalogue %d)", catalogue)
        except (MeshError, db.MemoryUnavailable) as exc:  # the next catalogue change tries again
            log.warning("could not read the mesh's ability descriptions: %s", exc)

    def _drain(self, events: Events, first: Event, counted: int) -> int:
        """Journal an event and what else is already waiting, in one transaction with the last sequence number
        and the events found missing; return how many missing events are now counted."""
        batch = [first]
        while len(batch) < BATCH:
            event = events.next(0)
            if event is None:
                break
            batch.append(event)
        missed = events.missed - counted
        entries = [entry for entry in map(from_event, batch) if entry is not None]
        appended, _ = self.memory.append(entries, last_seq=events.last_seq, lost=missed)
        # only once they are stored: a batch that failed to be is counted missing by the next subscription, which
        # starts after the last sequence number stored, instead of being skipped unseen
        self.last_seq = events.last_seq
        self.journalled += appended
        if missed:
            self.lost += missed
            log.warning("lost %d events (seq now %d): dropped under the PUB high-water mark, or published while "
                        "this organ was down", missed, self.last_seq)
        return events.missed

    def _sleep_loop(self) -> None:
        try:
            self.memory.warm()  # the recall index, built here rather than on the first query's time
        except Exception:  # a recall builds it then
            log.exception("could not build the recall index at start")
        while not self.stopping.is_set():
            self.deep.wait()
            self.deep.clear()
            if self.stopping.is_set():
                return
            try:
                report = self.memory.consolidate()
                log.info("deep sleep: consolidated %s events (%s)", report.get("folded"), report.get("cards"))
                self._after_consolidation(report)
            except Exception:  # the next deep sleep tries again
                log.exception("deep sleep failed")

    def _after_consolidation(self, report: dict) -> None:
        if report.get("changed"):
            self.memory.warm()  # the new recall index, built here rather than on a query's time
        self._report_cards()

    def _report_cards(self) -> None:
        counts = {**self.memory.card_counts(), "judgment": len(self.memory.judgments())}  # every kind the metric has
        if counts != getattr(self, "reported", None):
            for kind, n in counts.items():
                self.report("actors_memory_cards", n, kind=kind)
            self.reported = counts


ORGAN = MemoryOrgan

