"""Land movement (§12): costs and paths, stopping for enemies, forced march, activation of
neutrals, and land interception as a response window (§12.4).

A ``move`` walks a group hex by hex. When it enters a hex an enemy leader could intercept, the
walk pauses (``st.moving``) and that leader's player gets a pending decision; a failed
interception lets the walk go on, a successful one ends it in a battle (§12.4.1, §14).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum import limitanei as LIM
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum import overrun as OV
from rules.imperium_romanum import random_events as RE
from rules.imperium_romanum.pirates import PIRATE_POWERS
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import World, data, world

LEADER_MA = 16
"""A leader's movement allowance (18.1, counter "+1-16")."""
INTERCEPT_REACH = 3
"""A land interception reaches at most 3 hexes (12.4)."""
BT_MARCH_BONUS = 1
"""7.7: with a +2 or +3 leader, a d6 above 3 gives a baggage train MA 5 for the move."""
FORAGE_MP = 2
"""Units supplied by foraging in the Movement Segment lose 2 MP (13.0)."""


def group_of(st: IRState, seat: str, ids: list[str]) -> tuple[list[str], list[str], str]:
    """Check a group named by a command: the seat's active units and leaders in one hex (§12)."""
    if not ids:
        raise RuleError("§12", _("name the units and leaders to move"))
    units = [i for i in ids if i in st.units]
    leaders = [i for i in ids if i in st.leaders and st.leaders[i]["status"] == "map"]
    unknown = [i for i in ids if i not in units and i not in leaders]
    if unknown:
        raise RuleError("§12", _("no such unit or leader on the map: {ids}", ids=", ".join(unknown)))
    if len(set(ids)) != len(ids):
        raise RuleError("§12", _("a piece is named twice"))
    hexes = {st.units[u]["hex"] for u in units} | {st.leaders[lid]["hex"] for lid in leaders}
    if len(hexes) != 1:
        raise RuleError("§12", _("a group moves from one hex: these pieces are in {hexes}", hexes=", ".join(sorted(hexes))))
    from rules.imperium_romanum import allied_transport as AT

    for uid in units:
        if B.seat_of(st, st.units[uid]["power"]) != seat:
            AT.check_land_loan(st, seat, uid)  # 5.8: an ally's units it lends (IR-ENG-128)
    for lid in leaders:
        if B.seat_of(st, st.leaders[lid]["power"]) != seat:
            AT.check_lent_leader(st, seat, lid)
    lent = {st.units[u]["power"] for u in units if B.seat_of(st, st.units[u]["power"]) != seat}
    lent |= {st.leaders[lid]["power"] for lid in leaders if B.seat_of(st, st.leaders[lid]["power"]) != seat}
    powers = sorted({st.units[u]["power"] for u in units} | {st.leaders[lid]["power"] for lid in leaders})
    for power in powers:
        if B.seat_of(st, power) != seat and power not in lent:
            raise RuleError("§5.1", _("{power} is not yours to move", power=st.powers[power]["name"]))
        if not B.can_act(st, power):
            raise RuleError("§5.2", _("{power} is inactive and cannot move", power=st.powers[power]["name"]))
    if len(powers) > 1 and any(st.powers[p]["status"] == "active neutral" for p in powers):
        raise RuleError("§5.2", _("an active neutral moves with no other power"))
    for uid in units:
        rec = st.units[uid]
        if rec["type"].startswith("fleet"):
            raise RuleError("§10.2", _("fleets move in the Naval Operations Phase"))
        if rec["besieged"]:
            raise RuleError("§17.1", _("besieged units cannot leave"))
        if rec.get("aboard"):
            raise RuleError("§10.4", _("{unit} is aboard a fleet; it lands in the Naval Operations Phase", unit=uid))
        if rec["power"] in PIRATE_POWERS:
            raise RuleError("§27.1.1", _("pirate troops stay with their fleets: they move only by sea"))
        if int(rec.get("held_until", -1)) >= st.turn:
            raise RuleError("§35", _("{unit} stays in its city while it trains", unit=uid))
        if rec.get("lent") == st.turn and rec.get("borrower", seat) != seat:
            raise RuleError("§5.8", _("{unit} was moved by an ally this month: it moves no more this month", unit=uid))
        if rec.get("lent") == st.turn and rec.get("borrower") != seat:
            raise RuleError("§5.8", _("{unit} was carried by an ally this month: it moves no more this month", unit=uid))
        if rec.get("no_land_move") == st.turn:
            raise RuleError("§10.4.4", _("{unit} landed from a fleet that spent over 10 MP, or invaded: it cannot move this turn",
                                         unit=uid))  # fmt: skip
        if rec["activated"] and rec["mp"] <= 0:
            raise RuleError("§12.3", _("{unit} has no movement points left this turn", unit=uid))
        if RE.disloyal(st, rec):
            raise RuleError("§39.2", _("{unit} has no leader with it: disloyal legions stay put this month", unit=uid))
    for lid in leaders:
        if st.leaders[lid].get("aboard"):
            raise RuleError("§10.4", _("{unit} is aboard a fleet; it lands in the Naval Operations Phase", unit=lid))
        if st.leaders[lid]["activated"] and st.leaders[lid]["mp"] <= 0:
            raise RuleError("§12.3", _("{unit} has no movement points left this turn", unit=lid))
    return units, leaders, hexes.pop()


