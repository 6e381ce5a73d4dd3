"""Redact secrets (API keys, tokens, passwords) from text and arguments before anything is stored. Pure."""

from __future__ import annotations

import re
from typing import Any

MASK = "[REDACTED]"
MAX_STRING = 500  # longer argument values (file contents) are cut: the journal records what was done, not data
MAX_DEPTH = 8

# argument names whose values are secrets whatever they look like
_SECRET_KEY = re.compile(
    r"(?:^|[_\-.])(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_\-]?key|apikey|access[_\-]?key|private[_\-]?key|"
    r"client[_\-]?secret|auth(?:orization)?|credentials?|cookie|session[_\-]?key|bearer|signature|otp|pin)(?:$|[_\-.])",
    re.I)

_KEY_NAMES = (r"pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
              r"client[_-]?secret|auth[_-]?token|credentials?")
_PATTERNS = (
    # PEM blocks first: they contain everything the other patterns look for
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)", re.S),
    re.compile(r"\b(?:sk|pk|rk)-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_\-]{16,}"),  # OpenAI, Anthropic (sk-ant-...), Stripe
    re.compile(r"\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}"),
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}"),
    re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}"),
    re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"),
    re.compile(r"\bAIza[0-9A-Za-z_\-]{30,}"),
    re.compile(r"\bnpm_[A-Za-z0-9]{30,}"),
    re.compile(r"\bhf_[A-Za-z0-9]{30,}"),
    re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),  # JWT
)
# keep the name, hide the value: "Authorization: Bearer x", "password=x", "--token x", "API_KEY=x"
_LABELLED = (
    re.compile(r"(\b(?:authorization|proxy-authorization)\s*[:=]\s*)(?:(?:bearer|basic|token)\s+)?[^\s,;'\"]+", re.I),
    re.compile(r"(\bbearer\s+)[A-Za-z0-9_\-.=+/]{8,}", re.I),
    re.compile(r"(\b[A-Za-z0-9_]*(?:" + _KEY_NAMES + r")[A-Za-z0-9_]*\s*[:=]\s*)(\"[^\"]*\"|'[^']*'|[^\s,;&]+)", re.I),
    re.compile(r"(--?(?:" + _KEY_NAMES + r")(?:[=\s]+))(\"[^\"]*\"|'[^']*'|[^\s]+)", re.I),
    re.compile(r"(\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:)[^\s@/]+(@)", re.I),  # user:password@host
)


def redact_text(text: str) -> str:
    """Replace every secret in a text with [REDACTED], keeping the label it was given under."""
    if not text:
        return text
    for pattern in _PATTERNS:
        text = pattern.sub(MASK, text)
    for pattern in _LABELLED:
        text = pattern.sub(_keep_label, text)
    return text


def _keep_label(match: re.Match) -> str:
    groups = match.groups()
    tail = groups[2] if len(groups) > 2 and groups[2] is not None else ""
    if match.group(0).endswith("@") and len(groups) == 2:
        return groups[0] + MASK + groups[1]
    return groups[0] + MASK + tail


def redact_value(value: Any, depth: int = 0) -> Any:
    """Redact a JSON-like value: secret-named keys lose their values, strings lose secrets, long strings are cut."""
    if depth > MAX_DEPTH:
        return "[nested too deeply]"
    if isinstance(value, dict):
        return {str(k): (MASK if _SECRET_KEY.search(str(k)) and value[k] not in (None, "", False)
                         else redact_value(value[k], depth + 1)) for k in value}
    if isinstance(value, (list, tuple)):
        return [redact_value(v, depth + 1) for v in value[:100]]
    if isinstance(value, str):
        cut = value if len(value) <= MAX_STRING else value[:MAX_STRING] + f"…[+{len(value) - MAX_STRING} chars]"
        return redact_text(cut)
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return redact_text(str(value))
