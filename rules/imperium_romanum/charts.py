"""The authored charts of Imperium Romanum and their look-ups (digest §3.2 #3).

Read from ``data/charts.toml`` by the loader; each look-up cites the rule that uses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

CER_GRADES = ("A", "B", "C", "D")
RESULT_CODES = ("E", "A", "D", "1/2A", "1/2D", "1/4A", "1/4D", "3/4A", "3/4D", "N")
WINNERS = ("attacker", "defender")
SUPPLY_ROLLS = tuple(range(2, 13))
SUPPLY_MAX_LE = 10


@dataclass(frozen=True)
class CrtCell:
    """One Land CRT result (§14.5): each side's result and the bold winner."""

    attacker: str
    defender: str
    winner: str


@dataclass(frozen=True)
class Charts:
    """Every authored chart, checked complete by the loader."""

    cer: Mapping[str, Mapping[str, int]]
    crt_columns: tuple[str, ...]
    crt_rows: tuple[int, ...]
    land_crt: Mapping[int, tuple[CrtCell, ...]]
    terrain_costs: Mapping[str, tuple[int, int, int, int]]
    crossings: Mapping[str, int]
    supply: Mapping[int, tuple[int, ...]]
    forage: Mapping[str, tuple[int, int, int, int]]
    naval_siege_attrition: tuple[int, int]


def cer_modifier(charts: Charts, attacker: str, defender: str) -> int:
    """§14.4.3: the Combat Efficiency Chart's die modifier, attacker's CER against defender's."""
    return charts.cer[attacker][defender]


def land_result(charts: Charts, column: str, modified_roll: int) -> CrtCell:
    """§14.4-14.5: the Land CRT cell; rolls beyond the printed rows use the end rows."""
    row = max(charts.crt_rows[0], min(charts.crt_rows[-1], modified_roll))
    return charts.land_crt[row][charts.crt_columns.index(column)]


def entry_cost(charts: Charts, terrain: str, road: bool, winter: bool) -> int:
    """§12.1: MP to enter a hex of ``terrain``."""
    return charts.terrain_costs[terrain][(2 if winter else 0) + (1 if road else 0)]


def supply_required(charts: Charts, le: int, roll: int) -> int:
    """§13.2: SP a group of ``le`` legion equivalents needs on a modified 2d6 ``roll``.

    Above 10 LE, one roll covers each 10 LE or part of them; this is the value of one such roll.
    """
    row = max(SUPPLY_ROLLS[0], min(SUPPLY_ROLLS[-1], roll))
    return charts.supply[row][min(SUPPLY_MAX_LE, max(1, le)) - 1]
