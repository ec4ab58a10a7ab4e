"""What a snippet runs inside: the network blocked, then the file itself.

The block is in Python's `socket` module: `connect`, `connect_ex`,
`sendto` and `sendmsg` to an IPv4 or IPv6 address, and name lookups
(`getaddrinfo`), are refused unless the address is loopback (a
distributed-training snippet may talk to itself on 127.0.0.1); Unix
sockets are allowed. A refused attempt fails the snippet even if it
catches the error. What the block does not cover: a C library that opens
its own sockets without Python's `socket` module, and a subprocess (a
snippet that starts `curl` is not stopped). Snippets are reviewed code,
not hostile code; the block catches an accidental download.
"""

from __future__ import annotations

import ipaddress
import runpy
import socket
import sys

attempts: list[str] = []


class NetworkBlocked(OSError):
    pass


def _is_local(host) -> bool:
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _refuse(what: str):
    attempts.append(what)
    raise NetworkBlocked(f"network access is blocked for snippets: {what}")


def _check(sock, address, verb="connect to") -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        host = address[0]
        if not _is_local(host):
            _refuse(f"{verb} {host}:{address[1]}")


def _guard_connect(real):
    """Each guard wraps the real call: it refuses a remote address first.
    One factory per call, so a traceback names the call the snippet made."""

    def connect(sock, address):
        _check(sock, address)
        return real(sock, address)

    return connect


def _guard_connect_ex(real):
    def connect_ex(sock, address):
        _check(sock, address)
        return real(sock, address)

    return connect_ex


def _guard_sendto(real):
    def sendto(sock, data, *args):
        # sendto(data, address) or sendto(data, flags, address)
        _check(sock, args[-1], "send to")
        return real(sock, data, *args)

    return sendto


def _guard_sendmsg(real):
    def sendmsg(sock, buffers, ancdata=(), flags=0, address=None):
        if address is not None:
            _check(sock, address, "send to")
            return real(sock, buffers, ancdata, flags, address)
        return real(sock, buffers, ancdata, flags)

    return sendmsg


def _guard_getaddrinfo(real):
    def getaddrinfo(host, *args, **kwargs):
        if not _is_local(host):
            _refuse(f"resolve {host}")
        return real(host, *args, **kwargs)

    return getaddrinfo


# What block_network replaces: (owner, attribute, wrapper of the real one).
GUARDS = (
    (socket.socket, "connect", _guard_connect),
    (socket.socket, "connect_ex", _guard_connect_ex),
    (socket.socket, "sendto", _guard_sendto),
    (socket.socket, "sendmsg", _guard_sendmsg),
    (socket, "getaddrinfo", _guard_getaddrinfo),
)


def block_network() -> None:
    """Put a guard around each call in GUARDS; the real calls are read now,
    so the guards wrap whatever the child inherited from the server."""
    for owner, name, guard in GUARDS:
        setattr(owner, name, guard(getattr(owner, name)))


def run_snippet(path: str) -> None:
    """Run the file as ``python path`` would: as __main__, its folder first
    on sys.path; fail if it tried the network, whether or not it caught it."""
    sys.argv = [path]
    sys.path.insert(0, str(__import__("pathlib").Path(path).parent))
    try:
        runpy.run_path(path, run_name="__main__")
    finally:
        if attempts:
            print(
                f"FAILED: the snippet tried the network ({attempts[0]}); "
                "snippets must be hermetic",
                file=sys.stderr,
            )
            sys.stderr.flush()
    if attempts:
        raise SystemExit(1)
