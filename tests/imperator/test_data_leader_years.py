"""The leaders' years in counters/leaders.toml agree with the Leader Arrival and Death table.

Both files carry a leader's entry and death years (the counters so that scenarios can be
checked against a leader's years, the table for the death rolls); this keeps them from drifting.
The two files name leaders differently (French or Latin ids), so counters are matched to table
rows by name through the table's aliases.
"""

from __future__ import annotations

from rules.imperator import tables
from rules.imperator.loader import load_data


def table_row_for(leader_id: str, name: str) -> tables.LeaderRow | None:
    for key in (name, leader_id, leader_id.replace("_", " ")):
        try:
            return tables.leader_row(key)
        except KeyError:
            continue
    return None


def test_every_table_row_has_a_counter_with_the_same_years() -> None:
    leaders = load_data(geometry=False).leaders
    matched: set[str] = set()
    mismatches = []
    for leader in leaders.values():
        if leader.generic:
            continue
        row = table_row_for(leader.id, leader.name)
        if row is None:
            continue
        matched.add(row.id)
        if row.entry is not None and leader.enters != row.entry:
            mismatches.append(f"{leader.id}: enters {leader.enters}, the table says {row.entry}")
        if row.death is not None and leader.auto_death != row.death:
            mismatches.append(f"{leader.id}: dies {leader.auto_death}, the table says {row.death}")
    unmatched = sorted({row.id for row in tables.leader_rows()} - matched)
    assert unmatched == [], f"table rows with no counter: {unmatched}"
    assert mismatches == []
