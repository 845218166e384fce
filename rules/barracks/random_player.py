"""A random legal player: picks uniformly among the legal commands (tests, benchmark); the
shared player of ``rules.core.players``."""

from __future__ import annotations

import random

from rules.barracks.game import BarracksGame
from rules.core import players
from rules.core.command import Command


def choose(game: BarracksGame, rng: random.Random) -> tuple[str, Command] | None:
    """A (seat, command) to play now, or None when the game is over."""
    return players.random_legal(game, rng)


def play_out(game: BarracksGame, rng: random.Random, max_steps: int = 20000) -> int:
    """Play random legal commands until the game ends; returns the number of commands."""
    return players.play_out(game, choose, rng, max_steps)
