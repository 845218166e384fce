"""Imperium Romanum scenario data (issue 16): values decided across the scenarios."""

from __future__ import annotations

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.loader import load_data


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_starting_morale_is_100_for_roman_and_60_for_other_major_powers(data: IRData) -> None:
    """Ruling IR-SCN-3: 44.0 starts a new Roman faction at 100; other major powers start at 60."""
    found = {
        (s.id, p.id): (p.kind, p.morale) for s in data.scenarios.values() for p in s.powers if p.major
    }
    assert found == {
        ("s01", "rome"): ("roman", 100),
        ("s01", "gauls"): ("barbarian", 60),
        ("s02", "rome"): ("roman", 100),
        ("s02", "pirates"): ("civilized", 60),
        ("s12", "rome"): ("roman", 100),
        ("s12", "dacia"): ("barbarian", 60),
        ("s24", "diocletian"): ("roman", 100),
        ("s24", "carinus"): ("roman", 100),
    }
