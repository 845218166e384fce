"""Phase F (§2.F, §9.2, §10): positional VP, adjustments 9.2.1-9.2.4, Corporis Custodes."""

from __future__ import annotations

from collections import deque

from rules.core.command import Outcome
from rules.core.errors import NotYetSupported
from rules.core.i18n import _, _n, data_name, join
from rules.imperator import fate, politics
from rules.imperator.model import INTERIOR, ROMAN, ImperatorState, other
from rules.imperator.politics import name


def distances(st: ImperatorState, start: str) -> dict[str, int]:
    seen = {start: 0}
    q = deque([start])
    while q:
        z = q.popleft()
        for n in st.board.land_neighbours(z):
            if n not in seen:
                seen[n] = seen[z] + 1
                q.append(n)
    return seen


def e_occupied(st: ImperatorState, zone: str) -> bool:
    return bool(st.units_in(zone, "E"))


def nearest_free_camps(st: ImperatorState, home: str) -> list[str]:
    """§9.2.2: the camps in the Empire free of the enemy nearest to ``home`` (all of them on a tie:
    the player picks, ruling "Every choice is the player's")."""
    dist = distances(st, home)
    camps = [z for z in dist if st.has_camp(z) and st.in_empire(z) and not e_occupied(st, z)]
    if not camps:
        return []
    best = min(dist[z] for z in camps)
    return sorted(z for z in camps if dist[z] == best)


def interior_zones(st: ImperatorState, city: bool, near: str | None = None) -> list[str]:
    """§9.2.2: interior-province zones free of the enemy (with a city if ``city``), nearest to
    ``near`` first; the Roman player picks any of them."""
    zs = sorted(
        z for z, d in st.board.zones.items() if st.front_of(z) == INTERIOR and (d.city or not city) and not e_occupied(st, z)
    )
    if near is not None and near in st.board.zones:
        dist = distances(st, near)
        zs.sort(key=lambda z: (dist.get(z, 10**6), z))
    return zs


def home_options(st: ImperatorState, uid: str) -> tuple[list[str], bool]:
    """Where a Roman unit of the Roman player may go home (§9.2.2), and whether it arrives reduced.

    One zone when the book names it; several when it leaves the pick to the player (nearest camps
    on a tie, any interior zone when every camp is held)."""
    d = st.udef(uid)
    home = d.home
    if home is None:
        return interior_zones(st, False), True
    if not e_occupied(st, home):
        return [home], False
    if d.kind == "garrison" or d.front == INTERIOR:
        return interior_zones(st, True, home), True
    camps = nearest_free_camps(st, home)
    if camps:
        return camps, True
    return interior_zones(st, False, home), True


def place(
    st: ImperatorState, role: str, pieces: list[str], options: list[str], section: str, *,
    shelter: bool = False, default: str | None = None,
) -> str | None:
    """Put ``pieces`` (units and leaders) in ``default`` (``options[0]`` if not given); with more
    than one option, the owner decides (a ``place_pieces`` decision moves them to the zone he
    picks). Returns the zone."""
    if not options or not pieces:
        return None
    dest = default if default is not None else options[0]
    move_pieces(st, pieces, dest, shelter)
    if len(options) > 1:
        what = ", ".join(name(st, p) for p in pieces)
        politics.open_decision(
            st, role, "place_pieces",
            _n("{section}: choose where {pieces} goes.", "{section}: choose where {pieces} go.", len(pieces),
               section=section, pieces=what),
            [(z, name(st, z)) for z in options], dest, section, {"pieces": list(pieces), "shelter": shelter},
        )
    return dest


def move_pieces(st: ImperatorState, pieces: list[str], dest: str, shelter: bool = False) -> None:
    """Answer of a ``place_pieces`` decision (and its default): every piece goes to ``dest``."""
    for p in pieces:
        if p in st.units:
            st.units[p].loc = dest
            if shelter:
                _shelter(st, p)
        elif p in st.leaders and st.leaders[p].status == "map":
            st.leaders[p].loc = dest


