"""Views (public and per seat, in the format of ``render/imperator_scene.py``) and JSON."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.core.dice import Dice
from rules.imperator.model import (
    Board,
    FleetState,
    ImperatorState,
    LeaderState,
    UnitState,
)

PHASE_NAMES = {
    "A": "Stratagems",
    "B": "Initiative",
    "C": "Geostrategy",
    "D": "Administration",
    "E": "Movements and combats",
    "F": "Campaign result",
    "over": "Game over",
}


def _unit_counter(st: ImperatorState, uid: str) -> dict[str, Any]:
    d = st.udef(uid)
    us = st.units[uid]
    pf, qu, bt = st.unit_values(uid)
    kind = "armenia" if d.people == "armenia" else d.kind
    c: dict[str, Any] = {
        "id": uid,
        "kind": kind,
        "label": d.name,
        "strength": pf,
        "values": f"{pf}-{qu}-{bt}",  # PF-QU-BT as printed on the counter
        "reduced": us.reduced,
        "people": d.people,
    }
    if d.front:
        c["front"] = d.front
    p = st.board.peoples.get(d.people)
    if p is not None:
        c["nationality"] = p.nationality
    return c


def _leader_counter(st: ImperatorState, lid: str) -> dict[str, Any]:
    d = st.ldef(lid)
    ls = st.leaders[lid]
    markers = [ls.title] if ls.title else []
    if st.custodes == lid:
        markers.append("corporis_custodes")
    return {
        "id": lid,
        "kind": "leader",
        "label": d.name,
        "markers": markers,
        "people": d.people,
        "rebel": ls.rebel,
        "pax": ls.pax,
        "ratings": {"cc": d.cc, "vs": d.vs, "bt": d.bt, "cp": d.cp},
        "values": f"{d.cc}-{d.vs}-{d.bt}-{d.cp}",  # CC-VS-BT-CP as printed on the counter
    }


def public_view(st: ImperatorState) -> dict[str, Any]:
    zones: dict[str, Any] = {}
    for uid in sorted(st.units):
        us = st.units[uid]
        if us.status != "map" or us.loc is None or us.fleet:
            continue
        _stack(zones, us.loc, us.mutineer_of or us.owner if us.mutiny else us.owner)["counters"].append(_unit_counter(st, uid))
    for lid in sorted(st.leaders):
        ls = st.leaders[lid]
        if ls.status != "map" or ls.loc is None or ls.fleet:
            continue
        _stack(zones, ls.loc, ls.owner)["counters"].insert(0, _leader_counter(st, lid))
    fleets = []
    for fid, fs in st.fleets.items():
        fd = st.board.fleets[fid]
        if fs.status != "map":
            continue
        cargo = [_unit_counter(st, u) for u, s in st.units.items() if s.fleet == fid]
        cargo += [_leader_counter(st, x) for x, s in st.leaders.items() if s.fleet == fid]
        fleets.append(
            {
                "id": fid,
                "name": fd.name,
                "zone": fd.home if fs.at == "port" else fs.at,
                "at_sea": fs.at != "port",
                "side": "R",
                "counters": cargo,
            }
        )
    peoples = {}
    for pid, p in st.board.peoples.items():
        status = "war" if pid in st.at_war else "pax"
        peoples[pid] = {
            "name": p.name,
            "status": status,
            "zones": sorted(z for z, zd in st.board.zones.items() if pid in zd.peoples),
        }
    turn = ""
    if st.phase == "E" and st.smc_order:
        turn = f"SMC {min(st.smc_index + 1, len(st.smc_order))} of {len(st.smc_order)} ({st.sub})"
    pend = None
    if st.pending:
        d = st.pending[0]
        pend = {"id": d["id"], "seat": st.seat_of(d["role"]), "kind": "decision", "section": d["section"]}
    return {
        "game": "imperator",
        "scenario": _title(st.scenario),
        "scenario_id": st.scenario,
        "year": st.year,
        "end_year": st.end_year,
        "phase": st.phase,
        "phase_name": PHASE_NAMES.get(st.phase, ""),
        "step": st.step,
        "turn_label": turn,
        "initiative": st.initiative,
        "active_side": st.active,
        "smc_left": dict(st.smc_left),
        "smc_total": st.smc_total,
        "smc_max": max(4, max(st.smc_left.values(), default=0)),
        "vp": {"R": st.vp_of_role("R"), "E": st.vp_of_role("E")},
        "vp_by_seat": dict(st.vp),
        "roles": dict(st.roles),
        "pax_romana": st.pax_turn,
        "active_event": event_view(st.event),
        "zones": zones,
        "peoples": peoples,
        "armenia": {"status": "roman" if st.armenia == "roman" else "parthian"},
        "fleets": fleets,
        "reserve_fronts": list(st.reserve_fronts),
        "reserve_max": st.reserve_max,
        "civil_war": bool(st.usurpers()),
        "usurpation_success": st.usurpation_success,
        "eliminated": sorted(u for u, s in st.units.items() if s.status == "eliminated"),
        "dead_leaders": sorted(x for x, s in st.leaders.items() if s.status == "dead"),
        "battle_zones": list(st.fought),
        "pending": pend,
        "stratagem_counts": {r: len(st.hands.get(st.seat_of(r), [])) for r in ("R", "E")},
        "stratagem_cup": len(st.cup),
        "stratagems_on_map": [{"type": c.split("#")[0], "zone": z} for c, z in sorted(st.chits_on_map.items())],
        "map_stratagems": map_stratagems(st),
        "last_moves": [dict(m) for m in st.last_moves],
        "plague": dict(st.plague),
        "result": st.result,
        "log": list(st.history[-20:]),
    }


def event_view(number: int) -> dict[str, Any] | None:
    """The event in force (drawn in phase D) by number, short name and summary, or None."""
    if not number:
        return None
    from rules.imperator import tables

    ev = tables.event(number)
    return {"id": number, "name": ev.name, "text": ev.description}


def map_stratagems(st: ImperatorState) -> list[dict[str, Any]]:
    """Chits lying face up on the map (Intrigue au Sénat, Coup d'état parthe, Mutinerie, plague)
    for the renderer: id, name, zone and the side that placed it."""
    from rules.imperator import stratagems

    res = []
    for chit, zone in sorted(st.chits_on_map.items()):
        t = stratagems.ctype(chit)
        side = st.map_chit_side.get(chit) or {"rome": "R", "eor": "E"}.get(t.side)
        res.append({"id": t.id, "name": t.name_fr, "zone": zone, "side": side})
    return res


def _title(scenario: str) -> str:
    from rules.imperator.scenarios import scenario_infos

    for info in scenario_infos():
        if info.id == scenario:
            return info.title
    return scenario


def _stack(zones: dict[str, Any], zone: str, side: str) -> dict[str, Any]:
    z = zones.setdefault(zone, {"stacks": [], "markers": []})
    for s in z["stacks"]:
        if s["side"] == side:
            return s
    s = {"side": side, "counters": []}
    z["stacks"].append(s)
    return s


def seat_view(st: ImperatorState, seat: str) -> dict[str, Any]:
    view = public_view(st)
    view["seat"] = seat
    view["role"] = st.roles.get(seat)
    if st.hands:
        from rules.imperator import stratagems

        view["hand"] = stratagems.hand_view(st, seat)
    if st.pending and st.seat_of(st.pending[0]["role"]) == seat:
        d = st.pending[0]
        view["decision"] = {"id": d["id"], "prompt": d["prompt"], "choices": d["choices"], "default": d["default"]}
    return view


# --------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------

_BOARD_CACHE: dict[str, Board] = {}


def state_to_json(st: ImperatorState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(st):
        v = getattr(st, f.name)
        if f.name == "board":
            if st.board.source.startswith("data:"):
                data["board"] = {"source": st.board.source}
            else:
                data["board"] = st.board.to_json()
        elif f.name == "dice":
            data["dice"] = v.to_json()
        elif f.name in ("units", "leaders", "fleets"):
            data[f.name] = {k: asdict(x) for k, x in v.items()}
        else:
            data[f.name] = v
    return data


def state_from_json(data: dict[str, Any]) -> ImperatorState:
    import copy

    d = copy.deepcopy(data)
    b = d.pop("board")
    if "zones" in b:
        board = Board.from_json(b)
    else:
        from rules.imperator import scenarios

        board = scenarios.board_for_source(b["source"])
    dice = Dice.from_json(d.pop("dice"))
    units = {k: UnitState(**v) for k, v in d.pop("units").items()}
    leaders = {k: LeaderState(**v) for k, v in d.pop("leaders").items()}
    fleets = {k: FleetState(**v) for k, v in d.pop("fleets").items()}
    return ImperatorState(board=board, dice=dice, units=units, leaders=leaders, fleets=fleets, **d)
