"""Ports under siege (§17.2, ``blockade.py``), written from the text: the count that makes a
blockade, the besieger's fleets joining the siege, the port shut to the besieged side (17.2.2),
landing in and embarking from a besieged port, port supply (17.2.1), the at-sea rule and the
winter attrition of besieging fleets (17.2). Brundisium (B4421), held by Dacia for the test,
besieged by Rome; B4420 is the coastal sea hex next to it."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import blockade as BL
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import supply as S
from rules.imperium_romanum.invariants import violations
from tests.imperium_romanum.builder import Position

PORT = "B4421"
SEA = "B4420"


def besieged_port(month: int = 6, roman_fleets_in_port: int = 0, dacian_fleets: int = 1, besieged_by: str = "rome") -> Position:
    pos = Position(month=month, segment="naval", active="rome")
    pos.st.naval_order = ["rome", "dacia"]
    pos.st.city_owner["brundisium"] = "dacia"
    pos.st.province_owner["italia"] = "dacia"
    pos.units("dacia", "heavy_infantry_20_8", PORT, 1, besieged=True)
    pos.units("dacia", "fleet_18_30", PORT, dacian_fleets)
    pos.units("rome", "legion_20_10", PORT, 2)
    pos.units("rome", "fleet_18_30", PORT, roman_fleets_in_port)
    pos.st.sieges[PORT] = {"power": "dacia", "city": "brundisium", "since": 1, "besieger": besieged_by, "seat": "dacia",
                           "rolls": 0}  # fmt: skip
    return pos


def test_17_2_more_besieging_fleets_than_inside_is_a_blockade() -> None:
    assert BL.blockaded(besieged_port(roman_fleets_in_port=2, dacian_fleets=1).st, PORT) is True
    assert BL.blockaded(besieged_port(roman_fleets_in_port=1, dacian_fleets=1).st, PORT) is False
    assert BL.blockaded(besieged_port(roman_fleets_in_port=1, dacian_fleets=0).st, PORT) is True


def test_17_2_the_besiegers_fleets_sail_into_the_port_they_besiege_and_no_other_enemy_port() -> None:
    pos = besieged_port()
    fleet = pos.unit("rome", "fleet_18_30", SEA)
    pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": PORT}))
    assert pos.st.units[fleet]["hex"] == PORT and BL.blockaded(pos.st, PORT) is False  # one against one
    other = besieged_port()
    del other.st.sieges[PORT]
    fleet = other.unit("rome", "fleet_18_30", SEA)
    with pytest.raises(RuleError) as err:
        other.game.apply("rome", Command("sail", {"fleets": [fleet], "to": PORT}))
    assert err.value.section == "§10.3"


def test_17_2_2_a_blockaded_port_is_shut_to_the_besieged_fleets() -> None:
    pos = besieged_port(roman_fleets_in_port=2)
    pos.st.naval_order = ["dacia"]
    inside = [u for u, r in pos.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"]
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("sail", {"fleets": inside, "to": SEA}))
    assert err.value.section == "§17.2.2"
    free = besieged_port(roman_fleets_in_port=1)
    free.st.naval_order = ["dacia"]
    inside = [u for u, r in free.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"]
    free.game.apply("dacia", Command("sail", {"fleets": inside, "to": SEA}))
    assert free.st.units[inside[0]]["hex"] == SEA


def test_17_2_2_troops_land_in_a_besieged_port_and_are_besieged_unless_it_is_blockaded() -> None:
    pos = besieged_port(roman_fleets_in_port=1)
    pos.st.naval_order = ["dacia"]
    fleet = [u for u, r in pos.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"][0]
    troop = pos.unit("dacia", "light_infantry_4_12", PORT, aboard=fleet)
    pos.game.apply("dacia", Command("debark", {"fleets": [fleet], "to": PORT}))
    assert pos.st.units[troop]["aboard"] == "" and pos.st.units[troop]["besieged"] is True
    assert violations(pos.st) == []
    shut = besieged_port(roman_fleets_in_port=2)
    shut.st.naval_order = ["dacia"]
    fleet = [u for u, r in shut.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"][0]
    shut.unit("dacia", "light_infantry_4_12", PORT, aboard=fleet)
    with pytest.raises(RuleError) as err:
        shut.game.apply("dacia", Command("debark", {"fleets": [fleet], "to": PORT}))
    assert err.value.section == "§17.2.2"


def test_17_2_2_the_besieged_embark_in_their_port_unless_it_is_blockaded() -> None:
    pos = besieged_port(roman_fleets_in_port=1)
    pos.st.naval_order = ["dacia"]
    fleet = [u for u, r in pos.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"][0]
    troop = next(u for u, r in pos.st.units.items() if r["power"] == "dacia" and r["besieged"])
    pos.game.apply("dacia", Command("embark", {"fleets": [fleet], "units": [troop]}))
    assert pos.st.units[troop]["aboard"] == fleet and pos.st.units[troop]["besieged"] is False
    shut = besieged_port(roman_fleets_in_port=2)
    shut.st.naval_order = ["dacia"]
    fleet = [u for u, r in shut.st.units.items() if r["power"] == "dacia" and r["type"] == "fleet_18_30"][0]
    troop = next(u for u, r in shut.st.units.items() if r["power"] == "dacia" and r["besieged"])
    with pytest.raises(RuleError) as err:
        shut.game.apply("dacia", Command("embark", {"fleets": [fleet], "units": [troop]}))
    assert err.value.section == "§17.2.2"


def test_17_2_1_a_blockaded_port_no_longer_supplies_the_besieged() -> None:
    assert S.port_supplies(besieged_port(roman_fleets_in_port=1).st, "dacia", PORT, True) is True
    assert S.port_supplies(besieged_port(roman_fleets_in_port=2).st, "dacia", PORT, True) is False


def test_17_2_besieging_fleets_are_free_of_the_at_sea_rule() -> None:
    pos = besieged_port(roman_fleets_in_port=2)
    fleets = BL.besieging_fleets(pos.st, PORT)
    assert len(fleets) == 2
    for turn in (pos.st.turn, pos.st.turn + 1, pos.st.turn + 2):
        pos.st.turn = turn
        NAV.end_phase(pos.st, [])
    assert all(f in pos.st.units for f in fleets)
    pos.st.sieges.clear()  # the siege lifted: the same fleets in an enemy port are at sea
    pos.st.turn += 1
    NAV.end_phase(pos.st, [])
    pos.st.turn += 1
    NAV.end_phase(pos.st, [])
    assert all(f not in pos.st.units for f in fleets)


@pytest.mark.parametrize(("die", "sunk"), [(1, True), (2, False)])
def test_17_2_besieging_fleets_roll_winter_attrition_at_1_without_moving(die: int, sunk: bool) -> None:
    pos = besieged_port(month=1, roman_fleets_in_port=2)
    fleets = BL.besieging_fleets(pos.st, PORT)
    assert [BL.winter_value(pos.st, f) for f in fleets] == [1, 1]
    pos.dice(die)
    pos.game.apply("rome", Command("end"))
    assert all((f not in pos.st.units) is sunk for f in fleets)


def test_17_2_a_besieging_fleet_that_moved_adds_1_to_its_movements_value() -> None:
    from rules.imperium_romanum.naval_charts import attrition_value

    pos = besieged_port(month=1, roman_fleets_in_port=1)
    fleet = BL.besieging_fleets(pos.st, PORT)[0]
    pos.st.units[fleet]["mmp"] = 8
    assert BL.winter_value(pos.st, fleet) == attrition_value(8) + 1
    summer = besieged_port(month=6, roman_fleets_in_port=1)
    summer.dice(1)
    summer.game.apply("rome", Command("end"))
    assert BL.besieging_fleets(summer.st, PORT)  # no winter, no roll


def test_17_2_2_troops_beyond_the_citys_room_land_but_camp_outside() -> None:
    """16.3: a charted city holds 4 LE; one is already besieged there, so of four landing
    legion-sized units three go in and the fourth stays outside, where it can be attacked."""
    pos = besieged_port(roman_fleets_in_port=1, dacian_fleets=0)
    pos.st.naval_order = ["dacia"]
    fleets = pos.units("dacia", "fleet_18_30", PORT, 4)
    troops = [pos.unit("dacia", "heavy_infantry_20_8", PORT, aboard=f) for f in fleets]
    assert BL.blockaded(pos.st, PORT) is False
    pos.game.apply("dacia", Command("debark", {"fleets": fleets, "to": PORT}))
    assert [pos.st.units[u]["besieged"] for u in troops] == [True, True, True, False]
    assert BL.room_inside(pos.st, PORT) == 0
    assert violations(pos.st) == []
