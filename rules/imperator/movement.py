"""Movement: §3.3 (Fronts), §3.5 (Roman moves, fleets), §4.2 (stacking), §4.3 (usurper and
non-Roman moves), §4.5 D/ (rallying), §7 (stops, lone leaders, terrain, the 2-PM limit)."""

from __future__ import annotations

import heapq
from typing import Any

from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.core.i18n import Text, _, data_name, join
from rules.imperator import politics, stratagems
from rules.imperator.model import INTERIOR, MUTINEERS, ROMAN, ImperatorState, other
from rules.imperator.politics import name


def enemy_units(st: ImperatorState, zone: str, role: str) -> list[str]:
    return st.hostile_units(zone, role)


def base_pm(st: ImperatorState, with_units: bool) -> int:
    pm = 3 if with_units else 4
    if st.event == 2:
        pm -= 1
    return pm


def people_distance(st: ImperatorState, people: str, zone: str) -> int:
    """AMB-20: fewest zone-to-zone steps from the nearest starting zone of ``people`` (99:
    none reaches it); the distances are walked once per board (``Board.people_distances``)."""
    return st.board.people_distances(people).get(zone, 99)


def at_war(st: ImperatorState, people: str) -> bool:
    return people in st.at_war


def zone_people(st: ImperatorState, zone: str) -> tuple[str, ...]:
    return st.board.zones[zone].peoples


def roman_may_enter(st: ImperatorState, zone: str) -> bool:
    """§3.5: Roman units enter a People's zone only while that People is at war (AMB-22)."""
    for p in zone_people(st, zone):
        if p == "armenia":
            if st.armenia == "roman" or at_war(st, "parthians"):
                continue
            return False
        if not at_war(st, p):
            return False
    return True


def front_exempt(st: ImperatorState, uid: str) -> bool:
    d = st.udef(uid)
    us = st.units[uid]
    if d.people != ROMAN or us.owner != "R":
        return True
    if d.kind in ("vexillation", "garrison") or d.front in (None, INTERIOR):
        return True
    return d.front in st.defected_fronts


def front_distance(st: ImperatorState, front: str, zone: str) -> int:
    """Land steps from ``zone`` to the nearest zone of ``front`` (0 inside it)."""
    seen = {zone}
    layer = [zone]
    steps = 0
    while layer:
        if any(st.front_of(z) == front for z in layer):
            return steps
        steps += 1
        nxt: list[str] = []
        for z in layer:
            for n in st.board.land_neighbours(z):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        layer = sorted(nxt)
    return 10**6


def _heads_home(st: ImperatorState, front: str, frm: str, to: str) -> bool:
    """§3.3 (ruling "Units returning to their Front"): a unit left outside its Front when the
    Front stopped being a Reserve Front may move, but only closer to its Front, so it can regain
    it before phase F as the 172/173 example asks."""
    return st.front_of(frm) != front and front_distance(st, front, to) < front_distance(st, front, frm)


def refusal(section: str, why: Text) -> Text:
    """What the checks below return: ``"§x: why"`` (a str), whose reason stays a marked
    sentence for the RuleError (:func:`reason`)."""
    return _("{section}: {message}", section=section, message=why)


def reason(refused: str) -> str:
    """The reason of a ``"§x: why"`` refusal: its marked sentence when it has one."""
    if isinstance(refused, Text) and "message" in refused.params:
        return refused.params["message"]  # type: ignore[no-any-return]
    return refused.split(": ", 1)[1]


