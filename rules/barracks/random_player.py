"""A random legal player: picks uniformly among the legal commands (tests, benchmark)."""

from __future__ import annotations

import random

from rules.barracks.game import BarracksGame
from rules.core.command import Command


def choose(game: BarracksGame, rng: random.Random) -> tuple[str, Command] | None:
    """A (seat, command) to play now, or None when the game is over."""
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    cmds = game.legal_commands(seat)
    if not cmds:
        return None
    return seat, rng.choice(cmds)


def play_out(game: BarracksGame, rng: random.Random, max_steps: int = 20000) -> int:
    """Play random legal commands until the game ends; returns the number of commands."""
    steps = 0
    while steps < max_steps:
        pick = choose(game, rng)
        if pick is None:
            break
        game.apply(*pick)
        steps += 1
    return steps
