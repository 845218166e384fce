"""What must hold in every Imperium Romanum state (issue 17's property tests and benchmark).

:func:`violations` lists, in plain developer words, every broken invariant of a state and of its
views; an empty list means the state is sound. The checks:

- every unit is in exactly one place: on the map (``units``, a hex of the grid) or eliminated;
  a leader is on the map (a hex of the grid), captured (by a power) or dead (3.1, 18.2);
- a piece on a sea hex is a fleet or aboard a fleet in that hex; a fleet on land is in a port
  (10.2, 10.4); a fleet carries no more than its capacity (10.4.1);
- stacking: pieces of one player in a hex may all stack together (3.3 is unlimited in number;
  5.2, 5.8 say who may share a hex); a besieged unit is in a city's hex (17.0), and a besieged
  city holds no more than its capacity (16.3);
- what the views draw is on the grid: stacks, sieges, forts, forts under construction; plunder is
  kept per province (24.1);
- no view shows what a stack hides (3.2): the public view has only the top unit and the size,
  names no unit or leader, and counts every piece on the map once, except the raises of a
  Taxation & Mobilization Phase still open, which only their own seat's view counts (IR-ENG-60);
  no raise is held outside that phase.
"""

from __future__ import annotations

from rules.imperium_romanum import board as B
from rules.imperium_romanum.combat import capacity_at
from rules.imperium_romanum.grid import global_colrow, neighbours, printed_id
from rules.imperium_romanum.naval_charts import naval_charts
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.views import public_view, seat_view
from rules.imperium_romanum.world import SEA_KINDS, data

PUBLIC_STACK_KEYS = frozenset({"hex", "side", "besieged", "top", "top_name", "size", "power", "colour"})
"""``top_name``: the top counter's legion name, public like its type (IR-DIS-20), where it has
one; ``power``: the top counter's power, and ``colour``: the colour printed on it (5.7), both
public like the counter itself (IR-DIS-30, IR-ENG-167)."""


def violations(st: IRState, views: bool = True) -> list[str]:
    """Every invariant ``st`` breaks (empty when sound); ``views`` checks the views too."""
    out = _places(st) + _stacking(st) + _map_marks(st) + _counters(st)
    if views:
        out += _views(st)
    return out


def _counters(st: IRState) -> list[str]:
    """5.7 (IR-ENG-129): no counter is on the map twice."""
    holder: dict[str, str] = {}
    out: list[str] = []
    for uid, rec in sorted(st.units.items()):
        cid = str(rec.get("counter_id", ""))
        if cid and cid in holder:
            out.append(f"{uid} and {holder[cid]} both wear counter {cid}")
        holder.setdefault(cid, uid)
    return out


def _places(st: IRState) -> list[str]:
    out: list[str] = []
    hexes = data().hexes
    for uid in sorted(set(st.units) & set(st.eliminated)):
        out.append(f"{uid} is both on the map and eliminated")
    for uid, rec in sorted(st.units.items()):
        hex_id = rec["hex"]
        if hex_id not in hexes:
            out.append(f"{uid} stands on {hex_id!r}, not a hex of the map")
            continue
        aboard = rec.get("aboard", "")
        if aboard:
            carrier = st.units.get(aboard)
            if carrier is None or not B.is_fleet(carrier) or carrier["hex"] != hex_id:
                out.append(f"{uid} is aboard {aboard!r}, which is not a fleet in {hex_id}")
        elif hexes[hex_id].kind != "land" and not B.is_fleet(rec):
            out.append(f"{uid} is a land unit on the sea hex {hex_id}, not aboard a fleet")
        if B.is_fleet(rec) and hexes[hex_id].kind == "land" and not _fleet_may_be_ashore(st, hex_id):
            out.append(f"fleet {uid} is on the land hex {hex_id}, neither a city nor a coast")
        if rec["besieged"] and hex_id not in st.sieges and not B.city_at(st, hex_id):
            out.append(f"{uid} is besieged in {hex_id}, where there is no city")
    for uid, rec in sorted(st.eliminated.items()):
        if rec["hex"]:
            out.append(f"eliminated {uid} still names the hex {rec['hex']}")
    for hex_id, siege in sorted(st.sieges.items()):
        inside = sum(B.le_halves(st.units[u]) for u in B.units_at(st, hex_id, True) if B.is_combat(st.units[u]))
        if inside > capacity_at(st, hex_id, str(siege.get("seat") or B.seat_of(st, siege["power"]))):
            out.append(f"{inside} half-LE are besieged in {hex_id}, more than the city holds (16.3)")
    capacity = naval_charts().transport["capacity_halves"]
    for fid, rec in sorted(st.units.items()):
        if B.is_fleet(rec):
            units, _leaders = B.cargo_of(st, fid)
            load = sum(B.le_halves(st.units[u]) for u in units)
            if load > capacity:
                out.append(f"fleet {fid} carries {load} half-LE, more than {capacity}")
    for lid, rec in sorted(st.leaders.items()):
        status = rec["status"]
        if status == "map":
            if rec["hex"] not in hexes:
                out.append(f"leader {lid} stands on {rec['hex']!r}, not a hex of the map")
            elif rec.get("aboard"):
                carrier = st.units.get(rec["aboard"])
                if carrier is None or carrier["hex"] != rec["hex"]:
                    out.append(f"leader {lid} is aboard {rec['aboard']!r}, not a fleet in {rec['hex']}")
            elif hexes[rec["hex"]].kind != "land":
                out.append(f"leader {lid} is on the sea hex {rec['hex']}, not aboard a fleet")
        elif status == "captured":
            if rec.get("captor", "") not in st.powers:
                out.append(f"captured leader {lid} has no captor")
        elif status != "dead":
            out.append(f"leader {lid} has the unknown status {status!r}")
    return out


