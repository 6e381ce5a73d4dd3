"""A test organ whose failures are scripted: flaky reads and writes, a switchable outage, a reflex."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from actors.organ import Organ, ability
from broker.protocol import Reflex

_KEY = {"type": "string"}


class FlakyOrgan(Organ):
    name = "flaky"
    reflexes = (
        Reflex(name="probe-on-failure", when={"organ": "flaky", "ability": "always_fail"},
               then={"call": "flaky.always_fail", "args": {"message": "timeout error failure from the reflex"}},
               cooldown_s=0.0, max_fires=10),
    )

    def on_start(self) -> None:
        self.attempts: dict[str, int] = {}
        self.lock = threading.Lock()

    def _attempt(self, key: str) -> int:
        with self.lock:
            self.attempts[key] = self.attempts.get(key, 0) + 1
            return self.attempts[key]

    @ability("Time out `fails` times for this key, then succeed.", read_only=True,
             params={"key": _KEY, "fails": {"type": "integer"}})
    def flaky_read(self, key: str, fails: int = 2) -> dict:
        attempt = self._attempt(key)
        if attempt <= fails:
            raise TimeoutError(f"simulated timeout on attempt {attempt}")
        return {"attempt": attempt}

    @ability("Like flaky_read, with side effects.", params={"key": _KEY, "fails": {"type": "integer"}})
    def flaky_write(self, key: str, fails: int = 2) -> dict:
        return self.flaky_read(key, fails)

    @ability("How many times this key was attempted.", read_only=True, params={"key": _KEY})
    def attempts_of(self, key: str) -> dict:
        with self.lock:
            return {"attempts": self.attempts.get(key, 0)}

    @ability("Wait `seconds` (or until cancelled), then say how many times this key was attempted.", read_only=True,
             params={"key": _KEY, "seconds": {"type": "number", "minimum": 0, "maximum": 30}})
    def slow_attempts_of(self, key: str, seconds: float = 1.0) -> dict:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.cancelled():
            time.sleep(0.01)
        return self.attempts_of(key)

    @ability("Fail with a refused connection while the file `down` exists in the working directory.",
             read_only=True)
    def service(self) -> dict:
        if (Path(self.workdir) / "down").exists():
            raise ConnectionRefusedError(111, "Connection refused")
        return {"service": "up"}

    @ability("Always fail, saying `message`.", read_only=True, params={"message": {"type": "string"}})
    def always_fail(self, message: str = "failure") -> None:
        self._attempt("always_fail")
        raise RuntimeError(message)
