"""Bounded work end to end: oversized messages answered, deadlines carried to the organ, stuck workers noticed."""

from __future__ import annotations

import fcntl
import json
import os
import time
import uuid

import msgpack
import pytest
import zmq

from actors import client as client_module
from actors.client import Client
from broker import protocol
from broker.errors import NoAnswer
from broker.home import Home
from broker.protocol import Call, Control, ControlReply, Reply
from tests.conftest import end_mesh, new_mesh, wait_for
from tests.test_mesh import metric

LIMIT = 256 * 1024
BOUNDED_MESH = f"""
[heart]
beat_s = 0.2
heartbeat_s = 0.2
liveness = 3
quiet_after_s = 600
max_frame_bytes = {LIMIT}
breaker_threshold = 1000  # the calls made to time out here must not stop the next test's

[organs.bounded]
module = "tests.organs.bounded"
max_restarts = 10
"""


pytestmark = pytest.mark.xdist_group("bounded")  # one worker runs the module: its mesh starts once


@pytest.fixture(scope="module")
def mesh(tmp_path_factory):
    """One mesh for the module: a bounded organ with two workers and a 256 KiB frame limit."""
    made = new_mesh(tmp_path_factory.mktemp("bounded"), BOUNDED_MESH)
    made.up()
    yield made
    end_mesh(made)


def raw_request(mesh, msg) -> object:
    """Send one message on a raw DEALER (no client-side checks) and return the decoded answer."""
    ctx = zmq.Context()
    try:
        dealer = ctx.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.connect(mesh.status()["heart"]["endpoints"]["router"])
        dealer.send_multipart(protocol.encode(msg))
        assert dealer.poll(10_000), "the heart did not answer"
        return protocol.decode(dealer.recv_multipart())
    finally:
        ctx.destroy(linger=0)


# -- oversized messages ---------------------------------------------------------------------------

def test_a_request_over_the_frame_limit_is_answered_with_bad_params_and_counted(mesh):
    before = metric(mesh, "actors_protocol_errors_total", reason="size")
    big = Call(id="too-big-1", organ="bounded", ability="echo", args={"x": "y" * (LIMIT + 1000)})

    reply = raw_request(mesh, big)

    assert isinstance(reply, Reply) and reply.id == "too-big-1" and not reply.ok
    assert reply.error.cause == "bad_params" and reply.error.type == "RequestTooLarge"
    assert f"frame limit of {LIMIT} bytes" in reply.error.message
    assert metric(mesh, "actors_protocol_errors_total", reason="size") == before + 1
    control = raw_request(mesh, Control(id="too-big-2", command="status", args={"pad": "z" * (LIMIT + 1)}))
    assert isinstance(control, ControlReply) and control.id == "too-big-2" and "frame limit" in control.error


def test_a_request_too_large_even_for_an_answer_is_refused_by_the_client_without_waiting(mesh):
    with mesh.client() as client:
        started = time.monotonic()
        reply = client.call("bounded", "echo", {"x": "y" * (3 * LIMIT)})
        assert time.monotonic() - started < 1
        assert reply.error.cause == "bad_params" and reply.error.type == "RequestTooLarge"
        assert client.call("bounded", "echo", {"x": "still fine"}).ok  # the connection is intact


def test_a_reply_over_the_frame_limit_becomes_an_error_and_replies_in_flight_still_arrive(mesh):
    pid = mesh.organ("bounded")["pid"]
    with mesh.client() as client:
        sender = client.dealer
        calls = [Call(id=f"c{i}", organ="bounded", ability="echo", args={"x": i}) for i in range(20)]
        big = Call(id="big", organ="bounded", ability="blob", args={"size": LIMIT + 10})
        for call in [*calls[:10], big, *calls[10:]]:
            sender.send_multipart(protocol.encode(call))
        answers = {}
        deadline = time.monotonic() + 10
        while len(answers) < 21 and time.monotonic() < deadline:
            if sender.poll(200):
                reply = protocol.decode(sender.recv_multipart())
                answers[reply.id] = reply
    assert len(answers) == 21, sorted(answers)
    assert all(answers[c.id].ok for c in calls)
    assert answers["big"].error.cause == "bad_params" and answers["big"].error.type == "ReplyTooLarge"
    assert mesh.organ("bounded")["pid"] == pid  # the organ's connection was never dropped


def test_the_id_of_an_oversized_request_is_read_without_decoding_its_body():
    body = msgpack.packb({"organ": "o", "args": {"blob": "x" * 1_000_000}, "id": "late-id"})
    assert protocol.peek_request([protocol.VERSION, Call.KIND, body]) == (Call, "late-id")
    assert protocol.peek_request([protocol.VERSION, Call.KIND, b"\xc1garbage"]) == (None, "")
    assert protocol.peek_request([protocol.VERSION, b"heartbeat", body]) == (None, "")
    no_string_id = msgpack.packb({"id": 7})
    assert protocol.peek_request([protocol.VERSION, Control.KIND, no_string_id]) == (None, "")


# -- deadlines travel with the call ---------------------------------------------------------------