def step_error(st: ImperatorState, leader: str | None, units: list[str], frm: str, to: str) -> str | None:
    """Why the group may not step from ``frm`` into ``to`` (None when it may).

    The limits of §3.3, §3.5, §4.3 and §7.1 belong to the units and leaders themselves (a
    Roman unit by its Front, or by its owner when it serves a usurper; a People's by its
    People), never to the player moving them: so no role is asked."""
    z = st.board.zones.get(to)
    if z is None:
        return refusal("§7.1", _("unknown zone {zone}", zone=repr(to)))
    if to not in st.board.neighbours(frm):
        return refusal("§7.1", _("{zone} is not adjacent to {other}", zone=name(st, to), other=name(st, frm)))
    if z.kind != "land":
        return refusal("§3.5", _("{zone} is a sea zone; use sail", zone=name(st, to)))
    for uid in units:
        d = st.udef(uid)
        if d.people == ROMAN:
            if st.units[uid].owner == "E":
                if not st.in_empire(to):
                    return refusal("§4.3", _("{unit} serves a usurper and may not leave the Empire", unit=d.name))
            else:
                if not roman_may_enter(st, to):
                    return refusal("§3.5", _("Roman units may not enter {zone} while its People is at peace", zone=name(st, to)))
                if not front_exempt(st, uid) and d.front not in st.reserve_fronts:
                    if st.front_of(to) != d.front and not _heads_home(st, str(d.front), frm, to):
                        return refusal("§3.3", _("{unit} may not leave the {front} (not a Reserve Front)", unit=d.name, front=name(st, str(d.front))))
        else:
            err = _people_step_error(st, d.people, d.name, frm, to, leader)
            if err:
                return err
    if leader is not None:
        ld = st.ldef(leader)
        if ld.people != ROMAN:
            err = _people_step_error(st, ld.people, ld.name, frm, to, leader)
            if err:
                return err
            if not units and st.in_empire(to):
                return refusal("§4.3", _("{leader} may not move inside the Empire without a unit of his People", leader=ld.name))
    return None


def _people_step_error(
    st: ImperatorState, people: str, who: str, frm: str, to: str, leader: str | None
) -> str | None:
    if people == "armenia":
        return refusal("§4.2", _("the Armenia unit never moves"))
    if not at_war(st, people):
        if people not in zone_people(st, to):
            return refusal("§4.3", _("{who} may not leave its home zones while at peace with Rome", who=who))
    for p in zone_people(st, to):
        if p != people and p != "armenia" and not at_war(st, p):
            return refusal("§4.3", _("{who} may not enter {zone}, home of a People at peace", who=who, zone=name(st, to)))
        if p == "armenia" and people != "parthians":
            return refusal("§4.3", _("{who} may not enter Armenia", who=who))
    pd = st.board.peoples.get(people)
    if not st.in_empire(frm) and st.in_empire(to) and pd is not None and pd.entry_fronts():
        if st.front_of(to) not in pd.entry_fronts():
            return refusal("§4.3", _("{who} may enter the Empire only through the {fronts}", who=who,
                                      fronts=join(" / ", [name(st, f) for f in pd.entry_fronts()])))
    if st.front_of(to) == INTERIOR:
        if leader is None or st.ldef(leader).people != people:
            return refusal("§4.3", _("{who} may enter interior provinces only with a leader of its People", who=who))
    if people_distance(st, people, to) > 5:
        return refusal("§4.3", _("{zone} is more than 5 zones from the home of {who}", zone=name(st, to), who=who))
    return None


def stacking_error(st: ImperatorState, zone: str) -> str | None:
    """§4.2: the EoR may not stack Romans, Western and Eastern Peoples together."""
    cats = set()
    for uid in st.units_in(zone, "E"):
        p = st.udef(uid).people
        if p == "armenia":
            continue
        cats.add(st.people_category(p))
    for lid in st.leaders_in(zone, "E"):
        cats.add(st.people_category(st.ldef(lid).people))
    if len(cats) > 1:
        return refusal("§4.2", _("the Enemies of Rome may not stack {kinds} counters in {zone}",
                                  kinds=" + ".join(sorted(cats)), zone=name(st, zone)))
    return None


def front_minimum_error(st: ImperatorState, fronts: set[str] | None = None) -> str | None:
    """§3.3: each Front keeps at least half (rounded up) of its own units (AMB-17). ``fronts``
    limits the check to the Fronts a move has just taken units out of (a unit coming back never
    breaks the minimum)."""
    for front in ("british", "rhine", "danube", "orient", "southern"):
        if fronts is not None and front not in fronts:
            continue
        if front in st.defected_fronts:
            continue
        total = 0
        inside = 0
        for uid, us in st.units.items():
            d = st.udef(uid)
            if d.people != ROMAN or d.front != front or d.kind == "vexillation":
                continue
            if us.status in ("out", "pool") or us.mutiny:
                continue
            total += 1
            if us.status == "map" and us.owner == "R" and us.loc and st.front_of(us.loc) == front:
                inside += 1
        need = (total + 1) // 2
        if inside < need:
            return refusal("§3.3", _("the {front} must keep at least {need} of its {total} units",
                                      front=name(st, front), need=need, total=total))
    return None