def sheltered(st: ImperatorState, zone: str) -> tuple[bool, bool]:
    """(protects from reduction, restores): city/camp do both, a port only protects (AMB-40)."""
    z = st.board.zones[zone]
    good = z.city or st.has_camp(zone)
    return good or z.port, good


def threatened(st: ImperatorState, zone: str) -> bool:
    zones = [zone, *st.board.land_neighbours(zone)]
    for z in zones:
        for u in st.units_in(z, "E"):
            d = st.udef(u)
            if d.people == ROMAN or d.people in st.at_war:
                return True
    return False


def positional_vp(st: ImperatorState, out: Outcome) -> None:
    r: list[tuple[str, int]] = []
    e: list[tuple[str, int]] = []
    rome = st.board.rome
    if any(st.leaders[a].loc == rome for a in st.augusti()):
        r.append((_("an Augustus in Rome"), 1))
    if st.rules.get("armenia", True):
        if st.armenia == "roman":
            r.append((_("Armenia is Roman"), 1))
        else:
            e.append((_("Armenia is Parthian"), 1))
    if not st.usurpers():
        r.append((_("no civil war"), 1))
    else:
        e.append((_("a usurpation in progress"), 3))
    if st.pax_turn:
        r.append((_("Pax Romana"), 3))
        e.append((_("Pax Romana"), -1))
    if not any(st.udef(u).praetorian and st.units[u].loc == rome and st.units[u].status == "map" for u in st.units):
        e.append((_("no Praetorian cohort in Rome"), 1))
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.status != "map" or us.loc is None or d.people in (ROMAN, "armenia"):
            continue
        f = st.front_of(us.loc)
        if f == INTERIOR:
            e.append((_("{unit} in an interior province", unit=d.name), 3))
        elif f is not None:
            e.append((_("{unit} in a Front", unit=d.name), 1))
    # Reserve Front excess (AMB-38)
    out_fronts = set()
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.status != "map" or us.owner != "R" or d.people != ROMAN or us.loc is None:
            continue
        if d.kind in ("vexillation", "garrison") or d.front in (None, INTERIOR) or d.front in st.defected_fronts:
            continue
        if st.front_of(us.loc) != d.front:
            out_fronts.add(d.front)
    # §3.3, §10 (AMB-38 as corrected, the 172/173 example): every Front that is not one of this
    # year's Reserve Fronts and still has units out costs 3 VP; a Reserve Front kept with nothing
    # out does not cover another Front.
    excess = len(out_fronts - set(st.reserve_fronts))
    if excess:
        r.append((_n("{n} Front with units out but not a Reserve Front",
                     "{n} Fronts with units out but not a Reserve Front", excess), -3 * excess))
    for role, items in (("R", r), ("E", e)):
        total = sum(v for why, v in items)
        st.add_vp(role, total)
        if items:
            detail = join(", ", [join(" ", [f"{v:+d}", why]) for why, v in items])
            out.say(_("§10 (phase F): {total} VP to {seat} ({detail}).", seat=st.seat_of(role),
                      total=f"{total:+d}", detail=detail))
    out.cite("§10")
    # Usurpation success A/: a rebel leader and a rebel unit hold Rome.
    if st.usurpers():
        rebels = [x for x in st.leaders_in(rome, "E") if st.ldef(x).people == ROMAN]
        runits = [u for u in st.units_in(rome, "E") if st.udef(u).people == ROMAN]
        if rebels and runits:
            politics.usurpation_succeeds(st, out, "§4.5 (success A/)")


GONE_IN_195 = ("osrhoene", "adiabene")


def armenia_conquest(st: ImperatorState, out: Outcome) -> None:
    """§4.2: the side that does not control Armenia and has driven every enemy unit (the Armenia
    unit included) out of the Armenia zone flips its status in phase F; the unit comes back in the
    adjustments (§9.2)."""
    if not st.rules.get("armenia", True):
        return
    holder = "R" if st.armenia == "roman" else "E"
    zones = [z for z, zd in st.board.zones.items() if "armenia" in zd.peoples]
    for z in zones:
        if st.units_in(z, other(holder)) and not st.units_in(z, holder):
            fate.flip_armenia(st, out)
            out.cite("§4.2")
            return


