"""Ports under siege (§17.2): the besiegers' fleets in the port hex, the blockade, and what it
changes for supply (17.2.1), for fleets going in and out and troops landing or embarking
(17.2.2), for the at-sea rule and for winter attrition (17.2).

On our grid a port is a land hex (IR-ENG-31): the besiegers' fleets stand in the port's hex with
the besieging army. A port is blockaded when they outnumber the besieged side's fleets there
(each 18-30 counter is one fleet, IR-ENG-41).
"""

from __future__ import annotations

from rules.imperium_romanum import board as B
from rules.imperium_romanum.naval_charts import attrition_value
from rules.imperium_romanum.state import IRState

BESIEGER_ATTRITION = 1
"""17.2: the attrition value of besieging fleets that stayed in the port in a winter month; one
that moved rolls against its movement's value plus this."""


def _side(st: IRState, power: str) -> str:
    return B.seat_of(st, power) or power


def besieging_fleets(st: IRState, hex_id: str) -> list[str]:
    """The besieger's fleets in the hex of a besieged port (17.2)."""
    siege = st.sieges.get(hex_id)
    if not siege or not B.is_port(st, hex_id):
        return []
    return [u for u in B.units_at(st, hex_id) if B.is_fleet(st.units[u]) and _side(st, st.units[u]["power"]) == siege["besieger"]]


def besieged_fleets(st: IRState, hex_id: str) -> list[str]:
    """The besieged side's fleets in its port (17.2.2)."""
    siege = st.sieges.get(hex_id)
    if not siege:
        return []
    return [u for u in B.units_at(st, hex_id) if B.is_fleet(st.units[u]) and _side(st, st.units[u]["power"]) == siege["seat"]]


def blockaded(st: IRState, hex_id: str) -> bool:
    """17.2: more fleets among the besiegers than inside the port."""
    return len(besieging_fleets(st, hex_id)) > len(besieged_fleets(st, hex_id))


def shut_for(st: IRState, seat: str, hex_id: str) -> bool:
    """17.2.2: a blockaded port is shut to the besieged side: its fleets neither enter nor
    leave it, and troops neither land in it nor embark there."""
    siege = st.sieges.get(hex_id)
    return siege is not None and siege["seat"] == seat and blockaded(st, hex_id)


def may_join(st: IRState, seat: str, hex_id: str) -> bool:
    """17.2: the besieger's fleets may sail into the port hex of a city his army besieges."""
    siege = st.sieges.get(hex_id)
    return siege is not None and siege["besieger"] == seat and B.is_port(st, hex_id)


def is_besieging_fleet(st: IRState, fid: str) -> bool:
    """A fleet standing in a port its own side besieges (17.2: free of the at-sea rule)."""
    rec = st.units[fid]
    return fid in besieging_fleets(st, rec["hex"])


def winter_value(st: IRState, fid: str) -> int:
    """17.2: a besieging fleet's attrition value: 1, or its movement's value + 1 when it moved."""
    moved = int(st.units[fid].get("mmp", 0))
    return BESIEGER_ATTRITION + attrition_value(moved) if moved else BESIEGER_ATTRITION


def room_inside(st: IRState, hex_id: str) -> int:
    """16.3, 17.2.2: the half-LE the besieged city still holds; troops beyond it stay outside."""
    from rules.imperium_romanum.combat import capacity_at

    siege = st.sieges[hex_id]
    used = sum(B.le_halves(st.units[u]) for u in B.units_at(st, hex_id, True) if B.is_combat(st.units[u]))
    return capacity_at(st, hex_id, str(siege.get("seat") or B.seat_of(st, siege["power"]))) - used