def path_cost(st: ImperatorState, start: str, path: list[str]) -> int:
    """§7.1: PM to walk ``path`` from ``start``: 1 a zone, plus 1 across a great river or a
    strait (the one reckoning :func:`move` charges, step by step)."""
    cost = 0
    prev = start
    for z in path:
        cost += 1 + st.board.neighbours(prev).get(z, 0)
        prev = z
    return cost


def _moved(st: ImperatorState, cid: str) -> dict[str, Any] | None:
    return st.moved.get(cid)


def find_path(st: ImperatorState, role: str, leader: str | None, units: list[str], start: str, goal: str, pm: int) -> list[str] | None:
    """Cheapest path the group may legally walk (stops at enemy stacks)."""
    heap: list[tuple[int, int, str, list[str]]] = [(0, 0, start, [])]
    best: dict[str, int] = {start: 0}
    n = 0
    while heap:
        cost, _, z, path = heapq.heappop(heap)
        if z == goal:
            return path
        if path and units and enemy_units(st, z, role):
            continue
        for nb, extra in st.board.neighbours(z).items():
            c = cost + 1 + extra
            if c > pm or step_error(st, leader, units, z, nb):
                continue
            if c < best.get(nb, 999):
                best[nb] = c
                n += 1
                heapq.heappush(heap, (c, n, nb, path + [nb]))
    return None


def record_move(st: ImperatorState, src: str, dst: str, role: str, path: list[str]) -> None:
    """Keep the move for the spectators' map (``last_moves``, reset at each SMC)."""
    if src != dst:
        st.last_moves.append({"from": src, "to": dst, "side": role, "path": list(path)})