def remove_osrhoene_adiabene(st: ImperatorState, out: Outcome) -> None:
    """§4.2, D-07: in phase F of 195 the Osrhoene and Adiabene units leave the game for good; their
    zones belong to the Orient Front from 196 (``ZoneDef.empire_from``)."""
    if st.year < 195:
        return
    gone = False
    for uid, us in st.units.items():
        if st.udef(uid).people in GONE_IN_195 and us.status != "gone":
            us.status, us.loc, us.fleet, us.reduced, us.mutiny = "gone", None, None, False, None
            gone = True
    for lid, ls in st.leaders.items():
        if st.ldef(lid).people in GONE_IN_195 and ls.status != "dead":
            ls.status, ls.loc, ls.title = "dead", None, None
            gone = True
    for pid in GONE_IN_195:
        if pid in st.at_war:
            st.at_war.remove(pid)
            gone = True
    if gone:
        out.say(_("§4.2: Osrhoene and Adiabene leave the game; their zones join the Orient Front."))
        out.cite("§4.2")


Snapshot = tuple[dict[str, tuple[str, bool, str | None]], dict[str, tuple[str, str | None]]]


def snapshot(st: ImperatorState) -> Snapshot:
    """Each unit's (status, reduced, zone) and each leader's (status, zone), for :func:`tell`."""
    return ({u: (us.status, us.reduced, us.loc) for u, us in sorted(st.units.items())},
            {x: (ls.status, ls.loc) for x, ls in sorted(st.leaders.items())})


def tell(st: ImperatorState, out: Outcome, before: Snapshot, section: str) -> None:
    """Say every counter and leader an adjustment moved, brought back or turned since ``before``
    (``views.adjustment_lines``; rulings AMB-78, AMB-94)."""
    from rules.imperator.views import adjustment_lines

    for line in adjustment_lines(st, before[0], before[1], section):
        out.say(line)


def adjustments(st: ImperatorState, out: Outcome) -> None:
    before = snapshot(st)
    _adjustments(st, out)
    tell(st, out, before, "§9.2")