def stops_at(st: IRState, seat: str, hex_id: str) -> bool:
    """12.3: entering a hex with non-besieged enemy land units ends movement; so does entering
    an inactive neutral's land (23.3)."""
    return bool(B.hostile_land_at(st, seat, hex_id)) or bool(N.neutral_owner_of(st, hex_id))


def may_enter(st: IRState, powers: list[str], hex_id: str) -> bool:
    """Stacking (3.3, 5.2): units never end up with a power of their own side they may not
    stack with (an active neutral and its controller's powers)."""
    from rules.imperium_romanum import pirates

    if not pirates.may_go(st, powers, hex_id):
        return False
    for uid in B.units_at(st, hex_id):
        other = st.units[uid]["power"]
        for power in powers:
            if other != power and B.seat_of(st, other) == B.seat_of(st, power) and not B.may_stack(st, power, other):
                return False
    return True


def activate(st: IRState, seat: str, units: list[str], leaders: list[str], force: str, lines: list[Text],
             declared: str = "", move: dict[str, Any] | None = None) -> list[str] | None:  # fmt: skip
    """First move of pieces this turn: the supply check of 13.0 (the unsupplied stay put), then
    their MP: MA, plus 1 + leader value for forced march (12.5), less 2 when foraging (13.0).
    ``declared`` ("bt" or "forage") is the owner's supply declaration (13.2, IR-ENG-76); with
    ``move`` (the command being given), a roll that supplies only part of the group opens the
    owner's shortfall window and None is returned: the move goes on once it is answered."""
    from rules.imperium_romanum import supply

    fresh = [u for u in units if not st.units[u]["activated"]]
    if fresh:
        hex_id = st.units[fresh[0]]["hex"]
        shortfalls: list[dict[str, Any]] | None = [] if move is not None else None
        on_bt: list[str] | None = [] if declared == "forage" else None
        _ok, unsupplied = supply.check_group(st, seat, hex_id, fresh, lines, on_bt, shortfalls)
        if shortfalls and move is not None:
            st.stat("supply_shortfalls", len(shortfalls))
            stay_put(st, seat, unsupplied, lines)
            if not supply.settle_shortfalls(st, seat, hex_id, shortfalls, lines, move):
                return None
            return activate(st, seat, units, leaders, force, lines)  # every choice made by default or order
        stay_put(st, seat, unsupplied, lines)
        bonus = 1 + B.leader_value(force) if force else 0
        bt_extra = 0
        trains = [u for u in fresh if st.units[u]["type"] == B.BT]
        if trains and any(B.leader_value(lid) >= 2 for lid in leaders):
            from rules.imperium_romanum import deity

            roll = deity.roll(st, seat, "baggage_train", 1, _("§7.7 baggage train march"), [], lines)  # optional rule 42
            bt_extra = BT_MARCH_BONUS if roll.result > 3 else 0  # a +2 or +3 leader may hurry the train
        for uid in fresh:
            rec = st.units[uid]
            if uid in unsupplied:
                continue
            ma = B.utype(rec).ma + (bonus if not B.is_cavalry(rec) else 0) + (bt_extra if rec["type"] == B.BT else 0)
            if rec["foraged"] and rec["type"] != B.BT:
                ma -= FORAGE_MP
            rec.update(activated=True, mp=max(0, ma))
        units = [u for u in units if u not in unsupplied]
    for lid in leaders:
        if not st.leaders[lid]["activated"]:
            st.leaders[lid].update(activated=True, mp=LEADER_MA)
    return units


