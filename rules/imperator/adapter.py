"""Bridge from the data helper's ``load_data()`` (rules/imperator/loader.py) to the engine's Board."""

from __future__ import annotations

import hashlib
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import NotYetSupported
from rules.imperator.model import Board, ImperatorState


def data_hash() -> str:
    return hashlib.sha256(b"imperator-no-data").hexdigest()


def board(source: str) -> Board:
    raise NotYetSupported("data", f"board {source!r}: the Imperator data loader has not landed")


def initial_state(scenario: str, dice: Dice, options: dict[str, Any]) -> ImperatorState:
    raise NotYetSupported("data", f"scenario {scenario!r}: the Imperator data loader has not landed")
