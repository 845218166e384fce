"""The counter manifest (5.7): the counters each faction colour has in each period.

The counter sheets are missing from the rules we hold, so the manifest is built from two data
files: the unit types of ``units.toml`` and, per colour, the Maximum Unit Build Chart of
``charts_build.toml`` (how many counters of each type; ``design``). Each counter has the id
``colour.type.number`` (``red.legion_20_10.03``). The legion counters of the Roman colours carry
the names of the legions of the period (``[counters]`` of the same file, ``history``), elite
legions first, then the 20-10s and the 16-10s; the counters beyond a list are only numbered.

A power recruits no unit of a type once every counter of its colours of that type is in play
(5.7); a scenario sets up no more (checked by the loader with :func:`over_the_mix`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.imperium_romanum.chart_book import ChartBook
from rules.imperium_romanum.validate_charts import LEGION_TYPES


@dataclass(frozen=True)
class Counter:
    """One counter of the mix: its id, colour, unit type, the legion's name (or "") and where
    the name comes from (``history`` for a named legion, ``design`` for a numbered counter)."""

    id: str
    colour: str
    unit_type: str
    name: str
    src: str


def manifest(book: ChartBook, period: str, colour: str) -> tuple[Counter, ...]:
    """Every counter of ``colour`` in ``period``, legions first (5.7)."""
    counts = book.max_build.get(colour, {})
    names = list(book.legion_names.get((period, colour), ()))
    order = [*LEGION_TYPES, *sorted(t for t in counts if t not in LEGION_TYPES)]
    out: list[Counter] = []
    for unit_type in order:
        for number in range(1, int(counts.get(unit_type, 0)) + 1):
            name = names.pop(0) if unit_type in LEGION_TYPES and names else ""
            out.append(Counter(f"{colour}.{unit_type}.{number:02d}", colour, unit_type, name, "history" if name else "design"))
    return tuple(out)


def count(book: ChartBook, period: str, colour: str, unit_type: str) -> int:
    """How many counters of ``unit_type`` the colour has in the period (5.7): the chart's number,
    which is how many :func:`manifest` numbers for the type. Read from the chart, not by building
    the manifest: the build menu asks this for every city and type after every command."""
    return max(0, int(book.max_build.get(colour, {}).get(unit_type, 0)))


def over_the_mix(book: ChartBook, period: str, wanted: dict[tuple[str, str], int]) -> list[tuple[str, str, int, int]]:
    """(colour, unit type, wanted, counters) for each pair of ``wanted`` that needs more
    counters than the colour has in the period (5.7), in order."""
    out = []
    for (colour, unit_type), n in sorted(wanted.items()):
        most = count(book, period, colour, unit_type)
        if n > most:
            out.append((colour, unit_type, n, most))
    return out
