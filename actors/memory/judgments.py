"""The user's standing judgments: topics, strength with a true half-life, the cap and its evictions. Pure."""

from __future__ import annotations

import functools
import hashlib
import math
import re
from dataclasses import dataclass, replace

import broker.text as text
from actors import guard
from broker.vocab import JUDGMENT_KINDS  # noqa: F401 - memory's callers read it here

HALF_LIFE_S = 30 * 86400.0
CAP = 20
SAME_TOPIC = 0.6  # Jaccard of topic words at which a new statement replaces an old one (or one holds the other)
MAX_TEXT = 300

# words that take a stance on a topic rather than name it: "prefers SHORT answers" and
# "prefers DETAILED answers" are about the same thing, answers
STANCE_WORDS = frozenset("""
user users prefer prefers preferred like likes liked love loves want wants wanted hate hates dislike dislikes
avoid avoids always never usually often rarely sometimes should shouldn must mustn don dont do does not no
only please keep short shorter long longer brief concise verbose detailed terse small smaller big bigger large
larger more less fewer many few fast faster slow slower good better best bad worse worst new old first last
use uses using prefer_ instead rather allowed allow allows forbid forbids forbidden ok okay fine required
require requires needs need without with plain simple simpler complex lot lots very really
come go get make sure let tell ever anything something everything anyone thing things whenever every time
""".split())
# A judgment is a statement about the user that is later put in front of a model: beyond what `guard` refuses
# in any text, it never plays a chat role ("system: ...", "User: ...", at the start of a line or sentence),
# opens or closes a tag of one (our own <memory> wrapper included), re-casts the model ("you are now ..."), or
# spells out a tool call to make ("call shell.run with command=..."). Read normalised (lower case, underscores
# kept).
_ROLES = (r"(?:system|assistant|user|developer|human|tool|ai|model|root|admin|operator)"
          r"(?:\s+(?:message|prompt|note|turn))?")
_JUDGMENT_RULES: tuple[tuple[str, re.Pattern], ...] = (
    ("role marker", re.compile(rf"(?:^|[.!?;]\s)\s*(?:[\[(]\s*{_ROLES}\s*[\])]|{_ROLES}\s*[:>])")),
    ("role tag", re.compile(r"</?\s*(?:system|user|assistant|developer|human|memory|instructions?|prompt|im.?start"
                            r"|im.?end|context|rules)\b[^>]*>")),
    ("new persona", re.compile(r"\byou\s+are\s+now\b|\byou\s+(?:are|have)\s+(?:no\s+longer|been\s+(?:freed|"
                               r"unlocked|granted))\b|\byour\s+(?:new\s+)?(?:role|persona|identity)\s+is\b")),
    # a tool's address with arguments: "call shell.run with command=...", "fs__write_file(path=...)";
    # read with underscores kept, as tools are named
    ("tool call", re.compile(r"\b(?:call|run|invoke|execute|use|trigger)\s+(?:the\s+)?(?:tool\s+)?[a-z][\w-]*"
                             r"(?:\.|__)[a-z]\w*\s+with\s+(?:the\s+)?(?:args?|arguments|parameters|params|input|command"
                             r"|path)\b|\b[a-z][\w-]*(?:\.|__)[a-z]\w*\s*\(\s*\w+\s*[=:]")),
)
_PRONOUN = re.compile(r"^\s*(?:i|we)\s+(?:(do not|don't|never|always|usually|really)\s+)?"
                      r"(prefer|like|love|want|hate|dislike|use|need|expect)\b", re.I)


@dataclass(frozen=True, slots=True)
class Judgment:
    """One standing judgment of the user."""

    kind: str
    text: str
    reason: str = ""
    topic: tuple[str, ...] = ()
    confirmations: int = 1
    created_at: float = 0.0
    confirmed_at: float = 0.0
    id: int = 0

    def as_dict(self, now: float) -> dict:
        """Plain data for JSON output, with the strength as of now."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "reason": self.reason,
                "statement": statement(self), "confirmations": self.confirmations,
                "strength": round(strength(self, now), 4), "created_at": self.created_at,
                "confirmed_at": self.confirmed_at}


def topic_of(statement_text: str) -> tuple[str, ...]:
    """The words that name what a statement is about, stemmed and sorted."""
    equivalents = _equivalents()
    found = {equivalents.get(text.stem(w), text.stem(w)) for w in text.content_words(statement_text)
             if w not in STANCE_WORDS}
    found |= set(text.cjk_bigrams(statement_text))
    return tuple(sorted(found))


@functools.cache
def _equivalents() -> dict[str, str]:
    """Stem -> canonical stem, from data/equivalents.txt."""
    return {text.stem(word): text.stem(values[0]) for word, values in text.load_pairs("equivalents").items()}


def same_topic(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Tell whether two statements are about the same thing (one overwrites the other)."""
    if not a or not b:
        return a == b
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) >= SAME_TOPIC or sa <= sb or sb <= sa


