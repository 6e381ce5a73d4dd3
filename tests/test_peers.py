"""Who is at the other end of a local TCP connection: /proc/net/tcp parsing, the live table, the decision."""

from __future__ import annotations

import os
import socket
import struct

import pytest

from actors.peers import TABLES, diag_uid, owner, peer_uid, trusted

HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"
# 127.0.0.1:54321 -> 127.0.0.1:8390 owned by uid 1000; the listener 127.0.0.1:8390 owned by uid 0
TCP = [HEADER,
       "   0: 0100007F:20C6 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1",
       "   1: 0100007F:D431 0100007F:20C6 01 00000000:00000000 00:00000000 00000000  1000        0 222 1",
       "   2: 0100007F:20C6 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 333 1"]
# [::1]:40000 -> [::1]:8390 owned by uid 1001
TCP6 = [HEADER,
        "   0: 00000000000000000000000001000000:9C40 00000000000000000000000001000000:20C6 01 "
        "00000000:00000000 00:00000000 00000000  1001        0 444 1"]


def test_the_owner_of_a_loopback_peer_is_read_from_the_line_whose_local_address_is_the_peer():
    assert owner(TCP, ("127.0.0.1", 54321), ("127.0.0.1", 8390)) == 1000


def test_the_server_side_line_of_the_same_connection_is_not_taken_for_the_peer():
    assert owner(TCP, ("127.0.0.1", 8390), ("127.0.0.1", 54321)) == 0, "that line is the server's own socket"
    assert owner(TCP[:2], ("127.0.0.1", 54321), ("127.0.0.1", 8390)) is None


def test_ipv6_addresses_are_read_word_by_word():
    assert owner(TCP6, ("::1", 40000), ("::1", 8390)) == 1001


def test_an_ipv4_mapped_peer_matches_its_ipv4_line():
    assert owner(TCP, ("::ffff:127.0.0.1", 54321), ("::ffff:127.0.0.1", 8390)) == 1000


def test_a_peer_not_in_the_tables_is_unknown_and_odd_lines_are_skipped():
    assert owner([*TCP, "garbage", "   9: zz:zz yy:yy 01 0 0 0 x"], ("127.0.0.1", 1), ("127.0.0.1", 8390)) is None


def test_a_live_connection_names_this_process_uid():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        with socket.create_connection(listener.getsockname(), timeout=5):
            accepted, peer = listener.accept()
            with accepted:
                assert peer_uid(peer, accepted.getsockname()) == os.getuid()


@pytest.mark.parametrize(("uid", "remote_allowed", "expected"), [
    (os.getuid(), False, True), (0, False, True), (os.getuid() + 12345, False, False),
    (None, False, False), (None, True, True), (os.getuid() + 12345, True, False),
], ids=["owner", "root", "other_user", "remote_refused", "remote_allowed", "other_user_on_open_listener"])
def test_only_the_owner_root_or_an_allowed_remote_peer_is_trusted(uid, remote_allowed, expected):
    assert trusted(uid, remote_allowed) is expected


def test_a_live_ipv6_connection_names_this_process_uid_and_an_unconnected_port_names_none():
    with socket.socket(socket.AF_INET6) as listener:
        listener.bind(("::1", 0))
        listener.listen(1)
        with socket.create_connection(listener.getsockname()[:2], timeout=5):
            accepted, peer = listener.accept()
            with accepted:
                assert peer_uid(peer[:2], accepted.getsockname()[:2]) == os.getuid()
                assert peer_uid(("::1", 1), accepted.getsockname()[:2]) is None


def test_the_tables_answer_alike_where_sock_diag_is_missing():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        with socket.create_connection(listener.getsockname(), timeout=5):
            accepted, peer = listener.accept()
            with accepted, open(TABLES[0], encoding="ascii") as lines:
                assert owner(lines, peer, accepted.getsockname()) == os.getuid()


def test_a_kernel_error_answer_names_no_socket():
    error = struct.pack("=IHHII", 36, 2, 0, 1, 0) + struct.pack("=i", -2) + b"\0" * 16

    assert diag_uid(error) is None
    assert diag_uid(b"") is None