def stay_put(st: IRState, seat: str, uids: list[str], lines: list[Text]) -> None:
    """13.0: units found out of supply when they would move stay where they are this turn."""
    for uid in uids:
        if uid in st.units and not (st.units[uid]["activated"] and st.units[uid]["mp"] == 0):
            st.units[uid].update(activated=True, mp=0)
            lines.append(B.secret(_("{unit} is out of supply and cannot move (13.0).", unit=uid), seat))


def start_budget(st: IRState, units: list[str], leaders: list[str], force: str = "") -> int:
    """The most MP a group can have on this move, before its rolls: MA (plus forced march, 12.5,
    and a hurried baggage train, 7.7) for pieces not yet activated, MP left for the others."""
    hurry = BT_MARCH_BONUS if any(B.leader_value(lid) >= 2 for lid in leaders) else 0
    values = []
    for uid in units:
        rec = st.units[uid]
        if rec["activated"]:
            values.append(rec["mp"])
            continue
        extra = (1 + B.leader_value(force)) if force and not B.is_cavalry(rec) else 0
        values.append(B.utype(rec).ma + extra + (hurry if rec["type"] == B.BT else 0))
    values += [LEADER_MA if not st.leaders[lid]["activated"] else st.leaders[lid]["mp"] for lid in leaders]
    return min(values)


def budget_of(st: IRState, units: list[str], leaders: list[str]) -> int:
    return min([st.units[u]["mp"] for u in units] + [st.leaders[lid]["mp"] for lid in leaders])


def reach(st: IRState, seat: str, units: list[str], leaders: list[str], origin: str, budget: int) -> dict[str, tuple[int, str]]:
    powers = sorted({st.units[u]["power"] for u in units} | {st.leaders[lid]["power"] for lid in leaders})
    return world(st.scenario).reachable(
        origin, budget, st.season == "winter", st.flooded,
        stops=lambda h: stops_at(st, seat, h) and not OV.can_overrun(st, seat, units, h),  # 32.0
        enterable=lambda h: may_enter(st, powers, h),
        crossable=lambda a, b, crossing: crossing != "strait" or not strait_guarded(st, seat, a, b),
        extra=lambda h: LIM.extra_cost(st, powers, h),  # 30.0
    )  # fmt: skip


def strait_guarded(st: IRState, seat: str, a: str, b: str) -> bool:
    """12.2: no land unit crosses a strait while an enemy fleet lies in a hex the strait
    separates (its two ends and the sea between them on our map)."""
    for hex_id in world(st.scenario).strait_waters(a, b):
        for uid in B.units_at(st, hex_id):
            if B.is_fleet(st.units[uid]) and B.seat_hostile_to(st, seat, st.units[uid]["power"]):
                return True
    return False


def path_to(best: dict[str, tuple[int, str]], target: str) -> list[str]:
    path = [target]
    while best[path[-1]][1]:
        path.append(best[path[-1]][1])
    return list(reversed(path))[1:]


