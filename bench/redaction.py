"""Redaction figures over the corpus in tests/data/redaction: secrets missed and near misses altered, per part.

With detect-secrets installed (`pip install detect-secrets`, not a dependency of the project), the same lines
are also scanned by it, raw and after our redaction, as an outside check.

    python bench/redaction.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from broker.redact import redact_text  # noqa: E402
from tests.test_redaction import leaked  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "redaction"


def figures(rows: list[dict]) -> dict:
    secrets = [r for r in rows if r["secrets"]]
    near = [r for r in rows if not r["secrets"]]
    missed = [r["id"] for r in secrets if leaked(redact_text(r["text"]), r["secrets"])]
    altered = [r["id"] for r in near if redact_text(r["text"]) != r["text"]]
    return {"secrets": len(secrets), "missed": len(missed), "redacted_pct": round(100 * (1 - len(missed) / len(secrets)), 1),
            "near_misses": len(near), "altered": len(altered), "altered_pct": round(100 * len(altered) / len(near), 1),
            "missed_ids": missed, "altered_ids": altered}


def detect_secrets_check(rows: list[dict]) -> dict | None:
    try:
        from detect_secrets import SecretsCollection
        from detect_secrets.settings import default_settings
    except ImportError:
        return None
    tmp = tempfile.mkdtemp()

    def flagged(text: str) -> bool:
        path = os.path.join(tmp, "line.txt")
        Path(path).write_text(text + "\n")
        found = SecretsCollection()
        found.scan_file(path)
        return any(True for _ in found)

    with default_settings():
        secrets = [r for r in rows if r["secrets"]]
        near = [r for r in rows if not r["secrets"]]
        return {"secret_lines_flagged_raw": sum(flagged(r["text"]) for r in secrets),
                "secret_lines_flagged_after_redaction": sum(flagged(redact_text(r["text"])) for r in secrets),
                "near_miss_lines_flagged_raw": sum(flagged(r["text"]) for r in near), "lines": len(rows)}


def main() -> None:
    parts = {name: [json.loads(line) for line in (CORPUS / f"{name}.jsonl").open(encoding="utf-8")]
             for name in ("dev", "test")}
    report = {name: figures(rows) for name, rows in parts.items()}
    outside = detect_secrets_check(parts["dev"] + parts["test"])
    if outside is not None:
        report["detect_secrets"] = outside
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