def move(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any]) -> None:
    leader = args.get("leader")
    units = list(args.get("units") or [])
    if args.get("unit"):
        units.append(args["unit"])
    if leader is None and not units:
        raise RuleError("§7", _("name a leader or a unit to move"))
    drops: dict[str, list[str]] = {k: list(v) for k, v in (args.get("drop") or {}).items()}
    # -- who moves ----------------------------------------------------------------------
    start: str | None = None
    cont_pm: int | None = None
    if leader is not None:
        if leader not in st.leaders:
            raise RuleError("§3.5", _("unknown leader {leader}", leader=repr(leader)))
        ls = st.leaders[leader]
        if ls.status != "map" or ls.owner != role or ls.fleet:
            raise RuleError("§3.5", _("{leader} is not one of your leaders on the map", leader=name(st, leader)))
        if ls.pax:
            raise RuleError("§4.1", _("{leader} is on his Pax Romana side", leader=name(st, leader)))
        if ls.ill:
            raise RuleError("Event 4", _("{leader} is ill and may not leave his zone", leader=name(st, leader)))
        m = _moved(st, leader)
        if m is not None:
            if "cont" not in m:
                raise RuleError("§3.5", _("{leader} has already moved this SMC", leader=name(st, leader)))
            cont_pm = int(m["cont"])
        start = ls.loc
    for uid in units:
        if uid not in st.units:
            raise RuleError("§3.5", _("unknown unit {uid}", uid=repr(uid)))
        us = st.units[uid]
        if us.mutiny:
            raise RuleError("§6.3", _("{name} is in mutiny and may not move", name=name(st, uid)))
        if us.status != "map" or us.owner != role or us.fleet:
            raise RuleError("§3.5", _("{name} is not one of your units on the map", name=name(st, uid)))
        mu = _moved(st, uid)
        if mu is not None and not ("cont" in mu and cont_pm is not None):
            raise RuleError("§3.5", _("{name} has already moved this SMC", name=name(st, uid)))
        if start is None:
            start = us.loc
        if us.loc != start:
            raise RuleError("§3.5", _("{unit} is not in {zone}", unit=name(st, uid), zone=name(st, start or '')))
        if st.udef(uid).people == "armenia":
            raise RuleError("§4.2", _("the Armenia unit never moves"))
    assert start is not None
    if len(set(units)) != len(units):
        raise RuleError("§3.5", _("a unit is named twice"))
    # -- group rules ----------------------------------------------------------------------
    if leader is not None:
        ld = st.ldef(leader)
        if len(units) > ld.cc:
            raise RuleError("§3.5", _("{name} may lead at most {cc} units (CC)", name=ld.name, cc=ld.cc))
        for uid in units:
            ud = st.udef(uid)
            if ld.people == ROMAN and ud.people != ROMAN:
                raise RuleError("§3.5", _("{name} may lead only Roman units", name=ld.name))
            if ld.people != ROMAN and ud.people != ld.people:
                raise RuleError("§4.3", _("{name} may lead only units of his own People", name=ld.name))
    for uid in units:
        ud = st.udef(uid)
        if ud.people == ROMAN and st.units[uid].owner == "E":
            if leader is None or not st.leaders[leader].rebel:
                raise RuleError("§4.3", _("{name} serves a usurper and moves only with a rebel leader", name=ud.name))
        if ud.people == ROMAN and ud.kind == "garrison" and st.units[uid].owner == "R":
            if leader is None or st.leaders[leader].title not in ("augustus", "caesar"):
                raise RuleError("§3.5", _("{name} (Rome garrison) moves only with an Augustus or a Caesar", name=ud.name))
    # -- the path ---------------------------------------------------------------------------
    pm = base_pm(st, bool(units)) if cont_pm is None else cont_pm
    if leader is None:
        pm = 99  # a unit alone moves exactly one zone whatever the cost (§3.5, AMB-18)
    path = list(args.get("path") or [])
    if not path:
        to = args.get("to")
        if not to:
            raise RuleError("§7", _("give path or to"))
        if to not in st.board.zones:
            raise RuleError("§7.1", _("unknown zone {to}", to=repr(to)))
        found = find_path(st, role, leader, units, start, to, pm)
        if found is None and to in st.board.neighbours(start):
            found = [to]
        if found is None:
            raise RuleError("§7", _("no legal path to {name} within {pm} PM", name=name(st, to), pm=pm))
        path = found
    if not path:
        raise RuleError("§7", _("the force is already in {name}", name=name(st, start)))
    if leader is None and len(path) != 1:
        raise RuleError("§3.5", _("a combat unit without a leader moves only one zone"))
    carried = list(units)
    prev = start
    spent = 0
    entered: list[str] = []
    for i, z in enumerate(path):
        if prev != start and enemy_units(st, prev, role) and carried:
            raise RuleError("§7", _("units must stop on entering {name} (enemy units)", name=name(st, prev)))
        err = step_error(st, leader, carried, prev, z)
        if err:
            raise RuleError(err.split(":")[0], reason(err))
        spent += path_cost(st, prev, [z])
        if spent > pm:
            raise RuleError("§7.1", _("the move costs {spent} PM; only {pm} available", spent=spent, pm=pm))
        entered.append(z)
        for uid in drops.get(z, []):
            if uid not in carried:
                raise RuleError("§3.5", _("{name} is not in the moving stack", name=name(st, uid)))
            carried.remove(uid)
        if leader is not None and units and not carried and i < len(path) - 1:
            raise RuleError("§3.5", _("the leader may not go beyond the last unit still with him"))
        prev = z
    for k in drops:
        if k not in path:
            raise RuleError("§3.5", _("drop zone {k} is not on the path", k=politics.typed(st, k)))
    if entered and all(st.board.zones[z].limited and not st.in_empire(z) for z in entered) and spent > 2:
        if cont_pm is None:
            raise RuleError("§7.2", _("at most 2 PM per SMC in Germania, Britannia or Africa outside the Empire"))
    # -- apply ----------------------------------------------------------------------------
    final = path[-1]
    placed: dict[str, str] = {}
    for z in path:
        for uid in drops.get(z, []):
            placed[uid] = z
    for uid in carried:
        placed[uid] = final
    for uid, z in placed.items():
        st.units[uid].loc = z
        st.moved[uid] = {"pm": spent}
    if leader is not None:
        from rules.imperator.fate import agitation_error

        agit = agitation_error(st, leader, start, final, spent, pm - spent, carried)
        if agit:
            raise RuleError("Event 6", agit)
        st.leaders[leader].loc = final
        st.moved[leader] = {"pm": spent}
    for z in sorted(set(placed.values()) | {final}):
        err = stacking_error(st, z)
        if err:
            raise RuleError("§4.2", reason(err))
    leaving = {
        str(st.udef(u).front) for u in units
        if not front_exempt(st, u) and st.front_of(start) == st.udef(u).front and st.front_of(st.units[u].loc or "") != st.udef(u).front
    }
    if role == "R" and leaving:
        err = front_minimum_error(st, leaving)
        if err:
            raise RuleError("§3.3", reason(err))
    st.entered_from.setdefault(final, [])
    if len(path) >= 1:
        src = path[-2] if len(path) >= 2 else start
        if src not in st.entered_from[final]:
            st.entered_from[final].append(src)
    who = name(st, leader) if leader else ""
    what = ", ".join(name(st, u) for u in units)
    desc = f"{who} with {what}" if leader and units else (who or what)
    out.say(_("{desc} moves to {name} ({spent} PM).", desc=desc, name=name(st, final), spent=spent))
    record_move(st, start, final, role, [start] + path)
    out.map_changed = True
    after_move(st, out, role, sorted(set(placed.values()) | {final}))


