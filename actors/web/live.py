"""What the console knows of the living mesh: the last beat and status, recent events and plot series. Pure.

`Live` is fed plain maps (beats, the heart's status, events) by the watcher thread and turns them into one
JSON-ready view the page draws; it owns no socket and reads no clock of its own, so it is tested with
constants. Every buffer is bounded: series keep `WINDOW_S` of history, events the last `EVENTS_KEPT`.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field

from broker.vocab import EventKind

WINDOW_S = 600.0  # the plots show the last ten minutes
CALL_BUCKET_S = 10.0
MAX_POINTS = 300  # per plotted series sent to the page
SERIES_CAP = 6000  # raw beats kept (ten minutes of 0.1 s beats)
EVENTS_KEPT = 60
HISTORY_KEPT = 20  # instructions listed in the exposure view
ARGS_SHOWN = 600  # characters of a call's arguments shown on the page
MESSAGE_SHOWN = 300


@dataclass(slots=True)
class Saved:
    """Running totals since the console started, each with what it is computed from."""

    requests: int = 0  # model requests that carried the tool table: new instructions + agent calls
    tokens: int = 0  # sum over those requests of (full - exposed) tool-schema tokens
    retried_ok: int = 0  # retry attempts by the healer that succeeded: failures the agent never saw
    retry_attempts: int = 0
    wounds_opened: int = 0
    wounds_healed: int = 0


@dataclass
class Live:
    """The console's picture of the mesh; one writer (the watcher), many readers (requests)."""

    home: str = ""
    connected: bool = False
    error: str = ""
    beat: dict = field(default_factory=dict)
    status: dict = field(default_factory=dict)
    beats: deque = field(default_factory=lambda: deque(maxlen=SERIES_CAP))  # (at, interval_s)
    wounds: deque = field(default_factory=lambda: deque(maxlen=SERIES_CAP))  # (at, open wounds)
    calls: dict = field(default_factory=dict)  # bucket start -> [ok, failed]
    events: deque = field(default_factory=lambda: deque(maxlen=EVENTS_KEPT))
    history: deque = field(default_factory=lambda: deque(maxlen=HISTORY_KEPT))  # instructions
    saved: Saved = field(default_factory=Saved)
    events_seen: int = 0
    events_missed: int = 0
    last_event_seq: int = 0
    version: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # -- feeding ---------------------------------------------------------------------------

    def on_beat(self, beat: dict, status: dict | None) -> None:
        """Take one beat of blood (and the heart's status read with it, when there is one)."""
        with self.lock:
            at = float(beat.get("at") or 0.0)
            first = not self.beat  # its instruction was given before the console started: no request it saw
            previous = self.beat.get("instruction")
            self.beat, self.connected, self.error = beat, True, ""
            if status is not None:
                self.status = status
            self.beats.append((at, float(beat.get("interval_s") or 0.0)))
            self.wounds.append((at, sum(len(o.get("wounds") or ()) for o in beat.get("organs", {}).values())))
            self._trim(at)
            tokens = beat.get("tokens") or {}
            instruction = beat.get("instruction") or ""
            if instruction and instruction != previous and (not self.history
                                                            or self.history[0]["instruction"] != instruction):
                self.history.appendleft({"at": at, "instruction": instruction[:500],
                                         "full": tokens.get("full"), "exposed": tokens.get("exposed")})
                if not first:
                    self._count_request(tokens)
            elif self.history and self.history[0]["instruction"] == instruction and tokens:
                self.history[0].update(full=tokens.get("full"), exposed=tokens.get("exposed"))
            self.version += 1

    def on_event(self, event: dict) -> None:
        """Take one event (a call, a wound, a healing, progress or an alert)."""
        with self.lock:
            seq = int(event.get("seq") or 0)
            if self.last_event_seq and seq > self.last_event_seq + 1:
                self.events_missed += seq - self.last_event_seq - 1  # dropped at the PUB high-water mark
            if seq < self.last_event_seq:
                self.last_event_seq = 0  # a restarted heart counts from 1 again
            self.last_event_seq = max(seq, self.last_event_seq)
            self.events_seen += 1
            kind, at = event.get("kind"), float(event.get("at") or 0.0)
            if kind == EventKind.CALL:
                bucket = self.calls.setdefault(at - at % CALL_BUCKET_S, [0, 0])
                bucket[0 if event.get("ok") else 1] += 1
                if event.get("origin") == "healer":
                    self.saved.retry_attempts += 1
                    self.saved.retried_ok += bool(event.get("ok"))
                elif event.get("origin", "agent") == "agent":
                    self._count_request(self.beat.get("tokens") or {})
            elif kind == EventKind.WOUND:
                self.saved.wounds_opened += 1
            elif kind == EventKind.HEALED:
                self.saved.wounds_healed += 1
            if kind != EventKind.PROGRESS or event.get("message"):
                self.events.appendleft(_shown(event))
            self._trim(at)
            self.version += 1

    def on_disconnect(self, reason: str) -> None:
        """The mesh stopped answering: say so on the page until it comes back."""
        with self.lock:
            if self.connected or self.error != reason:
                self.connected, self.error = False, reason
                self.version += 1

    def _count_request(self, tokens: dict) -> None:
        full, exposed = tokens.get("full"), tokens.get("exposed")
        if isinstance(full, int) and isinstance(exposed, int):
            self.saved.requests += 1
            self.saved.tokens += max(0, full - exposed)

    def _trim(self, now: float) -> None:
        horizon = now - WINDOW_S
        for series in (self.beats, self.wounds):
            while series and series[0][0] < horizon:
                series.popleft()
        for start in [s for s in self.calls if s + CALL_BUCKET_S < horizon]:
            del self.calls[start]

    # -- reading ---------------------------------------------------------------------------

    def view(self) -> dict:
        """Everything the page shows of the living mesh, JSON-ready."""
        with self.lock:
            beat, status = self.beat, self.status
            details = {o.get("name"): o for o in status.get("organs", [])}
            heart = {**status.get("heart", {}), **{k: beat.get(k) for k in ("seq", "at", "interval_s", "reason",
                                                                           "stage", "instruction") if k in beat}}
            organs = [_organ(name, o, details.get(name, {})) for name, o in beat.get("organs", {}).items()]
            now = float(beat.get("at") or 0.0)
            tokens = beat.get("tokens") or {}
            return {
                "version": self.version, "home": self.home, "connected": self.connected, "error": self.error,
                "heart": heart, "organs": organs, "alerts": list(beat.get("alerts") or ()),
                "exposure": {"instruction": beat.get("instruction") or "", "exposed": list(beat.get("exposed") or ()),
                             "tokens": tokens, "history": list(self.history),
                             "saved": {"requests": self.saved.requests, "tokens": self.saved.tokens}},
                "series": {"now": now, "window_s": WINDOW_S, "call_bucket_s": CALL_BUCKET_S,
                           "beats": downsample(list(self.beats), MAX_POINTS),
                           "wounds": downsample(list(self.wounds), MAX_POINTS),
                           "calls": sorted([start, ok, failed] for start, (ok, failed) in self.calls.items())},
                "events": list(self.events),
                "counts": {"events": self.events_seen, "missed": self.events_missed,
                           "retry_attempts": self.saved.retry_attempts, "retried_ok": self.saved.retried_ok,
                           "wounds_opened": self.saved.wounds_opened, "wounds_healed": self.saved.wounds_healed,
                           "restarts": sum(o["restarts"] for o in organs)},
            }


