"""Naval leaders (38.2, IR-ENG-68): +1 in their side's favour on naval combat and naval
attrition rolls, in the scenarios that name rule 38 (none of the playable ones does)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import naval_leaders as NL
from tests.imperium_romanum.test_naval import BRUNDISIUM, naval_position


def test_38_no_playable_scenario_names_rule_38() -> None:
    for sid in ("s01", "s02", "s12"):
        pos = naval_position()
        pos.st.scenario = sid
        assert NL.in_play(pos.st) is False


@pytest.mark.parametrize(("named", "sunk"), [(False, True), (True, False)])
def test_38_2_a_naval_leader_aboard_adds_one_to_the_attrition_roll(named: bool, sunk: bool,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """10.3.1: 8 MP in winter gives value 1; the roll of 1 sinks the stack, unless Pompey's +1
    (38.2) makes it 2."""
    monkeypatch.setattr(NL, "in_play", lambda st: named)
    pos = naval_position(month=1)
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    pos.leader("pompey", BRUNDISIUM, power="rome")
    pos.st.leaders["pompey"]["aboard"] = fleet
    pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4320"}))
    pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4220"}))
    pos.dice(1)
    out = pos.game.apply("rome", Command("end"))
    roll = next(r for r in out.rolls if r.purpose == "§10.3.1 naval attrition")
    assert roll.result == (2 if named else 1)
    assert (fleet not in pos.st.units) == sunk


def test_38_2_naval_leaders_modify_the_naval_combat_roll_for_their_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(NL, "in_play", lambda st: True)
    pos = naval_position()
    mine = pos.unit("rome", "fleet_18_30", "B4320")
    theirs = pos.unit("dacia", "fleet_18_30", "B4320")
    pos.leader("pompey", "B4320", power="rome")
    pos.st.leaders["pompey"]["aboard"] = mine
    assert NL.edge(pos.st, [mine]) == 1 and NL.edge(pos.st, [theirs]) == 0
    pos.dice(3)
    NAV.naval_combat(pos.st, "rome", [mine], [theirs], "B4320", [])
    roll = pos.st.dice.rolls[-1]
    assert roll.purpose == "§10.7.3 naval combat"
    assert ("§38.2 attacking naval leader", 1) in [(str(p), v) for p, v in roll.modifiers]