def _adjustments(st: ImperatorState, out: Outcome) -> None:
    out.cite("§9.2")
    remove_osrhoene_adiabene(st, out)
    # 9.2.1 fleets
    for fid, fs in st.fleets.items():
        if fs.status == "map" and fs.at != "port":
            fs.status = "lost"
            fs.back_year = st.year + 6
            out.say(_("§9.2.1: the {fleet} is lost at sea; back in {year}.",
                      fleet=data_name(st.board.fleets[fid].name), year=fs.back_year))
            for uid, us in sorted(st.units.items()):
                if us.fleet == fid:
                    out.say(_("§9.2.1: {unit}, aboard, is lost with the fleet.", unit=name(st, uid)))
                    us.fleet = None
                    us.status = "eliminated"
                    us.loc = None
            drowned = sorted(x for x, ls in st.leaders.items() if ls.fleet == fid and ls.status == "map")
            # §9.2.1: the leaders aboard die together; their titles pass as for any death (§3.6)
            politics.kill_leaders(st, out, drowned, _("lost at sea with the fleet"), section="§9.2.1")
    # 9.2.2 Roman units and leaders
    stranded: dict[str, list[str]] = {}  # zone outside the Empire -> leaders of the Roman player
    outside: dict[str, list[str]] = {}  # zone outside the Empire -> zones its units went to
    homeless: set[str] = set()  # units just eliminated for want of a zone (said once, AMB-76)
    for uid in sorted(st.units):
        us = st.units[uid]
        d = st.udef(uid)
        if d.people != ROMAN:
            continue
        if d.kind == "vexillation":
            _adjust_vex(st, out, uid)
            continue
        if us.mutiny:
            continue  # §6.3, AMB-43: mutineers are not adjusted
        if us.status == "map" and us.loc is not None and us.owner == "R":
            if not st.in_empire(us.loc):
                src = us.loc
                stranded.setdefault(src, [x for x in st.leaders_in(src, "R") if st.ldef(x).people == ROMAN])
                us.reduced = True
                options, _reduced = home_options(st, uid)
                dest = place(st, "R", [uid], options, "§9.2.2")
                if dest is None:  # AMB-76: nowhere free to go; rebuilt once a zone is free
                    us.status, us.loc = "eliminated", None
                    homeless.add(uid)
                    out.say(_("§9.2.2: {unit} finds no zone free of the enemy to go back to and is eliminated.",
                              unit=name(st, uid)))
                else:
                    outside.setdefault(src, []).append(uid)
                continue
            garrison = d.kind == "garrison" or d.front == INTERIOR
            own = st.front_of(us.loc) == (INTERIOR if garrison else d.front)
            if threatened(st, us.loc) or not own:
                _shelter(st, uid)
            elif garrison and d.home and e_occupied(st, d.home):
                _shelter(st, uid)
            else:
                options, _reduced = home_options(st, uid)
                if options:
                    place(st, "R", [uid], options, "§9.2.2", shelter=True)
                else:
                    _shelter(st, uid)
        elif us.status == "map" and us.loc is not None and us.owner == "E":
            _shelter(st, uid)
    # Leaders who were with those units go with one of them (the player picks which).
    for src in sorted(stranded):
        leaders = [x for x in stranded[src] if st.leaders[x].status == "map" and st.leaders[x].loc == src]
        units = outside.get(src, [])
        if not leaders or not units:
            continue
        move_pieces(st, leaders, str(st.units[units[0]].loc))
        undecided = {u for dec in st.pending if dec["kind"] == "place_pieces" for u in dec["data"]["pieces"]}
        if len({st.units[u].loc for u in units}) > 1 or any(u in undecided for u in units):
            # answered after the units' own placements (decisions are answered in order)
            politics.open_decision(
                st, "R", "follow_unit",
                _n("§9.2.2: which unit does {leaders} go with?", "§9.2.2: which unit do {leaders} go with?",
                   len(leaders), leaders=join(", ", [name(st, x) for x in leaders])),
                politics.piece_choices(st, units), units[0], "§9.2.2", {"pieces": leaders},
            )
    alone = sorted(
        x for x, ls in st.leaders.items()
        if ls.status == "map" and ls.loc is not None and ls.owner == "R" and not st.in_empire(ls.loc) and st.ldef(x).people == ROMAN
    )
    politics.kill_leaders(st, out, alone, _("stranded alone outside the Empire"), section="§9.2.2")
    for uid in sorted(st.units):
        us = st.units[uid]
        d = st.udef(uid)
        if d.people != ROMAN or d.kind == "vexillation" or us.status not in ("eliminated", "removed"):
            continue
        if us.owner == "E" and us.usurper and st.leaders[us.usurper].status == "map" and st.leaders[us.usurper].loc:
            zone = st.leaders[us.usurper].loc
            assert zone is not None
            us.status = "map"
            us.loc = zone
            us.reduced = not sheltered(st, zone)[1]
            continue
        us.owner = "R"
        us.usurper = None
        options, red = home_options(st, uid)
        if options:
            us.status = "map"
            us.reduced = red
            place(st, "R", [uid], options, "§9.2.2")
        elif uid not in homeless:  # AMB-76: it stays off the map until a zone open to it is free again
            out.say(_("§9.2.2: {unit} is not rebuilt: the enemy holds every zone open to it.", unit=name(st, uid)))
    # 9.2.3 vexillations need 3 reduced legions each
    for front in ("british", "rhine", "danube", "orient", "southern"):
        vexillation_check(st, out, front)
    # 9.2.4 non-Roman Peoples
    for pid in list(st.at_war):
        pd = st.board.peoples.get(pid)
        if pd is None:
            continue
        units = [u for u in st.units if st.udef(u).people == pid]
        alive = [u for u in units if st.units[u].status in ("map", "removed")]  # AMB-34
        if not alive:
            st.at_war.remove(pid)
            st.locked[pid] = st.year + 6
            pts = 2 if pd.major else 1
            st.add_vp("R", pts)
            out.say(_n("§9.2.4: the {people} are pacified by force; {n} VP to {seat}.",
                       "§9.2.4: the {people} are pacified by force; {n} VP to {seat}.", pts,
                       people=pd.name, seat=st.seat_of("R")))
            if not pd.major:
                for u in units:
                    st.units[u].status, st.units[u].loc, st.units[u].back_year = "locked", None, st.year + 6
            redeploy_home(st, out, pid, "§9.2.4")
            continue
        restore_people(st, out, pid)
    for pid in sorted(st.board.peoples):  # §4.1 with §9.2.4 (AMB-77): a Major People at peace
        if st.board.peoples[pid].major and pid not in st.at_war and pid != "armenia":
            restore_people(st, out, pid)
    for u, us in st.units.items():
        if st.udef(u).people == "armenia" and us.status in ("eliminated", "removed"):
            us.status, us.loc, us.reduced = "map", people_home(st, "armenia")[0], False
            us.owner = "R" if st.armenia == "roman" else "E"
    politics.normalize(st, out)


