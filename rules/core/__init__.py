"""The rules core shared by every game: dice, commands, outcomes, errors, the Game contract."""

from rules.core.command import (
    ActionSpec,
    ArgSpec,
    Choice,
    Command,
    GameResult,
    OptionSpec,
    Outcome,
    PendingDecision,
    ScenarioInfo,
)
from rules.core.dice import Dice, DiceRoll, seed_hash
from rules.core.errors import NotYetSupported, RuleError
from rules.core.game import Game

__all__ = [
    "ActionSpec",
    "ArgSpec",
    "Choice",
    "Command",
    "Dice",
    "DiceRoll",
    "Game",
    "GameResult",
    "NotYetSupported",
    "OptionSpec",
    "Outcome",
    "PendingDecision",
    "RuleError",
    "ScenarioInfo",
    "seed_hash",
]
