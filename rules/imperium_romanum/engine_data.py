"""The engine's look-ups into the charts that several rule modules share, each read from its one
home among the ``charts_<topic>.toml`` files (issue 16): siege attrition and priority (17.3.1,
``charts_siege.toml``), and fort strengths, costs and highest level by period (21.1-21.4,
``charts_mobilization.toml``)."""

from __future__ import annotations

from rules.imperium_romanum.chart_book import ChartBook, MobilizationPeriod
from rules.imperium_romanum.data_model import FORT_LEVEL_NAMES
from rules.imperium_romanum.world import data

FORT_LEVELS = len(FORT_LEVEL_NAMES)
"""Forts have four levels, D (1) to A (4) (21.1)."""
LEVEL_NAMES = ("", *FORT_LEVEL_NAMES)


def chart_book() -> ChartBook:
    """The checked charts of the shipped data (``load_data`` always sets them)."""
    book = data().tables
    assert book is not None, "load_data sets the charts"
    return book


def period_chart(period: str) -> MobilizationPeriod:
    """The Mobilization Chart of ``period`` ("P1" .. "P6", 7.0)."""
    return chart_book().mobilization[period]


def fort_strength(period: str, level: int) -> int:
    """21.4: a fort's strength at ``level`` (1 = D .. 4 = A) in ``period``."""
    return period_chart(period).fort_strength[level - 1] if level > 0 else 0


def fort_max_level(period: str) -> int:
    """21.2: the highest level a fort may reach in ``period`` (1 = D .. 4 = A)."""
    return LEVEL_NAMES.index(period_chart(period).fort_max_level)


def fort_cost_per_level(period: str) -> int:
    """21.1: talents paid for each level built in ``period``."""
    return period_chart(period).fort_cost_per_level


def siege_attrition_value(months: int) -> int:
    """17.3.1: the attrition value after ``months`` months of rolling (1 for the first)."""
    return chart_book().siege.value(months)


def siege_priority() -> tuple[str, ...]:
    """17.3.1: the unit types in the order siege attrition removes them."""
    return chart_book().siege.priority
