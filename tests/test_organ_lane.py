"""The organ's end of a lane inside the test process: a real OrganLoop on a thread, the heart played by a bare
ROUTER (tests/test_organ_loop.py's FakeHeart), a client's lane DEALER using its ticket as routing id. Who may
reach the lane socket, what a revoked ticket gets, and what a flood of lane messages costs a loop turn."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import tempfile
import threading
import uuid
from pathlib import Path

import pytest
import zmq

from actors._loop import LANE_BATCH, LANE_MODE, OrganLoop
from actors.organ import ability
from broker import protocol
from broker.protocol import Admit, Call, LaneClosed, Reply, Revoke
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
        heart.welcome()  # the lane is bound before the organ registers
    finally:
        os.umask(mask)
    ctx = zmq.Context()
    try:
        yield heart, loop, organ, ctx
    finally:
        ctx.destroy(linger=0)
        loop.stop("the test ended")
        runner.join(timeout=5)
        heart.close()
        shutil.rmtree(where, ignore_errors=True)
    assert not runner.is_alive(), "the organ loop did not stop"


def lane_dealer(ctx: zmq.Context, loop: OrganLoop, ticket: bytes = TICKET) -> zmq.Socket:
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.ROUTING_ID, ticket)
    sock.connect(loop.lane_endpoint)
    return sock


def lane_call(sock: zmq.Socket, call: Call):
    sock.send_multipart(protocol.encode(call))
    assert sock.poll(WAIT_MS), "no answer on the lane"
    return protocol.decode(sock.recv_multipart())


def tick(call_id: str = "") -> Call:
    return Call(id=call_id or uuid.uuid4().hex, organ="probe", ability="tick", args={}, timeout_s=5.0)


def test_the_lane_socket_file_is_the_mesh_owners_alone(laned_loop):
    _, loop, _, _ = laned_loop
    assert loop.lane_path and loop.lane_endpoint == f"ipc://{loop.lane_path}"
    mode = os.stat(loop.lane_path).st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) == LANE_MODE == 0o600


def test_a_revoked_ticket_replayed_on_the_lane_gets_nothing_run(laned_loop):
    heart, loop, organ, ctx = laned_loop
    heart._send(Admit(ticket=TICKET, client=b"client-on-the-heart"))
    heart.call("where", x="admitted")  # the organ reads the heart's messages in order: the admission first
    lane = lane_dealer(ctx, loop)
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


def test_a_loop_turn_reads_at_most_a_batch_of_lane_messages_and_logs_malformed_ones_sparingly(caplog):
    where = Path(tempfile.mkdtemp(prefix="lf-", dir="/tmp"))
    loop = OrganLoop(Counter(), f"ipc://{where / 'h.sock'}", lanes=True)  # not run: its drain is called by hand
    try:
        loop.lane = loop.ctx.socket(zmq.ROUTER)
        loop.lane.setsockopt(zmq.RCVHWM, 0)
        loop.lane.bind("inproc://flood")
        flooder = loop.ctx.socket(zmq.DEALER)
        flooder.setsockopt(zmq.SNDHWM, 0)
        flooder.connect("inproc://flood")
        sent = 2 * LANE_BATCH + 88
        for i in range(sent):  # inproc: each is in the lane's queue once sent
            flooder.send(b"not a message %d" % i)
        assert loop.lane.poll(WAIT_MS)
        caplog.set_level(logging.WARNING, logger="actors._loop")
        read = []
        for _ in range(4):
            loop._drain_lane()
            read.append(loop.lane_malformed)
        assert read == [LANE_BATCH, 2 * LANE_BATCH, sent, sent]
        logged = [r.getMessage() for r in caplog.records if "malformed message on the lane" in r.getMessage()]
        assert [int(m.split("(")[1].split()[0]) for m in logged] == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
    finally:
        loop.ctx.destroy(linger=0)
        for fd in (loop.wake_r, loop.wake_w):
            os.close(fd)
        shutil.rmtree(where, ignore_errors=True)