def restore_people(st: ImperatorState, out: Outcome, pid: str) -> None:
    """§9.2.4: the units of a People still at war, or of a Major People at peace (which stands
    permanently in its home zones, §4.1; AMB-77), recover their full side in a home zone or a
    zone with a city, and those it lost during the turn (battle, plague, event 13) come back in
    its home zones on their full side, the Enemies of Rome picking the zone of each. Mutinous
    units are left alone (§6.3)."""
    for u in sorted(st.units):
        us = st.units[u]
        if st.udef(u).people != pid or us.mutiny:
            continue
        if us.status == "map" and us.loc and us.reduced:
            if us.loc in people_home(st, pid) or st.board.zones[us.loc].city:
                us.reduced = False
        elif us.status in ("eliminated", "removed"):
            us.status, us.reduced = "map", False
            place(st, "E", [u], people_home(st, pid), "§9.2.4")


def people_home(st: ImperatorState, pid: str) -> list[str]:
    """A People's home zones (§4.1), in map order. §4.1 gives every People one or more, and the
    data validator refuses a People without; a board that has one anyway is refused here, by
    every path that places the People's pieces at home (war, §9.2.4, §6.1), rather than leaving
    them nowhere (AMB-95)."""
    home = sorted(z for z, zd in st.board.zones.items() if pid in zd.peoples)
    if not home:
        raise NotYetSupported("§4.1", _("the {people} have no home zone on this map; every People needs at least one",
                                        people=st.board.peoples[pid].name if pid in st.board.peoples else pid))
    return home


def redeploy_home(st: ImperatorState, out: Outcome, pid: str, section: str) -> None:
    """§6.1, §9.2.4: a pacified Major People's units (normal side) and leaders (Pax Romana side)
    go back to its home zones, generic leaders killed this year included (every leader of the
    People, §9.2.4); with several home zones the Enemies of Rome, who control them, pick the zone
    of each piece."""
    from rules.imperator import stratagems

    pd = st.board.peoples[pid]
    home = people_home(st, pid) if pd.major else []
    for uid, us in sorted(st.units.items()):
        if st.udef(uid).people != pid:
            continue
        stratagems.leave_mutiny(st, out, uid)  # §6.3: a Mutinerie marker left with no unit goes back
        if pd.major:
            us.status, us.reduced, us.fleet = "map", False, None
            place(st, "E", [uid], home, section)
    for lid, ls in sorted(st.leaders.items()):
        if st.ldef(lid).people == pid:
            ls.pax = True
            if ls.status == "returning" and pd.major:
                ls.status = "map"  # a generic leader killed this year comes back with his People
            if ls.status == "map" and home:
                place(st, "E", [lid], home, section)


