"""`actors top`: a terminal view of the mesh, redrawn on every beat of blood.

`render` is a pure function from a beat (and, when there is one, the heart's status) to the text of one
frame; `run` subscribes to blood and redraws. Plain ANSI: cursor home, the frame, clear the rest.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any, TextIO

from broker import protocol
from broker.errors import MeshError

FIRST_BEAT_TIMEOUT_S = 10.0
STATE_COLORS = {"up": "32", "starting": "36", "restarting": "33", "lost": "33;1", "fatal": "31;1", "stopped": "2"}
LEVEL_COLORS = {"critical": "31;1", "warn": "33", "info": "2"}
ENTER_SCREEN = "\x1b[?1049h\x1b[?25l"  # alternate screen, cursor hidden
LEAVE_SCREEN = "\x1b[?25h\x1b[?1049l"
HOME, CLEAR_LINE, CLEAR_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"
MIN_WIDTH = 40
ORGAN_HEADER = f"{'ORGAN':<16} {'STATE':<10} {'PID':>7} {'RESTARTS':>8}  {'WOUNDS':<22} REASON"


def render(blood: Any, status: dict | None = None, width: int = 80, height: int | None = None,
           color: bool = False, home: str = "", once: bool = False) -> str:
    """Draw one frame of the mesh from a beat (Blood or its plain map) and the heart's status, if known (once:
    the only frame, so no word on how to quit)."""
    beat = blood if isinstance(blood, dict) else protocol.to_plain(blood)
    heart = (status or {}).get("heart", {})
    details = {o["name"]: o for o in (status or {}).get("organs", [])}
    width = max(MIN_WIDTH, width)
    lines: list[tuple[str, str, tuple[int, int]]] = []  # (text, colour, span to colour: whole line when (0, 0))

    def add(text: str = "", paint: str = "", span: tuple[int, int] = (0, 0)) -> None:
        lines.append((text, paint, span))

    at = time.strftime("%H:%M:%S", time.localtime(beat.get("at") or 0))
    add(f"actors top  beat #{beat.get('seq', 0)}  every {beat.get('interval_s', 0):.2f}s "
        f"({beat.get('reason') or '-'})  stage {beat.get('stage', '?')}  {at}", "1")
    facts = [f"heart pid {heart['pid']}" if heart.get("pid") else "",
             f"metrics {heart['metrics']}" if heart.get("metrics") else "", f"home {home}" if home else ""]
    if any(facts):
        add("  ".join(f for f in facts if f))
    add(f"instruction: {beat.get('instruction') or '-'}")
    add()
    add(ORGAN_HEADER, "7")
    for name, organ in beat.get("organs", {}).items():
        add(*_organ_line(name, organ, details.get(name)))
    alerts = beat.get("alerts", [])
    add()
    add(f"ALERTS {len(alerts)}" if alerts else "ALERTS none", "1")
    shown = alerts
    if height is not None:
        room = height - len(lines) - 4 - (2 if beat.get("exposed") else 0)
        shown = alerts[:max(1, room)] if len(alerts) > max(1, room) else alerts
    for alert in shown:
        level = alert.get("level", "info")
        add(f"  {level:<8}  {alert.get('organ') or '-':<12}  {alert.get('message', '')}", LEVEL_COLORS.get(level, ""))
    if len(shown) < len(alerts):
        add(f"  ... and {len(alerts) - len(shown)} more")
    exposed = beat.get("exposed") or []
    tokens = beat.get("tokens") or {}
    if exposed or tokens:
        add()
        spent = f" (tool-schema tokens {tokens.get('exposed', '?')} of {tokens.get('full', '?')})" if tokens else ""
        add(f"EXPOSED TOOLS {len(exposed)}{spent}", "1")
        add("  " + " ".join(exposed) if exposed else "  none")
    if not once:
        add()
        add("Ctrl-C quits", "2")
    return "\n".join(_paint(text[:width], code, span, color) for text, code, span in lines)


def _organ_line(name: str, organ: dict, detail: dict | None) -> tuple[str, str, tuple[int, int]]:
    state = organ.get("state", "?")
    if detail and detail.get("wounds"):
        wounds = ", ".join(f"{w['cause']}({w['failures']}{', chronic' if w.get('chronic') else ''})"
                           for w in detail["wounds"])
    else:
        wounds = ", ".join(organ.get("wounds", [])) or "-"
    pid = organ.get("pid") or "-"
    text = (f"{name[:16]:<16} {state:<10} {pid!s:>7} {organ.get('restarts', 0):>8}  {wounds:<22} "
            f"{(detail or {}).get('reason', '')}")
    return text, STATE_COLORS.get(state, ""), (17, 17 + len(state))


def _paint(text: str, code: str, span: tuple[int, int], color: bool) -> str:
    if not color or not code or not text:
        return text
    start, end = span if span != (0, 0) else (0, len(text))
    if start >= len(text):
        return text
    return f"{text[:start]}\x1b[{code}m{text[start:end]}\x1b[0m{text[end:]}"


def frames(client: Any, once: bool = False) -> Iterator[tuple[Any, dict | None]]:
    """Yield (beat, status) for every beat of blood, or just the current one."""
    beats = client.blood(count=1 if once else None, timeout_s=FIRST_BEAT_TIMEOUT_S if once else None)
    for blood in beats:
        try:
            status = client.control("status")
        except MeshError:
            status = None
        yield blood, status


def run(client: Any, out: TextIO, once: bool = False, color: bool = False, home: str = "") -> None:
    """Draw the mesh on out at every beat until interrupted (or once); restore the terminal on the way out."""
    live = not once and out.isatty()
    if live:
        out.write(ENTER_SCREEN)
    try:
        for blood, status in frames(client, once):
            size = shutil.get_terminal_size()
            frame = render(blood, status, size.columns - 1 if live else 100, size.lines if live else None,
                           color, home, once)
            if live:
                out.write(HOME + frame.replace("\n", CLEAR_LINE + "\n") + CLEAR_LINE + "\n" + CLEAR_BELOW)
            else:
                out.write(frame + "\n" + ("" if once else "\n"))
            out.flush()
    finally:
        if live:
            out.write(LEAVE_SCREEN)
            out.flush()
