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


def block_network() -> None:
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_sendto = socket.socket.sendto
    real_sendmsg = socket.socket.sendmsg
    real_getaddrinfo = socket.getaddrinfo

    def check(sock, address, verb="connect to"):
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            host = address[0]
            if not _is_local(host):
                _refuse(f"{verb} {host}:{address[1]}")

    def connect(sock, address):
        check(sock, address)
        return real_connect(sock, address)

    def connect_ex(sock, address):
        check(sock, address)
        return real_connect_ex(sock, address)

    def sendto(sock, data, *args):
        # sendto(data, address) or sendto(data, flags, address)
        check(sock, args[-1], "send to")
        return real_sendto(sock, data, *args)

    def sendmsg(sock, buffers, ancdata=(), flags=0, address=None):
        if address is not None:
            check(sock, address, "send to")
            return real_sendmsg(sock, buffers, ancdata, flags, address)
        return real_sendmsg(sock, buffers, ancdata, flags)

    def getaddrinfo(host, *args, **kwargs):
        if not _is_local(host):
            _refuse(f"resolve {host}")
        return real_getaddrinfo(host, *args, **kwargs)

    socket.socket.connect = connect
    socket.socket.connect_ex = connect_ex
    socket.socket.sendto = sendto
    socket.socket.sendmsg = sendmsg
    socket.getaddrinfo = getaddrinfo


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
