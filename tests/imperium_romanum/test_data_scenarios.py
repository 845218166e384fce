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


def test_tc_03_italia_in_column_11_16_has_roma_and_ten_other_cities(data: IRData) -> None:
    """TC-03 and digest §3.4 #4: the example says 9 other cities, the chart lists 10; at least
    half of either is 5 (half rounds up), so Roma and 5 others conquer Italia."""
    col = data.column_index("11-16")
    others = sorted(c.id for c in data.cities.values() if c.province == "italia" and c.values[col] and c.id != "roma")
    assert data.display["italia"].capital == "roma"
    assert others == ["ancona", "brundisium", "corfinium", "itrium", "neapolis", "perusia", "pisae", "ravenna", "rhegium", "tarentum"]
    assert -(-len(others) // 2) == -(-9 // 2) == 5


def test_tc_23_the_gibraltar_strait_lands_on_the_printed_african_hex(data: IRData) -> None:
    """12.2 prints the arrow between A1632 and A1633; 13.1 calls A1632 Mediterranean sea. Our
    A1632 is the sea between, so the strait runs from Baetica (A1531) to A1633 across it."""
    strait = next(s for s in data.straits if s.id == "fretum_gaditanum")
    assert (strait.a, strait.b) == ("A1531", "A1633")
    assert data.hexes["A1632"].kind == "coastal" and "A1632" in data.features.sea_areas["mare_occidentale"]
    assert (data.hexes["A1531"].province, data.hexes["A1633"].province) == ("baetica", "mauretania_tingitana")


def test_tc_09_and_tc_63_hispania_is_one_shared_area_with_militia(data: IRData) -> None:
    """TC-09: Tarraconensis, Baetica and Lusitania share Hispania's 4 x 4-12; TC-63: militia 12 each."""
    assert data.tables is not None
    hispania = next(a for a in data.tables.mobilization["P1"].areas if a.id == "hispania")
    assert {"tarraconensis", "baetica", "lusitania"} < set(hispania.provinces)
    assert (hispania.limits["light_infantry_4_12"], hispania.militia) == (4, 12)
