"""When a client waiting on the heart asks whether it is still there, and when it concludes it is not.

A reply may take as long as the ability's deadline, but the heart itself answers a `ping` at once whatever
its organs do: a client that has heard nothing for PROBE_AFTER_S sends one, and a heart that answers no
ping for SILENT_S does not answer at all (stopped, wedged or lost in a busy loop). Pure decisions: the
client sends the pings and reads the clock.
"""

from __future__ import annotations

from dataclasses import dataclass

PROBE_AFTER_S = 0.5  # quiet this long after the request: ask
PROBE_EVERY_S = 1.0  # quiet this long after an answer: ask again (a long wait costs the heart a ping a second)
SILENT_S = 3.0       # a ping unanswered this long: the heart does not answer


@dataclass(slots=True)
class HeartWatch:
    heard_at: float  # when the heart last showed it reads its socket (the request went out: a start)
    probe_id: str = ""
    probed_at: float = 0.0
    answered: bool = False  # the heart has answered since the request

    def heard(self, now: float) -> None:
        """Something came from the heart: it answers."""
        self.heard_at = now
        self.probe_id = ""
        self.answered = True

    def probe_due(self, now: float) -> bool:
        """Whether to ask the heart whether it is there (no ping out, and quiet long enough)."""
        quiet = PROBE_EVERY_S if self.answered else PROBE_AFTER_S
        return not self.probe_id and now - self.heard_at >= quiet

    def probed(self, probe_id: str, now: float) -> None:
        """A ping went out."""
        self.probe_id, self.probed_at = probe_id, now

    def silent(self, now: float) -> bool:
        """Whether the heart left a ping unanswered for SILENT_S."""
        return bool(self.probe_id) and now - self.probed_at >= SILENT_S


def silent_message(pid: int, state: str, waited_s: float) -> str:
    """What a client says of a heart that does not answer (state: /proc's word for it, '' when ordinary)."""
    how = f" (its process is {state})" if state else ""
    return f"the heart (pid {pid}) does not answer{how}: no answer to a ping within {waited_s:g}s"
