"""Each chart the engine reads has one home, a ``charts_<topic>.toml`` file (issue 16): siege
attrition and priority (17.3.1), forts (21.1-21.4) and unit and baggage train costs (7.3, 7.7)
come from the chart book, and no second copy is left in ``engine.toml`` or ``charts.toml``."""

from __future__ import annotations

import tomllib

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import board as B
from rules.imperium_romanum import engine_data as E
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import siege as SG
from rules.imperium_romanum.loader import DATA_DIR
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position, rome_in_italy_at_taxation


def test_no_second_copy_of_a_chart() -> None:
    assert not (DATA_DIR / "engine.toml").exists()
    old = tomllib.loads((DATA_DIR / "charts.toml").read_text(encoding="utf-8"))
    assert "mobilization" not in old and "siege_attrition" not in old


def test_forts_come_from_the_period_chart() -> None:
    """21.4: a P1 fort of level B is worth 6 (printed); the rest of the row, the cost per level
    and the highest level (A) are the period chart's."""
    assert E.fort_strength("P1", 3) == 6
    assert [E.fort_strength("P3", level) for level in range(5)] == [0, *E.period_chart("P3").fort_strength]
    assert (E.fort_max_level("P3"), E.LEVEL_NAMES[E.fort_max_level("P3")]) == (4, "A")
    assert E.fort_cost_per_level("P1") == 1


def test_siege_attrition_and_priority_come_from_charts_siege() -> None:
    """17.3.1: the value by month of rolling, and the removal order, auxiliaries first."""
    assert [E.siege_attrition_value(m) for m in (1, 2, 3, 5, 7, 30)] == [1, 1, 2, 3, 4, 4]
    order = E.siege_priority()
    assert order.index("heavy_infantry_20_9") < order.index("legion_20_10")  # a civilized 20-9 (23.3), absent before
    assert order[0] == "light_infantry_4_12" and order[-1] == "fleet_18_30"


def test_siege_attrition_removes_by_the_chart_priority() -> None:
    """17.3.1: a roll at or under the month's value (1) removes the first unit of the priority."""
    pos = Position(month=6, segment="siege")
    city = "singidunum"
    hex_id = data().cities[city].hex
    pos.st.city_owner[city] = "dacia"
    legion = pos.unit("dacia", "legion_20_10", hex_id, besieged=True)
    light = pos.unit("dacia", "light_infantry_4_12", hex_id, besieged=True)
    pos.unit("rome", "legion_20_10", hex_id)
    pos.st.sieges[hex_id] = {"power": "dacia", "city": city, "since": pos.st.turn - 1, "besieger": "rome",
                             "seat": "dacia", "rolls": 0}  # fmt: skip
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", [])
    assert light not in pos.st.units and legion in pos.st.units
    assert pos.st.dice.rolls[-1].purpose.startswith("§17.3.1")


def _italy() -> Position:
    return rome_in_italy_at_taxation(treasury=100)


def test_a_baggage_train_costs_the_period_price() -> None:
    """7.7: the P1 chart prices a baggage train at 2 talents in March."""
    pos = _italy()
    pos.leader("caesar", data().cities["roma"].hex)
    pos.game.apply("rome", Command("build", {"type": "baggage_train", "city": "roma"}))
    assert pos.st.powers["rome"]["treasury"] == 100 - E.period_chart("P1").baggage_train_cost == 98


def test_the_raisable_types_are_those_the_period_prices() -> None:
    """7.3: the chart's cost line lists what can be raised; the 24-10 never is (15.2)."""
    pos = _italy()
    types = MOB.raisable_types(pos.st)
    assert "baggage_train" in types and "legion_24_10" not in types and "fleet_18_30" not in types
    assert set(types) - {"baggage_train"} == {t for t in E.period_chart("P1").costs(1) if not t.startswith("fleet")}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "legion_24_10", "city": "roma"}))
    assert err.value.section == "§15.2"


def test_province_tax_is_read_from_the_tax_chart() -> None:
    """6.0: the engine's province value is the Tax Value Chart's cell for the scenario's column;
    Sicilia is worth 4 in P1 (27.1.3 prints it)."""
    pos = Position("s02", month=3, year=-67, segment="taxation", active="rome")
    book = data().tables
    assert book is not None
    assert B.province_tax(pos.st, "sicilia") == book.tax_value("sicilia", "P1") == 4
    assert B.province_tax(pos.st, "germania_magna") == 0  # no city, no value (5.6.1)


def test_supply_reads_the_le_supply_chart() -> None:
    """13.2: one light infantry rides free with each heavy infantry, one horse archer with each
    heavy cavalry: a 20-10, two 4-12s, a 30-16 and a (6)-16 count 2 + 1 + 2 = 5 half-LE.
    13.3: at forage value 0 a requirement of 1 supplies two thirds, 2 one third, 3 none; at
    most 10 LE forage in a hex; 13.4.2: a train reaches 2 hexes."""
    from rules.imperium_romanum import supply as S

    pos = Position(month=6, segment="movement")
    stack = [pos.unit("rome", t, "B4405") for t in ("legion_20_10", "light_infantry_4_12", "light_infantry_4_12",
                                                     "heavy_cavalry_30_16", "horse_archers_6_16")]  # fmt: skip
    assert S.group_le_halves(pos.st, stack) == 5
    assert [S.forage_budget(6, 0, need) for need in (1, 2, 3)] == [4, 2, 0]
    assert (S.forage_max_halves(), S.bt_reach()) == (20, 2)
