"""``counters.count`` (5.7) reads the Maximum Unit Build Chart directly; it must give, for every
colour, period and unit type, exactly the number of counters the manifest holds."""

from __future__ import annotations

from rules.imperium_romanum.counters import count, manifest
from rules.imperium_romanum.world import data


def test_count_is_the_number_of_counters_of_the_manifest() -> None:
    book = data().tables
    assert book is not None
    periods = sorted({s.period for s in data().scenarios.values()} | {p for p, _ in book.legion_names})
    checked = 0
    for colour in sorted(book.max_build):
        for period in periods:
            counters = manifest(book, period, colour)
            for unit_type in sorted({*book.max_build[colour], "no_such_type"}):
                assert count(book, period, colour, unit_type) == sum(
                    1 for c in counters if c.unit_type == unit_type
                ), (colour, period, unit_type)
                checked += 1
    assert count(book, periods[0], "no_such_colour", "legion_20_10") == 0
    assert checked > 50
