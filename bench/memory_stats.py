"""How long `actors memory stats` takes on a large journal: 100,000 calls, a fifth of them failing, in 400
sessions, then 30 injections (each of a few cards). Prints the seconds of two runs and the estimate's inputs.

    PYTHONPATH=. python -m bench.memory_stats
"""

from __future__ import annotations

import io
import json
import random
import tempfile
import time

from actors.memory.service import Memory

T0 = 1_764_460_800.0
ERRORS = ["ENOENT: no such file or directory, open 'src/m{}.py'", "sh: 1: jest: not found",
          "error: externally-managed-environment",
          "fatal: could not read Username for 'https://github.com/x/y{}.git': terminal prompts disabled"]
COMMANDS = ["npm test", "pip install x", "git push", "make lint"]
QUERIES = ["read src files", "run the npm tests", "pip install a package", "push to github"]


def journal(n: int = 100_000) -> bytes:
    """A seeded journal of n calls."""
    rng = random.Random(1)
    lines = []
    for i in range(n):
        ok = rng.random() > 0.2
        call = ({"organ": "fs", "ability": "read_file", "args": {"path": f"src/m{i % 97}.py"}} if rng.random() < 0.5
                else {"organ": "shell", "ability": "run", "args": {"command": rng.choice(COMMANDS)}})
        lines.append(json.dumps({"ts": T0 + i, "session": f"s{i // 250}", "kind": "call", "ok": ok, **call,
                                 **({} if ok else {"error": rng.choice(ERRORS).format(i % 50)})}))
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    rng = random.Random(2)
    with tempfile.TemporaryDirectory() as home, Memory(home, clock=lambda: T0 + 50_000) as memory:
        memory.ingest(io.BytesIO(journal()))
        memory.consolidate()
        for k in range(30):
            memory.inject(rng.choice(QUERIES), session=f"s{200 + k}")
        for _ in range(2):
            started = time.perf_counter()
            report = memory.stats()["suppressed_repeats"]
            print(f"stats: {time.perf_counter() - started:.2f} s", json.dumps(report["inputs"]))


if __name__ == "__main__":
    main()
