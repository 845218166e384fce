"""Naval operations (§10.2-10.7): in his Naval Operations Segment the active player embarks
troops, sails fleets, debarks (amphibious invasions included) and attacks enemy fleets; the
other players may intercept (§10.6); winter attrition ends each segment (§10.3.1) and the
at-sea rule ends the phase (§10.3).

Commands (Naval Operations segment, the seat whose segment it is):

``embark {fleets, units}``       take land units and leaders aboard (10.4.2)
``sail {fleets, to, path?}``     move fleets and what they carry (10.3)
``debark {fleets, to, units?}``  put troops ashore, or invade (10.4.3, 10.5)
``naval_attack {fleets}``        attack the enemy fleets in the fleets' hex (10.7 b)

Troops aboard keep their hex equal to the fleet's and ``aboard`` names the fleet; they take no
part on land (``board.units_at`` leaves them out). A fleet's ``nmp`` is the MP it spent this
month (10.4.4), ``mmp`` the MP of movement alone (10.3.1), ``at_sea`` the month it last ended a
Naval Operations Phase outside a friendly port (10.3).
"""

from __future__ import annotations

import heapq
from typing import Any

from rules.core.errors import NotYetSupported, RuleError
from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import allied_transport as AT
from rules.imperium_romanum import blockade as BL
from rules.imperium_romanum import board as B
from rules.imperium_romanum import naval_leaders as NL
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum import pirate_grain as PG
from rules.imperium_romanum import pirates as P
from rules.imperium_romanum import ports as PORTS
from rules.imperium_romanum.charts import cer_modifier
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.naval_charts import (
    attrition_value,
    fleets_lost,
    naval_charts,
    naval_column,
    naval_result,
)
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import SEA_KINDS, data, sea_of, world

AMPHIBIOUS_LEADER = 2
"""10.5: only a fleet stacked with a +2 or +3 leader may invade."""
SEARCH_MP = 120
"""How far (MP) the search for the nearest friendly port of a beaten fleet looks (10.7.4)."""


# -- places ---------------------------------------------------------------------------------
def is_sea(hex_id: str) -> bool:
    return data().hexes[hex_id].kind in SEA_KINDS


def winter_at(st: IRState, hex_id: str) -> bool:
    """9.0: every sea hex is winter in a winter month, but the Red Sea and the Persian Gulf."""
    from rules.imperium_romanum import random_events

    if not random_events.naval_winter(st):  # 39.2 K: a stormy summer is winter at sea
        return False
    box = sea_of(hex_id) if is_sea(hex_id) else None
    return not (box is not None and box.summer)


def friendly_port(st: IRState, seat: str, hex_id: str) -> bool:
    """A port whose city is held by one of the seat's powers or an ally's (10.3, 10.4); for the
    pirates, any coastal sea hex as well (27.1.2)."""
    if P.pirate_harbour(st, seat, hex_id):
        return True
    if not B.is_port(st, hex_id):
        return False
    owner = B.port_owner(st, hex_id)  # a city's, or a non-city port's province's (IR-ENG-53)
    return bool(owner) and not B.seat_hostile_to(st, seat, owner)


def may_enter(st: IRState, seat: str, hex_id: str, pirate: bool | None = None) -> bool:
    """A fleet enters sea hexes and ports not held by an enemy (10.3), and the port of a city
    its side besieges (17.2), but not its own side's port while blockaded (17.2.2); pirates
    never leave their zone (27.1.1)."""
    if (P.seat_is_pirate(st, seat) if pirate is None else pirate) and hex_id not in P.zone(st.scenario):
        return False
    if is_sea(hex_id):
        return True
    owner = B.port_owner(st, hex_id)
    if owner and B.seat_hostile_to(st, seat, owner):
        return BL.may_join(st, seat, hex_id)
    return not BL.shut_for(st, seat, hex_id)


def naval_reach(st: IRState, seat: str, origin: str, budget: int) -> dict[str, tuple[int, str]]:
    """Cheapest MP to every hex a fleet of ``seat`` reaches from ``origin`` within ``budget``
    (Dijkstra on the cached sea graph; ties by hex id), with the previous hex."""
    from rules.imperium_romanum import random_events

    w = world(st.scenario)
    winter = random_events.naval_winter(st)  # 39.2 K
    factor = random_events.naval_cost_factor(st)
    pirate = P.seat_is_pirate(st, seat)  # once per search, not once per hex
    best: dict[str, tuple[int, str]] = {origin: (0, "")}
    queue: list[tuple[int, str]] = [(0, origin)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here][0]:
            continue
        for there, cost in w.sea_steps(here, winter):
            total = spent + cost * factor
            if total > budget or not may_enter(st, seat, there, pirate):
                continue
            if there not in best or total < best[there][0] or (total == best[there][0] and here < best[there][1]):
                best[there] = (total, here)
                heapq.heappush(queue, (total, there))
    return best


def _path_to(best: dict[str, tuple[int, str]], target: str) -> list[str]:
    path = [target]
    while best[path[-1]][1]:
        path.append(best[path[-1]][1])
    return list(reversed(path))[1:]


# -- groups ---------------------------------------------------------------------------------
def fleet_group(st: IRState, seat: str, value: Any) -> tuple[list[str], str]:
    """Check the fleets a command names: the seat's active fleets, in one hex, not aboard."""
    ids = B.ids_of(value)
    if not ids:
        raise RuleError("§10.2", _("name the fleets"))
    if len(set(ids)) != len(ids):
        raise RuleError("§10.2", _("a piece is named twice"))
    for fid in ids:
        rec = st.units.get(fid)
        if rec is None or not B.is_fleet(rec):
            raise RuleError("§10.2", _("{id} is not a fleet on the map", id=fid))
        if B.seat_of(st, rec["power"]) != seat:
            raise RuleError("§5.1", _("{power} is not yours to move", power=st.powers[rec["power"]]["name"]))
        if not B.can_act(st, rec["power"]):
            raise RuleError("§5.2", _("{power} is inactive and cannot move", power=st.powers[rec["power"]]["name"]))
        if rec["besieged"]:
            raise RuleError("§17.1", _("besieged units cannot leave"))
    hexes = sorted({st.units[f]["hex"] for f in ids})
    if len(hexes) != 1:
        raise RuleError("§10.2", _("a group moves from one hex: these pieces are in {hexes}", hexes=", ".join(hexes)))
    return ids, hexes[0]


