"""The one tie-break by dice (5.3, 20.2, 20.3): a d6 each, high wins, the tied roll again."""

from __future__ import annotations

from rules.core.i18n import _
from rules.imperium_romanum import neutrals as N
from tests.imperium_romanum.builder import Position


def test_roll_off_high_wins_and_only_the_tied_roll_again() -> None:
    pos = Position("s12", month=6, segment="diplomacy", active="rome")
    pos.dice(5, 5, 2, 3, 6)  # a 5, b 5, c 2: a and b roll again, 3 against 6
    won = N.roll_off(pos.st, ["a", "b", "c"], lambda x: _("§5.3 farthest power roll-off {seat}", seat=x), [])
    assert won == "b"
    assert [str(r.purpose) for r in pos.st.dice.rolls] == [
        "§5.3 farthest power roll-off a", "§5.3 farthest power roll-off b", "§5.3 farthest power roll-off c",
        "§5.3 farthest power roll-off a", "§5.3 farthest power roll-off b",
    ]


def test_roll_off_of_one_candidate_rolls_nothing() -> None:
    pos = Position("s12", month=6, segment="diplomacy", active="rome")
    assert N.roll_off(pos.st, ["a"], lambda x: _("§5.3 farthest power roll-off {seat}", seat=x), []) == "a"
    assert pos.st.dice.rolls == []