def vexillation_check(st: ImperatorState, out: Outcome, front: str) -> None:
    """§9.2.3: each vexillation of ``front`` still on the map needs 3 reduced legions of its Front.
    With too few legions of the Roman player left in that Front (a usurpation took some), he
    withdraws vexillations until they suffice, picking which when they differ (a
    ``withdraw_vex`` decision, a reduced one by default); then he reduces legions
    (:func:`reduce_legions`)."""
    vex = sorted(u for u, s in st.units.items()
                 if st.udef(u).kind == "vexillation" and st.udef(u).front == front and s.status == "map")
    if not vex:
        return
    legions = [u for u, s in st.units.items()
               if st.udef(u).kind == "legion" and st.udef(u).front == front and s.status == "map" and s.owner == "R"]
    excess = len(vex) - len(legions) // 3
    if excess > 0:
        kinds = {(st.units[v].loc, st.units[v].reduced) for v in vex}
        if excess < len(vex) and len(kinds) > 1:
            weakest = sorted(vex, key=lambda v: (not st.units[v].reduced, v))[0]
            politics.open_decision(
                st, "R", "withdraw_vex",
                _n("§9.2.3: too few legions in the {front}: {n} vexillation must be withdrawn; choose it.",
                   "§9.2.3: too few legions in the {front}: {n} vexillations must be withdrawn; choose one.",
                   excess, front=name(st, front)),
                politics.piece_choices(st, vex), weakest, "§9.2.3", {"front": front},
            )
            return
        for gone in vex[len(vex) - excess:]:
            withdraw_vexillation(st, out, gone)
        vex = vex[: len(vex) - excess]
    need = 3 * len(vex) - sum(1 for u in legions if st.units[u].reduced)
    reduce_legions(st, front, need)


def withdraw_vexillation(st: ImperatorState, out: Outcome, uid: str) -> None:
    """§9.2.3 note: the vexillation leaves the map (it may be raised again later, §3.4)."""
    st.units[uid].status = "pool"
    st.units[uid].loc = None
    out.say(_("§9.2.3: {unit} is withdrawn (too few legions).", unit=name(st, uid)))


def reduce_legions(st: ImperatorState, front: str, need: int) -> None:
    """§9.2.3: ``need`` more legions of ``front`` turn to their reduced side; the Roman player
    picks which (a ``reduce_legion`` decision per legion when the choice matters)."""
    cands = sorted(
        u for u, s in st.units.items()
        if st.udef(u).kind == "legion" and st.udef(u).front == front and s.status == "map" and s.owner == "R" and not s.reduced
    )
    if need <= 0 or not cands:
        return
    if need >= len(cands):
        for u in cands:
            st.units[u].reduced = True
        return
    politics.open_decision(
        st, "R", "reduce_legion",
        _n("§9.2.3: {n} legion of the {front} must turn to its reduced side; choose it.",
           "§9.2.3: {n} legions of the {front} must turn to their reduced side; choose one.",
           need, front=name(st, front)),
        politics.piece_choices(st, cands), cands[0], "§9.2.3", {"front": front, "need": need},
    )


def _adjust_vex(st: ImperatorState, out: Outcome, uid: str) -> None:
    us = st.units[uid]
    if us.status in ("eliminated", "removed"):
        us.status = "pool"
        us.reduced = False
        us.owner = "R"
        return
    if us.status != "map" or us.loc is None:
        return
    if st.in_empire(us.loc):
        if not sheltered(st, us.loc)[1]:
            if us.reduced:
                out.say(_("§9.2.2: {unit}, already reduced in a zone with no camp or city, is dissolved.",
                          unit=name(st, uid)))
                us.status, us.loc = "pool", None
                us.reduced = False
            else:
                us.reduced = True
        return
    # outside the Empire: the nearest camp, the player's pick on a tie; its leaders follow it
    dist = distances(st, us.loc)
    camps = [z for z in dist if st.has_camp(z) and st.in_empire(z)]
    if camps:
        best = min(dist[z] for z in camps)
        place(st, us.owner, [uid, *st.leaders_in(us.loc, us.owner)], sorted(z for z in camps if dist[z] == best), "§9.2.2")


def _shelter(st: ImperatorState, uid: str) -> None:
    us = st.units[uid]
    if us.loc is None:
        return
    protects, restores = sheltered(st, us.loc)
    if us.reduced and restores:
        us.reduced = False
    elif not us.reduced and not protects:
        us.reduced = True
