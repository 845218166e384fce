"""Suite-wide settings: Hypothesis profiles and a network block for every test."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# --- Hypothesis -----------------------------------------------------------------------------
# "ci": few, reproducible examples; "dev": more, random. HYPOTHESIS_PROFILE overrides.
settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=50, deadline=None)


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() not in {"", "0", "false", "no"}


settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _truthy(os.environ.get("CI")) else "dev")
)

# --- Network block --------------------------------------------------------------------------
# No test may leave the machine. Loopback (127.0.0.0/8, ::1, localhost: the PostgreSQL tests)
# and Unix sockets (asyncio's self-pipe is socket.socketpair()) stay allowed. The check runs
# before the system call, so a blocked attempt sends nothing, not even a DNS query.
# A test that really needs the network can say @pytest.mark.enable_socket (as in pytest-socket,
# whose connect()-only guard this extends to connect_ex, sendto and name resolution).


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "enable_socket: let this test use the network")


class NetworkBlockedError(RuntimeError):
    """A test tried to reach a host that is not this machine."""


_LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


def _is_local_host(host: object) -> bool:
    if host is None:  # getaddrinfo(None, port): the wildcard/loopback address
        return True
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.strip("[]").split("%", 1)[0].lower()
    if name in _LOCAL_NAMES or name.endswith(".localhost") or name == "":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _check_address(sock: socket.socket, address: Any) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        host = address[0] if isinstance(address, tuple) and address else address
        if not _is_local_host(host):
            raise NetworkBlockedError(f"test tried to reach {address!r}: only loopback is allowed")


@pytest.fixture(autouse=True)
def _block_network(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    if request.node.get_closest_marker("enable_socket"):
        yield
        return
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_sendto = socket.socket.sendto
    real_getaddrinfo = socket.getaddrinfo

    def connect(self: socket.socket, address: Any) -> None:
        _check_address(self, address)
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        _check_address(self, address)
        return real_connect_ex(self, address)

    def sendto(self: socket.socket, data: Any, *args: Any) -> int:
        _check_address(self, args[-1])
        return real_sendto(self, data, *args)  # type: ignore[arg-type]

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not _is_local_host(host):
            raise NetworkBlockedError(f"test tried to resolve {host!r}: only loopback is allowed")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket.socket, "sendto", sendto)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield


# --- The shared folder ----------------------------------------------------------------------
# Rule books and digests live in ../shared, next to the repository (as in CI), never at an
# absolute path. A test that needs them asks the ``shared`` fixture: when the file is missing
# the test is skipped locally and FAILS under CI=true, where ../shared must be present.
SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"


def find_shared(*parts: str) -> Path:
    """The path ``../shared/<parts>``, or a skip (locally) / failure (CI=true) when missing."""
    path = SHARED_DIR.joinpath(*parts)
    if not path.exists():
        message = f"{path} is missing (../shared, next to the repository)"
        if _truthy(os.environ.get("CI")):
            pytest.fail(f"{message}: CI must provide it", pytrace=False)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def shared() -> Callable[..., Path]:
    """``shared("seeds", "x.txt")``: see ``find_shared``."""
    return find_shared


# --- Fixed seeds at the local table ---------------------------------------------------------
# A game started at the local table (bot/local.py) draws a secret seed, so its dice differ at
# every run and an assertion on an exact dice-dependent value passes or fails by luck.
# ``fixed_seeds`` sets PRAETOR_TEST_SEED: the table's games get the seeds VALUE-1, VALUE-2, ...
# (tests/bot uses it for every test). A Moderator given its own ``seed_source`` keeps it.
@pytest.fixture
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> str:
    from bot.local import SEED_VARIABLE

    monkeypatch.setenv(SEED_VARIABLE, "tests")
    return "tests"


# --- Shared map pictures (test speed, session 8) ----------------------------------------------
# The Imperator and Rome maps are drawn on a 36 MB terrain layer that the renderer reads from
# its PNG for every static layer it builds (render/assets.py: not kept, so the bot's memory at
# rest stays small), and it keeps at most 48 MB of static layers. A test run draws the same
# theatres many times (a transcript replayed in English, French and the pseudo-locale), so the
# tests that opt in (``shared_map_assets``: tests/bot, tests/reliability) decode the terrain and
# land mask once per session, hand each caller its own copy (a caller that draws on it changes
# nothing for the next), and keep more static layers. The pictures are the same bytes: the
# layers are keyed by the board's fingerprint and the viewport, and tests/render (which checks
# the pictures and the cache's bound) does not opt in.
SHARED_STATIC_LAYER_BYTES = 640 * 1024 * 1024


@pytest.fixture(scope="session")
def shared_map_assets() -> Iterator[None]:
    from render import assets, imperator, rome_iinc

    decoded_base = cache(assets.base_layer)
    decoded_land = cache(assets.land_mask)

    def base_layer() -> Any:
        return decoded_base().copy()

    def land_mask() -> Any:
        return decoded_land().copy()

    with pytest.MonkeyPatch.context() as patch:
        for module in (assets, imperator, rome_iinc):
            if hasattr(module, "base_layer"):
                patch.setattr(module, "base_layer", base_layer)
            if hasattr(module, "land_mask"):
                patch.setattr(module, "land_mask", land_mask)
        patch.setattr(imperator, "_STATIC_CACHE_MAX", 4096)
        patch.setattr(imperator, "_STATIC_CACHE_BYTES", SHARED_STATIC_LAYER_BYTES)
        yield
