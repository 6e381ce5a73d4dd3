"""The organ's end of a lane inside the test process: a real OrganLoop on a thread, the heart played by a bare
ROUTER (tests/test_organ_loop.py's FakeHeart), a client's end of the lane (actors._lanes.Lane) presenting its
ticket. Who may reach the lane socket, what a revoked ticket gets, what a flood of lane messages costs a loop
turn, and what a client that breaks the framing or sends more than a socket holds gets."""

from __future__ import annotations

import logging
import os
import shutil
import socket
import stat
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
import zmq

from actors import _lanes as lane_io
from actors._loop import LANE_BATCH, LANE_MODE, OrganLoop
from actors.organ import ability
from broker import protocol
from broker.protocol import Admit, Call, Grant, LaneClosed, Reply, Revoke
from tests.test_organ_loop import HEARTBEAT_S, WAIT_MS, FakeHeart, Probe

TICKET = b"L" + bytes(15)


class Counter(Probe):
    """Counts the runs of `tick` (on the loop's thread)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.runs = 0

    @ability("Count one run.", read_only=True, inline=True)
    def tick(self) -> int:
        self.runs += 1
        return self.runs

    @ability("Say how long a text is, and give it back.", read_only=True, inline=True,
             params={"text": {"type": "string"}})
    def measure(self, text: str) -> dict:
        return {"length": len(text), "text": text}


@pytest.fixture
def laned_loop():
    """A counter organ's loop with its lane bound (under the usual umask 022), welcomed by a fake heart."""
    where = Path(tempfile.mkdtemp(prefix="ln-", dir="/tmp"))  # short: ipc paths are limited to ~107 bytes
    heart = FakeHeart(f"ipc://{where / 'h.sock'}")
    organ = Counter()
    loop = OrganLoop(organ, f"ipc://{where / 'h.sock'}", heartbeat_s=HEARTBEAT_S, orphan_after_s=30, lanes=True)
    runner = threading.Thread(target=loop.run, kwargs={"signals": False}, name="counter-loop", daemon=True)
    mask = os.umask(0o022)  # what most shells set: a socket bound without care would be 0755
    try:
        runner.start()
        heart.welcome(liveness=100)  # the lane is bound before the organ registers; this heart never beats, and
        # an organ that finds it silent reconnects and forgets the tickets admitted (not what these tests are about)
    finally:
        os.umask(mask)
    try:
        yield heart, loop, organ
    finally:
        loop.stop("the test ended")
        runner.join(timeout=5)
        heart.close()
        shutil.rmtree(where, ignore_errors=True)
    assert not runner.is_alive(), "the organ loop did not stop"


def open_lane(loop: OrganLoop, ticket: bytes = TICKET) -> lane_io.Lane:
    lane = lane_io.Lane.open(Grant(organ="probe", endpoint=loop.lane_endpoint, ticket=ticket), 1 << 24)
    assert lane is not None, "the lane did not connect"
    return lane


