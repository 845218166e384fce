"""Persia's activation roll (§37.5, TC-68): 2d6 of 9 or less wakes it, +1 per 25 Roman SP in
Cappadocia, Osrhoene and Syria; an unmodified 2 always does (IR-ENG-72)."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import persia as P
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position


def _with_persia() -> Position:
    """Scenario 24's board (Diocletian holds the three watched provinces) with a sleeping Persia
    added, as a scenario naming 37.5 would set it up."""
    pos = Position(scenario="s24", year=285, month=6, segment="diplomacy", active="diocletian")
    pos.st.powers["persia"] = dict(pos.st.powers["franci"], name="Persia", kind="civilized", start_provinces=["persia"])
    return pos


def _hex_of(province: str) -> str:
    return sorted(h for h, cell in data().hexes.items() if cell.province == province and cell.kind == "land")[0]


def test_tc_68_persia_wakes_on_9_with_no_roman_sp_nearby() -> None:
    pos = _with_persia()
    assert P.roman_sp(pos.st) == 0
    pos.dice(4, 5)
    lines: list[Text] = []
    P.roll_for(pos.st, "persia", lines)
    assert pos.st.powers["persia"]["status"] == "active neutral"
    assert any("Persia wakes on 9 + 0 (37.5)" in str(line) for line in lines)


def test_tc_68_with_50_roman_sp_nearby_9_becomes_11_and_persia_sleeps() -> None:
    pos = _with_persia()
    pos.units("diocletian", "legion_20_10", _hex_of("syria"), 2)
    pos.unit("diocletian", "heavy_infantry_20_8", _hex_of("cappadocia"), vet=False)  # 10 SP unseasoned
    assert P.roman_sp(pos.st) == 50
    pos.dice(4, 5)
    lines: list[Text] = []
    P.roll_for(pos.st, "persia", lines)
    assert pos.st.powers["persia"]["status"] == "inactive neutral"
    assert any("Persia sleeps: 9 + 2 is over 9 (37.5)." == str(line) for line in lines)


def test_tc_68_an_unmodified_2_always_wakes_persia() -> None:
    assert P.wakes(2, 5) and not P.wakes(3, 7) and P.wakes(3, 6) and not P.wakes(10, 0)
    pos = _with_persia()
    pos.units("diocletian", "legion_20_10", _hex_of("osrhoene"), 6)  # 120 SP: +4
    pos.dice(1, 1)
    P.roll_for(pos.st, "persia", [])
    assert pos.st.powers["persia"]["status"] == "active neutral"


def test_37_5_no_roll_in_a_scenario_that_does_not_name_it() -> None:
    pos = _with_persia()
    assert "37.5" not in data().scenarios["s24"].special_rules
    before = len(pos.st.dice.rolls)
    P.diplomacy_roll(pos.st, [])
    assert len(pos.st.dice.rolls) == before and pos.st.powers["persia"]["status"] == "inactive neutral"