def test_an_ability_knows_how_long_its_call_has_left(mesh):
    with mesh.client() as client:
        # the organ aims to answer a fifth of the time (at most 0.25 s) before the heart gives up
        assert 0.6 < client.call("bounded", "time_left_now", timeout_s=1.0).result["left"] <= 0.8
        assert 6.5 < client.call("bounded", "time_left_now").result["left"] <= 6.75  # its declared 7 s


def test_work_whose_deadline_passed_before_a_worker_was_free_never_runs(mesh):
    marks = mesh.workdir / "marks.log"
    with mesh.client() as client:
        for _ in range(2):  # take both workers, past their deadline
            client.dealer.send_multipart(protocol.encode(Call(id=f"busy-{uuid.uuid4().hex}", organ="bounded",
                                                              ability="hang", args={"seconds": 1.5})))
        time.sleep(0.2)
        reply = client.call("bounded", "mark_after", {"seconds": 0, "mark": "queued"}, timeout_s=0.5)
        assert reply.error.cause == "timeout"
        time.sleep(2.5)  # the workers are free again: the queued call was dropped, not run late
    assert "queued" not in (marks.read_text() if marks.exists() else "")


def test_a_timed_out_call_with_side_effects_is_told_it_may_have_run_and_is_never_retried(mesh):
    with mesh.client() as client:
        reply = client.call("bounded", "mark_after", {"seconds": 1.0, "mark": "slow"}, timeout_s=0.3)
    error = reply.error
    assert error.cause == "timeout" and error.decision == "refer" and error.retried == 0
    assert "may have run" in error.hint and "do not retry it blindly" in error.hint
    assert "retry with" not in error.hint


def test_deadlines_the_organ_answers_just_late_with_the_work_ended_do_not_open_its_breaker(make_mesh):
    mesh = make_mesh(BOUNDED_MESH.replace("breaker_threshold = 1000", "breaker_threshold = 3"))
    with mesh.client() as client:
        # each call runs out of time at 0.3 s; the organ's answer (the work failed) comes at 0.5 s
        causes = [client.call("bounded", "fail_late", {"seconds": 0.5}, timeout_s=0.3).error.cause for _ in range(5)]
    assert causes == ["timeout"] * 5  # never organ_unhealthy: the breaker never opened
    organ = wait_for(lambda: (o := mesh.organ("bounded"))["consecutive_failures"] == 0 and o, timeout=5,
                     what="the last late answer to be taken into account")
    assert organ["breaker"] == "closed"


# -- stuck workers ----------------------------------------------------------------------------------

def test_workers_stuck_past_their_deadline_are_reported_and_an_organ_with_all_stuck_is_restarted(mesh):
    before = mesh.organ("bounded")
    with mesh.client() as client:
        client.dealer.send_multipart(protocol.encode(Call(id="stuck-1", organ="bounded", ability="hang",
                                                          args={"seconds": 30})))
        wait_for(lambda: metric(mesh, "actors_organ_stuck_calls", organ="bounded") == 1, timeout=10,
                 what="one stuck call reported")
        assert any("1 of 2 workers stuck" in a["message"] for a in mesh.status()["alerts"])
        client.dealer.send_multipart(protocol.encode(Call(id="stuck-2", organ="bounded", ability="hang",
                                                          args={"seconds": 30})))
    after = wait_for(lambda: (o := mesh.organ("bounded"))["state"] == "up" and o["pid"] != before["pid"] and o,
                     timeout=15, what="the organ restarted with fresh workers")
    assert after["restarts"] == before["restarts"] + 1
    assert after["consecutive_failures"] == 0  # the calls that timed out were the old process's
    with mesh.client() as client:
        assert client.call("bounded", "echo", {"x": 1}).ok


# -- the client never waits forever ---------------------------------------------------------------

def test_a_call_without_a_timeout_is_bounded_by_the_ability_s_declared_timeout(mesh):
    with mesh.client() as client:
        assert client.longest_call("bounded", "time_left_now") == pytest.approx(7.0 * 3)
        assert client.longest_call("bounded", "no_such_ability") == pytest.approx(30.0 * 3)


def test_a_heart_that_never_answers_cannot_hold_a_call_forever(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    ctx = zmq.Context()
    silent = ctx.socket(zmq.ROUTER)
    silent.setsockopt(zmq.LINGER, 0)
    endpoint = f"ipc://{tmp_path}/silent.sock"
    silent.bind(endpoint)
    state = Home(home)
    lock = open(state.lock_file, "a+")
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the home looks like a live heart's
    state.endpoints_file.write_text(json.dumps({
        "pid": os.getpid(), "router": endpoint, "blood": endpoint,
        "limits": {"call_timeout_s": 0.3, "retry_attempts": 1, "max_frame_bytes": LIMIT}}))
    monkeypatch.setattr(client_module, "CALL_GRACE_S", 0.2)
    monkeypatch.setattr(client_module, "CONTROL_TIMEOUT_S", 0.2)
    try:
        with Client(home) as client:
            started = time.monotonic()
            with pytest.raises(NoAnswer):
                client.call("any", "thing")
            assert time.monotonic() - started < 3
    finally:
        lock.close()
        ctx.destroy(linger=0)