def next_message(lane: lane_io.Lane):
    """The next message on the lane, written and read within WAIT_MS, or None when the organ closed it."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not lane.inbox and not lane.gone() and time.monotonic() < deadline:
        lane.wait(50)
    if lane.inbox:
        return protocol.decode(lane.inbox.popleft())
    assert lane.gone(), "no answer on the lane"
    return None


def lane_call(lane: lane_io.Lane, call: Call):
    assert lane.send(lane_io.encode(protocol.encode(call)))
    return next_message(lane)


def tick(call_id: str = "") -> Call:
    return Call(id=call_id or uuid.uuid4().hex, organ="probe", ability="tick", args={}, timeout_s=5.0)


def test_the_lane_socket_file_is_the_mesh_owners_alone(laned_loop):
    _, loop, _ = laned_loop
    assert loop.lane_path and loop.lane_endpoint == f"unix://{loop.lane_path}"
    mode = os.stat(loop.lane_path).st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) == LANE_MODE == 0o600


def test_a_revoked_ticket_replayed_on_the_lane_gets_nothing_run(laned_loop):
    heart, loop, organ = laned_loop
    heart._send(Admit(ticket=TICKET, client=b"client-on-the-heart"))
    heart.call("where", x="admitted")  # the organ reads the heart's messages in order: the admission first
    lane = open_lane(loop)
    first = tick()
    reply = lane_call(lane, first)
    assert isinstance(reply, Reply) and reply.ok and reply.result == 1 and organ.runs == 1
    heart._send(Revoke())
    heart.call("where", x="revoked")
    replayed = lane_call(lane, first)  # the very call it ran: not answered from the organ's memory either
    assert replayed == LaneClosed(id=first.id, handed_off=False)
    fresh = tick()
    assert lane_call(lane, fresh) == LaneClosed(id=fresh.id, handed_off=False)
    assert organ.runs == 1


def test_a_call_larger_than_the_sockets_buffers_goes_and_comes_back_whole(laned_loop):
    heart, loop, organ = laned_loop
    heart._send(Admit(ticket=TICKET, client=b"client-on-the-heart"))
    heart.call("where", x="admitted")
    lane = open_lane(loop)
    text = "x" * (2 << 20)  # ten times what a Unix socket holds: both ends write it as the other reads
    call = Call(id=uuid.uuid4().hex, organ="probe", ability="measure", args={"text": text}, timeout_s=5.0)
    reply = lane_call(lane, call)
    assert isinstance(reply, Reply) and reply.ok and reply.result == {"length": len(text), "text": text}
    assert lane_call(lane, tick()).result == 1  # and the lane goes on


def test_a_client_that_breaks_the_framing_loses_its_lane_and_the_others_keep_theirs(laned_loop, caplog):
    heart, loop, organ = laned_loop
    heart._send(Admit(ticket=TICKET, client=b"client-on-the-heart"))
    heart.call("where", x="admitted")
    caplog.set_level(logging.WARNING, logger="actors._loop")
    good, bad, silent = open_lane(loop), open_lane(loop), open_lane(loop, ticket=b"")
    bad.send(lane_io._HEAD.pack(loop.max_frame_bytes + lane_io.HEADROOM + 1, 1))  # a length over the limit
    assert next_message(bad) is None and bad.gone()  # the organ closed it
    assert next_message(silent) is None  # a lane that starts with no ticket is closed likewise
    assert lane_call(good, tick()).result == 1
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "over the lane's limit" in logged and "did not start with a ticket" in logged
    assert loop.lane_malformed == 2


def test_a_loop_turn_reads_at_most_a_batch_of_lane_messages_and_logs_malformed_ones_sparingly(caplog):
    where = Path(tempfile.mkdtemp(prefix="lf-", dir="/tmp"))
    loop = OrganLoop(Counter(), f"ipc://{where / 'h.sock'}", lanes=True)  # not run: its turns are made by hand
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        loop.poller = zmq.Poller()
        loop._open_lane()
        client.connect(loop.lane_path)
        client.sendall(lane_io.encode([TICKET]))
        loop._serve_lanes({loop.lane.fileno(): zmq.POLLIN})  # accepted
        (fd,) = loop.lane_ends
        loop._serve_lanes({fd: zmq.POLLIN})  # its ticket read
        assert loop.lane_ends[fd].ticket == TICKET
        sent = 2 * LANE_BATCH + 88
        client.sendall(b"".join(lane_io.encode([b"not a message %d" % i]) for i in range(sent)))
        caplog.set_level(logging.WARNING, logger="actors._loop")
        read = []
        for _ in range(4):  # the first turn reads them all from the socket; each turn handles a batch
            loop._serve_lanes({fd: zmq.POLLIN} if not read else {})
            read.append(loop.lane_malformed)
        assert read == [LANE_BATCH, 2 * LANE_BATCH, sent, sent]
        logged = [r.getMessage() for r in caplog.records if "malformed message on the lane" in r.getMessage()]
        assert [int(m.split("(")[1].split()[0]) for m in logged] == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
    finally:
        client.close()
        for end in loop.lane_ends.values():
            end.close()
        if loop.lane is not None:
            loop.lane.close()
        loop.ctx.destroy(linger=0)
        for fd in (loop.wake_r, loop.wake_w):
            os.close(fd)
        shutil.rmtree(where, ignore_errors=True)
