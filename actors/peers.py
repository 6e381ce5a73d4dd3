"""Who is at the other end of a TCP connection to this machine: the owner's uid of a local peer's socket.

Over ipc:// the kernel names a peer's uid (SO_PEERCRED); over TCP it does not, but a local peer's own socket
is listed in /proc/net/tcp (and tcp6) with the uid that owns it: the line whose local address is the peer's
address and whose remote address is ours. The HTTP servers use it so that a loopback port, which every
local user can reach, serves only the mesh owner's processes (and root's), as the ipc sockets do.
Parsing is pure (`owner`); `peer_uid` reads the tables.
"""

from __future__ import annotations

import ipaddress
import os
import struct
from typing import Iterable

TABLES = ("/proc/net/tcp", "/proc/net/tcp6")
Address = tuple[str, int]


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


def peer_uid(peer: Address, ours: Address, tables: Iterable[str] = TABLES) -> int | None:
    """The uid of the local process at the other end of a TCP connection; None for a peer on another machine."""
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
