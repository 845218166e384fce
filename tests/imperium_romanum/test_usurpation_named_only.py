"""44.2's note as a game option: ``usurpation_named_only=yes`` limits rule 44 to named leaders
(IR-ENG-137); an unnamed leader (random event D's counters) then never rolls."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.imperium_romanum import game as G
from rules.imperium_romanum import usurpation as U
from tests.imperium_romanum.builder import Position

NOVAE = "B4913"  # Moesia Inferior


def _won_at_adverse_odds(named_only: str, leader: str) -> Position:
    """A Roman leader who is not the Emperor wins at 20 against 40 and the d6 shows 6."""
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options.update(roman_usurpation="yes", usurpation_named_only=named_only)
    pos.leader(leader, NOVAE, "rome")
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.dice(6, 6, 6)
    battle: dict[str, Any] = {"winner_leader": leader, "odds": [20, 40], "attacker_won": True}
    U.after_battle(pos.st, battle, [])
    return pos


def _usurpation_rolls(pos: Position) -> list[str]:
    return [r.purpose for r in pos.st.dice.rolls if r.purpose.startswith("§44.1 usurpation")]


def test_44_2_note_an_unnamed_leader_never_rolls_when_the_option_is_on() -> None:
    pos = _won_at_adverse_odds("yes", "unnamed_1_a")
    assert _usurpation_rolls(pos) == []
    assert [p for p in pos.st.powers if p.startswith("usurper")] == []
    assert pos.st.leaders["unnamed_1_a"]["power"] == "rome"


def test_44_2_note_off_an_unnamed_leader_rolls_and_is_proclaimed_on_a_six() -> None:
    pos = _won_at_adverse_odds("no", "unnamed_1_a")
    assert _usurpation_rolls(pos) == ["§44.1 usurpation by Unnamed leader (+1)"]
    assert pos.st.leaders["unnamed_1_a"]["power"] == "usurper_unnamed_1_a"


def test_44_2_note_on_a_named_leader_still_rolls_and_is_proclaimed_on_a_six() -> None:
    pos = _won_at_adverse_odds("yes", "hadrian")
    assert _usurpation_rolls(pos) == ["§44.1 usurpation by Hadrian"]
    assert pos.st.leaders["hadrian"]["power"] == "usurper_hadrian"


def test_44_2_note_is_an_option_of_game_new_with_no_by_default() -> None:
    spec = next(s for s in G.ImperiumRomanumGame.option_specs() if s.name == "usurpation_named_only")
    assert (spec.default, spec.choices) == ("no", ("no", "yes"))


@pytest.mark.parametrize("options", [
    {"roman_usurpation": "yes", "usurpation_named_only": "maybe"},  # not yes or no
    {"usurpation_named_only": "yes"},  # the note without rule 44
])  # fmt: skip
def test_44_2_note_other_values_are_refused_naming_44_2(options: dict[str, str]) -> None:
    with pytest.raises(RuleError) as err:
        G.ImperiumRomanumGame.new("s12", ["rome", "dacia"], "seed", options)
    assert err.value.section == "§44.2"
    assert "usurpation_named_only" in str(err.value)
