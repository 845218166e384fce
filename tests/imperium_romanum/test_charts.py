"""Imperium Romanum authored charts: every number the rules text gives is honoured (issue 16)."""

from __future__ import annotations

import pytest

from rules.imperium_romanum.charts import (
    CER_GRADES,
    cer_modifier,
    entry_cost,
    land_result,
    supply_required,
)
from rules.imperium_romanum.data_model import TERRAINS, IRData
from rules.imperium_romanum.loader import load_data
from tests.imperium_romanum.conftest import BrokenData


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_cer_against_d_is_the_printed_row(data: IRData) -> None:
    """§14.4.3: against a defender treated as D, A +3, B +2, C +1."""
    assert [cer_modifier(data.charts, a, "D") for a in ("A", "B", "C")] == [3, 2, 1]
    assert all(cer_modifier(data.charts, g, g) == 0 for g in CER_GRADES)


def test_forest_with_roads_in_winter_costs_4(data: IRData) -> None:
    """§12.1 example: forest + roads + winter = 4 MP; no terrain is cheaper with a road removed."""
    assert entry_cost(data.charts, "forest", road=True, winter=True) == 4
    for terrain in TERRAINS:
        for winter in (False, True):
            assert entry_cost(data.charts, terrain, True, winter) <= entry_cost(data.charts, terrain, False, winter)
        assert entry_cost(data.charts, terrain, False, True) > entry_cost(data.charts, terrain, False, False)


def test_crossing_costs(data: IRData) -> None:
    """§12.2: narrow-sea hex +4, the arrow of the example +6, both doubled in winter."""
    c = data.charts.crossings
    assert (c["narrow_sea_hex"], c["strait_arrow_example"], c["winter_factor"]) == (4, 6, 2)


@pytest.mark.parametrize(("le", "roll", "sp"), [(6, 2, 3), (4, 6, 1), (3, 10, 0), (4, 10, 0)])
def test_supply_table_known_points(data: IRData, le: int, roll: int, sp: int) -> None:
    """§13.2/13.3 examples: (6 LE, 2) -> 3 SP; (4 LE, 6) -> 1 SP; (3-4 LE, 10) -> 0."""
    assert supply_required(data.charts, le, roll) == sp


def test_supply_table_can_ask_1_to_4(data: IRData) -> None:
    """§13.3: the forage rule has requirements 1, 2, 3 and 4, so the table must produce them."""
    values = {v for row in data.charts.supply.values() for v in row}
    assert {1, 2, 3, 4} <= values


def test_forage_rough_in_winter_is_zero(data: IRData) -> None:
    """§13.3 example: rough terrain in winter has forage value 0."""
    assert data.charts.forage["rough"][2:] == (0, 0)


def test_land_crt_columns_below_one_to_one_and_pairs(data: IRData) -> None:
    """§18.4 names 2:3 or worse, §44.1 ratios below 1:1; each result holds an E or is N/N (§14.5)."""
    assert "2/3" in data.charts.crt_columns and data.charts.crt_columns.index("2/3") < data.charts.crt_columns.index("1/1")
    for cells in data.charts.land_crt.values():
        for cell in cells:
            assert "E" in (cell.attacker, cell.defender) or (cell.attacker, cell.defender) == ("N", "N")
    assert land_result(data.charts, "6/1", 99).defender == "E"
    assert land_result(data.charts, "1/3", -9).attacker == "E"


def test_naval_siege_attrition(data: IRData) -> None:
    """§17.2: a besieging fleet loses 1 (+1 if it moved). The P1 Italia figures of §7 are in
    charts_mobilization.toml (test_data_charts.py)."""
    assert data.charts.naval_siege_attrition == (1, 1)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('"3" = ["E;1/2A;defender"', '"3" = ["1/2D;1/2A;defender"', "has relative losses on both sides (14.5)"),
        ('"3" = ["E;1/2A;defender"', '"3" = ["X;1/2A;defender"', "bad cell 'X;1/2A;defender'"),
        ("forest = [2, 1, 5, 4]", "forest = [2, 1, 5]", "terrain_costs: forest needs 4 integers"),
        ('"5" = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]', '"5" = [9, 0, 1, 1, 2, 2, 3, 3, 4, 4]', "supply: roll 5 needs more SP than roll 4"),
        ("D = { A = -3, B = -2, C = -1, D = 0 }", "D = { A = -3, B = -2, C = -1 }", "cer: row D needs an integer"),
    ],
)
def test_validator_refuses_broken_charts(broken_data: BrokenData, old: str, new: str, problem: str) -> None:
    problems = broken_data("charts.toml", old, new)
    assert any(problem in p for p in problems), problems
