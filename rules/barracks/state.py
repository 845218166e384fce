"""The state of a game of The Barracks Emperors: plain JSON-able fields, fast to copy."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from rules.core.dice import Dice


@dataclass
class BarracksState:
    scenario: str
    mode: str  # "4p", "3p", "2p", "partnership", "solo"
    seats: list[str]
    dice: Dice
    learning: bool = False
    rounds: int = 3
    round: int = 1
    # Emperors: emperor-space label -> emperor id (Roma is not listed; see ``roma``)
    emperors: dict[str, str] = field(default_factory=dict)
    emperor_deck: list[str] = field(default_factory=list)
    pretenders: list[str] = field(default_factory=list)  # the Pretenders box
    pretender_ids: list[str] = field(default_factory=list)  # all six chosen at setup
    removed: list[str] = field(default_factory=list)  # Emperors out of the game
    # Influence spaces: label -> card id; a Barbarian may lie on top of a card
    cards: dict[str, str] = field(default_factory=dict)
    barbs: dict[str, str] = field(default_factory=dict)
    counters: dict[str, list[int]] = field(default_factory=dict)  # card id -> [1, 2]
    placed_by: dict[str, str] = field(default_factory=dict)  # card id -> seat or rival faction
    flipped: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)  # index 0 is the top card
    forum: list[str] = field(default_factory=list)  # index 0 is the leftmost (lowest) card
    discard: list[str] = field(default_factory=list)  # last is the top card
    box: list[str] = field(default_factory=list)  # Barbarians set aside
    areas: dict[str, list[str]] = field(default_factory=dict)  # scoring areas: emperor/barbarian ids
    start_seat: str = ""
    active: str = ""  # the seat (or solo rival faction) whose turn it is
    phase: str = "play"  # play, ability, resolve, select, frumentarii, over
    played: dict[str, Any] = field(default_factory=dict)
    princeps: bool = False
    seen: list[str] = field(default_factory=list)  # Frumentarii: cards looked at (private)
    demagogue: str | None = None  # seat (or faction in solo) whose Demagogue window is open
    exhausted: bool = False
    revealed: dict[str, list[str]] = field(default_factory=dict)
    last: list[str] = field(default_factory=list)  # public lines of the last turn
    turn: int = 0
    # solo
    difficulty: str = ""
    roma: str = ""  # "", "fortified", "unfortified", "sacked"
    roma_start: str = ""
    path: str | None = None  # faction whose invasion path is current
    lost: str = ""
    pending: dict[str, Any] = field(default_factory=dict)  # open decision of the solo player
    resume: list[dict[str, Any]] = field(default_factory=list)  # what to do after the decision
    decision_seq: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> BarracksState:
        new = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list | dict):
                setattr(new, f.name, copy.deepcopy(value, memo))
        new.dice = Dice(self.dice.seed, self.dice.counter, list(self.dice.rolls))
        return new

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "dice":
                data["dice"] = value.to_json()
            else:
                data[f.name] = copy.deepcopy(value)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BarracksState:
        kwargs = dict(data)
        kwargs["dice"] = Dice.from_json(data["dice"])
        names = {f.name for f in fields(cls)}
        return cls(**{k: copy.deepcopy(v) for k, v in kwargs.items() if k in names})