def after_move(st: ImperatorState, out: Outcome, role: str, zones: list[str]) -> None:
    """§7: lone leaders sharing a zone with enemy units must escape (AMB-55)."""
    from rules.imperator import stratagems

    politics.normalize(st, out)
    stratagems.mutiny_follow(st, out)
    stratagems.plague_entries(st, out)
    stratagems.check_markers(st, out)
    for z in zones:
        for r in (role, other(role)) if role != MUTINEERS else ("R", "E"):
            if st.units_in(z, r):
                continue
            if not st.hostile_units(z, r):
                continue
            for lid in st.leaders_in(z, r):
                lone_leader_escape(st, out, lid)


def escape_zones(st: ImperatorState, lid: str) -> list[str]:
    ls = st.leaders[lid]
    assert ls.loc is not None
    res = []
    for n in st.board.land_neighbours(ls.loc):
        if st.hostile_units(n, ls.owner):
            continue
        if ls.owner == "E":
            politics_ok = st.ldef(lid).people != ROMAN or st.in_empire(n)
            if not politics_ok:
                continue
        res.append(n)
    return sorted(res)


def lone_leader_escape(st: ImperatorState, out: Outcome, lid: str, fav: dict[str, Any] | None = None) -> None:
    ls = st.leaders[lid]
    if ls.status != "map":
        return
    if fav is not None and (not ls.loc or not st.hostile_units(ls.loc, ls.owner) or st.units_in(ls.loc, ls.owner)):
        return  # resumed after a Faveur divine window: no longer caught alone
    zones = escape_zones(st, lid)
    data = fav or {"leader": lid}
    if zones and stratagems.favour_window(st, ls.owner, "escape", data, "d10", [f == 9 for f in range(10)]):
        return
    roll = stratagems.favour_roll(st, "d10", _("§7 escape of {leader} (dies on 9)", leader=name(st, lid)), [], data)
    if roll.result == 9 or not zones:
        foe = other(ls.owner) if ls.loc and st.units_in(ls.loc, other(ls.owner)) else MUTINEERS
        politics.kill_leader(st, out, lid, _("caught alone by enemy units"), killer=foe, section="§7")
        return
    if len(zones) == 1:
        ls.loc = zones[0]
        out.say(_("§7: {leader} escapes to {zone}.", leader=name(st, lid), zone=name(st, zones[0])))
        return
    politics.open_decision(
        st,
        ls.owner,
        "escape",
        _("§7: {leader} escaped; choose where he goes.", leader=name(st, lid)),
        [(z, name(st, z)) for z in zones],
        zones[0],
        "§7",
        {"leader": lid},
    )


