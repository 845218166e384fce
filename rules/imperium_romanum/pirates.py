"""The pirates of §27.1 (scenario 2 uses their bases, IR-SCN-2): their harbours on every
coastal sea hex, their 24 MP tether to the bases, their naval bonus and attrition modifier,
invasions without a leader, the tax they cost a province, and their light infantry that
stays with its fleets (IR-ENG-36 reads each on our grid).

The grain interference of §27.1.4 is ``pirate_grain.py``; Rhodus (§27.2) is in no scenario the
engine plays.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import SEA_KINDS, data, shore, world

PIRATE_POWERS = ("pirates",)
"""The power ids that are the pirates of 27.1."""
TETHER_MP = 24
"""27.1.1: no pirate unit enters a hex more than 24 MP from a starting hex of the pirates."""
ATTRITION_BONUS = 1
"""27.1.2: +1 to the pirates' naval attrition rolls."""


def naval_bonus(st: IRState, seat: str) -> int:
    """27.1.2, 38: the naval bonus of a seat (the scenario's ``naval_bonus`` of its powers, the
    best when several; the pirates' +1 of scenario 2)."""
    bonus = {p.id: p.naval_bonus for p in data().scenarios[st.scenario].powers}
    return max((bonus.get(p, 0) for p in B.powers_of(st, seat)), default=0)


def is_pirate(power: str) -> bool:
    return power in PIRATE_POWERS


def seat_is_pirate(st: IRState, seat: str) -> bool:
    """A seat whose powers are all pirates (the pirate player of scenario 2)."""
    powers = B.powers_of(st, seat)
    return bool(powers) and all(is_pirate(p) for p in powers)


def pirate_harbour(st: IRState, seat: str, hex_id: str) -> bool:
    """27.1.2: pirates treat every coastal hex without a city as a port for 10.2 and 10.4; on our
    grid, every coastal sea hex (IR-ENG-36)."""
    return seat_is_pirate(st, seat) and data().hexes[hex_id].kind == "coastal"


@lru_cache(maxsize=8)
def zone(scenario: str) -> frozenset[str]:
    """27.1.1: the hexes within 24 MP of a pirate starting hex: sea hexes and ports by naval MP at
    summer costs (IR-ENG-36), and the land hexes next to them, where pirates may land."""
    bases = sorted({d.hex for d in data().scenarios[scenario].deployments if is_pirate(d.power)})
    w = world(scenario)
    best: dict[str, int] = {h: 0 for h in bases}
    queue = [(0, h) for h in bases]
    heapq.heapify(queue)
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for there, cost in w.sea_steps(here, False):
            total = spent + cost
            if total <= TETHER_MP and total < best.get(there, TETHER_MP + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    found = set(best)
    for hex_id in sorted(best):
        if data().hexes[hex_id].kind in SEA_KINDS:
            found.update(shore(hex_id))  # the land hexes and island boxes it touches (3.1.1)
    return frozenset(found)


def _around(hex_id: str) -> list[str]:
    from rules.imperium_romanum.grid import global_colrow, neighbours, printed_id

    col, row = global_colrow(hex_id)
    return [h for h in (printed_id(c, r) for c, r in neighbours(col, row)) if h in data().hexes]


def may_go(st: IRState, powers: list[str], hex_id: str) -> bool:
    """27.1.1: pirate pieces never leave their zone."""
    return not any(is_pirate(p) for p in powers) or hex_id in zone(st.scenario)


def ports_held(st: IRState, province: str) -> int:
    """27.1.3: the hexes of a province's coast held by pirate units at Taxation (IR-ENG-36: each
    coastal sea hex with a pirate unit next to the province, and each of its ports they hold)."""
    held = set()
    for rec in st.units.values():
        if not is_pirate(rec["power"]):
            continue
        cell = data().hexes[rec["hex"]]
        if cell.kind == "land" and cell.province == province and B.is_port(st, rec["hex"]):
            held.add(rec["hex"])
        elif cell.kind == "coastal" and any(data().hexes[n].province == province for n in _around(rec["hex"])
                                            if data().hexes[n].kind == "land"):  # fmt: skip
            held.add(rec["hex"])
    return len(held)
