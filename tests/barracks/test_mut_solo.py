"""Tests that kill the mutants of rules/barracks/solo.py (issue 11, mutation testing): the solo
game of §15 (rivals' placement §15.2.5, ties §15.2.6, draws and refills, scoring §15.3)."""

from __future__ import annotations

from test_barracks_cases import fixture


def test_a_solo_game_starts_on_the_player_seat() -> None:
    g = fixture("solo")
    assert g.state.mode == "solo"
    assert g.state.active == "p1"
