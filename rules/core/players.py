"""Automatic players shared by every game (tests, benchmarks, calibration): the random legal
player and the loop that plays a game out with any chooser."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core.command import Command
from rules.core.game import Game

Choice = tuple[str, Command]
Chooser = Callable[[Any, random.Random], "Choice | None"]
"""``(game, rng) -> (seat, command)`` to play now, or None when nobody can act."""


def random_legal(game: Game[Any], rng: random.Random, *, prefer: str = "",
                 chance: float = 0.0) -> Choice | None:
    """A uniformly random legal command of the first seat to move (``game.legal_commands``).
    ``prefer``: a verb picked with probability ``chance`` when legal (``end`` would otherwise
    be rare among hundreds of builds)."""
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    commands = list(game.legal_commands(seat))  # type: ignore[attr-defined]
    if not commands:
        return None
    if prefer:
        preferred = [c for c in commands if c.name == prefer]
        if preferred and rng.random() < chance:
            return seat, preferred[0]
    return seat, rng.choice(commands)


def play_out(game: Game[Any], choose: Chooser, rng: random.Random, max_steps: int) -> int:
    """Apply ``choose``'s commands until it has none or ``max_steps``; the number applied."""
    steps = 0
    while steps < max_steps:
        pick = choose(game, rng)
        if pick is None:
            break
        game.apply(*pick)
        steps += 1
    return steps