def strength(j: Judgment, now: float, half_life_s: float = HALF_LIFE_S) -> float:
    """confirmations × 2^(−age / half-life); a redline does not decay."""
    if j.kind == "redline":
        return float(j.confirmations)
    age = max(0.0, now - j.confirmed_at)
    return j.confirmations * math.pow(2.0, -age / half_life_s)


def statement(j: Judgment) -> str:
    """The judgment as a statement about the user, never a command to whoever reads it."""
    said = j.text.strip().rstrip(".")
    match = _PRONOUN.match(said)
    if match:
        adverb, verb = (match.group(1) or "").lower(), match.group(2).lower()
        phrase = f"does not {verb}" if adverb in ("do not", "don't") else f"{adverb} {_third_person(verb)}".strip()
        said = f"the user {phrase}{said[match.end():]}"
    if said.lower().startswith(("the user", "user ")):
        return _cap(said) + "."
    label = {"principle": "The user holds the principle", "redline": "The user's red line (never crossed)",
             "workflow": "The user's workflow", "taste": "The user's taste"}[j.kind]
    return f"{label}: {said}."


class InstructionRefused(ValueError):
    """A judgment (or its reason) that reads as an instruction to a model: it is never stored."""


def injection(statement_text: str, reason: str = "") -> tuple[str, str] | None:
    """The rule a judgment's text or reason breaks and the words that broke it; None for a plain statement."""
    found = guard.first(statement_text, reason)
    if found is not None:
        return found
    said = guard.normalised("\n".join(t for t in (statement_text, reason) if t), underscores=True)
    for name, pattern in _JUDGMENT_RULES:
        match = pattern.search(said)
        if match:
            return name, match.group(0).strip()
    return None


def check(statement_text: str, reason: str = "") -> None:
    """Raise InstructionRefused, naming the rule and the words, when a judgment reads as a model instruction."""
    found = injection(statement_text, reason)
    if found is not None:
        rule, words = found
        raise InstructionRefused(
            f"refused: this judgment reads as an instruction to a model ({rule}: {words[:80]!r}); text stored "
            "here is shown to agents later, so a judgment is a plain statement about the user, e.g. "
            "'the user wants to be asked before anything is deleted'")


def remember(existing: list[Judgment], kind: str, statement_text: str, reason: str, now: float
             ) -> tuple[Judgment, list[int]]:
    """Add a judgment: the same statement confirms, the same topic overwrites; return it and the ids to evict."""
    if kind not in JUDGMENT_KINDS:
        raise ValueError(f"kind must be one of {', '.join(JUDGMENT_KINDS)}, not {kind!r}")
    said = " ".join(statement_text.split())[:MAX_TEXT]
    if not said:
        raise ValueError("a judgment needs some text")
    check(statement_text, reason)  # the whole text, not only what fits: a payload past the cap is refused too
    topic = topic_of(said)
    previous = next((j for j in reversed(existing) if same_topic(j.topic, topic)), None)
    if previous is not None and previous.text.lower() == said.lower() and previous.kind == kind:
        new = replace(previous, confirmations=previous.confirmations + 1, confirmed_at=now,
                      reason=reason or previous.reason)
    elif previous is not None:
        new = replace(previous, kind=kind, text=said, reason=reason, topic=topic, confirmations=1, created_at=now,
                      confirmed_at=now)
    else:
        new = Judgment(kind=kind, text=said, reason=reason, topic=topic, created_at=now, confirmed_at=now)
    others = [j for j in existing if j is not previous]
    duplicates = [j.id for j in others if same_topic(j.topic, topic)]  # older statements of the topic go too
    kept = [j for j in others if j.id not in duplicates]
    return new, duplicates + evictions(kept, now, CAP - 1)


def evictions(judgments: list[Judgment], now: float, room: int) -> list[int]:
    """Ids of the weakest judgments beyond `room`; redlines are never evicted."""
    if len(judgments) <= room:
        return []
    candidates = sorted((j for j in judgments if j.kind != "redline"), key=lambda j: (strength(j, now), j.id))
    return [j.id for j in candidates[: len(judgments) - room]]


def text_key(statement_text: str) -> str:
    """What makes two statements the same text: their words, in lower case."""
    return " ".join(statement_text.split()).lower()


def tombstone(statement_text: str) -> str:
    """A forgotten statement's mark: a digest of its text, so the text itself is not kept."""
    return hashlib.sha256(text_key(statement_text).encode("utf-8")).hexdigest()[:32]


_ID = re.compile(r"#?(\d{1,9})")


def forget(existing: list[Judgment], statement_text: str) -> tuple[list[int], bool]:
    """Ids of the judgments a forget names, and whether it names them exactly: the same text, or the id (`#3`
    or `3`); failing that the judgments on the same topic, which are not exact (the caller confirms those)."""
    said = text_key(statement_text)
    exact = [j.id for j in existing if j.text.lower() == said]
    if exact:
        return exact, True
    number = _ID.fullmatch(said)
    if number and any(j.id == int(number.group(1)) for j in existing):
        return [int(number.group(1))], True
    topic = topic_of(statement_text)
    return [j.id for j in existing if topic and same_topic(j.topic, topic)], False


def _third_person(verb: str) -> str:
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]
