"""The Barracks random player (rules/barracks/random_player.py, issue 11, session 11): it picks
one of the engine's legal commands for the seat to move, and ``play_out`` plays them until the
game ends or the step limit."""

from __future__ import annotations

import random

from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose, play_out
from rules.core.command import Command


def _solo() -> BarracksGame:
    return BarracksGame.new("solo", [], "rp-test", {"rounds": "1"})


def test_choose_picks_a_legal_command_of_the_seat_to_move() -> None:
    g = _solo()
    pick = choose(g, random.Random(7))
    assert pick == ("p1", Command("play", {"card": "tribute-3", "space": "D7"}))
    assert pick[1] in list(g.legal_commands("p1"))


def test_play_out_stops_at_the_limit_then_at_the_end() -> None:
    g = _solo()
    assert play_out(g, random.Random(7), max_steps=5) == 5
    assert g.result() is None
    g = _solo()
    assert play_out(g, random.Random(7)) == 20
    assert g.result() is not None
    assert (g.to_move(), choose(g, random.Random(1))) == ([], None)
    assert play_out(g, random.Random(1)) == 0
