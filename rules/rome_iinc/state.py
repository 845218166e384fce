"""The state of a game of Rome, IInc.: plain JSON-able fields (no sets), fast to copy."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from rules.core.dice import Dice
from rules.core.state_json import state_from_json, state_to_json


@dataclass
class RomeState:
    scenario: str
    mode: str  # "solo" (one person holds both seats) or "coop"
    dice: Dice
    options: dict[str, str] = field(default_factory=dict)
    turn: int = 1
    phase: str = "event"  # event, treasury, unrest, war, victory, over
    step: str = ""  # the player step of the phase: "", "bankrupt", "unrest", "war"
    gold: dict[str, int] = field(default_factory=dict)
    prestige: dict[str, int] = field(default_factory=dict)
    unrest: dict[str, int] = field(default_factory=dict)
    fallen: dict[str, bool] = field(default_factory=dict)
    # Provinces: status of every non-Homeland province; tribe of each Foederati one
    status: dict[str, str] = field(default_factory=dict)
    tribe: dict[str, str] = field(default_factory=dict)
    # Units: id -> {"type", "vet", "loc"}; loc is a province, "barracks" or "removed"
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Wars: id -> "cup", a province, "box:<command>" (after a Triumph), "out" (not in play)
    wars: dict[str, str] = field(default_factory=dict)
    # Leaders: id -> "cup", "war:<war id>", "home:<homeland>", "dead", "out"
    leaders: dict[str, str] = field(default_factory=dict)
    # Statesmen: id -> "down", "up" (face up in the Statesmen Box), "emperor", "governor",
    # "dead", "leader", "out"
    statesmen: dict[str, str] = field(default_factory=dict)
    emperors: dict[str, str] = field(default_factory=dict)  # empire -> statesman id or "generic"
    rebel_emperor: dict[str, bool] = field(default_factory=dict)
    sole: str = ""  # the empire whose Emperor is Sole Emperor (Viceroy or Fall counter), or ""
    # Commands: id -> {"gov": statesman id | "generic", "rebel": bool, "war": war id | ""}
    commands: dict[str, dict[str, Any]] = field(default_factory=dict)
    dynasties: list[str] = field(default_factory=list)  # in the Dynasties Box, in order
    dynasties_down: list[str] = field(default_factory=list)  # face down among the Statesmen
    events: dict[str, int] = field(default_factory=dict)  # cell "w-p" -> 1 single, 2 doubled
    # Turn bookkeeping
    pillaged: list[str] = field(default_factory=list)
    visited: dict[str, list[str]] = field(default_factory=dict)
    fought_wars: list[str] = field(default_factory=list)
    fought_commanders: list[str] = field(default_factory=list)
    fought_provinces: list[str] = field(default_factory=list)
    fought_rebels: list[str] = field(default_factory=list)
    extra_draws: int = 0
    ended: dict[str, bool] = field(default_factory=dict)
    bought: dict[str, int] = field(default_factory=dict)  # Prestige bought this turn (10.5.1)
    # Player obligations, first first: {"id", "empire", "kind", ...}
    tasks: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)  # a consent asked of the other seat
    next_scenarios: list[str] = field(default_factory=list)  # extended game (13.2)
    seq: int = 0
    last: list[str] = field(default_factory=list)  # the public lines of the last command
    drawn: str = ""  # fingerprint of the map at the last picture posted (game.map_drawn)
    drawn_at: list[Any] = field(default_factory=list)  # [phase, turn] after the last command
    result: dict[str, Any] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> RomeState:
        """A structured copy: flat dicts and lists are copied by one level, nested records
        (units, commands, tasks, pending, result) one level deeper."""
        new = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("units", "commands"):
                setattr(new, f.name, {k: dict(v) for k, v in value.items()})
            elif f.name in ("tasks", "pending", "result", "visited", "options"):
                setattr(new, f.name, copy.deepcopy(value, memo))
            elif isinstance(value, dict):
                setattr(new, f.name, dict(value))
            elif isinstance(value, list):
                setattr(new, f.name, list(value))
        new.dice = Dice(self.dice.seed, self.dice.counter, list(self.dice.rolls))
        return new

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RomeState:
        return state_from_json(cls, data)
