"""What the heart knows of each organ: its process, its registration and its health."""

from __future__ import annotations

import subprocess
from collections import deque
from dataclasses import dataclass, field

from broker.config import OrganSpec
from broker.gate import Breaker
from broker.protocol import Ability, OrganStatus, Reflex, Screening, to_plain
from broker.vocab import FAULT_DRILL, OrganState
from broker.zygote import Forked


@dataclass(slots=True)
class OrganRecord:
    spec: OrganSpec
    state: OrganState = OrganState.STOPPED  # changed only by broker.organs.OrganTable.move
    reason: str = ""  # why it is in this state, for people
    pid: int | None = None
    proc: subprocess.Popen | Forked | None = None  # a fresh interpreter, or forked from the zygote
    token: str = ""  # given at spawn, required at registration
    ident: bytes | None = None  # routing id of the registered connection
    lane: str = ""  # the endpoint of the organ's lane, when it has one (broker/lanes.py)
    abilities: dict[str, Ability] = field(default_factory=dict)
    perception: tuple[str, ...] = ()
    reflexes: tuple[Reflex, ...] = ()
    screened: tuple[Screening, ...] = ()  # what it refused or withheld of a wrapped server's tools (its last Register)
    started: float = 0.0  # monotonic time of the spawn (or registration, for external organs)
    last_seen: float = 0.0  # monotonic time of the last message from it
    restarts: int = 0
    restart_times: deque = field(default_factory=deque)  # monotonic times, pruned to the restart window
    streak: int = 0  # consecutive unstable runs, for the backoff
    due: float | None = None  # monotonic time of a scheduled restart
    breaker: Breaker = field(default_factory=Breaker)
    breaker_pid: int | None = None  # the process the breaker's count is about
    drill: str = ""  # the signal a fault drill sent it (`actors kill`), until it is up again
    log_from: int = 0  # the size of its log file when it was spawned: what its current run wrote starts there

    name: str = field(init=False)  # the spec's, read on every call

    def __post_init__(self) -> None:
        self.name = self.spec.name

    def drill_note(self) -> str:
        """What a failure a fault drill caused adds to its message (nothing for any other failure)."""
        return f" ({self.drill} sent by {FAULT_DRILL})" if self.drill else ""

    def status(self, wounds: tuple[str, ...]) -> OrganStatus:
        """The organ as blood shows it, with the causes of its open wounds."""
        return OrganStatus(state=self.state, pid=self.pid, restarts=self.restarts, wounds=wounds)

    def describe(self, wounds: list[dict], now: float) -> dict:
        """The organ as `actors status --json` shows it; a lost organ with how long it has been silent by now
        (its reason says how long it had been when it was marked lost)."""
        silent = round(now - self.last_seen, 1) if self.state == OrganState.LOST and self.last_seen else None
        return {
            "name": self.name, "pid": self.pid, "state": self.state, "reason": self.reason, "silent_s": silent,
            "restarts": self.restarts, "abilities": sorted(self.abilities), "wounds": wounds,
            "kind": "external" if self.spec.external else "mcp" if self.spec.mcp else "module",
            "breaker": self.breaker.state, "consecutive_failures": self.breaker.failures,
            "reflexes": [to_plain(r) for r in self.reflexes],
            "screened": [to_plain(s) for s in self.screened],
        }

    def forget_connection(self) -> None:
        """Drop what the last registration told us."""
        self.ident = None
        self.abilities = {}
        self.screened = ()
        self.lane = ""