def rally(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any]) -> None:
    """§4.5 D/: a rebel leader tries to win over leaderless loyal Roman units in his zone."""
    zone = str(args.get("zone") or "")
    rebels = [x for x in st.leaders_in(zone, role) if st.leaders[x].rebel] if zone else []
    if role != "E" or not rebels:
        raise RuleError("§4.5", _("rallying needs a usurper or one of his generals in that zone"))
    if not any(x in st.moved for x in rebels):
        raise RuleError("§4.5", _("the rebel leader must have entered the zone during this move"))
    if st.leaders_in(zone, "R"):
        raise RuleError("§4.5", _("only units without a leader can be rallied"))
    key = f"rally:{zone}"
    if key in st.moved:
        raise RuleError("§4.5", _("a rally was already tried in this zone this SMC"))
    targets = [u for u in st.units_in(zone, "R") if st.udef(u).people == ROMAN]
    if not targets:
        raise RuleError("§4.5", _("no loyal Roman unit to rally there"))
    owned: dict[str, int] = {}
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.owner == "E" and us.status == "map" and d.people == ROMAN and d.kind == "legion" and d.front:
            owned[d.front] = owned.get(d.front, 0) + 1
    able = [u for u in targets if st.udef(u).kind != "vexillation" or owned.get(st.udef(u).front or "", 0) >= 3]
    if not able:
        raise RuleError("§4.5", _("a vexillation can be rallied only by a side holding 3 legions of its Front"))
    st.moved[key] = {}
    best = max(rebels, key=lambda x: st.ldef(x).cp)
    usurper = best if st.leaders[best].title == "usurper" else (st.leaders[best].follows or best)
    bonus = st.usurper_bonus.get(usurper, 0)
    data = {"zone": zone, "best": best, "usurper": usurper, "able": able, "rebels": rebels}
    cp = st.ldef(best).cp
    if stratagems.favour_window(st, "E", "rally", data, "d6", [f - bonus <= cp for f in range(1, 7)]):
        return
    rally_roll(st, out, data)


