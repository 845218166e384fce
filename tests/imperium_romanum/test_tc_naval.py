"""Worked examples TC-18 to TC-21 of the digest (naval interception, odds, losses, transport),
on the hex map with scripted dice."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum.naval_charts import fleets_lost, naval_column
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

BRUNDISIUM = "B4421"
DYRRHACHIUM = "B4519"
TARENTUM = "B4221"


def naval_position(month: int = 6) -> Position:
    pos = Position(month=month, segment="naval")
    pos.st.naval_order = ["rome"]
    for city in ("brundisium", "tarentum", "rhegium", "messana", "syracusae"):  # Italia is nobody's in scenario 12
        pos.st.city_owner[city] = "rome"
    return pos


def test_tc_18_interception_needs_the_distance_after_modifiers() -> None:
    """TC-18 (10.6): summer, unmoved, distance 3 needs a natural 2 (3 - 1); distance 6 with -3
    and +1 is impossible, so no window opens; deep sea cannot be intercepted."""
    pos = naval_position()
    assert NAV._intercept_modifier(pos.st, 3, True) == 1
    assert NAV._intercept_modifier(pos.st, 6, True) == -2  # 6 + 1 - 3 = 4 < 6: never offered
    pos.st.city_owner["dyrrhachium"] = "dacia"
    pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    assert NAV.interception_options(pos.st, "dacia", "B4520") == {DYRRHACHIUM: 2}
    assert NAV.interception_options(pos.st, "dacia", "B4522") == {}  # deep sea (10.6)
    assert NAV.interception_options(pos.st, "dacia", DYRRHACHIUM) == {DYRRHACHIUM: 0}


def test_tc_18_same_hex_interception_fails_only_on_a_natural_1() -> None:
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    pos.st.season = "winter"
    pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    fleet = pos.unit("rome", "fleet_18_30", "B4520")
    pos.st.moving = {"naval": True, "seat": "rome", "fleets": [fleet], "path": [], "asked": []}
    pos.st.units[fleet]["hex"] = DYRRHACHIUM
    pos.dice(1)
    lines: list = []
    NAV.resolve_interception(pos.st, "dacia", DYRRHACHIUM, lines)
    assert pos.st.dice.rolls[-1].purpose == "§10.6 naval interception"
    assert "fail" in str(lines[-1])


def test_tc_19_pompey_132_against_caesar_90_is_5_to_4() -> None:
    assert naval_column(132, 90) == "5-4"
    assert naval_column(135, 90) == "3-2"


@pytest.mark.parametrize(("code", "fleets", "lost"), [("2", 3, 1), ("1", 2, 1), ("4", 4, 4), ("3", 1, 0), ("4", 1, 1),
                                                      ("-", 3, 0)])  # fmt: skip
def test_tc_20_naval_losses_round_down_but_one_when_several(code: str, fleets: int, lost: int) -> None:
    """TC-20 (10.7.4); a single fleet taking 1-3 loses nothing (digest §3.4 #14, IR-ENG-33)."""
    assert fleets_lost(code, fleets) == lost


def test_tc_20_the_loser_withdraws_to_the_nearest_friendly_port() -> None:
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    romans = pos.units("rome", "fleet_18_30", "B4520", 3)
    dacians = pos.units("dacia", "fleet_18_30", "B4520", 2)
    pos.dice(6)  # 54 against 36: column 3-2, die 6 -> "-/2": one Dacian fleet of two lost
    game = pos.game
    game.apply("rome", Command("naval_attack", {"fleets": romans}))
    assert [f for f in dacians if f in pos.st.units] == dacians[1:]
    assert pos.st.units[dacians[1]]["hex"] == DYRRHACHIUM  # 2 MP away: within 5 (10.7.4)
    assert all(pos.st.units[f]["hex"] == "B4520" and pos.st.units[f]["nmp"] == 1 for f in romans)
    assert pos.st.stats["naval_combats"] == 1


def test_tc_21_transport_of_10_mp_keeps_the_troops_ma() -> None:
    """TC-21 (10.4, 10.4.4): embark in port 2 + sail 6 + debark in port 2 = 10 MP: the troops
    move that turn."""
    pos = naval_position()
    rhegium = data().cities["rhegium"].hex
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    legion = pos.unit("rome", "legion_16_10", BRUNDISIUM)
    game = pos.game
    game.apply("rome", Command("embark", {"fleets": [fleet], "units": [legion]}))
    assert pos.st.units[legion]["aboard"] == fleet and pos.st.units[fleet]["nmp"] == 2
    path = ["B4422", "B4322", "B4323", rhegium]  # 2 + 2 + 2 + 0 (entering a port costs nothing)
    game.apply("rome", Command("sail", {"fleets": [fleet], "to": rhegium, "path": path}))
    assert pos.st.units[fleet]["nmp"] == 8 and pos.st.units[legion]["hex"] == rhegium
    game.apply("rome", Command("debark", {"fleets": [fleet], "to": rhegium}))
    assert pos.st.units[fleet]["nmp"] == 10
    assert pos.st.units[legion].get("no_land_move") != pos.st.turn
    assert pos.st.units[legion]["aboard"] == ""


def test_tc_21_transport_of_11_mp_or_more_stops_the_troops() -> None:
    pos = naval_position()
    syracusae = data().cities["syracusae"].hex
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    legion = pos.unit("rome", "legion_16_10", BRUNDISIUM)
    game = pos.game
    game.apply("rome", Command("embark", {"fleets": [fleet], "units": [legion]}))
    game.apply("rome", Command("sail", {"fleets": [fleet], "to": syracusae}))
    game.apply("rome", Command("debark", {"fleets": [fleet], "to": syracusae}))
    assert pos.st.units[fleet]["nmp"] == 14  # 2 + 10 + 2
    assert pos.st.units[legion]["no_land_move"] == pos.st.turn
