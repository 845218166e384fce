"""The suite cannot leave the machine (tests/conftest.py), while loopback and asyncio work.

Every blocked attempt below is made so that no packet could leave even if the guard were
broken: the guard is checked to be installed first, UDP connect() sends nothing, and the TCP
and sendto attempts use a socket that is already closed (the kernel would refuse with EBADF).
"""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest

TEST_NET = "192.0.2.1"  # RFC 5737 TEST-NET-1: documentation only, never routed


def blocked(match: str = "only loopback is allowed") -> pytest.RaisesExc[RuntimeError]:
    """The guard raises a RuntimeError (a real network error would be an OSError)."""
    return pytest.raises(RuntimeError, match=match)


def _assert_guard_installed() -> None:
    for func in (socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo):
        assert "_block_network" in func.__qualname__, "network guard is not installed"


def test_tcp_connect_to_public_address_is_blocked() -> None:
    _assert_guard_installed()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.close()
    with blocked("192.0.2.1"):
        sock.connect((TEST_NET, 80))
    with blocked():
        sock.connect_ex((TEST_NET, 443))


def test_udp_to_public_address_is_blocked() -> None:
    _assert_guard_installed()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        with blocked():
            sock.connect((TEST_NET, 53))  # UDP connect() sends nothing by itself
    closed = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    closed.close()
    with blocked():
        closed.sendto(b"x", (TEST_NET, 9))


def test_public_name_resolution_is_blocked() -> None:
    _assert_guard_installed()
    with blocked():
        socket.getaddrinfo("praetor.example.invalid", 443)


async def test_asyncio_connection_to_public_address_is_blocked() -> None:
    _assert_guard_installed()
    with blocked():
        await asyncio.wait_for(asyncio.open_connection(TEST_NET, 80), timeout=5)


def test_loopback_tcp_listener_works() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def echo_once() -> None:
            conn, _ = server.accept()
            with conn:
                conn.sendall(conn.recv(64).upper())

        thread = threading.Thread(target=echo_once, daemon=True)
        thread.start()
        with socket.create_connection(("localhost", port), timeout=5) as client:
            client.sendall(b"ave")
            assert client.recv(64) == b"AVE"
        thread.join(timeout=5)


def test_loopback_ipv6_works() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        server = socket.create_server(("::1", 0), family=socket.AF_INET6)
    except OSError as exc:
        pytest.skip(f"cannot listen on ::1: {exc}")
    with server, socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as client:
        client.settimeout(5)
        client.connect(("::1", server.getsockname()[1]))
        peer, _ = server.accept()
        with peer:
            client.sendall(b"ave")
            assert peer.recv(64) == b"ave"


def test_unix_sockets_work() -> None:
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"ping")
        assert right.recv(4) == b"ping"


async def test_asyncio_loopback_server_works() -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write((await reader.readline()).upper())
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"roma\n")
        await writer.drain()
        assert await asyncio.wait_for(reader.readline(), timeout=5) == b"ROMA\n"
        writer.close()
        await writer.wait_closed()


@pytest.mark.enable_socket
def test_enable_socket_marker_lifts_the_guard() -> None:
    assert "_block_network" not in socket.socket.connect.__qualname__
    assert "_block_network" not in socket.getaddrinfo.__qualname__
