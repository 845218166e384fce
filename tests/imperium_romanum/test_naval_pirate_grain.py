"""The pirates' grain interference in scenario 2 (§27.1.4, IR-ENG-75): fleets within 30 naval
MP of a grain province, one wheat symbol less for Roma's owner per two fleets, each fleet
against one province, and no sailing or attacking for them that month."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import grain as G
from rules.imperium_romanum import pirate_grain as PG
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.world import data


def _diplomacy() -> ImperiumRomanumGame:
    """Scenario 2 at its first Diplomacy Phase, its pieces as set up."""
    game = ImperiumRomanumGame.new("s02", ["pirates", "rome"], "pg", {})
    while game.state.segment != "diplomacy":
        seat = game.to_move()[0]
        game.apply(seat, next(c for c in game.legal_commands(seat) if c.name == "end"))
    return game


def _fleets_near(game: ImperiumRomanumGame, province: str) -> list[str]:
    st = game.state
    return sorted(f for f, r in st.units.items() if r["type"].startswith("fleet") and r["power"] == "pirates"
                  and province in PG.provinces_in_reach(st, f))  # fmt: skip


def test_27_1_4_two_fleets_take_one_wheat_of_sicilia_from_romas_owner() -> None:
    game = _diplomacy()
    st = game.state
    fleets = _fleets_near(game, "sicilia")[:2]
    assert len(fleets) == 2 and st.city_owner["roma"] == "rome"
    before = G.wheat_held(st, "rome")
    sicilia = data().display["sicilia"].wheat
    game.apply("pirates", Command("interfere", {"fleets": fleets, "province": "sicilia"}))
    st = game.state  # apply commits a new state
    assert st.grain_blocks == {fleets[0]: "sicilia", fleets[1]: "sicilia"}
    assert PG.wheat_lost(st, "rome", "sicilia") == 1 and sicilia >= 1
    assert G.wheat_held(st, "rome") == before - 1
    assert PG.wheat_lost(st, "pirates", "sicilia") == 0  # only Roma's owner is hurt


def test_27_1_4_one_fleet_alone_takes_nothing_and_a_fleet_serves_one_province() -> None:
    game = _diplomacy()
    st = game.state
    fleet = _fleets_near(game, "sicilia")[0]
    game.apply("pirates", Command("interfere", {"fleets": [fleet], "province": "sicilia"}))
    st = game.state
    assert PG.wheat_lost(st, "rome", "sicilia") == 0
    with pytest.raises(RuleError) as err:
        game.apply("pirates", Command("interfere", {"fleets": [fleet], "province": "sicilia"}))
    assert err.value.section == "§27.1.4" and "already interferes" in str(err.value)


def test_27_1_4_a_fleet_out_of_reach_or_rome_cannot_interfere() -> None:
    game = _diplomacy()
    st = game.state
    far = [f for f, r in st.units.items() if r["type"].startswith("fleet") and r["power"] == "pirates"
           and "baetica" not in PG.provinces_in_reach(st, f)]  # fmt: skip
    assert far
    with pytest.raises(RuleError) as err:
        game.apply("pirates", Command("interfere", {"fleets": far[:1], "province": "baetica"}))
    assert err.value.section == "§27.1.4" and "30 naval MP" in str(err.value)
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("interfere", {"fleets": far[:1], "province": "sicilia"}))
    assert err.value.section == "§27.1.4" and "only the pirates" in str(err.value)


def test_27_1_4_interfering_fleets_neither_sail_nor_attack_that_month_and_are_free_the_next() -> None:
    game = _diplomacy()
    st = game.state
    fleets = _fleets_near(game, "sicilia")[:2]
    game.apply("pirates", Command("interfere", {"fleets": fleets, "province": "sicilia"}))
    st = game.state
    assert Command("interfere", {"fleets": fleets, "province": "sicilia"}) not in game.legal_commands("pirates")
    from rules.imperium_romanum import naval as NAV

    with pytest.raises(RuleError) as err:
        NAV.check_sail(st, "pirates", {"fleets": fleets[:1], "to": "A3017"})
    assert err.value.section == "§27.1.4"
    from rules.imperium_romanum import sequence as SEQ

    SEQ.start_month(st, [])
    assert st.grain_blocks == {}
