"""Two data questions decided as rulings: the imperial capital's defence of 22.1 against the
Variable City Chart (IR-ENG-111), and scenario 24's Serdica, which the chart does not list
(IR-SCN-4)."""

from __future__ import annotations

from rules.imperium_romanum import board as B
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def test_ir_eng_111_the_chart_gives_the_imperial_capital_its_defence() -> None:
    """16.1 sends every city's strength to the chart: Roma, the capital of scenario 2's Rome,
    defends with its P1 cell (4/4), not 22.1's 10; from column 24 the chart prints 10 itself;
    Diocletian's Nicomedia keeps its column-24 cell (6/2)."""
    s02 = Position("s02", year=-67, active="rome").st
    assert data().scenarios["s02"].powers[0].capital == "roma"
    assert B.city_defence(s02, "roma") == 4
    s24 = Position("s24", year=285, active="diocletian").st
    assert B.city_defence(s24, "roma") == 10
    capitals = {p.id: p.capital for p in data().scenarios["s24"].powers if p.capital}
    assert capitals == {"diocletian": "nicomedia", "carinus": "roma"}
    assert B.city_defence(s24, "nicomedia") == world("s24").city_value["nicomedia"].defence == 2
    assert [data().cities["roma"].value(i).defence for i in range(13)] == [4, 8, 4, 2, 2, 2, 10, 10, 10, 10, 10, 8, 4]


def test_ir_scn_4_diocletian_s_army_stands_in_the_open_near_serdica() -> None:
    """Serdica is not on the Variable City Chart: the set-up places the army on the hex of the road
    near it, which holds no city, in Macedonia, a province Diocletian holds."""
    assert "serdica" not in data().cities
    dep = next(d for d in data().scenarios["s24"].deployments if "diocletian" in d.leaders)
    assert dep.hex == "B4816" and world("s24").city_at.get(dep.hex) is None
    assert data().hexes[dep.hex].province == "macedonia"
    assert "macedonia" in next(p for p in data().scenarios["s24"].powers if p.id == "diocletian").provinces