def move(st: IRState, seat: str, args: dict[str, Any], lines: list[Text], declared: str = "") -> None:
    """The ``move`` command: ``units`` (ids of units and leaders), ``to`` (a hex), optional
    ``path`` (the hexes entered, in order) and ``force_march`` (a leader id of the group).
    Units not yet activated first declare their supply when they have a choice (13.2, a
    window, IR-ENG-76); ``declared`` carries the answer when the move goes on."""
    ids = B.ids_of(args.get("units"))
    units, leaders, origin = group_of(st, seat, ids)
    target = str(args.get("to", ""))
    if target not in data().hexes:
        raise RuleError("§12", _("{hex} is not a hex of the map", hex=target or "?"))
    if target == origin:
        raise RuleError("§12", _("the group is already in {hex}", hex=target))
    force = str(args.get("force_march") or "")
    if force:
        if force not in leaders:
            raise RuleError("§12.5", _("a forced march needs a leader of the group"))
        if st.leaders[force]["activated"] or any(st.units[u]["activated"] for u in units):
            raise RuleError("§12.5", _("a leader force-marches a stack he starts the segment with, on its first move"))
    # check the path before anything is rolled: a refused command changes nothing
    budget = start_budget(st, units, leaders, force)
    path = _path(st, seat, units, leaders, origin, target, budget, args.get("path"))
    from rules.imperium_romanum import allied_transport, supply

    allied_transport.mark_moved_by_ally(st, seat, units)  # 5.8: its owner moves it no more this month

    fresh = [u for u in units if not st.units[u]["activated"]]
    if fresh and not declared and supply.declaration_due(st, seat, origin, False, fresh):
        supply.open_declaration(st, seat, origin, False, {"args": dict(args)})  # 13.2: the owner declares first
        return
    st.stat("moves")
    moving = activate(st, seat, units, leaders, force, lines, declared, {"args": dict(args), "declared": declared})
    if moving is None:
        return  # a shortfall window is open (13.2, IR-ENG-76)
    if units and not moving and not leaders:
        lines.append(B.secret(_("No unit of the group is supplied: none moves (13.0)."), seat))
        return
    budget = budget_of(st, moving, leaders)
    # the supply check may have cost MP (foraging): walk as far as the MP allow
    st.moving = {"seat": seat, "units": moving, "leaders": leaders, "path": path, "force": force,
                 "origin": origin, "asked": [], "budget": budget}  # fmt: skip
    walk(st, lines)


def resume(st: IRState, seat: str, paused: dict[str, Any], lines: list[Text]) -> None:
    """Go on with a move paused by its supply windows (IR-ENG-76): the units that must stay put
    are left out; the others set out as the command said."""
    args = dict(paused["args"])
    ids = [i for i in B.ids_of(args.get("units")) if i in st.leaders
           or (i in st.units and not (st.units[i]["activated"] and st.units[i]["mp"] <= 0))]  # fmt: skip
    if not any(i in st.units for i in ids) and not any(i in st.leaders for i in ids):
        lines.append(B.secret(_("No unit of the group is supplied: none moves (13.0)."), seat))
        return
    args["units"] = ids
    move(st, seat, args, lines, str(paused.get("declared") or "bt"))


def _path(st: IRState, seat: str, units: list[str], leaders: list[str], origin: str, target: str, budget: int,
          given: Any) -> list[str]:  # fmt: skip
    w = world(st.scenario)
    if given:
        path = B.ids_of(given)
        if not path or path[-1] != target:
            raise RuleError("§12", _("the path must end at {hex}", hex=target))
        here, spent = origin, 0
        powers = sorted({st.units[u]["power"] for u in units} | {st.leaders[lid]["power"] for lid in leaders})
        for step in path:
            costs = {h: c for h, c, _x in w.step_costs(here, st.season == "winter", st.flooded)}
            if step not in costs:
                _refuse_barrier(w, here, step)
                raise RuleError("§12.1", _("{a} and {b} are not joined by land", a=here, b=step))
            if w.crossing(here, step) == "strait" and strait_guarded(st, seat, here, step):
                raise RuleError("§12.2", _("an enemy fleet guards the strait between {a} and {b}", a=here, b=step))
            if here != origin and stops_at(st, seat, here) and not OV.can_overrun(st, seat, units, here):
                raise RuleError("§12.3", _("movement ends on entering {hex}", hex=here))
            if not may_enter(st, powers, step):
                raise RuleError("§5.2", _("the group may not stack in {hex}", hex=step))
            spent += costs[step] + LIM.extra_cost(st, powers, step)  # 30.0
            here = step
        if spent > budget:
            raise RuleError("§12.1", _("the path costs {cost} MP; the group has {mp}", cost=spent, mp=budget))
        return path
    best = reach(st, seat, units, leaders, origin, budget)
    if target not in best:
        raise RuleError("§12.1", _("{hex} is out of reach of the group ({mp} MP)", hex=target, mp=budget))
    return path_to(best, target)


