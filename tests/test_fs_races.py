"""Symlink swaps between check and use: thousands of swaps, no read, write, listing or find ever leaves the root.

A separate process exchanges a directory inside the root with a symlink to a directory outside it, as fast
as it can (renameat2 RENAME_EXCHANGE). The fs organ works on paths through that directory meanwhile.
A naive check-then-use (resolve the path, check it, open it) is run first as a control: it escapes,
which shows the swapper really races the organ.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from actors.organs.fs import FsOrgan
from broker.protocol import Call

READS, WRITES, LISTINGS, FINDS = 2000, 2000, 500, 300
MIN_SWAPS = 1000
MAX_SECONDS = 60  # under heavy load the swapper is slow; every loop still ends
SWAPPER = textwrap.dedent("""
    import ctypes, mmap, os, struct, sys, time
    libc = ctypes.CDLL(None, use_errno=True)
    a, b, counter = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3]
    with open(counter, "r+b") as f:
        shared = mmap.mmap(f.fileno(), 8)
    swaps, deadline = 0, time.monotonic() + 180
    try:
        while time.monotonic() < deadline:
            if libc.renameat2(-100, a, -100, b, 2) == 0:  # AT_FDCWD, RENAME_EXCHANGE
                swaps += 1
                if swaps % 64 == 0:
                    shared[:8] = struct.pack("q", swaps)
    except KeyboardInterrupt:
        pass
    print(swaps, flush=True)
""")


class Race:
    """root/d (a directory, swapped with root/s, a symlink to outside/) and the swapper process."""

    def __init__(self, tmp_path: Path) -> None:
        self.root, self.outside = tmp_path / "root", tmp_path / "outside"
        (self.root / "d").mkdir(parents=True)
        self.outside.mkdir()
        (self.root / "d" / "f.txt").write_text("inside\n")
        (self.root / "d" / "inside-marker.txt").write_text("in\n")
        (self.outside / "f.txt").write_text("OUTSIDE\n")
        (self.outside / "outside-marker.txt").write_text("out\n")
        os.symlink(self.outside, self.root / "s")
        self.counter = tmp_path / "swaps"
        self.counter.write_bytes(bytes(8))
        self.proc = subprocess.Popen([sys.executable, "-c", SWAPPER, str(self.root / "d"), str(self.root / "s"),
                                      str(self.counter)], stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while self.count() == 0 and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.01)
        assert self.count() > 0, "the swapper did not start"
        self.swaps: int | None = None

    def count(self) -> int:
        """Swaps made so far (to the nearest 64)."""
        return struct.unpack("q", self.counter.read_bytes()[:8])[0]

    def repeat(self, op, at_least: int, done) -> list:
        """Run op at least at_least times, and until done(results) and MIN_SWAPS more swaps happened meanwhile."""
        start, results = self.count(), []
        deadline = time.monotonic() + MAX_SECONDS
        while len(results) < at_least or not done(results) or self.count() - start < MIN_SWAPS:
            if time.monotonic() > deadline:
                pytest.fail(f"after {len(results)} operations and {self.count() - start} swaps, still not done")
            results.append(op())
        return results

    def stop(self) -> int:
        """Stop swapping; return how many swaps were made."""
        if self.swaps is None:
            self.proc.send_signal(2)
            try:
                out, _ = self.proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                out, _ = self.proc.communicate()
            self.swaps = int(out.strip() or 0)
        return self.swaps


@pytest.fixture
def race(tmp_path: Path):
    made = Race(tmp_path)
    try:
        yield made
    finally:
        made.stop()


def organ_for(root: Path, fast: bool) -> FsOrgan:
    organ = FsOrgan(options={}, workdir=root)
    organ.on_start()
    organ.root.fast = organ.root.fast and fast
    return organ


def call(organ: FsOrgan, ability: str, **args):
    return organ.handle(Call(id="r", organ="fs", ability=ability, args=args))


def naive_read(root: Path, path: str) -> str | None:
    """Check, then use: the shape of the code that the swap defeats."""
    try:
        real = os.path.realpath(root / path)
        if not real.startswith(str(root) + os.sep):
            return None
        with open(real) as f:
            return f.read()
    except OSError:
        return None


def test_the_swapper_defeats_a_naive_check_then_open(race):
    outcomes = race.repeat(lambda: naive_read(race.root, "d/f.txt"), 1, lambda got: "OUTSIDE\n" in got)
    assert "OUTSIDE\n" in outcomes  # the control: the other tests would prove nothing without a real race


def some_ok(replies) -> bool:
    return any(r.ok for r in replies) and any(not r.ok for r in replies)


@pytest.mark.parametrize("fast", [True, False], ids=["openat2", "walk"])
def test_thousands_of_swaps_never_let_a_read_or_a_listing_or_a_find_out_of_the_root(race, fast):
    organ = organ_for(race.root, fast)
    patterns = iter(("d/*", "**/*.txt") * 1_000_000)
    try:
        contents = race.repeat(lambda: call(organ, "read_file", path="d/f.txt"), READS, some_ok)
        listings = race.repeat(lambda: call(organ, "list_directory", path="d"), LISTINGS, some_ok)
        finds = race.repeat(lambda: call(organ, "find_files", pattern=next(patterns)), FINDS,
                            lambda got: any("d/inside-marker.txt" in r.result["matches"] for r in got))
    finally:
        organ.on_stop()
    assert {r.result["content"] for r in contents if r.ok} == {"inside\n"}
    assert {r.error.cause for r in contents if not r.ok} <= {"permission", "not_found"}
    names = {e["name"] for r in listings if r.ok for e in r.result["entries"]}
    assert "inside-marker.txt" in names and "outside-marker.txt" not in names
    found = {m for r in finds for m in r.result["matches"]}
    assert not [m for m in found if "outside-marker" in m]


@pytest.mark.parametrize("fast", [True, False], ids=["openat2", "walk"])
def test_thousands_of_swaps_never_let_a_write_land_outside_the_root(race, fast):
    organ = organ_for(race.root, fast)
    counter = iter(range(10**9))
    try:
        replies = race.repeat(lambda: call(organ, "write_file", path="d/w.txt", content=f"w{next(counter)}\n"),
                              WRITES, some_ok)
        edits = race.repeat(lambda: call(organ, "edit_file", path="d/f.txt", old="inside", new="inside"),
                            WRITES // 4, some_ok)
    finally:
        organ.on_stop()
    assert {r.error.cause for r in [*replies, *edits] if not r.ok} <= {"permission", "not_found"}
    assert sorted(p.name for p in race.outside.iterdir()) == ["f.txt", "outside-marker.txt"]
    assert (race.outside / "f.txt").read_text() == "OUTSIDE\n"
