"""A fleet lands troops once a turn (10.4.3; IR-ENG-165): after a ``debark`` the same fleets
may not land the troops still aboard, here or in another hex, until the next turn; other fleets
of the stack still may."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import naval as NAV
from tests.imperium_romanum.test_naval import BRUNDISIUM, naval_position


def test_ir_eng_165_fleets_that_landed_troops_may_not_land_again_this_turn() -> None:
    pos = naval_position()
    fleets = pos.units("rome", "fleet_18_30", BRUNDISIUM, 3)
    legions = pos.units("rome", "legion_16_10", BRUNDISIUM, 3)
    game = pos.game
    game.apply("rome", Command("embark", {"fleets": fleets, "units": legions}))
    game.apply("rome", Command("debark", {"fleets": fleets[:2], "to": BRUNDISIUM, "units": [legions[0]]}))
    aboard = [u for u in legions if pos.st.units[u]["aboard"]]
    with pytest.raises(RuleError) as err:
        NAV.check_debark(pos.st, "rome", {"fleets": fleets[:2], "to": BRUNDISIUM})
    assert err.value.section == "§10.4.3"
    assert "already landed troops this turn" in str(err.value)
    assert [u for u in legions if pos.st.units[u]["aboard"]] == aboard  # nothing changed
    assert not any(c.name == "debark" and fleets[0] in c.args["fleets"] for c in game.legal_commands("rome"))
    third = pos.st.units[legions[2]]["aboard"]
    assert third == fleets[2]  # the third fleet carries the third legion and has not landed yet
    game.apply("rome", Command("debark", {"fleets": [fleets[2]], "to": BRUNDISIUM}))
    assert (pos.st.units[legions[2]]["hex"], pos.st.units[legions[2]]["aboard"]) == (BRUNDISIUM, "")