def rally_roll(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§4.5 D/: the roll of a rally, and its effect."""
    zone, best, usurper = data["zone"], data["best"], data["usurper"]
    able = [u for u in data["able"] if st.units[u].status == "map" and st.units[u].loc == zone and st.units[u].owner == "R"]
    rebels = [x for x in data["rebels"] if st.leaders[x].status == "map" and st.leaders[x].loc == zone]
    if not able or not rebels:
        return
    bonus = st.usurper_bonus.get(usurper, 0)
    cp = st.ldef(best).cp
    roll = stratagems.favour_roll(st, "d6", _("§4.5 D/ rally by {leader} (needs {cp} or less)", leader=name(st, best), cp=cp), [(_("usurpation stratagem"), -bonus)] if bonus else [], data)
    if roll.result <= cp:
        for u in able:
            st.units[u].owner = "E"
            st.units[u].usurper = usurper
            df = st.udef(u).front
            if df and df not in st.defected_fronts and st.udef(u).kind != "vexillation":
                st.defected_fronts.append(df)
        out.say(_("§4.5 (D/): {list} join the usurpation.", list=', '.join(name(st, u) for u in able)))
        for cid in rebels + st.units_in(zone, "E"):
            m = st.moved.get(cid)
            if m is not None:
                m["cont"] = max(0, base_pm(st, True) - int(m.get("pm", 0)))
    else:
        out.say(_("§4.5 (D/): the units in {zone} stay loyal; they must be fought.", zone=name(st, zone)))
    out.map_changed = True


# --------------------------------------------------------------------------------------------
# Fleets (§3.5)
# --------------------------------------------------------------------------------------------


def sail(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any]) -> None:
    if st.event == 9:
        raise RuleError("Event 9", _("no naval movement this turn"))
    fid = args.get("fleet")
    if role != "R" or fid not in st.fleets:
        raise RuleError("§3.5", _("only the Roman player's fleets sail"))
    fd = st.board.fleets[fid]
    fs = st.fleets[fid]
    if fs.status != "map":
        raise RuleError("§3.5", _("the {name} is not in play", name=data_name(fd.name)))
    if fs.moved:
        raise RuleError("§3.5", _("a fleet moves one step per SMC"))
    to = args.get("to") or args.get("sea")
    units = list(args.get("units") or [])
    leaders = list(args.get("leaders") or [])
    land = args.get("land")
    # Boarding (only in the port box).
    if units or leaders:
        if fs.at != "port":
            raise RuleError("§3.5", _("units board only in the fleet's home port"))
        aboard_u = [u for u, s in st.units.items() if s.fleet == fid]
        if len(units) + len(aboard_u) > 2:
            raise RuleError("§3.5", _("a fleet carries at most 2 combat units"))
        for u in units:
            us = st.units.get(u)
            if us is None or us.status != "map" or us.owner != "R" or us.loc != fd.home or u in st.moved:
                raise RuleError("§3.5", _("{name} must start the SMC in {home} to board", name=name(st, u), home=name(st, fd.home)))
        for x in leaders:
            ls = st.leaders.get(x)
            if ls is None or ls.status != "map" or ls.owner != "R" or ls.loc != fd.home or x in st.moved:
                raise RuleError("§3.5", _("{name} must start the SMC in {home} to board", name=name(st, x), home=name(st, fd.home)))
            if ls.ill:
                raise RuleError("Event 4", _("{leader} is ill and may not leave his zone", leader=name(st, x)))
        aboard_l = [x for x, s in st.leaders.items() if s.fleet == fid] + leaders
        for u in units:
            if st.udef(u).kind == "garrison" and not any(st.leaders[x].title in ("augustus", "caesar") for x in aboard_l):
                raise RuleError("§3.5", _("{name} (Rome garrison) moves only with an Augustus or a Caesar", name=name(st, u)))
    if to == "port":
        if fs.at == "port":
            raise RuleError("§3.5", _("the fleet is already in port"))
        if fs.at not in fd.seas:
            raise RuleError("§3.5", _("the home port is not next to the fleet's sea zone"))
    else:
        if to not in st.board.zones or st.board.zones[to].kind != "sea":
            raise RuleError("§3.5", _("{to} is not a sea zone", to=politics.typed(st, str(to))))
        if st.board.zones[to].closed_sea:
            raise RuleError("§3.5", _("fleets may not enter {name}", name=name(st, to)))
        if fs.at == "port":
            if to not in fd.seas:
                raise RuleError("§3.5", _("{name} is not one step from the port", name=name(st, to)))
        elif to not in st.board.neighbours(fs.at):
            raise RuleError("§3.5", _("a fleet moves one sea zone per SMC"))
    for u in units:
        st.units[u].fleet = fid
        st.moved[u] = {"pm": 0}
    for x in leaders:
        st.leaders[x].fleet = fid
        st.moved[x] = {"pm": 0}
    src_zone = fd.home if fs.at == "port" else fs.at
    dst_zone = fd.home if to == "port" else to
    record_move(st, src_zone, dst_zone, role, [src_zone, dst_zone])
    fs.at = to
    fs.moved = True
    cargo_u = [u for u, s in st.units.items() if s.fleet == fid]
    cargo_l = [x for x, s in st.leaders.items() if s.fleet == fid]
    if land:
        if to == "port":
            land = fd.home
        elif land not in st.board.neighbours(to) or st.board.zones[land].kind != "land":
            raise RuleError("§3.5", _("{zone} is not a coast of {sea}", zone=name(st, land), sea=name(st, to)))
        else:
            # §3.5: a landing is a move: the Front limits (§3.3) and closed home zones hold
            err = step_error(st, None, cargo_u, to, land)
            if err is not None:
                raise RuleError(err.partition(": ")[0], reason(err))
        for u in cargo_u:
            st.units[u].fleet = None
            st.units[u].loc = land
            st.moved[u] = {"pm": 99}
        for x in cargo_l:
            st.leaders[x].fleet = None
            st.leaders[x].loc = land
            st.moved[x] = {"pm": 99}
        out.say(_("The {fleet} lands {cargo} in {zone}.", fleet=data_name(fd.name), cargo=', '.join(name(st, c) for c in cargo_u + cargo_l), zone=name(st, land)))
        record_move(st, dst_zone, land, role, [dst_zone, land])
        after_move(st, out, role, [land])
    else:
        for u in cargo_u:
            st.units[u].loc = None if to != "port" else fd.home
            if to == "port":
                st.units[u].fleet = None
        for x in cargo_l:
            st.leaders[x].loc = None if to != "port" else fd.home
            if to == "port":
                st.leaders[x].fleet = None
        if to == "port":
            out.say(_("The {fleet} sails back to its port.", fleet=data_name(fd.name)))
        else:
            out.say(_("The {fleet} sails to {zone}.", fleet=data_name(fd.name), zone=name(st, to)))
    out.map_changed = True
