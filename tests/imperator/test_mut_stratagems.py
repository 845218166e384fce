"""Tests written against the surviving mutants of rules/imperator/stratagems.py (issue 11,
mutation testing), and the stratagem data that must say what the engine does."""

from __future__ import annotations

from rules.imperator import tables as T


def test_fuite_opportune_description_says_the_units_left_behind_fight() -> None:
    """§6.3 with §8 (ruling "§6.3 Fuite opportune: what stays behind fights"): the chit's data text
    no longer claims it avoids the battle; it says the leaders take their CCs and what they
    cannot take fights, as `combat._fuite_go` does (test_mut_rule_questions.py plays both cases)."""
    fuite = {s.id: s for s in T.stratagem_types()}["fuite_opportune"]
    assert fuite.section == "§6.3; §8.1"
    text = fuite.description
    assert not text.startswith("Avoids a battle")
    assert "at most their CCs of units" in text
    assert "units left behind stay with the attacker and the battle is fought with them alone" in text
    assert "only when the whole force gets away is no battle fought" in text
