"""An ally moving another player's units by land (5.8; IR-ENG-128): the lender's standing order
``carry allies`` lets its ally move its units in the ally's own Land Movement segment; a unit so
moved moves no more for its owner this month. Scenario 24, Diocletian and Carinus allied."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum.game import movable_groups
from tests.imperium_romanum.builder import Position

ATHENAE, EAST = "B5121", "B5122"
LEGION = "legion_20_10"


def _lent(carry: str = "allies") -> tuple[Position, str, str]:
    pos = Position(scenario="s24", year=285, month=6, segment="movement", active="diocletian")
    pos.st.alliances = [["carinus", "diocletian"]]
    pos.st.standing["carinus"]["carry"] = carry
    mine = pos.unit("diocletian", LEGION, ATHENAE)
    lent = pos.unit("carinus", LEGION, ATHENAE)
    return pos, mine, lent


def test_5_8_an_ally_moves_lent_units_by_land_with_its_own() -> None:
    pos, mine, lent = _lent()
    assert sorted(movable_groups(pos.st, "diocletian")[ATHENAE]) == sorted([mine, lent])
    pos.game.apply("diocletian", Command("move", {"units": [mine, lent], "to": EAST}))
    assert (pos.st.units[lent]["hex"], pos.st.units[lent]["power"]) == (EAST, "carinus")  # moved, still Carinus's
    assert (pos.st.units[lent]["lent"], pos.st.units[lent]["borrower"]) == (pos.st.turn, "diocletian")


def test_5_8_a_unit_an_ally_moved_moves_no_more_for_its_owner_this_month() -> None:
    pos, _mine, lent = _lent()
    pos.game.apply("diocletian", Command("move", {"units": [lent], "to": EAST}))
    pos.st.active = pos.st.seats.index("carinus")
    assert EAST not in movable_groups(pos.st, "carinus")
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("move", {"units": [lent], "to": ATHENAE}))
    assert err.value.section == "§5.8" and "moved by an ally" in str(err.value)


def test_5_8_refusals_not_lent_not_allied_or_already_moved() -> None:
    pos, _mine, lent = _lent(carry="never")
    assert lent not in movable_groups(pos.st, "diocletian").get(ATHENAE, [])
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("move", {"units": [lent], "to": EAST}))
    assert err.value.section == "§5.8" and "carry allies" in str(err.value)
    pos, _mine, lent = _lent()
    pos.st.alliances = []
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("move", {"units": [lent], "to": EAST}))
    assert err.value.section == "§5.8"
    pos, _mine, lent = _lent()
    pos.st.units[lent]["moved"] = True  # its owner moved it earlier this month
    with pytest.raises(RuleError) as err:
        pos.game.apply("diocletian", Command("move", {"units": [lent], "to": EAST}))
    assert err.value.section == "§5.8" and "already moved" in str(err.value)
    assert pos.st.units[lent]["hex"] == ATHENAE
