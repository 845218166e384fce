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
    digest: str


@lru_cache(maxsize=1)
def tables() -> EngineTables:
    raw = ENGINE_FILE.read_bytes()
    doc = tomllib.loads(raw.decode("utf-8"))
    values = tuple(int(v) for v in doc["siege_attrition"]["values"])
    if not values or any(not 0 <= v <= 6 for v in values):
        raise ValueError("engine.toml: siege_attrition values are d6 targets from 0 to 6")
    order = tuple(str(v) for v in doc["siege_priority"]["order"])
    return EngineTables(values, order, hashlib.sha256(raw).hexdigest())


def siege_attrition_value(months: int) -> int:
    """17.3.1: the attrition value after ``months`` months of rolling (1 for the first)."""
    values = tables().siege_attrition
    return values[min(len(values), max(1, months)) - 1]
