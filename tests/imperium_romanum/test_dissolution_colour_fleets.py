"""Fleets built in a colour gained by defection (20.4 with 7.8; IR-ENG-147): scenario 24's
Diocletian has gained the colour of the dissolved Carinus and begins a fleet of it at Alexandria."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import mobilization as MOB
from tests.imperium_romanum.test_dissolution_colours import gained

FLEET = "fleet_18_30"


def test_ir_eng_147_a_fleet_begun_in_a_gained_colour_is_launched_wearing_it() -> None:
    pos = gained()
    treasury = pos.st.powers["diocletian"]["treasury"]
    cost = MOB.check_build(pos.st, "diocletian", FLEET, "alexandria", "carinus")[2]
    pos.game.apply("diocletian", Command("build", {"type": FLEET, "city": "alexandria", "colour": "carinus"}))
    [yard] = pos.st.shipyards
    assert (yard["power"], yard["counter"], yard["city"]) == ("diocletian", "carinus", "alexandria")
    assert pos.st.powers["diocletian"]["treasury"] == treasury - cost  # the raising faction pays (7.4, 7.8)
    pos.st.turn = yard["ready"]
    MOB.shipyards_month(pos.st, [])
    [fleet] = [rec for rec in pos.st.units.values() if rec["type"] == FLEET]
    assert (fleet["power"], fleet["counter"], fleet["vet"]) == ("diocletian", "carinus", True)


def test_ir_eng_147_a_fleet_in_a_gained_colour_counts_against_that_colour_s_counters() -> None:
    pos = gained()
    cap, in_play = MOB.counter_mix(pos.st, "carinus", FLEET)
    own_cap, own_in_play = MOB.counter_mix(pos.st, "diocletian", FLEET)
    pos.game.apply("diocletian", Command("build", {"type": FLEET, "city": "alexandria", "colour": "carinus"}))
    assert MOB.counter_mix(pos.st, "carinus", FLEET) == (cap, in_play + 1)  # under construction (7.8) it counts
    assert MOB.counter_mix(pos.st, "diocletian", FLEET) == (own_cap, own_in_play)
    for _i in range(cap - in_play - 1):
        pos.unit("diocletian", FLEET, "B4816", counter="carinus")
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "diocletian", FLEET, "alexandria", "carinus")
    assert err.value.section == "§5.7"
    assert "every 18-30 counter of this colour is in play" in str(err.value)


def test_ir_eng_147_a_captured_yard_s_fleet_is_finished_in_the_captor_s_colour() -> None:
    pos = gained()
    pos.game.apply("diocletian", Command("build", {"type": FLEET, "city": "alexandria", "colour": "carinus"}))
    pos.st.city_owner["alexandria"] = "carinus"
    pos.st.powers["carinus"].update(dissolved=False, seat="carinus", status="major")
    pos.dice(2, 1)  # not destroyed (1 destroys), on schedule (1-3)
    lines: list[Text] = []
    pos.st.turn = pos.st.shipyards[0]["ready"]
    MOB.shipyards_month(pos.st, lines)
    [fleet] = [rec for rec in pos.st.units.values() if rec["type"] == FLEET]
    assert fleet["power"] == "carinus" and "counter" not in fleet


def test_ir_eng_147_a_captured_yard_s_fleet_takes_a_counter_of_the_captor_s_colour() -> None:
    """7.8 with 5.7: the counter set aside for the builder's fleet goes back to the builder's pool
    when the port is taken; the captor launches the fleet on one of its own colour's counters."""
    from rules.imperium_romanum import counters

    pos = gained()
    pos.game.apply("diocletian", Command("build", {"type": FLEET, "city": "alexandria"}))
    [yard] = pos.st.shipyards
    assert str(yard["counter_id"]).startswith(counters.colour_of(pos.st, "diocletian") + ".")
    pos.st.city_owner["alexandria"] = "carinus"
    pos.st.powers["carinus"].update(dissolved=False, seat="carinus", status="major")
    pos.dice(2, 1)  # not destroyed (1 destroys), on schedule (1-3)
    pos.st.turn = yard["ready"]
    MOB.shipyards_month(pos.st, [])
    [fleet] = [rec for rec in pos.st.units.values() if rec["type"] == FLEET and rec["power"] == "carinus"]
    assert counters.unit_colour(pos.st, fleet) == counters.colour_of(pos.st, "carinus")
    assert str(fleet.get("counter_id", "")).startswith(counters.colour_of(pos.st, "carinus") + ".")
