"""The Province Display of Imperium Romanum (issue 16; map C, 2.1, 11.0): capitals, roads and
cultivation by chart column, sun, ax and wheat symbols; the scenarios' imperial capitals."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_every_province_has_one_capital_among_its_cities(data: IRData) -> None:
    """2.1 errata: one capital per province; the chart's double flags are resolved."""
    assert set(data.display) == set(data.provinces)
    for pid, entry in data.display.items():
        own = {c.id for c in data.cities.values() if c.province == pid}
        assert (pid, entry.capital in own) == (pid, bool(own))
    chosen = {p: data.display[p].capital for p in ("lugdunensis", "chersonesus", "illyricum", "cisalpina", "moesia_superior")}
    assert chosen == {
        "lugdunensis": "lugdunum", "chersonesus": "panticapaeum", "illyricum": "salonae",
        "cisalpina": "mediolanum", "moesia_superior": "vindobunum",
    }  # fmt: skip
    assert data.display["bithynia"].capital == "nicomedia"  # not the unflagged Constantinople
    assert data.display["germania_magna"].capital == ""  # no city: 5.6.1


def test_roads_and_cultivation_follow_the_scenario_brackets(data: IRData) -> None:
    """11.1-11.2: Dacia is roadless and wild in scenario 12 (11-16), Roman in 17-19 and 20-21."""
    dacia = data.display["dacia"]
    assert ("11-16" in dacia.roads, "11-16" in dacia.cultivated) == (False, False)
    assert {"17-19", "20-21"} <= dacia.roads & dacia.cultivated
    assert data.display["italia"].roads == data.display["italia"].cultivated == frozenset(data.columns)
    assert "P1" not in data.display["lugdunensis"].roads and "P2" in data.display["lugdunensis"].roads
    assert all(not data.display[p].roads and not data.display[p].cultivated for p in ("germania_magna", "sarmatia"))


def test_barbarian_major_powers_hold_wild_provinces_and_romans_can_raise_trains(data: IRData) -> None:
    """23.2: wild provinces make a barbarian power; 7.7: a baggage train needs a cultivated province."""
    for scenario in data.scenarios.values():
        column = scenario.city_column
        for power in scenario.powers:
            if power.major and power.kind == "barbarian":
                assert (scenario.id, [p for p in power.provinces if column in data.display[p].cultivated]) == (scenario.id, [])
            if power.kind == "roman":
                assert any(column in data.display[p].cultivated for p in power.provinces), scenario.id


def test_wheat_symbols_honour_22_2(data: IRData) -> None:
    """22.2: Aegyptus 4 and Chersonesus 4 (rules); TC-61: Aegyptus alone is fewer than 5."""
    wheat = {p: e.wheat for p, e in data.display.items() if e.wheat}
    assert (wheat["aegyptus"], wheat["chersonesus"]) == (4, 4)
    assert set(wheat) == {"aegyptus", "chersonesus", "africa", "sicilia", "sardinia", "baetica"}
    assert wheat["aegyptus"] < 5
    assert sum(v for p, v in wheat.items() if p != "chersonesus") >= 5
    assert data.display["aegyptus"].sun and not data.display["italia"].sun and data.display["italia"].ax


def test_imperial_capitals_of_the_scenarios(data: IRData) -> None:
    """22.1: Roma unless the scenario says otherwise; scenario 24 gives Diocletian Nicomedia."""
    capitals = {(s.id, p.id): (p.capital, p.capital_morale) for s in data.scenarios.values() for p in s.powers if p.capital}
    assert capitals == {("s02", "rome"): ("roma", 20), ("s24", "carinus"): ("roma", 20), ("s24", "diocletian"): ("nicomedia", 10)}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _refused(folder: Path, file: str, old: str, new: str) -> list[str]:
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(IRDataError) as err:
        load_data(folder)
    return err.value.problems


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        ("province_display.toml", 'capital = "athenae"', 'capital = "roma"', "province_display.toml: achaea: capital 'roma' is not a city of achaea (5.6)"),
        ("province_display.toml", 'capital = "athenae"', 'capital = ""', "province_display.toml: achaea: a province with cities needs a capital (5.6)"),
        ("province_display.toml", 'id = "achaea"', 'id = "atlantis"', "province_display.toml: achaea: the province is missing from the display"),
        ("province_display.toml", 'roads = ["P1"', 'roads = ["P0"', "roads must list columns of the Variable City Chart"),
        ("province_display.toml", "wheat = 4", "wheat = -1", "province_display.toml: aegyptus: wheat must be a whole number of symbols, 0 or more (22.2)"),
        ("province_display.toml", 'sun = "design"', 'sun = "guess"', "provenance of sun must be one of"),
        ("scenarios/s24_diocletian_carinus.toml", 'capital = "nicomedia"', 'capital = "roma"', "scenarios/s24_diocletian_carinus.toml: power diocletian: capital 'roma' lies in italia, not in a province of diocletian (22.1)"),
        ("scenarios/s24_diocletian_carinus.toml", 'capital = "nicomedia"', 'capital = "napoca"', "capital 'napoca' does not exist in column 24 of the Variable City Chart"),
        ("scenarios/s24_diocletian_carinus.toml", "capital_morale = 10", "capital_morale = 0", "power diocletian: capital 'nicomedia': capital_morale must be above 0 (19.2)"),
    ],
)
def test_broken_display_and_capitals_are_refused(tmp_path: Path, file: str, old: str, new: str, problem: str) -> None:
    problems = _refused(_copy(tmp_path), file, old, new)
    assert any(problem in p for p in problems), problems
