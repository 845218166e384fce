"""Allies carrying each other's troops (§5.8 #5) and TC-70, troops aboard a former ally's fleets
when the alliance is not renewed (§5.8, IR-ENG-73)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import allied_transport as AT
from rules.imperium_romanum import sequence as SEQ
from tests.imperium_romanum.builder import Position

ATHENAE, COASTAL, DEEP = "B5121", "B5120", "B5025"
FLEET, LEGION = "fleet_18_30", "legion_20_10"


def _naval(carry: str = "allies") -> tuple[Position, str, str]:
    """Diocletian's fleet in Athenae's port (his city), Carinus's legion beside it, allied."""
    pos = Position(scenario="s24", year=285, month=6, segment="naval", active="diocletian")
    pos.st.city_owner["athenae"] = "diocletian"
    pos.st.naval_order = ["diocletian", "carinus"]
    pos.st.alliances = [["carinus", "diocletian"]]
    pos.st.standing["carinus"]["carry"] = carry
    fleet = pos.unit("diocletian", FLEET, ATHENAE)
    legion = pos.unit("carinus", LEGION, ATHENAE)
    return pos, fleet, legion


def test_5_8_an_ally_carries_lent_troops_which_then_move_no_more_this_month() -> None:
    pos, fleet, legion = _naval()
    pos.game.apply("diocletian", Command("embark", {"fleets": [fleet], "units": [legion]}))
    assert pos.st.units[legion]["aboard"] == fleet and pos.st.units[legion]["lent"] == pos.st.turn
    assert pos.st.units[legion]["power"] == "carinus"
    pos.st.segment, pos.st.active = "movement", 1
    pos.st.units[legion]["aboard"] = ""
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("move", {"units": [legion], "to": "B5122"}))
    assert err.value.section == "§5.8"


def test_5_8_troops_not_lent_or_of_no_ally_cannot_board() -> None:
    pos, fleet, legion = _naval(carry="never")
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("embark", {"fleets": [fleet], "units": [legion]}))
    assert err.value.section == "§5.8" and "carry allies" in str(err.value)
    pos, fleet, legion = _naval()
    pos.st.alliances = []
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("embark", {"fleets": [fleet], "units": [legion]}))
    assert err.value.section == "§5.8" and pos.st.units[legion].get("aboard", "") == ""


def test_5_8_a_lent_unit_that_already_moved_cannot_board() -> None:
    pos, fleet, legion = _naval()
    pos.st.units[legion]["moved"] = True
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("embark", {"fleets": [fleet], "units": [legion]}))
    assert err.value.section == "§5.8" and "already moved" in str(err.value)


def _stranded(hex_id: str) -> tuple[Position, str, str]:
    """Carinus's legion aboard Diocletian's fleet at ``hex_id``; the alliance just lapsed."""
    pos, fleet, legion = _naval()
    pos.st.units[fleet]["hex"] = hex_id
    pos.st.units[legion].update(hex=hex_id, aboard=fleet)
    pos.st.alliances = []
    pos.st.segment = "diplomacy"
    return pos, fleet, legion


def test_tc_70_deep_sea_no_agreement_fleets_destroyed_and_1_to_3_eliminates_the_troops() -> None:
    pos, fleet, legion = _stranded(DEEP)
    pos.st.standing["diocletian"]["parting"] = "ask"
    lines: list[Text] = []
    AT.open_next(pos.st, lines)
    assert pos.st.pending["kind"] == "parting" and pos.st.pending["seat"] == "diocletian"
    assert pos.st.pending["default"] == "peace" and pos.st.pending["section"] == "§5.8"
    pos.dice(3)
    AT.answer(pos.st, "fight", lines)
    assert fleet in pos.st.eliminated and legion in pos.st.eliminated
    assert any("are lost at sea (5.8)" in str(line) for line in lines)
    assert not pos.st.pending


def test_tc_70_deep_sea_4_to_6_lands_the_troops_on_the_closest_land_hex() -> None:
    pos, fleet, legion = _stranded(DEEP)
    pos.st.standing["diocletian"]["parting"] = "ask"
    AT.open_next(pos.st, [])
    pos.dice(4)
    AT.answer(pos.st, "fight", [])
    assert fleet in pos.st.eliminated
    rec = pos.st.units[legion]
    assert rec["hex"] == AT.closest_land(pos.st, DEEP, "carinus") and rec["aboard"] == ""
    assert rec["no_land_move"] == pos.st.turn


def test_tc_70_in_a_port_the_troops_are_placed_in_the_hex_and_cannot_move() -> None:
    pos, fleet, legion = _stranded(ATHENAE)
    pos.st.standing["carinus"]["parting"] = "ask"
    pos.st.standing["diocletian"]["parting"] = "peace"
    AT.open_next(pos.st, [])
    assert pos.st.pending["seat"] == "carinus"  # the fleet's owner agreed; the troops' owner is asked
    rolls = len(pos.st.dice.rolls)
    AT.answer(pos.st, "fight", [])
    assert fleet in pos.st.eliminated and len(pos.st.dice.rolls) == rolls
    assert (pos.st.units[legion]["hex"], pos.st.units[legion]["no_land_move"]) == (ATHENAE, pos.st.turn)


def test_5_8_parting_peacefully_is_the_default_the_fleets_stay() -> None:
    pos, fleet, legion = _stranded(COASTAL)
    pos.st.standing["diocletian"]["parting"] = "ask"
    lines: list[Text] = []
    pos.st.ended = list(pos.st.seats)
    SEQ.advance(pos.st, lines)  # the Diplomacy Phase closes: the window opens at Fortification
    assert pos.st.segment == "fortification" and pos.st.pending["kind"] == "parting"
    decision = pos.game.pending_decision()
    assert decision is not None and decision.default == "peace"
    pos.game.apply("diocletian", Command("decide", {"id": decision.id, "choice": "peace"}))
    second = pos.game.pending_decision()
    assert second is not None and second.seat == "carinus" and second.default == "peace"  # both must agree
    pos.game.apply("carinus", Command("decide", {"id": second.id, "choice": "peace"}))
    assert fleet in pos.st.units and pos.st.units[legion]["aboard"] == ""
    assert pos.st.units[legion]["hex"] == AT.closest_land(pos.st, COASTAL, "carinus")
    assert "no_land_move" not in pos.st.units[legion]
