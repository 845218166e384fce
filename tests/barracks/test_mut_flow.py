"""Tests that kill the mutants of rules/barracks/flow.py (issue 11, mutation testing): the turn
of §5.0 (play §6, abilities §10.0, resolution §7.0, Forum §8.0), each outcome compared whole."""

from __future__ import annotations

from test_barracks_cases import fixture

from rules.barracks import flow as F
from rules.barracks.data import FACTION_NAMES


def test_who_names_a_seat_with_its_factions_and_a_rival_by_its_faction() -> None:
    st = fixture().state
    assert F.who(st, "p2") == "p2 (Eagle)"
    faction = sorted(FACTION_NAMES)[0]
    assert F.who(st, faction) == FACTION_NAMES[faction]