def mp_left(st: IRState, fleets: list[str]) -> int:
    return naval_charts().allowance - max(int(st.units[f].get("nmp", 0)) for f in fleets)


def _spend(st: IRState, fleets: list[str], mp: int, moving: bool = False) -> None:
    for fid in fleets:
        rec = st.units[fid]
        rec["nmp"] = int(rec.get("nmp", 0)) + mp
        if moving:
            rec["mmp"] = int(rec.get("mmp", 0)) + mp


def _need(st: IRState, fleets: list[str], cost: int) -> None:
    if cost > mp_left(st, fleets):
        raise RuleError("§10.3", _("that costs {cost} MP; the fleets have {mp} left", cost=cost, mp=mp_left(st, fleets)))


def _not_landed(st: IRState, fleets: list[str]) -> None:
    if any(st.units[f].get("debarked") == st.turn for f in fleets):
        raise RuleError("§10.4.3", _("a fleet that debarked troops may not move or load again this turn"))


# -- embark (10.4.2) ------------------------------------------------------------------------
def check_embark(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], list[str], list[str], int]:
    """Every condition of an embarkation, changing nothing: fleets, units, leaders, MP."""
    fleets, at = fleet_group(st, seat, args.get("fleets"))
    _not_landed(st, fleets)
    ids = B.ids_of(args.get("units"))
    if not ids:
        raise RuleError("§10.4.2", _("name the units and leaders to embark"))
    units = [i for i in ids if i in st.units and not B.is_fleet(st.units[i])]
    leaders = [i for i in ids if i in st.leaders and st.leaders[i]["status"] == "map"]
    if len(units) + len(leaders) != len(ids) or len(set(ids)) != len(ids):
        raise RuleError("§10.4.2", _("no such unit or leader on the map: {ids}", ids=", ".join(
            i for i in ids if i not in units and i not in leaders) or ", ".join(ids)))  # fmt: skip
    where = {st.units[u]["hex"] for u in units} | {st.leaders[lid]["hex"] for lid in leaders}
    if len(where) != 1:
        raise RuleError("§10.4.2", _("the troops to embark must stand in one hex"))
    land = where.pop()
    for uid in units:
        rec = st.units[uid]
        if B.seat_of(st, rec["power"]) != seat:
            AT.check_lent_unit(st, seat, uid)  # 5.8 #5: an ally's lent troops
        elif not B.can_act(st, rec["power"]):
            raise RuleError("§5.1", _("{power} is not yours to move", power=st.powers[rec["power"]]["name"]))
        if rec.get("aboard"):
            raise RuleError("§10.4.2", _("{unit} is already aboard a fleet", unit=uid))
        if rec["besieged"] and (land != at or BL.shut_for(st, seat, at)):
            raise RuleError("§17.2.2", _("besieged units leave only by sea, from their port while it is not blockaded"))
    for lid in leaders:
        if st.leaders[lid].get("aboard"):
            raise RuleError("§10.4.2", _("{unit} cannot embark", unit=lid))
        AT.check_lent_leader(st, seat, lid)
    if land == at:
        if not friendly_port(st, seat, at):
            raise RuleError("§10.4.2", _("troops embark in a friendly port or from a coastal hex"))
        cost = naval_charts().transport["embark_port"]
    elif data().hexes[at].kind == "coastal" and land in world(st.scenario).edges and _adjacent(land, at):
        cost = naval_charts().transport["embark_coast"]
    else:
        raise RuleError("§10.4.2", _("the fleets must be in the troops' port or in a coastal hex next to them"))
    if not units:
        cost = 0  # leaders embark for nothing
    if _stowage(st, fleets, units) is None:
        raise RuleError("§10.4.1", _("each fleet carries 1 LE: these fleets cannot take that many troops"))
    _need(st, fleets, cost)
    return fleets, units, leaders, cost


def _stowage(st: IRState, fleets: list[str], units: list[str]) -> dict[str, str] | None:
    """Which fleet takes each unit (largest first, into the first fleet with room), or None
    when they do not fit (10.4.1)."""
    room = {f: naval_charts().transport["capacity_halves"] - sum(B.le_halves(st.units[u]) for u in B.cargo_of(st, f)[0])
            for f in fleets}  # fmt: skip
    plan: dict[str, str] = {}
    for uid in sorted(units, key=lambda u: (-B.le_halves(st.units[u]), u)):
        need = B.le_halves(st.units[uid])
        fid = next((f for f in fleets if room[f] >= need), "")
        if not fid:
            return None
        room[fid] -= need
        plan[uid] = fid
    return plan


def _adjacent(a: str, b: str) -> bool:
    """A land place and a sea hex next to each other (an island box touches its own hex, 3.1.1)."""
    from rules.imperium_romanum.world import touches_sea

    return touches_sea(a, b) if is_sea(b) else touches_sea(b, a)