def _refuse_barrier(w: World, here: str, step: str) -> None:
    """Refuse a step across a hexside no land unit crosses, naming it and its rule."""
    barrier = w.barrier(here, step)
    if barrier == "mountain":
        raise RuleError("§12.4", _("{a} and {b} are parted by a mountain hexside: no land unit crosses it except at a pass "
                                   "(ruling IR-MAP-4)", a=here, b=step))  # fmt: skip
    if barrier:
        raise RuleError("§12.2", _("{a} and {b} are parted by sea or a lake: land units cross only at a strait", a=here, b=step))


def walk(st: IRState, lines: list[Text]) -> None:
    """Advance the paused or new move along its path until it ends or a window opens."""
    mv = st.moving
    w = world(st.scenario)
    seat = mv["seat"]
    while mv["path"]:
        here = _group_hex(st, mv)
        step = mv["path"][0]
        costs = {h: (c, x) for h, c, x in w.step_costs(here, st.season == "winter", st.flooded)}
        cost, crossing = costs[step]
        cost += LIM.extra_cost(st, _group_powers(st, mv), step)  # 30.0
        if cost > budget_of(st, mv["units"], mv["leaders"]):
            lines.append(B.secret(_("The group stops at {hex}: not enough MP left (12.1).", hex=here), seat))
            break
        mv["path"] = mv["path"][1:]
        mv["asked"] = []
        for uid in mv["units"]:
            st.units[uid].update(hex=step, mp=st.units[uid]["mp"] - cost, crossing=crossing, moved=True, **{"from": here})
            if crossing == "strait":
                st.units[uid]["must_attack"] = True  # 14.1
        for lid in mv["leaders"]:
            st.leaders[lid].update(hex=step, mp=st.leaders[lid]["mp"] - cost)
        neutral = N.neutral_owner_of(st, step)
        if neutral:
            N.activate(st, neutral, seat, lines)
            _halt(st, mv)
            break
        if B.hostile_land_at(st, seat, step) and not OV.overrun(st, seat, mv["units"], step, lines):  # 32.0
            _halt(st, mv)
            break
        if _offer_interception(st, lines):
            return
    _finish(st, lines)


def _group_powers(st: IRState, mv: dict[str, Any]) -> list[str]:
    return sorted({st.units[u]["power"] for u in mv["units"] if u in st.units} | {st.leaders[lid]["power"] for lid in mv["leaders"]})


def _group_hex(st: IRState, mv: dict[str, Any]) -> str:
    if mv["units"]:
        return str(st.units[mv["units"][0]]["hex"])
    return str(st.leaders[mv["leaders"][0]]["hex"])


def _halt(st: IRState, mv: dict[str, Any]) -> None:
    for uid in mv["units"]:
        if uid in st.units:
            st.units[uid]["mp"] = 0
    for lid in mv["leaders"]:
        st.leaders[lid]["mp"] = 0
    mv["path"] = []


def _finish(st: IRState, lines: list[Text]) -> None:
    """End of a move: the forced march roll (12.5)."""
    mv = st.moving
    st.moving = {}
    if not mv:
        return
    units = [u for u in mv["units"] if u in st.units]
    if units:
        lines.append(B.secret(_n("{n} unit reaches {hex}.", "{n} units reach {hex}.", len(units), hex=st.units[units[0]]["hex"]),
                            mv["seat"]))
    from rules.imperium_romanum import plague

    plague.entered(st, units, str(mv.get("origin", "")) or st.units[units[0]]["hex"] if units else "", lines)  # 45.2
    force = mv.get("force", "")
    if force and units:
        value = B.leader_value(force)
        from rules.imperium_romanum import deity

        roll = deity.roll(st, str(mv["seat"]), "forced_march", -1, _("§12.5 forced march"), [], lines)  # 42: low rolls help
        if roll.result > 1 + value:
            forced_march_loss(st, units, lines)
        else:
            lines.append(_("Forced march roll {roll}: no loss (12.5).", roll=roll.result))


