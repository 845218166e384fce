"""The pirates' grain interference (§27.1.4): in the Diplomacy Phase the pirate player may set
fleets within 30 naval MP of a grain province against it; every two fleets set against a
province take one of its wheat symbols from the owner of Roma (22.2) this month, and a fleet so
used neither sails nor starts a combat this month (IR-ENG-75).

Command (Diplomacy Phase, the pirates' seat): ``interfere {fleets, province}``.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import board as B
from rules.imperium_romanum import pirates as P
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

REACH_MP = 30
"""27.1.4: a pirate fleet interferes with a grain province within 30 naval movement points."""
FLEETS_PER_WHEAT = 2
"""27.1.4: one wheat symbol less for every two pirate fleets."""
GRAIN_CITY = "roma"
"""27.1.4: the interference hurts the owner of Roma."""


def grain_provinces() -> tuple[str, ...]:
    """The provinces with wheat on the Province Display (22.2), by id."""
    return tuple(sorted(p for p, entry in data().display.items() if entry.wheat > 0))


def provinces_in_reach(st: IRState, fid: str) -> tuple[str, ...]:
    """The grain provinces within 30 naval MP of the fleet (the sea graph of the season; a
    province is reached at one of its ports or at a sea hex beside its land), by id."""
    return _reach(st.scenario, st.units[fid]["hex"], st.season == "winter")


@lru_cache(maxsize=1024)
def _reach(scenario: str, origin: str, winter: bool) -> tuple[str, ...]:
    """``provinces_in_reach`` for a fleet in ``origin``, cached per map, hex and season."""
    from rules.imperium_romanum.naval import _land_around

    w = world(scenario)
    best = {origin: 0}
    queue = [(0, origin)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for there, cost in w.sea_steps(here, winter):
            if spent + cost <= REACH_MP and spent + cost < best.get(there, REACH_MP + 1):
                best[there] = spent + cost
                heapq.heappush(queue, (spent + cost, there))
    grain = grain_provinces()
    found = set()
    for hex_id in best:
        near = [hex_id] if data().hexes[hex_id].kind == "land" else _land_around(hex_id)
        found |= {data().hexes[h].province for h in near if data().hexes[h].province in grain}
    return tuple(sorted(found))


def check_interfere(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], str]:
    """Every condition of an interference, changing nothing: the fleets and the province."""
    if not P.seat_is_pirate(st, seat):
        raise RuleError("§27.1.4", _("only the pirates interfere with grain"))
    province = str(args.get("province", ""))
    if province not in grain_provinces():
        raise RuleError("§27.1.4", _("{province} grows no grain for Roma", province=province or "?"))
    fleets = B.ids_of(args.get("fleets"))
    if not fleets or len(set(fleets)) != len(fleets):
        raise RuleError("§27.1.4", _("name the fleets, each once"))
    for fid in fleets:
        rec = st.units.get(fid)
        if rec is None or not B.is_fleet(rec) or B.seat_of(st, rec["power"]) != seat:
            raise RuleError("§27.1.4", _("{fleet} is not a fleet of yours", fleet=fid))
        if fid in st.grain_blocks:
            raise RuleError("§27.1.4", _("{fleet} already interferes with one province this month", fleet=fid))
        if province not in provinces_in_reach(st, fid):
            raise RuleError("§27.1.4", _("{fleet} is more than 30 naval MP from {province}", fleet=fid,
                                         province=data().provinces[province].name))  # fmt: skip
    return fleets, province


def interfere(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    fleets, province = check_interfere(st, seat, args)
    for fid in fleets:
        st.grain_blocks[fid] = province
    st.stat("grain_interference")
    # an order of the simultaneous Diplomacy Phase: the pirates' secret until its summary (IR-DIS-6)
    lines.append(B.secret(_told(len(fleets), province), seat))


def _told(n: int, province: str) -> Text:
    return _n("{n} pirate fleet lies off {province} to seize its grain (27.1.4).",
              "{n} pirate fleets lie off {province} to seize its grain (27.1.4).", n,
              province=data().provinces[province].name)  # fmt: skip


def summary(st: IRState, lines: list[Text]) -> None:
    """IR-DIS-6: when the Diplomacy Phase closes, one public line per province the pirates lie
    off this month (how many fleets, never which), before the grain check that feels it (22.2.2)."""
    counted: dict[str, int] = {}
    for fid, province in sorted(st.grain_blocks.items()):
        if fid in st.units:
            counted[province] = counted.get(province, 0) + 1
    for province in sorted(counted):
        lines.append(_told(counted[province], province))


def wheat_lost(st: IRState, power: str, province: str) -> int:
    """27.1.4: wheat symbols of ``province`` the owner of Roma cannot use this month."""
    if st.city_owner.get(GRAIN_CITY, "") != power:
        return 0
    fleets = sum(1 for fid, target in st.grain_blocks.items() if target == province and fid in st.units)
    return fleets // FLEETS_PER_WHEAT


def check_fleets_free(st: IRState, fleets: list[str]) -> None:
    """27.1.4: a fleet that interferes this month does not move or start a combat."""
    busy = [f for f in fleets if f in st.grain_blocks]
    if busy:
        raise RuleError("§27.1.4", _("{fleets} interfere with grain this month: they neither sail nor attack",
                                     fleets=", ".join(busy)))  # fmt: skip


def commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """For the legal-command list: per grain province, every free pirate fleet in reach of it."""
    if not P.seat_is_pirate(st, seat):
        return []
    free = sorted(f for f, r in st.units.items() if B.is_fleet(r) and B.seat_of(st, r["power"]) == seat
                  and f not in st.grain_blocks)  # fmt: skip
    reach = {f: provinces_in_reach(st, f) for f in free}
    out = []
    for province in grain_provinces():
        fleets = [f for f in free if province in reach[f]]
        if len(fleets) >= FLEETS_PER_WHEAT:
            out.append({"fleets": fleets, "province": province})
    return out
