"""Redaction, case by case: every secret of the corpus is gone, every near miss is left exactly as it was.

tests/data/redaction/dev.jsonl was written by hand (the shapes of the rules were tuned on it);
test.jsonl is generated from vendors' documented formats by generate_test.py, a different method.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broker.redact import MASK, MAX_STRING, clip, redact_text, redact_value, secret_name

CORPUS = Path(__file__).parent / "data" / "redaction"
CASES = [json.loads(line) for name in ("dev.jsonl", "test.jsonl") for line in (CORPUS / name).open(encoding="utf-8")]
SECRETS = [c for c in CASES if c["secrets"]]
NEAR_MISSES = [c for c in CASES if not c["secrets"]]


def leaked(text: str, secrets: list[str]) -> str | None:
    """A secret, or any eight characters of a long one, still in the text."""
    for secret in secrets:
        if secret in text:
            return secret
        for i in range(len(secret) - 7 if len(secret) >= 12 else 0):
            if secret[i:i + 8] in text:
                return secret[i:i + 8]
    return None


def test_the_corpus_holds_at_least_a_hundred_secrets_and_as_many_near_misses():
    assert len(SECRETS) >= 100 and len(NEAR_MISSES) >= len(SECRETS)


@pytest.mark.parametrize("case", SECRETS, ids=[c["id"] for c in SECRETS])
def test_a_secret_of_the_corpus_is_redacted(case):
    out = redact_text(case["text"])
    assert leaked(out, case["secrets"]) is None, f"{case['kind']}: {out!r}"
    assert MASK in out


@pytest.mark.parametrize("case", NEAR_MISSES, ids=[c["id"] for c in NEAR_MISSES])
def test_a_near_miss_of_the_corpus_is_left_as_it_was(case):
    assert redact_text(case["text"]) == case["text"]


@pytest.mark.parametrize("name, secret", [
    ("DB_PASSWORD", True), ("dbpassword", True), ("PGPASSWORD", True), ("accessToken", True), ("x-api-key", True),
    ("AccountKey", True), ("client_secret", True), ("REDIS_PASS", True), ("sig", True), ("_authToken", True),
    ("TOKEN_URL", False), ("password_min_length", False), ("secret_name", False), ("MAX_PASSWORD_ATTEMPTS", False),
    ("sort_key", False), ("cache_key", False), ("max_tokens", True), ("AUTH_ENABLED", False), ("aws_access_key_id", False),
    ("user", False), ("primary_key", False),
])
def test_a_name_is_a_secrets_when_one_of_its_words_is_and_its_last_word_does_not_say_otherwise(name, secret):
    assert secret_name(name) is secret


def test_a_cut_never_leaves_half_a_secret_behind():
    token = "ghp_" + "A1b2C3d4" * 5
    text = "x" * 490 + " " + token
    assert token[:8] not in clip(text, 500)
    assert token[:8] not in redact_value({"note": text})["note"]
    assert redact_value({"note": "y" * (MAX_STRING + 50)})["note"].endswith("…[+50 chars]")


def test_structured_values_lose_secret_named_fields_and_keep_placeholders():
    value = {"password": "hunter2", "token": "${TOKEN}", "nested": [{"apiKey": "abc123def456"}], "n": 3,
             "command": "mysql -pS3cret db"}
    assert redact_value(value) == {"password": MASK, "token": "${TOKEN}", "nested": [{"apiKey": MASK}], "n": 3,
                                   "command": f"mysql -p{MASK} db"}


def test_no_secret_can_be_found_in_the_corpus_once_everything_is_redacted():
    everything = "\n".join(redact_text(c["text"]) for c in CASES)
    assert [(c["id"], hit) for c in SECRETS if (hit := leaked(everything, c["secrets"]))] == []