def neighbours_of(hex_id: str) -> list[str]:
    return [printed_id(c, r) for c, r in neighbours(*global_colrow(hex_id))]


def _fleet_may_be_ashore(st: IRState, hex_id: str) -> bool:
    """A fleet on land is in a city (a port, or an inland river city, IR-ENG-32) or on a coastal
    land hex (the pirates' set-up hexes, 27.1.2); never inland elsewhere (IR-ENG-31)."""
    return bool(B.city_at(st, hex_id)) or any(
        data().hexes[n].kind in SEA_KINDS for n in neighbours_of(hex_id) if n in data().hexes)


def _stacking(st: IRState) -> list[str]:
    out: list[str] = []
    by_hex: dict[str, list[str]] = {}
    for rec in st.units.values():
        powers = by_hex.setdefault(rec["hex"], [])
        if rec["power"] not in powers:
            powers.append(rec["power"])
    for hex_id, powers in sorted(by_hex.items()):
        for p in sorted(powers):
            for q in sorted(powers):
                seat = B.seat_of(st, p)
                if p < q and seat and seat == B.seat_of(st, q) and not B.may_stack(st, p, q):
                    out.append(f"{p} and {q} of {seat} share {hex_id} but may not stack (5.2)")
    return out


def _map_marks(st: IRState) -> list[str]:
    out: list[str] = []
    hexes, provinces = data().hexes, data().provinces
    for where, keys in (("siege", list(st.sieges)), ("fort", list(st.forts)),
                        ("fort under construction", [rec["hex"] for rec in st.building.values()])):  # fmt: skip
        out += [f"a {where} on {k!r}, not a hex of the map" for k in sorted(keys) if k not in hexes]
    out += [f"plunder in {p!r}, not a province" for p in sorted(st.plunder) if p not in provinces]
    out += [f"plunder on {c!r}, not a city" for c in sorted(st.plundered_cities) if c not in data().cities]
    return out


def _views(st: IRState) -> list[str]:
    out: list[str] = []
    hexes = data().hexes
    public = public_view(st)
    held = [u for u in st.held_raises if u in st.units]
    if held and st.segment != "taxation":
        out.append(f"raises {held} are still held in the {st.segment} segment")
    on_map = len(st.units) + sum(1 for rec in st.leaders.values() if rec["status"] == "map")
    if sum(int(s["size"]) for s in public["stacks"]) != on_map - len(held):
        out.append(f"the public stacks count {sum(int(s['size']) for s in public['stacks'])} pieces, not {on_map - len(held)}")
    for seat in st.seats:
        own = sum(1 for u in held if B.seat_of(st, st.units[u]["power"]) == seat)
        seen = sum(int(s["size"]) for s in seat_view(st, seat)["stacks"])
        if seen != on_map - len(held) + own:
            out.append(f"{seat}'s view counts {seen} pieces, not {on_map - len(held) + own}")
    for stack in public["stacks"]:
        if not set(stack) <= PUBLIC_STACK_KEYS or not PUBLIC_STACK_KEYS - {"top_name"} <= set(stack):
            out.append(f"a public stack in {stack['hex']} shows {sorted(set(stack) - PUBLIC_STACK_KEYS)}")
        if stack["hex"] not in hexes:
            out.append(f"a public stack stands on {stack['hex']!r}, not a hex of the map")
    text = repr(public["stacks"]) + repr(public["pending"])
    out += [f"the public view names the unit {uid}" for uid in sorted(st.units) if uid in text]
    # a leader whose id is also a power's (scenario 24: "carinus") is named by the public side
    out += [f"the public view names the leader {lid}" for lid, rec in sorted(st.leaders.items())
            if rec["status"] == "map" and lid not in st.powers and repr(lid) in text]  # fmt: skip
    for seat in st.seats:
        mine = {s["hex"] for s in seat_view(st, seat)["stacks"] if s["side"] == seat}
        for stack in seat_view(st, seat)["stacks"]:
            if "units" in stack and stack["side"] != seat and stack["hex"] not in mine:
                out.append(f"{seat} sees the whole of a {stack['side']} stack in {stack['hex']} it does not share")
    return out