def downsample(points: list[tuple[float, float]], limit: int) -> list[list[float]]:
    """At most `limit` points: the largest value of each run of neighbours (a spike is never smoothed away)."""
    if len(points) <= limit:
        return [[round(t, 3), v] for t, v in points]
    step = len(points) / limit
    out = []
    for i in range(limit):
        chunk = points[int(i * step): max(int((i + 1) * step), int(i * step) + 1)]
        best = max(chunk, key=lambda p: p[1])
        out.append([round(chunk[-1][0], 3), best[1]])
    return out


def _organ(name: str, beat_view: dict, detail: dict) -> dict:
    wounds = detail.get("wounds")
    if wounds is None:  # no status yet: the causes blood carries
        wounds = [{"cause": c} for c in beat_view.get("wounds") or ()]
    return {"name": name, "state": beat_view.get("state", "?"), "pid": beat_view.get("pid"),
            "restarts": int(beat_view.get("restarts") or 0), "reason": detail.get("reason", ""),
            "kind": detail.get("kind", ""), "abilities": list(detail.get("abilities") or ()),
            "breaker": detail.get("breaker", ""), "wounds": wounds}


def _shown(event: dict) -> dict:
    """An event as the page lists it: arguments as capped JSON text, messages capped."""
    args = event.get("args") or {}
    text = json.dumps(args, ensure_ascii=False, sort_keys=True, default=str) if args else ""
    if len(text) > ARGS_SHOWN:
        text = text[:ARGS_SHOWN] + f"… ({len(text)} characters)"
    return {"seq": event.get("seq"), "at": event.get("at"), "kind": event.get("kind"),
            "organ": event.get("organ", ""), "ability": event.get("ability", ""), "ok": event.get("ok", True),
            "cause": event.get("cause", ""), "origin": event.get("origin", ""), "session": event.get("session", ""),
            "duration_ms": round(float(event.get("duration_s") or 0.0) * 1000, 2),
            "message": str(event.get("message") or "")[:MESSAGE_SHOWN], "args": text}
