"""Imperium Romanum scenarios, units and leaders (issue 16): set-ups resolve and are legal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_unit_types_match_the_counter_table(data: IRData) -> None:
    """§2.x (digest §2.0): legion 20-10 (back 10), light infantry 4-12 at half an LE, fleet 18-30."""
    legion = data.units["legion_20_10"]
    assert (legion.strength, legion.back, legion.ma, legion.le_halves) == (20, 10, 10, 2)
    light = data.units["light_infantry_4_12"]
    assert (light.strength, light.ma, light.le_halves, light.cer) == (4, 12, 1, False)
    assert (data.units["fleet_18_30"].strength, data.units["fleet_18_30"].ma) == (18, 30)
    assert data.units["heavy_cavalry_30_16"].back == 15


def test_scenario_12_trajan_against_decebalus(data: IRData) -> None:
    s = data.scenarios["s12"]
    assert (s.number, s.period, s.city_column, s.start, s.end) == (12, "P3", "11-16", (101, 3), (106, 9))
    assert s.special_rules == ("28", "34", "35", "37.6")
    assert s.turn_order == ("rome", "dacia")
    assert data.leaders["trajan"].value == 3 and data.leaders["decebalus"].value == 2
    placed = [lid for d in s.deployments for lid in d.leaders]
    assert sorted(placed) == sorted(set(placed)) and {"trajan", "decebalus"} <= set(placed)
    legions = sum(n for d in s.deployments if d.power == "rome" for uid, n in d.units if uid.startswith("legion"))
    assert legions == 10


def test_scenario_12_dacia_is_city_less_and_held_by_dacia(data: IRData) -> None:
    """Digest §3.4 #10: Dacia has no city in column 11-16, so 5.6.1 governs its conquest."""
    s = data.scenarios["s12"]
    column = data.column_index(s.city_column)
    assert [c.id for c in data.cities.values() if c.province == "dacia" and c.values[column]] == []
    dacia = next(p for p in s.powers if p.id == "dacia")
    assert dacia.provinces == ("dacia",)
    assert ("rome", "conquer_province", "dacia") in [(v.power, v.kind, v.target) for v in s.victory]


def test_every_unit_sets_up_in_its_own_power_s_province(data: IRData) -> None:
    """Pirates excepted (27.1: their bases lie on any coast, some on islets)."""
    for s in data.scenarios.values():
        holder = {prov: p.id for p in s.powers for prov in p.provinces}
        for d in s.deployments:
            if d.power == "pirates":
                continue
            cell = data.hexes[d.hex]
            assert (d.hex, cell.kind, holder.get(cell.province)) == (d.hex, "land", d.power)


S12 = "scenarios/s12_trajan_dacia.toml"


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('hex = "B4415"', 'hex = "B4512"', "the hex lies in dacia, not a province of rome"),
        ('leaders = ["licinius_sura"]', 'leaders = ["trajan"]', "leader trajan is already set up"),
        ("legion_20_10 = 2, light_infantry_4_12 = 1", "legion_99_10 = 2", "unknown unit type 'legion_99_10'"),
        ('special_rules = ["28", "34", "35", "37.6"]', 'special_rules = ["34", "45"]', "special rule 45 is not among rules 26-38"),
        ('end = { year = 106, month = 9 }', 'end = { year = 100, month = 9 }', "start and end need a year and a month"),
        ('provinces = ["tyras"]', 'provinces = ["dacia"]', "province dacia is already held by dacia"),
        ('hex = "B5013"', 'hex = "B5012"', "a fleet sets up in a port"),
        ('turn_order = ["rome", "dacia"]', 'turn_order = ["rome"]', "turn_order must list each major power once"),
    ],
)
def test_validator_refuses_broken_scenarios(tmp_path: Path, old: str, new: str, problem: str) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    text = (target / S12).read_text(encoding="utf-8")
    assert old in text
    (target / S12).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(IRDataError) as err:
        load_data(target)
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_validator_refuses_a_leader_value_above_3(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    text = (target / "leaders.toml").read_text(encoding="utf-8")
    (target / "leaders.toml").write_text(text.replace("value = 3", "value = 4", 1), encoding="utf-8")
    with pytest.raises(IRDataError) as err:
        load_data(target)
    assert "leaders.toml: trajan: value must be 0 to 3 (18.0)" in err.value.problems


def test_scenario_1_caesar_against_vercingetorix(data: IRData) -> None:
    s = data.scenarios["s01"]
    assert (s.number, s.period, s.city_column, s.start) == (1, "P1", "P1", (-52, 2))
    assert "26" in s.special_rules
    assert (data.leaders["caesar"].value, data.leaders["vercingetorix"].value) == (3, 2)
    # Gaul outside Narbonensis has no city in P1 (digest §5): the Gauls' provinces are city-less
    p1 = data.column_index("P1")
    gauls = next(p for p in s.powers if p.id == "gauls")
    assert [c.id for c in data.cities.values() if c.province in gauls.provinces and c.values[p1]] == []


def test_scenario_2_pirate_bases_are_those_of_27_1(data: IRData) -> None:
    """§27.1: one 4-12 and one 18-30 in each of eleven hexes (ruling IR-SCN-2 for scenario 2)."""
    s = data.scenarios["s02"]
    bases = {d.hex for d in s.deployments if d.power == "pirates" and d.units == (("light_infantry_4_12", 1), ("fleet_18_30", 1))}
    assert bases == {"A2725", "A3220", "A3223", "A3715", "B4228", "B4823", "B5117", "B5131", "B5224", "B5723", "B6419"}
    assert data.leaders["pompey"].value == 3


def test_scenario_24_is_a_civil_war_won_by_killing_the_other_emperor(data: IRData) -> None:
    """§28: a Roman civil war is won by eliminating the other Imperator."""
    s = data.scenarios["s24"]
    assert (s.city_column, s.special_rules) == ("24", ("28", "29", "30", "32", "35", "37.6"))
    assert sorted((v.power, v.kind, v.target) for v in s.victory) == [
        ("carinus", "eliminate_leader", "diocletian"),
        ("diocletian", "eliminate_leader", "carinus"),
    ]
    assert [p.id for p in s.powers if p.major] == ["diocletian", "carinus"]
    assert all(p.kind == "roman" for p in s.powers if p.major)
    # 37.6: the neutral barbarians beyond the frontier, each its own inactive neutral power
    assert all((p.kind, p.status) == ("barbarian", "inactive neutral") for p in s.powers if not p.major)
