"""The engine's own authored tables (``data/engine.toml``: siege attrition and priority),
loaded once and checked (§17.3.1)."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ENGINE_FILE = Path(__file__).resolve().parent / "data" / "engine.toml"


@dataclass(frozen=True)
class EngineTables:
    siege_attrition: tuple[int, ...]
    siege_priority: tuple[str, ...]
    fort_strength: dict[str, tuple[int, ...]]
    fort_max_level: dict[str, int]
    fort_cost_per_level: int
    unit_costs: dict[str, int]
    digest: str


@lru_cache(maxsize=1)
def tables() -> EngineTables:
    raw = ENGINE_FILE.read_bytes()
    doc = tomllib.loads(raw.decode("utf-8"))
    values = tuple(int(v) for v in doc["siege_attrition"]["values"])
    if not values or any(not 0 <= v <= 6 for v in values):
        raise ValueError("engine.toml: siege_attrition values are d6 targets from 0 to 6")
    order = tuple(str(v) for v in doc["siege_priority"]["order"])
    forts = doc["fortifications"]
    strength = {str(p): tuple(int(v) for v in row) for p, row in forts["strength"].items()}
    if any(len(row) != FORT_LEVELS for row in strength.values()):
        raise ValueError("engine.toml: fortifications.strength needs one value per level D, C, B, A")
    max_level = {str(p): int(v) for p, v in forts["max_level"].items()}
    costs = {str(k): int(v) for k, v in doc["mobilization_costs"].items() if isinstance(v, int)}
    return EngineTables(values, order, strength, max_level, int(forts["cost_per_level"]), costs,
                        hashlib.sha256(raw).hexdigest())


FORT_LEVELS = 4
"""Forts have four levels, D (1) to A (4) (21.1)."""
LEVEL_NAMES = ("", "D", "C", "B", "A")


def fort_strength(period: str, level: int) -> int:
    """21.4: a fort's strength at ``level`` (1 = D .. 4 = A) in ``period``."""
    return tables().fort_strength[period][level - 1] if level > 0 else 0


def siege_attrition_value(months: int) -> int:
    """17.3.1: the attrition value after ``months`` months of rolling (1 for the first)."""
    values = tables().siege_attrition
    return values[min(len(values), max(1, months)) - 1]
