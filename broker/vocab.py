"""The mesh's fixed vocabularies and shared names, in one place. Imports nothing of the project.

Every vocabulary is a StrEnum: its members are plain strings, so they go on the wire, into metric labels
and into JSON as the words they are, and compare equal to those words.
"""

from __future__ import annotations

from enum import StrEnum


class OrganState(StrEnum):
    """Where an organ is in its life, as status and blood show it."""

    STARTING = "starting"  # spawned (or declared external), not registered yet
    UP = "up"  # registered and heard from within the liveness window
    LOST = "lost"  # registered, but silent for longer than the liveness window
    RESTARTING = "restarting"  # dead, respawned once its backoff has elapsed
    FATAL = "fatal"  # dead, and the restart policy gave up (or it cannot start)
    STOPPED = "stopped"  # not running, by policy or because the mesh stops


class Origin(StrEnum):
    """Who made a call: only an agent's calls are retried for the caller."""

    AGENT = "agent"
    HEALER = "healer"
    REFLEX = "reflex"
    HEART = "heart"
    HOOK = "hook"  # a host's hook asking on the agent's behalf (memory before a prompt): no choice of the agent's


class Screened(StrEnum):
    """What an organ left out or changed of a wrapped server's tool list before registering it (actors/tool_screen.py)."""

    REFUSED = "refused"  # not registered: its name is not one MCP allows (or the mesh's addresses cannot hold), or a
    # word its calls write back (a property's name, an enum value) reads as an instruction to a model
    WITHHELD = "withheld"  # registered with a text withheld: it reads as an instruction to a model


class Cause(StrEnum):
    """Why a call failed (broker.causes names them from what the organ said)."""

    TOOL_MISSING = "tool_missing"
    BAD_PARAMS = "bad_params"
    NOT_FOUND = "not_found"
    PERMISSION = "permission"
    TIMEOUT = "timeout"
    NETWORK = "network"
    RATE_LIMITED = "rate_limited"
    CONFLICT = "conflict"
    CRASHED = "crashed"
    ORGAN_UNHEALTHY = "organ_unhealthy"
    CANCELLED = "cancelled"  # its caller cancelled it: nobody's failure, never retried
    UNKNOWN = "unknown"


class Decision(StrEnum):
    """What the heart did with a failed call."""

    RETRIED = "retried"  # the healer retried it
    REFER = "refer"  # handed back to the caller, who decides
    FAIL_FAST = "fail_fast"  # refused at once (the organ's breaker is open)


class Level(StrEnum):
    """How loud an alert is."""

    INFO = "info"
    WARN = "warn"
    CRITICAL = "critical"


class Stage(StrEnum):
    """How deeply the body sleeps, from the time since the last session progress."""

    AWAKE = "awake"
    LIGHT = "light"
    DEEP = "deep"


class BeatKind(StrEnum):
    """The kind of reason behind the beat interval (the reason's text may name organs; this never does)."""

    STEADY = "steady"
    ALERTS = "alerts"
    QUIET = "quiet"
    CRITICAL = "critical"
    FAILING = "failing"


class Outcome(StrEnum):
    """A call's outcome, as the calls metric counts it."""

    OK = "ok"
    ERROR = "error"
    CANCELLED = "cancelled"  # its caller cancelled it before the answer


class EventKind(StrEnum):
    """The kinds of event published on topic event.<kind>."""

    CALL = "call"
    PROGRESS = "progress"
    WOUND = "wound"
    HEALED = "healed"
    ALERT = "alert"


class BreakerState(StrEnum):
    """A circuit breaker's state (broker.gate)."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class ExposureReason(StrEnum):
    """Why a tool is exposed for a request (broker/exposure/reasons.py records them, `actors expose` shows them)."""

    WORDS = "words"  # the request's words (or what they stand for) are the tool's
    MEANING = "meaning"  # the tool is among the nearest to the request in meaning (sentence embeddings)
    ADDRESS = "address"  # the request gives a URL (or a file to read), and the tool needs only that address
    LIBRARY = "library"  # the request names a library, and the tool answers from libraries' documentation
    MENTIONED = "mentioned"  # a memory card recalled for the request names the tool
    LEARNED = "learned"  # the tool was called after a past instruction like this request
    TOGETHER = "together"  # the tool was used together with another one chosen
    POPULAR = "popular"  # among tools matched alike, this one is used most
    STATEMENT = "statement"  # the request reports a problem; the tool was used after past reports
    COMPANION = "companion"  # a companion (a precondition, a sibling it needs) of another tool chosen
    ORGAN = "organ"  # its organ is what the request points at
    WHOLE = "whole"  # its organ is small and clearly meant: sent whole
    RECENT = "recent"  # used (or asked for) recently in the session: kept exposed
    EXECUTOR = "executor"  # runs any command: kept within reach of every matched request, if the budget allows
    CATALOGUE = "catalogue"  # no word matched and the whole catalogue fits the budget: every tool is sent


HOST_ORGAN = "host"  # the agent host's own tools, journalled as host.<tool> by hooks
HEAL = "heal"  # the healer's ability that retries a call; only the heart may call it
FAULT_DRILL = "a fault drill"  # said in the failures a drill caused (`actors kill`): memory learns nothing from them
CANCELLED_BY_CALLER = "CancelledByCaller"  # the failure type of a lane call its caller cancelled on the lane
FIND_ABILITIES = "find_abilities"  # the tool every exposure ends with, to search the rest of the mesh
ADDRESS_SEP = "."  # organ.ability, the address of an ability
WIRE_NAME_SEP = "__"  # organ__ability, the MCP tool name of an ability (MCP names allow no dot)
class Judged(StrEnum):
    """How a recall that asked the caller's model or agent to choose ended (`memory.recall` with judge "model",
    round 30, or "agent", round 31)."""

    MODEL = "model"  # the model chose (possibly no card)
    NOTHING_PROPOSED = "nothing_proposed"  # the query's words touch no card: no model asked
    UNSUPPORTED = "unsupported"  # the client cannot sample (or the call has no MCP client): the words chose
    TIMEOUT = "timeout"  # no answer in time: the words chose
    UNREADABLE = "unreadable"  # an answer naming no card by number: the words chose
    AGENT = "agent"  # judge "agent": the proposals went to the caller's agent as candidates (round 31)


CARD_KINDS = ("pitfall", "playbook", "weak_link", "rule", "judgment")  # memory cards, as the cards metric counts
JUDGMENT_KINDS = ("principle", "redline", "workflow", "taste")  # what a judgment card records
# the CLI's exit codes are its contract and live in actors/exit_codes.py; the organ's own, shared by both:
EXIT_REFUSED = 78  # an organ the heart refused exits with EX_CONFIG; restarting it cannot help