def forced_march_loss(st: IRState, units: list[str], lines: list[Text]) -> None:
    """12.5: one legion-sized unit, or two half-LE units, of the owner's choice (IR-ENG-12
    default: the weakest) is eliminated."""
    fighting = sorted((u for u in units if B.is_combat(st.units[u])), key=lambda u: (B.strength(st.units[u]), u))
    big = [u for u in fighting if B.le_halves(st.units[u]) >= 2]
    victims = big[:1] if big else fighting[:2]
    for uid in victims:
        B.eliminate_unit(st, uid, lines, _("forced march (12.5)"))


# -- land interception (12.4) ---------------------------------------------------------------
def interception_options(st: IRState, seat: str, target: str, mover_seat: str) -> dict[str, int]:
    """The leaders of ``seat`` who may try to intercept the group now in ``target``, with the
    MP distance of each (12.4): at most 3 hexes, through hexes free of hostile units, no strait;
    never into desert; not besieged, not sharing a hex with an enemy, once a month."""
    w = world(st.scenario)
    if w.terrain(target) == "desert":
        return {}
    out: dict[str, int] = {}
    for lid in sorted(st.leaders):
        rec = st.leaders[lid]
        if rec["status"] != "map" or B.seat_of(st, rec["power"]) != seat or lid in st.intercepted:
            continue
        if not B.can_act(st, rec["power"]):
            continue
        home = rec["hex"]
        if home == target or B.hostile_land_at(st, seat, home, None):
            continue
        force = interceptors(st, lid)
        if not force:
            continue
        mp = _intercept_mp(st, seat, home, target)
        if mp is None:
            continue
        if 6 + intercept_bonus(st, lid, force, target) >= 2 * mp:
            out[lid] = mp
    return out


def interceptors(st: IRState, lid: str) -> list[str]:
    """The units that go with an intercepting leader: his side's non-besieged combat units in
    his hex (IR-ENG-13: the whole stack is named)."""
    rec = st.leaders[lid]
    seat = B.seat_of(st, rec["power"])
    return [u for u in B.units_at(st, rec["hex"], False) if B.seat_of(st, st.units[u]["power"]) == seat
            and B.can_act(st, st.units[u]["power"]) and not st.units[u]["type"].startswith("fleet")
            and not RE.disloyal(st, st.units[u])]  # fmt: skip  # 39.2 S


def _intercept_mp(st: IRState, seat: str, home: str, target: str) -> int | None:
    w = world(st.scenario)
    powers = sorted({st.units[u]["power"] for u in B.units_at(st, home, False) if B.seat_of(st, st.units[u]["power"]) == seat})
    frontier: dict[str, int] = {home: 0}
    best: int | None = None
    for _depth in range(INTERCEPT_REACH):
        nxt: dict[str, int] = {}
        for here, spent in sorted(frontier.items()):
            for there, cost, crossing in w.step_costs(here, st.season == "winter", st.flooded):
                if crossing == "strait":
                    continue
                total = spent + cost + LIM.extra_cost(st, powers, there)  # 30.0
                if there == target:
                    best = total if best is None else min(best, total)
                    continue
                if B.hostile_land_at(st, seat, there, None):
                    continue
                if there not in nxt or total < nxt[there]:
                    nxt[there] = total
        frontier = nxt
    return best


def intercept_bonus(st: IRState, lid: str, force: list[str], target: str) -> int:
    """12.4.1: the leader's value, or +3 instead when the interceptors are all cavalry and the
    target holds non-cavalry; -3 when a baggage train goes with them."""
    fighters = [u for u in force if st.units[u]["type"] != B.BT]
    all_cav = bool(fighters) and all(B.is_cavalry(st.units[u]) for u in fighters)
    mover = st.moving.get("units", []) if st.moving else B.units_at(st, target)
    target_infantry = any(not B.is_cavalry(st.units[u]) for u in mover if u in st.units and B.is_combat(st.units[u]))
    bonus = 3 if all_cav and target_infantry else B.leader_value(lid)
    if any(st.units[u]["type"] == B.BT for u in force):
        bonus -= 3
    return bonus


