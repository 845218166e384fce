"""Scenario 1 ("The usurpation of Avidius Cassius") end to end on the real data (skips without it)."""

from __future__ import annotations

import json

import pytest

from rules.core.command import Command
from rules.imperator import random_player
from rules.imperator.game import ImperatorGame


def new_game(seed: str = "s1") -> ImperatorGame:
    """Scenario 1 on the shipped data (a broken data file fails these tests, never skips them)."""
    return ImperatorGame.new("avidius_cassius", ["rome", "enemies"], seed, {})


def test_scenario1_opening() -> None:
    g = new_game()
    st = g.state
    assert st.year == 175 and st.end_year == 179
    assert st.initiative == "E"  # the scenario gives the Enemies the initiative in 175
    assert st.leaders["avidius_cassius"].title == "usurper" and st.leaders["avidius_cassius"].owner == "E"
    assert st.leaders["marc_aurele"].title == "augustus" and st.leaders["commode"].title == "caesar"
    assert st.units["iv_scythica"].owner == "E" and st.units["vi_ferrata"].owner == "E"
    assert st.civil_war
    # Rome chooses its Reserve Fronts first (the Enemies have nothing to do in phase C here)
    assert g.to_move() == [st.seat_of("R")] and st.phase == "C"
    view = g.public_view()
    assert view["year"] == 175 and view["zones"]


def test_scenario1_first_turn_commands() -> None:
    g = new_game()
    g.apply("rome", Command("reserve", {"fronts": []}))
    g.apply("rome", Command("end"))
    st = g.state
    assert st.phase in ("D", "E")
    if st.phase == "D":
        g.apply("rome", Command("end"))
    assert g.state.phase == "E" and g.to_move() == ["enemies"]
    g.apply("enemies", Command("end"))  # no movement
    assert g.state.sub in ("move", "combat")


@pytest.mark.parametrize("seed", range(4))
def test_scenario1_random_games_finish_and_replay(seed: int) -> None:
    g = new_game(f"r{seed}")
    start = g.to_json()
    log = random_player.play(g, seed, max_commands=4000)
    assert g.result() is not None
    again = ImperatorGame.from_json(start)
    for seat, cmd in log:
        again.apply(seat, cmd)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(g.to_json(), sort_keys=True)
