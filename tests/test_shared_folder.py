"""The ``shared`` fixture (tests/conftest.py) finds ../shared next to the repository, skips
locally when a file is missing and fails under CI=true."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def test_missing_file_fails_under_ci(shared: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must provide it") as err:
        shared("seeds", "no-such-book.txt")
    assert str(SHARED / "seeds" / "no-such-book.txt") in str(err.value)


def test_missing_file_skips_locally(shared: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-such-book.txt is missing"):
        shared("seeds", "no-such-book.txt")


def test_present_file_is_found_next_to_the_repository(shared: Callable[..., Path]) -> None:
    path = shared("seeds", "README.md")  # skips (locally) or fails (CI) when ../shared is absent
    assert path == SHARED / "seeds" / "README.md" and path.is_file()