def embark(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    fleets, units, leaders, cost = check_embark(st, seat, args)
    _spend(st, fleets, cost)
    at = st.units[fleets[0]]["hex"]
    plan = _stowage(st, fleets, units) or {}
    for uid in units:
        st.units[uid].update(hex=at, aboard=plan[uid], besieged=False)
        AT.mark_carried(st, seat, uid)
    for lid in leaders:
        st.leaders[lid].update(hex=at, aboard=fleets[0])
    lines.append(B.secret(_n("{n} piece embarks at {hex} ({cost} MP, 10.4.2).", "{n} pieces embark at {hex} ({cost} MP, 10.4.2).",
                             len(units) + len(leaders), hex=at, cost=cost), seat))  # fmt: skip


def _carry(st: IRState, fleets: list[str], hex_id: str) -> None:
    """Fleets and everything aboard them move into ``hex_id``."""
    for fid in fleets:
        st.units[fid].update(hex=hex_id, in_port=False)
        units, leaders = B.cargo_of(st, fid)
        for uid in units:
            st.units[uid]["hex"] = hex_id
        for lid in leaders:
            st.leaders[lid]["hex"] = hex_id


# -- sail (10.3) ----------------------------------------------------------------------------
def check_sail(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The fleets and the hexes they enter, in order, changing nothing."""
    fleets, origin = fleet_group(st, seat, args.get("fleets"))
    _not_landed(st, fleets)
    PG.check_fleets_free(st, fleets)  # 27.1.4
    if BL.shut_for(st, seat, origin):
        raise RuleError("§17.2.2", _("the port of {hex} is blockaded: its fleets cannot leave", hex=origin))
    target = str(args.get("to", ""))
    if target not in data().hexes:
        raise RuleError("§10.3", _("{hex} is not a hex of the map", hex=target or "?"))
    if target == origin:
        raise RuleError("§10.3", _("the group is already in {hex}", hex=target))
    budget = mp_left(st, fleets)
    given = B.ids_of(args.get("path"))
    if given:
        if given[-1] != target:
            raise RuleError("§10.3", _("the path must end at {hex}", hex=target))
        here, spent = origin, 0
        w = world(st.scenario)
        for step in given:
            costs = dict(w.sea_steps(here, st.season == "winter"))
            if step not in costs or not may_enter(st, seat, step):
                raise RuleError("§10.3", _("a fleet cannot sail from {a} to {b}", a=here, b=step))
            spent += costs[step]
            here = step
        if spent > budget:
            raise RuleError("§10.3", _("the path costs {cost} MP; the group has {mp}", cost=spent, mp=budget))
        return fleets, given
    best = naval_reach(st, seat, origin, budget)
    if target not in best:
        raise RuleError("§10.3", _("{hex} is out of reach of the group ({mp} MP)", hex=target, mp=budget))
    return fleets, _path_to(best, target)


def sail(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    fleets, path = check_sail(st, seat, args)
    st.stat("naval_moves")
    st.moving = {"naval": True, "seat": seat, "fleets": fleets, "path": path, "asked": []}
    walk(st, lines)


def walk(st: IRState, lines: list[Text]) -> None:
    """Advance the paused or new voyage until it ends or an interception window opens."""
    mv = st.moving
    w = world(st.scenario)
    while mv["path"]:
        fleets = [f for f in mv["fleets"] if f in st.units]
        if not fleets:
            break
        here = st.units[fleets[0]]["hex"]
        step = mv["path"][0]
        cost = dict(w.sea_steps(here, st.season == "winter"))[step]
        if cost > mp_left(st, fleets):
            lines.append(B.secret(_("The group stops at {hex}: not enough MP left (12.1).", hex=here), mv["seat"]))
            break
        mv["path"] = mv["path"][1:]
        mv["asked"] = []
        _spend(st, fleets, cost, moving=True)
        _carry(st, fleets, step)
        if _offer_interception(st, lines):
            return
    _finish(st, lines)


def _finish(st: IRState, lines: list[Text]) -> None:
    mv, st.moving = st.moving, {}
    fleets = [f for f in mv.get("fleets", []) if f in st.units]
    if fleets:
        lines.append(B.secret(_n("{n} fleet reaches {hex}.", "{n} fleets reach {hex}.", len(fleets),
                                 hex=st.units[fleets[0]]["hex"]), mv["seat"]))  # fmt: skip


# -- interception (10.6) ----------------------------------------------------------------------
def interception_options(st: IRState, seat: str, target: str) -> dict[str, int]:
    """The hexes from which fleets of ``seat`` may try to intercept a fleet now in ``target``,
    with the MP distance (10.6): not into a deep-sea hex, from a friendly port, at most 6 MP,
    each fleet once a phase, offered only when a roll can succeed."""
    if is_sea(target) and data().hexes[target].kind == "deep":
        return {}
    reach = naval_charts().intercept["reach"]
    out: dict[str, int] = {}
    for hex_id in sorted({st.units[f]["hex"] for f in interceptors_of(st, seat)}):
        if not friendly_port(st, seat, hex_id) or hex_id in st.sieges:
            continue
        if hex_id == target:
            out[hex_id] = 0
            continue
        best = naval_reach(st, seat, hex_id, reach)
        if target in best:
            distance = best[target][0]
            if 6 + _intercept_modifier(st, distance, True, seat) >= distance:
                out[hex_id] = distance
    return out


def interceptors_of(st: IRState, seat: str, hex_id: str = "") -> list[str]:
    return [u for u in sorted(st.units) if B.is_fleet(st.units[u]) and B.seat_of(st, st.units[u]["power"]) == seat
            and B.can_act(st, st.units[u]["power"]) and u not in st.intercepted and not st.units[u]["besieged"]
            and (not hex_id or st.units[u]["hex"] == hex_id)]  # fmt: skip


def _intercept_modifier(st: IRState, distance: int, not_moved: bool, seat: str = "") -> int:
    """10.6: -1 in winter, -3 beyond 3 MP, +1 when not yet moved, + the naval bonus (27.1.2)."""
    table = naval_charts().intercept
    mod = P.naval_bonus(st, seat) if seat else 0
    mod += table["winter"] if st.season == "winter" else 0
    mod += table["far"] if distance > table["far_beyond"] else 0
    return mod + (table["not_moved"] if not_moved else 0)


def _offer_interception(st: IRState, lines: list[Text]) -> bool:
    """Open the interception window for the next player with fleets in reach (10.6); standing
    orders ``intercept never/always`` answer for him."""
    mv = st.moving
    fleets = [f for f in mv["fleets"] if f in st.units]
    if not fleets:
        return False
    target = st.units[fleets[0]]["hex"]
    for seat in st.seats:
        if seat == mv["seat"] or seat in mv["asked"] or not B.powers_of(st, seat):
            continue
        if not any(B.seat_hostile_to(st, seat, st.units[f]["power"]) for f in fleets):
            continue
        mv["asked"].append(seat)
        options = interception_options(st, seat, target)
        if not options:
            continue
        order = st.standing.get(seat, {}).get("intercept", "ask")
        if order == "never":
            continue
        if order == "always":
            resolve_interception(st, seat, sorted(options, key=lambda h: (options[h], h))[0], lines)
            return bool(st.pending) or not st.moving
        st.seq += 1
        prompt = _("{mover}'s fleets enter {hex}: intercept with fleets within 6 MP (10.6)?", mover=mv["seat"], hex=target)
        choices = [["no", text_to_json(_("Do not intercept"))]] + [
            [h, text_to_json(_("Fleets at {hex} ({mp} MP away)", hex=h, mp=mp))] for h, mp in sorted(options.items())]
        st.pending = {"id": f"naval-intercept-{st.seq}", "seat": seat, "kind": "naval_intercept",
                      "prompt": text_to_json(prompt), "choices": choices, "default": "no", "section": "§10.6",
                      "hex": target}  # fmt: skip
        return True
    return False


def answer_interception(st: IRState, choice: str, lines: list[Text]) -> None:
    pending, st.pending = st.pending, {}
    if choice != "no":
        resolve_interception(st, str(pending["seat"]), choice, lines)
    if st.pending:
        return
    if st.moving:
        if _offer_interception(st, lines):
            return
        walk(st, lines)


def resolve_interception(st: IRState, seat: str, from_hex: str, lines: list[Text]) -> None:
    """10.6: d6, -1 in winter, -3 beyond 3 MP, +1 when the interceptors have not moved, against
    the MP distance; in the same hex only a natural 1 fails. On success the interceptors enter
    the hex and attack at once (10.7 a); they then check winter attrition like movers."""
    mv = st.moving
    target = st.units[[f for f in mv["fleets"] if f in st.units][0]]["hex"]
    force = interceptors_of(st, seat, from_hex)
    st.intercepted.extend(force)
    st.stat("naval_interceptions_tried")
    distance = 0 if from_hex == target else naval_reach(st, seat, from_hex, naval_charts().intercept["reach"])[target][0]
    not_moved = all(int(st.units[f].get("mmp", 0)) == 0 for f in force)
    from rules.imperium_romanum import deity

    roll = deity.roll(st, seat, "naval_interception", 1, _("§10.6 naval interception"),
                      [(_("§10.6"), _intercept_modifier(st, distance, not_moved, seat))], lines)  # optional rule 42
    success = roll.natural != 1 if distance == 0 else roll.result >= distance
    if not success:
        lines.append(_("The fleets at {hex} fail to intercept: {roll} against {need} (10.6).", hex=from_hex,
                       roll=roll.result, need=distance))  # fmt: skip
        return
    st.stat("naval_interceptions")
    lines.append(_("The fleets at {hex} intercept at {target}: {roll} against {need} (10.6).", hex=from_hex,
                   target=target, roll=roll.result, need=distance))  # fmt: skip
    _spend(st, force, distance, moving=True)
    _carry(st, force, target)
    movers = [f for f in mv["fleets"] if f in st.units]
    outcome = naval_combat(st, seat, force, movers, target, lines)
    attrition(st, [f for f in force if f in st.units], lines)
    movers = [f for f in mv["fleets"] if f in st.units]
    if outcome != "attacker_lost" or not movers:
        # 10.7.4: only a winning mover sails on; a beaten or drawn one stops here
        mv["path"] = []
    else:
        for fid in movers:
            st.units[fid]["fought"] = st.turn


# -- naval combat (10.7) ----------------------------------------------------------------------
def naval_strength(st: IRState, fleets: list[str]) -> int:
    """10.7.2: the fleets, the light and missile infantry aboard, half the heavy infantry aboard
    (rounded down at the end); cavalry and baggage trains add nothing."""
    total, heavy = 0, 0
    for fid in fleets:
        total += B.strength(st.units[fid])
        for uid in B.cargo_of(st, fid)[0]:
            rec = st.units[uid]
            if rec["type"] in B.LIGHT_INFANTRY:
                total += B.strength(rec)
            elif B.is_combat(rec) and not B.is_cavalry(rec):
                heavy += B.strength(rec)
    return total + heavy // 2


def _best_leader(st: IRState, fleets: list[str]) -> str:
    aboard = [lid for f in fleets for lid in B.cargo_of(st, f)[1]]
    return sorted(aboard, key=lambda lid: (-B.leader_value(lid), lid))[0] if aboard else ""


def _hostile_fleets(st: IRState, seat: str, hex_id: str) -> list[str]:
    return [u for u in B.units_at(st, hex_id) if B.is_fleet(st.units[u]) and not st.units[u].get("in_port")
            and B.seat_hostile_to(st, seat, st.units[u]["power"])]  # fmt: skip


def check_attack(st: IRState, seat: str, args: dict[str, Any]) -> tuple[list[str], list[str], str]:
    fleets, at = fleet_group(st, seat, args.get("fleets"))
    PG.check_fleets_free(st, fleets)  # 27.1.4
    if any(st.units[f].get("fought") == st.turn for f in fleets):
        raise RuleError("§10.7.4", _("these fleets already fought a naval combat this turn"))
    _not_landed(st, fleets)
    enemies = _hostile_fleets(st, seat, at)
    if not enemies:
        raise RuleError("§10.7", _("there are no enemy fleets outside a port in {hex}", hex=at))
    _need(st, fleets, naval_charts().combat_cost)
    sides = sorted({B.seat_of(st, st.units[u]["power"]) or st.units[u]["power"] for u in enemies})
    side = sides[0]
    return fleets, [u for u in enemies if (B.seat_of(st, st.units[u]["power"]) or st.units[u]["power"]) == side], at


def naval_attack(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """10.7 b: the active player's fleets attack the enemy fleets in their hex. Fleets attacked
    in their own port first choose to fight outside or withdraw inside (10.7.1)."""
    fleets, defenders, at = check_attack(st, seat, args)
    owner = st.units[defenders[0]]["power"]
    defender_seat = B.seat_of(st, owner)
    if friendly_port(st, defender_seat, at) if defender_seat else False:
        order = st.standing.get(defender_seat, {}).get("naval_port", "ask")
        if order == "ask":
            st.seq += 1
            prompt = _("{seat}'s fleets attack yours in the port of {hex}: fight outside or withdraw inside (10.7.1)?",
                       seat=seat, hex=at)  # fmt: skip
            st.pending = {"id": f"naval-port-{st.seq}", "seat": defender_seat, "kind": "naval_port",
                          "prompt": text_to_json(prompt), "default": "inside", "section": "§10.7.1",
                          "choices": [["inside", text_to_json(_("Withdraw into the port"))],
                                      ["outside", text_to_json(_("Fight outside the port"))]],
                          "attacker": seat, "fleets": fleets, "defenders": defenders, "hex": at}  # fmt: skip
            return
        if order == "inside":
            _withdraw(st, defenders, at, lines)
            return
    _attack_now(st, seat, fleets, defenders, at, lines)


def answer_port(st: IRState, choice: str, lines: list[Text]) -> None:
    p, st.pending = st.pending, {}
    fleets = [f for f in p["fleets"] if f in st.units]
    defenders = [f for f in p["defenders"] if f in st.units]
    if choice == "inside":
        _withdraw(st, defenders, str(p["hex"]), lines)
        return
    _attack_now(st, str(p["attacker"]), fleets, defenders, str(p["hex"]), lines)


def _withdraw(st: IRState, fleets: list[str], hex_id: str, lines: list[Text]) -> None:
    for fid in fleets:
        st.units[fid]["in_port"] = True
    lines.append(_n("{n} fleet withdraws into the port of {hex}; it can now be attacked only with the city (10.7.1).",
                    "{n} fleets withdraw into the port of {hex}; they can now be attacked only with the city (10.7.1).",
                    len(fleets), hex=hex_id))  # fmt: skip


def _attack_now(st: IRState, seat: str, fleets: list[str], defenders: list[str], hex_id: str, lines: list[Text]) -> None:
    _spend(st, fleets, naval_charts().combat_cost)
    naval_combat(st, seat, fleets, defenders, hex_id, lines)
    for fid in fleets:
        if fid in st.units:
            st.units[fid]["fought"] = st.turn


def naval_combat(st: IRState, seat: str, attackers: list[str], defenders: list[str], hex_id: str, lines: list[Text]) -> str:
    """10.7.2-10.7.4: strengths, ratio, d6 with one leader each, the CER and morale (19.3: land
    or naval), losses in fleets,
    troops beyond the survivors' capacity lost, and the loser sent to the nearest friendly port.
    Returns "attacker_lost", "defender_lost" or "draw"."""
    from rules.imperium_romanum import combat as C
    from rules.imperium_romanum import victory as V

    st.stat("naval_combats")
    att_power = st.units[attackers[0]]["power"]
    for power in sorted({st.units[f]["power"] for f in attackers}):
        if power not in st.declared:
            st.declared.append(power)  # 19.1: a naval attack is an attack
    def_power = st.units[defenders[0]]["power"]
    def_seat = B.seat_of(st, def_power) or def_power
    attack, defence = naval_strength(st, attackers), naval_strength(st, defenders)
    column = naval_column(attack, defence)
    mods = []
    att_leader, def_leader = _best_leader(st, attackers), _best_leader(st, defenders)
    if att_leader:
        mods.append((_("§10.7.3 attacking leader"), B.leader_value(att_leader)))
    if def_leader:
        mods.append((_("§10.7.3 defending leader"), -B.leader_value(def_leader)))
    cer = cer_modifier(data().charts, C.stack_cer(st, attackers), C.stack_cer(st, defenders))
    if cer:
        mods.append((_("§14.4.3 CER"), cer))
    morale = C.morale_modifier(int(st.powers[att_power].get("morale", 0)), int(st.powers[def_power].get("morale", 0)))
    if morale:
        mods.append((_("§19.3 morale"), morale))
    if NL.edge(st, attackers):
        mods.append((_("§38.2 attacking naval leader"), NL.EDGE))
    if NL.edge(st, defenders):
        mods.append((_("§38.2 defending naval leader"), -NL.EDGE))
    from rules.imperium_romanum import deity

    roll = deity.roll(st, seat, "naval_combat", 1, _("§10.7.3 naval combat"), mods, lines)  # 42: the attacker's appeal
    att_code, def_code = naval_result(column, roll.result)
    lines.append(_("Naval combat at {hex}: {attack} against {defence}, column {column}, roll {roll}: {att}/{dfn} (10.7).",
                   hex=hex_id, attack=attack, defence=defence, column=column, roll=roll.result, att=att_code,
                   dfn=def_code))  # fmt: skip
    att_lost = _lose_fleets(st, attackers, fleets_lost(att_code, len(attackers)), def_power, lines)
    def_lost = _lose_fleets(st, defenders, fleets_lost(def_code, len(defenders)), att_power, lines)
    outcome = "draw"
    if att_lost > def_lost:
        outcome = "attacker_lost"
        _beaten(st, seat, [f for f in attackers if f in st.units], def_power, lines)
    elif def_lost > att_lost:
        outcome = "defender_lost"
        _beaten(st, def_seat, [f for f in defenders if f in st.units], att_power, lines)
    V.check_dissolution(st, lines)
    return outcome


def _lose_fleets(st: IRState, fleets: list[str], count: int, by: str, lines: list[Text]) -> int:
    """Sink ``count`` fleets, empty ones first (IR-ENG-33); their troops move to the survivors
    while room remains, the rest are lost (10.4.1, 10.7.4)."""
    victims = sorted(fleets, key=lambda f: (bool(B.cargo_of(st, f)[0]), f))[:count]
    for fid in victims:
        sink(st, fid, [f for f in fleets if f not in victims and f in st.units], lines, _("naval combat (10.7.4)"), by)
    return len(victims)


def sink(st: IRState, fid: str, others: list[str], lines: list[Text], why: Text, by: str = "") -> None:
    """A fleet is lost (10.3.1, 10.7.4): its troops and leaders go aboard ``others`` as room
    allows (the strongest first); the rest drown."""
    units, leaders = B.cargo_of(st, fid)
    B.eliminate_unit(st, fid, lines, why, by=by)
    room = {f: naval_charts().transport["capacity_halves"] - sum(B.le_halves(st.units[u]) for u in B.cargo_of(st, f)[0])
            for f in others}  # fmt: skip
    for uid in sorted(units, key=lambda u: (-B.strength(st.units[u]), u)):
        need = B.le_halves(st.units[uid])
        home = next((f for f in others if room[f] >= need), "")
        if home:
            room[home] -= need
            st.units[uid]["aboard"] = home
        else:
            B.eliminate_unit(st, uid, lines, _("lost with its fleet (10.4.1)"), by=by)
    for lid in leaders:
        if others:
            st.leaders[lid]["aboard"] = others[0]
        else:
            st.leaders[lid]["aboard"] = ""
            B.lose_leader(st, lid, "dead", lines)


def _beaten(st: IRState, seat: str, fleets: list[str], by: str, lines: list[Text]) -> None:
    """10.7.4: the loser goes to the nearest friendly port; beyond 5 MP it loses one more fleet
    and goes 5 hexes along the way to that port (IR-ENG-33), or stays when it has none."""
    if not fleets:
        return
    here = st.units[fleets[0]]["hex"]
    best = naval_reach(st, seat, here, SEARCH_MP)
    ports = sorted((cost, h) for h, (cost, _prev) in best.items() if friendly_port(st, seat, h))
    limit = naval_charts().retreat_mp
    if ports and ports[0][0] <= limit:
        dest = ports[0][1]
    else:
        _lose_fleets(st, fleets, 1, by, lines)
        fleets = [f for f in fleets if f in st.units]
        if not fleets or not ports:
            return
        dest = _path_to(best, ports[0][1])[:limit][-1]
    if dest != here:
        _carry(st, fleets, dest)
    lines.append(_n("The beaten fleet withdraws to {hex} (10.7.4).", "The beaten fleets withdraw to {hex} (10.7.4).",
                    len(fleets), hex=dest))  # fmt: skip
    if st.moving.get("naval") and any(f in st.moving.get("fleets", []) for f in fleets):
        st.moving["path"] = []


# -- debark and amphibious invasion (10.4.3, 10.5) --------------------------------------------
def check_debark(st: IRState, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    """Every condition of a landing, changing nothing: what lands, where, at what cost, and
    whether it is an amphibious invasion."""
    fleets, at = fleet_group(st, seat, args.get("fleets"))
    target = str(args.get("to", "") or at)
    if target not in data().hexes or data().hexes[target].kind != "land":
        raise RuleError("§10.4.3", _("troops land on a land hex: {hex} is not one", hex=target or "?"))
    aboard_units = [u for f in fleets for u in B.cargo_of(st, f)[0]]
    aboard_leaders = [lid for f in fleets for lid in B.cargo_of(st, f)[1]]
    named = B.ids_of(args.get("units"))
    if named:
        stray = [i for i in named if i not in aboard_units and i not in aboard_leaders]
        if stray:
            raise RuleError("§10.4.3", _("not aboard these fleets: {ids}", ids=", ".join(stray)))
        units = [u for u in aboard_units if u in named]
        leaders = [lid for lid in aboard_leaders if lid in named]
    else:
        units, leaders = aboard_units, aboard_leaders
    if not units and not leaders:
        raise RuleError("§10.4.3", _("these fleets carry nobody"))
    transport = naval_charts().transport
    amphibious = False
    if target == at:
        if not friendly_port(st, seat, at):
            raise RuleError("§10.4.3", _("troops land in a friendly port or from a coastal hex"))
        if BL.shut_for(st, seat, at):
            raise RuleError("§17.2.2", _("the port of {hex} is blockaded: no troops land in it", hex=at))
        cost = transport["debark_port"]
    else:
        if not is_sea(at) or not _adjacent(at, target):
            raise RuleError("§10.4.3", _("the fleets must be in the port or in a sea hex next to {hex}", hex=target))
        owner = st.province_owner.get(world(st.scenario).province(target), "")
        hostile_here = (bool(B.hostile_land_at(st, seat, target, None)) or bool(_enemy_city(st, seat, target))
                        or bool(PORTS.hostile_side(st, seat, target)))  # 10.5.1: an enemy non-city port too
        if owner and not B.seat_hostile_to(st, seat, owner) and not hostile_here:
            cost = transport["debark_coast"]
        else:
            amphibious = True
            cost = transport["amphibious"]
            if st.season != "summer":
                raise RuleError("§10.5", _("amphibious invasions are made in summer months only"))
            pirates = all(P.is_pirate(st.units[f]["power"]) for f in fleets)  # 27.1.2: no leader needed
            if not pirates and not any(B.leader_value(lid) >= AMPHIBIOUS_LEADER for lid in aboard_leaders):
                raise RuleError("§10.5", _("an amphibious invasion needs a +2 or +3 leader aboard"))
            if _hostile_fleets(st, seat, at) or _hostile_fleets(st, seat, target):
                raise RuleError("§10.5.1", _("enemy fleets outside port must be beaten before troops can land"))
            if hostile_here:
                # 10.5.1: against enemies only infantry and leaders land; the others stay aboard
                units = [u for u in units if B.is_combat(st.units[u]) and not B.is_cavalry(st.units[u])]
                if not units:
                    raise RuleError("§10.5.1", _("against defenders only infantry can land"))
    if not P.may_go(st, [st.units[u]["power"] for u in units], target):
        raise RuleError("§27.1.1", _("pirates never go more than 24 MP from their bases"))
    if not units:
        cost = 0  # leaders land for nothing
    _need(st, fleets, cost)
    return {"fleets": fleets, "units": units, "leaders": leaders, "to": target, "cost": cost, "amphibious": amphibious}


def _enemy_city(st: IRState, seat: str, hex_id: str) -> str:
    city = B.city_at(st, hex_id)
    owner = st.city_owner.get(city, "") if city else ""
    return city if owner and B.seat_hostile_to(st, seat, owner) else ""


def debark(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """Land troops (10.4.3) or invade (10.5): the fleets may not move afterwards; the troops keep
    their MA only when the fleets spent 10 MP or less this turn (10.4.4); invaders never move by
    land that turn, must attack, and attack at half strength (10.5.1, 10.5.2)."""
    plan = check_debark(st, seat, args)
    fleets, target = plan["fleets"], plan["to"]
    _spend(st, fleets, plan["cost"])
    spent = max(int(st.units[f].get("nmp", 0)) for f in fleets)
    stay = spent > naval_charts().transport["full_ma_limit"] or plan["amphibious"]
    into_city = target in st.sieges and target == st.units[fleets[0]]["hex"]  # 17.2.2: into the besieged city
    room = BL.room_inside(st, target) if into_city else 0
    for uid in plan["units"]:
        fits = into_city and B.is_combat(st.units[uid]) and B.le_halves(st.units[uid]) <= room
        room -= B.le_halves(st.units[uid]) if fits else 0
        st.units[uid].update(hex=target, aboard="", moved=True, besieged=fits)  # beyond the room: camped outside
        if stay:
            st.units[uid]["no_land_move"] = st.turn
        if plan["amphibious"]:
            st.units[uid]["amphibious"] = st.turn
    for lid in plan["leaders"]:
        st.leaders[lid].update(hex=target, aboard="")
    for fid in fleets:
        st.units[fid]["debarked"] = st.turn
        if plan["amphibious"]:
            st.units[fid]["landed_at"] = f"{st.turn}:{target}"  # 10.5.1: the follow-up landing after the battle
    if plan["amphibious"]:
        st.stat("amphibious_invasions")
        lines.append(_("{seat} lands an invasion force at {hex} (10.5).", seat=seat, hex=target))
    else:
        lines.append(B.secret(_n("{n} piece lands at {hex}.", "{n} pieces land at {hex}.",
                                 len(plan["units"]) + len(plan["leaders"]), hex=target), seat))  # fmt: skip
    neutral = N.neutral_owner_of(st, target)
    if neutral:
        N.activate(st, neutral, seat, lines)


# -- end of a segment and of the phase --------------------------------------------------------
def attrition(st: IRState, fleets: list[str], lines: list[Text]) -> None:
    """10.3.1: after moving in winter, one d6 per stack against the Naval Attrition Table's value
    for the MP of movement spent; at or under it, the stack is lost with its troops."""
    by_hex: dict[str, list[str]] = {}
    for fid in fleets:
        rec = st.units[fid]
        besieging = BL.is_besieging_fleet(st, fid) and st.season == "winter"  # 17.2: even without moving
        if (int(rec.get("mmp", 0)) > 0 or besieging) and not rec.get("attrited") and winter_at(st, rec["hex"]):
            by_hex.setdefault(rec["hex"], []).append(fid)
    for hex_id, stack in sorted(by_hex.items()):
        if all(BL.is_besieging_fleet(st, f) for f in stack):
            value = max(BL.winter_value(st, f) for f in stack)
        else:
            value = attrition_value(max(int(st.units[f].get("mmp", 0)) for f in stack))
        from rules.imperium_romanum import random_events

        value += random_events.attrition_bonus(st)  # 39.2 K
        for fid in stack:
            st.units[fid]["attrited"] = True
        pirate = all(P.is_pirate(st.units[f]["power"]) for f in stack)
        mods = [(_("§27.1.2 pirates"), P.ATTRITION_BONUS)] if pirate else []
        if NL.edge(st, stack):
            mods.append((_("§38.2 naval leader"), NL.EDGE))
        from rules.imperium_romanum import deity

        roll = deity.roll(st, B.seat_of(st, st.units[stack[0]]["power"]), "naval_attrition", 1,
                          _("§10.3.1 naval attrition"), mods, lines)  # optional rule 42
        if roll.result > value:
            lines.append(_("Winter at sea: roll {roll} against {value}, the fleets at {hex} come through (10.3.1).",
                           roll=roll.result, value=value, hex=hex_id))  # fmt: skip
            continue
        st.stat("naval_attrition_losses", len(stack))
        for fid in stack:
            B.eliminate_unit(st, fid, lines, _("winter at sea (10.3.1)"))
            units, leaders = B.cargo_of(st, fid)
            for uid in units:
                B.eliminate_unit(st, uid, lines, _("lost with its fleet (10.4.1)"))
            for lid in leaders:
                st.leaders[lid]["aboard"] = ""
                B.lose_leader(st, lid, "dead", lines)


def end_segment(st: IRState, seat: str, lines: list[Text]) -> None:
    """The active player's Naval Operations Segment ends: winter attrition for his fleets."""
    from rules.imperium_romanum import victory as V

    attrition(st, [u for u in sorted(st.units) if B.is_fleet(st.units[u]) and B.seat_of(st, st.units[u]["power"]) == seat],
              lines)  # fmt: skip
    V.check_dissolution(st, lines)


def start_phase(st: IRState) -> None:
    """A new Naval Operations Phase: every fleet's MP are fresh."""
    for rec in st.units.values():
        if B.is_fleet(rec):
            rec.update(nmp=0, mmp=0, attrited=False)


def in_harbour(st: IRState, seat: str, hex_id: str) -> bool:
    """IR-ENG-32: a fleet is out of the sea in a friendly port, and in any friendly city of a
    land hex (the river fleets some scenarios set up in inland cities, such as Durostorum)."""
    if is_sea(hex_id):
        return P.pirate_harbour(st, seat, hex_id)
    owner = B.port_owner(st, hex_id)
    return bool(seat) and bool(owner) and not B.seat_hostile_to(st, seat, owner)


def end_phase(st: IRState, lines: list[Text]) -> None:
    """10.3: a fleet may stay at sea only every other turn: one that ended the last phase
    outside a friendly port and does so again is lost with its troops (a fleet in harbour
    resets the count)."""
    for fid in sorted(st.units):
        rec = st.units.get(fid)
        if rec is None or not B.is_fleet(rec):
            continue
        seat = B.seat_of(st, rec["power"])
        if in_harbour(st, seat, rec["hex"]) or BL.is_besieging_fleet(st, fid):  # 17.2: besiegers are exempt
            rec["at_sea"] = 0
            continue
        if rec.get("at_sea") == st.turn - 1 and st.turn > 1:
            units, leaders = B.cargo_of(st, fid)
            B.eliminate_unit(st, fid, lines, _("a second month at sea (10.3)"))
            for uid in units:
                B.eliminate_unit(st, uid, lines, _("lost with its fleet (10.4.1)"))
            for lid in leaders:
                st.leaders[lid]["aboard"] = ""
                B.lose_leader(st, lid, "dead", lines)
            continue
        rec["at_sea"] = st.turn


# -- legal commands ---------------------------------------------------------------------------
def naval_commands(st: IRState, seat: str) -> list[tuple[str, dict[str, Any]]]:
    """The naval commands ``seat`` may give now: for each of its fleet groups, embarkations of
    whole land groups that fit, landings, attacks, and voyages to every reachable port and to
    the sea hexes next to a city (any other reachable hex is accepted too)."""
    out: list[tuple[str, dict[str, Any]]] = []
    groups: dict[str, list[str]] = {}
    for fid in sorted(st.units):
        rec = st.units[fid]
        if B.is_fleet(rec) and B.seat_of(st, rec["power"]) == seat and B.can_act(st, rec["power"]) and not rec["besieged"]:
            groups.setdefault(rec["hex"], []).append(fid)
    w = world(st.scenario)
    for hex_id, fleets in sorted(groups.items()):
        candidates: list[tuple[str, dict[str, Any]]] = []
        for land in sorted({hex_id} | {n for n, _c in w.sea_steps(hex_id, False)} | set(_land_around(hex_id))):
            pieces = [u for u in B.units_at(st, land, False) if not B.is_fleet(st.units[u])
                      and B.seat_of(st, st.units[u]["power"]) == seat]  # fmt: skip
            pieces += [lid for lid in B.leaders_at(st, land) if B.seat_of(st, st.leaders[lid]["power"]) == seat]
            if pieces:
                candidates.append(("embark", {"fleets": fleets, "units": pieces}))
        for land in sorted({hex_id} | set(_land_around(hex_id))):
            candidates.append(("debark", {"fleets": fleets, "to": land}))
        candidates.append(("naval_attack", {"fleets": fleets}))
        out += [(name, args) for name, args in candidates if passes(CHECKS[name], st, seat, args)]
        movers = [f for f in fleets if f not in st.grain_blocks]  # 27.1.4: interfering fleets stay
        if not movers or any(st.units[f].get("debarked") == st.turn for f in movers):
            continue
        best = naval_reach(st, seat, hex_id, mp_left(st, movers))
        for dest in sorted(best):
            if dest != hex_id and (not is_sea(dest) or any(w.city_at.get(n) for n in _land_around(dest))):
                out.append(("sail", {"fleets": movers, "to": dest}))
    return out


def _land_around(hex_id: str) -> list[str]:
    """The land places next to a hex, island boxes included (3.1.1)."""
    from rules.imperium_romanum.world import shore

    return list(shore(hex_id))


CHECKS = {"embark": check_embark, "debark": check_debark, "naval_attack": check_attack, "sail": check_sail}


# -- fleet conversion (34) ----------------------------------------------------------------------
CONVERTED_LEGION = "legion_16_10"
"""34: a converted 18-30 becomes an unseasoned 8-10 legion, the back of a 16-10."""


def check_convert(st: IRState, seat: str, args: dict[str, Any]) -> str:
    """34 (scenarios that name it), in the owner's Land Movement segment: a Roman fleet in a
    land hex, with nothing aboard, becomes a legion. Civilized powers' 8-9s and the four 2-12s
    of an empty counter mix are not in our counters."""
    if "34" not in data().scenarios[st.scenario].special_rules:
        raise RuleError("§34", _("this scenario does not allow fleets to become legions"))
    fleets, at = fleet_group(st, seat, args.get("fleet"))
    if len(fleets) != 1:
        raise RuleError("§34", _("name one fleet"))
    fid = fleets[0]
    power = st.units[fid]["power"]
    if st.powers[power]["kind"] != "roman":
        raise NotYetSupported("§34", _("fleet conversion for non-Roman powers"))
    if is_sea(at):
        raise RuleError("§34", _("a fleet becomes a legion in a land hex, not at sea"))
    if any(B.cargo_of(st, fid)):
        raise RuleError("§34", _("land the troops aboard first"))
    from rules.imperium_romanum import counters

    counters.check_free(st, power, CONVERTED_LEGION, "16-10")  # 34: a conversion counts against the chart
    return fid


def convert(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """34: the fleet is gone for good (kept among the eliminated as converted); the new
    unseasoned legion stands in its hex and does not move this turn (IR-ENG-37)."""
    from rules.imperium_romanum import mobilization as MOB

    fid = check_convert(st, seat, args)
    rec = st.units.pop(fid)
    power, hex_id = rec["power"], rec["hex"]
    rec.update(hex="", converted=True)
    st.eliminated[fid] = rec
    uid = MOB._place(st, power, CONVERTED_LEGION, hex_id)
    st.units[uid].update(vet=False, activated=True, mp=0)
    st.stat("fleets_converted")
    lines.append(_("{power} turns a fleet into a legion at {hex} (34).", power=st.powers[power]["name"], hex=hex_id))
