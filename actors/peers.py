"""Who is at the other end of a TCP connection to this machine: the owner's uid of a local peer's socket.

Over ipc:// the kernel names a peer's uid (SO_PEERCRED); over TCP it does not, but a local peer's own socket
is known to the kernel with the uid that owns it: the socket whose local address is the peer's address and
whose remote address is ours. `peer_uid` asks the kernel for that one socket over netlink (sock_diag, ~20 µs,
open to every user, what `ss` uses) and falls back to reading /proc/net/tcp (and tcp6) where sock_diag is
missing (~2 ms per read: too slow for every request, fine as a fallback). The HTTP servers use it so that a
loopback port, which every local user can reach, serves only the mesh owner's processes (and root's), as the
ipc sockets do. Parsing is pure (`owner`, `diag_request`, `diag_uid`).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
from typing import Callable, Iterable

TABLES = ("/proc/net/tcp", "/proc/net/tcp6")
Address = tuple[str, int]
NETLINK_SOCK_DIAG = 4
SOCK_DIAG_BY_FAMILY = 20
NLM_F_REQUEST = 1
NO_COOKIE = 0xFFFFFFFF
ALL_STATES = 0xFFFFFFFF
NLMSG_HEADER = struct.Struct("=IHHII")  # length, type, flags, sequence, port id
UID_OFFSET = NLMSG_HEADER.size + 4 + 48 + 12  # inet_diag_msg: family..retrans, sockid, expires/rqueue/wqueue
DIAG_ANSWER_BYTES = 4096  # one socket's answer (no attributes asked for) is under 100 bytes; an error, under 64
DIAG_TIMEOUT_S = 1.0


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address as written in /proc/net/tcp: 32-bit words in host (little-endian) order."""
    raw = bytes.fromhex(text)
    words = struct.unpack(f"<{len(raw) // 4}I", raw)
    packed = struct.pack(f">{len(words)}I", *words)
    return _plain(ipaddress.ip_address(packed))


def _plain(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4-mapped IPv6 address as the IPv4 address it is."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def _endpoint(text: str) -> tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, int]:
    host, _, port = text.partition(":")
    return _ip(host), int(port, 16)


def owner(lines: Iterable[str], peer: Address, ours: Address) -> int | None:
    """The uid owning the socket at `peer` connected to `ours`, from /proc/net/tcp lines; None when not listed."""
    want = (_plain(ipaddress.ip_address(peer[0])), peer[1]), (_plain(ipaddress.ip_address(ours[0])), ours[1])
    for line in lines:
        fields = line.split()
        if len(fields) < 8 or ":" not in fields[1]:
            continue  # the header, or a line of another shape
        try:
            if (_endpoint(fields[1]), _endpoint(fields[2])) == want:
                return int(fields[7])
        except ValueError:
            continue
    return None


def diag_request(peer: Address, ours: Address) -> bytes:
    """The sock_diag request for the one TCP socket bound to `peer` and connected to `ours`."""
    mine, theirs = _plain(ipaddress.ip_address(peer[0])), _plain(ipaddress.ip_address(ours[0]))
    family = socket.AF_INET if mine.version == 4 else socket.AF_INET6
    sockid = (struct.pack(">HH", peer[1], ours[1]) + mine.packed.ljust(16, b"\0") + theirs.packed.ljust(16, b"\0")
              + struct.pack("=III", 0, NO_COOKIE, NO_COOKIE))
    body = struct.pack("=BBBBI", family, socket.IPPROTO_TCP, 0, 0, ALL_STATES) + sockid
    return NLMSG_HEADER.pack(NLMSG_HEADER.size + len(body), SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST, 1, 0) + body


def diag_uid(answer: bytes) -> int | None:
    """The socket owner's uid from the kernel's answer; None when it names no socket (an error message)."""
    if len(answer) < UID_OFFSET + 4 or NLMSG_HEADER.unpack_from(answer)[1] != SOCK_DIAG_BY_FAMILY:
        return None
    return struct.unpack_from("=I", answer, UID_OFFSET)[0]


def peer_uid(peer: Address, ours: Address, tables: Iterable[str] = TABLES) -> int | None:
    """The uid of the local process at the other end of a TCP connection; None for a peer on another machine."""
    try:
        with socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, NETLINK_SOCK_DIAG) as diag:
            diag.settimeout(DIAG_TIMEOUT_S)
            diag.send(diag_request(peer, ours))
            return diag_uid(diag.recv(DIAG_ANSWER_BYTES))
    except OSError:  # no sock_diag here (or it did not answer): read the tables
        pass
    for table in tables:
        try:
            with open(table, encoding="ascii") as lines:
                uid = owner(lines, peer, ours)
        except OSError:
            continue
        if uid is not None:
            return uid
    return None


def trusted(uid: int | None, remote_allowed: bool) -> bool:
    """Whether a peer may be served: the owner's or root's local process; a remote one only when allowed."""
    if uid is None:
        return remote_allowed
    return uid in (0, os.getuid())


def admitter(remote_allowed: bool) -> Callable[[tuple, tuple], bool]:
    """Tell from a connection's (client, server) addresses whether its peer may be served, as `trusted`."""
    return lambda client, server: trusted(peer_uid(client, server), remote_allowed)
