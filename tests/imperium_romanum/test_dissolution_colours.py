"""Raising units of a colour gained by defection (20.4, last point; IR-ENG-125): scenario 24's
Diocletian has gained the colour of the dissolved Carinus."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import board as B
from rules.imperium_romanum import mobilization as MOB
from tests.imperium_romanum.builder import Position

LEGION = "legion_16_10"


def gained() -> Position:
    pos = Position("s24", month=3, year=285, segment="taxation", active="diocletian")
    pos.st.powers["carinus"].update(dissolved=True, seat="", status="inactive neutral", cer="A")
    pos.st.powers["diocletian"]["colours"] = ["carinus"]
    return pos


def test_20_4_a_unit_raised_in_a_gained_colour_wears_its_counter_and_cer() -> None:
    pos = gained()
    treasury = pos.st.powers["diocletian"]["treasury"]
    cost = MOB.check_build(pos.st, "diocletian", LEGION, "actium", "carinus")[2]
    pos.game.apply("diocletian", Command("build", {"type": LEGION, "city": "actium", "colour": "carinus"}))
    [uid] = [u for u, rec in pos.st.units.items() if rec["type"] == LEGION]
    assert pos.st.units[uid]["power"] == "diocletian" and pos.st.units[uid]["counter"] == "carinus"
    assert B.unit_cer(pos.st, pos.st.units[uid]) == "A" != pos.st.powers["diocletian"]["cer"]  # 20.4: the CER stays
    assert pos.st.powers["diocletian"]["treasury"] == treasury - cost  # paid by the raising faction (7.4)


def test_20_4_the_gained_colour_s_counters_cap_its_raises() -> None:
    pos = gained()
    cap, in_play = MOB.counter_mix(pos.st, "carinus", LEGION)
    assert in_play == 0 and cap > 0
    for _i in range(cap):  # every carinus legion counter in play, kept by defection
        pos.unit("diocletian", LEGION, "B4816", counter="carinus")
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "diocletian", LEGION, "actium", "carinus")
    assert err.value.section == "§5.7"
    assert MOB.check_build(pos.st, "diocletian", LEGION, "actium")[0] == "diocletian"  # its own colour still has counters


def test_20_4_a_colour_not_gained_is_refused() -> None:
    pos = gained()
    pos.st.powers["diocletian"]["colours"] = []
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("build", {"type": LEGION, "city": "actium", "colour": "carinus"}))
    assert err.value.section == "§20.4"
    assert not any(rec["type"] == LEGION for rec in pos.st.units.values())
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "diocletian", "fleet_18_30", "actium", "carinus")
    assert err.value.section == "§20.4"


def test_20_4_the_gained_colour_is_on_offer_in_the_legal_raises() -> None:
    pos = gained()
    offered = MOB.build_commands(pos.st, "diocletian")
    assert {"type": LEGION, "city": "actium", "colour": "carinus"} in offered
    assert {"type": "fleet_18_30", "city": "alexandria", "colour": "carinus"} in offered  # 20.4 (IR-ENG-147)
    pos.st.powers["diocletian"]["colours"] = []
    assert not any("colour" in a for a in MOB.build_commands(pos.st, "diocletian"))
