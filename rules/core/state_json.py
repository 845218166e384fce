"""JSON of a game state kept as a dataclass with a ``dice`` field (Rome, IInc., Imperium
Romanum): every field deep-copied, the dice through their own JSON, unknown keys ignored."""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any, TypeVar

from rules.core.dice import Dice

State = TypeVar("State")


def state_to_json(state: Any) -> dict[str, Any]:
    """Every field of the dataclass ``state``; ``dice`` as ``Dice.to_json``."""
    data: dict[str, Any] = {}
    for f in fields(state):
        value = getattr(state, f.name)
        data[f.name] = value.to_json() if f.name == "dice" else copy.deepcopy(value)
    return data


def state_from_json(cls: type[State], data: dict[str, Any]) -> State:
    """The dataclass ``cls`` rebuilt from :func:`state_to_json` (keys it lacks are dropped)."""
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    kwargs = {k: copy.deepcopy(v) for k, v in data.items() if k in names}
    kwargs["dice"] = Dice.from_json(data["dice"])
    return cls(**kwargs)
