"""Limitanei (§30): the frontier guards of the provinces a scenario names, in every hex of such a
province next to a non-Roman province, slowing the non-Roman units that enter it.

A province not controlled by a Roman faction is non-Roman (30.0), whoever holds it or nobody.
The guards exist only while a Roman faction controls their own province. The extra cost is the
scenario's (``limitanei`` in its ``[scenario]`` table). Ruling IR-ENG-51.
"""

from __future__ import annotations

from functools import lru_cache

from rules.imperium_romanum.grid import global_colrow, neighbours, printed_id
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def _roman(st: IRState, province: str) -> bool:
    owner = st.province_owner.get(province, "")
    return bool(owner) and st.powers[owner]["kind"] == "roman" and not st.powers[owner]["dissolved"]


@lru_cache(maxsize=4096)
def _neighbour_provinces(hex_id: str) -> tuple[str, ...]:
    """The provinces of the land hexes around ``hex_id`` other than its own (cached per map)."""
    own = data().hexes[hex_id].province
    col, row = global_colrow(hex_id)
    found = []
    for c, r in neighbours(col, row):
        cell = data().hexes.get(printed_id(c, r))
        if cell is not None and cell.kind == "land" and cell.province != own:
            found.append(cell.province)
    return tuple(sorted(set(found)))


def guarded(st: IRState, hex_id: str) -> bool:
    """30.0: the hex lies in a limitanei province that a Roman faction controls and touches a
    non-Roman province (one no Roman faction controls, or a land of no province)."""
    scen = data().scenarios[st.scenario]
    province = data().hexes[hex_id].province
    if not scen.limitanei or province not in scen.limitanei or not _roman(st, province):
        return False
    return any(not other or not _roman(st, other) for other in _neighbour_provinces(hex_id))


def extra_cost(st: IRState, powers: list[str], hex_id: str) -> int:
    """30.0: the MP a group of ``powers`` pays on top of the normal cost to enter ``hex_id``:
    the scenario's cost when a non-Roman unit is in the group and the hex holds limitanei."""
    if not any(st.powers[p]["kind"] != "roman" for p in powers):
        return 0
    return data().scenarios[st.scenario].limitanei_cost if guarded(st, hex_id) else 0
