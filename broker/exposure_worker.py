"""The exposure worker: selection in a process of its own, so loading the tokenizer never stalls the heart.

Run by the heart as `python -m broker.exposure_worker`; speaks length-prefixed frames on stdin/stdout:
  {"op": "catalogue", "abilities": {organ: [Ability map]}} -> {"ok": true}
  {"op": "select", "intent", "recent", "budget", "why"}    -> {"ok": true, "exposed", "tools", "tokens", "names"}
  ("why": true adds "reasons", organ.tool -> why it is exposed: broker/exposure/reasons.py)
A failure answers {"ok": false, "error": "..."} and the worker goes on. With meaning on
(ACTORS_EMBEDDING=on, inherited from the heart's environment), a catalogue the worker has not seen before
has its tools embedded (about 13 ms a tool, once: the vectors are cached on disk, see
broker/exposure/semantic.py); the heart's thread waits for it, the heart itself does not. What use taught
(HOME/associations.json, written by the memory organ after each sleep) is read again whenever that file
changes, so the next exposure already draws on it.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
from pathlib import Path
from typing import Any, BinaryIO

from broker import protocol
from broker.protocol import Ability

HEADER = struct.Struct(">I")
MAX_FRAME = 256 * 1024 * 1024
PR_SET_PDEATHSIG = 1


def write_frame(out: BinaryIO, value: Any) -> None:
    """Send one value as a length-prefixed frame."""
    data = protocol.pack_value(value)
    out.write(HEADER.pack(len(data)) + data)
    out.flush()


def read_frame(src: BinaryIO) -> Any:
    """Read one length-prefixed frame; EOFError when the other side is gone."""
    header = src.read(HEADER.size)
    if len(header) < HEADER.size:
        raise EOFError("closed")
    (size,) = HEADER.unpack(header)
    if size > MAX_FRAME:
        raise EOFError(f"frame of {size} bytes refused")
    data = src.read(size)
    if len(data) < size:
        raise EOFError("truncated frame")
    return protocol.unpack_value(data)


def serve(src: BinaryIO, out: BinaryIO, home: str | None = None) -> None:
    """Answer requests until stdin closes; home holds the learned associations."""
    from broker import exposure
    from broker.exposure import learning

    catalogue = exposure.catalogue_from_abilities({})
    learned = learning.Watched(Path(home or os.environ.get("ACTORS_HOME", ".actors")) / learning.FILE_NAME)
    while True:
        try:
            request = read_frame(src)
        except EOFError:
            return
        try:
            if request["op"] == "catalogue":
                catalogue = exposure.catalogue_from_abilities(
                    {organ: [protocol.from_plain(Ability, a) for a in items]
                     for organ, items in request["abilities"].items()})
                write_frame(out, {"ok": True})
            else:
                choose = exposure.explain if request.get("why") else exposure.select
                chosen = choose(request["intent"], catalogue,
                                exposure.Context(recent=tuple(request["recent"]), learned=learned.get()),
                                budget_tokens=request.get("budget"))
                names = {t["name"]: catalogue.address_of(t["name"]) for t in chosen.tools
                         if t["name"] != exposure.META_NAME}
                write_frame(out, {"ok": True, "exposed": list(chosen.exposed), "tools": list(chosen.tools),
                                  "tokens": dict(chosen.tokens), "names": names, "brief": list(chosen.brief),
                                  "matched": chosen.matched,
                                  **({"reasons": chosen.as_dict()["reasons"]} if chosen.reasons is not None else {})})
        except Exception as exc:  # one bad request must not end the worker
            write_frame(out, {"ok": False, "error": f"{type(exc).__name__}: {exc}"})


def die_with_parent() -> None:
    """Ask Linux to end this worker when the heart dies, even while it is busy loading the tokenizer."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # elsewhere, the closed stdin ends it at the next request


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C reaches the whole group: the heart ends the worker
    parent = os.getppid()
    die_with_parent()
    if os.getppid() == parent:  # the heart did not die before the request above took effect
        serve(sys.stdin.buffer, sys.stdout.buffer)
