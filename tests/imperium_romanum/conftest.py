"""Shared set-up of the Imperium Romanum data tests: load a copy of the shipped data with one
text edit, to check the validator's refusals of broken data (issue 16)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data

BrokenData = Callable[[str, str, str], list[str]]


@pytest.fixture
def broken_data(tmp_path: Path) -> BrokenData:
    """``broken_data(file, old, new)``: copy the data directory, replace the first ``old`` of
    ``file`` by ``new`` (``old`` must be there), load the copy and return the problems the
    validator names; a copy that loads fails the test."""

    def load(file: str, old: str, new: str) -> list[str]:
        target = tmp_path / "data"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(DATA_DIR, target)
        path = target / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {file}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(IRDataError) as err:
            load_data(target)
        return list(err.value.problems)

    return load