def _offer_interception(st: IRState, lines: list[Text]) -> bool:
    """Open the interception window for the next player who has a leader in reach (12.4).
    Standing orders answer for a player: "never" skips him, "always" picks his best leader."""
    mv = st.moving
    target = _group_hex(st, mv)
    for seat in st.seats:
        if seat == mv["seat"] or seat in mv["asked"] or not B.powers_of(st, seat):
            continue
        if not any(B.seat_hostile_to(st, seat, st.units[u]["power"]) for u in mv["units"]):
            continue
        options = interception_options(st, seat, target, mv["seat"])
        mv["asked"].append(seat)
        if not options:
            continue
        order = st.standing.get(seat, {}).get("intercept", "ask")
        if order == "never":
            continue
        if order == "always":
            best = sorted(options, key=lambda lid: (options[lid], -B.leader_value(lid), lid))[0]
            resolve_interception(st, seat, best, lines)
            return bool(st.pending) or not st.moving
        st.seq += 1
        prompt = _("{mover}'s force enters {hex}: intercept with a leader within 3 hexes (12.4)?",
                   mover=mv["seat"], hex=target)  # fmt: skip
        choices = [["no", text_to_json(_("Do not intercept"))]] + [
            [lid, text_to_json(_("{leader} ({mp} MP away: needs {need})", leader=data().leaders[lid].name, mp=mp,
                                 need=2 * mp))] for lid, mp in sorted(options.items())]  # fmt: skip
        st.pending = {"id": f"intercept-{st.seq}", "seat": seat, "kind": "intercept", "prompt": text_to_json(prompt),
                      "choices": choices, "default": "no", "section": "§12.4", "hex": target}  # fmt: skip
        return True
    return False


def resolve_interception(st: IRState, seat: str, lid: str, lines: list[Text]) -> None:
    """12.4.1: roll d6 + bonus against twice the MP distance; on success the interceptors enter
    the hex, the mover stops, and a battle follows with the interceptor attacking."""
    from rules.imperium_romanum import combat, supply

    mv = st.moving
    target = _group_hex(st, mv)
    mp = _intercept_mp(st, seat, st.leaders[lid]["hex"], target)
    st.intercepted.append(lid)
    force = interceptors(st, lid)
    home = st.leaders[lid]["hex"]
    unsupplied: list[str] = []
    if any(not st.units[u]["supplied"] for u in force):
        _ok, unsupplied = supply.check_group(st, seat, home, force, lines)
    force = [u for u in force if u not in unsupplied]
    st.stat("interceptions_tried")
    if not force or mp is None:
        lines.append(_("{leader} cannot intercept: no supplied unit goes with him (12.4).", leader=data().leaders[lid].name))
        return
    need = 2 * mp
    from rules.imperium_romanum import deity

    roll = deity.roll(st, seat, "interception", 1, _("§12.4.1 land interception"),
                      [(_("§12.4.1 bonus"), intercept_bonus(st, lid, force, target))], lines)  # optional rule 42
    if roll.result < need:
        lines.append(_("{leader} fails to intercept: {roll} against {need} (12.4.1).", leader=data().leaders[lid].name,
                       roll=roll.result, need=need))  # fmt: skip
        return
    st.stat("interceptions")
    lines.append(_("{leader} intercepts at {hex}: {roll} against {need} (12.4.1).", leader=data().leaders[lid].name,
                   hex=target, roll=roll.result, need=need))  # fmt: skip
    w = world(st.scenario)
    crossing = ""
    for there, _cost, kind in w.step_costs(home, st.season == "winter", st.flooded):
        if there == target:
            crossing = kind
    for uid in force:
        st.units[uid].update(hex=target, crossing=crossing, **{"from": home})
        st.units[uid]["order"] = st.seq = st.seq + 1
    st.leaders[lid]["hex"] = target
    _halt(st, mv)
    _finish(st, lines)
    if OV.overrun(st, seat, force, target, lines):  # 32.0: interceptors may overrun too
        return
    combat.declare(st, seat, target, lines, intercepted=True)


def answer_interception(st: IRState, choice: str, lines: list[Text]) -> None:
    """The answer to an interception window, then the paused move goes on if it may."""
    pending, st.pending = st.pending, {}
    if choice != "no":
        resolve_interception(st, str(pending["seat"]), choice, lines)
    if st.pending:
        return
    if st.moving:
        if _offer_interception(st, lines):
            return
        walk(st, lines)
